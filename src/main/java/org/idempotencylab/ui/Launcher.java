package org.idempotencylab.ui;

import org.idempotencylab.cli.Cli;

/**
 * Main class of {@code idempotency-lab.jar}. With no arguments it opens the lab window; with any, it runs the
 * command line ({@code table ...}) without loading JavaFX. It does not extend {@code Application}, which a
 * jar with JavaFX on the class path needs (shared/recipes).
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            App.main(args);
        } else {
            System.exit(Cli.run(args));
        }
    }
}
