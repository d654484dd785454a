package org.idempotencylab.ui.kit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;

/**
 * A view for the kit's tests: it shows what was loaded into it, can be "edited", counts the runs started, and
 * hands the kit results as a finished run would. The real views' adapters have their own test in the ui package.
 */
final class RecordingView implements ScenarioView {
    Scenario scenario = Scenario.article();
    List<Strategy> strategies = Strategy.ARTICLE;
    Metric watched;
    int loads;
    int runsStarted;
    private final String waiting;
    private final List<Consumer<List<StrategyResult>>> listeners = new ArrayList<>();

    /** @param waiting what {@link #waitingText} says, before " (running)" when a run is starting */
    RecordingView(String waiting) {
        this.waiting = waiting;
    }

    @Override
    public void load(Scenario scenario, List<Strategy> strategies, Metric watched) {
        this.scenario = scenario;
        this.strategies = List.copyOf(strategies);
        this.watched = watched;
        loads++;
    }

    @Override
    public Scenario scenario() {
        return scenario;
    }

    @Override
    public List<Strategy> strategies() {
        return strategies;
    }

    @Override
    public void startRun() {
        runsStarted++;
    }

    @Override
    public String waitingText(boolean runStarting) {
        return runStarting ? waiting + " (running)" : waiting;
    }

    @Override
    public void addResultsListener(Consumer<List<StrategyResult>> listener) {
        listeners.add(listener);
    }

    /** A run of this view finished with {@code results}. */
    void finish(List<StrategyResult> results) {
        listeners.forEach(l -> l.accept(results));
    }
}
