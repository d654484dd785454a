package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Repeated requests (article 1, "Where the duplicates come from": the same sign-up added to the queue twice, for
 * example because a client timed out and sent the request again). Off by default, so the article's table is
 * unchanged (ArticleTableTest).
 */
class RepeatedRequestTest {
    /** 1,000 sign-ups, all sent twice 10 s apart, nothing failing: every duplicate comes from the repeats. */
    private static final Scenario TWICE = Scenario.article().toBuilder().jobs(1_000).pFail(0).lostReply(0)
            .pDuplicate(1).duplicateDelayMs(10_000, 10_000).build();

    private static StrategyResult run(Scenario s, Strategy strategy) {
        return new SignupSimulation(s, strategy, RunControl.NONE, true).run();
    }

    @Test
    void withoutAKeyEveryRepeatDoesEveryStepAgain() {
        StrategyResult r = run(TWICE, Strategy.EACH_STEP_NO_KEY);
        assertEquals(1_000, r.repeatedRequests());
        assertEquals(20_000, r.calls(), "two jobs of ten calls per user");
        assertEquals(10_000, r.repeatedSteps(), "each user's ten steps done twice");
        assertEquals(1_000, r.usersWithDuplicateEmails());
    }

    @Test
    void theSameProviderKeyStopsOnlyTheEmail() {
        // the provider remembers welcome-email:<user> for 24 h: the repeat's email is not sent; nothing stops the
        // nine other steps
        StrategyResult r = run(TWICE, Strategy.EACH_STEP_SAME_KEY);
        assertEquals(9_000, r.repeatedSteps());
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(1_000, r.providerSuppressedSends());
    }

    @Test
    void theStoreSkipsEveryStepOfARepeatWithinTheTtl() {
        // skip finished steps: every step goes through the store under <step>:<user>, kept 24 h; all repeats
        // arrive (and run, after the 1,000 originals, about 2,000 s of work) well within it
        StrategyResult r = run(TWICE, Strategy.WHOLE_JOB_SKIP_FINISHED);
        assertEquals(0, r.repeatedSteps());
        assertEquals(10_000, r.calls(), "the repeats make no call at all");
        assertEquals(10_000, r.storeHits());
    }

    @Test
    void aRepeatArrivingAfterTheKeysTtlRunsAgain() {
        // keys kept only 1 s, and the repeats run after all originals (about 2,000 virtual s later): the store
        // has forgotten every step, so each runs again; the provider (24 h) still stops the email
        Scenario shortTtl = TWICE.toBuilder().ttlMs(1_000).build();
        StrategyResult r = run(shortTtl, Strategy.WHOLE_JOB_SKIP_FINISHED);
        assertEquals(9_000, r.repeatedSteps());
        assertEquals(0, r.storeHits());
        assertEquals(0, r.usersWithDuplicateEmails());
    }

    @Test
    void batchAndTtlModesAgreeWithRepeatsAndSeveralWorkers() {
        // forgetting a user's keys early must wait for the user's last job: with repeats and 8 workers, an
        // original and its repeat can even run at the same time (the store's in-flight sharing)
        Scenario busy = Scenario.article().toBuilder().jobs(5_000).pFail(0.05).lostReply(0.05).workers(8)
                .pDuplicate(0.3).duplicateDelayMs(0, 3_000).seed(5).build();
        for (Strategy strategy : Strategy.ARTICLE) {
            StrategyResult ttl = new SignupSimulation(busy, strategy, RunControl.NONE, false).run();
            StrategyResult batch = new SignupSimulation(busy, strategy, RunControl.NONE, true).run();
            assertEquals(ttl, batch, strategy.name());
            // about 30% of 5,000 sign-ups were sent again
            assertEquals(1_500, ttl.repeatedRequests(), 150, strategy.name());
        }
    }

    @Test
    void sameSeedSameNumbersAtAnyThreadCount() {
        Scenario s = Scenario.article().toBuilder().jobs(20_000).pDuplicate(0.1).duplicateDelayMs(100, 60_000)
                .build();
        List<StrategyResult> one = Comparison.run(s, Strategy.ARTICLE, 1, RunControl.NONE);
        List<StrategyResult> two = Comparison.run(s, Strategy.ARTICLE, 2, RunControl.NONE);
        assertEquals(one, two);
        assertTrue(one.get(0).repeatedRequests() > 1_500 && one.get(0).repeatedRequests() < 2_500);
    }

    @Test
    void aDelayRangeMustNotRunBackwards() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> Scenario.article().toBuilder().duplicateDelayMs(5_000, 1_000).build());
        assertEquals("duplicateDelayMaxMs: 1000 is outside the allowed range 5,000 (the shortest delay) to "
                + "2,678,400,000", e.getMessage());
    }

    @Test
    void succeededIsAShareOfTheSignUpsAndRepeatsHaveTheirOwnOutcomes() {
        // every call fails and every sign-up is sent twice: 2,000 jobs run, all failed. "Succeeded" is a share of
        // the 1,000 sign-ups, which all failed: 0% (not -100%); the 1,000 repeats failed too, counted apart, so
        // failedJobs is 1,000 (it was 2,000 when it mixed sign-ups and repeats).
        Scenario allFail = TWICE.toBuilder().pFail(1).build();
        StrategyResult r = run(allFail, Strategy.EACH_STEP_NO_KEY);
        assertEquals(1_000, r.jobs());
        assertEquals(2_000, r.jobsRun());
        assertEquals(1_000, r.failedJobs());
        assertEquals(1_000, r.ended(true, Outcome.FAILED));
        assertEquals("0.000%", r.succeeded());
    }

    @Test
    void refusedRepeatsNoLongerPullDownTheSignUpsSuccess() {
        // Every sign-up sent again with a changed payload through the claim table: each repeat is refused with a
        // key mismatch (Stripe's 400), the right answer. The 1,000 sign-ups all succeeded: 100.000%, where mixing
        // in the refused repeats as failed jobs read 50.000%.
        Scenario changed = TWICE.toBuilder().pDifferentPayload(1).build();
        StrategyResult r = run(changed, Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED,
                KeyMode.SAME, StoreKind.CLAIM_TABLE));
        assertEquals("100.000%", r.succeeded());
        assertEquals(1_000, r.succeededJobs());
        assertEquals(0, r.failedJobs());
        assertEquals(1_000, r.ended(true, Outcome.REFUSED));
        assertEquals(1_000, r.keyMismatches());
    }

    @Test
    void repeatsWaitTheirTurnFirstComeFirstServed() {
        // 60 sign-ups arriving about 10 ms apart for one worker that needs about 2 s a job: a queue builds up.
        // Each is sent again 0 to 200 ms after it arrived, so repeats arrive among later originals; the worker
        // must take every job in order of arrival, repeats included.
        Scenario s = Scenario.article().toBuilder().jobs(60).pFail(0).lostReply(0).arrivalRate(100)
                .pDuplicate(1).duplicateDelayMs(0, 200).build();
        SignupSimulation sim = new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        Map<String, Long> arrivedAt = new HashMap<>();
        List<String> started = new ArrayList<>();
        sim.setListener(e -> {
            String job = e.user() + (e.repeat() ? "r" : "");
            if (e.kind() == SimulationEvent.Kind.ARRIVED) {
                arrivedAt.put(job, e.timeMs());
            } else if (e.kind() == SimulationEvent.Kind.JOB_STARTED) {
                started.add(job);
            }
        });
        sim.run();
        assertEquals(120, started.size());
        for (int i = 1; i < started.size(); i++) {
            assertTrue(arrivedAt.get(started.get(i - 1)) <= arrivedAt.get(started.get(i)),
                    started.get(i - 1) + " before " + started.get(i));
        }
        // and the repeats are really mixed in among the originals, not all at the end
        assertTrue(started.indexOf("0r") < started.indexOf("59"), started.toString());
    }
}
