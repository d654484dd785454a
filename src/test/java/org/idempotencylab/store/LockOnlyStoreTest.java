package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.idempotencylab.store.ClaimResult.Kind;
import org.idempotencylab.store.LockOnlyStore.LockRow;
import org.junit.jupiter.api.Test;

/** SETNX with a TTL: mutual exclusion while held, and no memory of the work afterwards. */
class LockOnlyStoreTest {

    private final LockOnlyStore locks = new LockOnlyStore();

    @Test
    void acquireDenyRelease() {
        assertTrue(locks.acquire("k", "w1", 0, 100));
        assertFalse(locks.acquire("k", "w2", 50, 100), "held by w1");
        assertFalse(locks.acquire("k", "w1", 50, 100), "not re-entrant");
        assertEquals(Optional.of("w1"), locks.holder("k", 50));
        assertFalse(locks.release("k", "w2"), "only the holder releases");
        assertTrue(locks.release("k", "w1"));
        assertEquals(Optional.empty(), locks.holder("k", 50));
        assertTrue(locks.acquire("k", "w2", 51, 100), "free again at once");
    }

    @Test
    void forgetDropsALiveOrExpiredLockWhateverItsOwner() {
        assertTrue(locks.acquire("k", "w1", 0, 100));
        assertTrue(locks.acquire("old", "w1", 0, 10));
        assertTrue(locks.forget("k"), "live, held by w1");
        assertTrue(locks.forget("old"), "expired at 10 but still stored");
        assertFalse(locks.forget("k"));
        assertEquals(0, locks.size());
        assertTrue(locks.acquire("k", "w2", 1, 100), "free at once");
    }

    @Test
    void aLockExpiresAtAcquirePlusTtlLikeARedisKey() {
        assertTrue(locks.acquire("k", "w1", 0, 100));
        assertFalse(locks.acquire("k", "w2", 99, 100), "alive while now < 0 + 100");
        assertTrue(locks.acquire("k", "w2", 100, 100), "gone at 100");
        assertFalse(locks.release("k", "w1"), "w1's lock expired and went to w2: w1 cannot free it");
        assertEquals(Optional.of("w2"), locks.holder("k", 150));
    }

    @Test
    void locksListsEveryStoredLockSoonestFirstWithExpiredOnesMarked() {
        assertEquals(List.of(), locks.locks(0));
        assertTrue(locks.acquire("b", "w1", 0, 300)); // gone at 300
        assertTrue(locks.acquire("a", "w2", 100, 200)); // gone at 300 too: the key breaks the tie
        assertTrue(locks.acquire("c", "w3", 50, 100)); // gone at 150
        assertEquals(List.of(new LockRow("c", "w3", 150, false), new LockRow("a", "w2", 300, false),
                new LockRow("b", "w1", 300, false)), locks.locks(149));
        assertEquals(List.of(new LockRow("c", "w3", 150, true), new LockRow("a", "w2", 300, false),
                new LockRow("b", "w1", 300, false)), locks.locks(150), "expired at 50 + 100, still stored");
        assertTrue(locks.release("a", "w2"));
        assertTrue(locks.acquire("c", "w4", 200, 1_000), "the expired lock is taken again");
        assertEquals(List.of(new LockRow("b", "w1", 300, false), new LockRow("c", "w4", 1_200, false)),
                locks.locks(200));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> locks.locks(-1));
        assertTrue(e.getMessage().startsWith("nowMs: -1 is outside the allowed range 0 to "), e.getMessage());
    }

    @Test
    void badTtlNamesTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> locks.acquire("k", "w1", 0, 0));
        assertTrue(e.getMessage().startsWith("ttlMs: 0 is outside the allowed range 1 to "), e.getMessage());
    }

    /**
     * The second article's lesson: a lock is not an idempotency record. One job is delivered, runs, succeeds;
     * then the queue redelivers it (a lost acknowledgement). With the lock only, the lock was released after the
     * work, so the redelivery acquires it and charges again: 2 side effects. With the claim table, the
     * redelivery finds the key completed and gets the saved result: 1 side effect.
     */
    @Test
    void withALockOnlyARedeliveredJobRunsAgainWhileTheClaimTableReturnsCompleted() {
        int lockCharges = 0;
        for (long deliveredAt : new long[] {0, 5_000}) {
            if (locks.acquire("charge:order_1", "delivery@" + deliveredAt, deliveredAt, 30_000)) {
                lockCharges++; // chargeCustomer(...)
                locks.release("charge:order_1", "delivery@" + deliveredAt);
            }
        }
        assertEquals(2, lockCharges, "the lock was free again: the customer is charged twice");

        int claimCharges = 0;
        ClaimResult second = null;
        try (ClaimStore claims = new InMemoryClaimTable()) {
            for (long deliveredAt : new long[] {0, 5_000}) {
                String owner = "delivery@" + deliveredAt;
                ClaimResult r = claims.claim("charge:order_1", "order_1:4200", owner, deliveredAt, 30_000);
                if (r.owned()) {
                    claimCharges++;
                    claims.complete("charge:order_1", owner, "{\"chargeId\":\"ch_1\"}", deliveredAt + 10);
                } else {
                    second = r;
                }
            }
        }
        assertEquals(1, claimCharges, "charged once");
        assertEquals(Kind.COMPLETED, second.kind());
        assertEquals("{\"chargeId\":\"ch_1\"}", second.result(), "the redelivery gets the saved chargeId");
    }
}
