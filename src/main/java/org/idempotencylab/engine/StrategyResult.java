package org.idempotencylab.engine;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.idempotencylab.scenario.Strategy;

/**
 * What one strategy did with one scenario: the value of every {@link Metric}, immutable. Built by
 * {@link RunMetrics#result}; read with {@link #get(Metric)} or {@link Metric#value}, or through the named
 * accessors below, which tests and the views use for the metrics they talk about.
 */
public final class StrategyResult {
    private final Strategy strategy;
    private final long jobs;
    private final long[] counts;
    private final long[] repeatedByStep;
    private final long[] repeatedByCause;
    private final List<String> stepNames;

    StrategyResult(Strategy strategy, long jobs, long[] counts, long[] repeatedByStep, long[] repeatedByCause,
            List<String> stepNames) {
        this.strategy = Objects.requireNonNull(strategy, "strategy");
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs: " + jobs + " is outside the allowed range 1 and more");
        }
        this.jobs = jobs;
        this.counts = counts;
        this.repeatedByStep = repeatedByStep;
        this.repeatedByCause = repeatedByCause;
        this.stepNames = stepNames;
    }

    /** @return the names of the workflow's steps, in the order of {@link #repeatedStepsByStep()}. */
    public List<String> stepNames() {
        return stepNames;
    }

    /** @return the strategy simulated. */
    public Strategy strategy() {
        return strategy;
    }

    /**
     * @return the sign-ups, the denominator of {@link #succeeded()}: each ends in exactly one of
     *         {@link Outcome}'s sign-up metrics, which add up to it once the run has ended
     */
    public long jobs() {
        return jobs;
    }

    /** @return jobs run: the sign-ups and the repeated requests, the denominator of {@link #callsPerJob()}. */
    public long jobsRun() {
        return jobs + repeatedRequests();
    }

    /**
     * @return the count of a counting metric (counts and virtual ms)
     * @throws IllegalArgumentException for a metric that is computed ({@link Metric#SUCCEEDED},
     *                                  {@link Metric#CALLS_PER_JOB}) or per step: use {@link Metric#value}
     */
    public long get(Metric m) {
        if (!m.isCounter()) {
            throw new IllegalArgumentException(m.id() + " is not a counter; read it with Metric.value");
        }
        return counts[m.ordinal()];
    }

    /**
     * @return percent of sign-ups that succeeded, as the article prints it: {@code toFixed(3)} and a "%", e.g.
     *         "99.999%" (see {@link #succeededPercent()})
     */
    public String succeeded() {
        return JsFormat.toFixed(succeededPercent(), 3) + "%";
    }

    /**
     * @return percent of sign-ups that succeeded: {@link Metric#SUCCEEDED_JOBS} out of {@link #jobs()}, 0 to 100;
     *         while the run goes, jobs not yet ended do not count as succeeded. Once every sign-up has ended, it is
     *         the first article's "percent of jobs not failed" (each sign-up ends in exactly one outcome), but a
     *         run whose jobs never ended (lost, or their rows gone) shows 0 %, not 100 %
     */
    public double succeededPercent() {
        return (100.0 * succeededJobs()) / jobs;
    }

    /** @return calls per job, rounded to 2 decimals as the article does ({@code Math.round(x * 100) / 100}). */
    public double callsPerJob() {
        return callsPerJobHundredths() / 100.0;
    }

    /** @return calls per job as the article prints it, e.g. "10.6" or "10.11". */
    public String callsPerJobText() {
        return JsFormat.hundredthsToString(callsPerJobHundredths());
    }

    private long callsPerJobHundredths() {
        return JsFormat.roundHundredths((double) calls() / jobsRun());
    }

    /**
     * @return {@link Metric#REPEATED_STEPS} per step, in the order of {@link #stepNames()}: one entry per step of the
     *         workflow (10 for the article's sign-up)
     */
    public List<Long> repeatedStepsByStep() {
        return Arrays.stream(repeatedByStep).boxed().toList();
    }

    /**
     * @return {@link Metric#DUPLICATES_BY_CAUSE}: side effects done again booked to {@code cause}
     *         ({@link DuplicateCause}); over every cause they add up to {@link #repeatedSteps()}
     */
    public long repeatedSteps(DuplicateCause cause) {
        return repeatedByCause[cause.ordinal()];
    }

    /**
     * @return the cause most side effects done again were booked to (the first in {@link DuplicateCause}'s order
     *         among equals), or empty when nothing was done again
     */
    public Optional<DuplicateCause> mainCause() {
        return Metric.nonZeroCauses(this).keySet().stream().findFirst();
    }

    /** @return {@link Metric#FAILED_JOBS}. */
    public long failedJobs() {
        return get(Metric.FAILED_JOBS);
    }

    /** @return {@link Metric#CALLS}. */
    public long calls() {
        return get(Metric.CALLS);
    }

    /** @return {@link Metric#REPEATED_STEPS}: the first article's "steps done again". */
    public long repeatedSteps() {
        return get(Metric.REPEATED_STEPS);
    }

    /** @return {@link Metric#USERS_WITH_DUPLICATE_EMAILS}. */
    public long usersWithDuplicateEmails() {
        return get(Metric.USERS_WITH_DUPLICATE_EMAILS);
    }

    /** @return {@link Metric#EMAILS_SENT}. */
    public long emailsSent() {
        return get(Metric.EMAILS_SENT);
    }

    /** @return {@link Metric#PROVIDER_SUPPRESSED_SENDS}. */
    public long providerSuppressedSends() {
        return get(Metric.PROVIDER_SUPPRESSED_SENDS);
    }

    /** @return {@link Metric#STORE_HITS}. */
    public long storeHits() {
        return get(Metric.STORE_HITS);
    }

    /** @return {@link Metric#BACKOFF_WAITS}. */
    public long backoffWaits() {
        return get(Metric.BACKOFF_WAITS);
    }

    /** @return {@link Metric#VIRTUAL_TIME_MS}. */
    public long virtualTimeMs() {
        return get(Metric.VIRTUAL_TIME_MS);
    }

    /** @return {@link Metric#REPEATED_REQUESTS}. */
    public long repeatedRequests() {
        return get(Metric.REPEATED_REQUESTS);
    }

    /** @return {@link Metric#SLOW_CALLS}. */
    public long slowCalls() {
        return get(Metric.SLOW_CALLS);
    }

    /** @return {@link Metric#SUCCEEDED_JOBS}. */
    public long succeededJobs() {
        return get(Metric.SUCCEEDED_JOBS);
    }

    /** @return {@link Metric#DROPPED_JOBS}. */
    public long droppedJobs() {
        return get(Metric.DROPPED_JOBS);
    }

    /** @return {@link Metric#DEAD_LETTERED_JOBS}. */
    public long deadLetteredJobs() {
        return get(Metric.DEAD_LETTERED_JOBS);
    }

    /** @return {@link Metric#OVERLAPPING_RUNS}. */
    public long overlappingRuns() {
        return get(Metric.OVERLAPPING_RUNS);
    }

    /** @return {@link Metric#SILENT_WRONG_RESULTS}. */
    public long silentWrongResults() {
        return get(Metric.SILENT_WRONG_RESULTS);
    }

    /** @return how many sign-ups ({@code repeats} false) or repeated requests ended in {@code outcome}. */
    public long ended(boolean repeats, Outcome outcome) {
        return get(outcome.metric(repeats));
    }

    /** @return {@link Metric#LOST_JOBS}. */
    public long lostJobs() {
        return get(Metric.LOST_JOBS);
    }

    /** @return {@link Metric#CRASHES}. */
    public long crashes() {
        return get(Metric.CRASHES);
    }

    /** @return {@link Metric#REDELIVERIES}. */
    public long redeliveries() {
        return get(Metric.REDELIVERIES);
    }

    /** @return {@link Metric#JOB_IN_PROGRESS_REJECTIONS}. */
    public long jobInProgressRejections() {
        return get(Metric.JOB_IN_PROGRESS_REJECTIONS);
    }

    /** @return {@link Metric#LEASE_RECLAIMS}. */
    public long leaseReclaims() {
        return get(Metric.LEASE_RECLAIMS);
    }

    /** @return {@link Metric#KEY_MISMATCHES}. */
    public long keyMismatches() {
        return get(Metric.KEY_MISMATCHES);
    }

    /** @return {@link Metric#STUCK_IN_PROGRESS_MS}. */
    public long stuckInProgressMs() {
        return get(Metric.STUCK_IN_PROGRESS_MS);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StrategyResult r && strategy.equals(r.strategy) && jobs == r.jobs
                && Arrays.equals(counts, r.counts) && Arrays.equals(repeatedByStep, r.repeatedByStep)
                && Arrays.equals(repeatedByCause, r.repeatedByCause);
    }

    @Override
    public int hashCode() {
        return Objects.hash(strategy, jobs, Arrays.hashCode(counts), Arrays.hashCode(repeatedByStep),
                Arrays.hashCode(repeatedByCause));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("StrategyResult[").append(strategy.name()).append(", jobs=").append(jobs);
        for (Metric m : Metric.values()) {
            sb.append(", ").append(m.id()).append('=').append(m.value(this));
        }
        return sb.append(']').toString();
    }
}
