package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.idempotencylab.engine.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Nothing a file holds makes the reader throw anything but {@link ScenarioFileException}: every file of the corpus
 * of malformed files ({@code src/test/resources/malformed-scenarios}) is refused with one short line per problem,
 * each naming a field or a line, and seeded random mutations of the presets either read or are refused, never
 * anything else.
 */
class MalformedScenarioCorpusTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    /** A line names a field path ({@code scenario.pFail}, {@code strategies[0].retry}), a line, or the file. */
    // a field's name may start with a digit too: a mutation of a preset can make "0strategies" an unknown field
    private static final Pattern NAMED = Pattern.compile("^(line \\d+|file|[A-Za-z0-9\"\\[].*?): \\S.*");
    /** Jackson's own phrasing, which a message must never show. */
    private static final List<String> JACKSON = List.of("Unexpected character", "(code ", "JsonReadFeature",
            "was expecting", "expected a valid value", "StreamReadConstraints", "Non-standard token",
            "Input length", "Source: ", "CTRL-CHAR");

    static Path corpus() {
        try {
            return Path.of(MalformedScenarioCorpusTest.class.getResource("/malformed-scenarios").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Path> corpusFiles() throws IOException, URISyntaxException {
        try (Stream<Path> files = Files.list(corpus())) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @Test
    void theCorpusHoldsAtLeastSixtyFiles() throws IOException, URISyntaxException {
        assertTrue(corpusFiles().count() >= 60, "corpus: " + corpusFiles().count() + " files");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpusFiles")
    void eachMalformedFileIsRefusedWithShortNamedLines(Path file) throws IOException {
        ScenarioFileException e = refused(() -> FILES.read(file));
        assertWellWorded(file.getFileName().toString(), e);
        // the same bytes through a stream, as the presets are read, give the same message (but for the size: a
        // stream's is not known, only that it is over the cap)
        try (InputStream in = Files.newInputStream(file)) {
            ScenarioFileException streamed = refused(() -> FILES.read(in));
            if (!e.getMessage().startsWith("file: the file is ")) {
                assertEquals(e.getMessage(), streamed.getMessage(), file.toString());
            }
        }
    }

    static void assertWellWorded(String what, ScenarioFileException e) {
        List<String> lines = e.getMessage().lines().toList();
        assertFalse(lines.isEmpty(), what);
        assertEquals(e.problems().size() + (e.count() > e.problems().size() ? 1 : 0), lines.size(),
                what + ": one line per problem, and one for the rest: " + e.getMessage());
        assertTrue(lines.size() <= ScenarioFileException.LIMIT + 1, what + ": " + lines.size() + " lines");
        for (String line : lines) {
            // the list of allowed names (44 parameters, a lesson's ten steps) is the lab's own: the rest, which
            // quotes the file, is short
            int allowed = line.indexOf("allowed");
            String quoted = allowed < 0 ? line : line.substring(0, allowed);
            assertTrue(quoted.length() < 200, what + ": a line of " + line.length() + " characters: " + line);
            assertTrue(line.length() < 1_000, what + ": a line of " + line.length() + " characters: " + line);
            boolean more = line.startsWith("... and ");
            assertTrue(more || NAMED.matcher(line).matches(), what + ": names no field or line: " + line);
            for (String jackson : JACKSON) {
                assertFalse(line.contains(jackson), what + ": Jackson's wording: " + line);
            }
            assertFalse(line.contains("an error in the lab"), what + ": a check failed: " + line);
        }
    }

    private interface Read {
        ScenarioFile read() throws IOException;
    }

    private static ScenarioFileException refused(Read read) throws IOException {
        try {
            ScenarioFile f = read.read();
            return fail("read, but should be refused: " + f.name());
        } catch (ScenarioFileException e) {
            return e;
        }
    }

    /** Corpus files whose message is known exactly: the file, then its message. */
    @Test
    void namedCorpusFilesGiveTheirExactMessages() throws IOException, URISyntaxException {
        String[][] cases = {
                {"three-problems.json", "scenario.pFail: 1.5 is outside the allowed range 0 to 1\n"
                        + "scenario.jobs: 0 is outside the allowed range 1 to 100,000,000\n"
                        + "scenario.colour: unknown field; allowed: " + String.join(", ", Parameter.ids())},
                {"invalid-utf8-latin1.json", "line 5: not UTF-8 (byte 0xE9 at column 15); save the file as UTF-8"},
                {"utf16-le-bom.json", "line 1: not UTF-8: the file is UTF-16 (it starts with UTF-16's byte order "
                        + "mark 0xFF 0xFE); save the file as UTF-8"},
                {"utf16-le-no-bom.json", "line 1: not UTF-8: the file looks like UTF-16 (every other byte is 0); "
                        + "save the file as UTF-8"},
                {"utf16-be-no-bom-accent.json", "line 1: not UTF-8: the file looks like UTF-16 (every other byte is "
                        + "0); save the file as UTF-8"},
                {"nul-byte.json", "line 5: a NUL character (byte 0x00) at column 27; a scenario file is text, save "
                        + "the file as UTF-8"},
                {"too-large-2mb.json", "file: the file is 2,097,325 bytes; a scenario file holds at most 1 MiB "
                        + "(1,048,576 bytes)"},
                {"empty.json", "line 1: the file is empty; a scenario file is one JSON object"},
                {"bom-only.json", "line 1: the file is empty; a scenario file is one JSON object"},
                {"whitespace-only.json", "line 1: the file is empty; a scenario file is one JSON object"},
                {"comment-line.json", "line 5: not valid JSON: comments are not allowed in a scenario file (JSON has "
                        + "none)"},
                {"comment-with-brace.json", "line 5: not valid JSON: comments are not allowed in a scenario file "
                        + "(JSON has none)"},
                {"nan-as-number.json", "line 5: not valid JSON: NaN is not a number JSON can hold; write a number "
                        + "such as 0.5"},
                {"trailing-comma-array.json", "line 4: not valid JSON: a trailing comma before ]: remove the comma "
                        + "after the last item"},
                {"deep-nesting-array.json", "line 1: not valid JSON: nested more than 32 levels deep ({...} and "
                        + "[...] inside each other); a scenario file needs 4"},
                {"huge-exponent-beyond-int.json", "line 5: not valid JSON: a number that cannot be read (an "
                        + "exponent beyond ±2,147,483,647?)"},
                {"many-strategies.json", "strategies: 101 strategies; a file runs at most 100"},
                {"long-name.json", "name: a text of 300 characters; a name holds at most 200"},
                {"crlf-error-on-line-3.json", "scenario.jobs: 0 is outside the allowed range 1 to 100,000,000"},
                {"single-quotes.json", "line 5: not valid JSON: a field name in double quotes is expected here "
                        + "(JSON has no 'single quotes')"},
        };
        for (String[] c : cases) {
            ScenarioFileException e = refused(() -> FILES.read(corpus().resolve(c[0])));
            assertEquals(c[1], e.getMessage(), c[0]);
        }
    }

    @Test
    void aFileWithThousandsOfProblemsListsTheFirstTwentyAndCountsTheRest() throws Exception {
        ScenarioFileException e = refused(() -> FILES.read(corpus().resolve("many-unknown-fields.json")));
        assertEquals(10_000, e.count());
        assertEquals(ScenarioFileException.LIMIT, e.problems().size());
        assertEquals("scenario.f0", e.problems().get(0).field(), "file order: the first field first");
        assertEquals("scenario.f19", e.problems().get(19).field());
        List<String> lines = e.lines();
        assertEquals("... and 9,980 more problems (the first 20 are listed)", lines.get(lines.size() - 1));
    }

    /**
     * Seeded random mutations of every preset: bytes flipped, deleted, duplicated or replaced by JSON's own
     * characters. Each result reads as a file or is refused with a well-worded {@link ScenarioFileException};
     * any other exception fails the test with the seed and the mutation that gave it.
     */
    @Test
    void randomMutationsOfThePresetsReadOrAreRefusedAndNothingElse() throws IOException {
        String[] tokens = {"{", "}", "[", "]", ",", ":", "\"", "\\", "-", "1e999999999", "NaN", "0", "-0", ".",
                "true", "null", "//", "/*", "\u00e9", "\uFEFF", "\u0000", "\n", "1e-999999999", "99999999999999999999"};
        int mutations = 0;
        int refusals = 0;
        for (String name : Presets.names()) {
            byte[] original;
            try (InputStream in = Presets.class.getClassLoader().getResourceAsStream(Presets.FOLDER + name)) {
                original = in.readAllBytes();
            }
            Random random = new Random(name.hashCode());
            for (int i = 0; i < 300; i++) {
                byte[] bytes = mutate(original, random, tokens);
                mutations++;
                try {
                    FILES.read(new ByteArrayInputStream(bytes));
                    FILES.read(new StringReader(new String(bytes, StandardCharsets.UTF_8)));
                } catch (ScenarioFileException e) {
                    refusals++;
                    assertWellWorded(name + " mutation " + i, e);
                } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                    throw new AssertionError(name + " mutation " + i + " threw " + e + " on: "
                            + new String(bytes, StandardCharsets.UTF_8), e);
                }
            }
        }
        assertTrue(mutations >= 300 * 20, mutations + " mutations");
        assertTrue(refusals > mutations / 2, "most mutations break a file: " + refusals + " of " + mutations);
    }

    private static byte[] mutate(byte[] original, Random random, String[] tokens) {
        byte[] b = original.clone();
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits && b.length > 0; e++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(5)) {
                case 0 -> b[at] = (byte) random.nextInt(256); // any byte: bad UTF-8 too
                case 1 -> b = splice(b, at, at + 1 + random.nextInt(Math.min(20, b.length - at)), new byte[0]);
                case 2 -> b = splice(b, at, at, tokens[random.nextInt(tokens.length)].getBytes(StandardCharsets.UTF_8));
                case 3 -> b = splice(b, at, Math.min(b.length, at + 1), tokens[random.nextInt(tokens.length)]
                        .getBytes(StandardCharsets.UTF_8));
                default -> b = splice(b, random.nextInt(b.length), b.length, new byte[0]); // truncated
            }
        }
        return b;
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        byte[] out = new byte[b.length - (to - from) + insert.length];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(insert, 0, out, from, insert.length);
        System.arraycopy(b, to, out, from + insert.length, b.length - to);
        return out;
    }
}
