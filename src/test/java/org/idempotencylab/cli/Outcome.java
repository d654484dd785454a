package org.idempotencylab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Assertions;

/**
 * What a command line did, run in this JVM through {@link Cli#run(String[], PrintWriter, PrintWriter)}: its exit
 * code and everything it wrote to stdout and stderr.
 */
record Outcome(int code, String out, String err) {
    /** @return stdout's lines, none for empty output. */
    List<String> outLines() {
        return out.isEmpty() ? List.of() : List.of(out.split("\\R"));
    }

    /** Runs {@code args} and checks that it was refused as bad input: exit 2, {@code line} on stderr, no stdout. */
    static void assertRefused(String line, String... args) {
        Outcome o = cli(args);
        Assertions.assertEquals(Cli.BAD_INPUT, o.code(), String.join(" ", args));
        Assertions.assertEquals("", o.out());
        Assertions.assertEquals(line, o.err().strip());
    }

    /** Runs {@code args} as the command line would. */
    static Outcome cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Outcome(code, out.toString(), err.toString());
    }
}
