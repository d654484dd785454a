package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.LiveFx.enter;
import static org.idempotencylab.ui.live.LiveFx.onFx;
import static org.idempotencylab.ui.live.LiveFx.press;
import static org.idempotencylab.ui.live.LiveFx.reveal;
import static org.idempotencylab.ui.live.LiveFx.showing;
import static org.idempotencylab.ui.live.LiveFx.type;
import static org.idempotencylab.ui.live.LiveFx.waitForPulses;
import static org.idempotencylab.ui.live.LiveFx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.engine.RunControl;
import javafx.application.Platform;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;
import java.util.function.BooleanSupplier;
import javafx.fxml.FXMLLoader;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.input.KeyCode;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.keystore.KeyRow;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Watch it happen", driven the way a teacher would in class: the keys and the clicks on the queue are a
 * person's, and so are the buttons where a click is the point (Play, Pause, Step, Reset after typing); elsewhere a
 * button is pressed without moving the mouse. Runs are stepped through the view-model rather than played in real
 * time, so each test checks what a person sees (the clock, the lists, the key tables, the messages, the status
 * bar) without waiting on the wall clock. Headless under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class LiveViewFxTest {
    private LiveViewModel live;
    private LiveController controller;

    @Start
    void start(Stage stage) throws Exception {
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        FXMLLoader loader = LiveFx.show(stage, live, new KeyStoreViewModel());
        controller = loader.getController();
    }

    /** The next test opens a view of its own: this one's animation stops (the window closing does the same). */
    @AfterEach
    void stopTheAnimation(FxRobot robot) {
        onFx(controller::stop);
    }

    /** Steps the run (on the FX thread, as the Step button does) until {@code done}, at most 100,000 events. */
    private void stepUntil(FxRobot robot, BooleanSupplier done) {
        onFx(() -> {
            for (int i = 0; i < 100_000 && !done.getAsBoolean(); i++) {
                live.stepOnce();
            }
        });
        assertTrue(done.getAsBoolean(), "reached within 100,000 events");
    }

    private void stepToTheEnd(FxRobot robot) {
        stepUntil(robot, () -> live.simulation().isFinished());
    }

    private String text(FxRobot robot, String query) {
        return robot.lookup(query).queryLabeled().getText();
    }

    /** One sign-up, no random failures or lost replies (any duplicate comes from a click), then Reset. */
    private void oneCalmSignup(FxRobot robot, Strategy strategy) {
        onFx(() -> {
            live.strategyProperty().set(strategy);
            live.form().set(Parameter.JOBS, 1);
            live.form().set(Parameter.P_FAIL, 0.0);
            live.form().set(Parameter.LOST_REPLY, 0.0);
        });
    }

    @Test
    void playMovesTheClockAndPauseStopsIt(FxRobot robot) {
        assertEquals("0:00.000", text(robot, "#clockLabel"));
        robot.clickOn("#playButton");
        assertEquals("Pause", text(robot, "#playButton"));
        waitUntil(() -> live.nowMs() > 0); // the animation timer advances the run by the real time elapsed
        robot.clickOn("#playButton");
        assertFalse(live.playingProperty().get());
        assertEquals("Play", text(robot, "#playButton"));
        long paused = live.nowMs();
        waitForPulses(robot, 10); // ten frames later
        assertEquals(paused, live.nowMs(), "paused: the clock stands still");
        assertEquals(live.clockProperty().get(), text(robot, "#clockLabel"));
        assertTrue(paused > 0 && !text(robot, "#clockLabel").equals("0:00.000"), "the clock shows the time played");
    }

    @Test
    void stepRunsExactlyOneEventByButtonAndByKey(FxRobot robot) {
        // Each step ends one call (the only events at the start of the classroom run are call ends and
        // arrivals, and a call end moves the clock to its drawn time): the clock jumps to the next event's time.
        long next = live.simulation().nextEventTimeMs();
        robot.clickOn("#stepButton");
        assertEquals(next, live.nowMs(), "the clock is at the event that ran");
        assertEquals(live.clockProperty().get(), text(robot, "#clockLabel"));
        long next2 = live.simulation().nextEventTimeMs();
        assertTrue(next2 >= next);
        focusTheQueue(robot);
        robot.type(KeyCode.RIGHT);
        assertEquals(next2, live.nowMs(), "→ ran the following event and no other");
        assertFalse(live.playingProperty().get(), "stepping pauses");
    }

    @Test
    void whilePausedEachStepScrollsTheLogToItsNewestLine(FxRobot robot) {
        @SuppressWarnings("unchecked")
        ListView<String> log = robot.lookup("#logList").queryAs(ListView.class);
        assertFalse(live.playingProperty().get());
        // step until the log holds far more lines than it shows (those presses at once: what is looked at is the
        // list after each of the presses below, one at a time as a person makes them)
        Button step = robot.lookup("#stepButton").queryButton();
        onFx(() -> {
            for (int presses = 0; presses < 2_000 && log.getItems().size() < 60; presses++) {
                step.fire();
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(log.getItems().size() >= 60, "lines logged: " + log.getItems().size());
        for (int i = 0; i < 5; i++) { // and after each further step the newest line is on screen
            int before = log.getItems().size();
            for (int presses = 0; presses < 200 && log.getItems().size() == before; presses++) {
                LiveFx.press(robot, "#stepButton");
                WaitForAsyncUtils.waitForFxEvents();
            }
            String newest = log.getItems().get(log.getItems().size() - 1);
            int last = log.getItems().size() - 1;
            try { // a few frames for the list to lay out; a person sees it at once
                WaitForAsyncUtils.waitFor(3, java.util.concurrent.TimeUnit.SECONDS, () -> lineOnScreen(log, last));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("the newest line is not shown, whole, at the bottom of the log: " + newest);
            }
        }
    }

    /** @return true if the list shows line {@code index} whole inside its viewport. */
    private static boolean lineOnScreen(ListView<String> list, int index) {
        javafx.geometry.Bounds view = list.localToScene(list.getLayoutBounds());
        for (Node n : list.lookupAll(".list-cell")) {
            ListCell<?> cell = (ListCell<?>) n;
            if (cell.getIndex() == index && cell.isVisible() && !cell.isEmpty()
                    && list.getItems().get(index).equals(cell.getText())) {
                javafx.geometry.Bounds b = cell.localToScene(cell.getLayoutBounds());
                return b.getMinY() >= view.getMinY() - 0.5 && b.getMaxY() <= view.getMaxY() + 0.5;
            }
        }
        return false;
    }

    @Test
    void spaceAndRWorkFromTheKeyboard(FxRobot robot) {
        focusTheQueue(robot);
        robot.type(KeyCode.SPACE);
        assertTrue(live.playingProperty().get(), "Space plays");
        robot.type(KeyCode.SPACE);
        assertFalse(live.playingProperty().get(), "Space pauses");
        robot.type(KeyCode.RIGHT);
        assertTrue(live.nowMs() > 0);
        robot.type(KeyCode.R);
        assertEquals(0, live.nowMs(), "R starts over at time 0");
        assertEquals("0:00.000", text(robot, "#clockLabel"));
    }

    @Test
    void aTokenGlidingWhileTheWindowWasBusyIsDrawnWhereItArrived(FxRobot robot) {
        stepUntil(robot, () -> live.token(0) != null && live.token(0).phase() == JobToken.Phase.CALLING);
        JobToken user0 = live.token(0);
        waitUntil(() -> Math.abs(user0.x - user0.toX) < 0.5 && Math.abs(user0.y - user0.toY) < 0.5);
        double fromX = user0.toX;
        double fromY = user0.toY;
        // the next events move user_0 on; a frame starts its glide, then the FX thread is busy (a tab being
        // built) for longer than a glide lasts, and the run does not change meanwhile
        onFx(() -> {
            for (int i = 0; i < 100 && live.token(0) == user0 && live.token(0).phase() == JobToken.Phase.CALLING
                    && user0.toX == fromX && user0.toY == fromY; i++) {
                live.stepOnce();
                robot.lookup("#queue").queryAs(QueueCanvas.class).draw(live, System.nanoTime());
            }
        });
        assertTrue(user0.toX != fromX || user0.toY != fromY, "user_0 has somewhere else to go");
        onFx(() -> {
            try {
                Thread.sleep(400);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        waitForPulses(robot, 3);
        assertEquals(user0.toX, user0.x, 0.5, "drawn where it arrived, not where the busy moment left it");
        assertEquals(user0.toY, user0.y, 0.5);
    }

    @Test
    void clickingAJobFollowsItAndOnlyTheFaultModeFailsItsNextCall(FxRobot robot) {
        stepUntil(robot, () -> live.token(0) != null && live.token(0).phase() == JobToken.Phase.CALLING);
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        JobToken user0 = live.token(0);
        waitForPulses(robot, 2); // the canvas has drawn the step
        waitUntil(() -> Math.abs(user0.x - user0.toX) < 0.5 && Math.abs(user0.y - user0.toY) < 0.5); // glided there
        double[] at = queue.drawnAt(user0);
        // as the view opens, a click follows the job and arms nothing
        CheckBox faults = robot.lookup("#faultBox").queryAs(CheckBox.class);
        assertFalse(faults.isSelected(), "failing a call by click is a mode a teacher turns on");
        robot.clickOn(queue.localToScreen(at[0], at[1]));
        assertSame(user0, live.selectedProperty().get());
        assertEquals("Job history: user_0", text(robot, "#historyTitle"));
        assertFalse(user0.faultArmed(), "a click to follow the job does not make its next call fail");
        // the fault mode on: a click makes its next call fail
        reveal(robot, faults);
        robot.clickOn(faults);
        robot.clickOn(queue.localToScreen(at[0], at[1]));
        assertSame(user0, live.selectedProperty().get());
        assertEquals("Job history: user_0", text(robot, "#historyTitle"));
        ListView<?> history = robot.lookup("#historyList").queryListView();
        assertTrue(showing(history), "a click on a job shows its history tab");
        assertTrue(history.getItems().stream().anyMatch(l -> l.toString().contains("fault armed")), "the click");
        assertTrue(user0.faultArmed());
        // on: its next call fails "(clicked)", in its history and in the event log
        stepUntil(robot, () -> history.getItems().stream()
                .anyMatch(l -> l.toString().contains("call failed") && l.toString().contains("clicked")));
        assertTrue(live.log().stream().anyMatch(l -> l.contains("user_0") && l.contains("clicked")));
        assertFalse(user0.faultArmed(), "the fault is used up");
    }

    @Test
    void aChangedParameterWaitsForResetAndABadOneStopsIt(FxRobot robot) {
        Label pending = robot.lookup("#pendingLabel").queryAs(Label.class);
        assertFalse(pending.isVisible());
        type(robot, "#liveWorkersField", "3");
        assertTrue(pending.isVisible(), "the panel says the run keeps its parameters");
        assertEquals("Changed: the run keeps its parameters until you press Reset (R).", pending.getText());
        assertEquals(2, live.simulation().scenario().workers(), "the run in progress is unchanged");
        // a bad value left in the field without Enter, then Reset (the field loses the focus to the button, which
        // reads every field): refused with its message, and no reset
        TextField seed = robot.lookup("#liveSeedField").queryAs(TextField.class);
        robot.clickOn(seed);
        onFx(() -> seed.setText("99999999999"));
        robot.clickOn("#resetButton");
        Label error = robot.lookup("#liveInputError").queryAs(Label.class);
        assertTrue(error.isVisible());
        assertEquals("Seed: 99999999999 is outside the allowed range -2,147,483,648 to 2,147,483,647",
                error.getText());
        assertEquals("1", seed.getText(), "the field shows its value again");
        assertEquals(2, live.simulation().scenario().workers(), "no reset happened");
        robot.clickOn("#resetButton"); // the seed field shows its old value again: now Reset applies the rest
        assertEquals(3, live.simulation().scenario().workers());
        assertFalse(pending.isVisible());
    }

    /**
     * The parameters the scene needs are open; every other section (the strategy's parts too) is under one
     * "Advanced" pane, collapsed, whose title counts the values that differ from the registry's defaults: a preset
     * that sets an advanced value says so with the pane still closed.
     */
    @Test
    void theSceneParametersAreOpenAndTheRestUnderOneCollapsedAdvancedPaneThatCountsAPresetsChanges(FxRobot robot)
            throws Exception {
        ParameterPanelView panel = new ParameterPanelView(robot);
        TitledPane advanced = robot.lookup("#liveAdvancedPane").queryAs(TitledPane.class);
        assertTrue(showing(advanced), "one heading for the rest");
        assertFalse(advanced.isExpanded(), "collapsed as the view opens");
        for (String open : List.of("livePFailField", "liveLostReplyField", "liveMaxAttemptsField", "liveJobsField",
                "liveWorkersField", "liveArrivalRateField", "liveSeedField")) {
            assertTrue(showing(panel.field(open)), open + " is at hand");
            assertFalse(inside(panel.field(open), advanced), open + " is not under Advanced");
        }
        List<TitledPane> rare = new ArrayList<>(List.of(robot.lookup("#strategyPane").queryAs(TitledPane.class)));
        for (Parameter.Section s : Parameter.Section.values()) {
            if (!s.isBasic()) {
                rare.add(controller.parameters().pane(s));
            }
        }
        for (TitledPane pane : rare) {
            assertTrue(inside(pane, advanced), pane.getText() + " is under Advanced");
            assertFalse(showing(pane), pane.getText() + " is hidden with it");
            assertFalse(pane.isExpanded(), pane.getText() + " starts collapsed");
        }
        // the classroom's shorter backoff and key TTLs differ from the article's: counted, as Compare counts them
        assertEquals("Advanced  (4 changed)", advanced.getText());
        assertEquals("Keys  (2 changed)", controller.parameters().pane(Parameter.Section.KEYS).getText());
        ScenarioFile crash = preset("crash-memory-store.json");
        onFx(() -> live.apply(crash.scenario(), crash.strategies().get(0)));
        assertEquals("Advanced  (2 changed)", advanced.getText(), "the preset's crashes and durable queue");
        assertEquals("Failures and durability  (2 changed)",
                controller.parameters().pane(Parameter.Section.DURABILITY).getText());
        assertFalse(advanced.isExpanded(), "said, not opened");
        onFx(() -> live.apply(LiveViewModel.classroomDefaults(), Strategy.EACH_STEP_NO_KEY));
        TextField lease = panel.field("liveLeaseMsField");
        assertFalse(showing(lease), "inside the collapsed 'Failures and durability'");
        assertTrue(lease.getTooltip().getText().startsWith("Lease (virtual ms): claim table only"),
                lease.getTooltip().getText());
        // opened as a person opens it: the lease field shows, and a value out of range is refused by name
        type(robot, "#liveLeaseMsField", "0");
        assertTrue(showing(lease));
        assertEquals("Lease: 0 is outside the allowed range 1 to 2,678,400,000", text(robot, "#liveInputError"));
        assertEquals("300,000", lease.getText(), "the previous value stays");
        enter(robot, "#liveLeaseMsField", "2000");
        assertFalse(showing(robot.lookup("#liveInputError").query()), "a good value clears the message");
        assertTrue(showing(robot.lookup("#pendingLabel").query()), "it applies on Reset");
        assertEquals(300_000, live.simulation().scenario().leaseMs());
        press(robot, "#resetButton");
        assertEquals(2_000, live.simulation().scenario().leaseMs());
    }

    @Test
    void aFixedRepeatDelayStaysFixedWhenItsStartMoves(FxRobot robot) {
        // the classroom scenario repeats after exactly 30 s (both ends 30,000): typing a new start moves the end too
        enter(robot, "#liveDuplicateDelayMinMsField", "500");
        assertEquals("500", robot.lookup("#liveDuplicateDelayMaxMsField").queryAs(TextField.class).getText());
        // a range: the end stays where it is while the start moves below it
        enter(robot, "#liveDuplicateDelayMaxMsField", "60000");
        enter(robot, "#liveDuplicateDelayMinMsField", "1000");
        assertEquals("60,000", robot.lookup("#liveDuplicateDelayMaxMsField").queryAs(TextField.class).getText());
        press(robot, "#resetButton");
        assertEquals(1_000, live.simulation().scenario().duplicateDelayMinMs());
        assertEquals(60_000, live.simulation().scenario().duplicateDelayMaxMs());
    }

    /** The parameter panel's fields, found by their registry-made ids. */
    /** @return true if {@code node} lies inside {@code pane} */
    private static boolean inside(Node node, Node pane) {
        for (Node n = node.getParent(); n != null; n = n.getParent()) {
            if (n == pane) {
                return true;
            }
        }
        return false;
    }

    private static ScenarioFile preset(String name) throws Exception {
        ScenarioFiles files = new ScenarioFiles(Metric.watchNames());
        try (InputStream in = LiveViewFxTest.class.getResourceAsStream("/assets/scenarios/" + name)) {
            return in != null ? files.read(in) : files.read(Path.of("assets/scenarios", name));
        }
    }

    private static final class ParameterPanelView {
        private final FxRobot robot;

        ParameterPanelView(FxRobot robot) {
            this.robot = robot;
        }

        TextField field(String id) {
            return robot.lookup("#" + id).queryAs(TextField.class);
        }
    }

    @Test
    void wholeJobRetryRunsTheOtherStepsAgainAndTheStatusBarCountsIt(FxRobot robot) {
        // one sign-up, no random failures; a click loses the email's reply: the whole job retries from step 1,
        // so steps 1-6 run again (the email itself is keyed: the provider does not send it twice)
        oneCalmSignup(robot, Strategy.WHOLE_JOB_SAME_KEY);
        press(robot, "#resetButton");
        onFx(() -> live.clickProvider());
        stepToTheEnd(robot);
        for (int step = 0; step < 6; step++) {
            assertEquals(1, live.duplicates(step), "step " + (step + 1) + " done again, shown on its station");
        }
        assertEquals(0, live.duplicates(6), "the email: the provider knew the key");
        assertEquals(6, live.simulation().result().repeatedSteps());
        // the status bar: jobs done, failed, calls (10 + the 7 of the first attempt), users with 2+ emails
        StatusBar bar = robot.lookup("#liveStatusBar").queryAs(StatusBar.class);
        assertTrue(bar.getRightItems().stream().anyMatch(n -> n instanceof Label l
                && l.getText().equals("jobs done 1 · failed 0 · calls 17 · users with 2+ emails 0")));
        assertEquals(live.clockProperty().get() + " virtual time", bar.getText());
    }

    @Test
    void theQueueShowsTheSignupsWaitingForAWorker(FxRobot robot) {
        // 6 sign-ups all at once for 2 workers: after the start, 2 are taken and 4 wait
        onFx(() -> {
            live.form().set(Parameter.JOBS, 6);
            live.form().set(Parameter.ARRIVAL_RATE, 0.0);
        });
        press(robot, "#resetButton");
        assertEquals(4, live.simulation().waitingJobs());
        assertEquals(2, live.simulation().firstWaitingUser());
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        WaitForAsyncUtils.waitForFxEvents();
        // the first waiting one is drawn in the queue column, and in the fault mode a click arms its first call
        double[] at = null;
        for (double y = 40; y < 80 && at == null; y += 2) {
            if (queue.waitingUserAt(12 + 12, y) == 2) {
                at = new double[] {24, y};
            }
        }
        assertNotNull(at, "user_2 is drawn in the waiting line");
        CheckBox faults = robot.lookup("#faultBox").queryAs(CheckBox.class);
        reveal(robot, faults);
        robot.clickOn(faults); // the fault mode on
        robot.clickOn(queue.localToScreen(at[0], at[1]));
        assertEquals(2, live.selectedProperty().get().user());
        assertTrue(live.token(2).faultArmed());
        assertEquals("Job history: user_2", text(robot, "#historyTitle"));
    }

    @Test
    void aRepeatedRequestSharesTheRunInFlightAndSkipsWhatFinished(FxRobot robot) {
        // one sign-up sent twice, 500 ms apart, two workers: the repeat starts while the first job still runs.
        // With the store on every step it shares the step in flight and skips the finished ones: no step is
        // done twice, and the key store counts the shared run.
        oneCalmSignup(robot, Strategy.WHOLE_JOB_SKIP_FINISHED);
        onFx(() -> {
            live.form().set(Parameter.P_DUPLICATE, 1.0);
            live.form().set(Parameter.DUPLICATE_DELAY_MIN_MS, 500);
            live.form().set(Parameter.DUPLICATE_DELAY_MAX_MS, 500);
        });
        press(robot, "#resetButton");
        stepToTheEnd(robot);
        StrategyResult r = live.simulation().result();
        assertEquals(1, r.repeatedRequests());
        assertEquals(0, r.repeatedSteps(), "no step done twice");
        assertTrue(live.token(0, true) != null && live.token(0, false) != null, "two tokens for user_0");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("user_0 (repeat)") && l.contains("shared")));
        long shares = live.simulation().store().shares();
        assertTrue(shares >= 1, "the repeat shared a run in flight");
        assertTrue(text(robot, "#storeCounters").endsWith("· Shared so far " + shares), text(robot, "#storeCounters"));
    }

    @Test
    void theStrategyBoxNamesAStrategyComposedFromItsParts(FxRobot robot) {
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> box = robot.lookup("#strategyBox").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<StoreKind> stores = robot.lookup("#storeBox").queryAs(ComboBox.class);
        assertEquals(List.of(StoreKind.values()).stream().map(StoreKind::label).toList(), stores.getItems().stream()
                .map(stores.getConverter()::toString).toList(), "the Store list's words: each store's own (StoreKind)");
        onFx(() -> {
            live.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
            live.keyModeProperty().set(KeyMode.SAME);
            live.storeProperty().set(StoreKind.CLAIM_TABLE);
        });
        Strategy composed = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        assertEquals(composed, box.getValue());
        // its whole name where the box has room for it, else its short name; never cut with "…", never blank
        String shown = box.getButtonCell().getText();
        assertTrue(List.of("custom: " + composed.name(), "custom: whole job, skip finished, same key, claim table",
                "whole job, skip finished, same key, claim table", "custom strategy").contains(shown),
                shown);
        assertTrue(box.getTooltip().getText().contains("custom: " + composed.name()), "the tooltip says it whole");
        assertEquals("claim table", shownIn(stores));
        robot.interact(() -> box.setValue(Strategy.EACH_STEP_NO_KEY));
        assertEquals(Strategy.EACH_STEP_NO_KEY.name(), box.getButtonCell().getText());
        assertEquals("none", shownIn(stores), "a preset shows its parts");
        assertEquals(5, box.getItems().size(), "the list keeps the article's five");
    }

    /** @return what a list shows when closed: its button cell's text. */
    private static String shownIn(ComboBox<?> box) {
        return ((ListCell<?>) ((ComboBoxListViewSkin<?>) box.getSkin()).getDisplayNode()).getText();
    }

    private static void focusTheQueue(FxRobot robot) {
        // the top-left corner of the canvas holds only the "Queue" title: a click there gives the view the focus
        // without touching a token
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        robot.clickOn(queue.localToScreen(60, 6));
    }

    /** Clicks the provider on the canvas, then steps the calm sign-up to its end. */
    private StrategyResult oneCalmSignupWithAClickOnTheProvider(FxRobot robot, Strategy strategy) {
        oneCalmSignup(robot, strategy);
        press(robot, "#resetButton");
        assertEquals(strategy, live.simulation().strategy());
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        double[] c = queue.providerCentre();
        robot.clickOn(queue.localToScreen(c[0], c[1]));
        assertTrue(live.simulation().isNextReplyLost(), "the click armed the provider");
        stepToTheEnd(robot);
        return live.simulation().result();
    }

    private List<Envelope> envelopes() {
        List<Envelope> all = new ArrayList<>();
        live.envelopes().forEach(all::add);
        return all;
    }

    @Test
    void clickingTheProviderWithoutAKeySendsASecondEmail(FxRobot robot) {
        StrategyResult r = oneCalmSignupWithAClickOnTheProvider(robot, Strategy.EACH_STEP_NO_KEY);
        assertEquals(1, r.usersWithDuplicateEmails(), "the retry after the lost reply sent the email again");
        // what the canvas draws at the provider: the first envelope marked LOST, then a red second one
        List<Envelope> envelopes = envelopes();
        assertEquals(2, envelopes.size());
        assertTrue(envelopes.get(0).replyLost() && !envelopes.get(0).duplicate());
        assertTrue(envelopes.get(1).duplicate() && envelopes.get(1).nth() == 2);
        assertTrue(live.log().stream().anyMatch(l -> l.contains("reply lost") && l.contains("clicked")));
        assertTrue(text(robot, "#providerCounters").startsWith("Held now 0 ·"), "no key: nothing remembered");
        // drawn in the duplicate's one colour (Concept.DUPLICATE): the second envelope, 44 px wide, and the icon
        // beside "again 1" on the email's station
        assertTrue(pixelsOf(robot, Concept.DUPLICATE.fill()) > 300, "the duplicate's colour is on the canvas");
    }

    @Test
    void aJobThatRunsOutOfAttemptsIsNotDrawnInTheDuplicatesColour(FxRobot robot) {
        // every call fails: the one job fails after its attempts, nothing is done twice; before the one look per
        // concept, a failed token was the duplicate's vermillion
        oneCalmSignup(robot, Strategy.EACH_STEP_NO_KEY);
        onFx(() -> live.form().set(Parameter.P_FAIL, 1.0));
        press(robot, "#resetButton");
        stepToTheEnd(robot);
        assertEquals(1, live.simulation().result().failedJobs());
        // only the provider legend's small icon for "sent again" (about 50 px); a token of radius 12 px would be
        // about 450
        assertTrue(pixelsOf(robot, Concept.DUPLICATE.fill()) < 150, "no duplicate, so no duplicate's colour");
        // of its ~450 px, the number, the ✗ badge and the soft edge take some 150: where the token sits (it moves
        // with the play area's height) decides a few more
        int grey = pixelsOf(robot, QueueCanvas.FAILED);
        assertTrue(grey > 250, "the failed token (radius 12 px) is drawn in its own grey: " + grey);
    }

    /** @return how many pixels of the live canvas, as a person sees it now, have exactly colour {@code c}. */
    private static int pixelsOf(FxRobot robot, Color c) {
        waitForPulses(robot, 5); // the frames that draw the last step (under load they come late)
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        WritableImage[] image = new WritableImage[1];
        robot.interact(() -> image[0] = queue.snapshot(null, null));
        PixelReader px = image[0].getPixelReader();
        int argb = (int) Math.round(c.getOpacity() * 255) << 24 | (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
        int n = 0;
        for (int y = 0; y < image[0].getHeight(); y++) {
            for (int x = 0; x < image[0].getWidth(); x++) {
                n += px.getArgb(x, y) == argb ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void clickingTheProviderWithTheSameKeySendsNoSecondEmail(FxRobot robot) {
        StrategyResult r = oneCalmSignupWithAClickOnTheProvider(robot, Strategy.EACH_STEP_SAME_KEY);
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(1, r.providerSuppressedSends(), "the provider knew the key and sent nothing");
        List<Envelope> envelopes = envelopes();
        assertEquals(2, envelopes.size());
        assertTrue(envelopes.get(1).suppressed(), "drawn grey: key known, not sent");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("no email sent")));
        // its key shows in the provider's table, with the send it suppressed
        @SuppressWarnings("unchecked")
        TableView<Object> provider = robot.lookup("#providerTable").queryAs(TableView.class);
        assertEquals(1, provider.getItems().size());
        assertEquals("welcome-email:user_0", provider.getColumns().get(0).getCellData(0));
        assertEquals("1", String.valueOf(provider.getColumns().get(3).getCellData(0)));
        assertEquals("Held now 1 · Sends suppressed so far 1", text(robot, "#providerCounters"));
    }

    @Test
    void keyStoreRowsAppearWhileTheJobRunsAndDisappearWhenTheirTtlRunsOut(FxRobot robot) {
        oneCalmSignup(robot, Strategy.WHOLE_JOB_SKIP_FINISHED);
        onFx(() -> live.form().set(Parameter.TTL_MS, 3_000)); // each key lives 3 s after its step
        press(robot, "#resetButton");
        @SuppressWarnings("unchecked")
        TableView<KeyRow> table = robot.lookup("#storeTable").queryAs(TableView.class);
        // the job's ten steps take about 2 virtual s: its keys show up one by one, "send the welcome email" too
        stepUntil(robot, () -> table.getItems().stream()
                .anyMatch(r -> r.keyText().startsWith("send the welcome email")));
        assertTrue(live.nowMs() < 5_000, "seen while the keys are alive");
        assertEquals("save the user:user_0", table.getColumns().get(0).getCellData(0));
        assertEquals("FINISHED", String.valueOf(table.getColumns().get(1).getCellData(0)));
        assertEquals("save the user: done", table.getColumns().get(2).getCellData(0));
        // after the job ends the clock keeps running while keys count down; each goes 3 s after its step finished
        stepToTheEnd(robot);
        long jobEnd = live.simulation().result().virtualTimeMs();
        assertFalse(table.getItems().isEmpty(), "the last steps' keys outlive the job by up to 3 s");
        assertTrue(showing(robot.lookup("#endingLabel").query()), "the line under the toolbar says why");
        assertTrue(text(robot, "#endingLabel").startsWith("All jobs have ended; the clock runs on"));
        stepUntil(robot, () -> table.getItems().isEmpty());
        assertEquals(0, live.simulation().store().liveKeys());
        // the last step finished as the job ended, so its key goes exactly 3,000 ms later, not before
        assertTrue(live.nowMs() >= jobEnd + 3_000, "not before the TTL of the last key: " + live.nowMs() + " vs "
                + jobEnd);
        assertEquals(1, live.simulation().finishedJobs(), "the same run, not a new one");
        assertTrue(text(robot, "#storeCounters").startsWith("Held now 0 · Peak"), text(robot, "#storeCounters"));
    }

    /**
     * Picks the strategy's parts and the queue in the panel's lists, one calm sign-up, and short restart,
     * visibility timeout and lease times (before Reset).
     */
    private void oneCalmSignupWithParts(FxRobot robot, KeyMode key, StoreKind store) {
        oneCalmSignup(robot, Strategy.EACH_STEP_NO_KEY);
        @SuppressWarnings("unchecked")
        ComboBox<RetryScope> scope = robot.lookup("#scopeBox").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<KeyMode> keys = robot.lookup("#keyBox").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<StoreKind> stores = robot.lookup("#storeBox").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<QueueKind> queue = robot.lookup("#liveQueueBox").queryAs(ComboBox.class);
        onFx(() -> {
            scope.setValue(RetryScope.WHOLE_JOB_SKIP_FINISHED);
            keys.setValue(key);
            stores.setValue(store);
            queue.setValue(QueueKind.DURABLE);
        });
        enter(robot, "#liveRestartMsField", "500");
        enter(robot, "#liveVisibilityTimeoutMsField", "3000");
        enter(robot, "#liveLeaseMsField", "2000");
    }

    private void clickTheWorkers(FxRobot robot) {
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        double[] c = queue.workersCentre();
        robot.clickOn(queue.localToScreen(c[0], c[1]));
    }

    private Label failuresLabel(FxRobot robot) {
        return robot.lookup("#failuresLabel").queryAs(Label.class);
    }

    @Test
    void aCrashWithTheInMemoryStoreAndADurableQueueSendsTheEmailAgain(FxRobot robot) {
        oneCalmSignupWithParts(robot, KeyMode.NONE, StoreKind.MEMORY);
        press(robot, "#resetButton");
        assertEquals(StoreKind.MEMORY, live.simulation().strategy().store());
        assertEquals(QueueKind.DURABLE, live.simulation().scenario().queue());
        assertEquals(500, live.simulation().scenario().restartMs());
        // step until the email went out and the job calls a later step, then click the workers
        stepUntil(robot, () -> live.token(0) != null && live.token(0).emails() > 0
                && live.token(0).phase() == JobToken.Phase.CALLING);
        assertTrue(live.token(0).active(), "the job is still running");
        assertFalse(failuresLabel(robot).isVisible(), "no failure counted yet");
        clickTheWorkers(robot);
        assertTrue(live.workersDown(), "the click crashed the worker process");
        assertEquals(JobToken.Phase.REDELIVERY, live.token(0).phase());
        assertEquals("crashes 1", failuresLabel(robot).getText());
        assertTrue(failuresLabel(robot).isVisible());
        // on: the process restarts, the queue redelivers the job, the empty store lets every step run again
        stepToTheEnd(robot);
        StrategyResult r = live.simulation().result();
        assertEquals(1, r.crashes());
        assertEquals(1, r.redeliveries());
        assertEquals(0, r.lostJobs());
        assertEquals(1, r.usersWithDuplicateEmails(), "the redelivered job sent the email again");
        assertEquals(2, live.token(0).delivery(), "drawn with the badge 2");
        assertEquals("crashes 1 · redeliveries 1", failuresLabel(robot).getText());
        assertTrue(live.countersProperty().get().startsWith("jobs done 1 · failed 0"));
        assertTrue(live.countersProperty().get().endsWith("users with 2+ emails 1"));
        List<Envelope> envelopes = envelopes();
        assertEquals(2, envelopes.size());
        assertTrue(envelopes.get(1).duplicate() && envelopes.get(1).nth() == 2, "a red 2nd envelope");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("user_0") && l.contains("redelivery")));
    }

    @Test
    void aCrashWithTheClaimTableAndTheSameKeyWaitsOutTheLeaseAndSendsNoSecondEmail(FxRobot robot) {
        oneCalmSignupWithParts(robot, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        press(robot, "#resetButton");
        assertEquals(StoreKind.CLAIM_TABLE, live.simulation().strategy().store());
        stepUntil(robot, () -> live.token(0) != null && live.token(0).step() >= 7
                && live.token(0).phase() == JobToken.Phase.CALLING);
        // the key store shows the claim table instead of the in-memory store, its rows read from the store
        TableView<?> claims = robot.lookup("#claimTable").queryAs(TableView.class);
        assertTrue(showing(claims));
        assertFalse(showing(robot.lookup("#storeTable").query()));
        assertEquals(8, claims.getItems().size(), "steps 1 to 8 claimed: seven completed, one in progress");
        assertEquals("in_progress", String.valueOf(claims.getColumns().get(1).getCellData(0)).toLowerCase());
        // crash it with the button
        Button crash = robot.lookup("#crashButton").queryButton();
        reveal(robot, crash);
        assertEquals("Crash worker process now (C)", crash.getText());
        robot.clickOn(crash);
        assertTrue(live.workersDown());
        stepToTheEnd(robot);
        StrategyResult r = live.simulation().result();
        assertEquals(1, r.crashes());
        assertEquals(1, r.leaseReclaims(), "the crashed step's key waited out its 2 s lease, then was reclaimed");
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(0, r.repeatedSteps(), "the completed steps were skipped with their saved results");
        // redelivered 3 s after it was taken, the job found its step's claim still in progress: sent back once
        assertEquals(1, r.jobInProgressRejections());
        assertEquals("crashes 1 · redeliveries 1 · in-progress refusals 1 · lease reclaims 1",
                failuresLabel(robot).getText());
        assertTrue(live.countersProperty().get().endsWith("users with 2+ emails 0"));
    }

    @Test
    void skipFinishedWithNoStoreSaysWhyInsteadOfResetting(FxRobot robot) {
        @SuppressWarnings("unchecked")
        ComboBox<RetryScope> scope = robot.lookup("#scopeBox").queryAs(ComboBox.class);
        onFx(() -> scope.setValue(RetryScope.WHOLE_JOB_SKIP_FINISHED));
        // the preset's store for each-step is none: skip finished needs another one
        Label error = robot.lookup("#liveInputError").queryAs(Label.class);
        assertTrue(error.isVisible());
        assertEquals("Store: none keeps no record of finished steps, so \"skip finished steps\" needs the "
                + "in-memory store or the claim table. Pick one of those, or another retry scope.", error.getText());
        SignupSimulation before = live.simulation();
        press(robot, "#resetButton");
        assertSame(before, live.simulation(), "no reset");
    }

    @Test
    void onADatabaseTheFxThreadMakesNoDatabaseCallWhilePlayingSteppingAndShowingTheClaimTable(FxRobot robot)
            throws Exception {
        Path dir = Files.createTempDirectory("lab-live-thread");
        Set<String> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger calls = new AtomicInteger();
        ExecutorService database = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lab-database");
            t.setDaemon(true);
            return t;
        });
        // as App wires it: a background thread for the database, answers on the FX thread
        onFx(() -> live.setDatabaseAccess(url -> new ThreadRecordingClaimStore(JdbcClaimStore.open(url), threads,
                calls, null), database, Platform::runLater));
        oneCalmSignupWithParts(robot, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        onFx(() -> {
            live.form().set(Parameter.JOBS, 3);
            live.databaseUrlProperty().set("jdbc:sqlite:" + dir.resolve("lab.db"));
        });
        press(robot, "#resetButton");
        waitUntil(() -> live.database() != null && live.simulation() != null && !live.busy());
        for (int i = 0; i < 5; i++) {
            press(robot, "#stepButton");
        }
        waitUntil(() -> !live.busy());
        onFx(() -> live.speedProperty().set(50));
        press(robot, "#playButton");
        waitUntil(() -> live.finishedProperty().get());
        waitUntil(() -> !live.busy() && !live.playingProperty().get());
        database.shutdown();
        assertTrue(calls.get() > 30, "the run went through the database: " + calls.get());
        assertEquals(Set.of("lab-database"), threads, "no database call on the FX thread");
        // what a person sees: the claim table as the database holds it
        TableView<?> claims = robot.lookup("#claimTable").queryAs(TableView.class);
        assertEquals(30, claims.getItems().size(), "3 sign-ups × 10 steps");
        assertTrue(text(robot, "#claimCounters").startsWith("Rows 30 · In progress 0 · Completed 30"),
                text(robot, "#claimCounters"));
        // and the numbers of the run played in the FX thread's stead are the in-memory model's
        Scenario s = live.simulation().scenario();
        assertEquals(new SignupSimulation(s, live.simulation().strategy(), RunControl.NONE).run(),
                live.simulation().result());
    }

    @Test
    void theClaimTableOnSqliteShowsItsRowsAsReadFromTheDatabase(FxRobot robot) throws Exception {
        Path dir = Files.createTempDirectory("lab-live-db");
        String url = "jdbc:sqlite:" + dir.resolve("lab.db");
        oneCalmSignupWithParts(robot, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        TextField database = robot.lookup("#databaseField").queryAs(TextField.class);
        assertFalse(database.isDisabled(), "the claim table's database can be given");
        onFx(() -> database.setText(url));
        press(robot, "#resetButton");
        assertNotNull(live.database(), "the run's claim table is the SQLite file");
        stepToTheEnd(robot);
        TableView<?> claims = robot.lookup("#claimTable").queryAs(TableView.class);
        // one sign-up, ten steps, each claimed and completed: ten rows, the same a second reader sees in the file
        assertEquals(10, claims.getItems().size());
        // a second reader of the same run (rows are kept apart by run id; a new store would be a run of its own)
        JdbcClaimStore run = (JdbcClaimStore) live.database();
        try (JdbcClaimStore reader = JdbcClaimStore.open(url, new JdbcClaimStore.Options(run.table(), run.runId(),
                run.epoch()))) {
            assertEquals(10, reader.size());
            assertTrue(reader.rows(10).stream().allMatch(r -> r.status() == ClaimRow.Status.COMPLETED));
        }
        assertTrue(text(robot, "#claimCounters").startsWith("Rows 10 · In progress 0 · Completed 10"),
                text(robot, "#claimCounters"));
    }

    @Test
    void aBadDatabaseUrlStopsResetWithOneMessage(FxRobot robot) {
        oneCalmSignupWithParts(robot, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        press(robot, "#resetButton");
        SignupSimulation before = live.simulation();
        TextField database = robot.lookup("#databaseField").queryAs(TextField.class);
        onFx(() -> database.setText("jdbc:nope:x"));
        press(robot, "#resetButton");
        assertSame(before, live.simulation(), "the run did not start; the old one stays");
        Label error = robot.lookup("#liveInputError").queryAs(Label.class);
        assertTrue(error.isVisible());
        assertTrue(error.getText().startsWith("Database: ") && error.getText().contains("jdbc:nope:x")
                && error.getText().endsWith("The run did not start."), error.getText());
        assertFalse(database.isDisabled(), "the field can be corrected");
    }
}
