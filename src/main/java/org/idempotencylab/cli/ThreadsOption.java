package org.idempotencylab.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code --threads}, shared by {@code table} and {@code sweep}: how many threads run the simulations, 1..64.
 * Results do not depend on it. The default is the processor count, capped at 64 so that a plain command works on
 * a larger machine.
 */
final class ThreadsOption {
    /** The option's name. */
    static final String NAME = "--threads";
    /** Its help text, the same whether a command takes it as this mixin or as {@link #option()}. */
    static final String DESCRIPTION = "threads to run the simulations on, 1..64; results do not depend on it "
            + "(default: cores, at most 64)";

    @Option(names = NAME, paramLabel = "N", description = DESCRIPTION)
    String threads = cores();

    /**
     * @return {@code --threads} as a number
     * @throws IllegalArgumentException naming {@code --threads}, the value and the range 1 to 64
     */
    int count() {
        return read(threads);
    }

    /** @return the option as picocli's programmatic API builds it, for a command whose model is built so */
    static OptionSpec option() {
        return OptionSpec.builder(NAME).paramLabel("N").type(String.class).defaultValue(cores())
                .description(DESCRIPTION).build();
    }

    /**
     * @return the value {@link #option()} took in {@code spec}, as a number
     * @throws IllegalArgumentException naming {@code --threads}, the value and the range 1 to 64
     */
    static int count(CommandSpec spec) {
        return read(spec.findOption(NAME).getValue());
    }

    private static int read(String text) {
        return WholeNumber.read(NAME, text, 1, 64);
    }

    private static String cores() {
        return Integer.toString(Math.min(64, Runtime.getRuntime().availableProcessors()));
    }
}
