package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.idempotencylab.store.ClaimResult.Kind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link ClaimStore} rules (second article + Stripe's key mismatch), run against every implementation.
 * Times are virtual ms passed explicitly; nothing here waits on a real clock.
 */
abstract class ClaimStoreContract {

    static final String FP = "fp-A";
    static final String OTHER_FP = "fp-B";
    static final long LEASE = 1_000;

    protected ClaimStore store;

    /** @return a store over an empty table. */
    protected abstract ClaimStore newStore() throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = newStore();
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void firstClaimIsClaimedWithALeaseToNowPlusLease() {
        ClaimResult r = store.claim("charge:order_1", FP, "w1", 100, LEASE);
        assertEquals(Kind.CLAIMED, r.kind());
        assertTrue(r.owned());
        assertEquals("w1", r.holder());
        assertEquals(1_100, r.lockedUntilMs(), "lease runs to now + lease = 100 + 1000");

        ClaimRow row = store.get("charge:order_1").orElseThrow();
        assertEquals(ClaimRow.Status.IN_PROGRESS, row.status());
        assertEquals("w1", row.owner());
        assertEquals(1_100, row.lockedUntilMs());
        assertEquals(100, row.createdAtMs());
        assertNull(row.completedAtMs());
        assertNull(row.result());
        assertEquals(FP, row.fingerprint());
        assertEquals(1, row.claims());
    }

    @Test
    void anotherOwnerBeforeTheLeaseEndsGetsInProgress() {
        store.claim("k", FP, "w1", 0, LEASE);
        ClaimResult r = store.claim("k", FP, "w2", 500, LEASE);
        assertEquals(Kind.IN_PROGRESS, r.kind());
        assertFalse(r.owned());
        assertEquals("w1", r.holder(), "names who holds it");
        assertEquals(1_000, r.lockedUntilMs(), "the holder's lease, unchanged by the refused claim");
        assertNull(r.result());
        assertEquals("w1", store.get("k").orElseThrow().owner());
    }

    @Test
    void theHolderItselfAlsoGetsInProgressWhileItsLeaseRuns() {
        store.claim("k", FP, "w1", 0, LEASE);
        ClaimResult r = store.claim("k", FP, "w1", 10, LEASE);
        assertEquals(Kind.IN_PROGRESS, r.kind(), "a claim is not re-entrant: the same owner is refused too");
        assertEquals(1_000, store.get("k").orElseThrow().lockedUntilMs(), "no lease extension");
    }

    @Test
    void completedKeyReturnsItsSavedResultToAnyOwnerWithoutWork() {
        store.claim("k", FP, "w1", 0, LEASE);
        assertTrue(store.complete("k", "w1", "{\"chargeId\":\"ch_1\"}", 300));
        for (String owner : List.of("w1", "w2", "w3")) {
            ClaimResult r = store.claim("k", FP, owner, 400, LEASE);
            assertEquals(Kind.COMPLETED, r.kind());
            assertFalse(r.owned());
            assertEquals("{\"chargeId\":\"ch_1\"}", r.result());
        }
        ClaimRow row = store.get("k").orElseThrow();
        assertEquals(ClaimRow.Status.COMPLETED, row.status());
        assertEquals(300L, row.completedAtMs());
        assertEquals("{\"chargeId\":\"ch_1\"}", row.result());
    }

    @Test
    void aNullResultIsSavedAsNone() {
        store.claim("k", FP, "w1", 0, LEASE);
        assertTrue(store.complete("k", "w1", null, 1));
        ClaimResult r = store.claim("k", FP, "w2", 2, LEASE);
        assertEquals(Kind.COMPLETED, r.kind());
        assertNull(r.result());
    }

    @Test
    void aCompletedKeyIsNeverReclaimedEvenLongAfterItsLease() {
        store.claim("k", FP, "w1", 0, LEASE);
        store.complete("k", "w1", "r1", 10);
        // lease ran to 1,000; a day later locked_until < now holds, but status = completed excludes it
        ClaimResult r = store.claim("k", FP, "w2", 86_400_000L, LEASE);
        assertEquals(Kind.COMPLETED, r.kind());
        assertEquals("r1", r.result());
        ClaimRow row = store.get("k").orElseThrow();
        assertEquals("w1", row.owner(), "the row is unchanged");
        assertEquals(1, row.claims());
    }

    @Test
    void leaseExpiredClaimIsReclaimedAfterItsLeaseAndNotBefore() {
        // w1 claims at 0 with a 1,000 ms lease, then vanishes (never completes, never releases).
        ClaimResult first = store.claim("k", FP, "w1", 0, LEASE);
        assertEquals(1_000, first.lockedUntilMs());
        // The rule is the article's SQL: reclaimable iff locked_until < now. 999 and 1,000 are not after 1,000.
        assertEquals(Kind.IN_PROGRESS, store.claim("k", FP, "w2", 999, LEASE).kind(), "lockedUntil - 1");
        assertEquals(Kind.IN_PROGRESS, store.claim("k", FP, "w2", 1_000, LEASE).kind(), "at lockedUntil");
        ClaimResult r = store.claim("k", FP, "w2", 1_001, LEASE);
        assertEquals(Kind.RECLAIMED, r.kind(), "lockedUntil + 1: the holder vanished");
        assertTrue(r.owned());
        assertEquals("w2", r.holder());
        assertEquals(2_001, r.lockedUntilMs(), "a new lease from now: 1,001 + 1,000");

        ClaimRow row = store.get("k").orElseThrow();
        assertEquals("w2", row.owner());
        assertEquals(2_001, row.lockedUntilMs());
        assertEquals(0, row.createdAtMs(), "a reclaim keeps the row's creation time");
        assertEquals(2, row.claims());
        // w2's new lease now protects it from w3
        assertEquals(Kind.IN_PROGRESS, store.claim("k", FP, "w3", 2_001, LEASE).kind());
        // the vanished w1 comes back late: it may not complete w2's claim
        assertFalse(store.complete("k", "w1", "late", 2_002));
        assertTrue(store.complete("k", "w2", "r2", 2_002));
        assertEquals("r2", store.claim("k", FP, "w3", 5_000, LEASE).result());
    }

    @Test
    void theHolderMayCompleteAfterItsLeaseRanOutIfNobodyReclaimed() {
        store.claim("k", FP, "w1", 0, LEASE);
        assertTrue(store.complete("k", "w1", "r1", 5_000), "still the holder: nobody took the key over");
        assertEquals(Kind.COMPLETED, store.claim("k", FP, "w2", 5_001, LEASE).kind());
    }

    @Test
    void releaseAfterAFailureLetsTheNextClaimBeClaimedAtOnce() {
        store.claim("k", FP, "w1", 0, LEASE);
        assertTrue(store.release("k", "w1"), "the holder's in_progress row is deleted");
        assertTrue(store.get("k").isEmpty(), "a run that throws is not remembered");
        ClaimResult r = store.claim("k", FP, "w2", 1, LEASE);
        assertEquals(Kind.CLAIMED, r.kind(), "at 1 ms, long before the old lease (1,000) ran out");
        assertEquals(1, store.get("k").orElseThrow().claims());
    }

    @Test
    void deleteRemovesARowWhateverItsStatusOrOwner() {
        store.claim("a", FP, "w1", 0, LEASE);
        store.claim("b", FP, "w1", 0, LEASE);
        store.complete("b", "w1", "r", 5);
        assertTrue(store.delete("a"), "in_progress, held by w1, deleted without its owner");
        assertTrue(store.delete("b"), "completed too");
        assertFalse(store.delete("b"), "already gone");
        assertEquals(0, store.size());
        assertEquals(Kind.CLAIMED, store.claim("b", OTHER_FP, "w2", 6, LEASE).kind(),
                "a deleted key is free, whatever fingerprint it had");
    }

    @Test
    void releaseByANonHolderOrOfACompletedKeyChangesNothing() {
        store.claim("k", FP, "w1", 0, LEASE);
        assertFalse(store.release("k", "w2"));
        assertEquals("w1", store.get("k").orElseThrow().owner());
        store.complete("k", "w1", "r1", 5);
        assertFalse(store.release("k", "w1"), "a completed key is never forgotten by release");
        assertEquals(Kind.COMPLETED, store.claim("k", FP, "w3", 6, LEASE).kind());
        assertFalse(store.release("missing", "w1"));
    }

    @Test
    void completeByANonOwnerIsRefusedAndChangesNothing() {
        store.claim("k", FP, "w1", 0, LEASE);
        assertFalse(store.complete("k", "w2", "forged", 10));
        ClaimRow row = store.get("k").orElseThrow();
        assertEquals(ClaimRow.Status.IN_PROGRESS, row.status());
        assertNull(row.result());
        assertFalse(store.complete("never-claimed", "w1", "x", 10));
        assertTrue(store.get("never-claimed").isEmpty());
    }

    @Test
    void aRenewalByTheHolderMovesTheLeaseOnAndNobodyElsesDoes() {
        store.claim("k", FP, "w1", 0, LEASE); // leased to 1,000
        assertTrue(store.renew("k", "w1", 800, LEASE), "the holder's heartbeat");
        assertEquals(1_800L, store.get("k").orElseThrow().lockedUntilMs(), "now + lease = 800 + 1000");
        assertEquals(Kind.IN_PROGRESS, store.claim("k", FP, "w2", 1_500, LEASE).kind(),
                "renewed: at 1,500 the lease still holds");
        assertFalse(store.renew("k", "w2", 1_600, LEASE), "only the holder renews");
        // an expired lease nobody took over yet can still be renewed by its holder (BullMQ checks the token only)
        assertTrue(store.renew("k", "w1", 2_500, LEASE));
        assertEquals(3_500L, store.get("k").orElseThrow().lockedUntilMs());
        assertEquals(Kind.RECLAIMED, store.claim("k", FP, "w2", 3_501, LEASE).kind());
        assertFalse(store.renew("k", "w1", 3_600, LEASE), "reclaimed: the old holder lost its claim");
        assertTrue(store.complete("k", "w2", "done", 3_700));
        assertFalse(store.renew("k", "w2", 3_800, LEASE), "a completed key has no lease to renew");
        assertFalse(store.renew("never-claimed", "w1", 0, LEASE));
        assertThrows(IllegalArgumentException.class, () -> store.renew("k", "w2", 0, 0));
    }

    @Test
    void completingTwiceIsRefusedAndKeepsTheFirstResult() {
        store.claim("k", FP, "w1", 0, LEASE);
        assertTrue(store.complete("k", "w1", "first", 10));
        assertFalse(store.complete("k", "w1", "second", 20));
        ClaimRow row = store.get("k").orElseThrow();
        assertEquals("first", row.result());
        assertEquals(10L, row.completedAtMs());
    }

    @Test
    void sameKeyDifferentFingerprintIsAKeyMismatchWhileInProgress() {
        store.claim("k", FP, "w1", 0, LEASE);
        ClaimResult r = store.claim("k", OTHER_FP, "w2", 10, LEASE);
        assertEquals(Kind.KEY_MISMATCH, r.kind());
        assertFalse(r.owned());
        assertNull(r.result());
        assertTrue(r.errorMessage().startsWith("idempotency_error (HTTP 400)"), r.errorMessage());
        // also once the lease has expired: the fingerprint is checked before any reclaim
        assertEquals(Kind.KEY_MISMATCH, store.claim("k", OTHER_FP, "w2", 5_000, LEASE).kind());
        ClaimRow row = store.get("k").orElseThrow();
        assertEquals("w1", row.owner(), "a mismatched claim never takes the key");
        assertEquals(FP, row.fingerprint());
        assertEquals(1, row.claims());
    }

    @Test
    void sameKeyDifferentFingerprintAfterCompletionNeverReturnsTheFirstResult() {
        store.claim("k", FP, "w1", 0, LEASE);
        store.complete("k", "w1", "{\"chargeId\":\"ch_1\"}", 10);
        ClaimResult r = store.claim("k", OTHER_FP, "w1", 20, LEASE);
        assertEquals(Kind.KEY_MISMATCH, r.kind());
        assertNull(r.result(), "the first request's result is never handed to a different request");
        assertNotNull(r.errorMessage());
        // the original request still gets its result
        assertEquals("{\"chargeId\":\"ch_1\"}", store.claim("k", FP, "w3", 30, LEASE).result());
    }

    @Test
    void keysAreIndependent() {
        assertEquals(Kind.CLAIMED, store.claim("a", FP, "w1", 0, LEASE).kind());
        assertEquals(Kind.CLAIMED, store.claim("b", OTHER_FP, "w2", 0, LEASE).kind());
        assertEquals(2, store.size());
    }

    @Test
    void rowsShowStatusOwnerAndLeaseOrderedByCreationForALiveView() {
        store.claim("k2", FP, "w1", 20, LEASE);
        store.claim("k1", FP, "w2", 10, 50);
        store.claim("k3", FP, "w3", 30, LEASE);
        store.complete("k1", "w2", "r1", 15);

        List<ClaimRow> rows = store.rows(10);
        assertEquals(List.of("k1", "k2", "k3"), rows.stream().map(ClaimRow::key).toList(),
                "ordered by created_at: 10, 20, 30");
        ClaimRow k1 = rows.get(0);
        assertEquals(ClaimRow.Status.COMPLETED, k1.status());
        assertEquals("r1", k1.result());
        assertEquals(60, k1.lockedUntilMs(), "10 + 50, kept on completion");
        assertEquals(15L, k1.completedAtMs());
        ClaimRow k2 = rows.get(1);
        assertEquals(ClaimRow.Status.IN_PROGRESS, k2.status());
        assertEquals("w1", k2.owner());
        assertEquals(1_020, k2.lockedUntilMs());

        assertEquals(List.of("k1", "k2"), store.rows(2).stream().map(ClaimRow::key).toList());
        assertEquals(List.of(), store.rows(0));
        store.clear();
        assertEquals(0, store.size());
        assertEquals(List.of(), store.rows(10));
    }

    @Test
    void aLiveViewGetsTheInProgressRowsFirstBeforeTheLimitAndCountsOverTheWholeTable() {
        assertEquals(ClaimCounts.NONE, store.counts(0), "an empty table counts nothing (no NULL sums)");
        // 30 completed rows created first, then two claims left in progress (one of them reclaimed later)
        for (int i = 0; i < 30; i++) {
            String key = String.format("done_%02d", i);
            store.claim(key, FP, "w1", i, LEASE);
            store.complete(key, "w1", "r", i + 1);
        }
        store.claim("stuck_b", FP, "w2", 100, 50);
        store.claim("stuck_a", FP, "w3", 100, LEASE);
        assertEquals(Kind.RECLAIMED, store.claim("stuck_b", FP, "w4", 151, 50).kind());

        List<ClaimRow> first = store.rowsInProgressFirst(5);
        assertEquals(List.of("stuck_a", "stuck_b", "done_00", "done_01", "done_02"),
                first.stream().map(ClaimRow::key).toList(),
                "in_progress first (created at 100, then key), then completed by created_at; the limit after that");
        assertEquals(List.of("stuck_a"), store.rowsInProgressFirst(1).stream().map(ClaimRow::key).toList());
        assertEquals(List.of(), store.rowsInProgressFirst(0));
        assertEquals(32, store.rowsInProgressFirst(100).size());

        assertEquals(new ClaimCounts(32, 2, 30, 0, 1), store.counts(200), "stuck_b's lease runs to 201");
        assertEquals(new ClaimCounts(32, 2, 30, 1, 1), store.counts(202), "locked_until < now: expired");
        assertEquals(new ClaimCounts(32, 2, 30, 2, 1), store.counts(1_101));
        assertThrows(IllegalArgumentException.class, () -> store.counts(-1));
        assertThrows(IllegalArgumentException.class, () -> store.rowsInProgressFirst(-1));
    }

    @Test
    void badArgumentsNameTheFieldTheValueAndTheRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> store.claim("k", FP, "w1", 0, 0));
        assertTrue(e.getMessage().startsWith("leaseMs: 0 is outside the allowed range 1 to "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> store.claim("", FP, "w1", 0, 1));
        assertEquals("key: '' is outside the allowed range 1 to 255 characters", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> store.claim("k", "x".repeat(129), "w1", 0, 1));
        assertEquals("fingerprint: a text of 129 characters is outside the allowed range 1 to 128 characters",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> store.claim("k", FP, "w1", -1, 1));
        assertTrue(e.getMessage().startsWith("nowMs: -1 is outside the allowed range 0 to "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> store.claim("k", FP, "w1", Long.MAX_VALUE, 1),
                "now + lease would overflow");
        assertEquals(0, store.size(), "nothing was written");
    }

    /**
     * 8 threads race on 1,000 keys. Each thread tries every key, all 8 at once on the same key; it does the
     * "work" only on CLAIMED/RECLAIMED, then completes. All threads share one virtual instant and the lease is
     * far longer than the test, so no lease expires: exactly one claim per key can win, and the other 7 get
     * IN_PROGRESS (still running) or COMPLETED (done). Expected: work ran exactly once for each of the 1,000 keys,
     * 1,000 claims won, 7,000 refused, and every row completed with its winner's result.
     */
    @Test
    void eightThreadsRacingOnAThousandKeysRunEachKeysWorkExactlyOnce() throws Exception {
        int threads = 8;
        int keys = 1_000;
        Map<String, AtomicInteger> work = new ConcurrentHashMap<>();
        AtomicInteger won = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        CyclicBarrier sameKey = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    try {
                        for (int k = 0; k < keys; k++) {
                            // all 8 threads line up at the barrier, then claim the same key at the same moment
                            sameKey.await(60, TimeUnit.SECONDS);
                            String key = "job:" + k;
                            String owner = "worker-" + thread;
                            ClaimResult r = store.claim(key, FP, owner, 0, 3_600_000);
                            if (r.owned()) {
                                won.incrementAndGet();
                                work.computeIfAbsent(key, x -> new AtomicInteger()).incrementAndGet();
                                assertTrue(store.complete(key, owner, "done by " + owner, 1));
                            } else {
                                assertTrue(r.kind() == Kind.IN_PROGRESS || r.kind() == Kind.COMPLETED,
                                        r.toString());
                                refused.incrementAndGet();
                            }
                        }
                        return null;
                    } catch (Throwable failure) {
                        sameKey.reset(); // free the other threads at once instead of letting them wait for a timeout
                        throw failure;
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(keys, work.size(), "every key's work ran");
        work.forEach((key, n) -> assertEquals(1, n.get(), key + " ran " + n.get() + " times"));
        assertEquals(keys, won.get());
        assertEquals((threads - 1) * keys, refused.get());
        List<ClaimRow> rows = store.rows(keys + 1);
        assertEquals(keys, rows.size());
        for (ClaimRow row : rows) {
            assertEquals(ClaimRow.Status.COMPLETED, row.status(), row.key());
            assertEquals("done by " + row.owner(), row.result());
            assertEquals(1, row.claims());
        }
    }
}
