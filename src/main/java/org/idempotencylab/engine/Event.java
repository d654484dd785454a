package org.idempotencylab.engine;

/** Something that happens at one instant of virtual time; scheduled on a {@link Simulator}. */
@FunctionalInterface
public interface Event {
    /** Runs the event; {@link Simulator#nowMs()} is already its time. It may schedule further events. */
    void fire();
}
