package org.idempotencylab.ui.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.store.TestPostgres;
import org.idempotencylab.ui.FxSteps;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Real workers tab's buttons and state line from Start to the end of the run's clean-up, as a teacher sees them,
 * screen by screen: the run's results reach the window one at a time (the view-model's FX executor is a queue the
 * test runs task by task on the FX thread), so every state the window passes through is looked at, the moment
 * between "Finished" and the end of the clean-up (the workers' and the database's connections closing) too, which a
 * real window shows for a second or more. A small real run on the tests' PostgreSQL (1 process × 2 workers, 20
 * sign-ups, 1 ms calls). Headless under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class WorkRunEndFxTest {
    private static String url;
    private final BlockingQueue<Runnable> fxTasks = new LinkedBlockingQueue<>();
    private WorkViewModel work;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.freshDatabase("work_run_end");
    }

    @Start
    void start(Stage stage) throws Exception {
        work = new WorkViewModel(Executors.newSingleThreadExecutor(), Executors.newSingleThreadScheduledExecutor(),
                Executors.newSingleThreadExecutor(), fxTasks::add);
        WorkTab.show(stage, work);
    }

    @AfterEach
    void stopTheRun() {
        work.shutdown();
    }

    private static String status(FxRobot robot) {
        return FxSteps.onFx(() -> robot.lookup("#statusLabel").queryAs(Label.class).getText());
    }

    private static boolean disabled(FxRobot robot, String button) {
        return FxSteps.onFx(() -> robot.lookup(button).queryAs(Button.class).isDisabled());
    }

    private static String field(FxRobot robot, String id) {
        return FxSteps.onFx(() -> robot.lookup(id).queryAs(TextField.class).getText());
    }

    /**
     * The tab's own default run keeps going long enough for a class to click a worker process: the form's values,
     * as shown, ask each worker to sleep through its share of the calls (sign-ups × 10 calls × the mean call time,
     * over processes × workers each). 300 × 10 × 50 ms / 6 = 25 s of sleep per worker, whatever the machine; with the
     * command's 2 ms it would be 1 s. The state line says so before the first run.
     */
    @Test
    void theDefaultRunSleepsLongEnoughToClickAWorkerProcess(FxRobot robot) {
        long jobs = Long.parseLong(field(robot, "#workJobsField").replace(",", ""));
        long callMs = Long.parseLong(field(robot, "#workCallField").replace(",", ""));
        long workers = Long.parseLong(field(robot, "#workProcessesField"))
                * Long.parseLong(field(robot, "#workWorkersField"));
        long sleepMs = jobs * SignupSteps.COUNT * callMs / workers;
        assertTrue(sleepMs >= 20_000, "each worker sleeps " + sleepMs + " ms: too short to click a process in");
        assertTrue(status(robot).contains("Calls of 50 ms on average (the work command's default is 2 ms)"),
                status(robot));
    }

    @Test
    void stopIsEnabledOnlyWhileTheRunGoesAndAFinishedRunKeepsSayingFinished(FxRobot robot) throws Exception {
        for (String[] f : new String[][] {{"#workProcessesField", "1"}, {"#workWorkersField", "2"},
                {"#workJobsField", "20"}, {"#workCallField", "1"}, {"#workDbField", url}}) {
            FxSteps.enter(robot, FxSteps.onFx(() -> robot.lookup(f[0]).queryAs(TextField.class)), f[1]);
        }
        assertTrue(disabled(robot, "#stopButton"), "nothing to stop before a run");
        FxSteps.press(robot, "#startButton");
        assertFalse(disabled(robot, "#stopButton"), "a run starting can be stopped: " + status(robot));

        boolean sawRunning = false;
        boolean sawFinished = false;
        // every result the run sends the window, one at a time: the state line and Stop after each
        while (FxSteps.onFx(() -> work.runningProperty().get())) {
            Runnable next = fxTasks.poll(120, TimeUnit.SECONDS);
            assertNotNull(next, "the run sent nothing for 120 s; its state: " + status(robot));
            robot.interact(next);
            String state = status(robot);
            if (state.startsWith("Running")) {
                sawRunning = true;
                assertFalse(disabled(robot, "#stopButton"), "Stop while the run goes: " + state);
            }
            if (state.startsWith("Finished") && FxSteps.onFx(() -> work.runningProperty().get())) {
                sawFinished = true;
                // the clean-up goes on (Start still waits for it), yet the run is over: nothing to stop
                assertTrue(disabled(robot, "#stopButton"), "Stop after the run finished: " + state);
                FxSteps.press(robot, "#stopButton"); // a click on it does nothing
            }
        }
        assertTrue(sawRunning && sawFinished, "the window showed the run going, then finished");
        assertTrue(status(robot).startsWith("Finished: 20 sign-ups in "), status(robot));
        assertTrue(disabled(robot, "#stopButton"));
        assertFalse(disabled(robot, "#startButton"));
        assertEquals("", FxSteps.onFx(() -> robot.lookup("#messageLabel").queryAs(Label.class).getText()));
    }
}
