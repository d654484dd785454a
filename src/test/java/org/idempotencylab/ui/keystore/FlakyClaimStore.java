package org.idempotencylab.ui.keystore;

import java.util.List;
import java.util.Optional;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;

/**
 * A claim store for view tests: every call goes to a real one, {@link #rows} calls are counted (how often the
 * view polls, and how many rows it asks for), and reads ({@code rows}, {@code size}) throw {@link #failure} while it is set, as a database that
 * went away would.
 */
final class FlakyClaimStore implements ClaimStore {
    private final ClaimStore real;
    /** Thrown by the reads while set. */
    RuntimeException failure;
    /** {@link #rows} calls so far, failed ones included. */
    int reads;
    /** The limit the last {@link #rows} call asked for; -1 before any. */
    int lastLimit = -1;

    FlakyClaimStore(ClaimStore real) {
        this.real = real;
    }

    private void maybeFail() {
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public ClaimResult claim(String key, String fingerprint, String owner, long nowMs, long leaseMs) {
        return real.claim(key, fingerprint, owner, nowMs, leaseMs);
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
        reads++;
        lastLimit = limit;
        maybeFail();
        return real.rows(limit);
    }

    @Override
    public long size() {
        maybeFail();
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
