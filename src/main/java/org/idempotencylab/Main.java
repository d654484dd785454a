package org.idempotencylab;

import org.idempotencylab.cli.Cli;
import org.idempotencylab.ui.App;

/**
 * Main class of {@code idempotency-lab.jar}: with no arguments it opens the lab window, with any it runs the
 * command line ({@code table}, {@code run}, {@code sweep}) without loading JavaFX. It does not extend
 * {@code Application}, which a jar with JavaFX on the class path needs (shared/recipes), and it is the one class
 * that knows both front ends, so neither {@code ui} nor {@code cli} imports the other.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            App.main(args);
        } else {
            System.exit(Cli.run(args));
        }
    }
}
