package org.idempotencylab.cli;

import picocli.CommandLine.Option;

/**
 * {@code --threads}, shared by {@code table} and {@code sweep}: how many threads run the simulations, 1..64.
 * Results do not depend on it. The default is the processor count, capped at 64 so that a plain command works on
 * a larger machine.
 */
final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "N",
            description = "threads to run the simulations on, 1..64; results do not depend on it "
                    + "(default: cores, at most 64)")
    String threads = Integer.toString(Math.min(64, Runtime.getRuntime().availableProcessors()));

    /**
     * @return {@code --threads} as a number
     * @throws IllegalArgumentException naming {@code --threads}, the value and the range 1 to 64
     */
    int count() {
        return WholeNumber.read("--threads", threads, 1, 64);
    }
}
