package org.idempotencylab.engine;

import org.idempotencylab.scenario.Strategy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.concurrent.CancellationException;
import org.idempotencylab.scenario.Scenario;

/**
 * Runs one scenario under several strategies, each an independent simulation with its own random streams, on
 * a pool of threads. Every strategy's numbers depend only on the scenario and the strategy, so any thread
 * count gives the same results. Keys are forgotten when their job ends (see {@link SignupSimulation}), which
 * keeps the results and bounds memory by the jobs in progress.
 */
public final class Comparison {
    /** Runs at least this long are worth {@link #warmUp}; below it the warm-up would cost more than it saves. */
    static final long WARM_UP_ABOVE_JOBS = 100_000;

    private Comparison() {
    }

    /** Sign-ups of one warm-up simulation: above {@link Progress#REPORT_EVERY}, so the report's branch is seen. */
    static final int WARM_UP_JOBS = 300;
    /** Rounds of warm-up simulations, each strategy once per round. */
    static final int WARM_UP_ROUNDS = 6;

    /**
     * Runs each strategy briefly on the calling thread, with high failure rates so that every branch is taken,
     * and throws the results away. Strategies started together on two cores otherwise take branches and receiver
     * types that the compiler has not profiled yet, and HotSpot deoptimizes the code they share again and again.
     * The strategies take turns in short simulations ({@value #WARM_UP_ROUNDS} rounds of {@value #WARM_UP_JOBS}
     * sign-ups each), so every one of them is in the profile before the first C2 compilation: one long
     * simulation per strategy, one after the other, let C2 compile for the first strategy and deoptimize for
     * each next one (five compilations of {@code Worker.advance} where one does). {@link Sweep} uses it too.
     * Results do not change: each simulation has its own state and random streams.
     */
    static void warmUp(Scenario scenario, List<Strategy> strategies) {
        Scenario small = scenario.toBuilder().jobs(WARM_UP_JOBS).pFail(0.2).lostReply(0.2).build();
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            for (Strategy s : strategies) {
                runOne(small, s, new Stoppable(RunControl.NONE));
            }
        }
    }

    /**
     * @param threads at least 1; more than the number of strategies is pointless
     * @param control progress (summed over strategies; total is {@code jobs * strategies.size()}) and cancel
     * @return one result per strategy, in the order given
     * @throws CancellationException if the control cancelled the run
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public static List<StrategyResult> run(Scenario scenario, List<Strategy> strategies, int threads,
                                           RunControl control) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        if (threads == 1 || strategies.size() == 1) {
            List<StrategyResult> results = new ArrayList<>();
            for (Strategy s : strategies) {
                results.add(runOne(scenario, s, control));
            }
            return results;
        }
        if (scenario.jobs() >= WARM_UP_ABOVE_JOBS) {
            warmUp(scenario, strategies);
        }
        // Submitted last to first: the article's slowest strategy (skip finished steps, through the store) is last in
        // its table, and starting it first balances two threads. Results keep the given order.
        List<Cell> cells = new ArrayList<>();
        List<Integer> startOrder = new ArrayList<>();
        for (int i = 0; i < strategies.size(); i++) {
            cells.add(new Cell(scenario, strategies.get(i)));
            startOrder.add(0, i);
        }
        return runCells(cells, startOrder, threads, control);
    }

    /**
     * One strategy's batch run, keys forgotten when their job ends: a run where nothing can overlap as plain loops
     * ({@link SerialRun}), any other on the event engine; both give the same metrics.
     *
     * @param control progress and cancel
     * @return the run's metrics
     * @throws CancellationException if the control cancelled the run
     */
    public static StrategyResult runOne(Scenario scenario, Strategy strategy, RunControl control) {
        return SerialRun.handles(scenario, strategy) ? SerialRun.run(scenario, strategy, control)
                : new SignupSimulation(scenario, strategy, control, true).run();
    }

    /**
     * The control of a pooled simulation: it also stops when its thread is interrupted, so one failure or the
     * caller's interruption stops the others ({@code shutdownNow} interrupts). The warm-up runs under one too, so
     * the progress calls the JIT profiles there see the class the real runs use.
     */
    private record Stoppable(RunControl control) implements RunControl {
        @Override
        public boolean isCancelled() {
            return Thread.currentThread().isInterrupted() || control.isCancelled();
        }

        @Override
        public void jobsFinished(long jobsDone) {
            control.jobsFinished(jobsDone);
        }
    }

    /** One simulation to run: a scenario under a strategy. */
    record Cell(Scenario scenario, Strategy strategy) {
    }

    /**
     * Runs independent simulations on a pool of {@code min(threads, cells)} daemon threads, each with its own
     * state and random streams, so the results do not depend on the thread count. A failure or a cancel stops the
     * others (the pool is shut down and its threads interrupted).
     *
     * @param startOrder indices into {@code cells}, each once: the order they are submitted in (slowest first
     *                   balances the threads)
     * @param control    progress (summed over cells) and cancel
     * @return one result per cell, in the order of {@code cells}
     * @throws CancellationException if the control cancelled the run or the calling thread was interrupted
     */
    static List<StrategyResult> runCells(List<Cell> cells, List<Integer> startOrder, int threads,
                                         RunControl control) {
        RunControl stoppable = new Stoppable(control);
        List<Supplier<StrategyResult>> work = new ArrayList<>();
        for (Cell c : cells) {
            work.add(() -> runOne(c.scenario(), c.strategy(), stoppable));
        }
        return Parallel.run(work, startOrder, threads, "simulation");
    }
}
