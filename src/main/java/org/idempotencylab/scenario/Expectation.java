package org.idempotencylab.scenario;

import java.util.Objects;

/**
 * A claim a scenario file makes about its own results, which {@code check} runs and tests: one strategy's metric
 * lies within bounds, e.g. "the third strategy sends no user a second welcome email"
 * ({@code {"strategy": 2, "metric": "usersWithDuplicateEmails", "max": 0}}). An engineer keeps a retry design as a
 * file with its expectations, and CI fails when a change breaks one.
 *
 * @param strategy the strategy's index in the file's {@code strategies}, from 0
 * @param metric   the id of a metric that is one number (as {@code watch} names one), e.g. {@code failedJobs}
 * @param min      the least value allowed, or null for no lower bound
 * @param max      the largest value allowed, or null for no upper bound
 * @throws IllegalArgumentException if {@code strategy < 0}, the metric is blank, both bounds are missing, or min is
 *                                  above max
 */
public record Expectation(int strategy, String metric, Double min, Double max) {
    public Expectation {
        Objects.requireNonNull(metric, "metric");
        if (strategy < 0) {
            throw new IllegalArgumentException("strategy: " + strategy + " is not an index from 0");
        }
        if (metric.isBlank()) {
            throw new IllegalArgumentException("metric: must name a metric");
        }
        if (min == null && max == null) {
            throw new IllegalArgumentException("an expectation needs min, max or both");
        }
        if (min != null && max != null && min > max) {
            throw new IllegalArgumentException("min: " + Parameter.plain(min) + " is above max "
                    + Parameter.plain(max));
        }
    }

    /** @return true if {@code value} lies within the bounds, both included. */
    public boolean holds(double value) {
        return (min == null || value >= min) && (max == null || value <= max);
    }

    /** @return the bounds as a person reads them: "at most 0", "at least 10", "between 10 and 20". */
    public String boundsText() {
        if (min != null && max != null) {
            return min.equals(max) ? "exactly " + Parameter.plain(min)
                    : "between " + Parameter.plain(min) + " and " + Parameter.plain(max);
        }
        return min != null ? "at least " + Parameter.plain(min) : "at most " + Parameter.plain(max);
    }
}
