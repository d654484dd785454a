package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * The attempt timeout ({@code --attempt-timeout-ms}): the caller stops waiting and retries, but the call it gave
 * up on goes on and does its side effect when it ends, so the retry and the abandoned call both do it (Temporal's
 * start-to-close timeout retries an activity that is still running; an HTTP client's timeout leaves the server
 * working). Lognormal call times with sigma 0 make every call take exactly its mean, so the times below are exact.
 */
class AttemptTimeoutTest {
    /** Nothing fails; every call takes exactly 1,000 ms; backoffs 100, 200 ms without jitter; 3 attempts. */
    private static final Scenario FIXED = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0)
            .callTime(CallTimeShape.LOGNORMAL).callTimeSigma(0).callMs(1_000).jitter(false).build();

    private static StrategyResult run(Scenario s, Strategy strategy, List<SimulationEvent> events) {
        SignupSimulation sim = new SignupSimulation(s, strategy, RunControl.NONE, true);
        if (events != null) {
            sim.setListener(events::add);
        }
        return sim.run();
    }

    @Test
    void aCallLongerThanTheTimeoutRunsBesideEachRetry() {
        List<SimulationEvent> events = new ArrayList<>();
        StrategyResult r = run(FIXED.toBuilder().attemptTimeoutMs(600).build(), Strategy.EACH_STEP_NO_KEY, events);
        // Step 0 (create the account): attempt 1 starts at 0 and is given up at 600; backoff 100 ms, attempt 2
        // at 700, given up at 1,300; backoff 200 ms, attempt 3 at 1,500, given up at 2,100: out of attempts, the
        // job fails and no later step runs. Each call goes on to its end, 1,000 ms after it started, and does the
        // step's side effect then: at 1,000, 1,700 and 2,500. Three side effects of one step: two done again.
        assertEquals(3, r.get(Metric.ATTEMPT_TIMEOUTS));
        assertEquals(3, r.calls());
        assertEquals(1, r.failedJobs());
        assertEquals(2, r.repeatedSteps());
        assertEquals(List.of(2L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L), r.repeatedStepsByStep());
        List<Long> sideEffectsAt = events.stream()
                .filter(e -> e.kind() == SimulationEvent.Kind.SIDE_EFFECT
                        || e.kind() == SimulationEvent.Kind.DUPLICATE_SIDE_EFFECT)
                .map(SimulationEvent::timeMs).toList();
        assertEquals(List.of(1_000L, 1_700L, 2_500L), sideEffectsAt, "each at its own call's end");
    }

    @Test
    void aTimeoutNoCallReachesChangesNothing() {
        // every call takes exactly 1,000 ms: a timeout of 1,000 ms is not exceeded (the caller gives up only on a
        // call that takes longer), so the run is the one without a timeout: ten calls, no duplicates
        StrategyResult off = run(FIXED, Strategy.EACH_STEP_NO_KEY, null);
        StrategyResult at = run(FIXED.toBuilder().attemptTimeoutMs(1_000).build(), Strategy.EACH_STEP_NO_KEY, null);
        assertEquals(10, at.calls());
        assertEquals(0, at.repeatedSteps());
        assertEquals(0, at.get(Metric.ATTEMPT_TIMEOUTS));
        assertEquals(off.virtualTimeMs(), at.virtualTimeMs());
        assertEquals(10_000, at.virtualTimeMs(), "ten calls of 1,000 ms");
    }

    @Test
    void slowCallsTimeOutAndTheProviderKeyStopsOnlyTheEmailTwice() {
        // 10,000 sign-ups; a call takes exactly 100 ms, or (5%) exactly 4,000 ms, which outlives the 1,000 ms
        // timeout. Nothing fails, so every call, abandoned or not, does its side effect: a step makes 1 + p + p^2
        // calls on average (a second if the first was slow, a third if that was slow too), and done-again steps
        // are 10 steps x (p + p^2) = 0.525 per job: 5,250 for 10,000 jobs (about 71 either way). A job fails when
        // one step is slow three times: 10 x p^3 = 0.00125 per job, 12.5 jobs (3.5 either way).
        Scenario slow = Scenario.article().toBuilder().jobs(10_000).pFail(0).lostReply(0).seed(4)
                .callTime(CallTimeShape.LOGNORMAL).callTimeSigma(0).callMs(100).pSlow(0.05).slowCallMs(4_000)
                .attemptTimeoutMs(1_000).build();
        StrategyResult noKey = run(slow, Strategy.EACH_STEP_NO_KEY, null);
        assertEquals(5_250, noKey.repeatedSteps(), 300);
        assertEquals(12.5, noKey.failedJobs(), 12);
        assertEquals(noKey.slowCalls(), noKey.get(Metric.ATTEMPT_TIMEOUTS), "every slow call, and only those");
        // exactly: each timeout is followed by one more call of its step (a retry), except the third of a step
        // that failed, so the steps done again are the timeouts less the failed jobs (here 5,410 - 15 = 5,395)
        assertEquals(noKey.get(Metric.ATTEMPT_TIMEOUTS) - noKey.failedJobs(), noKey.repeatedSteps());
        // users with 2+ emails: those whose first email call was slow, p = 5%: 500 (about 22 either way)
        assertEquals(500, noKey.usersWithDuplicateEmails(), 90);

        // the same provider key every time: the abandoned email call and its retry carry welcome-email:<user>,
        // and the provider sends once per key, so no one gets two; the nine other steps are done again as before
        StrategyResult sameKey = run(slow, Strategy.EACH_STEP_SAME_KEY, null);
        assertEquals(0, sameKey.usersWithDuplicateEmails());
        assertEquals(noKey.repeatedSteps() * 0.9, sameKey.repeatedSteps(), 300);

        // without the timeout the caller waits for the slow call: nothing is done twice
        StrategyResult waits = run(slow.toBuilder().attemptTimeoutMs(0).build(), Strategy.EACH_STEP_NO_KEY, null);
        assertEquals(0, waits.repeatedSteps());
        assertEquals(0, waits.failedJobs());
    }
}
