package org.idempotencylab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/**
 * What a command line did, run in this JVM through {@link Cli#run(String[], PrintWriter, PrintWriter)}: its exit
 * code and everything it wrote to stdout and stderr.
 */
record Outcome(int code, String out, String err) {
    /** @return stdout's lines, none for empty output. */
    List<String> outLines() {
        return out.isEmpty() ? List.of() : List.of(out.split("\\R"));
    }

    /** Runs {@code args} as the command line would. */
    static Outcome cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Outcome(code, out.toString(), err.toString());
    }
}
