package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.scenario.Workflow.Step;
import org.junit.jupiter.api.Test;

/**
 * A scenario's own workflow in the engine: its steps, their own call times and failure chances, external steps
 * through their provider, local steps committed with the claim. Fixed seeds; each expected number follows from the
 * rules by the reasoning written next to it.
 */
class WorkflowSimulationTest {
    private static final Strategy NO_KEY = Strategy.EACH_STEP_NO_KEY;
    private static final Strategy SAME_KEY = Strategy.EACH_STEP_SAME_KEY;

    private static StrategyResult run(Scenario s, Strategy strategy) {
        return new SignupSimulation(s, strategy, RunControl.NONE).run();
    }

    private static Scenario.Builder with(Workflow w) {
        return Scenario.article().toBuilder().jobs(100).workflow(w);
    }

    @Test
    void aLostReplyOnEveryCallSendsMaxAttemptsTimesPerJobWithoutAKey() {
        Workflow charge = new Workflow("charge", List.of(Step.external("charge the card", true, 1.0)));
        Scenario s = with(charge).pFail(0).maxAttempts(3).build();
        StrategyResult r = run(s, NO_KEY);
        // No call fails first (pFail 0) and every reply is lost (lostReply 1): each of the 3 attempts charges, and
        // the job fails after the third. 100 jobs: 300 charges, 200 of them again, every user charged 2+ times.
        assertEquals(300, r.emailsSent());
        assertEquals(200, r.repeatedSteps());
        assertEquals(100, r.failedJobs());
        assertEquals(100, r.usersWithDuplicateEmails());
        assertEquals(Map.of("charge the card", 200L), Metric.DUPLICATE_SIDE_EFFECTS.value(r),
                "the per-step output is named by the workflow's step");
        // The same key on every attempt: the provider charges once per user and answers the two retries from the
        // key, yet each reply is still lost, so every job still fails.
        StrategyResult keyed = run(s, SAME_KEY);
        assertEquals(100, keyed.emailsSent());
        assertEquals(0, keyed.repeatedSteps());
        assertEquals(100, keyed.failedJobs());
    }

    @Test
    void aStepWithoutAProviderKeyIgnoresTheStrategysKey() {
        // The key step (the only external step, so the one the provider metrics count) sends no key: the
        // strategy's "same key" changes nothing, and every lost reply charges again as with no key at all.
        Workflow charge = new Workflow("charge", List.of(Step.external("charge the card", false, 1.0)));
        Scenario s = with(charge).pFail(0).maxAttempts(3).build();
        assertEquals(300, run(s, SAME_KEY).emailsSent());
    }

    @Test
    void eachStepHasItsOwnFailureChanceAndCallTime() {
        Workflow w = new Workflow("two", List.of(
                new Step("reserve the stock", Workflow.Effect.LOCAL, false, 100L, 0.0, null),
                new Step("charge the card", Workflow.Effect.EXTERNAL, false, 300L, 1.0, 0.0)));
        Scenario s = with(w).jobs(1).pFail(0.5).maxAttempts(3).jitter(false).baseDelayMs(100)
                .callTime(CallTimeShape.FIXED).build();
        StrategyResult r = run(s, NO_KEY);
        // The scenario's pFail 0.5 is overridden by both steps: the reservation never fails (one call, 100 ms), the
        // charge always does (3 calls of 300 ms, then the job fails). Backoffs 100 and 200 ms between them (no
        // jitter): 100 + 3 * 300 + 100 + 200 = 1,300 virtual ms, 4 calls.
        assertEquals(4, r.calls());
        assertEquals(1, r.failedJobs());
        assertEquals(1_300, r.get(Metric.VIRTUAL_TIME_MS));
        assertEquals(List.of("reserve the stock", "charge the card"), r.stepNames());
    }

    /**
     * One write, crashing after it 20% of the time, redelivered by a durable queue; a claim's lease (1 s) runs out
     * well before a redelivery, so the claim table lets the redelivery reclaim the key rather than refuse it.
     */
    private static Scenario crashingWrite(Workflow.Effect effect) {
        Workflow w = new Workflow("write", List.of(new Step("write the order", effect, false, null, null,
                effect == Workflow.Effect.EXTERNAL ? 0.0 : null)));
        return with(w).jobs(200).pFail(0).pCrash(0.2).queue(QueueKind.DURABLE).leaseMs(1_000)
                .seed(7).build();
    }

    @Test
    void aLocalStepUnderTheClaimTableNeverRunsTwiceWhileWithoutAStoreItDoes() {
        Strategy claim = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.CLAIM_TABLE);
        Strategy none = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.NONE);
        // Without a store, a crash after the write leaves the message unacknowledged: the durable queue delivers it
        // again and the next delivery writes again. Every crash is such a write (the crash draw follows the write),
        // so the writes done again are the crashes, less those whose message ran out of receives.
        StrategyResult bare = run(crashingWrite(Workflow.Effect.LOCAL), none);
        assertTrue(bare.get(Metric.CRASHES) > 0);
        assertEquals(bare.get(Metric.CRASHES), bare.repeatedSteps() + bare.get(Metric.DEAD_LETTERED_JOBS));
        // The claim table with the same crashes: the write commits with the claim's completion, which a crash
        // prevents, so the crash rolls the write back; the redelivery reclaims the key once its lease runs out and
        // writes once. Each user's write is done exactly once.
        StrategyResult claimed = run(crashingWrite(Workflow.Effect.LOCAL), claim);
        assertTrue(claimed.get(Metric.CRASHES) > 0);
        assertEquals(0, claimed.repeatedSteps());
        // The same step made an external call: the provider did it and no transaction can take it back, so the
        // claim table lets the crashed calls run again after the lease, as the second article warns.
        StrategyResult external = run(crashingWrite(Workflow.Effect.EXTERNAL), claim);
        assertTrue(external.repeatedSteps() > 0);
    }

    @Test
    void theArticlesWorkflowWrittenOutGivesTheSameResultsAsNone() {
        // Workflow.SIGNUP is the article's ten steps with lostReply 0 declared on the nine that never lose a reply,
        // so they make no lost-reply draw: a copy of it (a file declaring it) must draw and count exactly as no
        // workflow does, for every strategy, also with crashes, repeats, a durable queue and the claim table.
        Workflow copy = new Workflow("sign-up, written out", Workflow.SIGNUP.steps());
        List<Scenario> scenarios = List.of(
                Scenario.article().toBuilder().jobs(10_000).build(),
                Scenario.article().toBuilder().jobs(2_000).pCrash(0.01).pDuplicate(0.1).queue(QueueKind.DURABLE)
                        .workers(3).attemptTimeoutMs(250).build());
        for (Scenario s : scenarios) {
            for (Strategy strategy : List.of(Strategy.EACH_STEP_NO_KEY, Strategy.EACH_STEP_NEW_KEY,
                    Strategy.EACH_STEP_SAME_KEY, Strategy.WHOLE_JOB_SAME_KEY, Strategy.WHOLE_JOB_SKIP_FINISHED,
                    Strategy.of(RetryScope.WHOLE_JOB, KeyMode.SAME, StoreKind.CLAIM_TABLE))) {
                assertEquals(values(run(s, strategy)), values(run(s.toBuilder().workflow(copy).build(), strategy)),
                        strategy.name());
            }
        }
    }

    /** The checkout: a keyed charge that may lose its reply, a local reservation, a receipt that never loses one. */
    private static final Workflow CHECKOUT = new Workflow("checkout", List.of(
            Step.external("charge the card", true, null), Step.local("reserve the stock"),
            Step.external("send the receipt", false, 0.0)));

    @Test
    void theExplorersChoicePointsAreTheWorkflowsCalls() {
        Scenario one = Scenario.article().toBuilder().jobs(1).callTime(CallTimeShape.FIXED).jitter(false)
                .workflow(CHECKOUT).build();
        List<Explorer.Schedule> all = new ArrayList<>();
        Explorer.explore(one, NO_KEY, EnumSet.allOf(FaultKind.class), 1, false, RunControl.NONE, all::add);
        // The fault-free run, then one fault at each choice point of it: a failure at each of the 3 calls, a crash
        // after each of the 3 side effects, a lost reply of the charge alone (the reservation is local and the
        // receipt declares lostReply 0: neither draws one) and a repeat: 9 schedules.
        assertEquals(9, all.size());
        // The charge is done twice by its lost reply (retried, no key) and by the repeat; the other two by the
        // repeat alone. A crash loses the job with the in-memory queue.
        long[] twice = new long[3];
        for (Explorer.Schedule sc : all) {
            for (int step = 0; step < 3; step++) {
                twice[step] += sc.result().repeatedStepsByStep().get(step) > 0 ? 1 : 0;
            }
        }
        assertEquals(List.of(2L, 1L, 1L), Arrays.stream(twice).boxed().toList());
        Explorer.Result r = Explorer.explore(one, NO_KEY, EnumSet.allOf(FaultKind.class), 1,
                RunControl.NONE);
        assertEquals(List.of("charge the card", "reserve the stock", "send the receipt"), r.stepNames());
        assertEquals(3, r.lostSchedules());
    }

    private static Map<String, Object> values(StrategyResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Metric metric : Metric.values()) {
            m.put(metric.id(), metric.value(r));
        }
        return m;
    }
}
