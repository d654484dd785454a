package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.Stream;
import org.idempotencylab.engine.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A scenario file's {@code workflow}: read, checked with one named message per problem, and written back. */
class WorkflowFileTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private static final String HEAD = "{\"format\": \"idempotency-lab/scenario@1\", \"name\": \"t\"";
    private static final String CHECKOUT = HEAD + ", \"workflow\": {\"name\": \"checkout\", \"steps\": ["
            + "{\"name\": \"charge the card\", \"effect\": \"external\", \"providerKey\": true, \"pFail\": 0.02},"
            + "{\"name\": \"reserve the stock\", \"effect\": \"local\", \"callMs\": 20},"
            + "{\"name\": \"send the receipt\", \"effect\": \"external\", \"lostReply\": 0}]}}";

    private static ScenarioFile read(String json) throws IOException {
        return FILES.read(new StringReader(json));
    }

    @Test
    void aFileWithoutAWorkflowRunsTheArticlesSignUp() throws IOException {
        Scenario s = read(HEAD + "}").scenario();
        assertNull(s.declaredWorkflow());
        assertEquals(Workflow.SIGNUP, s.workflow());
        assertEquals(10, s.workflow().size());
        assertEquals(6, s.workflow().keyStep(), "the welcome email");
    }

    @Test
    void aWorkflowIsReadWithItsOverridesAndWrittenBackEqual() throws IOException {
        ScenarioFile f = read(CHECKOUT);
        Workflow w = f.scenario().workflow();
        assertEquals("checkout", w.name());
        assertEquals(List.of("charge the card", "reserve the stock", "send the receipt"), w.names());
        assertEquals(new Workflow.Step("charge the card", Workflow.Effect.EXTERNAL, true, null, 0.02, null),
                w.step(0));
        assertEquals(new Workflow.Step("reserve the stock", Workflow.Effect.LOCAL, false, 20L, null, null),
                w.step(1));
        assertFalse(w.step(2).drawsLostReply(), "a step that declares lostReply 0 draws nothing");
        assertTrue(w.step(0).drawsLostReply(), "a step that takes the scenario's lostReply draws");
        StringWriter out = new StringWriter();
        FILES.write(f, out);
        assertEquals(f, read(out.toString()));
        assertTrue(out.toString().contains("\"workflow\""));
        StringWriter plain = new StringWriter();
        FILES.write(read(HEAD + "}"), plain);
        assertFalse(plain.toString().contains("workflow"), "a file of the article's sign-up is written as before");
    }

    static Stream<Arguments> badWorkflows() {
        String step = "{\"name\": \"a\", \"effect\": \"external\"}";
        String twelve = String.join(",", java.util.Collections.nCopies(13, step));
        return Stream.of(
                Arguments.of("[]", "workflow: [] is not an object {\"name\": ..., \"steps\": [...]}"),
                Arguments.of("{\"steps\": [" + step + "]}", "workflow.name: missing; a text is required"),
                Arguments.of("{\"name\": \"w\", \"steps\": []}", "workflow.steps: [] is not allowed; allowed: a "
                        + "list of 1 to 12 steps, e.g. [{\"name\": \"charge the card\", \"effect\": \"external\", "
                        + "\"providerKey\": true}]"),
                Arguments.of("{\"name\": \"w\", \"steps\": [" + twelve + "]}", "workflow.steps: "),
                Arguments.of("{\"name\": \"w\", \"steps\": [" + step + ", " + step + "]}",
                        "workflow.steps[1].name: 'a' is the name of an earlier step; allowed: a name no other step has"),
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \" \", \"effect\": \"local\"}]}",
                        "workflow.steps[0].name: \" \" is not allowed; allowed: 1 to 80 characters, not blank"),
                // a line break or an escape in a step's name would split a line of text output (and the CSV's
                // header) or drive the terminal: refused, shown escaped
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \"a\\nb\", \"effect\": \"local\"}]}",
                        "workflow.steps[0].name: \"a\\nb\" is not allowed; allowed: 1 to 80 characters, not blank, "
                        + "no control characters"),
                Arguments.of("{\"name\": \"w\\u001b[31m\", \"steps\": [" + step + "]}",
                        "workflow.name: \"w\\u001b[31m\" is not allowed; allowed: 1 to 80 characters, not blank, "
                        + "no control characters"),
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \"a\", \"effect\": \"remote\"}]}",
                        "workflow.steps[0].effect: \"remote\" is not allowed; allowed: external, local"),
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \"a\", \"effect\": \"external\", "
                        + "\"pFail\": 1.5}]}", "workflow.steps[0].pFail: 1.5 is outside the allowed range 0 to 1"),
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \"a\", \"effect\": \"external\", "
                        + "\"callMs\": -1}]}", "workflow.steps[0].callMs: -1 is outside the allowed range"),
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \"a\", \"effect\": \"local\", "
                        + "\"providerKey\": true}]}", "workflow.steps[0].providerKey: true is not allowed on a local "
                        + "step"),
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \"a\", \"effect\": \"local\", "
                        + "\"lostReply\": 0.1}]}", "workflow.steps[0].lostReply: 0.1 is not allowed on a local step"),
                Arguments.of("{\"name\": \"w\", \"steps\": [{\"name\": \"a\", \"effect\": \"local\", "
                        + "\"colour\": 1}]}", "workflow.steps[0].colour: unknown field; allowed: name, effect, "
                        + "providerKey, callMs, pFail, lostReply"));
    }

    @ParameterizedTest
    @MethodSource("badWorkflows")
    void eachBadWorkflowGivesOneLineNamingTheFieldTheValueAndTheRange(String workflow, String message) {
        ScenarioFileException e = assertThrows(ScenarioFileException.class,
                () -> read(HEAD + ", \"workflow\": " + workflow + "}"));
        assertEquals(1, e.problems().size(), e.getMessage());
        assertTrue(e.problems().get(0).line().startsWith(message), e.problems().get(0).line());
    }

    @Test
    void theModelRefusesWhatAFileWouldBeRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Workflow("w", List.of()));
        assertEquals("steps: 0 steps is outside the allowed range 1 to 12", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Workflow.Step("a", Workflow.Effect.EXTERNAL,
                false, null, null, 2.0));
        assertEquals("lostReply: 2 is outside the allowed range 0 to 1", e.getMessage());
    }
}
