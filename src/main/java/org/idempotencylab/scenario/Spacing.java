package org.idempotencylab.scenario;

/**
 * How a sweep's points lie between its two ends ({@code --spacing} of the {@code sweep} command, {@code spacing}
 * of a scenario file's {@code sweep} object).
 */
public enum Spacing implements Choice {
    /** Evenly spaced: the same difference between neighbours (the default). */
    LINEAR("linear"),
    /** Evenly spaced in the logarithm: the same ratio between neighbours; both ends above 0. */
    LOG("log");

    private final String cliName;

    Spacing(String cliName) {
        this.cliName = cliName;
    }

    /** @return the name on the command line: {@code linear} or {@code log}. */
    @Override
    public String cliName() {
        return cliName;
    }
}
