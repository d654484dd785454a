package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The provider's memory of keys: a key is remembered from its first add until {@code addedAt + ttlMs}
 * (gone exactly then), re-adding does not extend that, and {@code forget} drops it early.
 */
class ExpiringKeySetTest {
    private static final long TTL = 100;

    @Test
    void addReturnsTrueThenFalse() {
        ExpiringKeySet set = new ExpiringKeySet(TTL);
        assertTrue(set.add(7, 0));
        assertFalse(set.add(7, 0));
        assertFalse(set.add(7, 50));
        assertTrue(set.add(8, 50), "another key is new");
        assertEquals(2, set.size());
    }

    @Test
    void keyExpiresExactlyAtAddedAtPlusTtl() {
        ExpiringKeySet set = new ExpiringKeySet(TTL);
        set.add(7, 10);
        assertTrue(set.contains(7, 10 + TTL - 1));
        assertFalse(set.contains(7, 10 + TTL));
        assertTrue(set.add(7, 10 + TTL), "after expiry the key is new again");
    }

    @Test
    void reAddingDoesNotExtendTheTtl() {
        ExpiringKeySet set = new ExpiringKeySet(TTL);
        set.add(7, 0);
        assertFalse(set.add(7, 90)); // seen; must not push expiry to 190
        assertFalse(set.add(7, 99));
        assertTrue(set.add(7, 100), "expired at 0 + TTL despite the re-adds at 90 and 99");
    }

    @Test
    void forgetDropsAKeyEarly() {
        ExpiringKeySet set = new ExpiringKeySet(TTL);
        set.add(1, 0);
        set.add(2, 0);
        set.add(3, 0);
        assertTrue(set.forget(2));
        assertFalse(set.forget(2));
        assertFalse(set.forget(99));
        assertEquals(2, set.size());
        assertFalse(set.contains(2, 1));
        assertTrue(set.contains(1, 1));
        assertTrue(set.contains(3, 1));
        assertTrue(set.add(2, 1), "a forgotten key is new again");
        assertFalse(set.add(2, 2));
    }

    @Test
    void aKeyReAddedAfterForgetKeepsItsNewExpiry() {
        // The forgotten entry stays in the ring until it reaches the head; when it does, it must not take the
        // re-added key with it.
        ExpiringKeySet set = new ExpiringKeySet(TTL);
        set.add(5, 0);
        set.forget(5);
        set.add(5, 50); // expires at 150
        assertTrue(set.contains(5, 100), "the old entry's expiry (100) must not remove the new one");
        assertTrue(set.contains(5, 149));
        assertFalse(set.contains(5, 150));
    }

    @Test
    void randomisedAgainstAReferenceModel() {
        // Reference: key -> expiry time. Monotone clock; adds, forgets and lookups over a small key pool.
        ExpiringKeySet set = new ExpiringKeySet(TTL);
        Map<Long, Long> expiry = new HashMap<>();
        Random random = new Random(2024);
        long now = 0;
        for (int op = 0; op < 50_000; op++) {
            now += random.nextInt(3); // 0, 1 or 2 ms: many adds within one TTL, so the ring grows
            final long t = now;
            expiry.values().removeIf(e -> e <= t);
            long key = (random.nextInt(400) << 28) | random.nextInt(3); // collide in low bits
            int choice = random.nextInt(10);
            if (choice < 6) {
                boolean fresh = !expiry.containsKey(key);
                if (fresh) {
                    expiry.put(key, now + TTL);
                }
                assertEquals(fresh, set.add(key, now), "add " + key + " at " + now);
            } else if (choice < 8) {
                // forget takes no time, so it cannot drop keys that expired since the last call: look the key up
                // first (which expires keys at now), then forget it.
                boolean present = expiry.remove(key) != null;
                assertEquals(present, set.contains(key, now), "contains " + key + " at " + now);
                assertEquals(present, set.forget(key), "forget " + key + " at " + now);
            } else {
                assertEquals(expiry.containsKey(key), set.contains(key, now), "contains " + key + " at " + now);
            }
            assertEquals(expiry.size(), set.size(), "size at " + now);
        }
    }

    @Test
    void thousandsOfLiveKeysSurviveRingGrowth() {
        ExpiringKeySet set = new ExpiringKeySet(1_000_000);
        for (long k = 0; k < 10_000; k++) {
            assertTrue(set.add(k, k));
        }
        for (long k = 0; k < 10_000; k++) {
            assertFalse(set.add(k, 10_000), "key " + k);
        }
        // Key k expires at k + 1,000,000: at 1,005,000 keys 0..5,000 are gone and 5,001..9,999 remain.
        assertFalse(set.contains(5_000, 1_005_000));
        assertTrue(set.contains(5_001, 1_005_000));
        assertEquals(10_000 - 5_001, set.size());
    }

    @Test
    void ttlBelowOneIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ExpiringKeySet(0));
    }
}
