package org.idempotencylab.engine;

/**
 * Receives every {@link SimulationEvent} of a simulation, in order, on the thread that advances it. It must not
 * advance the simulation itself.
 */
@FunctionalInterface
public interface SimulationListener {
    void on(SimulationEvent event);
}
