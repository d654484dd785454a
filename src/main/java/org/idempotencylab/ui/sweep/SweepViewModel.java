package org.idempotencylab.ui.sweep;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Spacing;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.SweepSpec;
import org.idempotencylab.ui.BackgroundRun;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.StrategyNames;
import org.idempotencylab.ui.charts.SymlogScale;
import org.idempotencylab.ui.export.ResultTable;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.ScenarioForm;

/**
 * The sweep view: one parameter varied from a value to another over evenly spaced points,
 * the chosen strategies run at each point on a base scenario, and one metric, or two, plotted per strategy.
 *
 * <p>From and to are typed in the parameter's window units (percent for probabilities, virtual ms for times) and
 * checked with the same one-line messages as every field. {@link #run()} runs {@link Sweep} through a {@link BackgroundRun}
 * on the executor, its cells on {@code threads} threads: progress, cancel, and the FX thread never simulates. The
 * same seed gives the same curves at any thread count. A scenario file's sweep comes in through {@link #load} (its
 * strategies replace the ones offered) and goes out through {@link #spec()}. {@link #plan()}, {@link #series},
 * {@link #table} and {@link #caption} need no FX toolkit; {@link #run()} must be called on the FX thread.
 */
public final class SweepViewModel {
    private static final Texts TEXTS = Texts.of(SweepViewModel.class);

    /** The base parameters the caption names in its own words; any other that differs is listed after them. */
    private static final Set<Parameter> IN_CAPTION = Set.of(Parameter.JOBS, Parameter.P_FAIL, Parameter.LOST_REPLY,
            Parameter.MAX_ATTEMPTS, Parameter.SEED);

    /** Most points a sweep takes (as the command line's {@code --points}). */
    public static final int MAX_POINTS = SweepSpec.MAX_POINTS;

    /** The parameters a sweep can vary: every numeric one, the repeated request's delay once (a fixed delay). */
    public static final List<Parameter> PARAMETERS = Arrays.stream(Parameter.values())
            .filter(Parameter::isSweepable).toList();

    /** A strategy offered, and whether the sweep runs it. */
    public record StrategyChoice(Strategy strategy, BooleanProperty selected) {
    }

    /** One strategy's curve of one metric: x in the window's units (percent for probabilities), y the metric. */
    public record Series(Strategy strategy, Metric metric, List<double[]> points) {
    }

    private final ScenarioForm form;
    private final ObjectProperty<Parameter> parameter = new SimpleObjectProperty<>(Parameter.P_FAIL);
    private final StringProperty from = new SimpleStringProperty("0");
    private final StringProperty to = new SimpleStringProperty("5");
    private final StringProperty points = new SimpleStringProperty("11");
    private final ObjectProperty<Spacing> spacing = new SimpleObjectProperty<>(Spacing.LINEAR);
    private final ObservableList<StrategyChoice> strategies = FXCollections.observableArrayList();
    private final ObjectProperty<Metric> metric = new SimpleObjectProperty<>(Metric.REPEATED_STEPS);
    /** The second metric plotted, or null (none, the default). */
    private final ObjectProperty<Metric> metric2 = new SimpleObjectProperty<>();
    private final BooleanProperty logScale = new SimpleBooleanProperty(false);
    private final StringProperty inputError = new SimpleStringProperty();

    private final BackgroundRun<Sweep.Result> run;
    private final int threads;

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
        this.run = new BackgroundRun<>(executor);
        this.threads = threads;
        setStrategies(Strategy.ARTICLE);
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
        SweepSpec w = spec();
        List<Strategy> chosen = chosenStrategies();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException(TEXTS.get("error.noStrategy"));
        }
        Scenario base;
        try {
            base = form.scenario();
            return Sweep.of(base, w.vary(), w.from(), w.to(), w.points(), chosen, w.spacing());
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private void checkLogEnds(Spacing how, double x, double y) {
        if (how == Spacing.LOG && (x <= 0 || y <= 0)) {
            throw new IllegalArgumentException(TEXTS.format("error.logEnd", TEXTS.get(x <= 0 ? "label.from"
                    : "label.to"), (x <= 0 ? from : to).get().strip()));
        }
    }

    private static double bound(String field, String text, Parameter p) {
        try {
            return ParameterBinding.parse(p, text).doubleValue();
        } catch (ParameterException e) {
            String m = ParameterBinding.message(e); // "<label>: <value> is ... <range>"
            String rest = m.startsWith(p.label() + ": ") ? m.substring(p.label().length() + 2) : m;
            throw new IllegalArgumentException(TEXTS.format("error.bound", TEXTS.get(field), rest, p.label()), e);
        }
    }

    private static int pointCount(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.matches("[-+]?[0-9]+")) {
            throw new IllegalArgumentException(TEXTS.format("error.points.notANumber", t, MAX_POINTS));
        }
        if (t.length() > 6 || Integer.parseInt(t) < 2 || Integer.parseInt(t) > MAX_POINTS) {
            throw new IllegalArgumentException(TEXTS.format("error.points.outOfRange", t, MAX_POINTS));
        }
        return Integer.parseInt(t);
    }

    /**
     * Offers exactly {@code offered}, each ticked, in place of the strategies offered so far (a preset's or a file's
     * strategies; the article's five when the tab opens).
     *
     * @throws IllegalArgumentException if {@code offered} is empty
     */
    public void setStrategies(List<Strategy> offered) {
        if (offered.isEmpty()) {
            throw new IllegalArgumentException("strategies: a sweep needs at least one");
        }
        strategies.setAll(offered.stream().map(s -> new StrategyChoice(s, new SimpleBooleanProperty(true))).toList());
    }

    /**
     * Shows a scenario file's sweep: {@code base} in the base scenario's fields, {@code offered} as the strategies
     * (all ticked), and the spec's parameter, range (in window units), points, spacing, metrics and log scale; the
     * last sweep's results, which belong to other fields, are cleared.
     *
     * @param metrics the spec's metrics as the engine's, in its order (one or two)
     */
    public void load(Scenario base, List<Strategy> offered, SweepSpec spec, List<Metric> metrics) {
        form.load(base);
        setStrategies(offered);
        parameter.set(spec.vary()); // before the range: choosing a parameter shows its default range
        from.set(ParameterBinding.format(spec.vary(), spec.from()));
        to.set(ParameterBinding.format(spec.vary(), spec.to()));
        points.set(Integer.toString(spec.points()));
        spacing.set(spec.spacing());
        metric.set(metrics.get(0));
        metric2.set(metrics.size() > 1 ? metrics.get(1) : null);
        logScale.set(spec.logScale());
        inputError.set(null);
        run.clear();
    }

    /**
     * @return what the fields describe, as a scenario file's sweep: the parameter, the range in model units, the
     *         points, the spacing, the plotted metrics and the log scale
     * @throws IllegalArgumentException as {@link #plan()} for a bad range or number of points
     */
    public SweepSpec spec() {
        Parameter p = parameter.get();
        double x = bound("label.from", from.get(), p);
        double y = bound("label.to", to.get(), p);
        int n = pointCount(points.get());
        Spacing how = spacing.get() == null ? Spacing.LINEAR : spacing.get();
        checkLogEnds(how, x, y);
        return new SweepSpec(p, x, y, n, how, plotted().stream().map(Metric::id).toList(), logScale.get());
    }

    /** @return the metrics plotted: the first, then the second unless it is none or the same. */
    public List<Metric> plotted() {
        Metric first = metric.get() == null ? Metric.REPEATED_STEPS : metric.get();
        Metric second = metric2.get();
        return second == null || second == first ? List.of(first) : List.of(first, second);
    }

    /** @return the ticked strategies, in the order offered. */
    public List<Strategy> chosenStrategies() {
        return strategies.stream().filter(c -> c.selected().get()).map(StrategyChoice::strategy).toList();
    }

    /**
     * Checks the fields as {@link #run()} would, without running: a bad range or number of points shows its
     * message, good ones clear it (Enter in a field, as the Compare tab checks its fields).
     *
     * @return true if the fields plan a sweep
     */
    public boolean check() {
        try {
            plan();
            inputError.set(null);
            return true;
        } catch (IllegalArgumentException e) {
            inputError.set(e.getMessage());
            return false;
        }
    }

    /**
     * Plans the sweep and runs it in the background; a bad field shows its message and starts nothing; does
     * nothing while a sweep is running.
     */
    public void run() {
        if (run.runningProperty().get()) {
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
        String size = TEXTS.format("status.size", sweep.values().size(), sweep.strategies().size(),
                TEXTS.get(sweep.strategies().size() == 1 ? "status.strategy" : "status.strategies"),
                sweep.scenarios().get(0).jobs());
        run.start(sweep.totalJobs(), control -> sweep.run(threads, control), new BackgroundRun.Messages<>() {
            @Override
            public String running() {
                return TEXTS.format("status.running", size);
            }

            @Override
            public String finished(Sweep.Result result, double seconds) {
                return TEXTS.format("status.finished", size, seconds, threads);
            }

            @Override
            public String cancelled() {
                return TEXTS.get("status.cancelled");
            }

            @Override
            public String failed(Throwable error) {
                return TEXTS.format("status.failed", error);
            }
        });
    }

    /** Stops the sweep going, if any; the chart keeps the last finished sweep. */
    public void cancel() {
        run.cancel();
    }

    /** @return {@code value} in the window's units: percent for probabilities, the value itself otherwise. */
    public static double shown(Parameter p, double value) {
        return p.kind() == Parameter.Kind.PROBABILITY
                ? new BigDecimal(Double.toString(value)).movePointRight(2).doubleValue() : value;
    }

    /** @return the parameter axis label with its unit, e.g. "Failure rate (%)" or "Key TTL (virtual ms)". */
    public static String axisLabel(Parameter p) {
        String label = p.rangeEnd() == null ? p.label() : p.label().replaceAll(" \\(.*\\)$", "");
        return switch (p.kind()) {
            case PROBABILITY -> TEXTS.format("axis.percent", label);
            case MILLIS -> TEXTS.format("axis.millis", label);
            case RATE -> TEXTS.format("axis.rate", label);
            case FACTOR -> TEXTS.format("axis.factor", label);
            case COUNT, FLAG, CHOICE -> label;
        };
    }

    /** @return the parameter axis label of a log-spaced sweep: {@link #axisLabel} with ", log scale". */
    public static String logAxisLabel(Parameter p) {
        return TEXTS.format("axis.log", axisLabel(p));
    }

    /** @return the value axis label: the metric's, with ", log scale" when the scale is logarithmic. */
    public static String valueAxisLabel(Metric metric, boolean log) {
        return log ? TEXTS.format("axis.log", metric.axisLabel()) : metric.axisLabel();
    }

    /**
     * @return the value axis label of one or two metrics: the metric's with its unit, or "Overlapping runs and" and
     *         "dead-lettered jobs" on two lines (units and one line would not fit the axis's height on a projector,
     *         and the legend names each line), with ", log scale" when the scale is logarithmic (on a line of
     *         its own after two metrics)
     */
    public static String valueAxisLabel(List<Metric> metrics, boolean log) {
        if (metrics.size() == 1) {
            return valueAxisLabel(metrics.get(0), log);
        }
        String label = both("metrics.axis", metrics);
        return log ? TEXTS.format("axis.log.lines", label) : label;
    }

    /** @return two metrics' labels as one phrase, "Overlapping runs and dead-lettered jobs", in the form {@code key}. */
    private static String both(String key, List<Metric> metrics) {
        String second = metrics.get(1).label();
        return TEXTS.format(key, metrics.get(0).label(), Character.toLowerCase(second.charAt(0))
                + second.substring(1));
    }

    /**
     * @return the x axis's ends: exactly the first and last swept values in window units ({lo, hi}), so the first
     *         and last markers sit on the plot's edges
     */
    public static double[] xRange(List<Series> curves) {
        List<double[]> xs = curves.get(0).points();
        double a = xs.get(0)[0];
        double b = xs.get(xs.size() - 1)[0];
        return new double[] {Math.min(a, b), Math.max(a, b)};
    }

    /** @return the log-scale value axis's upper end: the decade above the largest value, at least 2 (10). */
    public static double logUpper(List<Series> curves) {
        double max = 0;
        for (Series c : curves) {
            for (double[] pt : c.points()) {
                max = Math.max(max, pt[1]);
            }
        }
        return Math.max(2, Math.ceil(SymlogScale.toAxis(max)));
    }

    /** @return the name a person reads in the parameter choice ("Repeat after (fixed delay)" for the delay). */
    public static String choiceLabel(Parameter p) {
        return p.sweepLabel();
    }

    /** @return one curve per strategy, in the sweep's order: (value in window units, metric) per point. */
    public static List<Series> series(Sweep.Result r, Metric metric) {
        return series(r, List.of(metric));
    }

    /**
     * @return for each strategy in the sweep's order, one curve per metric in {@code metrics}' order (strategy 1's
     *         first and second metric, then strategy 2's...): (value in window units, metric) per point
     */
    public static List<Series> series(Sweep.Result r, List<Metric> metrics) {
        Sweep s = r.sweep();
        List<Series> out = new ArrayList<>();
        for (int j = 0; j < s.strategies().size(); j++) {
            for (Metric metric : metrics) {
                List<double[]> pts = new ArrayList<>();
                for (int i = 0; i < s.values().size(); i++) {
                    pts.add(new double[] {shown(s.parameter(), s.values().get(i)), metric.number(r.get(i, j))});
                }
                out.add(new Series(s.strategies().get(j), metric, List.copyOf(pts)));
            }
        }
        return out;
    }

    /**
     * @param both true when two metrics are plotted
     * @return the curve's name in the legend and the chart: the strategy's, and with two metrics
     *         "<strategy> — <metric label>"
     */
    public static String seriesName(Series c, boolean both) {
        return both ? TEXTS.format("series.two", c.strategy().name(), c.metric().label()) : c.strategy().name();
    }

    /**
     * @return the curve's legend entry: {@link #seriesName}, but with two metrics the strategy's short name
     *         ("whole job, skip finished, same key, claim table — Overlapping runs"), so an entry fits beside a
     *         teaching note on a 1280-pixel projector (the full name is its tooltip)
     */
    public static String legendName(Series c, boolean both) {
        return both ? TEXTS.format("series.two", StrategyNames.shortName(c.strategy()), c.metric().label())
                : c.strategy().name();
    }

    /**
     * @return each offered strategy's colour, an index into the sweep chart's palette: the article's five keep
     *         their own (the article's order), any other takes the first colour none of the offered article
     *         strategies has, in the order offered (round the palette when there are more than it holds)
     */
    public static Map<Strategy, Integer> colours(List<Strategy> offered, int paletteSize) {
        Map<Strategy, Integer> out = new LinkedHashMap<>();
        List<Integer> free = new ArrayList<>();
        for (int i = 0; i < paletteSize; i++) {
            if (!offered.contains(i < Strategy.ARTICLE.size() ? Strategy.ARTICLE.get(i) : null)) {
                free.add(i);
            }
        }
        int next = 0;
        for (Strategy s : offered) {
            int article = Strategy.ARTICLE.indexOf(s);
            if (article >= 0) {
                out.put(s, article % paletteSize);
            } else {
                out.put(s, free.isEmpty() ? next % paletteSize : free.get(next % free.size()));
                next++;
            }
        }
        return out;
    }

    /**
     * @return the teaching note's number for a sweep: for each strategy, the largest value of {@code metric} over
     *         the points and the first point where it is reached, e.g. "Dead-lettered jobs: up to 41, first at
     *         lease 234,892 ms"; one line per strategy when there are several
     */
    public static String peakText(Sweep.Result r, Metric metric) {
        Sweep s = r.sweep();
        Parameter p = s.parameter();
        String u = p.windowUnit();
        String unit = u.isEmpty() || u.equals("%") ? u : " " + u;
        String name = choiceLabel(p);
        name = Character.toLowerCase(name.charAt(0)) + name.substring(1);
        List<String> lines = new ArrayList<>();
        for (int j = 0; j < s.strategies().size(); j++) {
            int best = 0;
            for (int i = 1; i < s.values().size(); i++) {
                if (metric.number(r.get(i, j)) > metric.number(r.get(best, j))) {
                    best = i;
                }
            }
            String at = name + " " + ParameterBinding.format(p, s.values().get(best)) + unit;
            lines.add(s.strategies().size() == 1
                    ? TEXTS.format("peak.one", metric.label(), metric.text(r.get(best, j)), at)
                    : TEXTS.format("peak.row", metric.text(r.get(best, j)), at, s.strategies().get(j).name()));
        }
        if (lines.size() > 1) {
            lines.add(0, TEXTS.format("peak.heading", metric.label()));
        }
        return String.join("\n", lines);
    }

    /** Forgets the last finished sweep (its chart and table), as a newly loaded scenario does. */
    public void clearResults() {
        run.clear();
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
        return heading(r, List.of(metric));
    }

    /** @return the chart's heading of one or two metrics, e.g. "Overlapping runs and dead-lettered jobs by lease". */
    public static String heading(Sweep.Result r, List<Metric> metrics) {
        String p = choiceLabel(r.sweep().parameter());
        String what = metrics.size() == 1 ? metrics.get(0).label() : both("metrics.two", metrics);
        return TEXTS.format("heading", what, Character.toLowerCase(p.charAt(0)) + p.substring(1));
    }

    /**
     * @return the caption under the chart: what was varied, the base scenario's basic parameters, and every other
     *         parameter of the base scenario that differs from the article (a crash rate, a durable queue...)
     */
    public static String caption(Sweep.Result r) {
        Sweep s = r.sweep();
        Parameter p = s.parameter();
        Scenario b = s.scenarios().get(0);
        String u = p.windowUnit();
        String unit = u.isEmpty() || u.equals("%") ? u : " " + u;
        List<Double> v = s.values();
        StringBuilder c = new StringBuilder(TEXTS.format("caption", choiceLabel(p), ParameterBinding.format(p, v.get(0)),
                unit, ParameterBinding.format(p, v.get(v.size() - 1)), unit, v.size()));
        if (s.spacing() == Spacing.LOG) {
            c.append(TEXTS.get("caption.log"));
        }
        if (p != Parameter.JOBS) {
            c.append(TEXTS.format("caption.jobs", b.jobs()));
        }
        if (p != Parameter.P_FAIL) {
            c.append(TEXTS.format("caption.pFail", ParameterBinding.format(Parameter.P_FAIL, b.pFail())));
        }
        if (p != Parameter.LOST_REPLY) {
            c.append(TEXTS.format("caption.lostReply", ParameterBinding.format(Parameter.LOST_REPLY, b.lostReply())));
        }
        if (p != Parameter.MAX_ATTEMPTS) {
            c.append(TEXTS.format("caption.attempts", b.maxAttempts()));
        }
        if (p != Parameter.SEED) {
            c.append(TEXTS.format("caption.seed", b.seed()));
        }
        List<String> more = b.differencesFrom(Scenario.article()).stream()
                .filter(q -> !IN_CAPTION.contains(q) && q != p && q.rangeStart() != p)
                .map(q -> q.label() + " " + q.displayText(q.get(b))).toList();
        if (!more.isEmpty()) {
            c.append(TEXTS.format("caption.more", String.join(" · ", more)));
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

    /** @return how the points lie between From and To: linear (the default) or log (the same ratio). */
    public ObjectProperty<Spacing> spacingProperty() {
        return spacing;
    }

    /**
     * @return where a swept value (in window units) sits on the x axis: the value itself, or for a log-spaced
     *         sweep its base-10 logarithm, so the points lie evenly across the chart as they do in the sweep
     */
    public static double xPosition(Sweep s, double shown) {
        return s.spacing() == Spacing.LOG ? Math.log10(shown) : shown;
    }

    /**
     * @return an x tick's label for a log-spaced sweep: the value at that position, 10^position, to 3 significant
     *         digits with thousands separators ("1,000", "7,750", "0.0316")
     */
    public static String logTickText(double position) {
        double v = new BigDecimal(Math.pow(10, position)).round(new MathContext(3)).doubleValue();
        return v >= 1_000 ? String.format(Locale.ROOT, "%,d", Math.round(v)) : Parameter.plain(v);
    }

    /** @return the number of points as typed, 2..1,000. */
    public StringProperty pointsProperty() {
        return points;
    }

    /** @return the strategies offered (the article's five, or a preset's) and whether each is ticked. */
    public ObservableList<StrategyChoice> strategies() {
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

    /** @return the second metric plotted beside the first ("and"), or null for none (the default). */
    public ObjectProperty<Metric> metric2Property() {
        return metric2;
    }

    /** @return the last finished sweep's results (null before the first). */
    public ReadOnlyObjectProperty<Sweep.Result> resultProperty() {
        return run.resultProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return run.runningProperty();
    }

    /** @return 0..1 while running, 0 otherwise. */
    public ReadOnlyDoubleProperty progressProperty() {
        return run.progressProperty();
    }

    /** @return one line on what happened last. */
    public ReadOnlyStringProperty statusProperty() {
        return run.statusProperty();
    }

    /** Shows {@code text} as the status line (e.g. where an export went). */
    public void setStatus(String text) {
        run.setStatus(text);
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
