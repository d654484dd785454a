package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;

import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.idempotencylab.engine.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.KeyRow;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.live.LiveViewModel;
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
        long before = live.simulation().eventsFired();
        robot.clickOn("#stepButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before + 1, live.simulation().eventsFired());
        robot.clickOn("#queue"); // focus the view, not a text field, so the arrow key is the playback's
        robot.type(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before + 2, live.simulation().eventsFired());
        assertFalse(live.playingProperty().get(), "stepping pauses");
    }

    @Test
    void clickingTheProviderWithoutAKeySendsASecondEmail(FxRobot robot) {
        StrategyResult r = playOneCalmSignupWithAClickOnTheProvider(robot, Strategy.EACH_STEP_NO_KEY);
        assertEquals(1, r.usersWithDuplicateEmails(), "the retry after the lost reply sent the email again");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("reply lost") && l.contains("clicked")));
    }

    @Test
    void clickingTheProviderWithTheSameKeySendsNoSecondEmail(FxRobot robot) {
        StrategyResult r = playOneCalmSignupWithAClickOnTheProvider(robot, Strategy.EACH_STEP_SAME_KEY);
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(1, r.providerSuppressedSends(), "the provider knew the key and sent nothing");
        assertTrue(live.log().stream().anyMatch(l -> l.contains("no email sent")));
    }

    @Test
    void keyStoreRowsAppearWhileTheJobRunsAndDisappearWhenTheirTtlRunsOut(FxRobot robot) {
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> box = robot.lookup("#strategyBox").queryAs(ComboBox.class);
        robot.interact(() -> box.setValue(Strategy.WHOLE_JOB_SKIP_FINISHED));
        type(robot, "#liveJobsField", "1");
        type(robot, "#livePFailField", "0");
        type(robot, "#liveLostReplyField", "0");
        type(robot, "#ttlField", "3000"); // each step's key lives 3 virtual seconds after the step finishes
        robot.clickOn("#resetButton");
        @SuppressWarnings("unchecked")
        TableView<KeyRow> table = robot.lookup("#storeTable").queryAs(TableView.class);
        robot.interact(() -> live.speedProperty().set(10));
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
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> box = robot.lookup("#strategyBox").queryAs(ComboBox.class);
        robot.interact(() -> box.setValue(strategy));
        type(robot, "#liveJobsField", "1");
        type(robot, "#livePFailField", "0");
        type(robot, "#liveLostReplyField", "0");
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


}
