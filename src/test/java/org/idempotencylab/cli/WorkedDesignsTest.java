package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.Expectation;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The worked designs of {@code docs/designs/} are scenario files an engineer would keep in their repository: the
 * build runs {@code check} on each, as their CI would, so a change to the engine that breaks a design's stated
 * figures fails here. The figures and their reasoning are in docs/worked-designs.md.
 */
class WorkedDesignsTest {
    private static final Path FOLDER = Path.of("docs/designs");

    static Stream<String> designs() throws IOException {
        try (Stream<Path> files = Files.list(FOLDER)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList()
                    .stream();
        }
    }

    @ParameterizedTest
    @MethodSource("designs")
    void checkFindsEveryExpectationOfTheDesignHolds(String fileName) {
        Outcome o = Outcome.cli("check", "--quiet", "--threads", "2", FOLDER.resolve(fileName).toString());
        assertEquals("", o.err(), fileName);
        assertEquals(0, o.code(), fileName + ": " + o.out());
        assertTrue(o.out().strip().matches("all \\d+ expectations hold"), o.out());
    }

    @ParameterizedTest
    @MethodSource("designs")
    void eachDesignBoundsTheNaiveVersionFromBelowAndTheFixFromAbove(String fileName) throws Exception {
        // a design shows a problem and its fix: some strategy's number must be at least 1 (the problem happens)
        // and another's at most 0 (the fix stops it), else the file proves nothing
        ScenarioFile f = new ScenarioFiles(Metric.watchNames()).read(FOLDER.resolve(fileName));
        List<Expectation> e = f.expect();
        assertTrue(e.stream().anyMatch(x -> x.min() != null && x.min() >= 1), fileName + ": " + e);
        assertTrue(e.stream().anyMatch(x -> x.max() != null && x.max() == 0), fileName + ": " + e);
        assertTrue(e.stream().map(Expectation::strategy).distinct().count() >= 2, fileName + ": " + e);
        assertTrue(f.note().contains("Watch"), fileName + ": the note says what to watch");
    }

    @Test
    void theDocsPageLinksEveryDesignAndThereAreThree() throws IOException {
        String page = Files.readString(Path.of("docs/worked-designs.md"));
        List<String> names = designs().toList();
        assertEquals(3, names.size(), names.toString());
        for (String name : names) {
            assertTrue(page.contains("(designs/" + name + ")"), "docs/worked-designs.md links " + name);
        }
    }

    @Test
    void eachTableRowsCausesAddUpToItsDuplicates() throws IOException {
        // every side effect done again is booked to exactly one cause, so a row's "by cause" figures sum to its
        // "... again" column (steps done again, tickets emailed again); "none" is 0, "the same" points at the row
        // above and is skipped
        List<String> lines = Files.readAllLines(Path.of("docs/worked-designs.md"));
        int again = -1;
        int cause = -1;
        int rows = 0;
        for (String line : lines) {
            if (!line.startsWith("|") || line.startsWith("|---")) {
                again = line.startsWith("|---") ? again : -1;
                continue;
            }
            List<String> cells = List.of(line.substring(1, line.length() - 1).split("\\|", -1)).stream()
                    .map(String::strip).toList();
            if (cells.contains("by cause")) {
                cause = cells.indexOf("by cause");
                again = -1;
                for (int i = 0; i < cells.size(); i++) {
                    again = cells.get(i).endsWith(" again") ? i : again;
                }
                continue;
            }
            if (again < 0 || cells.get(cause).equals("the same")) {
                continue;
            }
            long sum = 0;
            Matcher m = Pattern.compile("\\d[\\d,]*").matcher(cells.get(cause));
            while (m.find()) {
                sum += Long.parseLong(m.group().replace(",", ""));
            }
            assertEquals(Long.parseLong(cells.get(again).replace(",", "")), sum, line);
            rows++;
        }
        assertEquals(10, rows, "the three tables' rows (4 + 3 + 3, one \"the same\" skipped)");
    }
}
