package org.idempotencylab.engine;

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
}
