package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryVia;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * Where a retry waits ({@code --retry-via}): on the worker, which holds the job through its backoff, or in the
 * queue as a delayed message (Celery's {@code self.retry(countdown=...)}), which frees the worker; and, on a durable
 * queue, Celery's ETA caveat on Redis and SQS: a countdown longer than the visibility timeout delivers the held
 * message to another worker as well, and both run it. Lognormal call times with sigma 0 make every call take
 * exactly its mean and jitter is off, so every time below is exact.
 */
class RetryViaTest {
    private static StrategyResult run(Scenario s) {
        return new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE, true).run();
    }

    /** Every call fails before doing anything and takes 1,000 ms; backoffs 1,000 then 2,000 ms; 3 attempts. */
    private static final Scenario FAILING = Scenario.article().toBuilder().jobs(4).workers(2).pFail(1).lostReply(0)
            .maxAttempts(3).callTime(CallTimeShape.LOGNORMAL).callTimeSigma(0).callMs(1_000).jitter(false)
            .baseDelayMs(1_000).maxDelayMs(60_000).build();

    @Test
    void aRetryThroughTheQueueFreesTheWorkerDuringItsBackoff() {
        // retry via the worker: each job holds its worker for call, wait 1,000, call, wait 2,000, call = 6,000 ms;
        // two workers take jobs 0 and 1, then 2 and 3: the run ends at 12,000
        StrategyResult held = run(FAILING);
        assertEquals(12_000, held.virtualTimeMs());
        // via the queue the worker takes the next job while the retry waits: 0-1,000 jobs 0,1 (retries visible at
        // 2,000); 1,000-2,000 jobs 2,3 (retries at 3,000); 2,000-3,000 jobs 0,1 again (next at 5,000); 3,000-4,000
        // jobs 2,3 (next at 6,000); idle until 5,000; 5,000-6,000 jobs 0,1 fail for good; 6,000-7,000 jobs 2,3 do
        StrategyResult queued = run(FAILING.toBuilder().retryVia(RetryVia.DELAYED_MESSAGE).build());
        assertEquals(7_000, queued.virtualTimeMs());
        // the same work either way: 4 jobs x 3 calls, 2 backoffs each, every job failed, nothing run twice
        for (StrategyResult r : new StrategyResult[] {held, queued}) {
            assertEquals(12, r.calls());
            assertEquals(8, r.get(Metric.BACKOFF_WAITS));
            assertEquals(4, r.failedJobs());
            assertEquals(0, r.redeliveries());
            assertEquals(0, r.overlappingRuns());
        }
    }

    /**
     * One job on a durable queue with two workers; calls of 100 ms that succeed, except the welcome email
     * (step 6), whose every reply is lost after it was sent; 2 attempts; the retry's countdown is 1,500 ms.
     */
    private static final Scenario LOST_EMAIL_REPLY = Scenario.article().toBuilder().jobs(1).workers(2).pFail(0)
            .lostReply(1).maxAttempts(2).callTime(CallTimeShape.LOGNORMAL).callTimeSigma(0).callMs(100)
            .jitter(false).baseDelayMs(1_500).maxDelayMs(60_000).queue(QueueKind.DURABLE)
            .retryVia(RetryVia.DELAYED_MESSAGE).build();

    @Test
    void aCountdownLongerThanTheVisibilityTimeoutRunsTheRetryTwice() {
        // steps 0-5 run 0-600; the email goes out 600-700 and its reply is lost: the retry is published with an
        // ETA at 2,200. A worker holds it unacknowledged from 700; the visibility timeout of 1,000 ms runs out
        // before the ETA ((1,500 - 1) / 1,000 = 1 timeout), so the broker delivers it to the other worker too.
        // At 2,200 both run the email's second attempt, 2,200-2,300: two more emails, both replies lost; the job
        // fails (out of attempts), once
        StrategyResult twice = run(LOST_EMAIL_REPLY.toBuilder().visibilityTimeoutMs(1_000).build());
        assertEquals(6 + 1 + 2, twice.calls());
        assertEquals(3, twice.emailsSent());
        assertEquals(2, twice.repeatedSteps(), "the email done again by the retry, and by its second holder");
        assertEquals(1, twice.redeliveries(), "the second holder's copy");
        assertEquals(1, twice.overlappingRuns(), "both holders run the retry at once");
        assertEquals(1, twice.failedJobs());
        assertEquals(2_300, twice.virtualTimeMs());

        // a visibility timeout of 2,000 ms outlasts the countdown: one holder, one retry, and only the lost
        // reply's own duplicate email
        StrategyResult once = run(LOST_EMAIL_REPLY.toBuilder().visibilityTimeoutMs(2_000).build());
        assertEquals(6 + 1 + 1, once.calls());
        assertEquals(2, once.emailsSent());
        assertEquals(1, once.repeatedSteps());
        assertEquals(0, once.redeliveries());
        assertEquals(0, once.overlappingRuns());
        assertEquals(1, once.failedJobs());
        assertEquals(2_300, once.virtualTimeMs());
    }

    @Test
    void aLongerCountdownIsHeldByOneMoreWorkerPerVisibilityTimeout() {
        // countdown 2,500 ms against a visibility timeout of 1,000: timeouts at 1,000 and 2,000 after the
        // reservation, both before the ETA, so three holders; with three workers all three run the email at once
        // (ETA 700 + 2,500 = 3,200): four emails in all, two redeliveries, two runs beside another
        StrategyResult thrice = run(LOST_EMAIL_REPLY.toBuilder().workers(3).baseDelayMs(2_500)
                .visibilityTimeoutMs(1_000).build());
        assertEquals(4, thrice.emailsSent());
        assertEquals(2, thrice.redeliveries());
        assertEquals(2, thrice.overlappingRuns());
        assertEquals(1, thrice.failedJobs());
        assertEquals(3_300, thrice.virtualTimeMs());
    }

    @Test
    void everyOutcomeStillAddsUpWhenRetriesGoThroughTheQueue() {
        // the outcome identity on random parameter sets with every retry a delayed message, half of them on a
        // durable queue, where held copies run beside each other and after the job was acknowledged
        Mulberry32 rnd = new Mulberry32(11);
        List<Strategy> strategies = OutcomeIdentityTest.everyStrategy();
        long copies = 0;
        for (int i = 0; i < 160; i++) {
            Scenario s = OutcomeIdentityTest.randomScenario(rnd).toBuilder().retryVia(RetryVia.DELAYED_MESSAGE)
                    .queue(i % 2 == 0 ? QueueKind.DURABLE : QueueKind.MEMORY).build();
            StrategyResult r = OutcomeIdentityTest.checkIdentity(s, strategies.get(i % strategies.size()),
                    "set " + i + " " + s);
            copies += r.redeliveries();
        }
        assertTrue(copies > 0, "some sets deliver a job twice");
    }
}
