package org.idempotencylab.engine;

import org.idempotencylab.scenario.Strategy;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Spacing;

/**
 * A parameter sweep: one parameter varied over evenly spaced points (linearly or logarithmically), the other
 * parameters those of a base scenario, and several strategies run at each point.
 *
 * <p>Every (point, strategy) cell is an independent seeded {@link SignupSimulation}, exactly what {@code run}
 * does with that value, so the grid does not depend on the number of threads the cells run on.
 *
 * <p>Points: {@code from + (to - from) * i / (points - 1)} for {@code i = 0 .. points-1}, computed in decimal (so
 * 0 to 0.05 over 6 points gives 0.01, 0.02, 0.03 ... as typed), the two ends exactly {@code from} and {@code to}
 * ({@code from > to} sweeps downwards). Whole-number parameters (counts and milliseconds) are rounded to the
 * nearest whole number; a point equal (after rounding) to one already in the sweep is dropped, so a sweep of
 * {@code maxAttempts} from 1 to 3 over 20 points runs the three points 1, 2 and 3.
 * With {@link Spacing#LOG} the points are spaced evenly in the logarithm instead,
 * {@code from * (to / from)^(i / (points - 1))}, for quantities that span orders of magnitude (a lease from 1 s to
 * 1 h: 1,000, 7,746, 60,000, 464,758, 3,600,000 over 5 points); both ends must then be above 0.
 * A strategy's own {@link Strategy#settings() settings} win over the point's values, so a strategy that sets the
 * varied parameter draws a flat line: the sweep shows that its value is fixed.
 * Varying either end of the repeated request's delay ({@link Parameter#DUPLICATE_DELAY_MIN_MS} or
 * {@link Parameter#DUPLICATE_DELAY_MAX_MS}) sets both ends to the value: a fixed delay.
 */
public final class Sweep {
    private final Parameter parameter;
    private final List<Double> values;
    private final List<Scenario> scenarios;
    private final List<Strategy> strategies;
    private final Spacing spacing;

    private Sweep(Parameter parameter, List<Double> values, List<Scenario> scenarios, List<Strategy> strategies,
                  Spacing spacing) {
        this.spacing = spacing;
        this.parameter = parameter;
        this.values = values;
        this.scenarios = scenarios;
        this.strategies = strategies;
    }

    /**
     * Plans a sweep and validates every point's scenario; nothing runs yet.
     *
     * @param base       every parameter but the varied one
     * @param parameter  the varied parameter, a number (not a flag or a choice)
     * @param from       first value, in the parameter's unit (a probability 0..1, virtual ms, ...)
     * @param to         last value
     * @param points     evenly spaced points, at least 2
     * @param strategies at least one, run at each point
     * @return the planned sweep
     * @throws ParameterException       if {@code from} or {@code to} lies outside the parameter's range, or a point's
     *                                  scenario is invalid (e.g. a delay min above its max); the message names the
     *                                  scenario field, e.g. {@code pFail: 1.5 is outside the allowed range 0 to 1}
     * @throws IllegalArgumentException if {@code points < 2} or there are no strategies
     */
    public static Sweep of(Scenario base, Parameter parameter, double from, double to, int points,
                           List<Strategy> strategies) {
        return of(base, parameter, from, to, points, strategies, Spacing.LINEAR);
    }

    /**
     * Plans a sweep with points spaced as {@code spacing} says (see the class comment); otherwise as
     * {@link #of(Scenario, Parameter, double, double, int, List)}.
     *
     * @throws IllegalArgumentException also if {@code spacing} is {@link Spacing#LOG} and an end is 0 or less
     *                                  (the message names {@code from} or {@code to})
     */
    public static Sweep of(Scenario base, Parameter parameter, double from, double to, int points,
                           List<Strategy> strategies, Spacing spacing) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(spacing, "spacing");
        Objects.requireNonNull(parameter, "parameter");
        if (!parameter.kind().isNumber()) {
            throw new IllegalArgumentException("parameter: " + parameter.id() + " is not a number; a sweep varies "
                    + "a number");
        }
        if (points < 2) {
            throw new IllegalArgumentException("points: " + points + " is outside the allowed range 2 to "
                    + Integer.MAX_VALUE);
        }
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("strategies: a sweep needs at least one");
        }
        parameter.check(from);
        parameter.check(to);
        if (spacing == Spacing.LOG) {
            String end = from <= 0 ? "from" : to <= 0 ? "to" : null;
            if (end != null) {
                throw new IllegalArgumentException(end + ": " + Parameter.plain(end.equals("from") ? from : to)
                        + " is not above 0; a log spacing needs both ends above 0");
            }
        }
        List<Double> values = new ArrayList<>();
        List<Scenario> scenarios = new ArrayList<>();
        double[] planned = spacing == Spacing.LOG ? logPoints(parameter, from, to, points)
                : points(parameter, from, to, points);
        for (double v : planned) {
            if (!values.contains(v)) {
                values.add(v);
                scenarios.add(with(base, parameter, v));
            }
        }
        return new Sweep(parameter, List.copyOf(values), List.copyOf(scenarios), List.copyOf(strategies), spacing);
    }

    /**
     * @return {@code points} evenly spaced values from {@code from} to {@code to}, ends exact, rounded to whole
     *         numbers for whole-number parameters (duplicates kept; {@link #of} drops them)
     */
    static double[] points(Parameter parameter, double from, double to, int points) {
        // In decimal, from the values as typed, so 0 to 0.05 over 6 points gives 0.03 and not 0.030000000000000006;
        // each step is rounded to 16 significant digits (a double holds 15 to 17).
        BigDecimal a = new BigDecimal(Double.toString(from));
        BigDecimal span = new BigDecimal(Double.toString(to)).subtract(a);
        double[] v = new double[points];
        for (int i = 0; i < points; i++) {
            double x = i == points - 1 ? to
                    : a.add(span.multiply(BigDecimal.valueOf(i)).divide(BigDecimal.valueOf(points - 1),
                            MathContext.DECIMAL64)).doubleValue();
            v[i] = parameter.kind().isDecimal() ? x : Math.round(x);
        }
        return v;
    }

    /**
     * @return {@code points} values from {@code from} to {@code to} (both above 0) with the same ratio between
     *         neighbours, {@code from * (to/from)^(i/(points-1))}, ends exact, rounded to whole numbers for
     *         whole-number parameters and to 15 significant digits for decimals (so 0.001 to 0.1 over 3 points
     *         gives 0.01, not 0.009999999999999998); duplicates kept ({@link #of} drops them)
     */
    static double[] logPoints(Parameter parameter, double from, double to, int points) {
        double lnFrom = Math.log(from);
        double lnSpan = Math.log(to) - lnFrom;
        double[] v = new double[points];
        for (int i = 0; i < points; i++) {
            double x = i == 0 ? from : i == points - 1 ? to : Math.exp(lnFrom + lnSpan * i / (points - 1));
            v[i] = parameter.kind().isDecimal()
                    ? new BigDecimal(x).round(new MathContext(15)).doubleValue()
                    : Math.round(x);
        }
        return v;
    }

    /**
     * @return {@code base} with {@code parameter} set to {@code value} (whole-number parameters take it rounded;
     *         either end of the duplicate delay sets both ends)
     * @throws ParameterException if the value or the resulting scenario is invalid
     */
    public static Scenario with(Scenario base, Parameter parameter, double value) {
        Scenario.Builder b = base.toBuilder();
        parameter.set(b, value);
        // a sweep of a range (a repeated request's delay) varies one fixed value: both ends
        for (Parameter other : new Parameter[] {parameter.rangeStart(), parameter.rangeEnd()}) {
            if (other != null) {
                other.set(b, value);
            }
        }
        return b.build();
    }

    /** @return how the points are spaced. */
    public Spacing spacing() {
        return spacing;
    }

    /** @return the varied parameter. */
    public Parameter parameter() {
        return parameter;
    }

    /** @return the values swept, in order, without duplicates (whole numbers for whole-number parameters). */
    public List<Double> values() {
        return values;
    }

    /** @return the scenario at each point, in the order of {@link #values()}. */
    public List<Scenario> scenarios() {
        return scenarios;
    }

    /** @return the strategies run at each point. */
    public List<Strategy> strategies() {
        return strategies;
    }

    /** @return the progress total: jobs summed over every cell (points × strategies × jobs, unless jobs varies). */
    public long totalJobs() {
        long sum = 0;
        for (Scenario s : scenarios) {
            sum += s.jobs();
        }
        return sum * strategies.size();
    }

    /**
     * Runs every cell on a pool of {@code threads} threads (the cells of the slowest strategy first, so the last
     * cells to finish are short ones). Large sweeps first warm the JIT compiler up once, on the calling thread
     * (see {@link Comparison}); the results do not change.
     *
     * @param threads at least 1; {@link Runtime#availableProcessors()} uses every core
     * @param control progress (summed over cells; total {@link #totalJobs()}) and cancel
     * @return the grid of results
     * @throws CancellationException    if the control cancelled the sweep (or the calling thread was interrupted)
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public Result run(int threads, RunControl control) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        if (threads == 1) {
            List<StrategyResult> grid = new ArrayList<>();
            for (int p = 0; p < values.size(); p++) {
                for (int s = 0; s < strategies.size(); s++) {
                    grid.add(Comparison.runOne(scenarios.get(p), strategies.get(s), control));
                }
            }
            return new Result(this, grid);
        }
        if (totalJobs() >= Comparison.WARM_UP_ABOVE_JOBS) {
            Comparison.warmUp(scenarios.get(0), strategies);
        }
        List<Comparison.Cell> cells = new ArrayList<>();
        for (int p = 0; p < values.size(); p++) {
            for (Strategy s : strategies) {
                cells.add(new Comparison.Cell(scenarios.get(p), s));
            }
        }
        // The article's slowest strategy (skip finished steps, through the store) is last: start its cells first.
        List<Integer> startOrder = new ArrayList<>();
        for (int s = strategies.size() - 1; s >= 0; s--) {
            for (int p = 0; p < values.size(); p++) {
                startOrder.add(p * strategies.size() + s);
            }
        }
        return new Result(this, Comparison.runCells(cells, startOrder, threads, control));
    }

    /** The results of a sweep: one {@link StrategyResult} per (point, strategy) cell. */
    public static final class Result {
        private final Sweep sweep;
        private final List<StrategyResult> cells;

        private Result(Sweep sweep, List<StrategyResult> cells) {
            this.sweep = sweep;
            this.cells = List.copyOf(cells);
        }

        /** @return the sweep that made these results: its values, scenarios and strategies. */
        public Sweep sweep() {
            return sweep;
        }

        /**
         * @param point    index into {@link Sweep#values()}
         * @param strategy index into {@link Sweep#strategies()}
         * @return that cell's result
         */
        public StrategyResult get(int point, int strategy) {
            Objects.checkIndex(strategy, sweep.strategies.size());
            return cells.get(point * sweep.strategies.size() + strategy);
        }

        /** @return every cell, point by point, each point's strategies in the sweep's order. */
        public List<StrategyResult> cells() {
            return cells;
        }

        /** Equal when the sweeps' parameters, values and strategies and every cell are equal. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && sweep.parameter == r.sweep.parameter && sweep.values.equals(r.sweep.values)
                    && sweep.strategies.equals(r.sweep.strategies) && cells.equals(r.cells);
        }

        @Override
        public int hashCode() {
            return cells.hashCode();
        }
    }
}
