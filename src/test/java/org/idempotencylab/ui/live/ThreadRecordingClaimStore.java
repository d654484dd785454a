package org.idempotencylab.ui.live;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.idempotencylab.store.ClaimCounts;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.DelegatingClaimStore;

/**
 * A claim store for threading tests: every call goes to a real one and records the name of the thread it came on;
 * with a gate, the first claims wait for it (a database that stops answering).
 */
final class ThreadRecordingClaimStore extends DelegatingClaimStore {
    private final Set<String> threads;
    private final AtomicInteger calls;
    private final CountDownLatch gate;

    ThreadRecordingClaimStore(ClaimStore real, Set<String> threads, AtomicInteger calls, CountDownLatch gate) {
        super(real);
        this.threads = threads;
        this.calls = calls;
        this.gate = gate;
    }

    private void called() {
        threads.add(Thread.currentThread().getName());
        calls.incrementAndGet();
    }

    @Override
    public ClaimResult claim(String key, String fingerprint, String owner, long nowMs, long leaseMs) {
        called();
        if (gate != null) {
            try {
                gate.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return super.claim(key, fingerprint, owner, nowMs, leaseMs);
    }

    @Override
    public boolean complete(String key, String owner, String result, long nowMs) {
        called();
        return super.complete(key, owner, result, nowMs);
    }

    @Override
    public boolean renew(String key, String owner, long nowMs, long leaseMs) {
        called();
        return super.renew(key, owner, nowMs, leaseMs);
    }

    @Override
    public boolean release(String key, String owner) {
        called();
        return super.release(key, owner);
    }

    @Override
    public boolean delete(String key) {
        called();
        return super.delete(key);
    }

    @Override
    public Optional<ClaimRow> get(String key) {
        called();
        return super.get(key);
    }

    @Override
    public List<ClaimRow> rows(int limit) {
        called();
        return super.rows(limit);
    }

    @Override
    public List<ClaimRow> rowsInProgressFirst(int limit) {
        called();
        return super.rowsInProgressFirst(limit);
    }

    @Override
    public ClaimCounts counts(long nowMs) {
        called();
        return super.counts(nowMs);
    }

    @Override
    public List<String> expiredClaims(long nowMs) {
        called();
        return super.expiredClaims(nowMs);
    }

    @Override
    public List<String> rescueExpired(long nowMs) {
        called();
        return super.rescueExpired(nowMs);
    }

    @Override
    public long size() {
        called();
        return super.size();
    }

    @Override
    public void clear() {
        called();
        super.clear();
    }

    @Override
    public void close() {
        called();
        super.close();
    }
}
