package org.idempotencylab.ui;

import org.idempotencylab.engine.SignupSimulation;

/**
 * Hears the live run: each new simulation, and each animation frame after the simulation moved. The live view
 * tells it; the views that follow the run (the key store, the classroom kit's watched number) listen, without
 * knowing the live view's classes. {@link App} connects them.
 */
public interface LiveRunListener {
    /** A new run started (Reset) on {@code simulation}; the previous one is gone. */
    void attached(SignupSimulation simulation);

    /**
     * A frame ended: the simulation has moved to {@code nowMs} (virtual ms). Called on the FX thread, at most once
     * per frame.
     */
    void frame(long nowMs);

    /**
     * The next {@link #frame} is coming with this {@code nowMs}: read now what cannot be read on the FX thread (a
     * claim table in a database), to show it in that frame. Called on the thread that moves the simulation (a
     * background thread when the live run's claim table is on a database, else the FX thread), right before the
     * frame, while the simulation stands still; a listener that reads nothing ignores it.
     */
    default void read(long nowMs) {
    }
}
