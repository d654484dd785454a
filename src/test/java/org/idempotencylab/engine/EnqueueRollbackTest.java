package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.LockAt;
import org.idempotencylab.scenario.OnConflict;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * A sign-up enqueued in a transaction that rolls back after taking its unique record (Oban's unique insert):
 * a repeat deduplicated against that record is not silently gone, it is counted, and so is the sign-up.
 */
class EnqueueRollbackTest {
    private static final Strategy LOCK = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK);

    /**
     * One sign-up, no failures, a lock taken at enqueue; its repeat arrives 50 ms later. Every enqueue rolls back
     * (p 1), 1,000 ms after it took the lock.
     */
    private static final Scenario DOOMED = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0)
            .lockAt(LockAt.ENQUEUE).pDuplicate(1).duplicateDelayMs(50, 50).pRollback(1).rollbackAfterMs(1_000)
            .build();

    private static StrategyResult run(Scenario s) {
        StrategyResult r = new SignupSimulation(s, LOCK, RunControl.NONE, true).run();
        assertEquals(r, new SignupSimulation(s, LOCK, RunControl.NONE, false).run());
        return r;
    }

    @Test
    void aRepeatRejectedAgainstARolledBackEnqueueIsCountedAndTheSignUpIsNeverDone() {
        // Rejected: the sign-up's enqueue takes the lock at 0 and rolls back; the worker reaches it at once and
        // finds no job (dropped, 1 rolled back). The repeat at 50 ms meets the lock, still held until 1,000, and
        // is rejected as a duplicate (1 deduplicated against the rollback). No call runs: the sign-up is never
        // done, and both requests are counted as dropped, so the outcomes still add up.
        StrategyResult rejected = run(DOOMED.toBuilder().onConflict(OnConflict.REJECT).build());
        assertEquals(1, rejected.get(Metric.ROLLED_BACK_ENQUEUES));
        assertEquals(1, rejected.get(Metric.DEDUPED_AGAINST_ROLLBACK));
        assertEquals(1, rejected.get(Metric.DROPPED_JOBS));
        assertEquals(0, rejected.get(Metric.SUCCEEDED_JOBS));
        assertEquals(1, rejected.get(Metric.REPEATS_DROPPED));
        assertEquals(0, rejected.calls());

        // Requeued: the repeat refused at 50 ms tries again after each backoff until the rollback frees the lock
        // at 1,000 ms; then it gets in and does the sign-up's 10 steps. Nothing is deduplicated against nothing.
        StrategyResult requeued = run(DOOMED.toBuilder().onConflict(OnConflict.REQUEUE).build());
        assertEquals(1, requeued.get(Metric.ROLLED_BACK_ENQUEUES));
        assertEquals(0, requeued.get(Metric.DEDUPED_AGAINST_ROLLBACK));
        assertEquals(1, requeued.get(Metric.DROPPED_JOBS), "the rolled-back enqueue itself");
        assertEquals(1, requeued.get(Metric.REPEATS_SUCCEEDED));
        assertEquals(10, requeued.calls());
        // it got in once the rollback freed the lock at 1,000 ms, not at the lock's 30 s TTL: its 10 calls of at
        // most 300 ms and the jittered waits of at most 2 s leave the run ending well before 30 s
        long end = requeued.get(Metric.VIRTUAL_TIME_MS);
        assertTrue(end > 1_000 && end < 30_000, "ended at " + end);

        // Off (p 0): the sign-up runs; its repeat, rejected while the lock is held, is an ordinary duplicate
        StrategyResult off = run(DOOMED.toBuilder().onConflict(OnConflict.REJECT).pRollback(0).build());
        assertEquals(0, off.get(Metric.ROLLED_BACK_ENQUEUES));
        assertEquals(0, off.get(Metric.DEDUPED_AGAINST_ROLLBACK));
        assertEquals(1, off.get(Metric.SUCCEEDED_JOBS));
        assertEquals(1, off.get(Metric.REPEATS_DROPPED));
    }
}
