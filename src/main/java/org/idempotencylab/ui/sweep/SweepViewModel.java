package org.idempotencylab.ui.sweep;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.ScenarioForm;
import org.idempotencylab.ui.charts.SymlogScale;
import org.idempotencylab.ui.export.ResultTable;

/**
 * The sweep view (issue 5, section 3): one parameter varied from a value to another over evenly spaced points,
 * the chosen strategies run at each point on a base scenario, and one metric plotted per strategy.
 *
 * <p>From and to are typed in the parameter's window units (percent for probabilities, virtual ms for times) and
 * checked with the same one-line messages as every field. {@link #run()} runs {@link Sweep} in a {@link Task} on
 * the executor, its cells on {@code threads} threads: progress, cancel, and the FX thread never simulates. The
 * same seed gives the same curves at any thread count. {@link #plan()}, {@link #series}, {@link #table} and
 * {@link #caption} need no FX toolkit; {@link #run()} must be called on the FX thread.
 */
public final class SweepViewModel {
    /** Most points a sweep takes (as the command line's {@code --points}). */
    public static final int MAX_POINTS = 1_000;

    /** The parameters a sweep can vary: every numeric one, the repeated request's delay once (a fixed delay). */
    public static final List<Parameter> PARAMETERS = Arrays.stream(Parameter.values())
            .filter(Parameter::isSweepable).toList();

    /** A strategy offered, and whether the sweep runs it. */
    public record StrategyChoice(Strategy strategy, BooleanProperty selected) {
    }

    /** One strategy's curve: x in the window's units (percent for probabilities), y the metric. */
    public record Series(Strategy strategy, List<double[]> points) {
    }

    private final ScenarioForm form;
    private final ObjectProperty<Parameter> parameter = new SimpleObjectProperty<>(Parameter.P_FAIL);
    private final StringProperty from = new SimpleStringProperty("0");
    private final StringProperty to = new SimpleStringProperty("5");
    private final StringProperty points = new SimpleStringProperty("11");
    private final List<StrategyChoice> strategies = new ArrayList<>();
    private final ObjectProperty<Metric> metric = new SimpleObjectProperty<>(Metric.REPEATED_STEPS);
    private final ObjectProperty<Sweep.Result> result = new SimpleObjectProperty<>();
    private final BooleanProperty logScale = new SimpleBooleanProperty(false);
    private final BooleanProperty running = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty inputError = new SimpleStringProperty();

    private final Executor executor;
    private final int threads;
    private Task<Sweep.Result> task;

    /**
     * @param base     the scenario the sweep starts from; the parameters the view does not show keep its values
     * @param executor runs the sweep's task off the FX thread
     * @param threads  simulation threads, at least 1 ({@link Runtime#availableProcessors()} in the window); the
     *                 results do not depend on it
     */
    public SweepViewModel(Scenario base, Executor executor, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        this.form = new ScenarioForm(base);
        this.executor = executor;
        this.threads = threads;
        for (Strategy s : Strategy.ARTICLE) {
            strategies.add(new StrategyChoice(s, new SimpleBooleanProperty(true)));
        }
        parameter.addListener((obs, old, p) -> {
            if (p != null) {
                String[] range = defaultRange(p, form.scenario());
                from.set(range[0]);
                to.set(range[1]);
            }
        });
    }

    /** @return the classroom default: the article's parameters with 20,000 sign-ups, so a sweep takes seconds. */
    public static Scenario classroomBase() {
        return Scenario.article().toBuilder().jobs(20_000).build();
    }

    /** @return a first range to show for {@code p}, in the window's units: {from, to}. */
    static String[] defaultRange(Parameter p, Scenario s) {
        double[] r = p.exploreRange();
        return new String[] {ParameterBinding.format(p, r[0]), ParameterBinding.format(p, r[1])};
    }

    /**
     * Reads the fields and plans the sweep; nothing runs.
     *
     * @return the planned sweep
     * @throws IllegalArgumentException with one line naming the field, the value and the allowed range, e.g.
     *                                  {@code From: 150% is outside the allowed range 0% to 100% for Failure rate}
     */
    public Sweep plan() {
        Parameter p = parameter.get();
        double x = bound("From", from.get(), p);
        double y = bound("To", to.get(), p);
        int n = pointCount(points.get());
        List<Strategy> chosen = chosenStrategies();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("Strategies: none ticked; tick at least one");
        }
        Scenario base;
        try {
            base = form.scenario();
            return Sweep.of(base, p, x, y, n, chosen);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static double bound(String field, String text, Parameter p) {
        try {
            return ParameterBinding.parse(p, text).doubleValue();
        } catch (ParameterException e) {
            String m = ParameterBinding.message(e); // "<label>: <value> is ... <range>"
            String rest = m.startsWith(p.label() + ": ") ? m.substring(p.label().length() + 2) : m;
            throw new IllegalArgumentException(field + ": " + rest + " for " + p.label(), e);
        }
    }

    private static int pointCount(String text) {
        String t = text == null ? "" : text.strip();
        String range = String.format(Locale.ROOT, "2 to %,d", MAX_POINTS);
        if (!t.matches("[-+]?[0-9]+")) {
            throw new IllegalArgumentException("Points: '" + t + "' is not a whole number; allowed " + range);
        }
        if (t.length() > 6 || Integer.parseInt(t) < 2 || Integer.parseInt(t) > MAX_POINTS) {
            throw new IllegalArgumentException("Points: " + t + " is outside the allowed range " + range);
        }
        return Integer.parseInt(t);
    }

    /** @return the ticked strategies, in the article's order. */
    public List<Strategy> chosenStrategies() {
        return strategies.stream().filter(c -> c.selected().get()).map(StrategyChoice::strategy).toList();
    }

    /**
     * Plans the sweep and runs it in the background; a bad field shows its message and starts nothing; does
     * nothing while a sweep is running.
     */
    public void run() {
        if (running.get()) {
            return;
        }
        Sweep sweep;
        try {
            sweep = plan();
        } catch (IllegalArgumentException e) {
            inputError.set(e.getMessage());
            return;
        }
        inputError.set(null);
        long total = sweep.totalJobs();
        long started = System.nanoTime();
        Task<Sweep.Result> t = new Task<>() {
            @Override
            protected Sweep.Result call() {
                AtomicLong done = new AtomicLong();
                return sweep.run(threads, new RunControl() {
                    @Override
                    public boolean isCancelled() {
                        return isCancelledTask();
                    }

                    @Override
                    public void jobsFinished(long n) {
                        updateProgress(done.addAndGet(n), total);
                    }
                });
            }

            private boolean isCancelledTask() {
                return isCancelled();
            }
        };
        String size = String.format(Locale.ROOT, "%d points × %d strategies × %,d sign-ups", sweep.values().size(),
                sweep.strategies().size(), sweep.scenarios().get(0).jobs());
        t.setOnSucceeded(e -> {
            result.set(t.getValue());
            status.set(String.format(Locale.ROOT, "Swept %s in %.1f s on %d threads", size,
                    (System.nanoTime() - started) / 1e9, threads));
            finished();
        });
        t.setOnCancelled(e -> {
            status.set("Cancelled: the chart still shows the last finished sweep");
            finished();
        });
        t.setOnFailed(e -> {
            status.set("The sweep failed: " + t.getException());
            finished();
        });
        task = t;
        running.set(true);
        progress.bind(t.progressProperty());
        status.set("Sweeping " + size + "…");
        executor.execute(t);
    }

    /** Stops the sweep in progress, if any; the chart keeps the last finished sweep. */
    public void cancel() {
        if (task != null) {
            task.cancel(false);
        }
    }

    private void finished() {
        progress.unbind();
        progress.set(0);
        running.set(false);
        task = null;
    }

    /** @return {@code value} in the window's units: percent for probabilities, the value itself otherwise. */
    public static double shown(Parameter p, double value) {
        return p.kind() == Parameter.Kind.PROBABILITY
                ? new BigDecimal(Double.toString(value)).movePointRight(2).doubleValue() : value;
    }

    /** @return the parameter axis label with its unit, e.g. "Failure rate (%)" or "Key TTL (virtual ms)". */
    public static String axisLabel(Parameter p) {
        String label = p.sweepLabel().replace(" (fixed delay)", "");
        return switch (p.kind()) {
            case PROBABILITY -> label + " (%)";
            case MILLIS -> label + " (virtual ms)";
            case RATE -> label + " (per virtual second)";
            default -> label;
        };
    }

    /** @return the name a person reads in the parameter choice ("Repeat after (fixed delay)" for the delay). */
    public static String choiceLabel(Parameter p) {
        return p.sweepLabel();
    }

    /** @return one curve per strategy, in the sweep's order: (value in window units, metric) per point. */
    public static List<Series> series(Sweep.Result r, Metric metric) {
        Sweep s = r.sweep();
        List<Series> out = new ArrayList<>();
        for (int j = 0; j < s.strategies().size(); j++) {
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < s.values().size(); i++) {
                pts.add(new double[] {shown(s.parameter(), s.values().get(i)), metric.number(r.get(i, j))});
            }
            out.add(new Series(s.strategies().get(j), List.copyOf(pts)));
        }
        return out;
    }

    /**
     * @return the results as the CSV export writes them: one row per point × strategy, the columns of the
     *         command line's {@code sweep} (the varied value under its field name, then every metric of {@code run})
     */
    public static ResultTable table(Sweep.Result r) {
        Sweep s = r.sweep();
        List<String> header = new ArrayList<>();
        header.add(ResultColumns.sweepColumn(s.parameter()));
        header.addAll(ResultColumns.flat(r.get(0, 0)).keySet());
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < s.values().size(); i++) {
            String v = ResultColumns.sweepValue(s.parameter(), s.values().get(i));
            for (int j = 0; j < s.strategies().size(); j++) {
                List<String> row = new ArrayList<>();
                row.add(v);
                ResultColumns.flat(r.get(i, j)).values().forEach(x -> row.add(String.valueOf(x)));
                rows.add(row);
            }
        }
        return new ResultTable(header, rows);
    }

    /** @return the chart's heading, e.g. "Steps done again by failure rate". */
    public static String heading(Sweep.Result r, Metric metric) {
        String p = choiceLabel(r.sweep().parameter());
        return metric.label() + " by " + Character.toLowerCase(p.charAt(0)) + p.substring(1);
    }

    /** @return the caption under the chart: what was varied and the base scenario's parameters. */
    public static String caption(Sweep.Result r) {
        Sweep s = r.sweep();
        Parameter p = s.parameter();
        Scenario b = s.scenarios().get(0);
        String unit = p.kind() == Parameter.Kind.PROBABILITY ? "%" : p.kind() == Parameter.Kind.MILLIS ? " ms" : "";
        List<Double> v = s.values();
        StringBuilder c = new StringBuilder(String.format(Locale.ROOT, "%s from %s%s to %s%s, %d points", choiceLabel(p),
                ParameterBinding.format(p, v.get(0)), unit, ParameterBinding.format(p, v.get(v.size() - 1)), unit,
                v.size()));
        if (p != Parameter.JOBS) {
            c.append(String.format(Locale.ROOT, " · %,d sign-ups", b.jobs()));
        }
        if (p != Parameter.P_FAIL) {
            c.append(" · failure rate ").append(ParameterBinding.format(Parameter.P_FAIL, b.pFail())).append('%');
        }
        if (p != Parameter.LOST_REPLY) {
            c.append(" · lost reply ").append(ParameterBinding.format(Parameter.LOST_REPLY, b.lostReply())).append('%');
        }
        if (p != Parameter.MAX_ATTEMPTS) {
            c.append(" · ").append(b.maxAttempts()).append(" attempts");
        }
        if (p != Parameter.SEED) {
            c.append(" · seed ").append(b.seed());
        }
        return c.toString();
    }

    /** @return the base scenario's fields, in model units. */
    public ScenarioForm form() {
        return form;
    }

    /** @return the varied parameter. */
    public ObjectProperty<Parameter> parameterProperty() {
        return parameter;
    }

    /** @return the first value as typed, in window units (percent for probabilities). */
    public StringProperty fromProperty() {
        return from;
    }

    /** @return the last value as typed, in window units. */
    public StringProperty toProperty() {
        return to;
    }

    /** @return the number of points as typed, 2..1,000. */
    public StringProperty pointsProperty() {
        return points;
    }

    /** @return the article's five strategies and whether each is ticked (all by default). */
    public List<StrategyChoice> strategies() {
        return strategies;
    }

    /**
     * @return true when the value axis is the zero-friendly log scale ({@link SymlogScale}): one line near 41,000
     *         no longer flattens the others onto 0. Off by default.
     */
    public BooleanProperty logScaleProperty() {
        return logScale;
    }

    /**
     * @param value a plotted metric value (0 or more)
     * @param log   true for the log scale
     * @return where the value sits on the value axis: itself, or {@link SymlogScale#toAxis} of it
     */
    public static double axisValue(double value, boolean log) {
        return log ? SymlogScale.toAxis(value) : value;
    }

    /** @return the metric plotted. */
    public ObjectProperty<Metric> metricProperty() {
        return metric;
    }

    /** @return the last finished sweep's results (null before the first). */
    public ReadOnlyObjectProperty<Sweep.Result> resultProperty() {
        return result;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running;
    }

    /** @return 0..1 while running, 0 otherwise. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }

    /** @return one line on what happened last. */
    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /** Shows {@code text} as the status line (e.g. where an export went). */
    public void setStatus(String text) {
        status.set(text);
    }

    /** @return the message for a rejected value, or null. */
    public StringProperty inputErrorProperty() {
        return inputError;
    }

    /** @return the simulation threads the sweep's cells run on. */
    public int threads() {
        return threads;
    }
}
