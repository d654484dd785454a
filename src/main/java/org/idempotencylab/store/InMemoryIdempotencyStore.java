package org.idempotencylab.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The first article's in-memory idempotency store ({@code IdempotencyStore.once}), on a virtual clock.
 *
 * <p>{@link #once} has the article's three cases:
 * <ol>
 *   <li>a key that finished and has not expired returns its saved value and skips the work;</li>
 *   <li>a key running right now shares that run: the caller gets the same success or failure when it ends;</li>
 *   <li>otherwise the work runs, and only a success is remembered, until {@code now + ttlMs}.</li>
 * </ol>
 * A run that fails is not remembered, so a retry can try again. A finished key is alive while
 * {@code expiresAt > now}, as in the article, and forgotten once the clock reaches its expiry.
 *
 * <p>Work here takes virtual time, so it is asynchronous: {@link Work#start} receives a {@link Completion} and
 * calls it later, typically from a simulator event. Callbacks run synchronously inside that call, the owner
 * first, then sharers in the order they arrived.
 *
 * <p>Keys are {@code long}s, and entries live in primitive arrays, so that the million-job table neither builds
 * strings nor leaves hundreds of thousands of objects for the garbage collector; the engine turns keys into
 * text such as {@code send the welcome email:user_42} for display. Not thread-safe: one store per simulation.
 *
 * @param <V> the saved result of a run
 */
public final class InMemoryIdempotencyStore<V> {

    /** How a caller got its answer. */
    public enum Source {
        /** The key had finished before: the saved value, no work done. */
        SAVED,
        /** This caller ran the work. */
        RAN,
        /** Another caller was running the same key; this one shared that run. */
        SHARED
    }

    /** Starts the work for a key; must eventually call exactly one of the completion's methods. */
    @FunctionalInterface
    public interface Work<V> {
        void start(Completion<V> done);
    }

    /** How work reports its end. Calling a second method, or the same one twice, throws IllegalStateException. */
    public interface Completion<V> {
        /** The work succeeded with {@code value}: remembered until {@code now + ttlMs}. */
        void succeed(V value);

        /** The work failed: not remembered; the owner and every sharer get {@code reason}. */
        void fail(String reason);
    }

    /** Receives the answer of one {@link #once} call. */
    public interface Callback<V> {
        void succeeded(V value, Source source);

        void failed(String reason, Source source);
    }

    /**
     * Hears every change to the store, as it happens, on the thread that uses the store: for live views that
     * keep their own rows instead of copying all entries each frame.
     */
    public interface Listener<V> {
        /** A run for {@code key} started at {@code nowMs}. */
        default void started(long key, long nowMs) {
        }

        /** The run succeeded: {@code key} is remembered with {@code value} until {@code expiresAtMs}. */
        default void finished(long key, V value, long createdAtMs, long expiresAtMs) {
        }

        /** The run failed and was not remembered: the key is gone. */
        default void failed(long key) {
        }

        /** A call was answered from the saved value. */
        default void hit(long key) {
        }

        /** A call shared the run in flight. */
        default void shared(long key) {
        }

        /** The key's TTL ran out. */
        default void expired(long key) {
        }

        /** The key was forgotten before its TTL ({@link #forget}). */
        default void forgotten(long key) {
        }

        /** Every key, running or finished, was lost at once ({@link #wipe}): the process holding the store died. */
        default void wiped() {
        }
    }

    /** State of an entry. */
    public enum State { RUNNING, FINISHED }

    /**
     * A snapshot of one entry.
     *
     * @param key         the key
     * @param state       running now, or finished with a saved value
     * @param value       the saved value; null while running
     * @param createdAtMs virtual ms when the run started
     * @param expiresAtMs virtual ms at which a finished key is forgotten; {@link Long#MAX_VALUE} while running
     * @param hits        calls answered from the saved value
     * @param shares      calls that shared the run while it was in flight
     */
    public record Entry<V>(long key, State state, V value, long createdAtMs, long expiresAtMs, long hits,
                           long shares) {
    }

    private static final Object FORGOTTEN = new Object();

    private final long ttlMs;
    private final LongSupplier clock;

    // One index for both kinds of entry, so a step's passage through the store costs one probe to look its key
    // up, one to start its run and one to finish it (the million-job table makes ten of each per sign-up): a
    // finished key maps to its position in the ring, a running key to RUNNING | its slot in the running table
    // (both stay far below 2^30: a ring that long would need tens of GB).
    private static final int RUNNING = 1 << 30;
    private final LongIntHashMap index = new LongIntHashMap();

    // Runs in flight: at most one per worker, so a small table of Run objects.
    private Object[] running = new Object[4]; // Run objects; Object[] since Run is generic
    private int[] freeRunSlots = new int[4];
    private int freeRunCount;
    private int runSlotsUsed;

    // Finished keys in a ring, in the order they finished. The TTL is fixed and the clock never goes back, so
    // this is also expiry order: forgetting walks from the head, and a user's keys sit side by side in memory.
    private long[] ringKey = new long[16];
    private long[] ringCreated = new long[16];
    private long[] ringExpires = new long[16];
    private long[] ringHits = new long[16];
    private long[] ringShares = new long[16];
    private Object[] ringValue = new Object[16];
    private int head;
    private int count;

    private Listener<V> listener = new Listener<>() {
    };
    private long hits;
    private long shares;
    private long runsStarted;
    private long expirations;
    private int peakKeys;

    /**
     * @param ttlMs how long a finished key is remembered, virtual ms, at least 1
     * @param clock the current virtual time in ms (the simulator's clock); must never go back
     * @throws IllegalArgumentException if {@code ttlMs < 1}
     */
    public InMemoryIdempotencyStore(long ttlMs, LongSupplier clock) {
        if (ttlMs < 1) {
            throw new IllegalArgumentException("ttlMs must be >= 1, was " + ttlMs);
        }
        this.ttlMs = ttlMs;
        this.clock = clock;
    }

    /**
     * Runs {@code work} for {@code key} unless it finished before or is running now (see the class comment).
     * The callback may be invoked before this method returns (a saved value) or later (when the run ends).
     */
    public void once(long key, Work<V> work, Callback<V> callback) {
        long now = clock.getAsLong();
        expire(now);
        int found = index.get(key);
        if (found != LongIntHashMap.MISSING && found < RUNNING) { // finished: its position in the ring
            ringHits[found]++;
            hits++;
            @SuppressWarnings("unchecked")
            V saved = (V) ringValue[found];
            listener.hit(key);
            callback.succeeded(saved, Source.SAVED);
            return;
        }
        if (found != LongIntHashMap.MISSING) {
            run(found - RUNNING).share(callback);
            shares++;
            listener.shared(key);
            return;
        }
        int slot = allocateRunSlot();
        Run run = new Run(key, slot, now, callback);
        running[slot] = run;
        index.put(key, RUNNING | slot);
        runsStarted++;
        peakKeys = Math.max(peakKeys, index.size());
        listener.started(key, now);
        work.start(run);
    }

    /** Sets who hears the store's changes (replacing any earlier listener). */
    public void setListener(Listener<V> listener) {
        this.listener = listener;
    }

    /** Forgets every finished key whose expiry is at or before {@code nowMs}. */
    public void expire(long nowMs) {
        while (count > 0 && ringExpires[head] <= nowMs) {
            if (ringValue[head] != FORGOTTEN) {
                index.remove(ringKey[head]);
                expirations++;
                listener.expired(ringKey[head]);
            }
            ringValue[head] = null;
            head = (head + 1) & (ringKey.length - 1);
            count--;
        }
    }

    /** @return virtual ms at which the next finished key expires, or {@link Long#MAX_VALUE} if none is kept. */
    public long nextExpiryMs() {
        for (int i = 0; i < count; i++) {
            int pos = (head + i) & (ringKey.length - 1);
            if (ringValue[pos] != FORGOTTEN) {
                return ringExpires[pos];
            }
        }
        return Long.MAX_VALUE;
    }

    /** @return virtual ms at which the last finished key expires, or {@link Long#MIN_VALUE} if none is kept. */
    public long lastExpiryMs() {
        for (int i = count - 1; i >= 0; i--) {
            int pos = (head + i) & (ringKey.length - 1);
            if (ringValue[pos] != FORGOTTEN) {
                return ringExpires[pos];
            }
        }
        return Long.MIN_VALUE;
    }

    /**
     * Forgets a finished key now, before its TTL runs out. For callers that know nothing can ask for the key
     * again (the batch engine, once a user's only job has ended); results are then the same as with the TTL,
     * and memory holds only the keys of jobs in progress. A running or unknown key is left alone.
     *
     * @return true if a finished key was forgotten
     */
    public boolean forget(long key) {
        int pos = index.removeIfBelow(key, RUNNING); // a running key stays
        if (pos == LongIntHashMap.MISSING) {
            return false;
        }
        ringValue[pos] = FORGOTTEN;
        ringExpires[pos] = Long.MIN_VALUE; // leaves the ring as soon as it reaches the head
        listener.forgotten(key);
        // The newest entries are usually the ones forgotten (a job forgets its keys when it ends), so drop
        // forgotten entries from the tail at once and keep the ring short.
        while (count > 0 && ringValue[(head + count - 1) & (ringKey.length - 1)] == FORGOTTEN) {
            ringValue[(head + count - 1) & (ringKey.length - 1)] = null;
            count--;
        }
        return true;
    }

    /**
     * Loses every key at once, running and finished, as when the process holding the store dies (the first
     * article's "If the process dies, it forgets every key"). Runs in flight end without calling anyone back: their callers died with
     * the process; ending one of them afterwards throws IllegalStateException. Counters (hits, runs,
     * expirations) are kept, as totals of the whole simulation.
     */
    public void wipe() {
        for (int i = 0; i < runSlotsUsed; i++) {
            if (running[i] != null) {
                Run r = run(i);
                index.remove(r.key);
                r.owner = null; // a late succeed or fail from a caller that died throws instead of reusing a slot
                running[i] = null;
            }
        }
        runSlotsUsed = 0;
        freeRunCount = 0;
        for (int i = 0; i < count; i++) {
            int pos = (head + i) & (ringKey.length - 1);
            if (ringValue[pos] != FORGOTTEN) {
                index.remove(ringKey[pos]);
            }
            ringValue[pos] = null;
        }
        head = 0;
        count = 0;
        listener.wiped();
    }

    /** @return a snapshot of the entry for {@code key} now (expired keys forgotten first), or null if not held. */
    public Entry<V> get(long key) {
        expire(clock.getAsLong());
        int found = index.get(key);
        if (found == LongIntHashMap.MISSING) {
            return null;
        }
        return found < RUNNING ? finishedEntry(found) : run(found - RUNNING).entry();
    }

    /** @return snapshots of every entry held now: runs in flight first, then finished keys, oldest first. */
    public List<Entry<V>> entries() {
        expire(clock.getAsLong());
        List<Entry<V>> out = new ArrayList<>(liveKeys());
        for (int i = 0; i < runSlotsUsed; i++) {
            if (running[i] != null) {
                out.add(run(i).entry());
            }
        }
        for (int i = 0; i < count; i++) {
            int pos = (head + i) & (ringKey.length - 1);
            if (ringValue[pos] != FORGOTTEN) {
                out.add(finishedEntry(pos));
            }
        }
        return out;
    }

    /** @return keys held now, running or finished. */
    public int liveKeys() {
        expire(clock.getAsLong());
        return index.size();
    }

    /** @return the most keys held at once. */
    public int peakKeys() {
        return peakKeys;
    }

    /** @return calls answered from a saved value. */
    public long hits() {
        return hits;
    }

    /** @return calls that shared a run in flight. */
    public long shares() {
        return shares;
    }

    /** @return runs started (work actually called). */
    public long runs() {
        return runsStarted;
    }

    /** @return finished keys forgotten because their TTL ran out. */
    public long expirations() {
        return expirations;
    }

    /** @return the TTL in virtual ms. */
    public long ttlMs() {
        return ttlMs;
    }

    @SuppressWarnings("unchecked")
    private Run run(int slot) {
        return (Run) running[slot];
    }

    @SuppressWarnings("unchecked")
    private Entry<V> finishedEntry(int pos) {
        return new Entry<>(ringKey[pos], State.FINISHED, (V) ringValue[pos], ringCreated[pos], ringExpires[pos],
                ringHits[pos], ringShares[pos]);
    }

    /** One run in flight: the owner's callback and those of the callers sharing it. */
    private final class Run implements Completion<V> {
        private final long key;
        private final int slot;
        private final long createdAtMs;
        private Callback<V> owner;
        private List<Callback<V>> sharers;

        Run(long key, int slot, long createdAtMs, Callback<V> owner) {
            this.key = key;
            this.slot = slot;
            this.createdAtMs = createdAtMs;
            this.owner = owner;
        }

        void share(Callback<V> callback) {
            if (sharers == null) {
                sharers = new ArrayList<>(2);
            }
            sharers.add(callback);
        }

        Entry<V> entry() {
            return new Entry<>(key, State.RUNNING, null, createdAtMs, Long.MAX_VALUE, 0,
                    sharers == null ? 0 : sharers.size());
        }

        @Override
        public void succeed(V value) {
            Callback<V> first = end();
            int pos = append(key, createdAtMs, value, sharers == null ? 0 : sharers.size());
            listener.finished(key, value, createdAtMs, ringExpires[pos]);
            first.succeeded(value, Source.RAN);
            if (sharers != null) {
                for (Callback<V> c : sharers) {
                    c.succeeded(value, Source.SHARED);
                }
            }
        }

        @Override
        public void fail(String reason) {
            Callback<V> first = end(); // a run that throws is not remembered
            index.remove(key);
            listener.failed(key);
            first.failed(reason, Source.RAN);
            if (sharers != null) {
                for (Callback<V> c : sharers) {
                    c.failed(reason, Source.SHARED);
                }
            }
        }

        private Callback<V> end() {
            if (owner == null) {
                throw new IllegalStateException("this run already ended");
            }
            Callback<V> first = owner;
            owner = null;
            running[slot] = null;
            if (freeRunCount == freeRunSlots.length) {
                freeRunSlots = Arrays.copyOf(freeRunSlots, freeRunCount * 2);
            }
            freeRunSlots[freeRunCount++] = slot;
            return first;
        }
    }

    private int allocateRunSlot() {
        if (freeRunCount > 0) {
            return freeRunSlots[--freeRunCount];
        }
        if (runSlotsUsed == running.length) {
            running = Arrays.copyOf(running, running.length * 2);
        }
        return runSlotsUsed++;
    }

    private int append(long key, long createdAtMs, V value, long shareCount) {
        if (count == ringKey.length) {
            growRing();
        }
        int pos = (head + count++) & (ringKey.length - 1);
        ringKey[pos] = key;
        ringCreated[pos] = createdAtMs;
        ringExpires[pos] = clock.getAsLong() + ttlMs;
        ringHits[pos] = 0;
        ringShares[pos] = shareCount;
        ringValue[pos] = value;
        index.put(key, pos); // replaces the key's running slot
        return pos;
    }

    private void growRing() {
        int n = ringKey.length;
        long[] k = new long[n * 2];
        long[] c = new long[n * 2];
        long[] e = new long[n * 2];
        long[] h = new long[n * 2];
        long[] sh = new long[n * 2];
        Object[] v = new Object[n * 2];
        for (int i = 0; i < count; i++) {
            int from = (head + i) & (n - 1);
            k[i] = ringKey[from];
            c[i] = ringCreated[from];
            e[i] = ringExpires[from];
            h[i] = ringHits[from];
            sh[i] = ringShares[from];
            v[i] = ringValue[from];
            if (v[i] != FORGOTTEN) {
                index.put(k[i], i); // positions move, so the index is rewritten
            }
        }
        ringKey = k;
        ringCreated = c;
        ringExpires = e;
        ringHits = h;
        ringShares = sh;
        ringValue = v;
        head = 0;
    }
}
