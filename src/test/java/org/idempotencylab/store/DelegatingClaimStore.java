package org.idempotencylab.store;

import java.util.List;
import java.util.Optional;

/** A claim store that passes every call to a real one; tests override the calls they want to watch or break. */
public class DelegatingClaimStore implements ClaimStore {
    private final ClaimStore real;

    public DelegatingClaimStore(ClaimStore real) {
        this.real = real;
    }

    @Override
    public ClaimResult claim(String key, String fingerprint, String owner, long nowMs, long leaseMs) {
        return real.claim(key, fingerprint, owner, nowMs, leaseMs);
    }

    @Override
    public boolean renew(String key, String owner, long nowMs, long leaseMs) {
        return real.renew(key, owner, nowMs, leaseMs);
    }

    @Override
    public boolean complete(String key, String owner, String result, long nowMs) {
        return real.complete(key, owner, result, nowMs);
    }

    @Override
    public boolean release(String key, String owner) {
        return real.release(key, owner);
    }

    @Override
    public boolean delete(String key) {
        return real.delete(key);
    }

    @Override
    public Optional<ClaimRow> get(String key) {
        return real.get(key);
    }

    @Override
    public List<ClaimRow> rows(int limit) {
        return real.rows(limit);
    }

    @Override
    public List<ClaimRow> rowsInProgressFirst(int limit) {
        return real.rowsInProgressFirst(limit);
    }

    @Override
    public ClaimCounts counts(long nowMs) {
        return real.counts(nowMs);
    }

    @Override
    public long size() {
        return real.size();
    }

    @Override
    public void clear() {
        real.clear();
    }

    @Override
    public void close() {
        real.close();
    }
}
