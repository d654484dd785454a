package org.idempotencylab.engine;

import static org.idempotencylab.scenario.Parameter.BACKOFF_FACTOR;
import static org.idempotencylab.scenario.Parameter.BASE_DELAY_MS;
import static org.idempotencylab.scenario.Parameter.CALL_MS;
import static org.idempotencylab.scenario.Parameter.JITTER;
import static org.idempotencylab.scenario.Parameter.JOBS;
import static org.idempotencylab.scenario.Parameter.LOST_REPLY;
import static org.idempotencylab.scenario.Parameter.MAX_ATTEMPTS;
import static org.idempotencylab.scenario.Parameter.MAX_DELAY_MS;
import static org.idempotencylab.scenario.Parameter.PROVIDER_KEY_TTL_MS;
import static org.idempotencylab.scenario.Parameter.P_FAIL;
import static org.idempotencylab.scenario.Parameter.SEED;
import static org.idempotencylab.scenario.Parameter.TTL_MS;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;

/**
 * A batch run in which nothing can overlap, run as plain loops without the event queue: one worker, every sign-up
 * there at time 0, no feature that schedules anything else. Jobs then run one after the other, each call ends before
 * the next starts, and the virtual clock is the sum of the call durations and backoff waits; so the calls can be
 * made in order, with the same draws from the same streams as {@link SignupSimulation} makes (the outcome stream
 * per call, the call-duration stream per call, the jitter stream per backoff; docs/simulation.md), and the same
 * metrics come out, to the last count. {@code SerialRunTest} compares both on random parameter sets.
 *
 * <p>Which runs qualify ({@link #handles}) is decided conservatively: the strategy is one of the plain ones (no
 * settings; no store, or the in-memory store for skipping finished steps), every parameter outside
 * {@link #HANDLED} has the first article's value, and no key can expire during a job (the longest job this scenario
 * allows is shorter than the store's and the provider's key TTLs, so a key once written stays for the rest of its
 * job). Anything else runs on the event engine. The first article's table is such a run.
 */
final class SerialRun {
    /** The parameters this run reproduces at any value; every other one must have the article's value. */
    static final Set<Parameter> HANDLED = EnumSet.of(JOBS, P_FAIL, LOST_REPLY, MAX_ATTEMPTS, SEED, BASE_DELAY_MS,
            MAX_DELAY_MS, BACKOFF_FACTOR, JITTER, CALL_MS, TTL_MS, PROVIDER_KEY_TTL_MS);

    private final Scenario scenario;
    private final boolean eachStep;
    private final boolean skipFinished;
    private final boolean sameKey;
    private final RunMetrics metrics = new RunMetrics();

    private SerialRun(Scenario scenario, Strategy strategy) {
        this.scenario = scenario;
        this.eachStep = strategy.scope() == RetryScope.EACH_STEP;
        this.skipFinished = strategy.scope() == RetryScope.WHOLE_JOB_SKIP_FINISHED;
        // with no repeated request, a key per request is one key per sign-up, as the same key is
        this.sameKey = strategy.keyMode() == KeyMode.SAME || strategy.keyMode() == KeyMode.PER_REQUEST;
    }

    /**
     * @return true if {@code strategy} on {@code scenario} is a run where nothing can overlap and whose every
     *         parameter this class reproduces (see the class comment); false sends it to the event engine
     */
    static boolean handles(Scenario scenario, Strategy strategy) {
        // the store its scope implies (none, or memory to skip finished steps) and nothing a plain strategy lacks
        if (!strategy.equals(new Strategy(strategy.name(), strategy.scope(), strategy.keyMode()))) {
            return false; // settings, another store
        }
        if (scenario.declaredWorkflow() != null) {
            return false; // another job's steps
        }
        for (Parameter p : scenario.differencesFrom(Scenario.article())) {
            if (!HANDLED.contains(p)) {
                return false;
            }
        }
        // every call and every wait of a job at its longest: a call lasts under 1.5 callMs, rounded
        double longestJobMs = 10.0 * scenario.maxAttempts() * (2.0 * scenario.callMs() + 1 + scenario.maxDelayMs());
        return longestJobMs < Math.min(scenario.ttlMs(), scenario.providerKeyTtlMs());
    }

    /**
     * Runs every sign-up of {@code scenario} under {@code strategy}; only for runs {@link #handles} accepts.
     *
     * @param control progress (every {@value Progress#REPORT_EVERY} jobs) and cancellation
     * @return the metrics, equal to those of {@code new SignupSimulation(scenario, strategy, control, true).run()}
     * @throws CancellationException if the control asked to stop
     */
    static StrategyResult run(Scenario scenario, Strategy strategy, RunControl control) {
        Progress progress = new Progress(control);
        if (progress.cancelled()) {
            throw new CancellationException("cancelled before the first job");
        }
        SerialRun run = new SerialRun(scenario, strategy);
        run.runJobs(progress);
        progress.flush();
        if (progress.cancelled()) {
            throw new CancellationException("cancelled after " + progress.finished() + " jobs");
        }
        return run.metrics.result(strategy, scenario.jobs(), null);
    }

    /**
     * The jobs in order, as {@link Worker} runs them with one worker: per call, the duration draw, then the outcome
     * draw and, for an email that went out, the lost-reply draw ({@link StepCalls#outcome}); per failed attempt that
     * has one left, a backoff ({@link RetryPolicy}).
     */
    private void runJobs(Progress progress) {
        final int steps = SignupSteps.COUNT;
        final int email = SignupSteps.EMAIL;
        final long jobs = scenario.jobs();
        final double pFail = scenario.pFail();
        final double lostReply = scenario.lostReply();
        final int maxAttempts = scenario.maxAttempts();
        final long callMs = scenario.callMs();
        final Mulberry32 outcomes = RandomStreams.outcomes(scenario.seed());
        final Mulberry32 durations = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.CALL_DURATION);
        final Mulberry32 jitter = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.JITTER);
        final RetryPolicy retry = RetryPolicy.of(scenario);
        final int[] done = new int[steps]; // side effects per step of this job's user
        long nowMs = 0;
        long calls = 0;
        long backoffs = 0;
        long emailsSent = 0;
        long suppressed = 0;
        long hits = 0;
        for (long user = 0; user < jobs; user++) {
            Arrays.fill(done, 0);
            boolean providerSaw = false; // the provider's memory of this user's same key
            boolean emailLost = false;   // the email's last reply was lost: its next send is booked to it
            int finished = 0;            // the store's saved results: bit s for step s
            int step = 0;
            int attempt = 1;
            boolean ok = true;
            while (step < steps) {
                if (skipFinished && (finished & (1 << step)) != 0) {
                    hits++; // the saved result: no call
                    step++;
                    continue;
                }
                calls++;
                if (callMs != 0) {
                    // StepCalls' Math.round(d), for 0.5 <= d < 2^52 (d = callMs * 0.5..1.5, callMs a whole number
                    // of ms): truncating d + 0.5 rounds the same (no sum crosses a whole number by rounding), in
                    // a third of the instructions: the draws of the call times were a tenth of the table's CPU
                    nowMs += (long) (callMs * (0.5 + durations.nextDouble()) + 0.5);
                }
                boolean failed = outcomes.nextDouble() < pFail;
                if (!failed) {
                    boolean sent = true;
                    if (step == email) {
                        sent = !(sameKey && providerSaw);
                        providerSaw = true;
                        if (sent) {
                            emailsSent++;
                        } else {
                            suppressed++;
                        }
                    }
                    if (sent && ++done[step] > 1) {
                        // CauseTrail's rules where only a lost reply can differ between two side effects
                        metrics.repeatedSideEffect(step, step == email && emailLost ? DuplicateCause.LOST_REPLY
                                : DuplicateCause.WHOLE_JOB_RETRY);
                        if (step == email && done[step] == 2) {
                            metrics.count(Metric.USERS_WITH_DUPLICATE_EMAILS);
                        }
                    }
                    failed = step == email && outcomes.nextDouble() < lostReply;
                    if (step == email) {
                        emailLost = failed;
                    }
                }
                if (!failed) {
                    finished |= 1 << step;
                    step++;
                    if (eachStep) {
                        attempt = 1;
                    }
                } else if (attempt >= maxAttempts) {
                    ok = false;
                    break;
                } else {
                    backoffs++;
                    nowMs += retry.backoffMs(attempt, jitter);
                    attempt++;
                    if (!eachStep) {
                        step = 0;
                    }
                }
            }
            metrics.ended(false, ok ? Outcome.SUCCEEDED : Outcome.FAILED, done);
            progress.jobEnded();
        }
        metrics.add(Metric.CALLS, calls);
        metrics.add(Metric.BACKOFF_WAITS, backoffs);
        metrics.add(Metric.EMAILS_SENT, emailsSent);
        metrics.add(Metric.PROVIDER_SUPPRESSED_SENDS, suppressed);
        metrics.add(Metric.STORE_HITS, hits);
        metrics.set(Metric.VIRTUAL_TIME_MS, nowMs);
    }
}
