package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.assertRefused;
import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenarios without the window: {@code run --scenario FILE} and {@code run --preset NAME} run every strategy of a
 * file, {@code check} tests the file's expectations with its exit code, {@code presets} lists the names.
 */
class ScenarioCommandsTest {
    private static final String HEAD = "{\"format\": \"idempotency-lab/scenario@1\", \"name\": \"design\", ";
    /** Lost replies and two strategies: no key (duplicates), and the same key (none). */
    private static final String DESIGN = HEAD + "\"strategies\": ["
            + "{\"retry\": \"each-step\", \"providerKey\": \"none\"},"
            + "{\"retry\": \"each-step\", \"providerKey\": \"same\"}],"
            + "\"scenario\": {\"jobs\": 5000, \"lostReply\": 0.05}";

    private static Path write(Path dir, String json) throws IOException {
        Path f = dir.resolve("design.json");
        Files.writeString(f, json);
        return f;
    }

    @Test
    void runScenarioPrintsOneLinePerStrategyExactlyAsRunWithItsOptions(@TempDir Path dir) throws IOException {
        Path f = write(dir, DESIGN + "}");
        Outcome o = cli("run", "--scenario", f.toString(), "--threads", "1");
        assertEquals(0, o.code(), o.err());
        List<String> lines = o.outLines();
        assertEquals(2, lines.size());
        // each line is what run prints for that strategy on the file's scenario
        assertEquals(cli("run", "--jobs", "5000", "--lost-reply", "0.05").out().strip(), lines.get(0));
        assertEquals(cli("run", "--jobs", "5000", "--lost-reply", "0.05", "--provider-key", "same").out().strip(),
                lines.get(1));
        // a scenario option on the command line changes the file's value, the others stay the file's
        Outcome fewer = cli("run", "--scenario", f.toString(), "--jobs", "100");
        assertEquals(cli("run", "--jobs", "100", "--lost-reply", "0.05").out().strip(), fewer.outLines().get(0));
        Outcome csv = cli("run", "--scenario", f.toString(), "--format", "csv");
        assertEquals(3, csv.outLines().size(), "header and two rows");
    }

    @Test
    void runPresetRunsTheBuiltInFileByName() {
        // the lost reply: no key, new key, same key on 100,000 sign-ups; with --jobs 2000 for a quick run
        Outcome o = cli("run", "--preset", "lost-reply", "--jobs", "2000");
        assertEquals(0, o.code(), o.err());
        assertEquals(3, o.outLines().size());
        assertTrue(o.outLines().get(2).startsWith("{\"strategy\":\"retry each step, same key every time\""));
        assertTrue(o.outLines().get(2).contains("\"usersWithDuplicateEmails\":0,"), o.outLines().get(2));
    }

    @Test
    void badScenarioSourcesAreOneLine(@TempDir Path dir) throws IOException {
        Path f = write(dir, DESIGN + "}");
        assertRefused("--preset: 'no-such' is not a built-in preset; 'idempotency-lab presets' lists them", "run",
                "--preset", "no-such");
        assertRefused("--preset: give --scenario FILE or --preset NAME, not both", "run", "--preset", "lost-reply",
                "--scenario", f.toString());
        assertRefused("--retry: the scenario names its strategies; give them in its file, or run without --scenario "
                + "and --preset", "run", "--scenario", f.toString(), "--retry", "whole-job");
        assertRefused("--scenario: " + dir.resolve("none.json") + ": no such file", "run", "--scenario",
                dir.resolve("none.json").toString());
        Path bad = write(dir, HEAD + "\"scenario\": {\"pFail\": 1.5}}");
        assertRefused(bad + ": scenario.pFail: 1.5 is outside the allowed range 0 to 1", "run", "--scenario",
                bad.toString());
    }

    @Test
    void aFileWithSeveralProblemsGetsALinePerProblemOnStderrAndExitsTwo(@TempDir Path dir) throws IOException {
        Path bad = write(dir, HEAD + "\"scenario\": {\"pFail\": 1.5, \"jobs\": 0, \"colour\": 1}}");
        List<String> expected = List.of(
                bad + ": scenario.pFail: 1.5 is outside the allowed range 0 to 1",
                bad + ": scenario.jobs: 0 is outside the allowed range 1 to 100,000,000",
                bad + ": scenario.colour: unknown field; allowed: " + String.join(", ",
                        org.idempotencylab.scenario.Parameter.ids()));
        for (String[] args : new String[][] {{"run", "--scenario", bad.toString()}, {"check", bad.toString()}}) {
            Outcome o = cli(args);
            assertEquals(Cli.BAD_INPUT, o.code(), String.join(" ", args));
            assertEquals("", o.out());
            assertEquals(expected, o.err().strip().lines().toList(), String.join(" ", args));
        }
        // bytes that are not UTF-8 are named by line and column, not "Input length = 1"
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, (HEAD + "\n\"note\": \"caf\u00e9\"}").getBytes(StandardCharsets.ISO_8859_1));
        assertRefused(latin1 + ": line 2: not UTF-8 (byte 0xE9 at column 13); save the file as UTF-8", "check",
                latin1.toString());
    }


    @Test
    void checkExitsZeroWhenEveryExpectationHoldsAndOneWithALinePerFailure(@TempDir Path dir) throws IOException {
        // with no key, 5% lost replies over 5,000 sign-ups resend about 250 emails (4,951 per 100,000 in the lost
        // reply lesson); with the same key the provider drops every one: 0
        Path ok = write(dir, DESIGN + ", \"expect\": [{\"strategy\": 1, \"metric\": \"usersWithDuplicateEmails\", "
                + "\"max\": 0}, {\"strategy\": 0, \"metric\": \"usersWithDuplicateEmails\", \"min\": 100}]}");
        Outcome pass = cli("check", ok.toString());
        assertEquals(0, pass.code(), pass.err());
        assertEquals("all 2 expectations hold", pass.out().strip());

        String value = cli("run", "--jobs", "5000", "--lost-reply", "0.05").out();
        String dupes = value.replaceAll(".*\"usersWithDuplicateEmails\":([0-9]+),.*\\s*", "$1");
        Path failing = write(dir, DESIGN + ", \"expect\": [{\"strategy\": 0, \"metric\": "
                + "\"usersWithDuplicateEmails\", \"max\": 0}, {\"strategy\": 1, \"metric\": \"failedJobs\", "
                + "\"max\": 1000}]}");
        Outcome fail = cli("check", failing.toString());
        assertEquals(CheckCommand.FAILED, fail.code());
        // and why: with no store, each email done again was sent after the previous send's reply was lost
        String again = value.replaceAll(".*\"repeatedSteps\":([0-9]+),.*\\s*", "$1");
        assertEquals(List.of("expect[0]: strategy 0 (retry each step, no key): usersWithDuplicateEmails is " + dupes
                + ", expected at most 0; done again by cause: lost reply " + String.format(Locale.ROOT, "%,d",
                Long.parseLong(again))), fail.outLines());

        Path none = write(dir, DESIGN + "}");
        Outcome nothing = cli("check", none.toString());
        assertEquals(Cli.BAD_INPUT, nothing.code());
        assertTrue(nothing.err().contains("expect: the file states no expectation"), nothing.err());
        Path wrong = write(dir, DESIGN + ", \"expect\": [{\"strategy\": 5, \"metric\": \"failedJobs\", "
                + "\"max\": 0}]}");
        Outcome badFile = cli("check", wrong.toString());
        assertEquals(Cli.BAD_INPUT, badFile.code());
        assertEquals(wrong + ": expect[0].strategy: 5 is not allowed; allowed 0 to 1, the strategy's place in "
                + "\"strategies\"", badFile.err().strip());
    }

    @Test
    void checkAsAProcessGivesCiItsExitCode(@TempDir Path dir) throws Exception {
        Path failing = write(dir, DESIGN + ", \"expect\": [{\"strategy\": 0, \"metric\": "
                + "\"usersWithDuplicateEmails\", \"max\": 0}]}");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Cli.class.getName(), "check", failing.toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), Files.readString(err));
        assertEquals("", Files.readString(err));
        List<String> lines = Files.readAllLines(out);
        assertEquals(1, lines.size());
        assertTrue(lines.get(0).startsWith("expect[0]: strategy 0 (retry each step, no key): "
                + "usersWithDuplicateEmails is "), lines.get(0));
    }

    @Test
    void presetsListsEveryBuiltInPresetByTheNameRunTakes() {
        Outcome o = cli("presets", "--format", "json");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.outLines().size() >= 19, o.out());
        // in teaching order: the opening scene's two, the article, then the lost reply
        assertTrue(o.outLines().get(0).startsWith("{\"name\":\"opening-no-key\",\"group\":\"lesson\",\"view\":"
                + "\"live\",\"strategies\":1,\"expectations\":1,"), o.outLines().get(0));
        assertTrue(o.outLines().get(3).startsWith("{\"name\":\"lost-reply\",\"group\":\"lesson\",\"view\":"
                + "\"compare\",\"strategies\":3,\"expectations\":2,\"title\":\"The lost reply\"}"), o.outLines().get(3));
        for (String line : o.outLines()) {
            String name = line.replaceAll("^\\{\"name\":\"([^\"]+)\".*", "$1");
            Outcome check = cli("run", "--preset", name, "--jobs", "20", "--threads", "1");
            assertEquals(0, check.code(), name + ": " + check.err());
        }
        Outcome text = cli("presets");
        assertTrue(text.outLines().get(0).startsWith("name "), text.out());
    }
}
