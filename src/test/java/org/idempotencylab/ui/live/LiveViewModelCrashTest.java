package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Objects;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** The live view-model's crash handling, without the FX toolkit: workers down, restart, redelivery, lost jobs. */
class LiveViewModelCrashTest {
    /** One sign-up, nothing random fails: whatever happens twice comes from the crash. */
    private static LiveViewModel oneSignup(QueueKind queue, StoreKind store, KeyMode key) {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults().toBuilder().jobs(1).pFail(0)
                .lostReply(0).restartMs(1_000).visibilityTimeoutMs(3_000).leaseMs(2_000).build());
        vm.form().set(Parameter.QUEUE, queue);
        vm.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
        vm.keyModeProperty().set(key);
        vm.storeProperty().set(store);
        vm.reset();
        return vm;
    }

    private static void stepUntilUser0AtStep(LiveViewModel vm, int step) {
        while (vm.token(0) == null || vm.token(0).step() < step
                || vm.token(0).phase() != JobToken.Phase.CALLING) {
            vm.stepOnce();
        }
    }

    @Test
    void aCrashTakesTheWorkersDownUntilTheRestartAndTheDurableQueueRedelivers() {
        LiveViewModel vm = oneSignup(QueueKind.DURABLE, StoreKind.MEMORY, KeyMode.NONE);
        assertEquals(Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.NONE, StoreKind.MEMORY),
                vm.simulation().strategy(), "the three parts make the strategy the run uses");
        stepUntilUser0AtStep(vm, 7); // the email (step 7) went out; it calls step 8
        JobToken t = vm.token(0);
        assertSame(t, vm.workerTokens()[t.worker], "the worker box shows the job it runs");
        long crashAt = vm.nowMs();
        assertTrue(vm.crashWorkers());
        assertTrue(vm.workersDown());
        assertEquals(crashAt + 1_000, vm.restartAtMs());
        assertTrue(Arrays.stream(vm.workerTokens()).allMatch(Objects::isNull), "no worker runs anything");
        assertEquals(JobToken.Phase.REDELIVERY, t.phase(), "waiting for the visibility timeout");
        assertEquals(t.deliveredAtMs + 3_000, t.untilMs());
        assertFalse(vm.crashWorkers(), "a process that is down cannot crash again");
        assertTrue(vm.messageProperty().get().contains("already down"));
        assertEquals("crashes 1", vm.failuresProperty().get());
        while (vm.workersDown()) {
            vm.stepOnce();
        }
        assertEquals(crashAt + 1_000, vm.nowMs(), "restarted at the restart time");
        assertTrue(vm.log().stream().anyMatch(l -> l.contains("workers: restarted")));
        while (!vm.simulation().isFinished()) {
            vm.stepOnce();
        }
        assertEquals(2, t.delivery(), "the redelivered job is the token's second delivery");
        assertEquals(JobToken.Phase.DONE, t.phase());
        StrategyResult r = vm.simulation().result();
        assertEquals(1, r.redeliveries());
        assertEquals(1, r.usersWithDuplicateEmails(), "the wiped in-memory store let the email go out again");
        assertEquals(2, t.emails());
        assertEquals("crashes 1 · redeliveries 1", vm.failuresProperty().get());
        assertTrue(vm.countersProperty().get().endsWith("users with 2+ emails 1"));
    }

    @Test
    void anInMemoryQueueLosesTheJob() {
        LiveViewModel vm = oneSignup(QueueKind.MEMORY, StoreKind.MEMORY, KeyMode.NONE);
        stepUntilUser0AtStep(vm, 3);
        assertTrue(vm.crashWorkers());
        assertEquals(JobToken.Phase.LOST, vm.token(0).phase());
        assertFalse(vm.token(0).active());
        assertEquals("lost 1 · crashes 1", vm.failuresProperty().get()); // in the order of Metric
        assertTrue(vm.countersProperty().get().startsWith("jobs done 0 · failed 0"), "lost is not done");
    }

    @Test
    void theClaimTableReclaimsTheCrashedStepAfterItsLease() {
        LiveViewModel vm = oneSignup(QueueKind.DURABLE, StoreKind.CLAIM_TABLE, KeyMode.SAME);
        stepUntilUser0AtStep(vm, 4);
        assertTrue(vm.crashWorkers());
        while (!vm.simulation().isFinished()) {
            vm.stepOnce();
        }
        StrategyResult r = vm.simulation().result();
        assertEquals(1, r.leaseReclaims());
        // the click stopped the call before its side effect; the completed steps are skipped with their results
        assertEquals(0, r.repeatedSteps());
        assertEquals(0, r.usersWithDuplicateEmails());
        assertTrue(vm.log().stream().anyMatch(l -> l.contains("lease reclaimed")));
    }

    @Test
    void skipFinishedWithNoStoreIsAMessageNotAnException() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        SignupSimulation before = vm.simulation();
        vm.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
        vm.storeProperty().set(StoreKind.LOCK);
        assertTrue(vm.strategyProblemProperty().get().startsWith("Store: lock only keeps no record"));
        assertTrue(vm.pendingChangesProperty().get());
        vm.reset();
        assertSame(before, vm.simulation(), "no reset with a strategy that cannot be");
        assertEquals(vm.strategyProblemProperty().get(), vm.messageProperty().get());
        vm.storeProperty().set(StoreKind.CLAIM_TABLE);
        assertEquals("", vm.strategyProblemProperty().get());
        vm.reset();
        assertEquals(StoreKind.CLAIM_TABLE, vm.simulation().strategy().store());
        // a preset sets all three parts
        vm.strategyProperty().set(Strategy.EACH_STEP_SAME_KEY);
        assertEquals(RetryScope.EACH_STEP, vm.scopeProperty().get());
        assertEquals(KeyMode.SAME, vm.keyModeProperty().get());
        assertEquals(StoreKind.NONE, vm.storeProperty().get());
        assertNull(vm.selectedProperty().get());
    }
}
