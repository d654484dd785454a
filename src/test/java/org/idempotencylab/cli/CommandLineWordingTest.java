package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.idempotencylab.scenario.StoreKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shape of a command line (an unknown option, a missing value, an option twice, a bad format) is reported in
 * the lab's words, one line on stderr and exit code 2, like a bad value; a value is quoted at most 60 characters
 * long; whole numbers read ASCII digits only and never call an allowed value out of range.
 */
class CommandLineWordingTest {

    private static final String RUN_HELP = " (see 'idempotency-lab run --help' for the options and their ranges)";

    static Stream<Arguments> shapes() {
        String x200 = "x".repeat(200);
        return Stream.of(
                Arguments.of(new String[] {"run", "extra"},
                        "'extra': run takes options only, each as --name value" + RUN_HELP),
                Arguments.of(new String[] {"run", "--thread", "2"}, "'--thread' is not an option of run; did you mean --threads?" + RUN_HELP),
                Arguments.of(new String[] {"frobnicate"},
                        "'frobnicate' is not a command (commands: table, run, sweep, explore, work, check, presets, schema; see 'idempotency-lab "
                                + "--help')"),
                Arguments.of(new String[] {"table", "--jobs"}, "--jobs: a value is needed (--jobs N) (see "
                        + "'idempotency-lab table --help' for the options and their ranges)"),
                Arguments.of(new String[] {"run", "--jobs", "5", "--jobs", "6"},
                        "--jobs: given twice; give each option once" + RUN_HELP),
                Arguments.of(new String[] {"run", "--format", "xml"}, "--format: 'xml' is not one of text, csv, json"),
                Arguments.of(new String[] {"table", "--format", "XML"},
                        "--format: 'XML' is not one of text, csv, json"),
                Arguments.of(new String[] {"run", "--seed", x200}, "--seed: '" + "x".repeat(60) + "…' (200 "
                        + "characters) is not a whole number; allowed -2,147,483,648 to 2,147,483,647"),
                Arguments.of(new String[] {"run", "--jobs", "9".repeat(100)}, "--jobs: " + "9".repeat(60)
                        + "… (100 characters) is outside the allowed range 1 to 100,000,000"),
                Arguments.of(new String[] {"table", "--jobs", "١٠٠"},
                        "--jobs: '١٠٠' is not a whole number; allowed 1 to 100,000,000"),
                Arguments.of(new String[] {"table", "--threads", "٤"},
                        "--threads: '٤' is not a whole number; allowed 1 to 64"),
                Arguments.of(new String[] {"table", "--threads", "0065"},
                        "--threads: 0065 is outside the allowed range 1 to 64"),
                // a rate so slow that the gaps between arrivals would overflow the clock
                Arguments.of(new String[] {"run", "--jobs", "10", "--arrival-rate", "1e-15"}, "--arrival-rate: "
                        + "0.000000000000001 is outside the allowed range 0 (all at once), or 0.000001 to 100,000"),
                Arguments.of(new String[] {"run", "--jobs", "10", "--threads", "abc"},
                        "--threads: 'abc' is not a whole number; allowed 1 to 64"),
                Arguments.of(new String[] {"run", "--scenario", ""}, "--scenario: a file name is needed"),
                Arguments.of(new String[] {"check", "a.json", "b.json"}, "'b.json': check takes one FILE, then "
                        + "options (see 'idempotency-lab check --help' for the options and their ranges)"),
                Arguments.of(new String[] {"check", "a.json", "--preset", "lost-reply"},
                        "--preset: give a FILE or --preset NAME, not both"),
                Arguments.of(new String[] {"run", "--retry", x200}, "--retry: '" + "x".repeat(60)
                        + "…' (200 characters) is not one of each-step, whole-job, whole-job-skip-finished"));
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void eachIsOneLineInTheLabsWords(String[] args, String line) {
        Outcome o = cli(args);
        assertEquals(Cli.BAD_INPUT, o.code());
        assertEquals("", o.out());
        assertEquals(line + System.lineSeparator(), o.err());
    }

    @Test
    void anAllowedValueWithLeadingZerosIsAllowed() {
        Outcome o = cli("table", "--threads", "0001", "--jobs", "0100", "--format", "json");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().startsWith("{\"strategy\":\"retry each step, no key\""), o.out());
    }

    /**
     * The help says the range the check takes: {@code --kill-every-ms} refuses 1 to 99 (a restarted worker process
     * needs about a second to take jobs again), so "0 to 86,400,000" would offer values it refuses. The strategy
     * options say "Allowed:" as every other option does, and {@code --quiet} names every command that shows a bar.
     */
    @Test
    void theHelpSaysTheRangesTheChecksTake() {
        String work = cli("work", "--help").out().replaceAll("\\s+", " ");
        assertTrue(work.contains("Allowed: 0 (no kills) or 100 to 86,400,000 ms (default: 0)"), work);
        Outcome refused = cli("work", "--kill-every-ms", "99");
        assertEquals(Cli.BAD_INPUT, refused.code());
        assertTrue(refused.err().startsWith("--kill-every-ms: 99 is outside the allowed range 0 (no kills) or 100 to "
                + "86,400,000 ms"), refused.err());

        String run = cli("run", "--help").out().replaceAll("\\s+", " ");
        assertTrue(run.contains("--retry=SCOPE what a retry repeats. Allowed: each-step, whole-job or "
                + "whole-job-skip-finished (default: each-step)"), run);
        assertTrue(run.contains("--provider-key=MODE the idempotency key the welcome email sends. Allowed: none, "
                + "new-per-call or same (default: none)"), run);
        assertTrue(run.contains("table, run, sweep and check from 200,000 sign-ups (run --db from 10,000), explore "
                + "always"), run);
        for (StoreKind k : StoreKind.values()) { // each store's own help (StoreKind), so a new store lists itself
            assertTrue(run.contains(k.cliName() + " (" + k.help() + ")"), k + ": " + run);
        }
    }

    /**
     * Picocli's variables are expanded only when the help may be asked for (the start-up of a command skips them):
     * every spelling of the help still shows the defaults, "-h" clustered with another short option too, and a
     * command's output, which has no variables, is unchanged.
     */
    @Test
    void everySpellingOfTheHelpShowsTheDefaults() {
        for (String help : new String[] {"--help", "-h"}) {
            String table = cli("table", help).out().replaceAll("\\s+", " ");
            assertTrue(table.contains("text, csv or json (default: text)"), help + ": " + table);
            assertTrue(!table.contains("${"), help + ": " + table);
        }
        assertTrue(cli("presets", "-hV").out().contains("(default: text)"));
        assertTrue(Cli.asksForHelp(new String[] {"table", "--jobs", "5", "--help"}));
        assertTrue(!Cli.asksForHelp(new String[] {"table", "--jobs", "5", "--heartbeat-ms", "10"}));
    }
}
