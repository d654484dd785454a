package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.junit.jupiter.api.Test;

/**
 * A worker process reads its configuration from the text its parent wrote, through the {@link Parameter} rows:
 * every value comes back, and one outside its row's range is refused with the row's own message.
 */
class WorkConfigTest {
    private static final String URL = "jdbc:postgresql://localhost:1/none";

    private static WorkConfig config(Scenario s) {
        return WorkParameters.config(URL, "run-1", 1_700_000_000_000L, 3, s, Strategy.WHOLE_JOB_SKIP_FINISHED);
    }

    private static String written(WorkConfig cfg) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cfg.write(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static WorkConfig read(String text) throws IOException {
        return WorkConfig.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void whatTheParentWritesAWorkerReadsBackWhole() throws IOException {
        // values away from every default, a decimal, a negative seed and a choice among them
        Scenario s = WorkParameters.DEFAULTS.toBuilder().seed(-7).pFail(0.125).backoffFactor(1.5).jitter(false)
                .maxReceives(3).ttlMs(12_345).build();
        WorkConfig cfg = config(s);
        assertEquals(cfg, read(written(cfg)));
    }

    @Test
    void aValueOutsideItsRangeIsRefusedWithItsRowsMessage() throws IOException {
        String text = written(config(WorkParameters.DEFAULTS)).replace("\njobs=2000", "\njobs=0");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(text));
        assertEquals("the configuration is incomplete or does not read: jobs: 0 is outside the allowed range 1 to "
                + "100,000,000", e.getMessage());
    }

    @Test
    void aWorkflowOtherThanTheSignUpIsRefusedByRealWorkers() {
        // The worker processes and their tables run the article's ten steps; a scenario with its own job is refused
        // before any process starts, in one line naming the field and the workflow.
        Workflow checkout = new Workflow("checkout", List.of(Workflow.Step.external("charge the card", true, null)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config(WorkParameters.DEFAULTS.toBuilder().workflow(checkout).build()));
        assertEquals("workflow: 'checkout' cannot run on real workers, which run the article's ten-step sign-up only; "
                + "allowed: no workflow (run it in the simulation: run --scenario FILE)", e.getMessage());
        // the article's sign-up written out is the sign-up
        config(WorkParameters.DEFAULTS.toBuilder().workflow(new Workflow("sign-up", Workflow.SIGNUP.steps())).build());
    }

    @Test
    void aMissingValueIsNamed() throws IOException {
        String text = written(config(WorkParameters.DEFAULTS)).replaceAll("\nleaseMs=[0-9]+", "");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(text));
        assertEquals("the configuration is incomplete or does not read: leaseMs is missing", e.getMessage());
    }
}
