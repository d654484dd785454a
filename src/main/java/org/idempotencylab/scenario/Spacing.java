package org.idempotencylab.scenario;

/**
 * How a sweep's points lie between its two ends ({@code --spacing} of the {@code sweep} command, {@code spacing}
 * of a scenario file's {@code sweep} object).
 */
public enum Spacing implements Choice {
    /** Evenly spaced: the same difference between neighbours (the default). */
    LINEAR,
    /** Evenly spaced in the logarithm: the same ratio between neighbours; both ends above 0. */
    LOG;
}
