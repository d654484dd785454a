package org.idempotencylab.cli;

import picocli.CommandLine.Option;

/** {@code --quiet}, shared by every command that runs: no progress bar on stderr, even on a terminal. */
final class QuietOption {
    @Option(names = "--quiet", description = "no progress bar on stderr, nor the lines saying what a run on a "
            + "database does (run --db: its run id and the rows --drop-old-runs deleted; work: its embedded server, "
            + "run id and processes); without it, a long run shows a bar when stderr is a terminal (never in a pipe "
            + "or a log): table, run, sweep and check from 200,000 sign-ups (run --db from 10,000), explore always")
    boolean quiet;
}
