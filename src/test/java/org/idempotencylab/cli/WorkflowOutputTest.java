package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-step outputs of a scenario with its own workflow are named by the workflow's steps, in every format. */
class WorkflowOutputTest {
    private static final List<String> STEPS = List.of("save the enrolment", "hold a seat", "take the fee",
            "email the timetable");

    @Test
    void runJsonAndTextNameTheWorkflowsSteps() throws Exception {
        Outcome json = cli("run", "--preset", "workflow-enrolment", "--jobs", "300", "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode first = new ObjectMapper().readTree(json.outLines().get(0));
        List<String> names = new ArrayList<>();
        first.get("duplicateSideEffects").fieldNames().forEachRemaining(names::add);
        assertEquals(STEPS, names);
        Outcome text = cli("run", "--preset", "workflow-enrolment", "--jobs", "300", "--format", "text");
        assertEquals(0, text.code(), text.err());
        for (String step : STEPS) {
            assertTrue(text.out().contains("\n  " + step + ": "), step);
        }
        assertTrue(!text.out().contains("welcome email:"), "no step of the sign-up is named");
    }

    @Test
    void aSweepsColumnsAreTheWorkflowsSteps() {
        Outcome csv = cli("sweep", "--preset", "workflow-enrolment", "--jobs", "200", "--vary", "p-fail", "--from",
                "0", "--to", "0.1", "--points", "2");
        assertEquals(0, csv.code(), csv.err());
        assertTrue(csv.outLines().get(0).contains("duplicateSideEffects.save the enrolment,duplicateSideEffects.hold "
                + "a seat,duplicateSideEffects.take the fee,duplicateSideEffects.email the timetable"),
                csv.outLines().get(0));
    }

    @Test
    void checkRunsTheWorkflowPresetsExpectations() {
        for (String preset : List.of("workflow-checkout", "workflow-enrolment")) {
            Outcome o = cli("check", "--preset", preset);
            assertEquals(0, o.code(), o.out() + o.err());
        }
    }

    @Test
    void anOptionEveryStepOverridesIsRefusedNotIgnored(@TempDir Path dir) throws Exception {
        // both steps set their own callMs, and the one external step its own lostReply: the scenario's value
        // reaches no step, so a sweep of it is a flat line and --lost-reply is silently ignored unless refused
        Path f = dir.resolve("own.json");
        Files.writeString(f, "{\"format\": \"idempotency-lab/scenario@1\", \"name\": \"own\", \"scenario\": "
                + "{\"jobs\": 50}, \"workflow\": {\"name\": \"w\", \"steps\": [{\"name\": \"write\", \"effect\": "
                + "\"local\", \"callMs\": 20}, {\"name\": \"charge\", \"effect\": \"external\", \"callMs\": 300, "
                + "\"lostReply\": 0.01}]}}");
        Outcome run = cli("run", "--scenario", f.toString(), "--lost-reply", "0.3");
        assertEquals(2, run.code(), run.out());
        assertEquals("--lost-reply: has no effect here; every step of the workflow that takes lostReply sets its "
                + "own", run.err().strip());
        Outcome sweep = cli("sweep", "--scenario", f.toString(), "--vary", "call-ms", "--from", "100", "--to",
                "1000", "--points", "2");
        assertEquals(2, sweep.code(), sweep.out());
        assertTrue(sweep.err().contains("has no effect here; every step of the workflow that takes callMs sets "
                + "its own"), sweep.err());
        // pFail is set by no step: the scenario's value counts and the sweep runs
        Outcome pFail = cli("sweep", "--scenario", f.toString(), "--vary", "p-fail", "--from", "0", "--to", "0.1",
                "--points", "2");
        assertEquals(0, pFail.code(), pFail.err());
    }
}
