package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@link Metric#PARTLY_DONE_JOBS}: the sign-ups that ended unsucceeded with some steps' side effects done and
 * others not, checked against the jobs one can name by replaying the run's draws.
 *
 * <p>The reasoning. With one worker and the in-memory queue (the article's settings) the engine draws every call's
 * outcome from the one mulberry32 stream of the seed, in the first article's order (docs/simulation.md): per call
 * "does it fail before doing anything?" ({@code < pFail}), then, for a welcome-email call that went out, "is the
 * reply lost?" ({@code < lostReply}); backoff and jitter draw from other streams. {@link #replay} makes the same
 * draws for each job and notes which steps did their side effect (the email only when the provider sent it: with
 * the same key, once per user). A job that fails has at least one step with no side effect (the one it failed at,
 * unless that was the email, sent and its reply lost on every attempt; then the steps after it); it is partly done
 * if any step did its side effect. So a job that fails on its very first call with no attempt left is not partly
 * done, and one that fails at step 3 is. Retrying each step, a failed job did exactly the steps before the one
 * that failed; retrying the whole job, it did every step any of its attempts got past.
 */
class PartlyDoneJobsTest {
    /** 30 % of calls fail and 20 % of sent emails lose their reply, with two attempts: many jobs fail, at any step. */
    private static final Scenario OFTEN_FAILING = Scenario.article().toBuilder().jobs(2_000).pFail(0.3).lostReply(0.2)
            .maxAttempts(2).seed(7).build();

    @Test
    void retryingEachStepAFailedJobIsPartlyDoneWhenItGotPastTheFirstStep() {
        check(Strategy.EACH_STEP_NO_KEY);
    }

    @Test
    void retryingTheWholeJobAFailedJobIsPartlyDoneWhenAnyAttemptGotPastTheFirstStep() {
        check(Strategy.WHOLE_JOB_SAME_KEY);
        check(Strategy.WHOLE_JOB_SKIP_FINISHED);
    }

    @Test
    void aJobThatFailsOnItsFirstCallIsNotPartlyDone() {
        // every call fails: each job fails at step 0 with nothing done, so none is partly done
        StrategyResult r = run(OFTEN_FAILING.toBuilder().jobs(20).pFail(1).build(), Strategy.EACH_STEP_NO_KEY);
        assertEquals(20, r.failedJobs());
        assertEquals(0, r.get(Metric.PARTLY_DONE_JOBS));
    }

    @Test
    void theArticlesTableDoesNotShowIt() {
        assertTrue(Metric.articleTable().stream().noneMatch(m -> m == Metric.PARTLY_DONE_JOBS));
    }

    private static void check(Strategy strategy) {
        StrategyResult r = run(OFTEN_FAILING, strategy);
        long[] expected = replay(OFTEN_FAILING, strategy);
        assertEquals(expected[0], r.failedJobs(), strategy.name() + ": the replay makes the engine's draws");
        assertEquals(expected[1], r.get(Metric.PARTLY_DONE_JOBS), strategy.name());
        // the metric tells failed jobs apart: some failed with nothing done, many with some steps done
        assertTrue(expected[1] > 0 && expected[1] < expected[0], strategy.name() + ": " + Arrays.toString(expected));
    }

    private static StrategyResult run(Scenario s, Strategy strategy) {
        return Comparison.run(s, List.of(strategy), 1, RunControl.NONE).get(0);
    }

    /**
     * The first article's loop over {@code s.jobs()} sign-ups (as {@code bench/ArticleLoop}, for any rates and
     * attempts), noting per job which steps did their side effect.
     *
     * @return {failed jobs, failed jobs with some steps' side effects done and others not}
     */
    static long[] replay(Scenario s, Strategy strategy) {
        Mulberry32 draws = new Mulberry32(s.seed());
        boolean wholeJob = strategy.scope() != RetryScope.EACH_STEP;
        boolean skipFinished = strategy.scope() == RetryScope.WHOLE_JOB_SKIP_FINISHED;
        boolean sameKey = strategy.keyMode() == KeyMode.SAME;
        long failed = 0;
        long partly = 0;
        for (long job = 0; job < s.jobs(); job++) {
            boolean[] done = new boolean[SignupSteps.COUNT];
            boolean[] finished = new boolean[SignupSteps.COUNT];
            boolean providerSaw = false;
            boolean ok = false;
            for (int attempt = 1; attempt <= (wholeJob ? s.maxAttempts() : 1) && !ok; attempt++) {
                ok = true;
                for (int step = 0; step < SignupSteps.COUNT && ok; step++) {
                    if (skipFinished && finished[step]) {
                        continue;
                    }
                    boolean stepOk = false;
                    for (int call = 1; call <= (wholeJob ? 1 : s.maxAttempts()) && !stepOk; call++) {
                        if (draws.nextDouble() < s.pFail()) {
                            continue; // failed before doing anything
                        }
                        boolean email = step == SignupSteps.EMAIL;
                        done[step] |= !email || !sameKey || !providerSaw; // the provider sends once per key
                        providerSaw |= email;
                        stepOk = !email || draws.nextDouble() >= s.lostReply();
                    }
                    finished[step] = stepOk;
                    ok = stepOk;
                }
            }
            if (!ok) {
                failed++;
                long stepsDone = 0;
                for (boolean d : done) {
                    stepsDone += d ? 1 : 0;
                }
                partly += stepsDone > 0 && stepsDone < SignupSteps.COUNT ? 1 : 0;
            }
        }
        return new long[] {failed, partly};
    }
}
