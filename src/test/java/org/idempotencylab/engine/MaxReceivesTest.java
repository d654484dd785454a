package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@code --max-receives}: a durable queue moves a job to its dead-letter queue once it has been received that many
 * times without an acknowledgement, every delivery counted, "job in progress" refusals included, as Amazon SQS
 * counts receives ({@code ApproximateReceiveCount} against the redrive policy's {@code maxReceiveCount}).
 */
class MaxReceivesTest {
    /**
     * One sign-up, two workers, a durable queue (30 s visibility timeout), calls of 10 to 30 s (so the first
     * delivery runs at least 100 s), the claim table with its 5 min lease, and no jitter, so every wait is exact.
     */
    private static final Scenario HELD = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0)
            .callMs(20_000).workers(2).jitter(false).queue(QueueKind.DURABLE).build();
    private static final Strategy CLAIM = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
            StoreKind.CLAIM_TABLE);

    @Test
    void refusalsAreReceivesSoAJobHeldElsewhereIsDeadLettered() {
        // Receive 1 (worker 0, t=0) runs the job. At 30 s its visibility timeout runs out; worker 1 takes receive
        // 2, skips the finished steps and is refused on the claim receive 1 holds. A refused delivery stays
        // invisible until its own visibility timeout ends (as on SQS), 30 s after it was taken, so receives 3, 4
        // and 5 come at 60, 90 and 120 s, each refused too. Receive 1's ten calls of 10 to 30 s take 100 s or more,
        // so it still runs. The 5th receive is refused at 120,000 ms and the queue, having delivered the job 5
        // times, dead-letters it instead of sending it back: 4 refusals. (Counting only visibility timeouts, the
        // job would have succeeded.)
        List<SimulationEvent> ends = new ArrayList<>();
        SignupSimulation sim = new SignupSimulation(HELD.toBuilder().maxReceives(5).build(), CLAIM, RunControl.NONE,
                true);
        sim.setListener(e -> {
            if (e.kind() == Kind.JOB_FAILED || e.kind() == Kind.JOB_SUCCEEDED) {
                ends.add(e);
            }
        });
        StrategyResult r = sim.run();
        assertEquals(4, r.jobInProgressRejections());
        assertEquals(1, r.deadLetteredJobs());
        assertEquals(0, r.succeededJobs());
        assertEquals("0.000%", r.succeeded());
        assertEquals(Kind.JOB_FAILED, ends.get(0).kind());
        assertEquals(120_000, ends.get(0).timeMs());
        assertTrue(ends.get(0).note().contains("dead-letter"), ends.get(0).note());
        // Receive 1 still runs and does every step (the queue cannot stop a consumer): nothing runs twice, and
        // its end later no longer counts.
        assertEquals(0, r.repeatedSteps());
        assertEquals(Kind.JOB_SUCCEEDED, ends.get(1).kind());
        assertTrue(ends.get(1).timeMs() >= 100_000);
    }

    @Test
    void enoughReceivesLetTheFirstDeliveryFinish() {
        // With 1,000 receives the refused copy comes back every 30 s (its visibility timeout: a refusal leaves it
        // unacknowledged, as on SQS) until receive 1 ends (100 to 300 s) and acknowledges the job: it succeeded,
        // nothing dead-lettered. The refusals come at 30, 60, 90 s and every 30 s after while receive 1 runs: at
        // least 3 (it ends after 100 s), at most 10 (at 300 s at the latest).
        StrategyResult r = new SignupSimulation(HELD.toBuilder().maxReceives(1_000).build(), CLAIM, RunControl.NONE,
                true).run();
        assertEquals(1, r.succeededJobs());
        assertEquals(0, r.deadLetteredJobs());
        assertTrue(r.jobInProgressRejections() >= 3 && r.jobInProgressRejections() <= 10,
                "refusals: " + r.jobInProgressRejections());
    }

    @Test
    void theLimitCountsReceivesWithoutRefusalsAsBefore() {
        // No store, so no refusal: a job whose every delivery crashes (pCrash 1) is received exactly maxReceives
        // times, one crash each, then dead-lettered at its last visibility timeout: 3 crashes, 2 redeliveries.
        Scenario poison = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0).pCrash(1).restartMs(100)
                .queue(QueueKind.DURABLE).visibilityTimeoutMs(1_000).maxReceives(3).build();
        StrategyResult r = new SignupSimulation(poison, Strategy.EACH_STEP_NO_KEY, RunControl.NONE, true).run();
        assertEquals(3, r.crashes());
        assertEquals(2, r.redeliveries());
        assertEquals(1, r.deadLetteredJobs());
    }

    @Test
    void anInMemoryQueueHasNoDeadLetterQueue() {
        // The same held job on an in-memory queue: no visibility timeout, so no second delivery and nothing to
        // count; and refusals of a repeat (arriving 1 s later, refused while the original runs) never dead-letter.
        Scenario memory = HELD.toBuilder().queue(QueueKind.MEMORY).pDuplicate(1).duplicateDelayMs(1_000, 1_000)
                .maxReceives(1).build();
        StrategyResult r = new SignupSimulation(memory, CLAIM, RunControl.NONE, true).run();
        assertTrue(r.jobInProgressRejections() > 1);
        assertEquals(0, r.deadLetteredJobs() + r.ended(true, Outcome.DEAD_LETTERED));
        assertEquals(1, r.succeededJobs());
    }

    @Test
    void theLimitIsSqsRange() {
        // SQS's maxReceiveCount takes 1 to 1,000
        assertEquals(10, Scenario.article().maxReceives());
        assertThrows(ParameterException.class, () -> Scenario.article().toBuilder().maxReceives(0).build());
        assertThrows(ParameterException.class, () -> Scenario.article().toBuilder().maxReceives(1_001).build());
    }
}
