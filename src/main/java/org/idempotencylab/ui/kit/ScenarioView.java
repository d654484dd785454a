package org.idempotencylab.ui.kit;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.SweepSpec;

/**
 * What the classroom kit needs of a view that scenario files open on ("Compare strategies", "Watch it happen",
 * "Sweep"),
 * without knowing the view's classes: show a scenario and its strategies, read them back, start a run or say
 * how to, and the finished run's results for the teaching note's watched number. The window builds one adapter
 * per view over the view's own model.
 */
public interface ScenarioView {
    /**
     * Shows {@code scenario} (every parameter) and {@code strategies}, as a preset or a scenario file loaded on this
     * view; the last run's results, which belong to other parameters, are gone.
     *
     * @param strategies one or more (the live view plays the first)
     * @param watched    the metric the loaded note watches (the Compare table shows it as a column)
     */
    void load(Scenario scenario, List<Strategy> strategies, Metric watched);

    /**
     * Shows a scenario file loaded on this view: by default its scenario and strategies ({@link #load(Scenario,
     * List, Metric)}); a view with more fields (the Sweep tab's range and metrics) takes them from the file too.
     *
     * @param watched the metric the file's note watches
     */
    default void load(ScenarioFile file, Metric watched) {
        load(file.scenario(), file.strategies(), watched);
    }

    /**
     * @return what the view's sweep fields describe (the Sweep tab), or null for a view without a sweep
     * @throws IllegalArgumentException if one of them is out of range (the message names it)
     */
    default SweepSpec sweep() {
        return null;
    }

    /**
     * @return the scenario the view's fields describe now
     * @throws ParameterException if a value is out of range
     */
    Scenario scenario();

    /** @return the strategies the view runs now, in order. */
    List<Strategy> strategies();

    /**
     * @return the two strategies the view plays side by side, lane A then lane B ("Watch it happen" with "Beside
     *         it:" on), or an empty list: a scenario saved from the view names them as its {@code lanes}
     */
    default List<Strategy> lanes() {
        return List.of();
    }

    /**
     * @return true if the view shows exactly {@code scenario} and {@code strategies}: nothing was edited since they
     *         were loaded (a value out of range counts as edited)
     */
    default boolean shows(Scenario scenario, List<Strategy> strategies) {
        try {
            return scenario().equals(scenario) && strategies().equals(strategies);
        } catch (ParameterException e) {
            return false;
        }
    }

    /**
     * @return true if the view shows exactly {@code file}'s scenario, strategies and sweep: nothing was edited
     *         since it was loaded (a value out of range counts as edited)
     */
    default boolean shows(ScenarioFile file) {
        try {
            return shows(file.scenario(), file.strategies()) && Objects.equals(sweep(), file.sweep());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Starts the run that gives the watched number, if this view runs by itself (Compare); else nothing. */
    void startRun();

    /**
     * Starts the run whatever the view (the opening scene plays by itself): the live view plays from the start,
     * the others {@link #startRun()}.
     */
    default void play() {
        startRun();
    }

    /**
     * @param runStarting true if {@link #startRun()} is called next
     * @return what the note says until the number is there, e.g. "running the comparison…" or "press Play (Space)
     *         and watch until the end (Speed set to 10×: about a minute)"
     */
    String waitingText(boolean runStarting);

    /**
     * @param listener told the results of each finished run, one per strategy in order (the live view: its run's
     *                 once the last job ended, on each frame after that)
     */
    void addResultsListener(Consumer<List<StrategyResult>> listener);

    /**
     * @param listener told, after each finished run, how to say its watched number for a metric: by default
     *                 {@link ScenarioKit#watchText} of the {@link #addResultsListener results} (one number per
     *                 strategy); the Sweep tab says the largest value over its points and where
     */
    default void addWatchListener(Consumer<Function<Metric, String>> listener) {
        addResultsListener(results -> {
            if (!results.isEmpty()) {
                listener.accept(m -> ScenarioKit.watchText(m.id(), results));
            }
        });
    }

    /**
     * @return how the loaded scenario plays on this view when that is not simply as loaded ("The first 200 of the
     *         preset's 100,000 sign-ups, at 5×: …", "" otherwise): the note says it beside this view's tab
     */
    default ObservableStringValue playNote() {
        return new ReadOnlyStringWrapper("").getReadOnlyProperty();
    }
}
