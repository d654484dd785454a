package org.idempotencylab.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The second article's claim table as a plain Java model: the {@link ClaimStore} rules on a {@link HashMap},
 * every method {@code synchronized}. The reference the JDBC store is tested against, and the fast choice for a
 * simulation that does not need a database. Nothing survives the process (a restart wipes it).
 */
public final class InMemoryClaimTable implements ClaimStore {

    private final Map<String, ClaimRow> rows = new HashMap<>();
    private boolean closed;

    @Override
    public synchronized ClaimResult claim(String key, String fingerprint, String owner, long nowMs, long leaseMs) {
        ClaimArgs.claim(key, fingerprint, owner, nowMs, leaseMs);
        open();
        long lockedUntil = nowMs + leaseMs;
        ClaimRow row = rows.get(key);
        if (row == null) {
            rows.put(key, new ClaimRow(key, ClaimRow.Status.IN_PROGRESS, owner, lockedUntil, null, nowMs, null,
                    fingerprint, 1));
            return ClaimResult.claimed(key, owner, lockedUntil);
        }
        if (!row.fingerprint().equals(fingerprint)) {
            return ClaimResult.keyMismatch(key);
        }
        if (row.status() == ClaimRow.Status.COMPLETED) {
            return ClaimResult.completed(key, row.result());
        }
        if (row.lockedUntilMs() < nowMs) {
            rows.put(key, new ClaimRow(key, ClaimRow.Status.IN_PROGRESS, owner, lockedUntil, null,
                    row.createdAtMs(), null, fingerprint, row.claims() + 1));
            return ClaimResult.reclaimed(key, owner, lockedUntil);
        }
        return ClaimResult.inProgress(key, row.owner(), row.lockedUntilMs());
    }

    @Override
    public synchronized boolean complete(String key, String owner, String result, long nowMs) {
        ClaimArgs.keyOwner(key, owner);
        ClaimArgs.now(nowMs);
        open();
        ClaimRow row = rows.get(key);
        if (row == null || row.status() != ClaimRow.Status.IN_PROGRESS || !row.owner().equals(owner)) {
            return false;
        }
        rows.put(key, new ClaimRow(key, ClaimRow.Status.COMPLETED, owner, row.lockedUntilMs(), result,
                row.createdAtMs(), nowMs, row.fingerprint(), row.claims()));
        return true;
    }

    @Override
    public synchronized boolean renew(String key, String owner, long nowMs, long leaseMs) {
        ClaimArgs.renew(key, owner, nowMs, leaseMs);
        open();
        ClaimRow row = rows.get(key);
        if (row == null || row.status() != ClaimRow.Status.IN_PROGRESS || !row.owner().equals(owner)) {
            return false;
        }
        rows.put(key, new ClaimRow(key, ClaimRow.Status.IN_PROGRESS, owner, nowMs + leaseMs, null,
                row.createdAtMs(), null, row.fingerprint(), row.claims()));
        return true;
    }

    @Override
    public synchronized boolean release(String key, String owner) {
        ClaimArgs.keyOwner(key, owner);
        open();
        ClaimRow row = rows.get(key);
        if (row == null || row.status() != ClaimRow.Status.IN_PROGRESS || !row.owner().equals(owner)) {
            return false;
        }
        rows.remove(key);
        return true;
    }

    @Override
    public synchronized boolean delete(String key) {
        ClaimArgs.text("key", key, MAX_KEY_LENGTH);
        open();
        return rows.remove(key) != null;
    }

    @Override
    public synchronized Optional<ClaimRow> get(String key) {
        ClaimArgs.text("key", key, MAX_KEY_LENGTH);
        open();
        return Optional.ofNullable(rows.get(key));
    }

    @Override
    public synchronized List<ClaimRow> rows(int limit) {
        ClaimArgs.limit(limit);
        open();
        return rows.values().stream()
                .sorted(Comparator.comparingLong(ClaimRow::createdAtMs).thenComparing(ClaimRow::key))
                .limit(limit)
                .collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
    }

    @Override
    public synchronized List<ClaimRow> rowsInProgressFirst(int limit) {
        ClaimArgs.limit(limit);
        open();
        return rows.values().stream()
                .sorted(IN_PROGRESS_FIRST)
                .limit(limit)
                .collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
    }

    @Override
    public synchronized ClaimCounts counts(long nowMs) {
        ClaimArgs.now(nowMs);
        open();
        return ClaimCounts.of(rows.values(), nowMs);
    }

    @Override
    public synchronized List<String> expiredClaims(long nowMs) {
        ClaimArgs.now(nowMs);
        open();
        List<String> keys = new ArrayList<>();
        for (ClaimRow row : rows.values()) {
            if (row.status() == ClaimRow.Status.IN_PROGRESS && row.lockedUntilMs() < nowMs) {
                keys.add(row.key());
            }
        }
        keys.sort(null); // the same order as a database's, whatever the map's
        return keys;
    }

    @Override
    public synchronized List<String> rescueExpired(long nowMs) {
        List<String> keys = expiredClaims(nowMs); // one lock held throughout: nothing changes in between
        for (String key : keys) {
            rows.remove(key);
        }
        return keys;
    }

    @Override
    public synchronized long size() {
        open();
        return rows.size();
    }

    @Override
    public synchronized void clear() {
        open();
        rows.clear();
    }

    @Override
    public synchronized void close() {
        closed = true;
        rows.clear();
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException("the claim table is closed");
        }
    }
}
