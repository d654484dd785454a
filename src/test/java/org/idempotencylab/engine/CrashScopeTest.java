package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.CrashScope;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** {@code --crash-scope}: a crash kills the whole worker process (the default) or only the worker that crashed. */
class CrashScopeTest {
    /**
     * Three sign-ups, two workers, an in-memory queue, every call exactly 100 ms, nothing failing, and every side
     * effect followed by a crash (pCrash 1), a restart 1 s later.
     */
    private static final Scenario EVERY_CALL_CRASHES = Scenario.article().toBuilder().jobs(3).workers(2).pFail(0)
            .lostReply(0).callTime(CallTimeShape.FIXED).callMs(100).pCrash(1).restartMs(1_000).build();

    private static List<Long> numbers(Scenario s) {
        StrategyResult r = new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE).run();
        return List.of(r.crashes(), r.lostJobs(), r.calls(), r.get(Metric.VIRTUAL_TIME_MS));
    }

    @Test
    void aProcessCrashTakesEveryWorkerAndTheWholeQueue() {
        // t=0: workers 0 and 1 take user_0 and user_1. At 100 ms worker 0's call does its side effect and the
        // process dies: both running jobs and user_2, waiting in the in-memory queue, are lost. Worker 1's call
        // ends on the clock and does nothing. 1 crash, 3 lost, 2 calls, the run ends at 100 ms.
        assertEquals(List.of(1L, 3L, 2L, 100L), numbers(EVERY_CALL_CRASHES));
    }

    @Test
    void aRunSharedWithACrashedWorkerFailsForItsSharerWhoRetries() {
        // One sign-up sent again at once, the article's fifth strategy (the in-memory store), no jitter: worker 0
        // runs user_0's step 1 and worker 1's repeat shares that run. At 100 ms worker 0's call does its side
        // effect and worker 0 alone crashes: its job is lost, and the run it owned fails for its sharer (else
        // worker 1 would wait for it forever and the repeat would never end). Worker 1 retries after 100 ms,
        // finds no record (the crash came before it was written), does step 1 again at 300 ms (1 step done
        // again) and crashes too: the repeat is lost. 2 crashes, 1 sign-up and 1 repeat lost.
        Scenario s = EVERY_CALL_CRASHES.toBuilder().jobs(1).jitter(false).pDuplicate(1).duplicateDelayMs(0, 0)
                .set(Parameter.CRASH_SCOPE, CrashScope.WORKER).build();
        StrategyResult r = new SignupSimulation(s, Strategy.WHOLE_JOB_SKIP_FINISHED, RunControl.NONE).run();
        assertEquals(List.of(2L, 1L, 1L, 1L), List.of(r.crashes(), r.lostJobs(), r.get(Metric.REPEATS_LOST),
                r.repeatedSteps()));
    }

    @Test
    void aWorkerCrashKillsOnlyItsJobAndTheQueueGoesOn() {
        // The same run with crashScope worker. At 100 ms worker 0 crashes: only user_0 is lost; worker 1's call
        // ends at the same ms and crashes it too: user_1 is lost. user_2 still waits in the queue, which lives on.
        // At 1,100 ms both workers start again; worker 0 (its restart was scheduled first) takes user_2, whose
        // first call crashes at 1,200 ms: lost. 3 crashes, 3 lost, 3 calls, the run ends at 1,200 ms.
        Scenario worker = EVERY_CALL_CRASHES.toBuilder().set(Parameter.CRASH_SCOPE, CrashScope.WORKER).build();
        assertEquals(List.of(3L, 3L, 3L, 1_200L), numbers(worker));
    }
}
