package org.idempotencylab.ui.explore;

import static org.idempotencylab.ui.FxSteps.press;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabController;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.LabWiring;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Explore tab as a teacher uses it, in the lab's window (all tabs, the note panel, the live view): settings,
 * Explore, the table's numbers (the explorer's for the same settings, run here), Cancel on a long exploration, a
 * bad typed value, Play on a counterexample (the live view's run ends with the duplicate the row names), and the
 * tab inside 1280 × 720 and 1024 × 768 windows in both type sizes.
 */
@ExtendWith(ApplicationExtension.class)
class ExploreFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final ExecutorService explorations = Executors.newSingleThreadExecutor();
    private LiveViewModel live;
    private ScenarioKit kit;
    private ExploreViewModel explore;
    private LabController lab;
    private Stage stage;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        LabWiring wiring = LabWindow.wiring(new LabWiring.Runs(pool, pool, explorations, pool, 1), LabPrefs.memory());
        wiring.compare().form().set(Parameter.JOBS, 2_000);
        live = wiring.live();
        kit = wiring.kit();
        explore = wiring.explore();
        LabWindow window = LabWindow.frame(stage, wiring).size(1280, 720);
        lab = window.lab();
        scene = stage.getScene();
        lab.selectTab("exploreTab");
        window.show();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> {
            live.playingProperty().set(false);
            explore.cancel();
        });
        pool.shutdownNow();
        explorations.shutdownNow();
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    /** Ticks exactly the kinds of fault given, as a teacher clicks their boxes. */
    private static void tickOnly(FxRobot robot, FaultKind... kinds) {
        List<FaultKind> wanted = List.of(kinds);
        for (FaultKind k : FaultKind.values()) {
            CheckBox box = robot.lookup("#exploreKind-" + k.cliName()).queryAs(CheckBox.class);
            if (box.isSelected() != wanted.contains(k)) {
                press(robot, "#exploreKind-" + k.cliName());
            }
        }
    }

    /** Presses Explore and waits until the table shows the finished exploration. */
    private void exploreAndWait(FxRobot robot) {
        press(robot, "#exploreRunButton");
        waitUntil(() -> !explore.runningProperty().get() && !explore.rows().isEmpty());
    }

    /** @return the words a person reads in the table's cell at (row, column): its text, or its wrapped words */
    private static String cell(FxRobot robot, int row, String columnId) {
        for (Node n : robot.lookup("#exploreTable .table-cell").queryAll()) {
            TableCell<?, ?> c = (TableCell<?, ?>) n;
            if (c.getIndex() == row && c.getTableColumn() != null && columnId.equals(c.getTableColumn().getId())
                    && c.isVisible()) {
                if (c.getText() != null) {
                    return c.getText();
                }
                Node words = c.getGraphic() == null ? null : c.getGraphic().lookup(".explore-words");
                return words == null ? "" : ((Text) words).getText();
            }
        }
        throw new AssertionError("no cell shown at row " + row + " of " + columnId);
    }

    private static TableCell<?, ?> cellNode(FxRobot robot, int row, String columnId) {
        for (Node n : robot.lookup("#exploreTable .table-cell").queryAll()) {
            TableCell<?, ?> c = (TableCell<?, ?>) n;
            if (c.getIndex() == row && c.getTableColumn() != null && columnId.equals(c.getTableColumn().getId())) {
                return c;
            }
        }
        throw new AssertionError("no cell shown at row " + row + " of " + columnId);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /**
     * Two sign-ups, one worker, at most two faults of three kinds: each row shows the numbers the explorer gives for
     * the classroom scenario with those settings (every call 200 ms, no jitter, nothing failing by itself), with
     * thousands separators, the duplicate count in the duplicate's look, and the counterexample in words.
     */
    @Test
    void theTableShowsWhatTheExplorerFindsForTheSettings(FxRobot robot) {
        type(robot, "#exploreJobsField", "2");
        type(robot, "#exploreWorkersField", "1");
        type(robot, "#exploreMaxFaultsField", "2");
        tickOnly(robot, FaultKind.FAIL, FaultKind.LOST_REPLY, FaultKind.CRASH);
        exploreAndWait(robot);

        // the explore command's defaults (ExploreCommandTest checks the command against them), with the fields typed
        Scenario scenario = Scenario.article().toBuilder().jobs(2).workers(1)
                .callTime(CallTimeShape.FIXED).jitter(false).pFail(0).lostReply(0).build();
        List<Explorer.Result> expected = Explorer.exploreAll(scenario, Strategy.ARTICLE,
                EnumSet.of(FaultKind.FAIL, FaultKind.LOST_REPLY, FaultKind.CRASH), 2, 1, RunControl.NONE);
        assertEquals(5, robot.lookup("#exploreTable").queryAs(TableView.class).getItems().size());
        long all = 0;
        for (int i = 0; i < expected.size(); i++) {
            Explorer.Result r = expected.get(i);
            all += r.schedules();
            assertEquals(r.strategy().name(), cell(robot, i, "exploreStrategyColumn"));
            assertEquals(count(r.schedules()), cell(robot, i, "exploreSchedulesColumn"), r.strategy().name());
            assertEquals(count(r.schedulesWithDuplicate()), cell(robot, i, "exploreDuplicatesColumn"));
            assertEquals(count(r.lostSchedules()), cell(robot, i, "exploreLostColumn"));
            boolean marked = cellNode(robot, i, "exploreDuplicatesColumn").getStyleClass()
                    .contains(Concept.DUPLICATE.styleClass());
            assertEquals(r.schedulesWithDuplicate() > 0, marked, "the duplicate's look on a count above 0");
            String words = cell(robot, i, "exploreCounterexampleColumn");
            if (r.hasCounterexample()) {
                assertTrue(words.endsWith("twice"), words);
                assertEquals(r.shortestCounterexample().size() + 1, words.split("\n").length, words);
            } else {
                assertEquals("none", words);
            }
        }
        assertTrue(all > 1_000, "the schedules need a thousands separator: " + all);
        // no key: the welcome email (the seventh 200 ms call) goes out at 1,400 ms and its reply is lost
        assertEquals("at 0:01.400: user_0's welcome email goes out, its reply is lost\n"
                + "→ the welcome email is sent twice", cell(robot, 0, "exploreCounterexampleColumn"));
        assertEquals("Schedules of at most 2 faults of fail, lost reply, crash · 2 sign-ups, 1 worker, in-memory "
                + "queue", text(robot, "#exploreHeading"));
        String status = robot.lookup("#exploreStatusBar").queryAs(StatusBar.class).getText();
        assertTrue(status.startsWith("Explored 5 strategies × 2 sign-ups, 1 worker, in-memory queue: " + count(all)
                + " schedules in "), status);
    }

    /** Three sign-ups at K = 3 take about a minute: Cancel stops it, says so, and shows no part-way numbers. */
    @Test
    void cancelStopsALongExplorationAndSaysSo(FxRobot robot) throws InterruptedException {
        type(robot, "#exploreJobsField", "3");
        type(robot, "#exploreMaxFaultsField", "3");
        press(robot, "#exploreRunButton");
        waitUntil(() -> text(robot, "#exploreProgressLabel").matches("[1-9][0-9,]* schedules run"));
        assertTrue(robot.lookup("#exploreRunButton").queryButton().isDisabled(), "one exploration at a time");
        press(robot, "#exploreCancelButton");
        String status = robot.lookup("#exploreStatusBar").queryAs(StatusBar.class).getText();
        assertTrue(status.matches("Cancelled after [0-9,]+ schedules: no numbers for an exploration stopped part "
                + "way"), status);
        assertTrue(explore.rows().isEmpty(), "no numbers of a part of the schedules");
        assertFalse(robot.lookup("#exploreRunButton").queryButton().isDisabled(), "Explore again");
        assertEquals("", text(robot, "#exploreProgressLabel"));
        // the exploration's thread is free again: it stopped, not just the window's interest in it
        CountDownLatch free = new CountDownLatch(1);
        explorations.execute(free::countDown);
        assertTrue(free.await(30, TimeUnit.SECONDS), "the exploration stopped within 30 s of Cancel");
    }

    @Test
    void aBadTypedValueShowsItsMessageAndRunsNothing(FxRobot robot) {
        type(robot, "#exploreJobsField", "5");
        press(robot, "#exploreRunButton");
        assertEquals("Sign-ups: 5 is outside the allowed range 1 to 3", text(robot, "#exploreInputError"));
        assertTrue(robot.lookup("#exploreInputError").query().isVisible());
        inWindow(robot.lookup("#exploreInputError").query(), "beside Explore, in view");
        assertFalse(explore.runningProperty().get(), "nothing runs");
        assertEquals("", robot.lookup("#exploreStatusBar").queryAs(StatusBar.class).getText());
        // typed without Enter, then Explore: the field is read as shown
        type(robot, "#exploreJobsField", "1");
        FxSteps.enter(robot, robot.lookup("#exploreMaxFaultsField").queryAs(TextField.class), "many");
        press(robot, "#exploreRunButton");
        assertEquals("Most faults per schedule: 'many' is not a whole number; allowed 0 to 4",
                text(robot, "#exploreInputError"));
        assertFalse(explore.runningProperty().get());
        assertTrue(explore.rows().isEmpty());
    }

    /**
     * One sign-up, one fault at most, lost replies only. "Retry each step, no key": Play opens the live view with
     * the counterexample's note, and its run ends with user_0's second welcome email, counted where the class sees
     * it. "Retry the whole job, same key": the job starts over after the lost reply, so the six steps before the
     * email are done again (the provider knows the email's key).
     */
    @Test
    void playOpensTheLiveViewAndItsRunEndsWithTheDuplicateTheRowNames(FxRobot robot) {
        type(robot, "#exploreMaxFaultsField", "1");
        tickOnly(robot, FaultKind.LOST_REPLY);
        exploreAndWait(robot);

        press(robot, "#explorePlay0");
        TabPane tabs = robot.lookup(".tab-pane").queryAs(TabPane.class);
        assertEquals("liveTab", tabs.getSelectionModel().getSelectedItem().getId(), "it plays in the live view");
        assertTrue(robot.lookup("#notePanel").query().isVisible());
        assertEquals("Counterexample: retry each step, no key", text(robot, "#noteTitle"));
        String note = text(robot, "#noteText");
        assertTrue(note.startsWith("at 0:01.400: user_0's welcome email goes out, its reply is lost\n"
                + "→ the welcome email is sent twice\n"), note);
        assertTrue(live.playingProperty().get(), "playing from the start");
        // it pauses at the second email: the caption says it and why, the code panel lights the line that let it
        // through (no key: the provider sends on every call), and the clock stands at the retry's send, after the
        // lost reply at 1.4 s
        waitUntil(() -> !live.playingProperty().get());
        assertTrue(text(robot, "#captionLabel").startsWith("user_0 got ANOTHER welcome email: the reply was lost"),
                text(robot, "#captionLabel"));
        assertEquals("▶   provider sends on every call",
                robot.lookup(".code-line-lit").queryAs(Labeled.class).getText().strip());
        assertTrue(live.nowMs() > 1_400, "paused at the retry, after the lost reply: " + live.nowMs());
        // paused with the second email on screen: the note says the number so far and where it stands, not that
        // it plays
        String at = org.idempotencylab.ui.VirtualTime.format(live.nowMs());
        waitUntil(() -> text(robot, "#noteWatch").equals("Users with 2+ welcome emails: 1 so far (paused at " + at
                + "; Play goes on to the run's end)"));
        press(robot, "#playButton"); // on to the run's end and its number
        waitUntil(() -> text(robot, "#noteWatch").equals("Users with 2+ welcome emails: 1"));
        StatusBar bar = robot.lookup("#liveStatusBar").queryAs(StatusBar.class);
        assertTrue(bar.getRightItems().stream().anyMatch(n -> n instanceof Labeled l
                && l.getText().startsWith("jobs done 1 · failed 0") && l.getText().endsWith("users with 2+ emails 1")),
                "the status bar counts user_0's second email");

        robot.interact(() -> lab.selectTab("exploreTab"));
        assertFalse(robot.lookup("#notePanel").query().isVisible(), "the live run's note stays with its tab");
        press(robot, "#explorePlay3");
        assertEquals("Counterexample: retry the whole job, same key", text(robot, "#noteTitle"));
        waitUntil(() -> !live.playingProperty().get()); // at step 1 done again, after the lost reply
        assertTrue(text(robot, "#captionLabel").contains("\"save the user\" was done AGAIN"),
                text(robot, "#captionLabel"));
        press(robot, "#playButton");
        waitUntil(() -> text(robot, "#noteWatch").equals("Steps done again: 6"));
    }

    /**
     * Every control of the tab lies inside the window (the panel scrolled to it first), and the table shows every
     * column whole, with and without another tab's teaching note open (a Compare preset's, which stays beside its
     * own tab, never beside Explore); where the window leaves too little room for the settings
     * beside the whole table, the Settings button opens them over the table, inside the window, the table keeping
     * every column. The type size changes at a fixed width too (presentation mode on and off, then the window made
     * smaller): the columns fit the table again each time, not only when the window's width changes.
     */
    @Test
    void theTabFitsProjectorWindowsInBothTypeSizes(FxRobot robot) {
        type(robot, "#exploreMaxFaultsField", "1");
        tickOnly(robot, FaultKind.LOST_REPLY);
        exploreAndWait(robot);
        String printed = FxSteps.stderrOf(() -> fitsInEverySize(robot));
        assertEquals("", printed, "the toolkit painted every frame of every size (it prints a frame it failed)");
    }

    /** The larger window first, then the smaller: growing it back makes Monocle fail a frame (FxSteps.stderrOf). */
    private void fitsInEverySize(FxRobot robot) {
        for (int[] size : new int[][] {{1280, 720}, {1024, 768}}) {
            for (boolean note : new boolean[] {false, true}) {
                robot.interact(() -> {
                    if (note) {
                        kit.applyPreset("article.json"); // its note opens (and its tab is shown)
                    } else {
                        kit.closeNote();
                    }
                    lab.selectTab("exploreTab");
                });
                for (boolean presentation : new boolean[] {false, true}) {
                    robot.interact(() -> {
                        kit.presentationProperty().set(presentation);
                        stage.setWidth(size[0]);
                        stage.setHeight(size[1]);
                    });
                    settle(robot);
                    String where = size[0] + " × " + size[1] + (presentation ? ", presentation" : "")
                            + (note ? ", note open" : "");
                    // a note belongs to its tab: the Compare preset's stays beside Compare
                    assertFalse(robot.lookup("#notePanel").query().isVisible(), where);
                    tableWhole(robot, where);
                    Node toggle = robot.lookup("#exploreSettingsToggle").query();
                    if (toggle.isVisible()) {
                        inWindow(toggle, where);
                        press(robot, "#exploreSettingsToggle"); // the settings, on demand
                        settle(robot);
                        tableWhole(robot, where + ", settings open over it"); // a drawer: the columns stay
                    }
                    settingsInWindow(robot, where);
                    if (toggle.isVisible()) {
                        press(robot, "#exploreSettingsToggle");
                        settle(robot);
                    }
                }
            }
        }
    }

    /**
     * Lets the window take its new size or type, as a person waits for it to stop moving: the style pass's own
     * follow-ups run, then layouts until the table and its columns stay where they are (a width that sets the
     * settings aside takes effect on the next layout, the table's column widths on the one after; how many pulses
     * fall in between depends on the machine's load). At most ten rounds: a layout that never settles is left as
     * it is for the checks to judge.
     */
    private void settle(FxRobot robot) {
        String was = "";
        for (int i = 0; i < 10; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            String now = FxSteps.onFx(() -> {
                scene.getRoot().applyCss();
                scene.getRoot().layout();
                StringBuilder where = new StringBuilder();
                for (Node n : scene.getRoot().lookupAll("#exploreTable .column-header")) {
                    where.append(n.localToScene(n.getLayoutBounds())).append(';');
                }
                return where.toString();
            });
            if (i >= 2 && now.equals(was)) {
                return;
            }
            was = now;
        }
    }

    /** Each check box, field and button of the settings inside the window, scrolled to as a person would. */
    private void settingsInWindow(FxRobot robot, String where) {
        List<Node> controls = new ArrayList<>(robot.lookup(".explore-view .check-box").queryAll());
        controls.addAll(robot.lookup(".explore-view .text-field").queryAll());
        for (String id : List.of("#exploreQueueBox", "#exploreRunButton", "#exploreCancelButton",
                "#exploreProgressBar", "#exploreStatusBar")) {
            controls.add(robot.lookup(id).query());
        }
        assertEquals(5 + 5 + 7, controls.size() - 5, "the strategies, the kinds and the fields, " + where);
        for (Node n : controls) {
            FxSteps.reveal(robot, n);
            inWindow(n, where);
        }
    }

    /** The table in the window with every column whole: the last one's header and its Play button inside it. */
    private void tableWhole(FxRobot robot, String where) {
        TableView<?> view = robot.lookup("#exploreTable").queryAs(TableView.class);
        inWindow(view, where);
        inWindow(robot.lookup("#exploreHeading").query(), where);
        TableColumn<?, ?> last = view.getColumns().get(view.getColumns().size() - 1);
        Node header = robot.lookup("#exploreTable .column-header").queryAll().stream()
                .filter(h -> h instanceof TableColumnHeader c && c.getTableColumn() == last)
                .findFirst().orElseThrow();
        Bounds t = view.localToScene(view.getLayoutBounds());
        Bounds h = header.localToScene(header.getLayoutBounds());
        assertTrue(h.getMaxX() <= t.getMaxX() + 0.5, "the counterexample column ends inside the table, " + where
                + ": " + h + " in " + t);
        Button play = robot.lookup("#explorePlay0").queryButton();
        Bounds p = play.localToScene(play.getLayoutBounds());
        assertTrue(t.contains(p) && p.getMaxX() <= h.getMaxX(), "the Play button whole, in its column, " + where
                + ": " + p + " in " + h);
    }

    private void inWindow(Node n, String where) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        assertTrue(b.getMinX() >= 0 && b.getMinY() >= 0 && b.getMaxX() <= scene.getWidth() + 0.5
                && b.getMaxY() <= scene.getHeight() + 0.5, (n.getId() == null ? n.toString() : n.getId()) + " at "
                + b + " outside " + scene.getWidth() + " × " + scene.getHeight() + " (" + where + ")");
    }
}
