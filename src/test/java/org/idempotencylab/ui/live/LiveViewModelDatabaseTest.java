package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.DelegatingClaimStore;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.JdbcClaimStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live mode on a real database: the claim table of the live run lives in SQLite; a bad URL
 * or an unreachable database gives a clear message and the run does not start; a database failing mid-run
 * stops the run. Without the FX toolkit.
 */
class LiveViewModelDatabaseTest {
    /** Ten sign-ups, 1% crashes after side effects, a durable queue: the claim table has work to show. */
    private static final Scenario TEN = LiveViewModel.classroomDefaults().toBuilder().jobs(10).pCrash(0.05)
            .queue(QueueKind.DURABLE).restartMs(1_000).visibilityTimeoutMs(3_000).leaseMs(2_000).build();
    private static final Strategy CLAIM = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
            StoreKind.CLAIM_TABLE);

    private static LiveViewModel claimTableRun() {
        LiveViewModel vm = new LiveViewModel(TEN);
        vm.scopeProperty().set(CLAIM.scope());
        vm.keyModeProperty().set(CLAIM.keyMode());
        vm.storeProperty().set(CLAIM.store());
        return vm;
    }

    private static void stepToTheEnd(LiveViewModel vm) {
        for (int i = 0; i < 200_000 && !vm.simulation().isFinished(); i++) {
            vm.stepOnce();
        }
        assertTrue(vm.simulation().isFinished());
    }

    @Test
    void aRunOnSqliteGivesTheModelsNumbersAndLeavesItsRowsInTheFile(@TempDir Path dir) {
        String url = "jdbc:sqlite:" + dir.resolve("lab.db");
        LiveViewModel vm = claimTableRun();
        vm.databaseUrlProperty().set(url);
        vm.reset();
        assertNotNull(vm.database(), "the run's claim table is the database");
        assertSame(vm.database(), vm.simulation().claimStore());
        stepToTheEnd(vm);
        StrategyResult onDisk = vm.simulation().result();
        // The same scenario on the in-memory model: the database changes where rows live, not what happens.
        StrategyResult model = new SignupSimulation(TEN, CLAIM, RunControl.NONE).run();
        assertEquals(model, onDisk);
        assertTrue(onDisk.crashes() > 0, "the run had crashes to show: " + onDisk.crashes());
        // Every user's ten steps completed, and the live run keeps its rows (nothing is forgotten early).
        JdbcClaimStore first = (JdbcClaimStore) vm.database();
        JdbcClaimStore.Options firstRun = new JdbcClaimStore.Options(first.table(), first.runId(), first.epoch());
        try (JdbcClaimStore reader = JdbcClaimStore.open(url, firstRun)) {
            assertEquals(10L * TEN.jobs(), reader.size());
        }
        // A new Reset is a new run: it starts with no rows of its own and gives the same numbers again, and the
        // first run's rows are still in the file, untouched.
        vm.reset();
        assertNotSame(first, vm.database());
        assertEquals(0, vm.database().size());
        stepToTheEnd(vm);
        assertEquals(model, vm.simulation().result());
        assertEquals(10L * TEN.jobs(), vm.database().size());
        try (JdbcClaimStore reader = JdbcClaimStore.open(url, firstRun)) {
            assertEquals(10L * TEN.jobs(), reader.size());
            assertTrue(reader.rows(Integer.MAX_VALUE).stream().allMatch(r -> r.status() == ClaimRow.Status.COMPLETED));
        }
    }

    @Test
    void aBadUrlSaysWhyAndTheCurrentRunStays() {
        LiveViewModel vm = claimTableRun();
        vm.reset(); // the in-memory model
        SignupSimulation before = vm.simulation();
        vm.databaseUrlProperty().set("jdbc:nope:x");
        assertTrue(vm.pendingChangesProperty().get(), "a new database is a change that applies on Reset");
        vm.reset();
        assertSame(before, vm.simulation(), "the run did not start; the old one is untouched");
        assertNull(vm.database());
        String m = vm.messageProperty().get();
        assertTrue(m.startsWith("Database: ") && m.contains("jdbc:nope:x") && m.endsWith("The run did not start."),
                m);
        assertFalse(vm.connectingProperty().get());
    }

    @Test
    void theDatabaseIsOpenedOffTheCallersThreadAndALaterResetWins(@TempDir Path dir) {
        ArrayDeque<Runnable> background = new ArrayDeque<>();
        ArrayDeque<Runnable> fx = new ArrayDeque<>();
        AtomicInteger closed = new AtomicInteger();
        LiveViewModel vm = claimTableRun();
        vm.setDatabaseAccess(url -> new CountingClose(JdbcClaimStore.open(url), closed), background::add, fx::add);
        vm.databaseUrlProperty().set("jdbc:sqlite:" + dir.resolve("a.db"));
        vm.reset();
        assertTrue(vm.connectingProperty().get());
        assertNull(vm.simulation(), "nothing runs until the database answers");
        assertTrue(vm.messageProperty().get().startsWith("Connecting to jdbc:sqlite:"));
        vm.reset(); // pressed again while connecting
        background.poll().run();
        background.poll().run();
        fx.poll().run(); // the first answer: a newer Reset came, so it is closed (off the FX thread) and ignored
        assertEquals(0, closed.get(), "closing is a round trip too: on the background executor");
        background.poll().run();
        assertEquals(1, closed.get());
        assertNull(vm.simulation());
        fx.poll().run();
        assertNotNull(vm.simulation());
        assertFalse(vm.connectingProperty().get());
        assertEquals("", vm.messageProperty().get());
    }

    @Test
    void aDatabaseFailingMidRunStopsTheRunWithItsMessage(@TempDir Path dir) {
        AtomicInteger calls = new AtomicInteger();
        LiveViewModel vm = claimTableRun();
        vm.setDatabaseAccess(url -> new FailingAfter(JdbcClaimStore.open(url), calls, 5), Runnable::run,
                Runnable::run);
        vm.databaseUrlProperty().set("jdbc:sqlite:" + dir.resolve("b.db"));
        vm.reset();
        for (int i = 0; i < 50; i++) {
            vm.stepOnce();
        }
        String m = vm.messageProperty().get();
        assertTrue(m.startsWith("Database: disk gone") && m.endsWith("press Reset (R) to start over."), m);
        long events = vm.simulation().eventsFired();
        vm.stepOnce();
        vm.playingProperty().set(true); // (the Play button would start over, as after any finished run)
        vm.frame(1_000_000_000L, 1_000_000_000L);
        assertEquals(events, vm.simulation().eventsFired(), "nothing advances on a broken run");
    }

    /** Counts closes. */
    private static final class CountingClose extends DelegatingClaimStore {
        private final AtomicInteger closed;

        CountingClose(ClaimStore real, AtomicInteger closed) {
            super(real);
            this.closed = closed;
        }

        @Override
        public void close() {
            closed.incrementAndGet();
            super.close();
        }
    }

    /** Claims work {@code ok} times, then the database is gone. */
    private static final class FailingAfter extends DelegatingClaimStore {
        private final AtomicInteger calls;
        private final int ok;

        FailingAfter(ClaimStore real, AtomicInteger calls, int ok) {
            super(real);
            this.calls = calls;
            this.ok = ok;
        }

        @Override
        public ClaimResult claim(String key, String fingerprint, String owner, long nowMs,
                                                          long leaseMs) {
            if (calls.incrementAndGet() > ok) {
                throw new ClaimStoreException(null, "disk gone.", null);
            }
            return super.claim(key, fingerprint, owner, nowMs, leaseMs);
        }
    }
}
