package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code table} command end to end through {@link Cli#run(String[], PrintWriter, PrintWriter)}: its three
 * formats carry the engine's numbers for the scenario the options describe, and bad input gives exit code 2,
 * nothing on stdout and one line on stderr naming the option, the value and the allowed range (Cli's class
 * comment; docs/design.md, "Conventions").
 */
class CliTest {
    private static final List<String> COLUMNS = List.of("strategy", "succeeded", "failedJobs", "callsPerJob",
            "repeatedSteps", "usersWithDuplicateEmails");
    private static final Map<Scenario, List<StrategyResult>> EXPECTED = new HashMap<>();

    /** What one command line did. */
    /** The engine's results for {@code s}: what every format must print. */
    private static List<StrategyResult> engine(Scenario s) {
        return EXPECTED.computeIfAbsent(s, k -> Comparison.run(k, Strategy.ARTICLE, 1, RunControl.NONE));
    }

    /** The scenario {@code table --jobs 20000} describes: the article's, with 20,000 sign-ups. */
    private static Scenario article20k() {
        return Scenario.article().toBuilder().jobs(20_000).build();
    }

    // ---- output formats -------------------------------------------------------------------------------------------

    @Test
    void jsonPrintsOneObjectPerStrategyWithTheEnginesNumbers() throws IOException {
        Outcome o = cli("table", "--jobs", "20000", "--format", "json", "--threads", "2");
        assertEquals(0, o.code(), o.err());
        assertEquals("", o.err());
        List<String> lines = o.outLines();
        assertEquals(5, lines.size(), o.out());

        List<StrategyResult> expected = engine(article20k());
        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < 5; i++) {
            JsonNode row = json.readTree(lines.get(i));
            assertTrue(row.isObject(), lines.get(i));
            List<String> keys = new ArrayList<>();
            for (Iterator<String> it = row.fieldNames(); it.hasNext(); ) {
                keys.add(it.next());
            }
            assertEquals(COLUMNS, keys, "keys and their order, line " + (i + 1));

            StrategyResult r = expected.get(i);
            assertEquals(Strategy.ARTICLE.get(i).name(), row.get("strategy").asText(), "the article's row order");
            assertEquals(r.succeeded(), row.get("succeeded").asText());
            assertTrue(row.get("failedJobs").isIntegralNumber());
            assertEquals(r.failedJobs(), row.get("failedJobs").asLong());
            assertTrue(row.get("callsPerJob").isNumber(), "callsPerJob is a number, not text: " + lines.get(i));
            assertEquals(r.callsPerJob(), row.get("callsPerJob").asDouble());
            assertEquals(r.repeatedSteps(), row.get("repeatedSteps").asLong());
            assertEquals(r.usersWithDuplicateEmails(), row.get("usersWithDuplicateEmails").asLong());
        }
        // The rows are not all alike at 20,000 jobs (whole-job retry repeats steps; per-step with no key
        // duplicates emails), so a writer that printed one row five times would fail above.
        assertTrue(expected.get(3).repeatedSteps() > 0 && expected.get(0).usersWithDuplicateEmails() > 0);
    }

    @Test
    void csvPrintsAHeaderAndOneRowPerStrategyForTheScenarioTheOptionsDescribe() throws IOException {
        Outcome o = cli("table", "--jobs", "20000", "--p-fail", "0.05", "--lost-reply", "0.05", "--attempts", "4",
                "--seed", "7", "--format", "csv", "--threads", "1");
        assertEquals(0, o.code(), o.err());
        assertEquals("", o.err());
        // Every option must reach the scenario: the numbers are the engine's for exactly these values.
        Scenario s = Scenario.article().toBuilder().jobs(20_000).pFail(0.05).lostReply(0.05).maxAttempts(4).seed(7)
                .build();
        List<StrategyResult> expected = engine(s);

        List<CSVRecord> records;
        try (CSVParser parser = CSVParser.parse(new StringReader(o.out()),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            assertEquals(COLUMNS, parser.getHeaderNames());
            records = parser.getRecords();
        }
        assertEquals(6, o.outLines().size(), "header + 5 rows");
        assertEquals(5, records.size());
        for (int i = 0; i < 5; i++) {
            CSVRecord rec = records.get(i);
            StrategyResult r = expected.get(i);
            assertEquals(Strategy.ARTICLE.get(i).name(), rec.get("strategy"));
            // CSV carries succeeded as a number a spreadsheet reads ("99.985"), the text output's "99.985%" without
            // its sign: the same 3 decimals, so the two never disagree
            assertEquals(r.succeeded(), rec.get("succeeded") + "%");
            assertEquals(Metric.SUCCEEDED.number(r), Double.parseDouble(rec.get("succeeded")), 0.0005);
            assertEquals(r.failedJobs(), Long.parseLong(rec.get("failedJobs")));
            assertEquals(r.callsPerJob(), Double.parseDouble(rec.get("callsPerJob")));
            assertEquals(r.callsPerJobText(), rec.get("callsPerJob"));
            assertEquals(r.repeatedSteps(), Long.parseLong(rec.get("repeatedSteps")));
            assertEquals(r.usersWithDuplicateEmails(), Long.parseLong(rec.get("usersWithDuplicateEmails")));
        }
        // These options make a different table from the defaults' (more failures, more duplicates).
        assertTrue(expected.get(0).usersWithDuplicateEmails() != engine(article20k()).get(0).usersWithDuplicateEmails());
    }

    @Test
    void textPrintsTheScenarioAndEveryStrategysValues() {
        Outcome o = cli("table", "--jobs", "20000", "--threads", "2");
        assertEquals(0, o.code(), o.err());
        assertEquals("", o.err());
        List<String> lines = o.outLines();
        assertEquals(8, lines.size(), "two scenario lines, header, 5 rows:\n" + o.out());
        // the first line is the article's own, character for character (with 20,000 for 1,000,000)
        assertEquals("20,000 signups, 10 steps, each call fails 1% of the time, the email reply is lost 0.5% of "
                + "the time", lines.get(0));
        assertEquals("3 attempts, seed 1", lines.get(1));

        List<StrategyResult> expected = engine(article20k());
        for (int i = 0; i < 5; i++) {
            StrategyResult r = expected.get(i);
            String line = lines.get(3 + i);
            String name = Strategy.ARTICLE.get(i).name();
            assertTrue(line.startsWith(name + "  "), "row " + (i + 1) + " is " + name + ": " + line);
            List<String> cells = List.of(line.substring(name.length()).strip().split("\\s+"));
            assertEquals(List.of(r.succeeded(), Long.toString(r.failedJobs()), r.callsPerJobText(),
                    Long.toString(r.repeatedSteps()), Long.toString(r.usersWithDuplicateEmails())), cells, line);
        }
    }

    @Test
    void threadCountDoesNotChangeTheOutput() {
        Outcome one = cli("table", "--jobs", "5000", "--p-fail", "0.05", "--format", "csv", "--threads", "1");
        Outcome two = cli("table", "--jobs", "5000", "--p-fail", "0.05", "--format", "csv", "--threads", "2");
        assertEquals(0, one.code());
        assertEquals(one.out(), two.out());
    }

    @Test
    void tableHelpExitsZero() {
        Outcome o = cli("table", "--help");
        assertEquals(0, o.code());
        assertEquals("", o.err());
        assertTrue(o.out().startsWith("Usage: idempotency-lab table"), o.out());
        for (String option : List.of("--jobs", "--p-fail", "--lost-reply", "--attempts", "--seed", "--format",
                "--threads")) {
            assertTrue(o.out().contains(option), "help lists " + option);
        }
    }

    // ---- bad input --------------------------------------------------------------------------------------------

    /** The arguments after {@code table}, then fragments the one stderr line must contain. */
    static Stream<Arguments> badInput() {
        return Stream.of(
                // Scenario values: option, value, and range, in the scenario's message with the option's name.
                bad(List.of("--p-fail", "1.5"), "--p-fail: 1.5 is outside the allowed range 0 to 1"),
                bad(List.of("--p-fail", "-0.1"), "--p-fail: -0.1 is outside the allowed range 0 to 1"),
                bad(List.of("--lost-reply", "2"), "--lost-reply: 2 is outside the allowed range 0 to 1"),
                bad(List.of("--jobs", "0"), "--jobs: 0 is outside the allowed range 1 to 100,000,000"),
                bad(List.of("--attempts", "0"), "--attempts: 0 is outside the allowed range 1 to 100"),
                bad(List.of("--jobs", "abc"), "--jobs", "'abc'", "1 to 100,000,000"),
                bad(List.of("--p-fail", "abc"), "--p-fail", "'abc'", "0 to 1"),
                bad(List.of("--seed", "1.5"), "--seed", "1.5", "whole number"),
                bad(List.of("--threads", "0"), "--threads", "0", "1 to 64"),
                // picocli's own checks.
                bad(List.of("--format", "xml"), "--format", "xml", "text", "csv", "json"),
                bad(List.of("--bogus"), "--bogus"),
                bad(List.of("--jobs"), "--jobs"));
    }

    private static Arguments bad(List<String> args, String... fragments) {
        return Arguments.of(args, List.of(fragments));
    }

    @ParameterizedTest(name = "table {0}")
    @MethodSource("badInput")
    void badInputExitsTwoWithOneLineOnStderr(List<String> args, List<String> fragments) {
        List<String> all = new ArrayList<>();
        all.add("table");
        all.addAll(args);
        Outcome o = cli(all.toArray(String[]::new));
        assertEquals(Cli.BAD_INPUT, o.code());
        assertEquals(2, Cli.BAD_INPUT);
        assertEquals("", o.out(), "nothing on stdout");
        String[] lines = o.err().split("\\R", -1);
        assertEquals(2, lines.length, "exactly one line, ended by a line break: [" + o.err() + "]");
        assertEquals("", lines[1]);
        for (String fragment : fragments) {
            assertTrue(lines[0].contains(fragment), "'" + lines[0] + "' should contain '" + fragment + "'");
        }
    }

    @Test
    void noCommandIsBadInput() {
        Outcome o = cli();
        assertEquals(Cli.BAD_INPUT, o.code());
        assertEquals("", o.out());
        assertTrue(o.err().contains("table"), o.err());
    }

    // ---- the default thread count -------------------------------------------------------------------------------

    /**
     * {@code --threads} defaults to the processor count but only 1..64 is accepted, so the default is capped:
     * a plain {@code table} (no --threads given) must work on a machine with more than 64 processors.
     * Checked in a child JVM told it has 65 processors.
     */
    @Test
    void tableWithoutThreadsWorksOnAMachineWithMoreThan64Processors(@TempDir Path dir)
            throws IOException, InterruptedException {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:ActiveProcessorCount=65", "-cp", System.getProperty("java.class.path"),
                Cli.class.getName(), "table", "--jobs", "10", "--format", "csv")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        String stderr = Files.readString(err);
        assertEquals(0, p.exitValue(), "stderr: " + stderr);
        assertEquals(6, Files.readAllLines(out).size(), "header + 5 rows");
    }

    /**
     * The text table's first line is fixed English (the article prints "1,000,000 signups"); it must not change
     * with the machine's locale (a German default would otherwise print "20.000 signups ... 0.5%").
     */
    @Test
    void textOutputDoesNotDependOnTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        Outcome o;
        try {
            Locale.setDefault(Locale.GERMANY);
            o = cli("table", "--jobs", "20000", "--threads", "1");
        } finally {
            Locale.setDefault(saved);
        }
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().startsWith("20,000 signups, 10 steps, each call fails 1% of the time, the email reply is "
                + "lost 0.5% of the time"), o.outLines().get(0));
    }

    @Test
    void formatNamesAreNotCaseSensitiveAndTableHasAVersion() throws IOException {
        Outcome upper = cli("table", "--jobs", "1000", "--format", "JSON", "--threads", "1");
        Outcome lower = cli("table", "--jobs", "1000", "--format", "json", "--threads", "1");
        assertEquals(0, upper.code(), upper.err());
        assertEquals(lower.out(), upper.out());
        Outcome version = cli("table", "--version");
        assertEquals(0, version.code());
        assertEquals(Cli.VERSION, version.out().strip());
        // the pom's version, written in by the build: the same text the jar's --version and the pom give
        String pom = Files.readString(Path.of("pom.xml"));
        String projectVersion = pom.substring(pom.indexOf("<version>") + 9, pom.indexOf("</version>"));
        assertEquals("Idempotency Lab " + projectVersion, Cli.VERSION);
    }

    @Test
    void anOverflowingProbabilityIsReportedAsTyped() {
        Outcome o = cli("table", "--p-fail", "1e309");
        assertEquals(Cli.BAD_INPUT, o.code());
        assertEquals("--p-fail: 1e309 is outside the allowed range 0 to 1", o.err().strip());
        o = cli("table", "--seed", "2147483648");
        assertEquals("--seed: 2147483648 is outside the allowed range -2,147,483,648 to 2,147,483,647",
                o.err().strip());
    }

    @Test
    void everyEngineOptionsHelpLineSaysItsAllowedRange() {
        // run --help shows each option that maps to a Parameter with that Parameter's range, so a teacher reading
        // the help sees the same limits the error messages give
        String help = cli("run", "--help").out().replaceAll("\\s+", " ");
        for (Parameter p : Parameter.values()) {
            int at = help.indexOf(p.cliOption() + "=", help.indexOf("Runs one strategy")); // past the synopsis
            assertTrue(at >= 0, p.cliOption() + " missing from run --help");
            int next = help.indexOf(" --", at + p.cliOption().length() + 1);
            String line = help.substring(at, next < 0 ? help.length() : next);
            // either the range in the option's own words ("probability 0..1", "1..100,000,000") or the one
            // added from the Parameter
            assertTrue(line.contains("Allowed: " + p.rangeText()) || line.contains(".."), p.cliOption() + ": " + line);
        }
    }

}
