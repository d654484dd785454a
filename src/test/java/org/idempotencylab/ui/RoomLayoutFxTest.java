package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
 * viewport, code lines whole (none wrapped or cut short, none cut through by the panel's edge), the queue at its
 * least width or more, and every word of the view whole (no text cut with "…", none outside the window or the pane
 * that holds it).
 */
@ExtendWith(ApplicationExtension.class)
class RoomLayoutFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LiveViewModel live;
    private KeyStoreViewModel keyStore;
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
        LabWiring wiring = LabWindow.wiring(pool, LabPrefs.memory());
        live = wiring.live();
        keyStore = wiring.services().service(KeyStoreViewModel.class); // following the live run, as App has it
        kit = wiring.kit();
        LabWindow window = LabWindow.frame(stage, wiring).size(1280, 700);
        lab = window.lab();
        lab.buildAllTabs();
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

    /**
     * Every room: the larger window first (growing it back makes Monocle fail a frame: FxSteps.stderrOf), in each
     * size those with the note open first (the preset is loaded once, its note then closed and opened again).
     */
    private static List<Room> rooms() {
        List<Room> all = new ArrayList<>();
        for (int[] size : ROOMS) {
            for (boolean note : new boolean[] {true, false}) {
                for (boolean presentation : new boolean[] {true, false}) {
                    all.add(new Room(size[0], size[1], presentation, note));
                }
            }
        }
        return all;
    }

    /**
     * The lost-reply preset's two lanes on the live view as {@code room} has it; the first time, the preset is loaded,
     * stepped (as the Step button does) until a line of the code is lit, and played well into its run, so the lanes'
     * lines carry hundreds of duplicates and the clock its longest words.
     */
    private void show(FxRobot robot, Room room) {
        boolean loaded = room.note() && !played;
        robot.interact(() -> {
            if (loaded) {
                kit.applyPreset("lost-reply.json");
            } else if (room.note()) {
                kit.noteVisibleProperty().set(true); // the preset's note again, over the run as it was
            } else {
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
        if (loaded) {
            playLate(robot);
            played = true;
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The preset has been loaded and played late (by the first room with its note). */
    private boolean played;

    /**
     * Both lanes to 45 virtual minutes (a replay, as the timeline does), then a second and a half of play at 100×,
     * paused: the differing users, the steps done again and the events per second are counted, and the clock reads
     * "47:…" with its words.
     */
    private void playLate(FxRobot robot) {
        robot.interact(() -> {
            live.lanes().seek(45 * 60_000L);
            live.speedProperty().set(100);
            // a long run's words, not its moments: no pause at each duplicate (the second click below must pause)
            live.pauseAtDuplicatesProperty().set(false);
        });
        FxSteps.press(robot, "#playButton");
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS);
        FxSteps.press(robot, "#playButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#differenceLabel").queryAs(Label.class).getText().contains("users differ"),
                "many users differ: " + robot.lookup("#differenceLabel").queryAs(Label.class).getText());
    }

    /**
     * In every room, once set up (a room takes seconds to lay out on a loaded machine): the toolbar, the lit line, the
     * code's lines, the queue's width and every word; in presentation mode at 1280 × 720 with the note the code
     * stays beside the queue, not under it.
     */
    @Test
    void inEveryRoomTheToolbarTheLitLineTheCodeAndEveryWordFitTheLiveView(FxRobot robot) {
        String printed = FxSteps.stderrOf(() -> {
            for (Room room : rooms()) {
                show(robot, room);
                everyToolbarControlIsInTheViewNoneInAnOverflowMenu(robot, room.toString());
                theLitCodeLineIsInTheWindowAndInThePanelsView(robot, room.toString());
                codeLinesNeverWrapAndTheQueueKeepsItsWidthBesideTheCode(robot, room.toString());
                theCodeShowsWholeLinesOnly(robot, room.toString());
                everyWordIsShownWhole(robot, room.toString());
                withTheParametersShownAllStaysInTheWindow(robot, room.toString());
                if (room.width() == ROOMS[0][0] && room.presentation() && room.note()) {
                    Node queue = robot.lookup("#queue").query();
                    Node code = robot.lookup("#codePanel").query();
                    Bounds q = queue.localToScene(queue.getLayoutBounds());
                    Bounds c = code.localToScene(code.getLayoutBounds());
                    assertTrue(c.getMinX() >= q.getMaxX() - 0.5 && c.getMinY() < q.getMaxY(),
                            "the code " + c + " beside the queue " + q);
                }
            }
        });
        assertEquals("", printed, "the toolkit painted every frame of every room (it prints a frame it failed)");
    }

    /**
     * A run whose steps keep their keys in the store (whole job, skip finished steps; 30 workers, 20 virtual seconds
     * in: dozens of keys held), in each size and mode: where the tabs sit below the play area, the key store's heading
     * is under their tab bar, not behind it; one click on Tables lays them over the play area, where the store's
     * table shows at least 10 rows (not 4 of its dozens of keys) and every key, state and heading whole.
     */
    @Test
    void theTablesAreOneClickAwayWithManyRowsAndEveryKeyWhole(FxRobot robot) {
        robot.interact(() -> {
            lab.selectTab("liveTab");
            live.apply(LiveViewModel.classroomDefaults().toBuilder().jobs(2_000).workers(30).arrivalRate(0)
                    .build(), org.idempotencylab.scenario.Strategy.WHOLE_JOB_SKIP_FINISHED);
            for (int frame = 0; frame < 1_000 && live.nowMs() < 20_000; frame++) {
                live.advanceTo(20_000, 0);
            }
        });
        for (int[] size : ROOMS) {
            for (boolean presentation : new boolean[] {true, false}) {
                String at = size[0] + " × " + size[1] + (presentation ? ", presentation" : ", normal");
                robot.interact(() -> {
                    kit.closeNote();
                    kit.presentationProperty().set(presentation);
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                });
                WaitForAsyncUtils.waitForFxEvents();
                Optional<Node> below = robot.from(liveView(robot)).lookup((Node n) -> n instanceof Label l
                        && "Idempotency store".equals(l.getText())).tryQuery();
                if (below.isPresent() && showing(below.get())) { // below the play area, where there is room
                    Node tabBar = robot.lookup(".detail-tabs .tab-header-area").query();
                    assertTrue(box(below.get()).getMinY() >= box(tabBar).getMaxY() - 0.5,
                            at + ": the heading " + bounds(below.get()) + " under the tab bar " + bounds(tabBar));
                    assertTrue(wholeRows(robot) >= 3, at + ": " + wholeRows(robot) + " rows of keys below");
                }
                FxSteps.press(robot, "#tablesToggle");
                waitUntil(() -> robot.lookup(".detail-tabs").tryQuery().map(RoomLayoutFxTest::showing).orElse(false));
                Node heading = robot.from(liveView(robot)).lookup((Node n) -> n instanceof Label l
                        && "Idempotency store".equals(l.getText())).query();
                Node tabBar = robot.lookup(".detail-tabs .tab-header-area").query();
                javafx.scene.control.TableView<?> table = robot.lookup("#storeTable").queryAs(
                        javafx.scene.control.TableView.class);
                long rows = wholeRows(robot);
                assertTrue(table.getItems().size() > 20, at + ": dozens of keys held: " + table.getItems().size());
                assertTrue(rows >= 10, at + ": " + rows + " whole rows of " + table.getItems().size() + " keys");
                assertTrue(box(heading).getMinY() >= box(tabBar).getMaxY() - 0.5, at + ": the heading "
                        + bounds(heading) + " under the tab bar " + bounds(tabBar));
                everyWordIsShownWhole(robot, at + ", tables open");
                FxSteps.press(robot, "#tablesToggle");
                WaitForAsyncUtils.waitForFxEvents();
            }
        }
    }

    /**
     * The crash preset's two lanes at their last crash, minutes in (its captions the longest: a crash wraps them
     * onto two lines), with its note, in each size and mode: the status bar's counters and its failures (crashes,
     * redeliveries) are whole and inside the window, with every other word of the view, and the code shows whole
     * lines.
     */
    @ParameterizedTest
    @ValueSource(strings = {"crash-claim-table.json", "crash-memory-store.json"})
    void aCrashPresetsFailureCountersStayWholeInTheStatusBar(String preset, FxRobot robot) {
        robot.interact(() -> {
            kit.applyPreset(preset);
            lab.selectTab("liveTab");
        });
        // the run's last crash (the preset plays a classroom's 200 sign-ups): its caption ("… its worker process
        // crashed, nothing was recorded") is the longest, two lines at 1024 px in presentation mode, which leaves
        // the code strip the least height, and its clock reads minutes
        long crashAt = FxSteps.onFx(() -> {
            SignupSimulation lane = live.simulation();
            SignupSimulation same = new SignupSimulation(lane.scenario(), lane.strategy(), RunControl.NONE);
            long[] at = {-1};
            same.setListener(e -> {
                if (e.kind() == SimulationEvent.Kind.JOB_INTERRUPTED) {
                    at[0] = e.timeMs();
                }
            });
            same.run();
            return at[0];
        });
        assertTrue(crashAt > 60_000, "a crash minutes into the run: " + crashAt);
        robot.interact(() -> live.lanes().seek(crashAt));
        for (int[] size : ROOMS) {
            for (boolean presentation : new boolean[] {true, false}) {
                String at = size[0] + " × " + size[1] + (presentation ? ", presentation" : ", normal")
                        + ", " + preset;
                robot.interact(() -> {
                    kit.presentationProperty().set(presentation);
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                });
                WaitForAsyncUtils.waitForFxEvents();
                Label failures = robot.lookup("#failuresLabel").queryAs(Label.class);
                assertTrue(failures.getText().contains("crashes"), "crashes counted: " + failures.getText());
                waitUntil(() -> showing(failures) && insideItsPanes(failures));
                assertTrue(showing(failures) && insideItsPanes(failures), "the failures at " + at + ": "
                        + bounds(failures));
                Node bar = robot.lookup("#liveStatusBar").query();
                assertTrue(inside(bar, liveView(robot)), "the status bar at " + at + ": " + bounds(bar));
                everyWordIsShownWhole(robot, at);
                // a crash decides no line of the code (the job stopped mid-call): a line lit before it stays in view
                if (robot.lookup(".code-line-lit").tryQuery().isPresent()) {
                    theLitCodeLineIsInTheWindowAndInThePanelsView(robot, at);
                }
                theCodeShowsWholeLinesOnly(robot, at);
            }
        }
    }

    /**
     * Where the parameters stepped aside, a teacher presses Parameters: they open over the queue's left part, below
     * the toolbar (its Parameters button closes them again), and the toolbar, the queue, the code, the status bar and
     * every word stay inside the window, the queue at its width; pressed again, they go.
     */
    private void withTheParametersShownAllStaysInTheWindow(FxRobot robot, String at) {
        if (showing(robot.lookup("#parameterScroll").query())) {
            return; // room for all: no button to press
        }
        FxSteps.press(robot, "#parametersToggle");
        String where = at + ", Parameters pressed";
        try {
            List<String> parts = List.of("#parameterScroll", "#queue", "#codePanel", "#liveStatusBar",
                    "#playButton", "#resetButton", "#parametersToggle");
            waitUntil(() -> parts.stream().allMatch(q -> inside(robot.lookup(q).query(), liveView(robot))));
            for (String q : parts) {
                Node n = robot.lookup(q).query();
                assertTrue(showing(n) && inside(n, liveView(robot)),
                        q + " at " + where + ": " + bounds(n) + " in the view " + bounds(liveView(robot)));
            }
            Node panel = robot.lookup("#parameterScroll").query();
            Node toolbar = robot.lookup("#toolbar").query();
            assertTrue(panel.localToScene(panel.getLayoutBounds()).getMinY()
                    >= toolbar.localToScene(toolbar.getLayoutBounds()).getMaxY() - 0.5, "the parameters " + bounds(panel) + " below the toolbar "
                    + bounds(toolbar) + " at " + where);
            Node queue = robot.lookup("#queue").query();
            assertTrue(queue.getLayoutBounds().getWidth() >= QUEUE_LEAST - 0.5,
                    "the queue at " + where + " keeps room for ten stations: " + bounds(queue));
            everyWordIsShownWhole(robot, where);
        } finally {
            FxSteps.press(robot, "#parametersToggle");
            waitUntil(() -> !showing(robot.lookup("#parameterScroll").query()));
        }
        assertTrue(!showing(robot.lookup("#parameterScroll").query()), "pressed again, the parameters go, " + at);
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

    /** No code line is cut through by the panel's edge: each is in its view whole or not at all. */
    private void theCodeShowsWholeLinesOnly(FxRobot robot, String at) {
        waitUntil(() -> halfLines(robot).isEmpty());
        assertTrue(halfLines(robot).isEmpty(), () -> "at " + at + " code lines cut through by the panel's edge: "
                + halfLines(robot) + ", its view " + bounds(robot.lookup(".code-scroll").query().lookup(".viewport")));
    }

    /** @return the code lines partly inside the code panel's view, each with its bounds */
    private static List<String> halfLines(FxRobot robot) {
        Optional<Node> code = robot.lookup(".code-scroll").tryQuery();
        if (code.isEmpty()) {
            return List.of(); // the code stepped aside: no line is cut
        }
        Node viewport = code.get().lookup(".viewport");
        Bounds v = viewport.localToScene(viewport.getLayoutBounds());
        List<String> half = new ArrayList<>();
        for (Label line : robot.lookup(".code-line").queryAllAs(Label.class)) {
            Bounds l = line.localToScene(line.getLayoutBounds());
            double seen = Math.min(l.getMaxY(), v.getMaxY()) - Math.max(l.getMinY(), v.getMinY());
            if (showing(line) && seen > 0.5 && seen < l.getHeight() - 0.5) {
                half.add("'" + line.getText().strip() + "' " + bounds(line));
            }
        }
        return half;
    }

    /**
     * Every word the live view shows is whole: each label, button, box and cell with a text shows all of it (none
     * cut with "…"), and lies inside the window and inside every pane that holds it, unless it is in a scrolled list
     * or pane, which shows the rest on scrolling.
     */
    private void everyWordIsShownWhole(FxRobot robot, String at) {
        waitUntil(() -> cutWords(robot).isEmpty());
        assertTrue(cutWords(robot).isEmpty(), "at " + at + " cut off: " + cutWords(robot));
    }

    /** @return each shown text of the live view that is cut, as "'its text' shown as 'what shows' [bounds]" */
    private static List<String> cutWords(FxRobot robot) {
        List<String> cut = new ArrayList<>();
        for (Node n : robot.from(liveView(robot)).lookup((Node node) -> node instanceof Labeled).queryAll()) {
            Labeled labeled = (Labeled) n;
            String text = labeled.getText();
            if (text == null || text.isBlank() || !showing(labeled) || labeled.getWidth() <= 0) {
                continue;
            }
            String shown = shownText(labeled);
            if (labeled.isMnemonicParsing()) {
                text = text.replace("_", "");
            }
            if (!shown.equals(text) || !scrolled(labeled) && !insideItsPanes(labeled)) {
                cut.add("'" + text + "' shown as '" + shown + "' " + bounds(labeled));
            }
        }
        return cut;
    }

    /** @return the text {@code labeled}'s skin draws: its own text node's, or its title's (a titled pane) */
    private static String shownText(Labeled labeled) {
        for (Node n : labeled.getChildrenUnmodifiable()) {
            if (n instanceof Text t) {
                return t.getText();
            }
        }
        for (Node n : labeled.getChildrenUnmodifiable()) {
            if (n instanceof Parent p && p.getStyleClass().contains("title")) {
                for (Node t : p.getChildrenUnmodifiable()) {
                    if (t instanceof Text text) {
                        return text.getText();
                    }
                }
            }
        }
        return "";
    }

    /** @return true if {@code node} is in a scroll pane or a list: what it cuts off shows on scrolling */
    private static boolean scrolled(Node node) {
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane || p instanceof VirtualFlow<?>) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return true if {@code node} lies inside the window and inside each pane that holds it: none clips it (a pane
     *         given less height than its rows need lets the last ones stick out, under the next pane)
     */
    private static boolean insideItsPanes(Node node) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        Scene scene = node.getScene();
        if (b.getMinX() < -0.5 || b.getMinY() < -0.5 || b.getMaxX() > scene.getWidth() + 0.5
                || b.getMaxY() > scene.getHeight() + 0.5) {
            return false;
        }
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            Bounds a = p.localToScene(p.getLayoutBounds());
            if (b.getMinX() < a.getMinX() - 0.5 || b.getMinY() < a.getMinY() - 0.5 || b.getMaxX() > a.getMaxX() + 0.5
                    || b.getMaxY() > a.getMaxY() + 0.5) {
                return false;
            }
        }
        return true;
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

    /** @return the key store's rows with a key that its table shows whole */
    private static long wholeRows(FxRobot robot) {
        Node table = robot.lookup("#storeTable").query();
        return robot.from(table).lookup(".table-row-cell").queryAll().stream()
                .filter(r -> r instanceof javafx.scene.control.TableRow<?> row && !row.isEmpty() && showing(r)
                        && box(r).getMaxY() <= box(table).getMaxY() + 0.5).count();
    }

    private static Bounds box(Node n) {
        return n.localToScene(n.getLayoutBounds());
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
