package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.idempotencylab.scenario.ClaimMode;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.JdbcClaimStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claim table's mechanisms from real queues, each off by default and shown here with a fixed seed: the
 * heartbeat that renews a live worker's lease, the retention of completed rows, the non-atomic check-then-insert
 * claim.
 */
class ClaimMechanismsTest {
    private static final Strategy CLAIMS =
            Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
    /** No failures, so every duplicate here comes from the mechanism under test. */
    private static final Scenario CALM = Scenario.article().toBuilder().pFail(0).lostReply(0).build();

    private static StrategyResult run(Scenario s) {
        StrategyResult r = new SignupSimulation(s, CLAIMS, RunControl.NONE, true).run();
        assertEquals(r, new SignupSimulation(s, CLAIMS, RunControl.NONE, false).run(),
                "forgetting a user's keys after the last job changes nothing");
        return r;
    }

    /**
     * One sign-up whose every call is slow (5,000 to 15,000 ms) against a lease of 2,000 ms, and its repeated
     * request arriving 3,000 ms later on the second worker (OptimalBits/bull's lost lock while the job still runs).
     */
    private static final Scenario SLOW_CALL_OUTLIVES_LEASE = CALM.toBuilder().jobs(1).workers(2).pSlow(1)
            .slowCallMs(10_000).leaseMs(2_000).pDuplicate(1).duplicateDelayMs(3_000, 3_000).build();

    @Test
    void aSlowCallLongerThanTheLeaseIsReclaimedWithoutAHeartbeatAndKeptWithOne() {
        StrategyResult off = run(SLOW_CALL_OUTLIVES_LEASE);
        // The first call (save the user) runs from 0 to at least 5,000 ms; its lease ends at 2,000. The repeat
        // asks at 3,000: locked_until 2,000 < 3,000, so it takes the claim over and saves the user again.
        assertTrue(off.leaseReclaims() >= 1, "reclaims: " + off.leaseReclaims());
        assertTrue(off.repeatedStepsByStep().get(0) >= 1, "the user saved twice");
        assertTrue(off.calls() > 10, "both deliveries called: " + off.calls());
        assertEquals(0, off.get(Metric.LEASE_RENEWALS));

        StrategyResult on = run(SLOW_CALL_OUTLIVES_LEASE.toBuilder().heartbeatMs(1_000).build());
        // Renewed every 1,000 ms to now + 2,000, the lease never runs out while the call runs: the repeat is
        // refused ("job in progress") until each step completes, then skips it. Only the original's 10 calls run.
        assertEquals(0, on.leaseReclaims());
        assertEquals(0, on.repeatedSteps());
        assertEquals(10, on.calls());
        assertTrue(on.jobInProgressRejections() > 0);
        // Each call of 5,000..15,000 ms is renewed at every whole second it is still running: 4 to 15 times
        // (one at its very end, at most), so 40 to 150 renewals for the 10 calls.
        assertTrue(on.get(Metric.LEASE_RENEWALS) >= 40 && on.get(Metric.LEASE_RENEWALS) <= 150, "renewals: " + on.get(Metric.LEASE_RENEWALS));
    }

    /** Five sign-ups, each sent again a minute after it arrived (all arrive at 0 ms). */
    private static final Scenario REPEATED_AFTER_A_MINUTE = CALM.toBuilder().jobs(5).pDuplicate(1)
            .duplicateDelayMs(60_000, 60_000).build();

    @Test
    void aCompletedRowDeletedAfterItsRetentionLetsALaterRepeatRunAgain() {
        // Forever (the default): each repeat finds its 10 rows completed and skips them all
        StrategyResult forever = run(REPEATED_AFTER_A_MINUTE);
        assertEquals(5, forever.repeatedRequests());
        assertEquals(50, forever.storeHits());
        assertEquals(50, forever.calls());
        assertEquals(0, forever.repeatedSteps());

        // 10 s: the originals' 50 calls of 100..300 ms end by 15 s, so every row is gone by 25 s, before the
        // repeats arrive at 60 s. Each repeat runs its 10 steps again; the provider still knows the welcome
        // email's key (24 h), so 9 side effects per user are done again: 45, and 100 calls in all.
        StrategyResult tenSeconds = run(REPEATED_AFTER_A_MINUTE.toBuilder().claimRetentionMs(10_000).build());
        assertEquals(0, tenSeconds.storeHits());
        assertEquals(100, tenSeconds.calls());
        assertEquals(45, tenSeconds.repeatedSteps());
        assertEquals(0, tenSeconds.repeatedStepsByStep().get(SignupSteps.EMAIL));
        assertEquals(0, tenSeconds.usersWithDuplicateEmails());

        // 2 minutes: rows completed by 15 s are kept to at least 120 s, past the repeats at 60 s: as forever
        StrategyResult twoMinutes = run(REPEATED_AFTER_A_MINUTE.toBuilder().claimRetentionMs(120_000).build());
        assertEquals(forever.repeatedSteps(), twoMinutes.repeatedSteps());
        assertEquals(50, twoMinutes.storeHits());
    }

    /** One sign-up and its repeated request 10 ms later, on two workers; a 50 ms race window. */
    private static final Scenario REPEAT_INSIDE_THE_WINDOW = CALM.toBuilder().jobs(1).workers(2).pDuplicate(1)
            .duplicateDelayMs(10, 10).raceWindowMs(50).build();

    @Test
    void twoDeliveriesInsideTheRaceWindowOfACheckThenInsertBothRun() {
        // Atomic (the default): the repeat's claim at 10 ms meets the original's in_progress row and is refused;
        // it goes back to the queue and later skips what the original completed. Nothing runs twice.
        StrategyResult atomic = run(REPEAT_INSIDE_THE_WINDOW);
        assertEquals(0, atomic.repeatedSteps());
        assertEquals(0, atomic.get(Metric.CLAIM_RACES_LOST));
        assertTrue(atomic.jobInProgressRejections() > 0);

        StrategyResult racy = run(REPEAT_INSIDE_THE_WINDOW.toBuilder().claim(ClaimMode.CHECK_THEN_INSERT).build());
        // The original reads "save the user" absent at 0 ms and inserts it at 50; the repeat reads it at 10 ms,
        // still absent, and inserts at 60: it meets the original's row, ignores the conflict and saves the user
        // again. Each of the two jobs runs step 0 once at most (no failures; a job sent back later finds step 0
        // completed), so step 0 is done again exactly once. Later steps may race again or not, as the two
        // deliveries' call times (100..300 ms) drift apart.
        assertEquals(1, racy.repeatedStepsByStep().get(0));
        assertTrue(racy.get(Metric.CLAIM_RACES_LOST) >= 1);
        assertEquals(racy.repeatedSteps(), racy.get(Metric.CLAIM_RACES_LOST),
                "every race lost runs a step a second time, and nothing else does");

        // A window of 5 ms closes before the repeat reads at 10 ms: it sees the original's row, as atomic does
        StrategyResult narrow = run(REPEAT_INSIDE_THE_WINDOW.toBuilder().claim(ClaimMode.CHECK_THEN_INSERT)
                .raceWindowMs(5).build());
        assertEquals(0, narrow.repeatedStepsByStep().get(0));
    }

    @Test
    void aCheckThenInsertWithNoWindowIsTheAtomicClaim() {
        // No time between the read and the insert: nothing can come between them, so the run is the atomic one,
        // number for number, even with crashes, a durable queue, repeats and four workers (which reorder events
        // within a millisecond if the insert were an event of its own)
        Scenario busy = Scenario.article().toBuilder().jobs(1_000).seed(3).queue(QueueKind.DURABLE).pCrash(0.01)
                .workers(4).arrivalRate(20).pDuplicate(0.3).repeats(3).build();
        StrategyResult atomic = run(busy);
        StrategyResult noWindow = run(busy.toBuilder().claim(ClaimMode.CHECK_THEN_INSERT).raceWindowMs(0).build());
        assertEquals(atomic, noWindow);
        assertEquals(0, noWindow.get(Metric.CLAIM_RACES_LOST));
    }

    @Test
    void aRealDatabaseRacesTheSameWay(@TempDir Path dir) {
        // The same two statements on SQLite (a SELECT, then INSERT ... ON CONFLICT whose conflict is ignored):
        // the same answers as the in-memory model, step for step
        Scenario racy = REPEAT_INSIDE_THE_WINDOW.toBuilder().claim(ClaimMode.CHECK_THEN_INSERT).build();
        try (JdbcClaimStore db = JdbcClaimStore.open("jdbc:sqlite:" + dir.resolve("claims.db"))) {
            StrategyResult onDb = new SignupSimulation(racy, CLAIMS, RunControl.NONE, false, db).run();
            assertEquals(run(racy), onDb);
            assertEquals(1, onDb.repeatedStepsByStep().get(0));
        }
    }
}
