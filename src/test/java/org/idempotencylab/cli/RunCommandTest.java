package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.idempotencylab.engine.SignupSteps;
import org.junit.jupiter.api.Test;

/** {@code run}: one strategy, every engine parameter, one JSON line. */
class RunCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void eachStrategyOfTheTableCanBeRunAloneWithTheSameNumbers() throws Exception {
        // the table's rows at 20,000 sign-ups, and run with the matching options: equal keys, equal values
        Outcome table = cli("table", "--jobs", "20000", "--p-fail", "0.05", "--format", "json");
        List<String> rows = table.out().lines().toList();
        String[][] options = {
            {"--retry", "each-step", "--provider-key", "none", "--store", "none"},
            {"--retry", "each-step", "--provider-key", "new-per-call", "--store", "none"},
            {"--retry", "each-step", "--provider-key", "same", "--store", "none"},
            {"--retry", "whole-job", "--provider-key", "same", "--store", "none"},
            {"--retry", "whole-job-skip-finished", "--provider-key", "same", "--store", "memory"},
        };
        for (int i = 0; i < 5; i++) {
            String[] args = new String[options[i].length + 5];
            args[0] = "run";
            System.arraycopy(options[i], 0, args, 1, options[i].length);
            System.arraycopy(new String[] {"--jobs", "20000", "--p-fail", "0.05"}, 0, args, options[i].length + 1, 4);
            Outcome run = cli(args);
            assertEquals(0, run.code(), run.err());
            JsonNode one = JSON.readTree(run.out());
            JsonNode expected = JSON.readTree(rows.get(i));
            expected.fieldNames().forEachRemaining(k -> assertEquals(expected.get(k), one.get(k), k));
        }
    }

    @Test
    void theJsonLineHasTheFurtherMetrics() throws Exception {
        Outcome o = cli("run", "--jobs", "5000", "--lost-reply", "0.2");
        assertEquals(0, o.code(), o.err());
        assertEquals(1, o.out().lines().count(), "one line");
        JsonNode r = JSON.readTree(o.out());
        JsonNode bySteps = r.get("duplicateSideEffects");
        assertEquals(SignupSteps.COUNT, bySteps.size());
        // without a key, lost replies only repeat the email: all repeats are in its entry
        assertEquals(r.get("repeatedSteps").asLong(), bySteps.get("send the welcome email").asLong());
        assertTrue(r.get("repeatedSteps").asLong() > 0);
        for (String k : List.of("repeatedRequests", "slowCalls", "calls", "emailsSent", "storeHits",
                "virtualTimeMs")) {
            assertTrue(r.has(k), k);
        }
    }

    @Test
    void repeatedRequestsAndTheMemoryStoreOnEachStep() throws Exception {
        // every sign-up sent twice; with the store on each step and a long TTL, the repeats skip every step
        Outcome o = cli("run", "--jobs", "2000", "--p-fail", "0", "--lost-reply", "0", "--p-duplicate", "1",
                "--duplicate-delay-ms", "1000..5000", "--store", "memory");
        assertEquals(0, o.code(), o.err());
        JsonNode r = JSON.readTree(o.out());
        assertEquals(2000, r.get("repeatedRequests").asLong());
        assertEquals(0, r.get("repeatedSteps").asLong());
        assertEquals(20_000, r.get("storeHits").asLong());
        assertEquals("retry each step, no key, memory store", r.get("strategy").asText());
    }

    @Test
    void badInputGetsOneLineAndExitCode2() {
        String[][] bad = {
            {"--retry", "sometimes"}, {"--provider-key", "maybe"}, {"--store", "redis"}, {"--jitter", "yes"},
            {"--p-duplicate", "2"}, {"--duplicate-delay-ms", "9..3"}, {"--duplicate-delay-ms", "soon"},
            {"--workers", "0"}, {"--call-ms", "-1"}, {"--arrival-rate", "fast"},
            {"--retry", "whole-job-skip-finished", "--store", "none"},
        };
        for (String[] b : bad) {
            String[] args = new String[b.length + 1];
            args[0] = "run";
            System.arraycopy(b, 0, args, 1, b.length);
            Outcome o = cli(args);
            assertEquals(Cli.BAD_INPUT, o.code(), String.join(" ", b));
            assertEquals("", o.out(), String.join(" ", b));
            assertEquals(1, o.err().strip().lines().count(), o.err());
            String option = b[b.length - 2];
            assertTrue(o.err().startsWith(option), o.err());
        }
    }
}
