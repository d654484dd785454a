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

    @Test
    void aClaimTablesRowsOutliveACrashAndTheRunningClaimShowsItsLeaseRunningOut() {
        // the workers stay down 20 virtual s, longer than the 5 s lease: nothing reclaims the row meanwhile
        LiveViewModel vm = oneSignup(StoreKind.CLAIM_TABLE, KeyMode.NONE, 20_000);
        vm.form().set(Parameter.LEASE_MS, 5_000L);
        vm.reset();
        stepUntilUser0AtStep(vm, 2); // steps 1 and 2 completed, step 3 claimed and running
        StageKeys.Shown shown = vm.stageKeys();
        assertEquals(new StageKeys.Bands(true, false), shown.bands(), "rows at the steps, no key to the provider");
        Chip done = only(shown.station(0));
        assertEquals("user_0", done.label());
        assertEquals(Look.SAVED, done.look(), "a completed claim, its result saved");
        Chip running = only(shown.station(2));
        assertEquals(Look.IN_PROGRESS, running.look());
        long lease = vm.scenario().leaseMs();
        assertEquals(lease, running.spanMs(), "the bar is a share of the lease");
        assertTrue(running.untilMs() > vm.nowMs() && running.untilMs() <= vm.nowMs() + lease, running.toString());

        long crashAt = vm.nowMs();
        assertTrue(vm.crashWorkers());
        StageKeys.Shown after = vm.stageKeys();
        // the table is durable (the second article): unlike the in-memory store's keys, nothing is wiped
        assertEquals(Look.SAVED, only(after.station(0)).look());
        assertEquals(Look.SAVED, only(after.station(1)).look());
        assertEquals(Look.IN_PROGRESS, only(after.station(2)).look(), "the crashed step's row still says in_progress");
        vm.advanceTo(Math.max(crashAt, running.untilMs()) + 1_000, 0);
        assertTrue(vm.workersDown(), "still down: no delivery has reclaimed the row");
        assertEquals(Look.LEASE_RAN_OUT, only(vm.stageKeys().station(2)).look(),
                "past locked_until the next delivery may reclaim it");
    }

    @Test
    void aLockStandsWhereTheJobIsAndGoesWhenTheJobEnds() {
        LiveViewModel vm = oneSignup(StoreKind.LOCK, KeyMode.NONE);
        vm.scopeProperty().set(RetryScope.EACH_STEP);
        vm.reset();
        stepUntilUser0AtStep(vm, 2);
        StageKeys.Shown shown = vm.stageKeys();
        // a lock covers the whole job (sidekiq-unique-jobs' digest of the job), not a step: one chip, where the job is
        assertEquals(0, shown.station(0).chips().size(), "the lock moved on with the job");
        assertEquals(0, shown.station(1).chips().size());
        Chip lock = only(shown.station(2));
        assertEquals(Look.LOCKED, lock.look());
        assertEquals(vm.scenario().lockTtlMs(), lock.spanMs(), "the bar is a share of the lock's TTL");
        while (!vm.finishedProperty().get()) {
            vm.stepOnce();
        }
        int gone = 0;
        for (int s = 0; s < SignupSteps.COUNT; s++) {
            for (Chip c : vm.stageKeys().station(s).chips()) {
                assertEquals(Look.NOT_KEPT, c.look(), "released at the job's end: a lock remembers nothing of the work");
                gone++;
            }
        }
        assertEquals(1, gone, "one outline, where the job ended");
    }
}
