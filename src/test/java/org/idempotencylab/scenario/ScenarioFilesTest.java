package org.idempotencylab.scenario;

import org.idempotencylab.engine.Metric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading and writing scenario files: defaults, exact round trips, one named error per kind
 * of malformed file, and atomic saves.
 */
class ScenarioFilesTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private static final Presets PRESETS = new Presets(FILES);
    private static final String HEAD = "{\"format\": \"idempotency-lab/scenario@1\", \"name\": \"t\"";

    private static ScenarioFile read(String json) throws IOException {
        return FILES.read(new StringReader(json));
    }

    /** @return {@code f} as written, after checking that it reads back as an equal file */
    private static String writtenAndReadBack(ScenarioFile f) throws IOException {
        StringWriter out = new StringWriter();
        FILES.write(f, out);
        assertEquals(f, read(out.toString()));
        return out.toString();
    }

    @Test
    void twoLanesReadAndWriteBackAndAFileWithoutThemIsWrittenAsBefore() throws IOException {
        ScenarioFile f = read(HEAD + ", \"view\": \"live\", \"strategies\": [" + TWO + "], \"lanes\": [1, 0]}");
        assertEquals(List.of(1, 0), f.lanes());
        assertEquals(List.of(Strategy.EACH_STEP_SAME_KEY, Strategy.EACH_STEP_NO_KEY), f.laneStrategies());
        assertTrue(writtenAndReadBack(f).contains("\"lanes\" : [ 1, 0 ]"));
        assertFalse(writtenAndReadBack(read(HEAD + "}")).contains("lanes"));
        assertThrows(IllegalArgumentException.class, () -> new ScenarioFile("x", "", "calls",
                ScenarioFile.View.COMPARE, Strategy.ARTICLE, Scenario.article(), null, List.of(), List.of(0, 9)));
    }

    @Test
    void missingFieldsTakeTheArticlesValues() throws IOException {
        ScenarioFile f = read(HEAD + "}");
        assertEquals(Scenario.article(), f.scenario());
        assertEquals(Strategy.ARTICLE, f.strategies());
        assertEquals(ScenarioFile.View.COMPARE, f.view());
        assertEquals("repeatedSteps", f.watch());
        assertEquals("", f.note());
    }

    @Test
    void everyScenarioFieldIsReadByItsName() throws IOException {
        ScenarioFile f = read(HEAD + ", \"view\": \"live\", \"watch\": \"leaseReclaims\", \"strategies\": ["
                + "{\"retry\": \"whole-job-skip-finished\", \"providerKey\": \"same\", \"store\": \"claim-table\"},"
                + "{\"retry\": \"whole-job-skip-finished\", \"providerKey\": \"none\"}],"
                + "\"scenario\": {\"jobs\": 1e3, \"pFail\": 0.02, \"lostReply\": 0, \"maxAttempts\": 5, \"seed\": -7,"
                + "\"baseDelayMs\": 50, \"maxDelayMs\": 800, \"jitter\": false, \"callMs\": 100, \"ttlMs\": 5000,"
                + "\"providerKeyTtlMs\": 6000, \"workers\": 3, \"arrivalRate\": 2.5, \"pDuplicate\": 0.1,"
                + "\"duplicateDelayMinMs\": 10, \"duplicateDelayMaxMs\": 20, \"pSlow\": 0.03, \"slowCallMs\": 700,"
                + "\"pCrash\": 0.004, \"restartMs\": 900, \"queue\": \"durable\", \"visibilityTimeoutMs\": 1000,"
                + "\"leaseMs\": 1100, \"lockTtlMs\": 1200, \"pDifferentPayload\": 0.5}}");
        Scenario expected = Scenario.article().toBuilder().jobs(1_000).pFail(0.02).lostReply(0).maxAttempts(5)
                .seed(-7).baseDelayMs(50).maxDelayMs(800).jitter(false).callMs(100).ttlMs(5_000)
                .providerKeyTtlMs(6_000).workers(3).arrivalRate(2.5).pDuplicate(0.1).duplicateDelayMs(10, 20)
                .pSlow(0.03).slowCallMs(700).pCrash(0.004).restartMs(900).queue(QueueKind.DURABLE)
                .visibilityTimeoutMs(1_000).leaseMs(1_100).lockTtlMs(1_200).pDifferentPayload(0.5).build();
        assertEquals(expected, f.scenario());
        assertEquals(ScenarioFile.View.LIVE, f.view());
        assertEquals(List.of(
                Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE),
                Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.NONE, StoreKind.MEMORY)), f.strategies());
        // and it writes back to the same thing, every field included
        String out = writtenAndReadBack(f);
        assertTrue(out.contains("\"pCrash\" : 0.004"), out);
    }

    @Test
    void aStrategysSettingsAreReadNamedAndWrittenBack() throws IOException {
        ScenarioFile f = read(HEAD + ", \"strategies\": ["
                + "{\"retry\": \"whole-job-skip-finished\", \"providerKey\": \"same\", \"store\": \"claim-table\"},"
                + "{\"retry\": \"whole-job-skip-finished\", \"providerKey\": \"same\", \"store\": \"claim-table\","
                + " \"settings\": {\"leaseMs\": 60000, \"heartbeatMs\": 5e3, \"rescuer\": \"atomic\"}}],"
                + "\"scenario\": {\"leaseMs\": 10000}}");
        Strategy plain = f.strategies().get(0);
        Strategy fixed = f.strategies().get(1);
        assertTrue(plain.settings().isEmpty());
        // named after its settings, in the parameters' order (heartbeat is declared after the lease)
        assertEquals("retry the whole job, skip finished steps, same key every time, claim table · lease 60,000 ms"
                + " · heartbeat 5,000 ms · rescuer atomic", fixed.name());
        assertEquals(60_000, fixed.on(f.scenario()).leaseMs(), "the setting wins over the scenario's 10,000");
        assertEquals(5_000, fixed.on(f.scenario()).heartbeatMs());
        assertEquals(10_000, plain.on(f.scenario()).leaseMs(), "no settings: the scenario's value");
        String out = writtenAndReadBack(f);
        assertTrue(out.contains("\"settings\" : {"), out);
        // a strategy without settings writes none, so files of earlier versions stay as they were
        assertEquals(1, out.split("\"settings\"", -1).length - 1, out);
    }

    private static final String SWEEP_HEAD = HEAD + ", \"view\": \"sweep\", \"sweep\": ";

    @Test
    void aSweepFileIsReadWithEveryFieldAndWrittenBack() throws IOException {
        ScenarioFile f = read(SWEEP_HEAD + "{\"vary\": \"leaseMs\", \"from\": 1000, \"to\": 3.6e6, \"points\": 9,"
                + " \"spacing\": \"log\", \"metrics\": [\"overlappingRuns\", \"deadLetteredJobs\"], \"logScale\": true},"
                + " \"strategies\": [{\"retry\": \"whole-job-skip-finished\", \"providerKey\": \"same\","
                + " \"store\": \"claim-table\"}], \"scenario\": {\"jobs\": 1000}}");
        assertEquals(ScenarioFile.View.SWEEP, f.view());
        assertEquals(new SweepSpec(Parameter.LEASE_MS, 1_000, 3_600_000, 9, Spacing.LOG,
                List.of("overlappingRuns", "deadLetteredJobs"), true), f.sweep());
        assertEquals(1_000, f.scenario().jobs(), "the scenario is the sweep's base");
        String out = writtenAndReadBack(f);
        // whole-number parameters' ends are written as whole numbers, the spacing and metrics by name
        assertTrue(out.contains("\"from\" : 1000,"), out);
        assertTrue(out.contains("\"to\" : 3600000,"), out);
        assertTrue(out.contains("\"metrics\" : [ \"overlappingRuns\", \"deadLetteredJobs\" ]"), out);
    }

    @Test
    void aSweepsOptionalFieldsTakeTheirDefaultsAndAProbabilityStaysInModelUnits() throws IOException {
        ScenarioFile f = read(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 0.05}, "
                + "\"watch\": \"usersWithDuplicateEmails\"}");
        assertEquals(new SweepSpec(Parameter.P_FAIL, 0, 0.05, 11, Spacing.LINEAR,
                List.of("usersWithDuplicateEmails"), false), f.sweep());
        String out = writtenAndReadBack(f);
        assertTrue(out.contains("\"to\" : 0.05,"), out);
    }

    @Test
    void aFileWithoutASweepIsWrittenAsBefore() throws IOException {
        // no "sweep" key at all: a compare or live file written now reads in a version without sweeps
        ScenarioFile f = PRESETS.load("lost-reply.json");
        String out = writtenAndReadBack(f);
        assertFalse(out.contains("sweep"), out);
        assertEquals(null, f.sweep());
    }

    @Test
    void aSweepFileNeedsItsSweepAndNoOtherFileTakesOne() {
        SweepSpec spec = new SweepSpec(Parameter.P_FAIL, 0, 0.05, 11, Spacing.LINEAR, List.of("calls"), false);
        assertThrows(IllegalArgumentException.class, () -> new ScenarioFile("x", "", "calls",
                ScenarioFile.View.SWEEP, Strategy.ARTICLE, Scenario.article()));
        assertThrows(IllegalArgumentException.class, () -> new ScenarioFile("x", "", "calls",
                ScenarioFile.View.COMPARE, Strategy.ARTICLE, Scenario.article(), spec));
    }

    @Test
    void expectationsAreReadAndWrittenBackAndAFileWithoutThemWritesNone() throws IOException {
        ScenarioFile f = read(HEAD + ", \"expect\": [{\"strategy\": 2, \"metric\": \"usersWithDuplicateEmails\", "
                + "\"max\": 0}, {\"strategy\": 3, \"metric\": \"succeeded\", \"min\": 99.5, \"max\": 100}]}");
        assertEquals(List.of(new Expectation(2, "usersWithDuplicateEmails", null, 0.0),
                new Expectation(3, "succeeded", 99.5, 100.0)), f.expect());
        assertEquals("at most 0", f.expect().get(0).boundsText());
        assertEquals("between 99.5 and 100", f.expect().get(1).boundsText());
        StringWriter out = new StringWriter();
        FILES.write(f, out);
        assertEquals(f, read(out.toString()));
        StringWriter plain = new StringWriter();
        FILES.write(read(HEAD + "}"), plain);
        assertFalse(plain.toString().contains("expect"), plain.toString());
    }

    @Test
    void awkwardDoublesRoundTripExactly() throws IOException {
        // decimals are written in plain notation (no 1.0E-4) and read back to the same double
        Scenario s = Scenario.article().toBuilder().pFail(0.0001).lostReply(1.0 / 3).arrivalRate(0.1 + 0.2)
                .pCrash(Double.MIN_VALUE).build();
        ScenarioFile f = new ScenarioFile("x", "a \"quoted\" note\nwith a line break", "calls",
                ScenarioFile.View.COMPARE, List.of(Strategy.WHOLE_JOB_SAME_KEY), s);
        String out = writtenAndReadBack(f);
        assertFalse(out.contains("E-"), out);
    }

    /** Two strategies, as a file lists them. */
    private static final String TWO = "{\"retry\": \"each-step\", \"providerKey\": \"none\", \"store\": \"none\"}, "
            + "{\"retry\": \"each-step\", \"providerKey\": \"same\", \"store\": \"none\"}";

    /** The file, then the exact message it must give. */
    static Stream<Arguments> malformed() {
        // every parameter, in the order Parameter declares them (a new parameter joins the list by itself)
        String allowedScenario = Arrays.stream(Parameter.values()).map(Parameter::id)
                .collect(Collectors.joining(", "));
        String sweepable = Arrays.stream(Parameter.values()).filter(Parameter::isSweepable).map(Parameter::id)
                .collect(Collectors.joining(", "));
        return Stream.of(
                // out of range
                Arguments.of(HEAD + ", \"scenario\": {\"pFail\": 1.5}}",
                        "scenario.pFail: 1.5 is outside the allowed range 0 to 1"),
                Arguments.of(HEAD + ", \"scenario\": {\"jobs\": 0}}",
                        "scenario.jobs: 0 is outside the allowed range 1 to 100,000,000"),
                Arguments.of(HEAD + ", \"scenario\": {\"jobs\": 99999999999999999999999}}",
                        "scenario.jobs: 99999999999999999999999 is outside the allowed range 1 to 100,000,000"),
                Arguments.of(HEAD + ", \"scenario\": {\"duplicateDelayMinMs\": 5000, \"duplicateDelayMaxMs\": 1000}}",
                        "scenario.duplicateDelayMaxMs: 1000 is outside the allowed range 5,000 (the shortest "
                                + "delay) to 2,678,400,000"),
                // wrong type
                Arguments.of(HEAD + ", \"scenario\": {\"jobs\": \"many\"}}",
                        "scenario.jobs: \"many\" is not a whole number; allowed 1 to 100,000,000"),
                Arguments.of(HEAD + ", \"scenario\": {\"maxAttempts\": 2.5}}",
                        "scenario.maxAttempts: 2.5 is not a whole number; allowed 1 to 100"),
                Arguments.of(HEAD + ", \"scenario\": {\"pFail\": \"1%\"}}",
                        "scenario.pFail: \"1%\" is not a number; allowed 0 to 1"),
                Arguments.of(HEAD + ", \"scenario\": {\"jitter\": \"yes\"}}",
                        "scenario.jitter: \"yes\" is not true or false"),
                Arguments.of(HEAD + ", \"scenario\": {\"queue\": \"disk\"}}",
                        "scenario.queue: \"disk\" is not allowed; allowed: memory, durable"),
                Arguments.of(HEAD + ", \"scenario\": [1]}", "scenario: [1] is not an object {\"jobs\": ..., ...}"),
                Arguments.of(HEAD + ", \"note\": 3}", "note: 3 is not a text (\"...\")"),
                Arguments.of(HEAD + ", \"view\": \"chart\"}",
                        "view: \"chart\" is not allowed; allowed: compare, live, sweep"),
                Arguments.of(HEAD + ", \"watch\": \"emails\"}", "watch: \"emails\" is not a metric; allowed: "
                        + String.join(", ", Metric.watchNames())),
                // unknown fields, at the top and inside scenario and a strategy
                Arguments.of(HEAD + ", \"colour\": \"red\"}",
                        "colour: unknown field; allowed: format, name, note, watch, view, sweep, strategies, scenario, expect, "
                                + "lanes, workflow"),
                // two lanes: two different places in strategies, on a compare or live file
                Arguments.of(HEAD + ", \"strategies\": [" + TWO + "], \"lanes\": [0, 5]}",
                        "lanes: [0, 5] names no strategy 5; expected two different places in \"strategies\", 0 to 1, "
                                + "e.g. [0, 1]"),
                Arguments.of(HEAD + ", \"strategies\": [" + TWO + "], \"lanes\": [1, 1]}",
                        "lanes: [1, 1] names strategy 1 twice; expected two different places in \"strategies\", 0 "
                                + "to 1, e.g. [0, 1]"),
                Arguments.of(HEAD + ", \"strategies\": [" + TWO + "], \"lanes\": [0]}",
                        "lanes: [0] is 1 place; expected two different places in \"strategies\", 0 to 1, e.g. [0, 1]"),
                Arguments.of(HEAD + ", \"strategies\": [" + TWO + "], \"lanes\": \"both\"}",
                        "lanes: \"both\" is not a list of two places in \"strategies\" (from 0), e.g. [0, 1]: lane A, "
                                + "the bug, and lane B, its fix"),
                Arguments.of(HEAD + ", \"lanes\": [0, 1], \"strategies\": [" + TWO.substring(0, TWO.indexOf("},") + 1)
                        + "]}", "lanes: [0, 1]: the file has one strategy; two lanes need two"),
                Arguments.of(HEAD + ", \"scenario\": {\"foo\": 1}}",
                        "scenario.foo: unknown field; allowed: " + allowedScenario),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", "
                                + "\"key\": 1}]}",
                        "strategies[0].key: unknown field; allowed: retry, providerKey, store, settings"),
                // a strategy's own settings: the scenario's fields, checked the same way, and against the scenario
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", "
                                + "\"settings\": {\"heartbeat\": 5}}]}",
                        "strategies[0].settings.heartbeat: unknown field; allowed: " + allowedScenario),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", "
                                + "\"settings\": {\"leaseMs\": -1}}]}",
                        "strategies[0].settings.leaseMs: -1 is outside the allowed range 1 to 2,678,400,000"),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", "
                                + "\"settings\": 5}]}",
                        "strategies[0].settings: 5 is not an object {...} of the fields \"scenario\" takes"),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", "
                                + "\"settings\": {\"jobs\": 10}}]}",
                        "strategies[0].settings.jobs: every strategy runs with the scenario's; set jobs in "
                                + "\"scenario\""),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", "
                                + "\"settings\": {\"duplicateDelayMinMs\": 900000}}]}",
                        "strategies[0].settings.duplicateDelayMaxMs: 30000 is outside the allowed range 900,000 (the "
                                + "shortest delay) to 2,678,400,000"),
                // expectations: a strategy of the file, a metric, at least one bound
                Arguments.of(HEAD + ", \"expect\": {}}", "expect: {} is not a list of expectations, e.g. "
                        + "[{\"strategy\": 0, \"metric\": \"usersWithDuplicateEmails\", \"max\": 0}]"),
                Arguments.of(HEAD + ", \"expect\": [{\"strategy\": 0, \"metric\": \"failedJobs\"}]}",
                        "expect[0]: needs \"min\", \"max\" or both"),
                Arguments.of(HEAD + ", \"expect\": [{\"strategy\": 5, \"metric\": \"failedJobs\", \"max\": 0}]}",
                        "expect[0].strategy: 5 is not allowed; allowed 0 to 4, the strategy's place in \"strategies\""),
                Arguments.of(HEAD + ", \"expect\": [{\"strategy\": 0, \"metric\": \"emails\", \"max\": 0}]}",
                        "expect[0].metric: \"emails\" is not a metric; allowed: " + String.join(", ", Metric.watchNames())),
                Arguments.of(HEAD + ", \"expect\": [{\"strategy\": 0, \"metric\": \"failedJobs\", \"min\": 5, "
                        + "\"max\": 1}]}", "expect[0].min: 5 is above max 1"),
                Arguments.of(HEAD + ", \"expect\": [{\"strategy\": 0, \"metric\": \"failedJobs\", \"max\": \"0\"}]}",
                        "expect[0].max: \"0\" is not a number"),
                Arguments.of(HEAD + ", \"expect\": [{\"strategy\": 0, \"metric\": \"failedJobs\", \"most\": 0}]}",
                        "expect[0]: needs \"min\", \"max\" or both\n"
                                + "expect[0].most: unknown field; allowed: strategy, metric, min, max"),
                // unknown strategy names list the allowed ones
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\"}, "
                                + "{\"retry\": \"sometimes\", \"providerKey\": \"none\"}]}",
                        "strategies[1].retry: \"sometimes\" is not allowed; allowed: each-step, whole-job, "
                                + "whole-job-skip-finished"),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"old\"}]}",
                        "strategies[0].providerKey: \"old\" is not allowed; allowed: none, new-per-call, same, "
                                + "per-request"),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", "
                                + "\"store\": \"redis\"}]}",
                        "strategies[0].store: \"redis\" is not allowed; allowed: " + Arrays.stream(StoreKind.values())
                                .map(StoreKind::cliName).collect(Collectors.joining(", "))), // none, memory, …
                Arguments.of(HEAD + ", \"strategies\": [{\"providerKey\": \"none\"}]}",
                        "strategies[0].retry: missing; allowed: each-step, whole-job, whole-job-skip-finished"),
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"whole-job-skip-finished\", \"providerKey\": "
                                + "\"same\", \"store\": \"lock\"}]}",
                        "strategies[0].store: \"lock\" keeps no record of finished steps; retry "
                                + "\"whole-job-skip-finished\" needs " + StoreKind.recordingNames()),
                Arguments.of(HEAD + ", \"strategies\": []}", "strategies: [] is not a list of one or more "
                        + "strategies, e.g. [{\"retry\": \"each-step\", \"providerKey\": \"none\", \"store\": \"none\"}]"),
                // a sweep: only with view sweep, and then required; each field checked and named by its path
                Arguments.of(HEAD + ", \"sweep\": {\"vary\": \"pFail\", \"from\": 0, \"to\": 1}}",
                        "sweep: only a file with \"view\": \"sweep\" takes a sweep; this one's view is \"compare\""),
                Arguments.of(HEAD + ", \"view\": \"live\", \"sweep\": 3}",
                        "sweep: only a file with \"view\": \"sweep\" takes a sweep; this one's view is \"live\""),
                Arguments.of(HEAD + ", \"view\": \"sweep\"}", "sweep: missing; \"view\": \"sweep\" needs a sweep "
                        + "object {\"vary\": ..., \"from\": ..., \"to\": ...}"),
                Arguments.of(SWEEP_HEAD + "[1]}", "sweep: [1] is not an object {\"vary\": ..., \"from\": ..., "
                        + "\"to\": ...}"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"step\": 2}}",
                        "sweep.step: unknown field; allowed: vary, from, to, points, spacing, metrics, logScale"),
                Arguments.of(SWEEP_HEAD + "{\"from\": 0, \"to\": 1}}", "sweep.vary: missing; allowed: " + sweepable),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"jitter\", \"from\": 0, \"to\": 1}}",
                        "sweep.vary: \"jitter\" is not allowed; allowed: " + sweepable),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"to\": 1}}",
                        "sweep.from: missing; a value of pFail is required, 0 to 1"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1.5}}",
                        "sweep.to: 1.5 is outside the allowed range 0 to 1"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"leaseMs\", \"from\": 0, \"to\": 1000}}",
                        "sweep.from: 0 is outside the allowed range 1 to 2,678,400,000"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"leaseMs\", \"from\": 1.5, \"to\": 1000}}",
                        "sweep.from: 1.5 is not a whole number; allowed 1 to 2,678,400,000"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": \"1%\", \"to\": 1}}",
                        "sweep.from: \"1%\" is not a number; allowed 0 to 1"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"points\": 1}}",
                        "sweep.points: 1 is outside the allowed range 2 to 1,000"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"points\": 1001}}",
                        "sweep.points: 1001 is outside the allowed range 2 to 1,000"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"points\": 2.5}}",
                        "sweep.points: 2.5 is not a whole number; allowed 2 to 1,000"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"points\": \"9\"}}",
                        "sweep.points: \"9\" is not a whole number; allowed 2 to 1,000"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"spacing\": \"cubic\"}}",
                        "sweep.spacing: \"cubic\" is not allowed; allowed: linear, log"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"spacing\": \"log\"}}",
                        "sweep.from: 0 is not above 0; \"spacing\": \"log\" needs both ends above 0"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0.5, \"to\": 0, \"spacing\": \"log\"}}",
                        "sweep.to: 0 is not above 0; \"spacing\": \"log\" needs both ends above 0"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"metrics\": []}}",
                        "sweep.metrics: [] is not a list of one or two metrics, e.g. [\"overlappingRuns\", "
                                + "\"deadLetteredJobs\"]"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"metrics\": "
                                + "[\"calls\", \"crashes\", \"lostJobs\"]}}",
                        "sweep.metrics: [\"calls\",\"crashes\",\"lostJobs\"] is not a list of one or two metrics, "
                                + "e.g. [\"overlappingRuns\", \"deadLetteredJobs\"]"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"metrics\": \"calls\"}}",
                        "sweep.metrics: \"calls\" is not a list of one or two metrics, e.g. [\"overlappingRuns\", "
                                + "\"deadLetteredJobs\"]"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"metrics\": "
                                + "[\"calls\", \"emails\"]}}",
                        "sweep.metrics[1]: \"emails\" is not a metric; allowed: " + String.join(", ", Metric.watchNames())),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"metrics\": "
                                + "[\"calls\", \"calls\"]}}",
                        "sweep.metrics[1]: \"calls\" is listed twice"),
                Arguments.of(SWEEP_HEAD + "{\"vary\": \"pFail\", \"from\": 0, \"to\": 1, \"logScale\": \"yes\"}}",
                        "sweep.logScale: \"yes\" is not true or false"),
                // format tag and required fields
                Arguments.of("{\"format\": \"idempotency-lab/scenario@2\", \"name\": \"t\"}",
                        "format: \"idempotency-lab/scenario@2\" is not a format this lab reads; expected "
                                + "\"idempotency-lab/scenario@1\""),
                Arguments.of("{\"name\": \"t\"}", "format: missing; expected \"idempotency-lab/scenario@1\""),
                Arguments.of("{\"format\": \"idempotency-lab/scenario@1\"}", "name: missing; a text is required"),
                // JSON that does not parse
                Arguments.of(HEAD + ",\n\"scenario\": {\n\"jobs\": 100,\n\"pFail\": 0.",
                        "line 4: the file ends early (truncated JSON)"),
                Arguments.of(HEAD + ",\n\"scenario\": {\n", "line 3: the file ends early (truncated JSON)"),
                Arguments.of("", "line 1: the file is empty; a scenario file is one JSON object"),
                Arguments.of("[1, 2]", "file: a scenario file is one JSON object {...}, not a list [...]"),
                Arguments.of(HEAD + ", \"name\": \"u\"}", "line 1: not valid JSON: the field \"name\" is given twice; give each "
                        + "field once"),
                // too much, not too little: text after the object is named as such, not as a truncated file
                Arguments.of(HEAD + "} {}", "line 1: unexpected text after the closing }: a scenario file holds one "
                        + "JSON object"),
                Arguments.of(HEAD + "}}", "line 1: unexpected text after the closing }: a scenario file holds one "
                        + "JSON object"),
                Arguments.of(HEAD + "}\n\nx", "line 3: unexpected text after the closing }: a scenario file holds "
                        + "one JSON object"),
                Arguments.of(HEAD + ",}", "line 1: not valid JSON: a trailing comma before }: remove the comma "
                        + "after the last field"),
                // a whole number written with a huge exponent is out of range at once (it used to expand the digits
                // for minutes, or overflow), and a fraction is not whole
                Arguments.of(HEAD + ", \"scenario\": {\"jobs\": 1e999999999}}",
                        "scenario.jobs: 1E+999999999 is outside the allowed range 1 to 100,000,000"),
                Arguments.of(HEAD + ", \"scenario\": {\"jobs\": 2.5}}",
                        "scenario.jobs: 2.5 is not a whole number; allowed 1 to 100,000,000"),
                // every problem of a file that parses, one a line, in file order (not the order of the checks)
                Arguments.of(HEAD + ", \"scenario\": {\"pFail\": 1.5, \"jobs\": 0, \"colour\": 1}}",
                        "scenario.pFail: 1.5 is outside the allowed range 0 to 1\n"
                                + "scenario.jobs: 0 is outside the allowed range 1 to 100,000,000\n"
                                + "scenario.colour: unknown field; allowed: " + allowedScenario),
                Arguments.of("{\"scenario\": {\"jitter\": 1}, \"view\": \"chart\", \"format\": 2, \"name\": \"t\"}",
                        "scenario.jitter: 1 is not true or false\n"
                                + "view: \"chart\" is not allowed; allowed: compare, live, sweep\n"
                                + "format: 2 is not a format this lab reads; expected \"idempotency-lab/scenario@1\""),
                // a bad strategy does not hide the next one, nor a bad expectation the scenario
                Arguments.of(HEAD + ", \"strategies\": [{\"retry\": \"sometimes\", \"providerKey\": \"none\"}, "
                                + "{\"retry\": \"each-step\", \"providerKey\": \"old\"}], \"expect\": [{\"strategy\": 2, "
                                + "\"metric\": \"calls\", \"max\": 0}], \"scenario\": {\"workers\": 0}}",
                        "strategies[0].retry: \"sometimes\" is not allowed; allowed: each-step, whole-job, "
                                + "whole-job-skip-finished\n"
                                + "strategies[1].providerKey: \"old\" is not allowed; allowed: none, new-per-call, same, "
                                + "per-request\n"
                                + "expect[0].strategy: 2 is not allowed; allowed 0 to 1, the strategy's place in "
                                + "\"strategies\"\n"
                                + "scenario.workers: 0 is outside the allowed range 1 to 1,024"),
                // a value is quoted at most 60 characters long, whatever its length
                Arguments.of(HEAD + ", \"view\": \"" + "v".repeat(9_000) + "\"}",
                        "view: \"" + "v".repeat(60) + "…\" (9,000 characters) is not allowed; allowed: compare, "
                                + "live, sweep"),
                Arguments.of(HEAD + ", \"strategies\": [" + "{}, ".repeat(100) + "{}]}",
                        "strategies: 101 strategies; a file runs at most 100"),
                Arguments.of(HEAD.replace("\"t\"", "\"" + "n".repeat(201) + "\"") + "}",
                        "name: a text of 201 characters; a name holds at most 200"),
                Arguments.of(HEAD + ", \"note\": \"" + "n".repeat(5_001) + "\"}",
                        "note: a text of 5,001 characters; a note holds at most 5,000"),
                // the parser's limits, in the lab's words
                Arguments.of(HEAD + ", \"scenario\": {\"pFail\": NaN}}",
                        "line 1: not valid JSON: NaN is not a number JSON can hold; write a number such as 0.5"),
                Arguments.of(HEAD + ",\n// mine\n\"scenario\": {}}",
                        "line 2: not valid JSON: comments are not allowed in a scenario file (JSON has none)"),
                Arguments.of(HEAD + ", \"note\": " + "[".repeat(50) + "]".repeat(50) + "}",
                        "line 1: not valid JSON: nested more than 32 levels deep ({...} and [...] inside each other); "
                                + "a scenario file needs 4"),
                Arguments.of(HEAD + ", \"scenario\": {\"jobs\": 1e9999999999}}",
                        "line 1: not valid JSON: a number that cannot be read (an exponent beyond ±2,147,483,647?)"),
                Arguments.of("{name: 1}", "line 1: not valid JSON: a field name in double quotes is expected here, "
                        + "not 'n'"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void eachMalformedFileGivesItsNamedError(String json, String message) {
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> read(json));
        assertEquals(message, e.getMessage());
    }

    @Test
    void aFileOverOneMebibyteIsRefusedByItsSizeBeforeItIsRead(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("big.json");
        Files.writeString(big, HEAD + ", \"note\": \"" + "x".repeat(ScenarioText.MAX_BYTES) + "\"}");
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> FILES.read(big));
        assertEquals("file: the file is " + String.format(java.util.Locale.ROOT, "%,d", Files.size(big))
                + " bytes; a scenario file holds at most 1 MiB (1,048,576 bytes)", e.getMessage());
        // a Reader is read no further than one character past the cap
        CountingReader in = new CountingReader(HEAD + ", \"note\": \"" + "x".repeat(3 * ScenarioText.MAX_BYTES) + "\"}");
        e = assertThrows(ScenarioFileException.class, () -> FILES.read(in));
        assertEquals("file: the text is over 1,048,576 characters; a scenario file holds at most 1 MiB "
                + "(1,048,576 bytes)", e.getMessage());
        assertTrue(in.read <= ScenarioText.MAX_BYTES + 1, in.read + " characters read");
    }

    /** A Reader that counts the characters it gave. */
    private static final class CountingReader extends java.io.Reader {
        private final StringReader in;
        long read;

        CountingReader(String text) {
            in = new StringReader(text);
        }

        @Override
        public int read(char[] buf, int off, int len) throws IOException {
            int n = in.read(buf, off, len);
            read += Math.max(n, 0);
            return n;
        }

        @Override
        public void close() {
            in.close();
        }
    }

    @Test
    void bytesThatAreNotUtf8AreNamedWithTheirLineAndColumn(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, (HEAD + ",\n\"note\": \"ok\",\n  \"watch\": \"caf\u00e9\"}")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> FILES.read(latin1));
        assertEquals("line 3: not UTF-8 (byte 0xE9 at column 16); save the file as UTF-8", e.getMessage());
        Path utf16 = dir.resolve("utf16.json");
        Files.write(utf16, (HEAD + "}").getBytes(java.nio.charset.StandardCharsets.UTF_16)); // with its BOM
        e = assertThrows(ScenarioFileException.class, () -> FILES.read(utf16));
        assertEquals("line 1: not UTF-8: the file is UTF-16 (it starts with UTF-16's byte order mark 0xFE 0xFF); "
                + "save the file as UTF-8", e.getMessage());
        Files.write(utf16, (HEAD + "}").getBytes(java.nio.charset.StandardCharsets.UTF_16LE)); // without
        e = assertThrows(ScenarioFileException.class, () -> FILES.read(utf16));
        assertEquals("line 1: not UTF-8: the file looks like UTF-16 (every other byte is 0); save the file as UTF-8",
                e.getMessage());
    }

    /**
     * UTF-32's byte order marks: big-endian 00 00 FE FF, little-endian FF FE 00 00, which begins with UTF-16's little-
     * endian mark FF FE, so UTF-32 must be looked for first; without a mark, ASCII as UTF-32 has three zero bytes in
     * every four (UTF-16 one in two).
     */
    @Test
    void aUtf32FileIsCalledUtf32(@TempDir Path dir) throws IOException {
        java.nio.charset.Charset utf32le = java.nio.charset.Charset.forName("UTF-32LE");
        byte[] text = (HEAD + "}").getBytes(utf32le);
        Path file = dir.resolve("utf32.json");
        for (byte[] mark : List.of(new byte[] {0, 0, (byte) 0xFE, (byte) 0xFF}, new byte[] {(byte) 0xFF, (byte) 0xFE,
                0, 0})) {
            byte[] bytes = java.util.Arrays.copyOf(mark, mark.length + text.length);
            System.arraycopy(text, 0, bytes, mark.length, text.length);
            Files.write(file, bytes);
            ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> FILES.read(file));
            assertEquals(String.format("line 1: not UTF-8: the file is UTF-32 (it starts with UTF-32's byte order mark "
                    + "0x%02X 0x%02X 0x%02X 0x%02X); save the file as UTF-8", mark[0], mark[1], mark[2], mark[3]),
                    e.getMessage());
        }
        Files.write(file, text);
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> FILES.read(file));
        assertEquals("line 1: not UTF-8: the file looks like UTF-32 (three bytes in every four are 0); save the file "
                + "as UTF-8", e.getMessage());
    }

    @Test
    void theProblemsOfAFileAreListedOneALineWithTheirFields() {
        ScenarioFileException e = assertThrows(ScenarioFileException.class,
                () -> read(HEAD + ", \"scenario\": {\"pFail\": 1.5, \"jobs\": 0, \"colour\": 1}}"));
        assertEquals(List.of("scenario.pFail", "scenario.jobs", "scenario.colour"),
                e.problems().stream().map(ScenarioFileException.Problem::field).toList());
        assertEquals("scenario.pFail", e.field(), "the first problem's field");
        assertEquals(3, e.count());
        assertEquals(3, e.lines().size());
    }

    @Test
    void aByteOrderMarkIsIgnored() throws IOException {
        // some editors save UTF-8 with a BOM; the file is still the same scenario
        assertEquals(read(HEAD + "}"), read("\uFEFF" + HEAD + "}"));
    }

    @Test
    void aFailedReadLeavesTheCallersScenarioAsItWas() throws IOException {
        // The caller's pattern: current = read(...) only if the read returns. An error late in the file (the
        // last strategy) must throw before anything is returned, although the scenario fields were all valid.
        ScenarioFile current = PRESETS.load("lost-reply.json");
        ScenarioFile before = current;
        String late = HEAD + ", \"scenario\": {\"jobs\": 5}, \"strategies\": [{\"retry\": \"each-step\", "
                + "\"providerKey\": \"none\"}, {\"retry\": \"nope\", \"providerKey\": \"none\"}]}";
        try {
            current = read(late);
        } catch (ScenarioFileException expected) {
            assertEquals("strategies[1].retry", expected.field());
        }
        assertEquals(before, current);
    }

    @Test
    void savingWritesAFileThatReadsBackAndLeavesNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("mine.json");
        ScenarioFile a = PRESETS.load("lost-reply.json");
        ScenarioFile b = PRESETS.load("lock-only.json");
        FILES.write(a, path);
        FILES.write(b, path); // replaces
        assertEquals(b, FILES.read(path));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(path), files.toList());
        }
    }

    @Test
    void savingIntoAMissingFolderFailsClearlyAndCreatesNothing(@TempDir Path dir) {
        Path path = dir.resolve("no-such-folder").resolve("mine.json");
        IOException e = assertThrows(IOException.class,
                () -> FILES.write(PRESETS.load("article.json"), path));
        assertEquals(path + ": the folder " + path.getParent() + " does not exist",
                e.getMessage());
        assertFalse(Files.exists(path.getParent()));
    }

    @Test
    void aFailedSaveKeepsTheOldFile(@TempDir Path dir) throws IOException {
        // the target is a folder, so the final move fails: the temporary file goes, the folder stays as it was
        Path path = dir.resolve("taken");
        Files.createDirectory(path);
        Files.writeString(path.resolve("inside.txt"), "keep me");
        assertThrows(IOException.class, () -> FILES.write(PRESETS.load("article.json"), path));
        assertEquals("keep me", Files.readString(path.resolve("inside.txt")));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(path), files.toList(), "no temporary file left behind");
        }
    }
}
