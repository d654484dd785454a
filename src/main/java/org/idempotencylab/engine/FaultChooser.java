package org.idempotencylab.engine;

/**
 * Answers the engine's choice points in place of its random draws: the one seam through which the explorer
 * ({@link Explorer}) tries every fault, and a counterexample is played back with its faults forced
 * ({@link ForcedFaults}). A run given a chooser makes none of its outcome, crash or repeat draws; call durations,
 * backoffs and arrivals still come from the seed's own streams.
 */
public interface FaultChooser {
    /**
     * @return true if faults of {@code kind} can happen in this run at all: the engine then keeps what they need
     *         (a ledger per user for crashes and repeats), as a probability above 0 would
     */
    boolean allows(FaultKind kind);

    /**
     * Asked only for kinds it {@link #allows}.
     *
     * @return 0 for what happens without a fault (the call succeeds, the reply arrives, no crash, no repeat, the
     *         first event due runs first), or 1 to {@code point.alternatives()} for that fault
     */
    int choose(ChoicePoint point);
}
