package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * A call's outcome in the first article's draw order (docs/simulation.md), checked against a
 * second copy of the outcome stream that applies the rule by hand: per call, first "fails before doing
 * anything?" ({@code < pFail}); then, for the welcome email only, "is the reply lost?" ({@code < lostReply}). A
 * clicked failure still makes its draws; crashes draw from their own stream.
 */
class StepCallsTest {
    private static final Scenario MIXED = Scenario.article().toBuilder().pFail(0.3).lostReply(0.5).seed(9).build();
    private static final int EMAIL = SignupSteps.EMAIL;

    /** The outcome the rule gives, drawing from {@code ref} exactly what the call must draw. */
    private static String expected(Mulberry32 ref, Scenario s, int step, boolean clicked) {
        boolean fails = ref.nextDouble() < s.pFail();
        if (clicked) {
            if (!fails && step == EMAIL) {
                ref.nextDouble(); // the lost-reply draw the call would have made
            }
            return "503 service unavailable (clicked)";
        }
        if (fails) {
            return "503 service unavailable";
        }
        if (step != EMAIL) {
            return null;
        }
        return ref.nextDouble() < s.lostReply() ? "timeout, reply lost" : null;
    }

    private static Job job(long user) {
        Job job = new Job();
        job.reset(user, false, null);
        return job;
    }

    @Test
    void everyCallDrawsInTheArticlesOrder() {
        StepCalls calls = new StepCalls(new PartsFixture(MIXED, Strategy.EACH_STEP_NO_KEY).ctx);
        Mulberry32 ref = RandomStreams.outcomes(MIXED.seed());
        Mulberry32 pick = new Mulberry32(77); // which step each call is, and whether it was clicked
        Job job = job(0);
        for (int i = 0; i < 2_000; i++) {
            int step = (int) (pick.nextDouble() * SignupSteps.COUNT);
            boolean clicked = pick.nextDouble() < 0.1;
            assertEquals(expected(ref, MIXED, step, clicked), calls.outcome(job, step, 1, 0, clicked), "call " + i);
        }
    }

    @Test
    void crashesDrawFromTheirOwnStreamAndShiftNoOutcome() {
        // With crashes on, a call that did its side effect may crash instead of answering; every other outcome,
        // and every later one, is what the rule gives without crashes.
        Scenario crashing = MIXED.toBuilder().pCrash(0.2).build();
        StepCalls calls = new StepCalls(new PartsFixture(crashing, Strategy.EACH_STEP_NO_KEY).ctx);
        Mulberry32 ref = RandomStreams.outcomes(crashing.seed());
        Job job = job(0);
        int crashes = 0;
        for (int i = 0; i < 2_000; i++) {
            int step = i % SignupSteps.COUNT;
            String want = expected(ref, crashing, step, false);
            String got = calls.outcome(job, step, 1, 0, false);
            if (got == StepCalls.CRASHED) {
                crashes++;
                assertTrue(want == null || want.equals("timeout, reply lost"), "only after a side effect: " + i);
            } else {
                assertEquals(want, got, "call " + i);
            }
        }
        // 2,000 calls, 70% doing their side effect, 20% of those crashing: about 280
        assertEquals(280, crashes, 60);
    }

    @Test
    void aClickedLostReplyStillMakesTheCallsDraws() {
        Scenario calm = MIXED.toBuilder().pFail(0).lostReply(0).build();
        StepCalls calls = new StepCalls(new PartsFixture(calm, Strategy.EACH_STEP_NO_KEY).ctx);
        calls.loseNextReply();
        Job job = job(0);
        assertNull(calls.outcome(job, 0, 1, 0, false), "not an email call: the click waits for one");
        assertTrue(calls.isNextReplyLost());
        assertEquals("timeout, reply lost (clicked)", calls.outcome(job, EMAIL, 1, 0, false));
        assertEquals(1, job.sideEffects[EMAIL], "the email went out; only its reply was lost");
        assertNull(calls.outcome(job, EMAIL, 1, 0, false), "used up by one call");
    }

    @Test
    void theProviderSendsOneEmailPerKeyItKnows() {
        Scenario calm = MIXED.toBuilder().pFail(0).lostReply(0).build();
        PartsFixture same = new PartsFixture(calm, Strategy.EACH_STEP_SAME_KEY);
        StepCalls keyed = new StepCalls(same.ctx);
        Job job = job(4);
        keyed.outcome(job, EMAIL, 1, 0, false);
        keyed.outcome(job, EMAIL, 2, 0, false); // welcome-email:user_4 again: suppressed
        assertEquals(1, keyed.provider().emailsSent());
        assertEquals(1, keyed.provider().sendsSuppressed());
        assertEquals(1, job.sideEffects[EMAIL]);
        assertEquals(0, same.metrics.get(Metric.REPEATED_STEPS));

        PartsFixture none = new PartsFixture(calm, Strategy.EACH_STEP_NO_KEY);
        StepCalls plain = new StepCalls(none.ctx);
        Job other = job(4);
        plain.outcome(other, EMAIL, 1, 0, false);
        plain.outcome(other, EMAIL, 2, 0, false); // no key: a second email
        assertEquals(2, other.sideEffects[EMAIL]);
        assertEquals(1, none.metrics.get(Metric.REPEATED_STEPS));
        assertEquals(1, none.metrics.get(Metric.USERS_WITH_DUPLICATE_EMAILS));
    }

    @Test
    void callDurationsComeFromTheirOwnStream() {
        // uniform in [callMs/2, 3 callMs/2), rounded; with slow calls off no other draw is made
        StepCalls calls = new StepCalls(new PartsFixture(MIXED, Strategy.EACH_STEP_NO_KEY).ctx);
        Mulberry32 ref = RandomStreams.derived(MIXED.seed(), RandomStreams.Purpose.CALL_DURATION);
        for (int i = 0; i < 100; i++) {
            assertEquals(Math.round(MIXED.callMs() * (0.5 + ref.nextDouble())), calls.durationMs(0));
        }
        Scenario instant = MIXED.toBuilder().callMs(0).build();
        assertEquals(0, new StepCalls(new PartsFixture(instant, Strategy.EACH_STEP_NO_KEY).ctx).durationMs(0));
    }

    @Test
    void theCrashMarkerIsOneObject() {
        assertSame(StepCalls.CRASHED, StepCalls.CRASHED);
        assertTrue(StepCalls.CRASHED != "crashed", "compared by identity, never equal to a failure's text");
    }
}
