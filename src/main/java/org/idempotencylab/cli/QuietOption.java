package org.idempotencylab.cli;

import picocli.CommandLine.Option;

/** {@code --quiet}, shared by every command: no progress bar on stderr, even on a terminal. */
final class QuietOption {
    @Option(names = "--quiet", description = "no progress bar on stderr; without it, a run of 200,000 sign-ups or "
            + "more shows one when stderr is a terminal (never in a pipe or a log)")
    boolean quiet;
}
