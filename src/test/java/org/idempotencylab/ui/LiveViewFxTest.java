package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.KeyRow;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.live.JobToken;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.idempotencylab.ui.live.QueueCanvas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** "Watch it happen", driven the way a teacher would in class. Headless under {@code mvn verify}. */
@ExtendWith(ApplicationExtension.class)
class LiveViewFxTest {
    private LiveViewModel live;

    @Start
    void start(Stage stage) throws Exception {
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        Parent root = App.load(new ControllerFactory()
                .with(CompareViewModel.class, new CompareViewModel(Scenario.article(),
                        Executors.newSingleThreadExecutor(), 1))
                .with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, new KeyStoreViewModel())
                .with(SweepViewModel.class, new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1))
                .with(FileChooserService.class, (o, t, n) -> Optional.empty()));
        stage.setScene(App.scene(root));
        stage.show();
        ((TabPane) root.lookup(".tab-pane")).getSelectionModel().select(1);
    }

    @Test
    void playMovesTheClockAndPauseStopsIt(FxRobot robot) {
        assertEquals(0, live.nowMs());
        robot.clickOn("#playButton");
        waitUntil(() -> live.nowMs() > 500); // at 1x, half a virtual second passes in half a real second
        assertTrue(live.playingProperty().get());
        robot.clickOn("#playButton");
        assertFalse(live.playingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        long paused = live.nowMs();
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(paused, live.nowMs(), "paused: the clock stands still");
        assertEquals("Play", robot.lookup("#playButton").queryButton().getText());
    }

    @Test
    void stepRunsExactlyOneEventByButtonAndByKey(FxRobot robot) {
        // Each step ends one call (the only events at the start of the classroom run are call ends and
        // arrivals, and a call end moves the clock to its drawn time): the clock jumps to the next event's time.
        long next = live.simulation().nextEventTimeMs();
        int logBefore = live.log().size();
        robot.clickOn("#stepButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(next, live.nowMs(), "the clock is at the event that ran");
        long next2 = live.simulation().nextEventTimeMs();
        assertTrue(next2 >= next);
        focusTheQueue(robot);
        robot.type(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(next2, live.nowMs(), "→ ran the following event and no other");
        assertFalse(live.playingProperty().get(), "stepping pauses");
        assertTrue(live.log().size() >= logBefore);
    }

    @Test
    void spaceAndRWorkFromTheKeyboard(FxRobot robot) {
        focusTheQueue(robot);
        robot.type(KeyCode.SPACE);
        assertTrue(live.playingProperty().get(), "Space plays");
        waitUntil(() -> live.nowMs() > 300);
        robot.type(KeyCode.SPACE);
        assertFalse(live.playingProperty().get(), "Space pauses");
        robot.type(KeyCode.R);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, live.nowMs(), "R starts over at time 0");
    }

    @Test
    void clickingAJobShowsItsHistoryAndFailsItsNextCall(FxRobot robot) {
        // step until user_0 is calling, then click its token on the canvas
        while (live.token(0) == null || live.token(0).phase() != JobToken.Phase.CALLING) {
            robot.clickOn("#stepButton");
        }
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        WaitForAsyncUtils.sleep(400, TimeUnit.MILLISECONDS); // let the token finish gliding to its station
        WaitForAsyncUtils.waitForFxEvents();
        double[] at = queue.drawnAt(live.token(0));
        robot.clickOn(queue.localToScreen(at[0], at[1]));
        assertEquals(0, live.selectedProperty().get().user());
        assertEquals("Job history: user_0", robot.lookup("#historyTitle").queryAs(Label.class).getText());
        assertTrue(live.selectedHistory().stream().anyMatch(l -> l.contains("fault armed")), "the click is in it");
        assertTrue(live.token(0).faultArmed());
        // play on: its next call fails "(clicked)", in its history and in the event log
        robot.interact(() -> live.speedProperty().set(20));
        robot.clickOn("#playButton");
        waitUntil(() -> live.selectedHistory().stream().anyMatch(l -> l.contains("failed") && l.contains("clicked")));
        assertTrue(live.log().stream().anyMatch(l -> l.contains("user_0") && l.contains("clicked")));
    }

    @Test
    void aChangedParameterWaitsForResetAndABadOneStopsIt(FxRobot robot) {
        Label pending = robot.lookup("#pendingLabel").queryAs(Label.class);
        assertFalse(pending.isVisible());
        type(robot, "#workersField", "3");
        assertTrue(pending.isVisible(), "the panel says the run keeps its parameters");
        assertEquals(2, live.simulation().scenario().workers(), "the run in progress is unchanged");
        // a bad value typed without Enter, then Reset: refused with its message, and no reset
        TextField seed = robot.lookup("#liveSeedField").queryAs(TextField.class);
        robot.clickOn(seed);
        robot.interact(seed::selectAll);
        robot.write("99999999999");
        robot.clickOn("#resetButton");
        Label error = robot.lookup("#liveInputError").queryAs(Label.class);
        assertTrue(error.isVisible());
        assertEquals("Seed: 99999999999 is outside the allowed range -2,147,483,648 to 2,147,483,647",
                error.getText());
        assertEquals(2, live.simulation().scenario().workers(), "no reset happened");
        robot.clickOn("#resetButton"); // the seed field shows its old value again: now Reset applies the rest
        assertEquals(3, live.simulation().scenario().workers());
        assertFalse(pending.isVisible());
    }

    @Test
    void wholeJobRetryRunsTheOtherStepsAgainAndTheStatusBarCountsIt(FxRobot robot) {
        // one sign-up, no random failures; a click loses the email's reply: the whole job retries from step 1,
        // so steps 1-6 run again (the email itself is keyed: the provider does not send it twice)
        oneCalmSignup(robot, Strategy.WHOLE_JOB_SAME_KEY);
        robot.clickOn("#resetButton");
        robot.interact(() -> live.clickProvider());
        robot.interact(() -> live.speedProperty().set(LiveViewModel.MAX_SPEED));
        robot.clickOn("#playButton");
        waitUntil(() -> live.simulation().isFinished());
        for (int step = 0; step < 6; step++) {
            assertEquals(1, live.duplicates(step), "step " + (step + 1) + " done again, shown on its station");
        }
        assertEquals(0, live.duplicates(6), "the email: the provider knew the key");
        assertEquals(6, live.simulation().result().repeatedSteps());
        // the status bar: jobs done, failed, calls (10 + the 7 of the first attempt), users with 2+ emails
        assertEquals("jobs done 1 · failed 0 · calls 17 · users with 2+ emails 0", live.countersProperty().get());
        // each tab has its status bar: the live tab's is the one with right items
        assertTrue(robot.lookup(".status-bar").queryAllAs(org.controlsfx.control.StatusBar.class).stream()
                .flatMap(b -> b.getRightItems().stream())
                .anyMatch(n -> n instanceof Label l && l.getText().equals(live.countersProperty().get())));
    }

    @Test
    void theQueueShowsTheSignupsWaitingForAWorker(FxRobot robot) {
        // 6 sign-ups all at once for 2 workers: after the start, 2 are taken and 4 wait
        type(robot, "#liveJobsField", "6");
        type(robot, "#arrivalField", "0");
        robot.clickOn("#resetButton");
        assertEquals(4, live.simulation().waitingJobs());
        assertEquals(2, live.simulation().firstWaitingUser());
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        WaitForAsyncUtils.waitForFxEvents();
        // the first waiting one is drawn in the queue column, and a click arms its first call
        double[] at = null;
        for (double y = 40; y < 80 && at == null; y += 2) {
            if (queue.waitingUserAt(12 + 12, y) == 2) {
                at = new double[] {24, y};
            }
        }
        assertTrue(at != null, "user_2 is drawn in the waiting line");
        robot.clickOn(queue.localToScreen(at[0], at[1]));
        assertEquals(2, live.selectedProperty().get().user());
        assertTrue(live.token(2).faultArmed());
    }

    @Test
    void aRepeatedRequestSharesTheRunInFlightAndSkipsWhatFinished(FxRobot robot) {
        // one sign-up sent twice, 500 ms apart, two workers: the repeat starts while the first job still runs.
        // With the store on every step it shares the step in flight and skips the finished ones: no step is
        // done twice, and the key store counts the shared run.
        oneCalmSignup(robot, Strategy.WHOLE_JOB_SKIP_FINISHED);
        type(robot, "#repeatField", "100");
        type(robot, "#repeatDelayField", "500");
        robot.clickOn("#resetButton");
        robot.interact(() -> live.speedProperty().set(50));
        robot.clickOn("#playButton");
        waitUntil(() -> live.simulation().isFinished());
        StrategyResult r = live.simulation().result();
        assertEquals(1, r.repeatedRequests());
        assertEquals(0, r.repeatedSteps(), "no step done twice");
        assertTrue(live.simulation().store().shares() >= 1, "the repeat shared a run in flight");
        assertTrue(live.token(0, true) != null && live.token(0, false) != null, "two tokens for user_0");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("user_0 (repeat)") && l.contains("shared")));
    }

    @Test
    void theStrategyBoxNamesAStrategyComposedFromItsParts(FxRobot robot) {
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> box = robot.lookup("#strategyBox").queryAs(ComboBox.class);
        robot.interact(() -> {
            live.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
            live.keyModeProperty().set(KeyMode.SAME);
            live.storeProperty().set(StoreKind.CLAIM_TABLE);
        });
        Strategy composed = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        assertEquals(composed, box.getValue());
        assertEquals("custom: " + composed.name(), box.getButtonCell().getText(), "not blank");
        robot.interact(() -> box.setValue(Strategy.EACH_STEP_NO_KEY));
        assertEquals(Strategy.EACH_STEP_NO_KEY.name(), box.getButtonCell().getText());
        assertEquals(5, box.getItems().size(), "the list keeps the article's five");
    }

    /** Picks {@code strategy} and types one sign-up with no random failures or lost replies (before Reset). */
    private static void oneCalmSignup(FxRobot robot, Strategy strategy) {
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> box = robot.lookup("#strategyBox").queryAs(ComboBox.class);
        robot.interact(() -> box.setValue(strategy));
        type(robot, "#liveJobsField", "1");
        type(robot, "#livePFailField", "0");
        type(robot, "#liveLostReplyField", "0");
    }

    private static void focusTheQueue(FxRobot robot) {
        // the top-left corner of the canvas holds only the "Queue" title: a click there gives the view the focus
        // without touching a token
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        robot.clickOn(queue.localToScreen(60, 6));
    }

    @Test
    void clickingTheProviderWithoutAKeySendsASecondEmail(FxRobot robot) {
        StrategyResult r = playOneCalmSignupWithAClickOnTheProvider(robot, Strategy.EACH_STEP_NO_KEY);
        assertEquals(1, r.usersWithDuplicateEmails(), "the retry after the lost reply sent the email again");
        // what the canvas draws at the provider: the first envelope marked LOST, then a red second one
        List<LiveViewModel.Envelope> envelopes = new ArrayList<>();
        live.envelopes().forEach(envelopes::add);
        assertEquals(2, envelopes.size());
        assertTrue(envelopes.get(0).replyLost() && !envelopes.get(0).duplicate());
        assertTrue(envelopes.get(1).duplicate() && envelopes.get(1).nth() == 2);
        assertTrue(live.log().stream().anyMatch(l -> l.contains("reply lost") && l.contains("clicked")));
    }

    @Test
    void clickingTheProviderWithTheSameKeySendsNoSecondEmail(FxRobot robot) {
        StrategyResult r = playOneCalmSignupWithAClickOnTheProvider(robot, Strategy.EACH_STEP_SAME_KEY);
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(1, r.providerSuppressedSends(), "the provider knew the key and sent nothing");
        List<LiveViewModel.Envelope> envelopes = new ArrayList<>();
        live.envelopes().forEach(envelopes::add);
        assertEquals(2, envelopes.size());
        assertTrue(envelopes.get(1).suppressed(), "drawn grey: key known, not sent");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("no email sent")));
    }

    @Test
    void keyStoreRowsAppearWhileTheJobRunsAndDisappearWhenTheirTtlRunsOut(FxRobot robot) {
        oneCalmSignup(robot, Strategy.WHOLE_JOB_SKIP_FINISHED);
        type(robot, "#ttlField", "3000"); // each step's key lives 3 virtual seconds after the step finishes
        robot.clickOn("#resetButton");
        @SuppressWarnings("unchecked")
        TableView<KeyRow> table = robot.lookup("#storeTable").queryAs(TableView.class);
        // 2x, not faster: the key tables take changes ten times a real second while playing, and on a loaded
        // machine a slow frame at 10x would carry the clock past the keys' whole 3 s lifetime before a check
        robot.interact(() -> live.speedProperty().set(2));
        robot.clickOn("#playButton");
        // the job's ten steps take about 2 virtual s: its keys show up one by one, "send the welcome email" too
        waitUntil(() -> table.getItems().stream().anyMatch(r -> r.keyText().startsWith("send the welcome email")));
        assertTrue(live.nowMs() < 5_000, "seen while the keys are alive");
        // after the job ends the clock keeps running while keys count down; each goes 3 s after its step finished
        waitUntil(() -> live.simulation().isFinished());
        long jobEnd = live.simulation().result().virtualTimeMs();
        assertFalse(table.getItems().isEmpty(), "the last steps' keys outlive the job by up to 3 s");
        waitUntil(() -> table.getItems().isEmpty());
        assertEquals(0, live.simulation().store().liveKeys());
        // the last step finished as the job ended, so its key goes exactly 3,000 ms later, not before
        assertTrue(live.nowMs() >= jobEnd + 3_000, "not before the TTL of the last key: " + live.nowMs() + " vs "
                + jobEnd);
        assertEquals(1, live.simulation().finishedJobs(), "the same run, not a new one");
    }

    /** One sign-up, no random failures or lost replies: any duplicate comes from the click. */
    private StrategyResult playOneCalmSignupWithAClickOnTheProvider(FxRobot robot, Strategy strategy) {
        oneCalmSignup(robot, strategy);
        robot.clickOn("#resetButton");
        assertEquals(strategy, live.simulation().strategy());
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        double[] c = queue.providerCentre();
        Point2D onScreen = queue.localToScreen(c[0], c[1]);
        robot.clickOn(onScreen);
        assertTrue(live.simulation().isNextReplyLost(), "the click armed the provider");
        robot.interact(() -> live.speedProperty().set(LiveViewModel.MAX_SPEED));
        robot.clickOn("#playButton");
        waitUntil(() -> live.simulation().isFinished());
        return live.simulation().result();
    }

    /**
     * Picks the strategy's parts and the queue in the panel, one calm sign-up, and short restart, visibility
     * timeout and lease times (before Reset).
     */
    private static void oneCalmSignupWithParts(FxRobot robot, KeyMode key, StoreKind store) {
        oneCalmSignup(robot, Strategy.EACH_STEP_NO_KEY);
        @SuppressWarnings("unchecked")
        ComboBox<RetryScope> scope = robot.lookup("#scopeBox").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<KeyMode> keys = robot.lookup("#keyBox").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<StoreKind> stores = robot.lookup("#storeBox").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<QueueKind> queue = robot.lookup("#queueBox").queryAs(ComboBox.class);
        robot.interact(() -> {
            scope.setValue(RetryScope.WHOLE_JOB_SKIP_FINISHED);
            keys.setValue(key);
            stores.setValue(store);
            queue.setValue(QueueKind.DURABLE);
        });
        type(robot, "#restartField", "500");
        type(robot, "#visibilityField", "3000");
        type(robot, "#leaseField", "2000");
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
        robot.clickOn("#resetButton");
        assertEquals(StoreKind.MEMORY, live.simulation().strategy().store());
        assertEquals(QueueKind.DURABLE, live.simulation().scenario().queue());
        // play at 1x until the job has done a few steps, pause, step on until the email went out and the job
        // calls a later step, then click the workers
        robot.clickOn("#playButton");
        waitUntil(() -> live.token(0) != null && live.token(0).step() >= 1);
        robot.clickOn("#playButton");
        robot.interact(() -> {
            for (int i = 0; i < 1_000 && live.token(0).active() && (live.token(0).emails() == 0
                    || live.token(0).phase() != JobToken.Phase.CALLING); i++) {
                live.stepOnce();
            }
        });
        assertTrue(live.token(0).active(), "the job is still running");
        assertFalse(failuresLabel(robot).isVisible(), "no failure counted yet");
        clickTheWorkers(robot);
        assertTrue(live.workersDown(), "the click crashed the worker process");
        assertEquals(JobToken.Phase.REDELIVERY, live.token(0).phase());
        assertEquals("crashes 1", failuresLabel(robot).getText());
        assertTrue(failuresLabel(robot).isVisible());
        // play on: the process restarts, the queue redelivers the job, the empty store lets every step run again
        robot.interact(() -> live.speedProperty().set(LiveViewModel.MAX_SPEED));
        robot.clickOn("#playButton");
        waitUntil(() -> live.simulation().isFinished());
        StrategyResult r = live.simulation().result();
        assertEquals(1, r.crashes());
        assertEquals(1, r.redeliveries());
        assertEquals(0, r.lostJobs());
        assertEquals(1, r.usersWithDuplicateEmails(), "the redelivered job sent the email again");
        assertEquals(2, live.token(0).delivery(), "drawn with d2");
        assertEquals("crashes 1 · redeliveries 1", failuresLabel(robot).getText());
        assertTrue(live.countersProperty().get().startsWith("jobs done 1 · failed 0"));
        assertTrue(live.countersProperty().get().endsWith("users with 2+ emails 1"));
        List<LiveViewModel.Envelope> envelopes = new ArrayList<>();
        live.envelopes().forEach(envelopes::add);
        assertEquals(2, envelopes.size());
        assertTrue(envelopes.get(1).duplicate() && envelopes.get(1).nth() == 2, "a red 2nd envelope");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("user_0") && l.contains("redelivery")));
    }

    @Test
    void aCrashWithTheClaimTableAndTheSameKeyWaitsOutTheLeaseAndSendsNoSecondEmail(FxRobot robot) {
        oneCalmSignupWithParts(robot, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        robot.clickOn("#resetButton");
        assertEquals(StoreKind.CLAIM_TABLE, live.simulation().strategy().store());
        // step until the job has done a few steps, then crash it with the button
        robot.interact(() -> {
            for (int i = 0; i < 1_000 && (live.token(0) == null || live.token(0).step() < 7
                    || live.token(0).phase() != JobToken.Phase.CALLING); i++) {
                live.stepOnce();
            }
        });
        FxSteps.reveal(robot, robot.lookup("#crashButton").query());
        robot.clickOn("#crashButton");
        assertTrue(live.workersDown());
        robot.interact(() -> live.speedProperty().set(LiveViewModel.MAX_SPEED));
        robot.clickOn("#playButton");
        waitUntil(() -> live.simulation().isFinished());
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
        robot.interact(() -> scope.setValue(RetryScope.WHOLE_JOB_SKIP_FINISHED));
        // the preset's store for each-step is none: skip finished needs another one
        Label error = robot.lookup("#liveInputError").queryAs(Label.class);
        assertTrue(error.isVisible());
        assertTrue(error.getText().startsWith("Store: none keeps no record of finished steps"), error.getText());
        Strategy before = live.simulation().strategy();
        robot.clickOn("#resetButton");
        assertEquals(before, live.simulation().strategy(), "no reset");
    }

    @Test
    void theClaimTableOnSqliteShowsItsRowsAsReadFromTheDatabase(FxRobot robot) throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("lab-live-db");
        String url = "jdbc:sqlite:" + dir.resolve("lab.db");
        oneCalmSignupWithParts(robot, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        type(robot, "#databaseField", url);
        robot.clickOn("#resetButton");
        assertTrue(live.database() != null, "the run's claim table is the SQLite file");
        robot.interact(() -> live.speedProperty().set(LiveViewModel.MAX_SPEED));
        robot.clickOn("#playButton");
        waitUntil(() -> live.simulation().isFinished());
        robot.clickOn("#playButton"); // pause: the key tables read the database at once
        robot.interact(live::stepOnce);
        @SuppressWarnings("unchecked")
        javafx.scene.control.TableView<?> claims = robot.lookup("#claimTable").queryAs(
                javafx.scene.control.TableView.class);
        // one sign-up, ten steps, each claimed and completed: ten rows, the same a second reader sees in the file
        waitUntil(() -> claims.getItems().size() == 10);
        try (org.idempotencylab.store.JdbcClaimStore reader = org.idempotencylab.store.JdbcClaimStore.open(url)) {
            assertEquals(10, reader.size());
            assertTrue(reader.rows(10).stream().allMatch(r -> r.status()
                    == org.idempotencylab.store.ClaimRow.Status.COMPLETED));
        }
    }

    @Test
    void aBadDatabaseUrlStopsResetWithOneMessage(FxRobot robot) {
        oneCalmSignupWithParts(robot, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        robot.clickOn("#resetButton");
        var before = live.simulation();
        type(robot, "#databaseField", "jdbc:nope:x");
        robot.clickOn("#resetButton");
        assertTrue(before == live.simulation(), "the run did not start; the old one stays");
        Label error = robot.lookup("#liveInputError").queryAs(Label.class);
        assertTrue(error.isVisible());
        assertTrue(error.getText().startsWith("Database: ") && error.getText().contains("jdbc:nope:x"),
                error.getText());
    }

}
