package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@code --shutdown-every-ms} and {@code --shutdown-timeout-ms}: the workers stop taking jobs, wait, push back the
 * jobs still running and restart.
 */
class GracefulShutdownTest {
    /**
     * Two sign-ups, one worker, a durable queue, every call exactly 100 ms (1 s a job), nothing failing; a shutdown
     * at 1,550 ms (and every 1,550 ms after while jobs remain), a restart 100 ms after it.
     */
    private static final Scenario TWO = Scenario.article().toBuilder().jobs(2).workers(1).pFail(0).lostReply(0)
            .callTime(CallTimeShape.FIXED).callMs(100).queue(QueueKind.DURABLE).restartMs(100)
            .set(Parameter.SHUTDOWN_EVERY_MS, 1_550L).build();

    private static List<Long> numbers(Scenario s, List<SimulationEvent> dups) {
        SignupSimulation sim = new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        sim.setListener(e -> {
            if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                dups.add(e);
            }
        });
        StrategyResult r = sim.run();
        return List.of(r.succeededJobs(), r.repeatedSteps(), r.get(Metric.SHUTDOWNS), r.get(Metric.PUSHED_BACK_JOBS),
                r.get(Metric.VIRTUAL_TIME_MS));
    }

    @Test
    void aJobStillRunningAtTheTimeoutIsPushedBackAndRunsItsStepsAgain() {
        // user_0 runs 0 to 1 s. user_1 starts at 1 s (step k ends at 1,000 + 100k ms). At 1,550 ms the shutdown
        // begins and waits 200 ms: steps 6 and 7 end at 1,600 and 1,700; at 1,750 step 8's call is in flight and
        // the job is pushed back with steps 1 to 7 done. The process restarts at 1,850 and runs user_1 again from
        // step 1 to 2,850 ms: steps 1 to 7 are done again (7, booked to the shutdown). The shutdown due at 3,100
        // finds no job left. 1 shutdown, 1 pushed back.
        List<SimulationEvent> dups = new ArrayList<>();
        Scenario s = TWO.toBuilder().set(Parameter.SHUTDOWN_TIMEOUT_MS, 200L).build();
        assertEquals(List.of(2L, 7L, 1L, 1L, 2_850L), numbers(s, dups));
        assertEquals(List.of(DuplicateCause.SHUTDOWN), dups.stream().map(SimulationEvent::cause).distinct().toList());
    }

    @Test
    void theRestartEmptiesTheInMemoryStoreAndTheStepsItForgotAreBookedToTheShutdown() {
        // One sign-up, the article's fifth strategy (the in-memory store, the same provider key), sent again 2 s
        // later. user_0 runs 0 to 1 s and its ten steps are recorded. At 1,550 ms the shutdown finds no job
        // running and ends at once: the process restarts at 1,650 ms with an empty store. The repeat at 2 s finds
        // no record and runs every step again, but the provider, outside the process, still knows the email's
        // key: 9 steps done again, each booked to the shutdown (without it the repeat would skip all ten).
        List<SimulationEvent> dups = new ArrayList<>();
        Scenario s = TWO.toBuilder().jobs(1).pDuplicate(1).duplicateDelayMs(2_000, 2_000).build();
        SignupSimulation sim = new SignupSimulation(s, Strategy.WHOLE_JOB_SKIP_FINISHED, RunControl.NONE);
        sim.setListener(e -> {
            if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                dups.add(e);
            }
        });
        StrategyResult r = sim.run();
        assertEquals(List.of(9L, 1L, 0L), List.of(r.repeatedSteps(), r.get(Metric.SHUTDOWNS),
                r.get(Metric.PUSHED_BACK_JOBS)));
        assertEquals(List.of(DuplicateCause.SHUTDOWN), dups.stream().map(SimulationEvent::cause).distinct().toList());
    }

    @Test
    void aCrashWhileTheProcessDrainsEndsTheShutdownAndTheRestartTakesJobsAgain() {
        // Three sign-ups, a 1 s shutdown timeout. The shutdown at 1,550 ms drains while user_1 runs (1 to 2 s); a
        // click crashes the process at 1,600 ms, which ends the shutdown: the restart at 1,700 ms takes user_2 at
        // once (a restart still draining would take nothing and go down again at once, taking user_2 only at
        // 1,800 ms, after a second restart). user_1 comes back
        // after its 30 s visibility timeout; every sign-up succeeds.
        Scenario s = TWO.toBuilder().jobs(3).set(Parameter.SHUTDOWN_TIMEOUT_MS, 1_000L).build();
        SignupSimulation sim = new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        List<Long> user2Starts = new ArrayList<>();
        sim.setListener(e -> {
            if (e.kind() == Kind.JOB_STARTED && e.user() == 2) {
                user2Starts.add(e.timeMs());
            }
        });
        sim.advanceTo(1_600, Integer.MAX_VALUE);
        sim.crashNow();
        while (!sim.isFinished() && sim.step()) {
            // to the end
        }
        assertEquals(1_700L, user2Starts.get(0));
        assertEquals(3, sim.result().succeededJobs());
    }

    @Test
    void aJobThatEndsWithinTheTimeoutIsNotPushedBack() {
        // With a 1 s timeout user_1 ends at 2 s, within the wait: no job is left, so nothing is pushed back and
        // nothing runs twice; the run ends at 2 s. (Without the shutdown it ends there too.)
        Scenario s = TWO.toBuilder().set(Parameter.SHUTDOWN_TIMEOUT_MS, 1_000L).build();
        assertEquals(List.of(2L, 0L, 1L, 0L, 2_000L), numbers(s, new ArrayList<>()));
    }
}
