package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The first duplicate as a class sees it in every supported room: the lab window at 1440 × 900, 1280 × 720 and
 * 1024 × 768, each in normal and in presentation mode, the opening scene played with one lane and with its fix (the
 * same key) in lane B, and each lesson frame that pauses at a step done again. At each pause, in each room: the
 * duplicate's envelope (or, for a step other than the email, its job's token) is drawn inside the window and not
 * covered; the record involved is drawn whole inside the window, or, where the run keeps none, the stage draws none
 * and the code says so; the lit line is in the window and it and the caption tell the same job.
 *
 * <p>The lessons own their lanes (a lesson plays one lane whatever was open: LessonFxTest), so each lesson frame is
 * opened right after the opening scene's two lanes and played in one. A step other than the email has no envelope:
 * its job's token, outlined while the run stands at its duplicate, is what must be in sight.
 *
 * <p>The 16 px of every text on the stage at 1024 × 768 in presentation mode, the keys' included, is checked for
 * the opening scene and lesson 3's duplicate in {@link PresentationRoomFxTest}.
 */
@ExtendWith(ApplicationExtension.class)
class FirstDuplicateRoomsFxTest {
    /** The supported rooms' window sizes, the larger first (growing a window back fails a frame: FxSteps.stderrOf). */
    private static final int[][] SIZES = {{1440, 900}, {1280, 720}, {1024, 768}};
    /**
     * Every lesson frame whose moment is a duplicate side effect ({@code "until": {"event":
     * "duplicate-side-effect"}} in assets/lessons): the lost reply with no key and with a new key per call, the whole
     * job's retry, the crash that wiped the in-memory store, the lock released.
     */
    private static final List<String> LESSON_FRAMES = List.of("lost-reply:2", "lost-reply:3", "whole-job-retry:2",
            "crash-and-claim-table:2", "lock-is-not-a-record:2");

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LabWindow window;
    private LiveViewModel live;
    /** The code panel, held: where it steps aside it is in no scene, and no lookup finds it. */
    private CodePanel code;

    @Start
    void start(Stage stage) throws Exception {
        window = LiveFx.labAtTheCorner(stage, pool);
        live = window.services().service(LiveViewModel.class);
    }

    @AfterEach
    void stop() {
        LiveFx.onFx(() -> live.playingProperty().set(false));
        pool.shutdownNow();
    }

    @Test
    void atEachFirstDuplicateEveryRoomShowsItsEnvelopeItsRecordAndOneJobInTheCodeAndTheCaption(FxRobot robot) {
        List<String> defects = new ArrayList<>();
        String printed = FxSteps.stderrOf(() -> {
            for (int[] size : SIZES) {
                window.room(robot, size[0], size[1], false);
                for (int lanes = 1; lanes <= 2; lanes++) {
                    openingScene(robot, lanes == 2);
                    bothModes(robot, size, "opening scene, " + lanes + (lanes == 1 ? " lane" : " lanes"), defects);
                }
                for (String frame : LESSON_FRAMES) {
                    lessonFrame(robot, frame);
                    bothModes(robot, size, "lesson " + frame, defects);
                }
            }
        });
        assertEquals("", printed, "the toolkit painted every frame (it prints a frame it failed)");
        assertEquals(List.of(), defects);
    }

    private void bothModes(FxRobot robot, int[] size, String what, List<String> defects) {
        for (boolean presentation : new boolean[] {false, true}) {
            window.room(robot, size[0], size[1], presentation);
            LiveFx.waitForPulses(robot, 4); // the layout a mode change brings, drawn
            String room = size[0] + " × " + size[1] + (presentation ? " presentation" : " normal") + ", " + what
                    + ": ";
            LiveFx.onFx(() -> check(room, defects));
        }
    }

    /** Opens the opening scene's preset, lane B off or playing its fix, and plays it fast to its pause. */
    private void openingScene(FxRobot robot, boolean twoLanes) {
        LiveFx.onFx(() -> {
            window.kit().applyPreset("opening-no-key.json");
            window.lab().selectTab("liveTab");
        });
        if (twoLanes) {
            @SuppressWarnings("unchecked")
            ComboBox<Strategy> second = FxSteps.onFx(() -> robot.lookup("#secondStrategyBox")
                    .queryAs(ComboBox.class)); // on the FX thread: the scene graph is changing while it plays
            LiveFx.onFx(() -> second.setValue(Strategy.EACH_STEP_SAME_KEY)); // the opening scene's fix
            FxSteps.press(robot, "#besideBox");
            LiveFx.waitUntil(() -> live.lanes().activeProperty().get());
        }
        LiveFx.onFx(() -> live.speedProperty().set(1000));
        FxSteps.press(robot, "#playButton");
        LiveFx.waitUntil(() -> !live.playingProperty().get() && live.spotlit() != null);
    }

    /** Opens a lesson at a frame ({@code -Dlab.lesson=name:N}) and plays it fast to its moment. */
    private void lessonFrame(FxRobot robot, String frame) {
        LiveFx.playLessonFrame(robot, window, frame);
    }

    /** The checks of one room at the pause, on the FX thread. */
    private void check(String room, List<String> defects) {
        SimulationEvent e = live.spotlit();
        if (e == null || e.kind() != SimulationEvent.Kind.DUPLICATE_SIDE_EFFECT) {
            defects.add(room + "not paused at a duplicate: " + e);
            return;
        }
        QueueCanvas queue = (QueueCanvas) window.root().lookup("#queue");
        if (code == null) { // the first room has it beside the queue
            code = (CodePanel) window.root().lookup("#codePanel");
        }
        List<Box> boxes = queue.drawn();
        Seen seen = new Seen(queue, queue.snapshot(null, null), queue.getScene().snapshot(null));
        Strategy s = live.simulation().strategy();
        String user = EventText.user(e.user(), e.repeat());
        // the duplicate: its envelope at the provider (the email), else its job's token
        Box shown = null;
        if (e.step() == SignupSteps.EMAIL) {
            String label = "u" + e.user() + " ";
            for (Box b : boxes) {
                if (b.kind() == Kind.TEXT && b.role().equals("envelope") && b.text().startsWith(label)
                        && b.text().length() > label.length()) {
                    shown = b.within();
                }
            }
        } else {
            JobToken t = live.spotlightJob();
            double[] at = t == null ? null : queue.drawnAt(t);
            if (at != null) {
                for (Box b : boxes) {
                    if (b.kind() == Kind.TOKEN && Math.abs(b.x() + b.w() / 2 - at[0]) < 0.5
                            && Math.abs(b.y() + b.h() / 2 - at[1]) < 0.5) {
                        shown = b;
                    }
                }
            }
        }
        if (shown == null) {
            defects.add(room + "the duplicate is not drawn");
        } else if (!seen.shows(shown)) {
            defects.add(room + "the duplicate is outside the window or covered: " + shown);
        }
        // the record involved: a key drawn at the duplicated step's station, or at the provider for the email when
        // the run sends it a key (StageKeys.Bands); where the run keeps no record there (no store, no key) the stage
        // must draw none, and the code's part for that guard says so
        boolean email = e.step() == SignupSteps.EMAIL;
        boolean atProvider = email && s.keyMode() != KeyMode.NONE;
        // a lock covers the whole job: it is drawn at the station the job is at (StageKeys.moveLock), any station
        boolean lock = s.store() == StoreKind.LOCK;
        Box area = atProvider ? boxes.stream().filter(b -> b.role().equals("provider")).findFirst().orElse(null)
                : boxes.stream().filter(b -> b.role().equals("station")).skip(e.step()).findFirst().orElse(null);
        List<Box> keys = new ArrayList<>();
        for (Box b : boxes) {
            if (b.role().equals("key") && b.within() != null
                    && (b.within().within() == area || lock && b.within().within().role().equals("station"))
                    && (b.text().equals("user_" + e.user()) || b.text().equals("u" + e.user()))) {
                keys.add(b);
            }
        }
        if (!atProvider && s.store() == StoreKind.NONE) {
            // no record: article 1's provider without a key remembers nothing (StageKeys.email draws no chip for
            // it) and a step without a store records nothing, so no key of this user may stand there; what says
            // "no key"/"no store" is the code's own part for that guard, its header above the lit line
            if (!keys.isEmpty()) {
                defects.add(room + "a record drawn where the run keeps none: " + keys);
            }
            String none = email ? "sendWelcomeEmail(user):  no key" : "runStep(step):  no store";
            if (code.shownLines().stream().noneMatch(l -> l.strip().equals(none))) {
                defects.add(room + "the code does not say \"" + none + "\"");
            }
        } else if (keys.isEmpty()) {
            defects.add(room + "no key of " + user + " drawn at " + area);
        }
        for (Box k : keys) {
            Box chip = k.within();
            if (!k.inside(chip) || !chip.inside(chip.within()) || !seen.shows(k) || !seen.shows(chip)) {
                defects.add(room + "the key is cut, outside the window or covered: " + k + " in " + chip);
            }
        }
        // the lit line in the window, inside the code's view, and it and the caption tell the spotlit job
        String caption = ((Label) window.root().lookup("#captionLabel")).getText();
        if (!(caption.startsWith(user + ":") || caption.startsWith(user + " got ANOTHER"))) {
            defects.add(room + "the caption tells another job than " + user + ": " + caption);
        }
        if (code.getScene() == null || !LiveFx.showing(code)) {
            defects.add(room + "the code panel is not shown");
            return;
        }
        Label lit = code.litLabel();
        Node view = code.lookup(".code-scroll");
        if (lit == null || !LiveFx.showing(lit) || !onScreen(lit) || !within(lit, view)) {
            defects.add(room + "the lit line is not in sight: " + (lit == null ? null : lit.getText()));
        }
        String forWhom = ((Label) code.lookup(".code-for")).getText();
        if (!forWhom.startsWith("Lit for " + user + " (")) {
            defects.add(room + "the lit line is for another job than the caption's " + user + ": " + forWhom);
        }
    }

    /**
     * The queue canvas as it drew itself and the window as a person sees it, in one moment.
     *
     * @param drawn the canvas's own pixels
     * @param window the window's pixels
     */
    private record Seen(QueueCanvas queue, WritableImage drawn, WritableImage window) {
        /**
         * @return true if {@code b} (px in the canvas) lies inside the window and the window shows it as the canvas
         *         drew it: nothing lies over it, no pane cuts it off (at most 2% of its pixels differ)
         */
        boolean shows(Box b) {
            Point2D a = queue.localToScene(b.x(), b.y());
            Point2D z = queue.localToScene(b.x() + b.w(), b.y() + b.h());
            if (a.getX() < -0.5 || a.getY() < -0.5 || z.getX() > window.getWidth() + 0.5
                    || z.getY() > window.getHeight() + 0.5) {
                return false;
            }
            PixelReader d = drawn.getPixelReader();
            PixelReader v = window.getPixelReader();
            int differ = 0;
            int all = 0;
            for (int y = (int) Math.ceil(b.y()); y < (int) (b.y() + b.h()); y++) {
                for (int x = (int) Math.ceil(b.x()); x < (int) (b.x() + b.w()); x++) {
                    Point2D p = queue.localToScene(x, y);
                    int sx = (int) Math.round(p.getX());
                    int sy = (int) Math.round(p.getY());
                    all++;
                    if (sx >= window.getWidth() || sy >= window.getHeight()
                            || !d.getColor(x, y).equals(v.getColor(sx, sy))) {
                        differ++;
                    }
                }
            }
            return all > 0 && differ <= all / 50;
        }
    }

    /** @return true if {@code node} lies inside {@code view}'s bounds, as the scene places them */
    private static boolean within(Node node, Node view) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        Bounds v = view.localToScene(view.getLayoutBounds());
        return b.getMinY() >= v.getMinY() - 0.5 && b.getMaxY() <= v.getMaxY() + 0.5;
    }

    /** @return true if {@code node} lies inside its window */
    private static boolean onScreen(Node node) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        Scene s = node.getScene();
        return s != null && b.getMinX() >= -0.5 && b.getMinY() >= -0.5 && b.getMaxX() <= s.getWidth() + 0.5
                && b.getMaxY() <= s.getHeight() + 0.5;
    }
}
