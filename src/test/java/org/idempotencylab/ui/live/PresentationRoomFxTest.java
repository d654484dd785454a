package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
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
 * Presentation mode on a classroom's projector, the whole lab window as a class sees it with the panel a teacher
 * reads from open: the opening scene's note, and lesson 3 (the crash that wiped the in-memory store, then the claim
 * table) paused at its first duplicate. At 1024 × 768 (a scene of 1024 × 748 under a window manager's title bar)
 * every text the stage draws is at least 16 px and inside the canvas, its tokens are presentation mode's (their
 * numbers in 16 px type), and the panel's text and its button on are in the window; at 1280 × 720 no role of text
 * on the stage is smaller than in normal mode in the same window and moment.
 */
@ExtendWith(ApplicationExtension.class)
class PresentationRoomFxTest {
    /** Lesson 3's frame that plays to the first duplicate (assets/lessons: "until" a duplicate side effect). */
    private static final String LESSON_3_DUPLICATE = "crash-and-claim-table:2";

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LabWindow window;
    private LiveViewModel live;

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
    void at1024PresentationEveryStageTextIs16PxInsideTheCanvasBesideTheReadablePanel(FxRobot robot) {
        List<String> defects = new ArrayList<>();
        String printed = FxSteps.stderrOf(() -> {
            openingScene(robot);
            window.room(robot, 1024, 748, true);
            LiveFx.waitForPulses(robot, 4); // the layout the mode brings, drawn
            LiveFx.onFx(() -> {
                stageText("1024 × 768 presentation, opening scene: ", defects);
                inSight("1024 × 768 presentation, opening scene: ", defects, "#noteTitle", "#noteText", "#noteWatch",
                        "#openingFixButton", "#openingLabButton");
            });
            lessonAtItsDuplicate(robot);
            LiveFx.waitForPulses(robot, 4);
            LiveFx.onFx(() -> {
                stageText("1024 × 768 presentation, lesson 3: ", defects);
                inSight("1024 × 768 presentation, lesson 3: ", defects, "#lessonTitle", "#lessonReveal",
                        "#lessonNext", "#lessonBack");
            });
        });
        assertEquals("", printed, "the toolkit painted every frame (it prints a frame it failed)");
        assertEquals(List.of(), defects);
    }

    @Test
    void at1280PresentationNoStageTextIsSmallerThanInNormalMode(FxRobot robot) {
        List<String> defects = new ArrayList<>();
        String printed = FxSteps.stderrOf(() -> {
            openingScene(robot);
            compareModes(robot, "1280 × 720, opening scene: ", defects);
            lessonAtItsDuplicate(robot);
            compareModes(robot, "1280 × 720, lesson 3: ", defects);
        });
        assertEquals("", printed, "the toolkit painted every frame (it prints a frame it failed)");
        assertEquals(List.of(), defects);
    }

    /** The opening scene (its note and its way on beside the stage), played fast to its pause at the duplicate. */
    private void openingScene(FxRobot robot) {
        LiveFx.onFx(() -> {
            window.wiring().opening().start(); // it plays by itself, as on a first start
            window.lab().selectTab("liveTab");
            live.speedProperty().set(1000);
        });
        LiveFx.waitUntil(() -> !live.playingProperty().get() && live.spotlit() != null);
    }

    /** Lesson 3 at the frame that plays to its first duplicate, played fast to it: the answer shown. */
    private void lessonAtItsDuplicate(FxRobot robot) {
        LiveFx.playLessonFrame(robot, window, LESSON_3_DUPLICATE);
    }

    /** The window at 1280 × 720 (scene 1280 × 700) in normal then presentation mode: each role's least size. */
    private void compareModes(FxRobot robot, String at, List<String> defects) {
        List<Map<String, Double>> sizes = new ArrayList<>();
        for (boolean presentation : new boolean[] {false, true}) {
            window.room(robot, 1280, 700, presentation);
            LiveFx.waitForPulses(robot, 4);
            LiveFx.onFx(() -> sizes.add(leastPerRole(queue().drawn())));
        }
        Map<String, Double> normal = sizes.get(0);
        Map<String, Double> large = sizes.get(1);
        for (Map.Entry<String, Double> e : normal.entrySet()) {
            Double p = large.get(e.getKey());
            if (p != null && p < e.getValue() - 1e-9) {
                defects.add(at + e.getKey() + " " + p + " px in presentation mode against " + e.getValue()
                        + " px in normal mode");
            }
        }
    }

    /** Every text on the stage 16 px or more and inside the canvas; tokens of presentation mode's size. */
    private void stageText(String at, List<String> defects) {
        QueueCanvas q = queue();
        for (Box b : q.drawn()) {
            if (b.kind() == Kind.TEXT && b.fontSize() < QueueLayout.PRESENTATION_LEAST - 1e-9) {
                defects.add(at + "under 16 px: " + b);
            }
            if (b.kind() == Kind.TEXT && (b.x() < -0.5 || b.y() < -0.5 || b.x() + b.w() > q.getWidth() + 0.5
                    || b.y() + b.h() > q.getHeight() + 0.5)) {
                defects.add(at + "outside the canvas " + q.getWidth() + " × " + q.getHeight() + ": " + b);
            }
            // a token's number is drawn in PRESENTATION_LEAST type on a token of radius PRESENTATION_R
            if (b.kind() == Kind.TOKEN && Math.abs(b.w() - (2 * QueueLayout.PRESENTATION_R + 4)) > 1e-9) {
                defects.add(at + "a token smaller than presentation mode's: " + b);
            }
        }
        if (q.drawn().stream().noneMatch(b -> b.kind() == Kind.TEXT)) {
            defects.add(at + "no text drawn");
        }
    }

    /**
     * Each of {@code ids} shown, with its text, inside the window; a text that scrolls, its view inside the window
     * and at least three lines high in the text's type (the rest a scroll away).
     */
    private void inSight(String at, List<String> defects, String... ids) {
        for (String id : ids) {
            Node n = window.root().lookup(id);
            if (n == null || !LiveFx.showing(n) || ((Labeled) n).getText().isEmpty()) {
                defects.add(at + id + " not shown");
                continue;
            }
            Node view = n;
            while (view != null && !(view instanceof ScrollPane)) {
                view = view.getParent();
            }
            Node seen = view == null ? n : view;
            Bounds b = seen.localToScene(seen.getLayoutBounds());
            Scene s = n.getScene();
            double least = view == null ? 1 : 3 * 1.2 * ((Labeled) n).getFont().getSize();
            if (b.getWidth() < 1 || b.getHeight() < least || b.getMinX() < -0.5 || b.getMinY() < -0.5
                    || b.getMaxX() > s.getWidth() + 0.5 || b.getMaxY() > s.getHeight() + 0.5) {
                defects.add(at + id + " not in sight: " + b);
            }
        }
    }

    private QueueCanvas queue() {
        return (QueueCanvas) window.root().lookup("#queue");
    }

    /** @return the least font size drawn per role of text */
    private static Map<String, Double> leastPerRole(List<Box> boxes) {
        Map<String, Double> least = new HashMap<>();
        for (Box b : boxes) {
            if (b.kind() == Kind.TEXT) {
                least.merge(b.role(), b.fontSize(), Math::min);
            }
        }
        return least;
    }
}
