package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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

    /**
     * Runs each strategy briefly on the calling thread, with high failure rates so that every branch is taken,
     * and throws the results away. Strategies started together on two cores otherwise take branches the compiler
     * has not yet profiled, and HotSpot deoptimizes the code they share again and again: the article's table took
     * 1.6 to 3.0 s as a whole process without this, and 1.3 to 1.5 s with it (README, "Measured figures").
     * {@link Sweep} uses it too. Results do not change: each simulation has its own state and random streams.
     */
    static void warmUp(Scenario scenario, List<Strategy> strategies) {
        Scenario small = scenario.toBuilder().jobs(3_000).pFail(0.2).lostReply(0.2).build();
        for (Strategy s : strategies) {
            new SignupSimulation(small, s, RunControl.NONE, true).run();
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
                results.add(new SignupSimulation(scenario, s, control, true).run());
            }
            return results;
        }
        if (scenario.jobs() >= WARM_UP_ABOVE_JOBS) {
            warmUp(scenario, strategies);
        }
        // Stop the other simulations too when one fails or the caller is interrupted (shutdownNow interrupts).
        RunControl stoppable = new RunControl() {
            @Override
            public boolean isCancelled() {
                return Thread.currentThread().isInterrupted() || control.isCancelled();
            }

            @Override
            public void jobsFinished(long jobsDone) {
                control.jobsFinished(jobsDone);
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, strategies.size()), r -> {
            Thread t = new Thread(r, "simulation");
            t.setDaemon(true);
            return t;
        });
        try {
            // Submitted last to first: the article's slowest strategy (skip finished steps, through the store) is
            // last in its table, and starting it first balances two threads. Results keep the given order.
            List<Future<StrategyResult>> futures = new ArrayList<>();
            for (int i = strategies.size() - 1; i >= 0; i--) {
                Strategy s = strategies.get(i);
                futures.add(0, pool.submit(() -> new SignupSimulation(scenario, s, stoppable, true).run()));
            }
            List<StrategyResult> results = new ArrayList<>();
            for (Future<StrategyResult> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
