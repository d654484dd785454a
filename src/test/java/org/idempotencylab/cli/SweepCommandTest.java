package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code sweep}: one row per point and strategy, each the numbers {@code run} prints for that value. */
class SweepCommandTest {
    // the numeric parameters' options, in the order Parameter declares them (the delay's once: a fixed delay);
    // a new numeric parameter joins by itself. allowedListsTheNumericOptionsOnly pins what the list must hold.
    private static final String ALLOWED = "allowed " + Arrays.stream(Parameter.values())
            .filter(Parameter::isSweepable).map(Parameter::cliOption).collect(Collectors.joining(", "));

    @Test
    void allowedListsTheNumericOptionsOnly() {
        assertTrue(ALLOWED.startsWith("allowed --jobs, --p-fail, --lost-reply, --attempts, --seed, --base-delay-ms"),
                ALLOWED);
        assertTrue(ALLOWED.contains(", --duplicate-delay-ms, ") && !ALLOWED.contains("--duplicate-delay-max"), ALLOWED);
        for (String notNumeric : List.of("--jitter", "--queue", "--retry")) {
            assertFalse(ALLOWED.contains(notNumeric), notNumeric);
        }
    }


    private static List<CSVRecord> parse(String csv) throws IOException {
        try (CSVParser p = CSVParser.parse(new StringReader(csv),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            return p.getRecords();
        }
    }

    private static List<String> header(String csv) throws IOException {
        try (CSVParser p = CSVParser.parse(new StringReader(csv),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            return p.getHeaderNames();
        }
    }

    @Test
    void oneRowPerPointAndStrategyEachEqualToRunWithThatValue() throws Exception {
        Outcome sweep = cli("sweep", "--vary", "--p-fail", "--from", "0", "--to", "0.1", "--points", "3",
                "--jobs", "2000", "--lost-reply", "0.05");
        assertEquals(0, sweep.code(), sweep.err());
        assertEquals("", sweep.err());
        // the header: the varied value, then run's CSV columns (its JSON keys, one column per step)
        Outcome runCsv = cli("run", "--jobs", "2000", "--format", "csv");
        List<String> expectedHeader = new ArrayList<>(List.of("pFail"));
        expectedHeader.addAll(header(runCsv.out()));
        assertEquals(expectedHeader, header(sweep.out()));
        assertTrue(expectedHeader.contains("duplicateSideEffects.send the welcome email"), expectedHeader.toString());
        assertTrue(expectedHeader.contains("stuckInProgressMs"), expectedHeader.toString());

        List<CSVRecord> rows = parse(sweep.out());
        assertEquals(3 * 5, rows.size());
        String[] values = {"0", "0.05", "0.1"};
        String[][] strategyOptions = {
            {"--retry", "each-step", "--provider-key", "none"},
            {"--retry", "each-step", "--provider-key", "new-per-call"},
            {"--retry", "each-step", "--provider-key", "same"},
            {"--retry", "whole-job", "--provider-key", "same"},
            {"--retry", "whole-job-skip-finished", "--provider-key", "same"},
        };
        for (int p = 0; p < 3; p++) {
            for (int s = 0; s < 5; s++) {
                CSVRecord row = rows.get(p * 5 + s);
                assertEquals(values[p], row.get("pFail"));
                assertEquals(Double.parseDouble(values[p]), Double.parseDouble(row.get("pFail")));
                assertEquals(Strategy.ARTICLE.get(s).name(), row.get("strategy"));
                List<String> args = new ArrayList<>(List.of("run", "--jobs", "2000", "--lost-reply", "0.05",
                        "--p-fail", values[p], "--format", "csv"));
                args.addAll(List.of(strategyOptions[s]));
                Outcome run = cli(args.toArray(String[]::new));
                CSVRecord expected = parse(run.out()).get(0);
                for (String column : header(run.out())) {
                    assertEquals(expected.get(column), row.get(column), values[p] + ", " + s + ": " + column);
                }
            }
        }
    }

    @Test
    void aLogSweepOfTheLeaseTakesTheSameRatioBetweenPoints() throws Exception {
        // 1 s to 1 h over 5 points: the ratio is 3,600^(1/4) = 7.746, so 1,000, 7,746, 60,000 (1,000 x 60),
        // 464,758 and 3,600,000 ms, each rounded to whole ms; a linear sweep would put 900,750 ms second
        Outcome o = cli("sweep", "--vary", "--lease-ms", "--from", "1000", "--to", "3600000", "--points", "5",
                "--spacing", "log", "--jobs", "200", "--retry", "whole-job-skip-finished", "--store",
                "claim-table", "--threads", "1");
        assertEquals(0, o.code(), o.err());
        List<CSVRecord> rows = parse(o.out());
        assertEquals(List.of("1000", "7746", "60000", "464758", "3600000"),
                rows.stream().map(r -> r.get("leaseMs")).toList());
        Outcome linear = cli("sweep", "--vary", "--lease-ms", "--from", "1000", "--to", "3600000", "--points", "5",
                "--jobs", "200", "--retry", "whole-job-skip-finished", "--store", "claim-table", "--threads", "1");
        assertEquals("900750", parse(linear.out()).get(1).get("leaseMs"), "linear: 1,000 + 3,599,000 / 4");
    }

    @Test
    void succeededIsAPlainNumberInTheCsv() throws Exception {
        // 2,000 sign-ups with 30% failures and 3 attempts each step: a job fails when some step fails three times,
        // 1 - (1 - 0.3^3)^10 = 24% of jobs, so succeeded is near 76, written "76.xxx" with the article's three
        // decimals and without the "%" (text output keeps it), so a spreadsheet reads a number
        Outcome o = cli("sweep", "--vary", "--p-fail", "--from", "0", "--to", "0.3", "--points", "2",
                "--jobs", "2000", "--retry", "each-step", "--threads", "1");
        assertEquals(0, o.code(), o.err());
        List<CSVRecord> rows = parse(o.out());
        assertEquals("100.000", rows.get(0).get("succeeded"), "nothing fails at 0");
        String at30 = rows.get(1).get("succeeded");
        assertTrue(at30.matches("[0-9]+\\.[0-9]{3}"), at30);
        assertEquals(76, Double.parseDouble(at30), 3);
    }

    @Test
    void oneAndTwoThreadsWriteTheSameCsv() {
        String[] common = {"sweep", "--vary", "--lost-reply", "--from", "0", "--to", "0.2", "--points", "4",
            "--jobs", "3000"};
        Outcome one = cli(Stream.concat(Stream.of(common), Stream.of("--threads", "1")).toArray(String[]::new));
        Outcome two = cli(Stream.concat(Stream.of(common), Stream.of("--threads", "2")).toArray(String[]::new));
        assertEquals(0, one.code(), one.err());
        assertEquals(one.out(), two.out());
        assertEquals(1 + 4 * 5, one.out().lines().count());
    }

    /**
     * With no key every lost reply that a retry gets past sends the welcome email again: none at a lost-reply
     * rate of 0, then more at each higher rate (about 10,000 × rate users, 100 more per step of 0.01).
     */
    @Test
    void duplicateEmailsStartAtZeroAndGrowWithTheLostReplyRate() throws Exception {
        Outcome o = cli("sweep", "--vary", "--lost-reply", "--from", "0", "--to", "0.05", "--points", "6",
                "--jobs", "10000", "--retry", "each-step", "--provider-key", "none");
        assertEquals(0, o.code(), o.err());
        List<CSVRecord> rows = parse(o.out());
        assertEquals(6, rows.size(), "only the strategy given");
        assertEquals(List.of("0", "0.01", "0.02", "0.03", "0.04", "0.05"),
                rows.stream().map(r -> r.get("lostReply")).toList());
        long previous = -1;
        for (CSVRecord r : rows) {
            assertEquals("retry each step, no key", r.get("strategy"));
            long dupes = Long.parseLong(r.get("usersWithDuplicateEmails"));
            assertTrue(dupes > previous, r.get("lostReply") + ": " + dupes + " after " + previous);
            previous = dupes;
        }
        assertEquals("0", rows.get(0).get("usersWithDuplicateEmails"));
    }

    @Test
    void wholeNumberOptionsAreRoundedAndTheDuplicateDelayIsFixed() throws Exception {
        Outcome attempts = cli("sweep", "--vary", "--attempts", "--from", "1", "--to", "3", "--points", "5",
                "--jobs", "500", "--retry", "whole-job", "--provider-key", "same");
        assertEquals(0, attempts.code(), attempts.err());
        assertEquals(List.of("1", "2", "3"), parse(attempts.out()).stream().map(r -> r.get("maxAttempts")).toList());

        Outcome delay = cli("sweep", "--vary=--duplicate-delay-ms", "--from", "0", "--to", "60000", "--points",
                "2", "--jobs", "2000", "--p-duplicate", "0.5", "--ttl-ms", "30000", "--provider-key", "same",
                "--store", "memory");
        assertEquals(0, delay.code(), delay.err());
        List<CSVRecord> rows = parse(delay.out());
        assertEquals(List.of("0", "60000"), rows.stream().map(r -> r.get("duplicateDelayMs")).toList());
        Outcome run = cli("run", "--duplicate-delay-ms", "60000", "--jobs", "2000", "--p-duplicate", "0.5",
                "--ttl-ms", "30000", "--provider-key", "same", "--store", "memory", "--format", "csv");
        CSVRecord expected = parse(run.out()).get(0);
        for (String column : header(run.out())) {
            assertEquals(expected.get(column), rows.get(1).get(column), column);
        }
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("--vary", "--foo", "--from", "0", "--to", "1", "--points", "3"),
                        "--vary: '--foo' is not a run option; " + ALLOWED),
                Arguments.of(List.of("--vary", "--retry", "--from", "0", "--to", "1", "--points", "3"),
                        "--vary: --retry is not a numeric option; " + ALLOWED),
                Arguments.of(List.of("--vary", "--jitter", "--from", "0", "--to", "1", "--points", "3"),
                        "--vary: --jitter is not a numeric option; " + ALLOWED),
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "1.5", "--points", "3"),
                        "--to: 1.5 is outside the allowed range 0 to 1 for --p-fail"),
                Arguments.of(List.of("--vary", "--lost-reply", "--from", "-0.1", "--to", "1", "--points", "3"),
                        "--from: -0.1 is outside the allowed range 0 to 1 for --lost-reply"),
                Arguments.of(List.of("--vary", "--lease-ms", "--from", "0", "--to", "1000", "--points", "3"),
                        "--from: 0 is outside the allowed range 1 to 2,678,400,000 for --lease-ms"),
                Arguments.of(List.of("--vary", "--attempts", "--from", "1", "--to", "2.5", "--points", "3"),
                        "--to: '2.5' is not a whole number; allowed 1 to 100 for --attempts"),
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "1", "--points", "1"),
                        "--points: 1 is outside the allowed range 2 to 1,000"),
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "1", "--points", "many"),
                        "--points: 'many' is not a whole number; allowed 2 to 1,000"),
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "1", "--points", "3",
                        "--threads", "0"), "--threads: 0 is outside the allowed range 1 to 64"),
                // the other run options keep run's messages
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "1", "--points", "3",
                        "--jobs", "0"), "--jobs: 0 is outside the allowed range 1 to 100,000,000"),
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "1", "--points", "3",
                        "--retry", "sometimes"),
                        "--retry: 'sometimes' is not one of each-step, whole-job, whole-job-skip-finished"),
                // the varied option given again would be silently overwritten; equal ends make no sweep
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "0.05", "--points", "3",
                        "--p-fail", "0.5"), "--p-fail: the sweep sets it at each point (--vary --p-fail); give it only "
                                + "as --from and --to"),
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0.1", "--to", "0.1", "--points", "3"),
                        "--to: 0.1 equals --from; a sweep needs two different ends"),
                // a log spacing multiplies by the same ratio: from 0 it would never leave 0
                Arguments.of(List.of("--vary", "--lease-ms", "--from", "1000", "--to", "3600000", "--points", "3",
                        "--spacing", "cubic"), "--spacing: 'cubic' is not one of linear, log"),
                Arguments.of(List.of("--vary", "--p-fail", "--from", "0", "--to", "0.1", "--points", "3",
                        "--spacing", "log"), "--from: 0 is not above 0; --spacing log needs both ends above 0"),
                Arguments.of(List.of("--from", "0", "--to", "1"),
                        "sweep needs --vary OPTION (see 'idempotency-lab sweep --help' for the options and their "
                                + "ranges)"),
                Arguments.of(List.of("--vary", "--p-fail", "--format", "xml"),
                        "--format: 'xml' is not one of csv, json"),
                Arguments.of(List.of("--vary", "--p-fail", "--points", "0003000"),
                        "--points: 0003000 is outside the allowed range 2 to 1,000"));
    }

    @Test
    void withoutFromToAndPointsASweepTakesTheTabsRangeOverElevenPointsAndWritesJsonIfAsked() throws Exception {
        // --p-fail's range worth exploring is 0 to 5% (the first article's rates); 11 points, 0.5% apart; a
        // leading zero is only a zero ("0005" points is 5)
        Outcome o = cli("sweep", "--vary", "p-fail", "--jobs", "100", "--retry", "each-step", "--threads", "1");
        assertEquals(0, o.code(), o.err());
        assertEquals(List.of("0", "0.005", "0.01", "0.015", "0.02", "0.025", "0.03", "0.035", "0.04", "0.045",
                "0.05"), parse(o.out()).stream().map(r -> r.get("pFail")).toList());
        Outcome json = cli("sweep", "--vary", "p-fail", "--points", "0005", "--jobs", "100", "--retry",
                "each-step", "--threads", "1", "--format", "json");
        assertEquals(0, json.code(), json.err());
        List<String> lines = List.of(json.out().split("\\R"));
        assertEquals(5, lines.size());
        // each line: the varied value as a number under its field name, then run's keys, as run prints them
        assertTrue(lines.get(1).startsWith("{\"pFail\":0.0125,\"strategy\":\"retry each step, no key\""),
                lines.get(1));
        Outcome run = cli("run", "--p-fail", "0.0125", "--jobs", "100", "--retry", "each-step");
        assertEquals(run.out().strip(), "{" + lines.get(1).substring(lines.get(1).indexOf("\"strategy\"")));
    }

    @ParameterizedTest
    @MethodSource("badInput")
    void badInputGetsOneExactLineAndExitCode2(List<String> args, String line) {
        List<String> all = new ArrayList<>(List.of("sweep"));
        all.addAll(args);
        Outcome o = cli(all.toArray(String[]::new));
        assertEquals(Cli.BAD_INPUT, o.code());
        assertEquals("", o.out());
        assertEquals(line + System.lineSeparator(), o.err());
    }

    @Test
    void theVariedOptionMayBeNamedWithoutItsDashes() {
        String[] tail = {"--from", "0", "--to", "0.02", "--points", "2", "--jobs", "200", "--retry", "each-step"};
        Outcome dashes = cli(concatAll(new String[] {"sweep", "--vary", "--p-fail"}, tail));
        Outcome bare = cli(concatAll(new String[] {"sweep", "--vary", "p-fail"}, tail));
        assertEquals(0, bare.code(), bare.err());
        assertEquals(dashes.out(), bare.out());
    }

    private static String[] concatAll(String[] a, String[] b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void helpListsTheSweepOptionsAndRunsOptions() {
        Outcome o = cli("sweep", "--help");
        assertEquals(0, o.code());
        for (String option : List.of("--vary", "--from", "--to", "--points", "--threads", "--p-fail", "--lease-ms",
                "--retry", "--store", "--queue", "--duplicate-delay-ms")) {
            assertTrue(o.out().contains(option), "help lists " + option);
        }
    }
}
