package org.idempotencylab.cli;

import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/** {@code --quiet}, shared by every command that runs: no progress bar on stderr, even on a terminal. */
final class QuietOption {
    /** The option's name. */
    static final String NAME = "--quiet";
    /** Its help text, the same whether a command takes it as this mixin or as {@link #option()}. */
    static final String DESCRIPTION = "no progress bar on stderr, nor the lines saying what a run on a "
            + "database does (run --db: its run id and the rows --drop-old-runs deleted; work: its embedded server, "
            + "run id and processes); without it, a long run shows a bar when stderr is a terminal (never in a pipe "
            + "or a log): table, run, sweep and check from 200,000 sign-ups (run --db from 10,000), explore always";

    @Option(names = NAME, description = DESCRIPTION)
    boolean quiet;

    /** @return the option as picocli's programmatic API builds it, for a command whose model is built so */
    static OptionSpec option() {
        return OptionSpec.builder(NAME).type(boolean.class).description(DESCRIPTION).build();
    }
}
