package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.scenario.Workflow.Effect;
import org.idempotencylab.scenario.Workflow.Step;
import org.junit.jupiter.api.Test;

/**
 * An abandoned call's end, as the explorer's order choices list it, names the workflow's step: the twelfth step of a
 * twelve-step workflow by its own name (the sign-up's ten names have no twelfth, and asking them for it threw).
 */
class AbandonedCallWordsTest {
    @Test
    void anAbandonedCallOfTheTwelfthStepIsNamedByTheWorkflow() {
        List<Step> steps = new ArrayList<>();
        for (int i = 1; i <= 11; i++) {
            steps.add(new Step("quick step " + i, Effect.EXTERNAL, false, 100L, null, 0.0));
        }
        steps.add(new Step("slow last step", Effect.EXTERNAL, false, 1_000L, null, 0.0));
        // Two workers, two jobs, every call exactly its mean (lognormal, sigma 0), nothing fails: both workers reach
        // the last step together at 1,100 ms and give up on it at 1,700 (timeout 600 ms < its 1,000 ms), so both
        // abandoned calls end at 2,100 ms, one instant: the explorer's order point lists them by describe().
        Scenario s = Scenario.article().toBuilder().jobs(2).workers(2).pFail(0).lostReply(0).jitter(false)
                .callTime(CallTimeShape.LOGNORMAL).callTimeSigma(0).attemptTimeoutMs(600)
                .workflow(new Workflow("twelve", steps)).build();
        List<String> listed = new ArrayList<>();
        FaultChooser orderOnly = new FaultChooser() {
            @Override
            public boolean allows(FaultKind kind) {
                return kind == FaultKind.ORDER;
            }

            @Override
            public int choose(ChoicePoint point) {
                listed.addAll(point.events());
                return 0;
            }
        };
        new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE, orderOnly).run();
        assertTrue(listed.contains("the call of slow last step that user_0's caller gave up on ends"), listed::toString);
    }
}
