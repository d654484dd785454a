package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.ExplorerScenario;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code explore}: one JSON line per strategy with the keys scripts rely on; its input checked like run's. */
class ExploreCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> lines(String out) throws Exception {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : out.strip().split("\n")) {
            nodes.add(JSON.readTree(line));
        }
        return nodes;
    }

    /**
     * With no strategy option it explores the article's five, in the article's order, and each line holds the keys
     * in the order docs/command-line.md documents; the numbers are the explorer's own for the command's defaults (one
     * sign-up, fixed call times, no jitter, every kind of fault, K = 2).
     */
    @Test
    void oneLinePerArticleStrategyWithTheDocumentedKeys() throws Exception {
        Outcome o = cli("explore");
        assertEquals(0, o.code(), o.err());
        assertEquals("", o.err());
        List<JsonNode> rows = lines(o.out());
        assertEquals(5, rows.size());
        List<Explorer.Result> expected = Explorer.exploreAll(ExplorerScenario.DEFAULTS, Strategy.ARTICLE,
                EnumSet.allOf(FaultKind.class), 2, 1, RunControl.NONE);
        for (int i = 0; i < 5; i++) {
            JsonNode row = rows.get(i);
            List<String> keys = new ArrayList<>();
            row.fieldNames().forEachRemaining(keys::add);
            assertEquals(List.of("strategy", "schedules", "states", "duplicateSchedules", "lostSchedules",
                    "shortestCounterexample", "schedulesWithDuplicate", "failedSchedules", "counterexampleDuplicates",
                    "runs"), keys);
            Explorer.Result r = expected.get(i);
            assertEquals(Strategy.ARTICLE.get(i).name(), row.get("strategy").asText());
            assertEquals(r.schedules(), row.get("schedules").asLong());
            assertEquals(r.states(), row.get("states").asLong());
            assertEquals(r.lostSchedules(), row.get("lostSchedules").asLong());
            Iterator<String> steps = row.get("duplicateSchedules").fieldNames();
            for (int s = 0; s < SignupSteps.COUNT; s++) {
                String name = steps.next();
                assertEquals(SignupSteps.NAMES.get(s), name);
                assertEquals(r.duplicateSchedules().get(s), row.get("duplicateSchedules").get(name).asLong());
            }
            assertEquals(r.shortestCounterexample().size(), row.get("shortestCounterexample").size());
        }
        // each step, no key: the shortest counterexample is the email's lost reply, at 1,400 ms (six calls of
        // 200 ms before it, then its own 200 ms)
        JsonNode fault = rows.get(0).get("shortestCounterexample").get(0);
        assertEquals("lost-reply", fault.get("kind").asText());
        assertEquals("send the welcome email", fault.get("step").asText());
        assertEquals(1, fault.get("attempt").asInt());
        assertEquals(1_400, fault.get("atMs").asLong());
        // the fifth strategy needs two faults: a crash wipes the in-memory store, then the repeat runs the step again
        assertEquals(2, rows.get(4).get("shortestCounterexample").size());
    }

    /** The numbers do not depend on the thread count: each strategy is explored alone. */
    @Test
    void sameNumbersAtAnyThreadCount() {
        String[] args = {"explore", "--jobs", "2", "--workers", "2", "--max-faults", "1"};
        Outcome one = cli(concat(args, "--threads", "1"));
        Outcome four = cli(concat(args, "--threads", "4"));
        assertEquals(0, one.code(), one.err());
        assertEquals(one.out(), four.out());
    }

    /** A strategy named explores that one alone; --faults narrows the kinds; --format text is for people. */
    @Test
    void oneStrategyAndItsKinds() throws Exception {
        Outcome o = cli("explore", "--retry", "whole-job-skip-finished", "--store", "claim-table", "--provider-key",
                "same", "--faults", "fail,lost-reply", "--max-faults", "3");
        assertEquals(0, o.code(), o.err());
        List<JsonNode> rows = lines(o.out());
        assertEquals(1, rows.size());
        // failures and lost replies alone never duplicate a step the claim table has completed
        assertEquals(0, rows.get(0).get("schedulesWithDuplicate").asLong());
        assertEquals(0, rows.get(0).get("shortestCounterexample").size());
        Outcome text = cli("explore", "--format", "text", "--max-faults", "1");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("at 1,400 ms: user_0's send the welcome email, attempt 1: went out, reply "
                + "lost"), text.out());
    }

    /** Bad input is one line on stderr naming the option, the value and what is allowed; nothing on stdout. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--p-fail 0.1|--p-fail: explore chooses the faults itself, so no probability applies; --faults names the "
                    + "kinds it may choose (fail, lost-reply, crash, repeat, order)",
            "--jobs 4|--jobs: 4 is outside the allowed range 1 to 3",
            "--jobs 0|--jobs: 0 is outside the allowed range 1 to 3",
            "--workers 3|--workers: 3 is outside the allowed range 1 to 2",
            "--repeats 2|--repeats: explore sends a sign-up again at most once (a repeat fault), so the number of "
                    + "repeats does not apply",
            "--slow-call-ms 5|--slow-call-ms: has no effect here; it needs --p-slow, which explore does not use",
            "--faults order,fail|--faults: order has no effect here; it needs --workers 2 (one worker never has two "
                    + "events race)",
            "--max-faults 7|--max-faults: 7 is outside the allowed range 0 to 6",
            "--max-faults two|--max-faults: 'two' is not a whole number; allowed 0 to 6",
            "--faults fail,,crash|--faults: 'fail,,crash' names an empty kind; allowed kinds, separated by commas: "
                    + "fail, lost-reply, crash, repeat, order",
            "--faults fail,timeout|--faults: 'timeout' is not a kind of fault; allowed, separated by commas: fail, "
                    + "lost-reply, crash, repeat, order",
            "--faults fail --restart-ms 100|--restart-ms: has no effect here; it needs crash among --faults or "
                    + "--shutdown-every-ms above 0",
            "--format csv|--format: 'csv' is not one of json, text",
    })
    void badInputIsOneLine(String args, String message) {
        Outcome o = cli(concat(new String[] {"explore"}, args.split(" ")));
        assertEquals(2, o.code());
        assertEquals("", o.out());
        assertEquals(message, o.err().strip());
    }

    @Test
    void anUnknownStoreGetsTheStoresNamed() {
        // the stores named are StoreKind's own (none, memory, claim-table, lock, and any added later)
        badInputIsOneLine("--store bogus", "--store: 'bogus' is not one of " + Arrays.stream(StoreKind.values())
                .map(StoreKind::cliName).collect(Collectors.joining(", ")));
    }

    /**
     * An exploration too large for the heap (K = 6 needs about 3.3 GB) ends with one line naming the heap and what
     * to change, also when the error comes wrapped from a worker thread; anything else is not taken for it.
     */
    @Test
    void runningOutOfMemoryIsOneLineNamingTheHeap() {
        String wrapped = ExploreCommand.outOfMemory(new IllegalStateException(new java.util.concurrent
                .ExecutionException(new OutOfMemoryError("Java heap space"))), 256L << 20).orElseThrow();
        assertEquals("explore: out of memory with a heap of 256 MB: the states explored do not fit; try a smaller "
                + "--max-faults or scenario, or a larger heap (java -Xmx4g -jar …)", wrapped);
        assertEquals(wrapped, ExploreCommand.outOfMemory(new OutOfMemoryError(), 256L << 20).orElseThrow());
        assertTrue(ExploreCommand.outOfMemory(new IllegalStateException("a bug"), 256L << 20).isEmpty());
    }

    /** A preset or scenario file is refused in one line that says why and what to give instead. */
    @ParameterizedTest
    @CsvSource({"--preset,lost-reply", "--scenario,my.json"})
    void aPresetOrScenarioFileIsRefusedWithItsReason(String option, String value) {
        Outcome o = cli("explore", option, value);
        assertEquals(2, o.code(), o.err());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertTrue(o.err().startsWith(option + ": explore takes no preset or scenario file"), o.err());
        assertTrue(o.err().contains("--jobs 1 to 3"), o.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
