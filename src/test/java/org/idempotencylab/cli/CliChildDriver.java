package org.idempotencylab.cli;

/**
 * The main class of a child JVM that {@link StdoutFailureTest} starts: runs each command line given (words
 * separated by spaces) with the process's own streams, as {@link Cli#main} does, and after each writes "exit N" on
 * stderr, so one JVM reports every command. Its stderr is a file the test reads, never the build log.
 */
public final class CliChildDriver {
    private CliChildDriver() {
    }

    public static void main(String[] lines) {
        for (String line : lines) {
            int code = Cli.run(line.split(" "));
            System.err.println("exit " + code);
            System.err.flush();
        }
    }
}
