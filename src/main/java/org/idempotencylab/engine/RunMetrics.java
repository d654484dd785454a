package org.idempotencylab.engine;

import java.util.Arrays;
import java.util.List;
import org.idempotencylab.scenario.Strategy;

/**
 * The counters of one run while it goes on: one slot per counting {@link Metric} and one count of repeated side
 * effects per step. The engine's parts add to it; {@link #result} takes an immutable {@link StrategyResult}
 * snapshot. Not thread-safe, like the simulation that owns it.
 */
public final class RunMetrics {
    private final long[] counts = new long[Metric.values().length];
    private final List<String> stepNames;
    private final long[] repeatedByStep;
    private final long[] repeatedByCause = new long[DuplicateCause.values().length];

    /** Counters of a run of the article's ten-step sign-up. */
    public RunMetrics() {
        this(SignupSteps.NAMES);
    }

    /** @param stepNames the names of the run's workflow's steps, in order, 1 to 12 */
    public RunMetrics(List<String> stepNames) {
        this.stepNames = List.copyOf(stepNames);
        this.repeatedByStep = new long[stepNames.size()];
    }

    /** Adds one to {@code m}. */
    public void count(Metric m) {
        counts[m.ordinal()]++;
    }

    /** Adds {@code n} to {@code m} (virtual ms, or several things at once). */
    public void add(Metric m, long n) {
        counts[m.ordinal()] += n;
    }

    /** Sets {@code m}, for a metric that is a moment rather than a count ({@link Metric#VIRTUAL_TIME_MS}). */
    public void set(Metric m, long value) {
        counts[m.ordinal()] = value;
    }

    /** @return the counter of {@code m} so far. */
    public long get(Metric m) {
        return counts[m.ordinal()];
    }

    /** Counts one request (a sign-up, or a repeated request if {@code repeat}) ending in {@code outcome}. */
    public void ended(boolean repeat, Outcome outcome) {
        counts[outcome.metric(repeat).ordinal()]++;
    }

    /**
     * Counts one request ending in {@code outcome}, as {@link #ended(boolean, Outcome)}, and a sign-up that ended in
     * another outcome than success with some steps' side effects done and others not in
     * {@link Metric#PARTLY_DONE_JOBS}.
     *
     * @param sideEffects side effects per step (0..9) of the request's user so far
     */
    public void ended(boolean repeat, Outcome outcome, int[] sideEffects) {
        ended(repeat, outcome);
        if (!repeat && outcome != Outcome.SUCCEEDED && partlyDone(sideEffects)) {
            counts[Metric.PARTLY_DONE_JOBS.ordinal()]++;
        }
    }

    /** @return true if some of the steps' side effects (counts per step) happened and others did not */
    static boolean partlyDone(int[] sideEffects) {
        boolean some = false;
        boolean missing = false;
        for (int n : sideEffects) {
            some |= n > 0;
            missing |= n == 0;
        }
        return some && missing;
    }

    /**
     * Counts one side effect done again at {@code step} (0..9): {@link Metric#REPEATED_STEPS}, its step's entry
     * of {@link Metric#DUPLICATE_SIDE_EFFECTS} and its cause's of {@link Metric#DUPLICATES_BY_CAUSE}, so the causes
     * add up to the steps done again.
     *
     * @throws NullPointerException if {@code cause} is null: every side effect done again has one
     */
    public void repeatedSideEffect(int step, DuplicateCause cause) {
        repeatedByCause[cause.ordinal()]++;
        counts[Metric.REPEATED_STEPS.ordinal()]++;
        repeatedByStep[step]++;
    }

    /**
     * @param jobs  sign-ups (repeated requests not included): the denominator of {@link Metric#SUCCEEDED}
     * @param extra counts kept outside these counters (a store's own hit count, the stuck time of claims not
     *              reclaimed yet), added to the snapshot only; null for none
     * @return an immutable snapshot
     */
    public StrategyResult result(Strategy strategy, long jobs, RunMetrics extra) {
        long[] c = counts.clone();
        if (extra != null) {
            for (int i = 0; i < c.length; i++) {
                c[i] += extra.counts[i];
            }
        }
        return new StrategyResult(strategy, jobs, c, repeatedByStep.clone(), repeatedByCause.clone(), stepNames);
    }

    @Override
    public String toString() {
        return Arrays.toString(counts);
    }
}
