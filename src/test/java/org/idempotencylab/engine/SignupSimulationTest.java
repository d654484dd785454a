package org.idempotencylab.engine;

import org.idempotencylab.scenario.Strategy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import org.idempotencylab.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sign-up simulation's rules (docs/simulation.md; article 1), checked on small job counts
 * where the answer follows from the rules by reasoning, written next to each assertion. The article's
 * 1,000,000-job table itself is {@link ArticleTableTest}.
 */
class SignupSimulationTest {
    private static final long JOBS = 20_000;

    private static final List<Strategy> ARTICLE = Strategy.ARTICLE;

    /** The article's five strategies, for parameterized tests. */
    static List<Strategy> articleStrategies() {
        return ARTICLE;
    }

    /** The article's scenario with {@link #JOBS} sign-ups. */
    private static Scenario.Builder small() {
        return Scenario.article().toBuilder().jobs(JOBS);
    }

    /** TTL mode: keys live out their TTLs (what the live view shows). */
    private static StrategyResult run(Scenario s, Strategy strategy) {
        return new SignupSimulation(s, strategy, RunControl.NONE).run();
    }

    // ---- no failures at all -------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void withoutFailuresEveryJobMakesTenCallsOnce(Strategy strategy) {
        Scenario s = small().pFail(0).lostReply(0).build();
        StrategyResult r = run(s, strategy);
        // Every call succeeds, so each job runs its 10 steps once: 10 calls, 10 side effects, one email.
        assertEquals(10 * JOBS, r.calls());
        assertEquals(10.0, r.callsPerJob());
        assertEquals(0, r.failedJobs());
        assertEquals("100.000%", r.succeeded());
        assertEquals(0, r.repeatedSteps());
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(JOBS, r.emailsSent());
        assertEquals(0, r.backoffWaits());
        assertEquals(0, r.storeHits(), "no step is asked for twice, so the store never answers from a saved value");
    }

    @ParameterizedTest
    @CsvSource({"2, 300", "1, 200", "1.5, 250", "3, 400", "10, 1100"})
    void theBackoffFactorSetsHowMuchTheSecondWaitGrows(double factor, long expectedMs) {
        // One sign-up whose every call fails, calls that take no time, no jitter: the job gives up at step 1
        // after 3 attempts and 2 waits, 100 ms and then 100 ms x factor; the clock ends at their sum.
        Scenario s = Scenario.article().toBuilder().jobs(1).pFail(1).callMs(0).jitter(false)
                .backoffFactor(factor).build();
        StrategyResult r = run(s, Strategy.EACH_STEP_NO_KEY);
        assertEquals(2, r.backoffWaits());
        assertEquals(1, r.failedJobs());
        assertEquals(expectedMs, r.virtualTimeMs());
    }

    // ---- every email reply lost ---------------------------------------------------------------------------
    // pFail = 0 and lostReply = 1: steps 1..6 always succeed; the email always goes out (unless the provider
    // knows the key) and its reply is always lost, so the email step fails on every attempt. The job fails
    // whatever the strategy. These counts do not depend on the seed.

    @Test
    void lostReplyAlwaysEachStepNoKeySendsThreeEmails() {
        Scenario s = small().pFail(0).lostReply(1).maxAttempts(3).build();
        for (Strategy strategy : List.of(Strategy.EACH_STEP_NO_KEY, Strategy.EACH_STEP_NEW_KEY)) {
            StrategyResult r = run(s, strategy);
            // Steps 1..6 once (6 calls), then the email 3 times (3 attempts) before the job gives up: 9 calls.
            assertEquals(9 * JOBS, r.calls(), strategy.name());
            assertEquals(9.0, r.callsPerJob(), strategy.name());
            assertEquals(JOBS, r.failedJobs(), strategy.name());
            assertEquals("0.000%", r.succeeded(), strategy.name());
            // No key (or a key the provider never saw before): every attempt sends, 3 emails per user.
            assertEquals(3 * JOBS, r.emailsSent(), strategy.name());
            assertEquals(0, r.providerSuppressedSends(), strategy.name());
            assertEquals(JOBS, r.usersWithDuplicateEmails(), strategy.name());
            // The email is done 2 times more than once; no other step repeats.
            assertEquals(2 * JOBS, r.repeatedSteps(), strategy.name());
            // Two waits per job: after attempts 1 and 2.
            assertEquals(2 * JOBS, r.backoffWaits(), strategy.name());
        }
    }

    @Test
    void lostReplyAlwaysEachStepSameKeySendsOneEmailButJobsStillFail() {
        Scenario s = small().pFail(0).lostReply(1).maxAttempts(3).build();
        StrategyResult r = run(s, Strategy.EACH_STEP_SAME_KEY);
        // Same calls as without a key: the key changes what the provider does, not what the job does.
        assertEquals(9 * JOBS, r.calls());
        assertEquals(JOBS, r.failedJobs());
        // The provider sends on the first call of welcome-email:<user> and suppresses the 2 retries.
        assertEquals(JOBS, r.emailsSent());
        assertEquals(2 * JOBS, r.providerSuppressedSends());
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(0, r.repeatedSteps());
    }

    @Test
    void lostReplyAlwaysWholeJobSameKeyRepeatsTheSixStepsBeforeTheEmail() {
        Scenario s = small().pFail(0).lostReply(1).maxAttempts(3).build();
        StrategyResult r = run(s, Strategy.WHOLE_JOB_SAME_KEY);
        // Each attempt runs steps 1..7 (7 calls) and fails at the email; 3 attempts: 21 calls.
        assertEquals(21 * JOBS, r.calls());
        assertEquals(21.0, r.callsPerJob());
        assertEquals(JOBS, r.failedJobs());
        // Steps 1..6 run 3 times each: 2 extra each, 12 per user. The email is deduplicated by the provider.
        assertEquals(12 * JOBS, r.repeatedSteps());
        assertEquals(JOBS, r.emailsSent());
        assertEquals(2 * JOBS, r.providerSuppressedSends());
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(2 * JOBS, r.backoffWaits());
    }

    @Test
    void lostReplyAlwaysWholeJobSkipFinishedRunsEachStepOnce() {
        Scenario s = small().pFail(0).lostReply(1).maxAttempts(3).build();
        StrategyResult r = run(s, Strategy.WHOLE_JOB_SKIP_FINISHED);
        // Attempt 1 runs steps 1..6 and the email (7 calls). Attempts 2 and 3 find steps 1..6 saved (6 store
        // hits each) and call only the email, whose failed runs were not remembered: 7 + 1 + 1 = 9 calls.
        assertEquals(9 * JOBS, r.calls());
        assertEquals(12 * JOBS, r.storeHits());
        assertEquals(JOBS, r.failedJobs());
        assertEquals(0, r.repeatedSteps());
        assertEquals(JOBS, r.emailsSent());
        assertEquals(2 * JOBS, r.providerSuppressedSends());
        assertEquals(0, r.usersWithDuplicateEmails());
    }

    // ---- every call fails -----------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void whenEveryCallFailsEachJobStopsAtStepOneAfterItsAttempts(Strategy strategy) {
        Scenario s = small().pFail(1).lostReply(0).maxAttempts(4).build();
        StrategyResult r = run(s, strategy);
        // Step 1 fails before doing anything on each of the 4 attempts, whatever the scope: 4 calls, no effect.
        assertEquals(4 * JOBS, r.calls());
        assertEquals(JOBS, r.failedJobs());
        assertEquals(0, r.emailsSent());
        assertEquals(0, r.repeatedSteps());
        assertEquals(3 * JOBS, r.backoffWaits());
    }

    // ---- no retries -------------------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void withOneAttemptNothingIsRepeated(Strategy strategy) {
        Scenario s = small().pFail(0.05).lostReply(0.05).maxAttempts(1).build();
        StrategyResult r = run(s, strategy);
        // maxAttempts counts the first attempt: 1 means no retry, so no step can happen twice.
        assertEquals(0, r.repeatedSteps());
        assertEquals(0, r.usersWithDuplicateEmails());
        assertEquals(0, r.backoffWaits());
        assertEquals(0, r.storeHits());
        // Each job succeeds only if all 10 calls do (0.95^10 ~ 60%, less the lost replies): thousands fail.
        assertTrue(r.failedJobs() > JOBS / 4, "failed " + r.failedJobs());
    }

    @Test
    void withOneAttemptEveryStrategyMakesTheSameCalls() {
        // Without retries, scope and key mode change nothing: every strategy calls the steps of each job in order
        // until the first failure, drawing the same outcomes from the same stream.
        Scenario s = small().pFail(0.05).lostReply(0.05).maxAttempts(1).build();
        StrategyResult first = run(s, ARTICLE.get(0));
        for (Strategy strategy : ARTICLE) {
            StrategyResult r = run(s, strategy);
            assertEquals(first.failedJobs(), r.failedJobs(), strategy.name());
            assertEquals(first.calls(), r.calls(), strategy.name());
            assertEquals(first.emailsSent(), r.emailsSent(), strategy.name());
        }
    }

    // ---- key modes under per-step retry ---------------------------------------------------------------------

    @Test
    void keyModeChangesWhatTheProviderDoesNotWhatTheJobDoes() {
        Scenario s = small().pFail(0.05).lostReply(0.2).build();
        StrategyResult none = run(s, Strategy.EACH_STEP_NO_KEY);
        StrategyResult fresh = run(s, Strategy.EACH_STEP_NEW_KEY);
        StrategyResult same = run(s, Strategy.EACH_STEP_SAME_KEY);
        // The same calls in the same order draw the same outcomes: same failures, calls, waits and clock.
        for (StrategyResult r : List.of(fresh, same)) {
            assertEquals(none.failedJobs(), r.failedJobs());
            assertEquals(none.calls(), r.calls());
            assertEquals(none.backoffWaits(), r.backoffWaits());
            assertEquals(none.virtualTimeMs(), r.virtualTimeMs());
        }
        // A key that changes on every call protects nothing: the provider sends exactly as without a key.
        assertEquals(none.emailsSent(), fresh.emailsSent());
        assertEquals(none.repeatedSteps(), fresh.repeatedSteps());
        assertEquals(none.usersWithDuplicateEmails(), fresh.usersWithDuplicateEmails());
        assertTrue(none.usersWithDuplicateEmails() > 0, "lost replies at 20% must duplicate some emails");
        // With the same key the provider sends once per user who reached the email; every further send of the
        // no-key run is a suppressed send here, and was a repeated side effect there (only the email can
        // repeat under per-step retry: other steps fail before doing anything).
        assertEquals(0, same.repeatedSteps());
        assertEquals(0, same.usersWithDuplicateEmails());
        assertEquals(none.emailsSent() - same.emailsSent(), none.repeatedSteps());
        assertEquals(none.emailsSent() - same.emailsSent(), same.providerSuppressedSends());
    }

    // ---- batch mode and TTL mode -------------------------------------------------------------------------------

    /** Scenarios for the batch/TTL comparison: name, scenario. */
    static List<Scenario> batchScenarios() {
        return List.of(
                small().pFail(0.05).lostReply(0.05).build(),
                // TTLs shorter than a job (10 calls of 200 ms): keys also expire inside jobs, the same way in
                // both modes.
                small().pFail(0.05).lostReply(0.05).ttlMs(500).providerKeyTtlMs(700).build(),
                // Several workers: jobs of different users are in progress at once, so forgetting must touch
                // only the keys of the job that ended.
                small().pFail(0.05).lostReply(0.05).workers(8).baseDelayMs(1_000).maxDelayMs(8_000).build());
    }

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void batchModeGivesTheSameResultAsTtlMode(Strategy strategy) {
        // Every user has one job, so once it ends nothing asks for its keys again: forgetting them early must
        // not change any number (SignupSimulation's class comment). Records are compared by value.
        for (Scenario s : batchScenarios()) {
            StrategyResult ttl = new SignupSimulation(s, strategy, RunControl.NONE).run();
            StrategyResult batch = new SignupSimulation(s, strategy, RunControl.NONE, true).run();
            assertEquals(ttl, batch, s.toString());
        }
    }

    // ---- seeds, threads, cancellation ---------------------------------------------------------------------------

    @Test
    void sameSeedGivesTheSameResult() {
        Scenario s = small().pFail(0.05).lostReply(0.05).seed(123).build();
        for (Strategy strategy : ARTICLE) {
            assertEquals(run(s, strategy), run(s, strategy), strategy.name());
        }
    }

    @Test
    void differentSeedGivesADifferentResult() {
        // 20,000 jobs with ~40% failing at pFail 0.05: the number of calls is a sum of ~200,000 random outcomes
        // and takes thousands of values; two seeds agreeing on the whole record is practically impossible.
        Scenario a = small().pFail(0.05).lostReply(0.05).seed(123).build();
        Scenario b = a.toBuilder().seed(124).build();
        for (Strategy strategy : ARTICLE) {
            StrategyResult ra = run(a, strategy);
            StrategyResult rb = run(b, strategy);
            assertNotEquals(ra, rb, strategy.name());
            assertNotEquals(ra.calls(), rb.calls(), strategy.name());
        }
    }

    @Test
    void comparisonGivesTheSameListOnOneAndTwoThreads() {
        Scenario s = small().pFail(0.05).lostReply(0.05).build();
        List<StrategyResult> one = Comparison.run(s, ARTICLE, 1, RunControl.NONE);
        List<StrategyResult> two = Comparison.run(s, ARTICLE, 2, RunControl.NONE);
        assertEquals(one, two);
        // In the order given, one per strategy, and the same as each simulation run alone.
        assertEquals(ARTICLE, one.stream().map(StrategyResult::strategy).toList());
        for (int i = 0; i < ARTICLE.size(); i++) {
            assertEquals(run(s, ARTICLE.get(i)), one.get(i), ARTICLE.get(i).name());
        }
    }

    @Test
    void comparisonRejectsZeroThreads() {
        assertThrows(IllegalArgumentException.class,
                () -> Comparison.run(small().build(), ARTICLE, 0, RunControl.NONE));
    }

    @Test
    void progressReportsAddUpToEveryJob() {
        AtomicLong done = new AtomicLong();
        RunControl counting = new RunControl() {
            @Override
            public void jobsFinished(long jobsDone) {
                done.addAndGet(jobsDone);
            }
        };
        // 5,000 jobs: not a multiple of the report interval, so the final partial report must be made too.
        Scenario s = small().jobs(5_000).build();
        Comparison.run(s, ARTICLE, 2, counting);
        assertEquals(5_000L * ARTICLE.size(), done.get());
    }

    @Test
    void cancelledControlMakesRunThrow() {
        RunControl cancelled = new RunControl() {
            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        Scenario s = small().build();
        assertThrows(CancellationException.class,
                () -> new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, cancelled).run());
        assertThrows(CancellationException.class, () -> Comparison.run(s, ARTICLE, 1, cancelled));
        assertThrows(CancellationException.class, () -> Comparison.run(s, ARTICLE, 2, cancelled));
        // fewer jobs than one progress report (4,096): the cancel is still honoured
        Scenario tiny = small().jobs(100).build();
        assertThrows(CancellationException.class,
                () -> new SignupSimulation(tiny, Strategy.EACH_STEP_NO_KEY, cancelled).run());
    }

    @Test
    void aSimulationRunsOnce() {
        SignupSimulation sim = new SignupSimulation(small().jobs(10).build(), Strategy.EACH_STEP_NO_KEY,
                RunControl.NONE);
        sim.run();
        assertThrows(IllegalStateException.class, sim::run);
    }

    // ---- virtual time ----------------------------------------------------------------------------------------

    /**
     * The sum of the first {@code calls} call durations for {@code seed} and a mean of {@code callMs}: each call
     * takes round(callMs * (0.5 + u)) ms, u from the CALL_DURATION stream (SignupSimulation's rule).
     */
    private static long durationSum(long seed, long callMs, int calls) {
        Mulberry32 d = RandomStreams.derived(seed, RandomStreams.Purpose.CALL_DURATION);
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            sum += Math.round(callMs * (0.5 + d.nextDouble()));
        }
        return sum;
    }

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void callsWithoutFailuresTakeTheirDrawnDurationsBackToBack(Strategy strategy) {
        // One worker does the jobs one after another; each job is 10 calls and nothing waits, so the last job
        // ends at the sum of the 10,000 call durations drawn in order.
        Scenario s = small().jobs(1_000).pFail(0).lostReply(0).callMs(200).workers(1).build();
        StrategyResult r = run(s, strategy);
        long expected = durationSum(s.seed(), 200, 10_000);
        assertEquals(expected, r.virtualTimeMs());
        // durations are uniform in [100, 300): the mean stays 200 ms within 1% over 10,000 calls
        assertEquals(2_000_000, expected, 20_000);
    }

    @Test
    void workersShareTheQueue() {
        // 4 workers take jobs first-in first-out; without failures the 10,000 calls are shared out, so the last
        // job ends near a quarter of the one-worker time (each worker does about 250 jobs back to back).
        Scenario s = small().jobs(1_000).pFail(0).lostReply(0).callMs(200).workers(4).build();
        StrategyResult r = run(s, Strategy.EACH_STEP_NO_KEY);
        long oneWorker = durationSum(s.seed(), 200, 10_000);
        assertEquals(oneWorker / 4.0, r.virtualTimeMs(), oneWorker * 0.02);
        assertEquals(10_000, r.calls());
    }

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void instantCallsWithoutFailuresTakeNoTime(Strategy strategy) {
        Scenario s = small().pFail(0).lostReply(0).callMs(0).build();
        assertEquals(0, run(s, strategy).virtualTimeMs());
    }

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void backoffWaitsMoveTheVirtualClock(Strategy strategy) {
        // Calls take no time, so the clock moves only by backoff waits. With 2 attempts and no jitter every wait
        // is the one before attempt 2: min(2000, 100 * 2^0) = 100 ms. One worker waits them one after another.
        Scenario s = small().pFail(0.05).lostReply(0.05).callMs(0).maxAttempts(2).jitter(false).build();
        StrategyResult r = run(s, strategy);
        assertTrue(r.backoffWaits() > 0);
        assertEquals(100 * r.backoffWaits(), r.virtualTimeMs());
    }

    @ParameterizedTest
    @MethodSource("articleStrategies")
    void jitteredBackoffWaitsAlsoMoveTheClock(Strategy strategy) {
        // With jitter a wait can round down to 0 ms, but not all of ~thousands of them.
        Scenario s = small().pFail(0.05).lostReply(0.05).callMs(0).build();
        StrategyResult r = run(s, strategy);
        assertTrue(r.virtualTimeMs() > 0);
        // Each wait is below its cap, the largest cap with 3 attempts being 200 ms.
        assertTrue(r.virtualTimeMs() < 200 * r.backoffWaits());
    }

    @Test
    void jitterDrawsDoNotShiftTheOutcomeDraws() {
        // Jitter draws from its own stream (docs/simulation.md): switching it off changes the clock, not the outcomes.
        Scenario on = small().pFail(0.05).lostReply(0.05).build();
        Scenario off = on.toBuilder().jitter(false).build();
        for (Strategy strategy : ARTICLE) {
            StrategyResult a = run(on, strategy);
            StrategyResult b = run(off, strategy);
            assertEquals(a.failedJobs(), b.failedJobs(), strategy.name());
            assertEquals(a.calls(), b.calls(), strategy.name());
            assertEquals(a.repeatedSteps(), b.repeatedSteps(), strategy.name());
            assertEquals(a.usersWithDuplicateEmails(), b.usersWithDuplicateEmails(), strategy.name());
            assertNotEquals(a.virtualTimeMs(), b.virtualTimeMs(), strategy.name());
        }
    }

    // ---- a TTL shorter than the retry window --------------------------------------------------------------------

    @ParameterizedTest(name = "ttl {0} ms, base delay {1} ms, jitter {2}")
    @CsvSource({
        // ttl 1 ms: a key finished at t is gone at t + 1, and the next attempt's first call is at least one
        // 200 ms call later (the failing step came after it), so no key survives to the next attempt.
        "1, 100, true",
        // ttl 1 s with backoff 5 s and no jitter: every retry starts 5 s or more after the failure, and every key
        // of the failed attempt finished at or before the failure, so all expire before the retry asks.
        "1000, 5000, false",
    })
    void keysThatExpireBeforeTheRetryLetFinishedStepsRunAgain(long ttlMs, long baseDelayMs, boolean jitter) {
        Scenario shortTtl = small().pFail(0.05).lostReply(0.05).callMs(200).ttlMs(ttlMs).baseDelayMs(baseDelayMs)
                .maxDelayMs(Math.max(2_000, baseDelayMs * 4)).jitter(jitter).build();
        StrategyResult skip = run(shortTtl, Strategy.WHOLE_JOB_SKIP_FINISHED);
        // No retry ever finds a saved step, so "skip finished steps" degenerates into the plain whole-job retry:
        // the same calls, draws, waits and side effects as WHOLE_JOB_SAME_KEY on the same scenario.
        assertEquals(0, skip.storeHits());
        assertTrue(skip.repeatedSteps() > 0, "finished steps must run again once their keys expired");
        StrategyResult wholeJob = run(shortTtl, Strategy.WHOLE_JOB_SAME_KEY);
        assertEquals(wholeJob.repeatedSteps(), skip.repeatedSteps());
        assertEquals(wholeJob.calls(), skip.calls());
        assertEquals(wholeJob.failedJobs(), skip.failedJobs());
        assertEquals(wholeJob.backoffWaits(), skip.backoffWaits());
        assertEquals(wholeJob.virtualTimeMs(), skip.virtualTimeMs());

        // With the default 24 h TTL the same scenario keeps every key through the retries: nothing runs again.
        Scenario dayTtl = shortTtl.toBuilder().ttlMs(Scenario.DAY_MS).build();
        StrategyResult kept = run(dayTtl, Strategy.WHOLE_JOB_SKIP_FINISHED);
        assertEquals(0, kept.repeatedSteps());
        assertTrue(kept.storeHits() > 0);
        assertTrue(kept.calls() < skip.calls(), "skipping saved steps saves calls");
    }

    @Test
    void simulatorClockEndsAtTheLastEvent() {
        Scenario s = small().jobs(100).pFail(0).lostReply(0).callMs(200).build();
        SignupSimulation sim = new SignupSimulation(s, Strategy.WHOLE_JOB_SKIP_FINISHED, RunControl.NONE);
        StrategyResult r = sim.run();
        assertEquals(r.virtualTimeMs(), sim.simulator().nowMs());
        assertEquals(0, sim.simulator().pendingEvents());
        assertEquals(100L * 10, sim.simulator().eventsFired()); // one event per call, no waits
    }
}
