package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The open-addressing map behaves like {@link HashMap}: every put/get/remove returns what HashMap
 * says it should (previous value or {@link LongIntHashMap#MISSING}), across growth and backward-shift removal.
 */
class LongIntHashMapTest {

    /** Key families: each stresses a different part of probing (clustering, shifting runs back, wrap-around). */
    private static LongUnaryOperator family(String name) {
        return switch (name) {
            case "random" -> i -> i * 0x9E3779B97F4A7C15L;
            case "sequential" -> i -> i;
            case "sameLowBits" -> i -> i << 32;           // every key's low 32 bits are 0
            case "sameLow20Bits" -> i -> (i << 20) | 0xABCDE;
            case "negative" -> i -> -1 - i;               // -1, -2, ...; -1 equals MISSING as a value, not as a key
            case "extremes" -> i -> (i & 1) == 0 ? Long.MIN_VALUE + i : Long.MAX_VALUE - i;
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest(name = "{0} keys")
    @ValueSource(strings = {"random", "sequential", "sameLowBits", "sameLow20Bits", "negative", "extremes"})
    void randomOperationsAgreeWithHashMap(String familyName) {
        LongUnaryOperator keyOf = family(familyName);
        Random random = new Random(familyName.hashCode());
        LongIntHashMap map = new LongIntHashMap();
        Map<Long, Integer> reference = new HashMap<>();
        // Keys drawn from a pool of 3,000 so that puts hit existing keys and removes hit present keys often.
        for (int op = 0; op < 60_000; op++) {
            long key = keyOf.applyAsLong(random.nextInt(3_000));
            int choice = random.nextInt(10);
            if (choice < 5) {
                int value = random.nextInt(Integer.MAX_VALUE);
                assertEquals(orMissing(reference.put(key, value)), map.put(key, value), "put " + key + " @" + op);
            } else if (choice < 8) {
                assertEquals(orMissing(reference.remove(key)), map.remove(key), "remove " + key + " @" + op);
            } else {
                assertEquals(orMissing(reference.get(key)), map.get(key), "get " + key + " @" + op);
            }
            assertEquals(reference.size(), map.size(), "size @" + op);
        }
        for (int i = 0; i < 3_000; i++) {
            long key = keyOf.applyAsLong(i);
            assertEquals(orMissing(reference.get(key)), map.get(key), "final get " + key);
        }
    }

    @ParameterizedTest(name = "{0} keys")
    @ValueSource(strings = {"random", "sequential", "sameLowBits", "negative"})
    void growsPastManyResizesThenEmptiesCompletely(String familyName) {
        LongUnaryOperator keyOf = family(familyName);
        LongIntHashMap map = new LongIntHashMap();
        int n = 100_000; // from 16 slots: 14 doublings
        for (int i = 0; i < n; i++) {
            assertEquals(LongIntHashMap.MISSING, map.put(keyOf.applyAsLong(i), i));
        }
        assertEquals(n, map.size());
        for (int i = 0; i < n; i++) {
            assertEquals(i, map.get(keyOf.applyAsLong(i)), "key #" + i);
        }
        // Remove the even ones (backward shifts through long runs), then check the odd ones are intact.
        for (int i = 0; i < n; i += 2) {
            assertEquals(i, map.remove(keyOf.applyAsLong(i)));
        }
        assertEquals(n / 2, map.size());
        for (int i = 0; i < n; i++) {
            assertEquals(i % 2 == 0 ? LongIntHashMap.MISSING : i, map.get(keyOf.applyAsLong(i)), "key #" + i);
        }
        for (int i = 1; i < n; i += 2) {
            assertEquals(i, map.remove(keyOf.applyAsLong(i)));
        }
        assertEquals(0, map.size());
        assertEquals(LongIntHashMap.MISSING, map.get(keyOf.applyAsLong(1)));
    }

    @Test
    void zeroIsAnOrdinaryKeyAndValue() {
        LongIntHashMap map = new LongIntHashMap();
        assertEquals(LongIntHashMap.MISSING, map.get(0));
        assertEquals(LongIntHashMap.MISSING, map.put(0, 0));
        assertEquals(0, map.get(0));
        assertEquals(0, map.put(0, 5));
        assertEquals(5, map.remove(0));
        assertEquals(LongIntHashMap.MISSING, map.remove(0));
        assertEquals(0, map.size());
    }

    @Test
    void negativeValuesAreRejected() {
        LongIntHashMap map = new LongIntHashMap();
        assertThrows(IllegalArgumentException.class, () -> map.put(1, -1));
        assertEquals(0, map.size());
        assertEquals(LongIntHashMap.MISSING, map.get(1));
    }

    private static int orMissing(Integer v) {
        return v == null ? LongIntHashMap.MISSING : v;
    }
}
