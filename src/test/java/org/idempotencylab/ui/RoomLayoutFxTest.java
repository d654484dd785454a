package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.kit.LabController;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Watch it happen" on a classroom's screen: the lab window at 1280 × 720 and 1024 × 768 less a window manager's
 * title bar (scenes of 1280 × 700 and 1024 × 748), in normal and presentation mode, with the lost-reply preset's two
 * lanes playing and its note open or closed. In each, what a teacher uses is inside the live view: every toolbar
 * control (none in an overflow menu), the code panel's lit line inside the window and inside the panel's
 * viewport, code lines whole (none wrapped or cut short), and the queue at its least width or more.
 */
@ExtendWith(ApplicationExtension.class)
class RoomLayoutFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LiveViewModel live;
    private ScenarioKit kit;
    private LabController lab;
    private Stage stage;

    /** A window's scene on a 1280 × 720 and a 1024 × 768 screen with a window manager's title bar. */
    private static final int[][] ROOMS = {{1280, 700}, {1024, 748}};
    /** The queue's least width: ten stations with their titles (QueueCanvas). */
    private static final double QUEUE_LEAST = 640;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        CompareViewModel compare = new CompareViewModel(Scenario.article(), pool, 1);
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        SweepViewModel sweep = new SweepViewModel(SweepViewModel.classroomBase(), pool, 1);
        kit = App.kit(compare, live, sweep, LabPrefs.memory());
        ViewLoader.View frame = App.frame(new ControllerFactory()
                .with(CompareViewModel.class, compare)
                .with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, new KeyStoreViewModel())
                .with(SweepViewModel.class, sweep)
                .with(FileChooserService.class, (o, t, n) -> Optional.empty())
                .with(ScenarioKit.class, kit));
        lab = (LabController) frame.controller();
        lab.buildAllTabs();
        stage.setScene(App.scene(frame.root()));
        stage.setWidth(1280);
        stage.setHeight(700);
        stage.show();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> live.playingProperty().set(false));
        pool.shutdownNow();
    }

    /** One room: a window size, normal or presentation mode, the preset's note open or closed. */
    private record Room(int width, int height, boolean presentation, boolean note) {
        @Override
        public String toString() {
            return width + " × " + height + (presentation ? ", presentation" : ", normal")
                    + (note ? ", note open" : ", note closed");
        }
    }

    /** Every room, those with the note open first (the preset is loaded once, then its note closed). */
    private static List<Room> rooms() {
        List<Room> all = new ArrayList<>();
        for (boolean note : new boolean[] {true, false}) {
            for (int[] size : ROOMS) {
                for (boolean presentation : new boolean[] {true, false}) {
                    all.add(new Room(size[0], size[1], presentation, note));
                }
            }
        }
        return all;
    }

    /**
     * The lost-reply preset's two lanes on the live view as {@code room} has it; the first time, the preset is loaded
     * and stepped (as the Step button does) until a line of the code is lit.
     */
    private void show(FxRobot robot, Room room) {
        robot.interact(() -> {
            if (room.note() && !kit.noteVisibleProperty().get()) {
                kit.applyPreset("lost-reply.json");
            } else if (!room.note()) {
                kit.closeNote();
            }
            lab.selectTab("liveTab");
            kit.presentationProperty().set(room.presentation());
            stage.setWidth(room.width());
            stage.setHeight(room.height());
        });
        for (int i = 0; i < 200 && robot.lookup(".code-line-lit").tryQuery().isEmpty(); i++) {
            FxSteps.press(robot, "#stepButton");
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * In every room, once set up (a room takes seconds to lay out on a loaded machine): the toolbar, the lit line, the
     * code's lines and the queue's width. Then presentation mode at 1280 × 720 with the note keeps the code beside
     * the queue, not under it.
     */
    @Test
    void inEveryRoomTheToolbarTheLitLineAndTheCodeFitTheLiveView(FxRobot robot) {
        for (Room room : rooms()) {
            show(robot, room);
            everyToolbarControlIsInTheViewNoneInAnOverflowMenu(robot, room.toString());
            theLitCodeLineIsInTheWindowAndInThePanelsView(robot, room.toString());
            codeLinesNeverWrapAndTheQueueKeepsItsWidthBesideTheCode(robot, room.toString());
        }
        robot.interact(() -> kit.applyPreset("lost-reply.json"));
        show(robot, new Room(1280, 700, true, true));
        Node queue = robot.lookup("#queue").query();
        Node code = robot.lookup("#codePanel").query();
        Bounds q = queue.localToScene(queue.getLayoutBounds());
        Bounds c = code.localToScene(code.getLayoutBounds());
        assertTrue(c.getMinX() >= q.getMaxX() - 0.5 && c.getMinY() < q.getMaxY(),
                "the code " + c + " beside the queue " + q);
    }

    private void everyToolbarControlIsInTheViewNoneInAnOverflowMenu(FxRobot robot, String at) {
        List<String> controls = new ArrayList<>(List.of("#strategyBox", "#playButton", "#stepButton",
                "#resetButton", "#speedSlider", "#speedLabel", "#clockLabel"));
        if (!showing(robot.lookup("#parameterScroll").query())) {
            controls.add("#parametersToggle"); // the parameters stepped aside: their button is there
        }
        waitUntil(() -> controls.stream().allMatch(q -> whole(robot, q)));
        for (String q : controls) {
            Node n = robot.lookup(q).tryQuery().orElse(null); // none: in an overflow menu
            assertTrue(whole(robot, q), q + " at " + at + ": " + bounds(n) + " in the view "
                    + bounds(liveView(robot)) + (n == null ? "" : ", at least " + n.minWidth(-1) + " wide"));
        }
    }

    private void theLitCodeLineIsInTheWindowAndInThePanelsView(FxRobot robot, String at) {
        waitUntil(() -> litInView(robot));
        Label lit = robot.lookup(".code-line-lit").queryAs(Label.class);
        assertTrue(litInView(robot), "the lit line at " + at + ": " + bounds(lit) + ", the code's view "
                + bounds(robot.lookup(".code-scroll").query().lookup(".viewport")) + ", the live view "
                + bounds(liveView(robot)));
    }

    private void codeLinesNeverWrapAndTheQueueKeepsItsWidthBesideTheCode(FxRobot robot, String at) {
        Node queue = robot.lookup("#queue").query();
        Node code = robot.lookup("#codePanel").query();
        waitUntil(() -> inside(queue, liveView(robot)) && inside(code, liveView(robot)));
        assertTrue(queue.getLayoutBounds().getWidth() >= QUEUE_LEAST - 0.5,
                "the queue at " + at + " keeps room for ten stations: " + bounds(queue));
        assertTrue(inside(queue, liveView(robot)), "the queue at " + at + ": " + bounds(queue));
        assertTrue(!overlap(queue, code), "the queue " + bounds(queue) + " and the code " + bounds(code)
                + " at " + at);
        List<Label> lines = robot.lookup(".code-line").queryAllAs(Label.class).stream().toList();
        assertTrue(lines.size() > 5, "the program's lines: " + lines.size());
        double oneLine = lines.get(0).getHeight();
        for (Label line : lines) {
            assertTrue(line.getHeight() <= oneLine + 0.5 && line.getWidth() >= line.prefWidth(-1) - 0.5,
                    "at " + at + " the line '" + line.getText().strip() + "' is " + line.getWidth() + " × "
                            + line.getHeight() + " px, its text " + line.prefWidth(-1) + " wide on one "
                            + oneLine + " px line");
        }
    }

    /** @return the live view's root: what the window gives "Watch it happen" beside the note */
    private static Node liveView(FxRobot robot) {
        return robot.lookup(".live-view").query();
    }

    /** A control a person sees whole: shown, inside the live view, at least as wide as it needs. */
    private static boolean whole(FxRobot robot, String query) {
        Node n = robot.lookup(query).tryQuery().orElse(null);
        return n != null && showing(n) && inside(n, liveView(robot))
                && n.getLayoutBounds().getWidth() >= n.minWidth(-1) - 0.5;
    }

    /** The lit line's start and its whole height inside the code's viewport, the viewport inside the live view. */
    private static boolean litInView(FxRobot robot) {
        Optional<Node> found = robot.lookup(".code-line-lit").tryQuery();
        if (found.isEmpty() || !showing(found.get())) {
            return false;
        }
        Node lit = found.get();
        ScrollPane scroll = (ScrollPane) robot.lookup(".code-scroll").query();
        Node viewport = scroll.lookup(".viewport");
        assertNotNull(viewport);
        Bounds l = lit.localToScene(lit.getLayoutBounds());
        Bounds v = viewport.localToScene(viewport.getLayoutBounds());
        double seen = Math.min(l.getMaxX(), v.getMaxX()) - Math.max(l.getMinX(), v.getMinX());
        return inside(viewport, liveView(robot)) && l.getMinY() >= v.getMinY() - 0.5 && l.getMaxY() <= v.getMaxY() + 0.5
                && l.getMinX() >= v.getMinX() - 0.5 && seen >= Math.min(l.getWidth(), 120);
    }

    /** @return true if {@code node} is in a scene and it and every parent are visible */
    private static boolean showing(Node node) {
        if (node.getScene() == null) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** @return true if {@code node} has a size and lies inside {@code area} and inside the window */
    private static boolean inside(Node node, Node area) {
        if (node.getScene() == null) {
            return false;
        }
        Bounds b = node.localToScene(node.getLayoutBounds());
        Bounds a = area.localToScene(area.getLayoutBounds());
        Scene scene = node.getScene();
        return b.getWidth() > 0 && b.getHeight() > 0 && b.getMinX() >= a.getMinX() - 0.5
                && b.getMinY() >= a.getMinY() - 0.5 && b.getMaxX() <= a.getMaxX() + 0.5
                && b.getMaxY() <= a.getMaxY() + 0.5 && b.getMaxX() <= scene.getWidth() + 0.5
                && b.getMaxY() <= scene.getHeight() + 0.5;
    }

    private static boolean overlap(Node a, Node b) {
        return a.localToScene(a.getLayoutBounds()).intersects(b.localToScene(b.getLayoutBounds()));
    }

    private static String bounds(Node n) {
        if (n == null || n.getScene() == null) {
            return "(not shown)";
        }
        Bounds b = n.localToScene(n.getLayoutBounds());
        return String.format("[%.0f, %.0f; %.0f × %.0f]", b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight());
    }

    /** Waits up to 10 s for the layout to reach {@code condition} (a resize takes a pass or two), then settles. */
    private static void waitUntil(Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition).get());
        } catch (TimeoutException e) {
            // the assertion that follows says what is wrong
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
