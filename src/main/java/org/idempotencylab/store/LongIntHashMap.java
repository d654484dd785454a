package org.idempotencylab.store;


/**
 * A map from {@code long} keys to non-negative {@code int} values with open addressing: no boxing and no object
 * per entry, so the stores can hold hundreds of thousands of live keys without work for the garbage collector.
 *
 * <p>Linear probing over a power-of-two table kept at most half full, keys spread by Fibonacci hashing
 * ({@link #slot}). Key and value sit side by side in one array, so a probe usually touches one cache line. Removal
 * shifts the following run back (Knuth, TAOCP vol. 3, 6.4, Algorithm R), so there are no tombstones.
 * Not thread-safe.
 */
public final class LongIntHashMap {
    /** Returned by {@link #get} and friends for a missing key; also marks an empty slot inside the table. */
    public static final int MISSING = -1;

    private long[] table; // [key, value] pairs; value MISSING = empty slot
    private int size;
    private int mask;     // slots - 1
    private int shift;    // 64 - log2(slots): the top bits of the product pick the slot

    public LongIntHashMap() {
        allocate(16);
    }

    /** @return the value for {@code key}, or {@link #MISSING}. */
    public int get(long key) {
        int i = slot(key);
        while (table[2 * i + 1] != MISSING) {
            if (table[2 * i] == key) {
                return (int) table[2 * i + 1];
            }
            i = (i + 1) & mask;
        }
        return MISSING;
    }

    /**
     * Sets {@code key} to {@code value}.
     *
     * @param value 0 or more
     * @return the previous value, or {@link #MISSING}
     * @throws IllegalArgumentException if {@code value} is negative
     */
    public int put(long key, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("value must be >= 0, was " + value);
        }
        int i = slot(key);
        while (table[2 * i + 1] != MISSING) {
            if (table[2 * i] == key) {
                int old = (int) table[2 * i + 1];
                table[2 * i + 1] = value;
                return old;
            }
            i = (i + 1) & mask;
        }
        table[2 * i] = key;
        table[2 * i + 1] = value;
        if (++size * 2 > mask + 1) {
            grow();
        }
        return MISSING;
    }

    /** @return the removed value, or {@link #MISSING} if the key was absent. */
    public int remove(long key) {
        int i = slot(key);
        while (table[2 * i + 1] != MISSING) {
            if (table[2 * i] == key) {
                int old = (int) table[2 * i + 1];
                shiftBack(i);
                size--;
                return old;
            }
            i = (i + 1) & mask;
        }
        return MISSING;
    }

    /**
     * Removes {@code key} only if its value is below {@code bound}: for a map that keeps two kinds of value apart
     * by their range, to remove one kind in one probe.
     *
     * @return the removed value, or {@link #MISSING} if the key was absent or its value was {@code bound} or more
     */
    public int removeIfBelow(long key, int bound) {
        int i = slot(key);
        while (table[2 * i + 1] != MISSING) {
            if (table[2 * i] == key) {
                int old = (int) table[2 * i + 1];
                if (old >= bound) {
                    return MISSING;
                }
                shiftBack(i);
                size--;
                return old;
            }
            i = (i + 1) & mask;
        }
        return MISSING;
    }

    /** @return number of keys. */
    public int size() {
        return size;
    }

    private void shiftBack(int hole) {
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (table[2 * i + 1] == MISSING) {
                break;
            }
            int home = slot(table[2 * i]);
            // move the entry at i into the hole unless its home lies cyclically after the hole
            if (((i - home) & mask) >= ((i - hole) & mask)) {
                table[2 * hole] = table[2 * i];
                table[2 * hole + 1] = table[2 * i + 1];
                hole = i;
            }
        }
        table[2 * hole + 1] = MISSING;
    }

    /**
     * Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4): one multiplication by 2^64 / golden ratio, then the top bits.
     * Every key bit reaches them, and keys that differ in a few low bits (the step and user numbers of the
     * engine's keys) land far apart; it costs a third of a finaliser's work on the stores' hottest path.
     */
    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    private void grow() {
        long[] old = table;
        allocate((mask + 1) * 2);
        for (int j = 0; j < old.length; j += 2) {
            if (old[j + 1] != MISSING) {
                int i = slot(old[j]);
                while (table[2 * i + 1] != MISSING) {
                    i = (i + 1) & mask;
                }
                table[2 * i] = old[j];
                table[2 * i + 1] = old[j + 1];
            }
        }
    }

    private void allocate(int slots) {
        table = new long[2 * slots];
        mask = slots - 1;
        shift = 64 - Integer.numberOfTrailingZeros(slots);
        for (int i = 1; i < table.length; i += 2) {
            table[i] = MISSING;
        }
    }
}
