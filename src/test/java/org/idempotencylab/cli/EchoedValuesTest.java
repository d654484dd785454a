package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every value the command line echoes in a refusal (an option's value, a file name, a command or option that does
 * not exist) is shown through one function: control characters escaped, so a newline cannot split the one line and
 * an escape sequence cannot recolour or rewrite the terminal, and at most 60 characters of it, with its length.
 */
class EchoedValuesTest {
    @TempDir
    static Path dir;

    /** 80,000 characters: a file pasted where a value goes. */
    private static final String LONG = "a".repeat(80_000);
    private static final String NEWLINE = "x\ny";
    private static final String ESCAPE = "x\u001b[31my";

    /** The place of the value in each command line. */
    private static final String V = "\0value";

    /** Command lines that echo a value, {@link #V} where it goes. */
    private static final List<List<String>> LINES = List.of(
            List.of("table", "--jobs", V),
            List.of("run", "--p-fail", V),
            List.of("run", "--seed", V),
            List.of("run", "--format", V),
            List.of("run", "--threads", V),
            List.of("run", "--retry", V),
            List.of("run", "--provider-key", V),
            List.of("run", "--store", V),
            List.of("run", "--preset", V),
            List.of("run", "--scenario", V),
            List.of("run", "--duplicate-delay-ms", V),
            List.of("run", "--quiet=" + V),
            List.of("sweep", "--vary", V),
            List.of("sweep", "--vary", "p-fail", "--to", V),
            List.of("sweep", "--vary", "p-fail", "--points", V),
            List.of("sweep", "--vary", "p-fail", "--spacing", V),
            List.of("sweep", "--scenario", V),
            List.of("explore", "--format", V),
            List.of("explore", "--max-faults", V),
            List.of("explore", "--faults", V),
            List.of("work", "--processes", V),
            List.of("work", "--kill-every-ms", V),
            List.of("work", "--format", V),
            List.of("check", V),
            List.of("check", "--preset", V),
            List.of("check", "--lesson", V),
            List.of("check", "a.json", V),
            List.of("presets", "--format", V),
            List.of(V),
            List.of("table", V),
            List.of("table", "--" + V));

    static Stream<Arguments> echoes() {
        List<Arguments> out = new ArrayList<>();
        for (List<String> line : LINES) {
            for (String value : List.of(LONG, NEWLINE, ESCAPE)) {
                String[] args = line.stream().map(a -> a.replace(V, value)).toArray(String[]::new);
                out.add(Arguments.of(String.join(" ", line).replace(V, "V") + " with " + name(value), args, value));
            }
        }
        return out.stream();
    }

    private static String name(String value) {
        return value == LONG ? "80,000 characters" : value == NEWLINE ? "a newline" : "an escape sequence";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("echoes")
    void aValueIsEchoedOnOneLineEscapedAndShortened(String what, String[] args, String value) {
        Outcome o = cli(args);
        assertEquals(Cli.BAD_INPUT, o.code(), what + ": " + o.err());
        assertEquals("", o.out());
        assertOneCleanLine(o.err(), value);
    }

    /**
     * A file name holds a newline or an escape sequence, and the file a problem: the problem's line starts with the
     * name, escaped. The same for a field name in the file.
     */
    @Test
    void fileNamesAndFieldNamesInAFileAreEscapedToo() throws IOException {
        String bad = "{\"format\": \"idempotency-lab/scenario@1\", \"name\": \"x\", \"scenario\": {\"jobs\": -1}}";
        for (String value : List.of(NEWLINE, ESCAPE)) {
            Path file = Files.writeString(dir.resolve("bad" + value + ".json"), bad);
            for (String[] args : List.<String[]>of(new String[] {"check", file.toString()},
                    new String[] {"run", "--scenario", file.toString()},
                    new String[] {"check", "--lesson", file.toString()})) {
                Outcome o = cli(args);
                assertEquals(Cli.BAD_INPUT, o.code(), o.err());
                assertOneCleanLine(o.err(), value);
            }
        }
        Path field = Files.writeString(dir.resolve("field.json"), "{\"format\": \"idempotency-lab/scenario@1\", "
                + "\"name\": \"x\", \"scenario\": {\"jobs\\u001b[31m\": 1, \"seed\": \"\\n\\u001b[2J\"}}");
        Outcome o = cli("check", field.toString());
        assertEquals(Cli.BAD_INPUT, o.code(), o.err());
        for (String line : o.err().strip().split("\n")) { // one line per problem: two problems
            assertClean(line);
        }
        assertTrue(o.err().contains("scenario.\"jobs\\u001b[31m\": unknown field"), o.err());

        // a backslash before a raw ESC in a text: JSON knows no such escape, and the message names the character
        Path escape = Files.writeString(dir.resolve("escape.json"), "{\"format\": \"idempotency-lab/scenario@1\", "
                + "\"name\": \"a\\\u001b[31m\"}");
        o = cli("check", escape.toString());
        assertEquals(Cli.BAD_INPUT, o.code(), o.err());
        assertEquals(escape + ": line 1: not valid JSON: \\\\u001b is not an escape JSON knows; use \\n, \\t, \\\", "
                + "\\\\ or \\u followed by four hex digits", o.err().strip());
    }

    /** The line is one, holds no control character, and at most 60 characters of a long value with its length. */
    private static void assertOneCleanLine(String err, String value) {
        String line = err.strip();
        assertFalse(line.isEmpty());
        assertFalse(line.contains("\n"), "one line: " + line);
        assertClean(line);
        if (value.equals(LONG)) {
            // 60 characters as shown: 60 of the value, or "--" and 58 of it for an option that does not exist
            assertTrue(line.contains("a".repeat(58) + "…") && !line.contains("a".repeat(61)), line);
            assertTrue(line.matches(".*\\(80,00[0-9] characters\\).*"), line);
            // the echoed part is short; the list of allowed names after it is the lab's own (sweep --vary's list of
            // every numeric option grows with the registry)
            int allowed = line.indexOf("allowed");
            String echoed = allowed < 0 ? line : line.substring(0, allowed);
            assertTrue(echoed.length() < 300, echoed.length() + " characters: " + line);
        } else {
            assertTrue(line.contains(value.equals(NEWLINE) ? "x\\ny" : "x\\u001b[31my"), line);
        }
    }

    private static void assertClean(String line) {
        for (char c : line.toCharArray()) {
            assertFalse(c < 0x20 || c >= 0x7F && c <= 0x9F, String.format("U+%04X in: %s", (int) c, line));
        }
    }
}
