package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimCounts;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live run on a database never calls the database on the FX thread: with the executors the lab gives it (a
 * background thread, and a hand-back to the "FX" thread, here a thread of the test's standing in for it), every
 * claim-table call of playing, stepping, crashing and the key store's reads happens on the background thread; a
 * database that stops answering leaves every call on the FX thread quick; and the numbers are those of the
 * in-thread path. Without the FX toolkit.
 */
class LiveViewModelOffTheFxThreadTest {
    /** 30 sign-ups, crashes after side effects, a durable queue and short leases: claims, reclaims, refusals. */
    private static final Scenario RUN = LiveViewModel.classroomDefaults().toBuilder().jobs(30).pCrash(0.05)
            .queue(QueueKind.DURABLE).restartMs(1_000).visibilityTimeoutMs(3_000).leaseMs(2_000).build();
    private static final Strategy CLAIM = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
            StoreKind.CLAIM_TABLE);
    private static final long FRAME_NANOS = 16_666_667;

    private final ExecutorService fx = Executors.newSingleThreadExecutor(r -> new Thread(r, "fake-fx"));
    private final ExecutorService db = Executors.newSingleThreadExecutor(r -> new Thread(r, "lab-database"));
    private final Set<String> threads = ConcurrentHashMap.newKeySet();
    private final AtomicInteger calls = new AtomicInteger();

    @AfterEach
    void stop() {
        fx.shutdownNow();
        db.shutdownNow();
    }

    private <T> T onFx(Callable<T> c) throws Exception {
        return fx.submit(c).get(30, TimeUnit.SECONDS);
    }

    private void onFx(Runnable r) throws Exception {
        fx.submit(r).get(30, TimeUnit.SECONDS);
    }

    /** Waits until the FX side has nothing waiting for the background thread. */
    private void settle(LiveViewModel vm) throws Exception {
        for (int i = 0; i < 3_000; i++) {
            if (!onFx(vm::busy) && !onFx(() -> vm.connectingProperty().get())) {
                return;
            }
            Thread.sleep(2);
        }
        throw new AssertionError("the background thread never answered");
    }

    private LiveViewModel claimTableRun(Path dir, String file, ClaimStoreWatch watch) {
        LiveViewModel vm = new LiveViewModel(RUN);
        vm.scopeProperty().set(CLAIM.scope());
        vm.keyModeProperty().set(CLAIM.keyMode());
        vm.storeProperty().set(CLAIM.store());
        vm.setDatabaseAccess(url -> watch.wrap(JdbcClaimStore.open(url)), db, fx);
        vm.databaseUrlProperty().set("jdbc:sqlite:" + dir.resolve(file));
        return vm;
    }

    /** Wraps a store so that every call records the thread it came on. */
    private interface ClaimStoreWatch {
        ClaimStore wrap(ClaimStore real);
    }

    @Test
    void playingSteppingCrashingAndTheKeyStoresReadsCallTheDatabaseOnlyOffTheFxThread(@TempDir Path dir)
            throws Exception {
        LiveViewModel vm = claimTableRun(dir, "play.db", real -> new ThreadRecordingClaimStore(real, threads, calls, null));
        KeyStoreViewModel keys = new KeyStoreViewModel();
        onFx(() -> {
            vm.addFrameListener(keys, KeyStoreViewModel.FLUSHES_PER_SECOND);
            vm.reset();
        });
        settle(vm);
        assertNotNull(onFx(vm::simulation), "the run started once the database opened");
        // a few steps, a crash, then play to the end, frame by frame as the animation timer does
        for (int i = 0; i < 40; i++) {
            onFx(vm::stepOnce);
        }
        settle(vm);
        onFx(vm::crashWorkers);
        onFx(() -> vm.speedProperty().set(100));
        onFx(vm::togglePlay);
        long t = 0;
        for (int frame = 0; frame < 100_000 && !onFx(() -> vm.finishedProperty().get()); frame++) {
            long now = t += FRAME_NANOS;
            onFx(() -> {
                if (!vm.playingProperty().get() && !vm.busy()) {
                    vm.togglePlay(); // Play again after a pause at a new duplicate (the hold off the FX thread)
                }
                vm.frame(FRAME_NANOS, now);
            });
            if (frame % 50 == 0) {
                settle(vm);
            }
        }
        settle(vm);
        assertTrue(onFx(() -> vm.simulation().isFinished()), "the run played to its end");
        assertTrue(calls.get() > 300, "the run went through the database: " + calls.get() + " calls");
        assertEquals(Set.of("lab-database"), threads, "every database call on the background thread");

        // the numbers are those of the in-thread path: the same scenario played in place on its own database
        StrategyResult played = onFx(() -> vm.simulation().result());
        LiveViewModel inPlace = new LiveViewModel(RUN);
        inPlace.scopeProperty().set(CLAIM.scope());
        inPlace.keyModeProperty().set(CLAIM.keyMode());
        inPlace.storeProperty().set(CLAIM.store());
        inPlace.databaseUrlProperty().set("jdbc:sqlite:" + dir.resolve("in-place.db"));
        inPlace.reset();
        for (int i = 0; i < 40; i++) {
            inPlace.stepOnce();
        }
        inPlace.crashWorkers();
        while (!inPlace.simulation().isFinished()) {
            inPlace.stepOnce();
        }
        assertEquals(inPlace.simulation().result(), played, "same seed, same numbers");
        assertTrue(played.crashes() > 0, "crashes to show: " + played.crashes());

        // the key store shows what the database holds, read on the background thread
        ClaimCounts held = vm.database().counts(vm.nowMs());
        assertEquals(held.rows(), onFx(() -> keys.claimTable().totalRowsProperty().get()));
        assertEquals((int) held.completed(), (int) onFx(() -> keys.claimTable().completedProperty().get()));
        assertFalse(onFx(() -> keys.claimTable().rows().isEmpty()));
    }

    @Test
    void aDatabaseThatStopsAnsweringLeavesTheFxThreadFree(@TempDir Path dir) throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        AtomicInteger claims = new AtomicInteger();
        LiveViewModel vm = claimTableRun(dir, "slow.db", real -> new ThreadRecordingClaimStore(real, threads, claims, answer));
        onFx(vm::reset);
        settle(vm);
        onFx(vm::togglePlay);
        // the first claim hangs: frames, a step, a click, a crash and Pause all return at once meanwhile
        long t = 0;
        long slowest = 0;
        for (int frame = 0; frame < 120; frame++) {
            long now = t += FRAME_NANOS;
            long start = System.nanoTime();
            onFx(() -> vm.frame(FRAME_NANOS, now));
            slowest = Math.max(slowest, System.nanoTime() - start);
        }
        assertTrue(onFx(vm::busy), "the claim still waits for the database");
        long start = System.nanoTime();
        onFx(vm::stepOnce);
        onFx(vm::crashWorkers);
        onFx(() -> vm.clickProvider());
        slowest = Math.max(slowest, System.nanoTime() - start);
        assertTrue(slowest < TimeUnit.MILLISECONDS.toNanos(500), "the FX thread never waited: "
                + slowest / 1_000_000 + " ms");
        assertFalse(onFx(() -> vm.playingProperty().get()), "the step paused the run");
        answer.countDown(); // the database answers again: what waited runs, in order
        settle(vm);
        assertTrue(onFx(() -> vm.simulation().eventsFired()) > 0);
        assertEquals(Set.of("lab-database"), threads);
    }
}
