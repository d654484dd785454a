package org.idempotencylab.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Lock-only deduplication, the second article's counter-example: Redis {@code SET key owner NX PX ttl} in memory,
 * released after the work, with no record of completion.
 *
 * <p>A lock gives mutual exclusion while it is held, and nothing after: once released, or once its TTL runs out,
 * the same key is acquired again and the work runs again. "A lock is not an idempotency record"; compare
 * {@link ClaimStore}, where a completed key answers with its saved result forever.
 *
 * <p>A lock taken at {@code t} with {@code ttlMs} lives while {@code now < t + ttlMs} and is gone at
 * {@code t + ttlMs}, as a Redis key with {@code PX}. Thread-safe ({@code synchronized}).
 */
public final class LockOnlyStore {

    private record Lock(String owner, long expiresAtMs) {
    }

    private final Map<String, Lock> locks = new HashMap<>();

    /**
     * SETNX with a TTL.
     *
     * @param key   the key to lock, 1 to 255 characters
     * @param owner who locks, 1 to 128 characters
     * @param nowMs virtual ms now, at least 0
     * @param ttlMs how long the lock lives, 1 to {@code Long.MAX_VALUE - nowMs}
     * @return true if {@code owner} now holds the lock; false if another live lock holds the key (held by
     *         {@code owner} itself too: a lock is not re-entrant)
     */
    public synchronized boolean acquire(String key, String owner, long nowMs, long ttlMs) {
        ClaimArgs.keyOwner(key, owner);
        ClaimArgs.now(nowMs);
        if (ttlMs < 1 || ttlMs > Long.MAX_VALUE - nowMs) {
            throw new IllegalArgumentException("ttlMs: " + ttlMs + " is outside the allowed range 1 to "
                    + (Long.MAX_VALUE - nowMs) + " ms (Long.MAX_VALUE - nowMs)");
        }
        Lock held = locks.get(key);
        if (held != null && nowMs < held.expiresAtMs()) {
            return false;
        }
        locks.put(key, new Lock(owner, nowMs + ttlMs));
        return true;
    }

    /**
     * Releases {@code owner}'s lock on {@code key} (compare-and-delete, so a late worker cannot free a lock that
     * expired and went to another owner). Nothing is remembered about the work.
     *
     * @return true if {@code owner}'s lock was removed
     */
    public synchronized boolean release(String key, String owner) {
        ClaimArgs.keyOwner(key, owner);
        Lock held = locks.get(key);
        if (held == null || !held.owner().equals(owner)) {
            return false;
        }
        locks.remove(key);
        return true;
    }

    /**
     * Drops {@code key}'s lock whatever its owner or TTL: for a caller that knows nothing will ask for the key
     * again (the batch engine, once a user's last job has ended).
     *
     * @return true if a lock (live or expired) was stored
     */
    public synchronized boolean forget(String key) {
        return locks.remove(key) != null;
    }

    /** @return the owner of a live lock on {@code key} at {@code nowMs}, if any. */
    public synchronized Optional<String> holder(String key, long nowMs) {
        Lock held = locks.get(key);
        return held != null && nowMs < held.expiresAtMs() ? Optional.of(held.owner()) : Optional.empty();
    }

    /** @return how many locks are stored, expired ones not yet replaced included. */
    public synchronized int size() {
        return locks.size();
    }

    /**
     * One stored lock as a snapshot, for live views and tests.
     *
     * @param key         the locked key
     * @param owner       who took the lock
     * @param expiresAtMs virtual ms at which the lock is gone (acquire time + TTL): alive while {@code now <
     *                    expiresAtMs}, as a Redis key with {@code PX}
     * @param expired     true if the lock was past its TTL at the snapshot's {@code nowMs}: no longer held, though
     *                    still stored until someone acquires the key again (this store, unlike Redis, does not
     *                    evict expired keys)
     */
    public record LockRow(String key, String owner, long expiresAtMs, boolean expired) {
    }

    /**
     * A snapshot of every stored lock, expired ones included.
     *
     * @param nowMs virtual ms now, at least 0: decides {@link LockRow#expired()}
     * @return the locks ordered by {@code expiresAtMs}, then key (soonest to expire first); a new list, O(locks)
     * @throws IllegalArgumentException if {@code nowMs < 0}
     */
    public synchronized List<LockRow> locks(long nowMs) {
        ClaimArgs.now(nowMs);
        List<LockRow> out = new ArrayList<>(locks.size());
        locks.forEach((key, lock) -> out.add(new LockRow(key, lock.owner(), lock.expiresAtMs(),
                nowMs >= lock.expiresAtMs())));
        out.sort(Comparator.comparingLong(LockRow::expiresAtMs).thenComparing(LockRow::key));
        return out;
    }
}
