package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Renew;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@code --renew message}: a live worker's heartbeat extends its message's visibility timeout; and a delivery refused
 * "job in progress" on a durable queue stays invisible until its visibility timeout ends, as on SQS.
 */
class MessageRenewalTest {
    /** One sign-up, two workers, a durable queue (30 s visibility timeout), every call exactly 10 s: 100 s a job. */
    private static final Scenario LONG_JOB = Scenario.article().toBuilder().jobs(1).workers(2).pFail(0).lostReply(0)
            .callTime(CallTimeShape.FIXED).callMs(10_000).queue(QueueKind.DURABLE).visibilityTimeoutMs(30_000)
            .build();

    private static List<Long> numbers(Scenario s, Strategy st) {
        StrategyResult r = new SignupSimulation(s, st, RunControl.NONE).run();
        return List.of(r.redeliveries(), r.repeatedSteps(), r.succeededJobs(), r.get(Metric.VIRTUAL_TIME_MS));
    }

    @Test
    void withoutRenewalALongJobIsDeliveredAgainAndRunsTwice() {
        // Delivery 1 (worker 0) runs 0 to 100 s. At 30 s its visibility timeout runs out: worker 1 takes delivery 2
        // and runs all ten steps again, 30 to 130 s, each a side effect done again (no store): 10. At 60 s
        // delivery 2's timeout puts the message back, but delivery 1 acknowledges it at 100 s before a worker is
        // free, so that copy never runs: 1 redelivery. The run ends at 130 s.
        assertEquals(List.of(1L, 10L, 1L, 130_000L), numbers(LONG_JOB, Strategy.EACH_STEP_NO_KEY));
    }

    @Test
    void aHeartbeatThatRenewsTheMessageKeepsItInvisibleWhileItsWorkerLives() {
        // Heartbeats every 10 s push the message's timeout to 30 s after each: at 30 s the timeout finds it renewed
        // until 50 s (the beat at 20 s), and so on, until delivery 1 acknowledges it at 100 s: no redelivery,
        // nothing done twice, the run ends at 100 s.
        Scenario renewed = LONG_JOB.toBuilder().heartbeatMs(10_000).set(Parameter.RENEW, Renew.MESSAGE).build();
        assertEquals(List.of(0L, 0L, 1L, 100_000L), numbers(renewed, Strategy.EACH_STEP_NO_KEY));
        // The default, claim, renews no message: the same heartbeat changes nothing here.
        assertEquals(List.of(1L, 10L, 1L, 130_000L), numbers(LONG_JOB.toBuilder().heartbeatMs(10_000).build(),
                Strategy.EACH_STEP_NO_KEY));
    }

    @Test
    void claimMessageOrBothSayWhatTheHeartbeatRenews() {
        // The claim table with a 10 s lease, calls of exactly 22 s (the job ends at 220 s), a 5 s heartbeat.
        // claim: the heartbeat keeps each claim, not the message: redelivered at 30 s, refused, invisible until
        // 60 s, refused again at 60, 90, ... 210 s (never a step's end): 7 refusals, 1 redelivery, nothing
        // reclaimed or done twice. message: the claim's lease runs out in every call, but the message stays
        // invisible while its worker lives, so no other delivery comes to reclaim it: 0 everywhere, and no lease
        // renewal. both: the same, with the claims renewed too.
        Scenario s = LONG_JOB.toBuilder().callMs(22_000).leaseMs(10_000).heartbeatMs(5_000).build();
        Strategy claim = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        java.util.function.Function<Renew, List<Long>> run = renew -> {
            StrategyResult r = new SignupSimulation(s.toBuilder().set(Parameter.RENEW, renew).build(), claim,
                    RunControl.NONE).run();
            return List.of(r.jobInProgressRejections(), r.redeliveries(), r.leaseReclaims(), r.repeatedSteps(),
                    r.get(Metric.LEASE_RENEWALS) > 0 ? 1L : 0L);
        };
        assertEquals(List.of(7L, 1L, 0L, 0L, 1L), run.apply(Renew.CLAIM));
        assertEquals(List.of(0L, 0L, 0L, 0L, 0L), run.apply(Renew.MESSAGE));
        assertEquals(List.of(0L, 0L, 0L, 0L, 1L), run.apply(Renew.BOTH));
    }

    @Test
    void aRefusedDeliveryStaysInvisibleUntilItsVisibilityTimeoutEnds() {
        // The claim table, calls of exactly 7 s: delivery 1 finishes step k at 7k s and the job at 70 s. At 30 s
        // the visibility timeout hands delivery 2 to worker 1: steps 1 to 4 are completed (skipped), step 5 is
        // in_progress (28 to 35 s): refused. Left unacknowledged it stays invisible until 60 s (30 s after it was
        // taken), not the 100 ms backoff: delivery 3 at 60 s skips steps 1 to 8 and is refused on step 9 (56 to
        // 63 s), invisible until 90 s; delivery 1 acknowledges the job at 70 s. 2 refusals, 3 receives, 1
        // redelivery (the first timeout), succeeded. Before, the refused copy came back after 100, 200, 400 ms ...
        // up to 2 s, and its 10th receive, at 39.1 s, dead-lettered a job that was running fine.
        Scenario s = LONG_JOB.toBuilder().callMs(7_000).jitter(false).build();
        Strategy claim = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        StrategyResult r = new SignupSimulation(s, claim, RunControl.NONE).run();
        assertEquals(List.of(2L, 1L, 1L, 0L, 0L), List.of(r.jobInProgressRejections(), r.redeliveries(),
                r.succeededJobs(), r.deadLetteredJobs(), r.repeatedSteps()));
    }
}
