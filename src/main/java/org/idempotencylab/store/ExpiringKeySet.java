package org.idempotencylab.store;

/**
 * A set of keys each remembered for a fixed time on a virtual clock: what a provider such as Stripe keeps of the
 * idempotency keys it has seen (Stripe: keys may be removed once they are at least 24 hours old).
 *
 * <p>A key is remembered from the first time it is added until {@code addedAt + ttlMs}; adding it again does not
 * extend that. Keys are kept in a ring in the order added, which with a fixed TTL is also the order they expire,
 * so forgetting is a walk from the oldest. Not thread-safe.
 */
public final class ExpiringKeySet {
    /** Hears keys come and go, on the thread that uses the set: for live views. */
    public interface Listener {
        /** {@code key} is remembered until {@code expiresAtMs}. */
        default void added(long key, long nowMs, long expiresAtMs) {
        }

        /** A call with a remembered key was answered without doing the work again. */
        default void hit(long key) {
        }

        /** {@code key}'s TTL ran out. */
        default void expired(long key) {
        }

        /** {@code key} was forgotten before its TTL. */
        default void forgotten(long key) {
        }
    }

    private final long ttlMs;
    private Listener listener = new Listener() {
    };
    private final LongIntHashMap keys = new LongIntHashMap();
    private long[] ringKeys = new long[16];
    private long[] ringExpiry = new long[16];
    private int head;
    private int count;

    /**
     * @param ttlMs how long a key is remembered, virtual ms, at least 1
     * @throws IllegalArgumentException if {@code ttlMs < 1}
     */
    public ExpiringKeySet(long ttlMs) {
        if (ttlMs < 1) {
            throw new IllegalArgumentException("ttlMs must be >= 1, was " + ttlMs);
        }
        this.ttlMs = ttlMs;
    }

    /**
     * Remembers {@code key} at virtual time {@code nowMs} (not before the time of the previous call).
     *
     * @return true if the key was new (or had expired), false if it was already remembered
     */
    public boolean add(long key, long nowMs) {
        expire(nowMs);
        if (keys.get(key) != LongIntHashMap.MISSING) {
            listener.hit(key);
            return false;
        }
        if (count == ringKeys.length) {
            growRing();
        }
        int tail = (head + count++) & (ringKeys.length - 1);
        ringKeys[tail] = key;
        ringExpiry[tail] = nowMs + ttlMs;
        keys.put(key, tail);
        listener.added(key, nowMs, nowMs + ttlMs);
        return true;
    }

    /**
     * Forgets {@code key} now, before its TTL runs out: for callers that know nothing can send it again.
     *
     * @return true if the key was remembered
     */
    public boolean forget(long key) {
        int pos = keys.remove(key);
        if (pos == LongIntHashMap.MISSING) {
            return false;
        }
        ringExpiry[pos] = Long.MIN_VALUE; // leaves the ring as soon as it reaches the head
        listener.forgotten(key);
        while (count > 0 && ringExpiry[(head + count - 1) & (ringKeys.length - 1)] == Long.MIN_VALUE) {
            count--; // forgotten at the tail: drop it now
        }
        return true;
    }

    /** @return true if {@code key} is remembered at {@code nowMs}. */
    public boolean contains(long key, long nowMs) {
        expire(nowMs);
        return keys.get(key) != LongIntHashMap.MISSING;
    }

    /** @return virtual ms at which the next key expires, or {@link Long#MAX_VALUE} if none is remembered. */
    public long nextExpiryMs() {
        for (int i = 0; i < count; i++) {
            long e = ringExpiry[(head + i) & (ringKeys.length - 1)];
            if (e != Long.MIN_VALUE) {
                return e;
            }
        }
        return Long.MAX_VALUE;
    }

    /** @return virtual ms at which the last key expires, or {@link Long#MIN_VALUE} if none is remembered. */
    public long lastExpiryMs() {
        for (int i = count - 1; i >= 0; i--) {
            long e = ringExpiry[(head + i) & (ringKeys.length - 1)];
            if (e != Long.MIN_VALUE) {
                return e;
            }
        }
        return Long.MIN_VALUE;
    }

    /** @return how many keys are remembered (expired ones are dropped at the next call). */
    public int size() {
        return keys.size();
    }

    /** Sets who hears keys come and go (replacing any earlier listener). */
    public void setListener(Listener listener) {
        this.listener = listener;
    }

    /** Forgets every key whose TTL has run out at {@code nowMs}. */
    public void expire(long nowMs) {
        while (count > 0 && ringExpiry[head] <= nowMs) {
            if (ringExpiry[head] != Long.MIN_VALUE) {
                keys.remove(ringKeys[head]);
                listener.expired(ringKeys[head]);
            }
            head = (head + 1) & (ringKeys.length - 1);
            count--;
        }
    }

    private void growRing() {
        int n = ringKeys.length;
        long[] k = new long[n * 2];
        long[] e = new long[n * 2];
        for (int i = 0; i < count; i++) {
            k[i] = ringKeys[(head + i) & (n - 1)];
            e[i] = ringExpiry[(head + i) & (n - 1)];
            if (e[i] != Long.MIN_VALUE) {
                keys.put(k[i], i); // positions move, so the map is rewritten
            }
        }
        ringKeys = k;
        ringExpiry = e;
        head = 0;
    }
}
