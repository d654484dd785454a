package org.idempotencylab.engine;

import java.util.concurrent.CancellationException;

/**
 * How a long run reports progress and learns it was cancelled. Called from the thread running the simulation;
 * implementations must be thread-safe if several simulations share one.
 */
public interface RunControl {
    /** A control that never cancels and ignores progress. */
    RunControl NONE = new RunControl() {
    };

    /** @return true to stop the run; the simulation then throws {@link CancellationException}. */
    default boolean isCancelled() {
        return false;
    }

    /**
     * Reports progress of one simulation.
     *
     * @param jobsDone  jobs finished since the last report (not a running total)
     */
    default void jobsFinished(long jobsDone) {
    }
}
