package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * Runs of one user's job at once ({@code sameKeyOverlaps}) and the per-key concurrency limit
 * ({@code --max-concurrent-per-key}), on one-sign-up runs whose numbers follow from the rules written beside them.
 * No store, no key: whatever runs, runs every step.
 */
class KeyConcurrencyTest {
    /**
     * One sign-up sent again at once (the repeat reaches the queue with it, at 0), two workers, nothing failing:
     * worker 1 takes the sign-up and makes its first call at 0; worker 2 then takes the repeat and makes its first call
     * at 0 too, while the sign-up runs (ten calls of 100 to 300 ms).
     */
    private static final Scenario REPEAT_AT_ONCE = Scenario.article().toBuilder().jobs(1).workers(2).pFail(0)
            .lostReply(0).pDuplicate(1).duplicateDelayMs(0, 0).build();

    private static StrategyResult run(Scenario s) {
        return new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE).run();
    }

    private static Scenario limited(Scenario s, long limit) {
        Scenario.Builder b = s.toBuilder();
        Parameter.MAX_CONCURRENT_PER_KEY.set(b, limit);
        return b.build();
    }

    private static void assertRuns(StrategyResult r, long overlappingRuns, long sameKeyOverlaps, long repeatedSteps) {
        assertEquals(overlappingRuns, r.get(Metric.OVERLAPPING_RUNS), "overlapping runs");
        assertEquals(sameKeyOverlaps, r.get(Metric.SAME_KEY_OVERLAPS), "same-key overlaps");
        assertEquals(repeatedSteps, r.repeatedSteps(), "steps done again");
    }

    @Test
    void aRepeatRunningBesideItsSignupIsASameKeyOverlapNotAnOverlappingRun() {
        // The repeat's run begins while the sign-up's runs: one same-key overlap. They are two requests, not two
        // deliveries of one, so no overlapping run. Every step twice: 10 steps done again.
        assertRuns(run(REPEAT_AT_ONCE), 0, 1, 10);
        // A limit of 2 lets both run at once: the same numbers as no limit.
        StrategyResult two = run(limited(REPEAT_AT_ONCE, 2));
        assertEquals(1, two.get(Metric.SAME_KEY_OVERLAPS));
        assertEquals(0, two.jobInProgressRejections());
    }

    @Test
    void aLimitOfOneRequeuesTheRepeatUntilTheSignupHasEnded() {
        // Limit 1: worker 2's delivery of the repeat finds the key's one slot held by the sign-up and goes back as
        // "job in progress", again after each backoff, until the sign-up ends (about 2 s); then it runs. No overlap,
        // at least one refusal, both requests succeed, and still every step twice: a limit orders runs, it records
        // nothing, so the repeat runs all ten steps after the sign-up.
        StrategyResult r = run(limited(REPEAT_AT_ONCE, 1));
        assertEquals(0, r.get(Metric.SAME_KEY_OVERLAPS));
        assertTrue(r.jobInProgressRejections() >= 1, Long.toString(r.jobInProgressRejections()));
        assertEquals(1, r.get(Metric.SUCCEEDED_JOBS));
        assertEquals(1, r.get(Metric.REPEATS_SUCCEEDED));
        assertEquals(10, r.repeatedSteps());
    }

    @Test
    void aRedeliveryBesideItsFirstDeliveryIsBothOverlapsAndTheLimitKeepsItOut() {
        // One sign-up on a durable queue, calls of exactly 1,000 ms (ten: 10 s), a visibility timeout of 2,500 ms,
        // two workers. At 2.5 s the queue delivers it again and worker 2 runs it beside worker 1: one overlapping run,
        // and one same-key overlap. Its next timeout, at 5 s, puts it back, but no worker is free before worker 1
        // ends at 10 s and acknowledges it, so that copy is dropped unrun. Worker 2 runs all ten steps: 10 again.
        Scenario s = Scenario.article().toBuilder().jobs(1).workers(2).pFail(0).lostReply(0).queue(QueueKind.DURABLE)
                .visibilityTimeoutMs(2_500).callTime(CallTimeShape.FIXED).callMs(1_000).maxReceives(1_000).build();
        assertRuns(run(s), 1, 1, 10);
        // Limit 1: the redelivery is refused at 2.5 s and after each backoff (each a receive: hence 1,000 receives
        // allowed, so none dead-letters it) until worker 1 acknowledges it at 10 s; then its copy is dropped unrun.
        StrategyResult one = run(limited(s, 1));
        assertRuns(one, 0, 0, 0);
        assertEquals(1, one.get(Metric.SUCCEEDED_JOBS));
        assertEquals(10, one.get(Metric.CALLS));
    }
}
