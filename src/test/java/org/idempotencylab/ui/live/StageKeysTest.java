package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.ui.live.StageKeys.Chip;
import org.idempotencylab.ui.live.StageKeys.Look;
import org.junit.jupiter.api.Test;

/**
 * The records the stage draws where the step is, without the toolkit: a finished step's key at its station with
 * its TTL, the same key wiped by a crash, the provider's key, and no band where the run keeps no such record.
 */
class StageKeysTest {
    /** One sign-up, nothing random fails: what happens twice comes from a click. */
    private static LiveViewModel oneSignup(StoreKind store, KeyMode key) {
        return oneSignup(store, key, 1_000);
    }

    /** @param restartMs virtual ms the worker process takes to come back after a crash */
    private static LiveViewModel oneSignup(StoreKind store, KeyMode key, long restartMs) {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults().toBuilder().jobs(1).pFail(0)
                .lostReply(0).restartMs(restartMs).visibilityTimeoutMs(3_000).build());
        vm.form().set(Parameter.QUEUE, QueueKind.DURABLE);
        vm.scopeProperty().set(store == StoreKind.NONE ? RetryScope.EACH_STEP : RetryScope.WHOLE_JOB_SKIP_FINISHED);
        vm.keyModeProperty().set(key);
        vm.storeProperty().set(store);
        vm.reset();
        return vm;
    }

    private static void stepUntilUser0AtStep(LiveViewModel vm, int step) {
        while (vm.token(0) == null || vm.token(0).step() < step || vm.token(0).phase() != JobToken.Phase.CALLING) {
            vm.stepOnce();
        }
    }

    private static Chip only(StageKeys.Band band) {
        assertEquals(1, band.chips().size(), "one record: " + band);
        return band.chips().get(0);
    }

    @Test
    void aFinishedStepsKeyStandsAtItsStationWithItsTtlAndACrashLeavesItsWipedOutline() {
        LiveViewModel vm = oneSignup(StoreKind.MEMORY, KeyMode.SAME);
        stepUntilUser0AtStep(vm, 2); // steps 1 and 2 finished, step 3 running
        StageKeys.Shown shown = vm.stageKeys();
        assertEquals(new StageKeys.Bands(true, true), shown.bands(), "a store at the steps, a key to the provider");
        Chip first = only(shown.station(0));
        assertEquals("user_0", first.label());
        assertEquals("save the user:user_0", first.key());
        assertEquals(Look.SAVED, first.look(), "a finished step's key, remembered with its saved result");
        // the store keeps a finished key for its TTL from when it finished: the bar is a share of that TTL
        assertEquals(vm.simulation().store().ttlMs(), first.spanMs());
        assertTrue(first.untilMs() > vm.nowMs() && first.untilMs() <= vm.nowMs() + first.spanMs(), first.toString());
        assertEquals(Look.RUNNING, only(shown.station(2)).look(), "the step that runs now: its key running");
        assertEquals(0, shown.station(3).chips().size(), "no record where the job has not been");
        assertEquals(3, shown.station(0).held() + shown.station(1).held() + shown.station(2).held());

        long crashAt = vm.nowMs();
        assertTrue(vm.crashWorkers());
        StageKeys.Shown after = vm.stageKeys();
        for (int s = 0; s <= 2; s++) { // the process held the store: every key it held is gone at once
            Chip wiped = only(after.station(s));
            assertEquals(Look.WIPED, wiped.look(), "step " + s);
            assertEquals(crashAt, wiped.sinceMs());
            assertEquals(0, after.station(s).held(), "a wiped key is shown, not counted as held");
        }
    }

    @Test
    void aWipedKeyStaysInSightAsLongAsTheWorkersAreDownAtAnySpeed() {
        LiveViewModel vm = oneSignup(StoreKind.MEMORY, KeyMode.NONE, 20_000);
        stepUntilUser0AtStep(vm, 2);
        long crashAt = vm.nowMs();
        assertTrue(vm.crashWorkers());
        // 15 virtual s later (0.3 s of a class's time at 50×) the process is still down and its store still empty:
        // the outlines say what the crash took until a new call comes to the station
        vm.advanceTo(crashAt + 15_000, 0);
        assertTrue(vm.workersDown());
        for (int s = 0; s <= 1; s++) {
            assertEquals(Look.WIPED, only(vm.stageKeys().station(s)).look(), "step " + s);
        }
    }

    @Test
    void theProviderRemembersTheSameKeyFromTheFirstEmailForItsTtl() {
        LiveViewModel vm = oneSignup(StoreKind.NONE, KeyMode.SAME);
        stepUntilUser0AtStep(vm, SignupSteps.EMAIL + 1); // the welcome email went out
        StageKeys.Shown shown = vm.stageKeys();
        assertEquals(new StageKeys.Bands(false, true), shown.bands(), "no store at the steps; a key to the provider");
        Chip key = only(shown.provider());
        assertEquals(Look.SAVED, key.look());
        assertEquals(vm.scenario().providerKeyTtlMs(), key.spanMs());
        assertEquals(key.sinceMs() + key.spanMs(), key.untilMs(), "remembered from the email on for its TTL");
    }

    @Test
    void aRunWithNoKeyAndNoStoreHasNoBandToTakeRoomFromTheStage() {
        LiveViewModel vm = oneSignup(StoreKind.NONE, KeyMode.NONE);
        stepUntilUser0AtStep(vm, SignupSteps.EMAIL + 1);
        assertEquals(StageKeys.Bands.NONE, vm.stageKeys().bands());
        assertEquals(0, vm.stageKeys().provider().chips().size());
    }
}
