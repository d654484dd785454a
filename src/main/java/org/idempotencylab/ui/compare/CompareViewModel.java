package org.idempotencylab.ui.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.BackgroundRun;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.export.ResultTable;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.ScenarioForm;

/**
 * The "compare strategies" view: every parameter, the strategies to run on them (the article's five unless a
 * preset says otherwise), and the last finished run's results, one row per strategy.
 *
 * <p>Values are in model units (probabilities 0..1). {@link #compare()} runs the engine through a
 * {@link BackgroundRun}: progress and cancel, the FX thread never runs the simulation, and a second call while a
 * run is going starts nothing. The table's columns are {@link Metric#articleTable()}, and the metric a loaded
 * preset watches if it is not one of them. All methods must be called on the FX thread; nothing here needs the
 * toolkit until a run starts.
 */
public final class CompareViewModel {
    private static final Texts TEXTS = Texts.of(CompareViewModel.class);

    /** The basic parameters the caption names in its own words; any other that differs is listed after them. */
    private static final Set<Parameter> IN_CAPTION = Set.of(Parameter.JOBS, Parameter.P_FAIL, Parameter.LOST_REPLY,
            Parameter.MAX_ATTEMPTS, Parameter.SEED, Parameter.BASE_DELAY_MS, Parameter.MAX_DELAY_MS, Parameter.JITTER);

    /**
     * A finished comparison.
     *
     * @param scenario what it ran on
     * @param results  one per strategy, in the order they were asked for
     */
    public record Results(Scenario scenario, List<StrategyResult> results) {
        public Results {
            results = List.copyOf(results);
        }
    }

    private final ScenarioForm form;
    private final BackgroundRun<Results> run;
    private final int threads;
    private final ObservableList<Strategy> strategies = FXCollections.observableArrayList(Strategy.ARTICLE);
    private final ObservableList<ResultRow> rows = FXCollections.observableArrayList();
    private final ObservableList<Metric> columns = FXCollections.observableArrayList(Metric.articleTable());
    // read-only views, made once: a view made per call would be collected, and its listeners with it
    private final ObservableList<Strategy> strategiesView = FXCollections.unmodifiableObservableList(strategies);
    private final ObservableList<ResultRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<Metric> columnsView = FXCollections.unmodifiableObservableList(columns);
    private final ObjectBinding<Scenario> resultScenario;
    private final StringProperty differences = new SimpleStringProperty("");
    private final StringProperty inputError = new SimpleStringProperty();
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper(this, "stale");
    private final ReadOnlyObjectWrapper<Metric> watched = new ReadOnlyObjectWrapper<>(this, "watched");
    /** The job the table's and chart's words name: the shown run's, else the scenario last applied. */
    private final ReadOnlyObjectWrapper<Workflow> workflow = new ReadOnlyObjectWrapper<>(this, "workflow",
            Workflow.SIGNUP);

    /**
     * @param base     the scenario the view opens on
     * @param executor runs the comparison off the FX thread
     * @param threads  simulation threads, at least 1 (results do not depend on it)
     */
    public CompareViewModel(Scenario base, Executor executor, int threads) {
        this.form = new ScenarioForm(base);
        this.run = new BackgroundRun<>(executor);
        this.threads = threads;
        for (Observable p : form.all()) {
            p.addListener(o -> updateDifferences());
        }
        updateDifferences();
        run.resultProperty().addListener((o, was, r) -> rows.setAll(r == null ? List.of()
                : r.results().stream().map(ResultRow::new).toList()));
        resultScenario = Bindings.createObjectBinding(() -> run.resultProperty().get() == null ? null
                : run.resultProperty().get().scenario(), run.resultProperty());
        for (Observable p : form.all()) {
            p.addListener(o -> updateStale());
        }
        strategies.addListener((Observable o) -> updateStale());
        run.resultProperty().addListener(o -> updateStale());
        workflow.set(base.workflow());
        run.resultProperty().addListener((o, was, r) -> {
            if (r != null) {
                workflow.set(r.scenario().workflow());
            }
        });
    }

    /**
     * @return the job whose steps the table's header, the chart and the watched line name (a workflow's key step in
     *         place of the welcome email): the shown run's, else that of the scenario last applied
     */
    public ReadOnlyObjectProperty<Workflow> workflowProperty() {
        return workflow.getReadOnlyProperty();
    }

    /** The rows shown are stale when the parameters or the strategies differ from those they were computed with. */
    private void updateStale() {
        Results shown = run.resultProperty().get();
        if (shown == null) {
            stale.set(false);
            return;
        }
        boolean same;
        try {
            same = scenario().equals(shown.scenario())
                    && shown.results().stream().map(StrategyResult::strategy).toList().equals(strategies);
        } catch (ParameterException e) {
            same = false; // a value out of range: whatever it becomes, it is not what the rows were computed with
        }
        stale.set(!same);
    }

    /**
     * @return true while the table and chart show a run whose parameters or strategies differ from the ones the
     *         view shows now: the numbers are the last run's until Compare runs again (the view dims them and
     *         says so); false with no results
     */
    public ReadOnlyBooleanProperty staleProperty() {
        return stale.getReadOnlyProperty();
    }

    /**
     * Shows {@code scenario} in the fields (every parameter) and makes {@link #compare()} run {@code strategies}
     * on it, e.g. a preset's. Stops a run that is going; the table keeps the last finished run until the next.
     *
     * @param strategies one or more, in the order the table lists them
     * @throws IllegalArgumentException if {@code strategies} is empty
     */
    public void apply(Scenario scenario, List<Strategy> strategies) {
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("strategies: at least one is needed");
        }
        cancel();
        form.load(scenario);
        if (run.resultProperty().get() == null) {
            workflow.set(scenario.workflow());
        }
        this.strategies.setAll(strategies);
        inputError.set(null);
    }

    /**
     * Makes the table show {@code metric} as well as the article's five columns (the number a loaded preset
     * watches, e.g. lease reclaims); {@code null} or one of the five leaves the article's columns. The chart charts
     * it too ({@link #watchedProperty()}).
     */
    public void watch(Metric metric) {
        List<Metric> shown = new ArrayList<>(Metric.articleTable());
        if (metric != null && metric.isNumber() && !shown.contains(metric)) {
            shown.add(metric);
        }
        columns.setAll(shown);
        watched.set(metric != null && metric.isNumber() ? metric : null);
    }

    /** @return the number a loaded preset watches (one number), or null: the chart charts it beside the duplicates */
    public ReadOnlyObjectProperty<Metric> watchedProperty() {
        return watched.getReadOnlyProperty();
    }

    /** @return the metrics the table shows, in column order after the strategy's name. */
    public ObservableList<Metric> columns() {
        return columnsView;
    }

    /** @return the strategies {@link #compare()} runs, the article's five until {@link #apply} says otherwise. */
    public ObservableList<Strategy> strategies() {
        return strategiesView;
    }

    /** @return "" on the article's parameters, else the parameters that differ from it, e.g. "Sign-ups 100,000". */
    public ReadOnlyStringProperty differencesProperty() {
        return differences;
    }

    /** @return the line that lists them ("Differs from the article: ..."), or "" on the article's parameters. */
    public static String differencesLine(String differences) {
        return differences.isEmpty() ? "" : TEXTS.format("differences", differences);
    }

    private void updateDifferences() {
        try {
            differences.set(differences(form.scenario()));
        } catch (ParameterException e) {
            differences.set("");
        }
    }

    /**
     * @return the parameters of {@code s} whose value differs from {@link Scenario#article()}'s, with their values
     *         in the window's units (percent for probabilities), separated by " · "; "" if none differs
     */
    public static String differences(Scenario s) {
        return differences(s, s.differencesFrom(Scenario.article()));
    }

    private static String differences(Scenario s, List<Parameter> which) {
        return String.join(" · ", which.stream().map(p -> p.label() + " " + p.displayText(p.get(s))).toList());
    }

    /**
     * @return the scenario the fields describe now
     * @throws ParameterException if a value is out of range (the fields normally prevent this)
     */
    public Scenario scenario() {
        return form.scenario();
    }

    /** @return every parameter, in model units. */
    public ScenarioForm form() {
        return form;
    }

    /** Starts comparing the strategies on {@link #scenario()}; does nothing while a run is going. */
    public void compare() {
        if (run.runningProperty().get()) {
            return;
        }
        Scenario scenario;
        try {
            scenario = scenario();
        } catch (ParameterException e) {
            inputError.set(e.getMessage());
            return;
        }
        List<Strategy> chosen = List.copyOf(strategies);
        String count = chosen.size() == 1 ? TEXTS.get("strategies.one") : TEXTS.format("strategies.many", chosen.size());
        run.start(scenario.jobs() * chosen.size(),
                control -> new Results(scenario, Comparison.run(scenario, chosen, threads, control)),
                new BackgroundRun.Messages<>() {
                    @Override
                    public String running() {
                        return TEXTS.format("status.running", count, scenario.jobs());
                    }

                    @Override
                    public String finished(Results r, double seconds) {
                        return TEXTS.format("status.finished", count, scenario.jobs(), seconds);
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

    /** Stops the run going, if any; the table keeps the last finished results. */
    public void cancel() {
        run.cancel();
    }

    /**
     * Empties the table and chart (a new scenario was loaded: the last run's numbers no longer belong to what
     * the fields show) and stops a run going.
     */
    public void clearResults() {
        run.clear();
    }

    /** @return the last finished run (null before the first, or after {@link #clearResults()}). */
    public ReadOnlyObjectProperty<Results> resultsProperty() {
        return run.resultProperty();
    }

    /** @return the rows of the last finished run, one per strategy, in its order. */
    public ObservableList<ResultRow> rows() {
        return rowsView;
    }

    /** @return the scenario of the rows shown (null before the first run). */
    public ObservableValue<Scenario> resultScenarioProperty() {
        return resultScenario;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return run.runningProperty();
    }

    /** @return 0..1 while running (-1 while unknown), 0 otherwise. */
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

    /** @return the message for a refused typed value, or null. */
    public StringProperty inputErrorProperty() {
        return inputError;
    }

    /** @return the results as the CSV export writes them: one row per strategy, every metric {@code run} prints. */
    public ResultTable csvTable() {
        return ResultTable.of(rows.stream().map(r -> ResultColumns.flat(r.result())).toList());
    }

    /**
     * @return the chart caption: the parameters the results were computed with, then every other parameter that
     *         differs from the article (a preset's crash rate, queue, lease...); "" for none
     */
    public static String caption(Scenario s) {
        if (s == null) {
            return "";
        }
        String more = differences(s, s.differencesFrom(Scenario.article()).stream()
                .filter(p -> !IN_CAPTION.contains(p)).toList());
        return TEXTS.format("caption", s.jobs(), ParameterBinding.format(Parameter.P_FAIL, s.pFail()),
                ParameterBinding.format(Parameter.LOST_REPLY, s.lostReply()), s.maxAttempts(), s.seed(),
                s.baseDelayMs(), s.maxDelayMs(), s.jitter() ? TEXTS.get("caption.jitter") : "")
                + (more.isEmpty() ? "" : TEXTS.format("caption.more", more));
    }
}
