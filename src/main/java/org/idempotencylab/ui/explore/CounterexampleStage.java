package org.idempotencylab.ui.explore;

/**
 * Where the Explore tab plays a counterexample, without knowing that view's classes: "Watch it happen", through
 * an adapter App builds over the live view.
 */
@FunctionalInterface
public interface CounterexampleStage {
    /** A stage that plays nothing (a view shown on its own, in tests of its table). */
    CounterexampleStage NONE = c -> { };

    /**
     * Shows that view with {@code c}'s scenario and strategy, its faults forced and nothing else failing, and its
     * note (the faults in words) beside it, and plays it from the start.
     */
    void play(Counterexample c);
}
