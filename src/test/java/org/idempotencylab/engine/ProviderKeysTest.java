package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * The provider's key per request ({@code --provider-key per-request}) and its payload check
 * ({@code --provider-checks-payload}, Stripe's HTTP 400 for a key reused with another payload), on small fixed-seed
 * runs whose numbers follow from the rules written beside them.
 */
class ProviderKeysTest {
    /** 100 sign-ups at once, nothing failing, each sent again 30 s later (one worker ends them all in about 200 s). */
    private static final Scenario REPEATED = Scenario.article().toBuilder().jobs(100).pFail(0).lostReply(0)
            .pDuplicate(1).duplicateDelayMs(30_000, 30_000).build();

    private static Strategy eachStep(KeyMode key) {
        return Strategy.of(RetryScope.EACH_STEP, key, StoreKind.NONE);
    }

    private static StrategyResult run(Scenario s, KeyMode key) {
        return new SignupSimulation(s, eachStep(key), RunControl.NONE).run();
    }

    private static Scenario checking(Scenario s) {
        Scenario.Builder b = s.toBuilder();
        Parameter.PROVIDER_CHECKS_PAYLOAD.set(b, true);
        return b.build();
    }

    @Test
    void aKeyPerRequestIsTheSameKeyWhenNoRequestIsRepeated() {
        // No repeated requests: every job is one request, so its request's key goes out on every attempt, exactly as
        // the same key every time does: the article's third row (no welcome email twice), not the second (a new key
        // per call protects nothing). 20,000 sign-ups at the article's rates lose about 100 replies.
        Scenario s = Scenario.article().toBuilder().jobs(20_000).build();
        StrategyResult perRequest = run(s, KeyMode.PER_REQUEST);
        StrategyResult same = run(s, KeyMode.SAME);
        assertEquals(0, perRequest.repeatedSteps());
        assertEquals(same.get(Metric.CALLS), perRequest.get(Metric.CALLS));
        assertEquals(same.get(Metric.PROVIDER_SUPPRESSED_SENDS), perRequest.get(Metric.PROVIDER_SUPPRESSED_SENDS));
        assertTrue(run(s, KeyMode.NEW_PER_CALL).usersWithDuplicateEmails() > 0);
    }

    @Test
    void aRepeatedRequestCarriesANewKeyAndSendsTheEmailAgain() {
        // Every sign-up sent again, no store: the repeat runs all ten steps again. With the same key the provider
        // knows the user's key (1 day TTL) and suppresses the second email: 9 steps again per user, 900 in all. With
        // a key per request the repeat's key is new: the email goes out again, 10 per user, 1,000, and all 100 users
        // get two emails.
        StrategyResult same = run(REPEATED, KeyMode.SAME);
        assertEquals(900, same.repeatedSteps());
        assertEquals(100, same.get(Metric.PROVIDER_SUPPRESSED_SENDS));
        StrategyResult perRequest = run(REPEATED, KeyMode.PER_REQUEST);
        assertEquals(1_000, perRequest.repeatedSteps());
        assertEquals(100, perRequest.usersWithDuplicateEmails());
        assertEquals(0, perRequest.get(Metric.PROVIDER_SUPPRESSED_SENDS));
    }

    @Test
    void aKeySeenWithAnotherPayloadIsAnsweredWithAnErrorNotTheFirstResult() {
        // Every repeat carries another payload under the same key (welcome-email:user_n). Without the check the
        // provider answers the first result: 100 sends suppressed, the repeats succeed, 900 steps again. With it, each
        // repeat's email call (step 7 of 10) is answered 400 and nothing is sent; the caller retries, answered the
        // same, and after 3 attempts the repeat fails: 3 x 100 = 300 mismatches, 100 repeats failed, the 6 steps
        // before the email done again (600), none after it; calls 100 x 10 + 100 x (6 + 3) = 1,900.
        Scenario changed = REPEATED.toBuilder().pDifferentPayload(1).build();
        StrategyResult unchecked = run(changed, KeyMode.SAME);
        assertEquals(0, unchecked.get(Metric.PROVIDER_KEY_MISMATCHES));
        assertEquals(100, unchecked.get(Metric.PROVIDER_SUPPRESSED_SENDS));
        assertEquals(900, unchecked.repeatedSteps());
        StrategyResult checked = run(checking(changed), KeyMode.SAME);
        assertEquals(300, checked.get(Metric.PROVIDER_KEY_MISMATCHES));
        assertEquals(100, checked.get(Metric.REPEATS_FAILED));
        assertEquals(100, checked.get(Metric.SUCCEEDED_JOBS), "the sign-ups themselves all succeeded");
        assertEquals(0, checked.get(Metric.PROVIDER_SUPPRESSED_SENDS));
        assertEquals(6 * 100, checked.repeatedSteps());
        assertEquals(1_900, checked.get(Metric.CALLS));
        assertEquals(0, checked.usersWithDuplicateEmails());
        // The same payload is no mismatch; a key per request never meets another payload (each request its own key).
        assertEquals(0, run(checking(REPEATED), KeyMode.SAME).get(Metric.PROVIDER_KEY_MISMATCHES));
        StrategyResult perRequest = run(checking(changed), KeyMode.PER_REQUEST);
        assertEquals(0, perRequest.get(Metric.PROVIDER_KEY_MISMATCHES));
        assertEquals(1_000, perRequest.repeatedSteps());
    }

    /** @return the causes of the run's duplicate side effects, in order, the run played to its end with a listener */
    private static List<DuplicateCause> causes(Scenario s, KeyMode key) {
        List<DuplicateCause> out = new ArrayList<>();
        SignupSimulation sim = new SignupSimulation(s, eachStep(key), RunControl.NONE);
        sim.setListener(e -> {
            if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                out.add(e.cause());
            }
        });
        sim.start();
        while (!sim.isFinished() && sim.step()) {
            // one event at a time, as the live view steps
        }
        return out;
    }

    @Test
    void aKeyPerRequestBooksARepeatToTheRepeatAndItsOwnRetryToTheExpiredKey() {
        // One sign-up sent again 30 s later, nothing failing: its repeat runs the ten steps again, the email under a
        // key of its own, so all ten duplicates are the repeated request's.
        Scenario one = REPEATED.toBuilder().jobs(1).build();
        assertEquals(List.of(DuplicateCause.REPEATED_REQUEST), causes(one, KeyMode.PER_REQUEST).stream().distinct()
                .toList());
        assertEquals(10, causes(one, KeyMode.PER_REQUEST).size());
        // One sign-up, every email reply lost, the provider remembering a key 1 ms, no jitter (backoffs of 100 and
        // 200 ms): attempt 1 sends, its reply is lost; attempts 2 and 3 come with the same request's key after it
        // expired and send again. Two duplicates, each the key's expiry (the reply was lost too, but the key, had it
        // lived, would have stopped the resend).
        Scenario lost = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(1).providerKeyTtlMs(1)
                .jitter(false).build();
        assertEquals(List.of(DuplicateCause.EXPIRED_KEY, DuplicateCause.EXPIRED_KEY), causes(lost, KeyMode.PER_REQUEST));
    }
}
