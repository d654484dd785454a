package org.idempotencylab.cli;

import picocli.CommandLine.Option;

/** {@code --quiet}, shared by every command: no progress bar on stderr, even on a terminal. */
final class QuietOption {
    @Option(names = "--quiet", description = "no progress bar on stderr (nor, with --db, the line naming the run "
            + "id); without it, a long run shows one when stderr is a terminal (never in a pipe or a log): run, table "
            + "and sweep from 200,000 sign-ups (10,000 with --db), explore always")
    boolean quiet;
}
