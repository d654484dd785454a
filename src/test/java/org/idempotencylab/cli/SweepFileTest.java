package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.assertRefused;
import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.Spacing;
import org.junit.jupiter.api.Test;

/**
 * {@code sweep --scenario FILE} and {@code sweep --preset NAME}: a file's strategies on its scenario, over the
 * file's own sweep unless the command line says otherwise; the numbers are the engine's sweep of that file.
 */
class SweepFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String POWERTOOLS = "field-powertools-expiry-sweep";

    private static ScenarioFile preset(String name) {
        return new Presets(ScenarioSource.FILES).load(name + ".json");
    }

    @Test
    void aSweepPresetRunsItsOwnSweepWithThePointsTheCommandLineGives() throws Exception {
        // the preset sweeps leaseMs from 1 s to 1 h, log-spaced; with --points 3 the middle point is their
        // geometric mean, sqrt(1,000 × 3,600,000) = 60,000 ms
        Outcome o = cli("sweep", "--preset", POWERTOOLS, "--points", "3", "--format", "json", "--quiet");
        assertEquals(0, o.code(), o.err());
        List<String> lines = o.outLines();
        assertEquals(3, lines.size(), "one strategy, three points");
        List<Long> leases = lines.stream().map(l -> read(l).get("leaseMs").asLong()).toList();
        assertEquals(List.of(1_000L, 60_000L, 3_600_000L), leases);
        // the preset's own claims (its note, PresetTest): a 1 s expiry lets 35 slow runs overlap; 1 h lets none
        assertEquals(35, read(lines.get(0)).get("overlappingRuns").asLong());
        assertEquals(0, read(lines.get(2)).get("overlappingRuns").asLong());

        ScenarioFile f = preset(POWERTOOLS);
        Sweep sweep = Sweep.of(f.scenario(), Parameter.LEASE_MS, 1_000, 3_600_000, 3, f.strategies(), Spacing.LOG);
        StringWriter engine = new StringWriter();
        SweepCommand.writeJson(sweep.run(1, RunControl.NONE), new PrintWriter(engine));
        assertEquals(engine.toString().strip(), o.out().strip(), "the engine's sweep of the file, line for line");
    }

    @Test
    void aFileWithoutASweepTakesVaryAndRunsItsOwnStrategies() {
        Outcome o = cli("sweep", "--preset", "lost-reply", "--vary", "--p-fail", "--points", "2", "--jobs", "1000",
                "--format", "json", "--quiet");
        assertEquals(0, o.code(), o.err());
        ScenarioFile f = preset("lost-reply");
        assertEquals(2 * f.strategies().size(), o.outLines().size(), "two points × the preset's three strategies");
        for (int i = 0; i < o.outLines().size(); i++) {
            assertEquals(f.strategies().get(i % f.strategies().size()).name(),
                    read(o.outLines().get(i)).get("strategy").asText());
        }
    }

    @Test
    void whatCannotBeSweptFromAFileIsRefusedInOneLine() {
        assertRefused("sweep needs --vary OPTION: the scenario file has no sweep of its own", "sweep", "--preset",
                "lost-reply");
        // the preset sweeps up to 3,600,000 ms: a --from of that names the file's end, not a --to never given
        assertRefused("--from: 3600000 equals the file's sweep.to; a sweep needs two different ends", "sweep",
                "--preset", POWERTOOLS, "--from", "3600000");
        assertRefused("--retry: the scenario names its strategies; give them in its file, or sweep without "
                + "--scenario and --preset", "sweep", "--preset", POWERTOOLS, "--retry", "each-step");
        // the bull preset's second strategy sets heartbeatMs itself: sweeping it would leave that row flat
        String fixed = preset("field-bull-lock-lost").strategies().get(1).name();
        assertRefused("--vary: the strategy \"" + fixed + "\" sets heartbeatMs itself, so the sweep would not "
                + "change it; vary another option", "sweep", "--preset", "field-bull-lock-lost", "--vary",
                "--heartbeat-ms");
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new AssertionError(line, e);
        }
    }
}
