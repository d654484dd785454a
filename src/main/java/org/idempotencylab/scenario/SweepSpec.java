package org.idempotencylab.scenario;

import java.util.List;
import java.util.Objects;

/**
 * The sweep a scenario file with {@code "view": "sweep"} opens on: which parameter varies, over which range and how
 * many points, and what the chart plots. The base scenario and the strategies are the file's own. Read and written
 * by {@link ScenarioFiles}, as the file's {@code sweep} object.
 *
 * @param vary     the varied parameter; {@link Parameter#isSweepable()}
 * @param from     the first value, in the parameter's model units (a probability 0..1, virtual ms, a count),
 *                 within its range
 * @param to       the last value, likewise ({@code from > to} sweeps downwards)
 * @param points   how many points, {@value #MIN_POINTS} to {@value #MAX_POINTS}
 * @param spacing  linear (the same step) or log (the same ratio; both ends above 0)
 * @param metrics  the ids of the one or two metrics plotted, distinct, e.g. {@code overlappingRuns} and
 *                 {@code deadLetteredJobs}: the engine's metrics, which {@link ScenarioFiles} checks them against
 * @param logScale true for a log value axis
 * @throws IllegalArgumentException if a value is outside what is allowed above (the message names the field)
 * @throws ParameterException       if {@code from} or {@code to} is outside the parameter's range
 */
public record SweepSpec(Parameter vary, double from, double to, int points, Spacing spacing, List<String> metrics,
                        boolean logScale) {

    /** Fewest points a sweep takes. */
    public static final int MIN_POINTS = 2;
    /** Most points a sweep takes (as the command line's {@code --points}). */
    public static final int MAX_POINTS = 1_000;
    /** Most metrics one chart plots. */
    public static final int MAX_METRICS = 2;

    public SweepSpec {
        Objects.requireNonNull(vary, "vary");
        Objects.requireNonNull(spacing, "spacing");
        if (!vary.isSweepable()) {
            throw new IllegalArgumentException("vary: " + vary.id() + " is not a parameter a sweep can vary");
        }
        vary.check(from);
        vary.check(to);
        if (points < MIN_POINTS || points > MAX_POINTS) {
            throw new IllegalArgumentException("points: " + points + " is outside the allowed range " + MIN_POINTS
                    + " to " + Parameter.grouped(MAX_POINTS));
        }
        if (spacing == Spacing.LOG && (from <= 0 || to <= 0)) {
            throw new IllegalArgumentException((from <= 0 ? "from: " + Parameter.plain(from) : "to: "
                    + Parameter.plain(to)) + " is not above 0; log spacing needs both ends above 0");
        }
        metrics = List.copyOf(metrics);
        if (metrics.isEmpty() || metrics.size() > MAX_METRICS || metrics.stream().distinct().count() < metrics.size()
                || metrics.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("metrics: " + metrics + " is not one or two different metrics");
        }
    }
}
