package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Metric#DUPLICATES_BY_CAUSE}: every side effect done again is booked to exactly one {@link DuplicateCause}
 * in every run, listened to or not, so the causes add up to the steps done again and to the sum of
 * {@link Metric#DUPLICATE_SIDE_EFFECTS} over steps; checked on every preset and on the random parameter sets of
 * {@link OutcomeIdentityTest}, and by hand on a few fixed runs.
 */
class DuplicatesByCauseTest {
    private static final Presets PRESETS = new Presets(new ScenarioFiles(Metric.watchNames()));

    /** Checks the identity on {@code r}: @return the causes booked, by cause */
    static Map<DuplicateCause, Long> checkCausesAddUp(StrategyResult r, String what) {
        String at = what + ", " + r.strategy().name() + ": " + r;
        Map<DuplicateCause, Long> byCause = new EnumMap<>(DuplicateCause.class);
        long causes = 0;
        for (DuplicateCause c : DuplicateCause.values()) {
            long n = r.repeatedSteps(c);
            assertTrue(n >= 0, c + " is negative; " + at);
            byCause.put(c, n);
            causes += n;
        }
        long steps = r.repeatedStepsByStep().stream().mapToLong(Long::longValue).sum();
        assertEquals(steps, causes, "the causes add up to the duplicate side effects over steps; " + at);
        assertEquals(r.repeatedSteps(), causes, "the causes add up to the steps done again; " + at);
        return byCause;
    }

    static List<String> presets() {
        return Presets.names();
    }

    /**
     * Every preset's every strategy, unheard (at most 20,000 sign-ups, as {@link OutcomeIdentityTest}); then, at
     * most 2,000 sign-ups, listened to: the live view's causes (one per {@link Kind#DUPLICATE_SIDE_EFFECT} event) are
     * the ones the unheard run booked, cause by cause.
     */
    @ParameterizedTest
    @MethodSource("presets")
    void everyPresetsCausesAddUp(String fileName) {
        ScenarioFile f = PRESETS.load(fileName);
        Scenario s = f.scenario().toBuilder().jobs(Math.min(f.scenario().jobs(), 20_000)).build();
        Scenario heard = f.scenario().toBuilder().jobs(Math.min(f.scenario().jobs(), 2_000)).build();
        for (Strategy strategy : f.strategies()) {
            checkCausesAddUp(new SignupSimulation(s, strategy, RunControl.NONE, true).run(), fileName);
            Map<DuplicateCause, Long> told = new EnumMap<>(DuplicateCause.class);
            SignupSimulation sim = new SignupSimulation(heard, strategy, RunControl.NONE);
            sim.setListener(e -> {
                if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                    told.merge(e.cause(), 1L, Long::sum);
                }
            });
            sim.start();
            while (!sim.isFinished() && sim.step()) {
                // one event at a time, as the live view steps
            }
            Map<DuplicateCause, Long> booked = checkCausesAddUp(sim.result(), fileName + " (heard)");
            booked.values().removeIf(n -> n == 0);
            assertEquals(told, booked, fileName + ", " + strategy.name() + ": the pause's causes are the booked ones");
        }
    }

    /**
     * {@link OutcomeIdentityTest}'s 240 random parameter sets over every strategy and store: the causes add up in
     * each, and over the sets each of the eleven causes is booked at least once, so none is a sum that always holds
     * because it is empty.
     */
    @Test
    void randomParameterSetsCausesAddUp() {
        Mulberry32 rnd = new Mulberry32(2024);
        List<Strategy> strategies = OutcomeIdentityTest.everyStrategy();
        Set<DuplicateCause> seen = EnumSet.noneOf(DuplicateCause.class);
        for (int i = 0; i < 240; i++) {
            Scenario s = OutcomeIdentityTest.randomScenario(rnd);
            Strategy strategy = strategies.get(i % strategies.size());
            StrategyResult r = new SignupSimulation(s, strategy, RunControl.NONE, true).run();
            checkCausesAddUp(r, "set " + i + " " + s).forEach((c, n) -> {
                if (n > 0) {
                    seen.add(c);
                }
            });
        }
        // named one by one: a cause added later is reached by the sets only once its parameter is drawn
        assertTrue(seen.containsAll(EnumSet.of(DuplicateCause.LOST_REPLY, DuplicateCause.CRASH,
                DuplicateCause.VISIBILITY_TIMEOUT, DuplicateCause.LEASE_EXPIRED, DuplicateCause.LOCK_GONE,
                DuplicateCause.REPEATED_REQUEST, DuplicateCause.EXPIRED_KEY, DuplicateCause.ATTEMPT_TIMEOUT,
                DuplicateCause.CLAIM_RACE, DuplicateCause.RESCUER, DuplicateCause.WHOLE_JOB_RETRY)),
                "the random sets reach every cause: " + seen);
    }

    /** Every reply lost, no call failing, 3 attempts: a run of 100 sign-ups, unheard. */
    private static StrategyResult everyReplyLost(RetryScope scope, KeyMode key, StoreKind store) {
        Scenario s = Scenario.article().toBuilder().jobs(100).pFail(0).lostReply(1).maxAttempts(3).build();
        return new SignupSimulation(s, Strategy.of(scope, key, store), RunControl.NONE, true).run();
    }

    /**
     * No store, no key, every reply lost: each sign-up sends its welcome email on attempts 1, 2 and 3 (each reply
     * lost, the caller retries the step; then it fails), so 2 emails beyond the first per sign-up, each after the
     * previous send's lost reply: 200 duplicates, all {@link DuplicateCause#LOST_REPLY}. The in-memory store gives
     * the same: a call whose reply was lost threw, so it was never remembered (the first article's rule), and the
     * record that should have stopped the retry was never written because of the lost reply.
     */
    @Test
    void everyDuplicateAfterALostReplyIsALostReply() {
        for (StoreKind store : List.of(StoreKind.NONE, StoreKind.MEMORY)) {
            StrategyResult r = everyReplyLost(RetryScope.EACH_STEP, KeyMode.NONE, store);
            assertEquals(Map.of(DuplicateCause.LOST_REPLY, 200L), Metric.nonZeroCauses(r), store + ": " + r);
            assertEquals(DuplicateCause.LOST_REPLY, r.mainCause().orElseThrow());
        }
    }

    /**
     * The whole job retried, the same provider key: each attempt runs the steps before the email and then the email,
     * whose reply is lost, so the job retries from step 1; the provider knows the key from attempt 2 on and sends
     * nothing. Each sign-up runs the {@link SignupSteps#EMAIL} steps before the email three times, 2 beyond the
     * first each: 100 × 2 × EMAIL duplicates, all {@link DuplicateCause#WHOLE_JOB_RETRY} (those steps' own calls
     * succeeded; the email's are suppressed, so it is never done again).
     */
    @Test
    void stepsBeforeALostEmailAreDoneAgainByTheWholeJobsRetry() {
        StrategyResult r = everyReplyLost(RetryScope.WHOLE_JOB, KeyMode.SAME, StoreKind.NONE);
        assertEquals(Map.of(DuplicateCause.WHOLE_JOB_RETRY, 100L * 2 * SignupSteps.EMAIL), Metric.nonZeroCauses(r),
                r.toString());
    }

    /**
     * The whole job retried, no key, no store, one worker (the article's untracked runs, one reused job): a welcome
     * email done again is a lost reply exactly when the user's previous send's reply was lost, else the whole job's
     * retry after a later step failed; checked against the run's own events, user by user. One worker runs the
     * sign-ups one after another, so a sign-up whose last send's reply was lost (its job then failed) is followed by
     * another on the same job object, whose first send's reply was not: its email done again must not inherit the
     * lost reply.
     */
    @Test
    void anEmailDoneAgainIsALostReplyExactlyWhenTheUsersLastSendLostItsReply() {
        Scenario s = Scenario.article().toBuilder().jobs(400).pFail(0.2).lostReply(0.3).maxAttempts(3).build();
        SignupSimulation sim = new SignupSimulation(s, Strategy.of(RetryScope.WHOLE_JOB, KeyMode.NONE,
                StoreKind.NONE), RunControl.NONE);
        Map<Long, Boolean> lastSendLost = new HashMap<>();
        long[] seen = new long[2]; // duplicates after a lost reply, and after none
        sim.setListener(e -> {
            if (e.step() != SignupSteps.EMAIL) {
                return;
            }
            switch (e.kind()) {
                case SIDE_EFFECT -> lastSendLost.put(e.user(), false);
                case REPLY_LOST -> lastSendLost.put(e.user(), true);
                case DUPLICATE_SIDE_EFFECT -> {
                    boolean lost = lastSendLost.put(e.user(), false);
                    assertEquals(lost ? DuplicateCause.LOST_REPLY : DuplicateCause.WHOLE_JOB_RETRY, e.cause(),
                            e.toString());
                    seen[lost ? 0 : 1]++;
                }
                default -> {
                    // other events say nothing of the email's fate
                }
            }
        });
        sim.start();
        while (!sim.isFinished() && sim.step()) {
            // one event at a time
        }
        assertTrue(seen[0] > 0 && seen[1] > 0, "both kinds happened: " + seen[0] + ", " + seen[1]);
    }

    /** A run with nothing done again books nothing: the same key stops every second email. */
    @Test
    void nothingDoneAgainHasNoCause() {
        StrategyResult r = everyReplyLost(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.NONE);
        assertEquals(Map.of(), Metric.nonZeroCauses(r));
        assertTrue(r.mainCause().isEmpty());
        assertEquals("none", Metric.DUPLICATES_BY_CAUSE.text(r));
    }
}
