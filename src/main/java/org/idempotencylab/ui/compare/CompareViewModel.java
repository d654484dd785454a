package org.idempotencylab.ui.compare;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
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
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.ScenarioForm;

/**
 * The "compare strategies" view: the parameters a teacher changes, and the five strategies' results.
 *
 * <p>Values are in model units (probabilities 0..1). {@link #compare()} runs the engine on a background thread
 * through a {@link Task}: progress and cancel, and the FX thread never runs the simulation. A second call while
 * a run is in progress does nothing. All methods must be called on the FX thread.
 */
public final class CompareViewModel {
    private final ScenarioForm form;

    private final ObservableList<ResultRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<Scenario> resultScenario = new SimpleObjectProperty<>();
    private final BooleanProperty running = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty inputError = new SimpleStringProperty();
    private final ObservableList<Strategy> strategies = FXCollections.observableArrayList(Strategy.ARTICLE);
    private final StringProperty differences = new SimpleStringProperty("");

    private final Executor executor;
    private final int threads;
    private Task<List<StrategyResult>> task;

    /**
     * @param base     the scenario the view opens on; fields the view does not show keep its values
     * @param executor runs the comparison off the FX thread
     * @param threads  simulation threads, at least 1 (results do not depend on it)
     */
    public CompareViewModel(Scenario base, Executor executor, int threads) {
        this.form = new ScenarioForm(base);
        this.executor = executor;
        this.threads = threads;
        for (javafx.beans.Observable p : form.all()) {
            p.addListener(o -> updateDifferences());
        }
        updateDifferences();
    }

    /**
     * Shows {@code scenario} in the fields (every parameter, those without a field too) and makes
     * {@link #compare()} run {@code strategies} on it, e.g. a preset's. The table keeps the last finished run
     * until the next one.
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
        this.strategies.setAll(strategies);
        inputError.set(null);
    }

    /** @return the strategies {@link #compare()} runs, the article's five until {@link #apply} says otherwise. */
    public ObservableList<Strategy> strategies() {
        return FXCollections.unmodifiableObservableList(strategies);
    }

    /** @return "" on the article's parameters, else the parameters that differ from it, e.g. "Sign-ups 100,000". */
    public ReadOnlyStringProperty differencesProperty() {
        return differences;
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
        return String.join(" · ", s.differencesFrom(Scenario.article()).stream()
                .map(p -> p.label() + " " + p.displayText(p.get(s))).toList());
    }

    /**
     * @return the scenario the fields describe now
     * @throws ParameterException if a value is out of range (the fields normally prevent this)
     */
    public Scenario scenario() {
        return form.scenario();
    }

    /** @return the parameters shown, in model units. */
    public ScenarioForm form() {
        return form;
    }

    /** Starts comparing the five strategies on {@link #scenario()}; does nothing while a run is in progress. */
    public void compare() {
        if (running.get()) {
            return;
        }
        Scenario scenario;
        try {
            scenario = scenario();
        } catch (ParameterException e) {
            inputError.set(e.getMessage());
            return;
        }
        List<Strategy> strategies = List.copyOf(this.strategies);
        long total = scenario.jobs() * strategies.size();
        long started = System.nanoTime();
        Task<List<StrategyResult>> t = new Task<>() {
            @Override
            protected List<StrategyResult> call() {
                AtomicLong done = new AtomicLong();
                return Comparison.run(scenario, strategies, threads, new RunControl() {
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
        t.setOnSucceeded(e -> {
            rows.setAll(t.getValue().stream().map(ResultRow::new).toList());
            resultScenario.set(scenario);
            status.set(String.format(Locale.ROOT, "Compared %s × %,d sign-ups in %.1f s", count(strategies),
                    scenario.jobs(),
                    (System.nanoTime() - started) / 1e9));
            finished();
        });
        t.setOnCancelled(e -> {
            status.set("Cancelled: the table still shows the last finished run");
            finished();
        });
        t.setOnFailed(e -> {
            status.set("The run failed: " + t.getException());
            finished();
        });
        task = t;
        running.set(true);
        progress.bind(t.progressProperty());
        status.set(String.format(Locale.ROOT, "Running %s × %,d sign-ups…", count(strategies), scenario.jobs()));
        executor.execute(t);
    }

    private static String count(List<Strategy> strategies) {
        return strategies.size() == 1 ? "1 strategy" : strategies.size() + " strategies";
    }

    /** Stops the run in progress, if any; the table keeps the last finished results. */
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

    /**
     * Empties the table and chart (a new scenario was loaded: the last run's numbers no longer belong to what
     * the fields show) and stops a run in progress.
     */
    public void clearResults() {
        cancel();
        rows.clear();
        resultScenario.set(null);
    }

    /** @return the results of the last finished run, in the article's row order. */
    public ObservableList<ResultRow> rows() {
        return rows;
    }

    /** @return the scenario of the rows shown (null before the first run). */
    public ReadOnlyObjectProperty<Scenario> resultScenarioProperty() {
        return resultScenario;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running;
    }

    /** @return 0..1 while running (-1 while unknown), 0 otherwise. */
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

    /** @return the message for a rejected typed value, or null. */
    public StringProperty inputErrorProperty() {
        return inputError;
    }
}
