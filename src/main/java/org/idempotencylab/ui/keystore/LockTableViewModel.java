package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.List;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.idempotencylab.store.LockOnlyStore.LockRow;
import org.idempotencylab.store.LockOnlyStore;

/**
 * The lock-only store's view: Redis-style {@code SET key owner NX PX ttl} locks (the second article's
 * counter-example: "a lock is not an idempotency record"), live on the simulation clock.
 *
 * <p>{@link #attach} the run's lock store (null: none, the section is hidden), then {@link #refresh} with the
 * clock. The store has no listener: each {@link #refresh} takes a snapshot ({@link LockOnlyStore#locks}, ordered by
 * expiry, then key) and keeps the first {@link #limit()} locks, rows kept by key and updated in place
 * ({@link LockTableRow}). Called from the key store's flush: at most ten times a second while playing, at once
 * when paused or stepping. Counters: locks held (alive at the last refresh) and locks expired but still stored;
 * the bars are drawn against the TTL the run uses, measured as the largest {@code expiresAt - now} seen.
 *
 * <p>Plain Java and {@code javafx.beans}/{@code javafx.collections} only: testable without the FX toolkit. One
 * thread (the FX thread in the lab).
 */
public final class LockTableViewModel extends PolledTableModel<LockOnlyStore, LockRow, LockTableRow,
        LockTableViewModel.LockCounts> {
    private final ReadOnlyIntegerWrapper held = new ReadOnlyIntegerWrapper(this, "held");
    private final ReadOnlyIntegerWrapper expired = new ReadOnlyIntegerWrapper(this, "expired");

    /** A view of at most {@link #DEFAULT_LIMIT} locks. */
    public LockTableViewModel() {
        this(DEFAULT_LIMIT);
    }

    /**
     * @param limit locks shown at most, 1 to {@link #MAX_LIMIT}: the soonest to expire
     * @throws IllegalArgumentException if {@code limit} is out of range
     */
    public LockTableViewModel(int limit) {
        super(limit, TEXTS.get("locks.noun"), TEXTS.get("locks.order"), LockRow::key, LockTableRow::new, LockTableRow::update);
    }

    /** The store's counts at a read: locks stored, held (alive) and past their TTL but still stored. */
    record LockCounts(long locks, long held, long expired) {
    }

    @Override
    Snapshot<LockRow, LockCounts> read(LockOnlyStore locks, int limit, long nowMs) {
        List<LockRow> all = locks.locks(nowMs); // in memory: the copy is O(locks); the view keeps the first limit
        long gone = all.stream().filter(LockRow::expired).count();
        return new Snapshot<>(all, all.size(), new LockCounts(all.size(), all.size() - gone, gone));
    }

    @Override
    long spanSeen(LockRow lock, long nowMs) {
        return lock.expired() ? 0 : lock.expiresAtMs() - nowMs;
    }

    @Override
    LockCounts aged(LockCounts last, List<LockTableRow> shown, long total, long nowMs) {
        if (last == null || total > shown.size()) {
            return last;
        }
        long gone = shown.stream().filter(r -> r.expired(nowMs)).count();
        return new LockCounts(last.locks(), last.locks() - gone, gone);
    }

    @Override
    String count(LockCounts counts, int shown) {
        LockCounts c = counts == null ? new LockCounts(0, 0, 0) : counts;
        held.set((int) c.held());
        expired.set((int) c.expired());
        return TEXTS.format("locks.counters", c.locks(), c.held(), c.expired());
    }

    /** @return locks alive at the last refresh ({@code now < expiresAt}), in the whole store. */
    public ReadOnlyIntegerProperty heldProperty() {
        return held.getReadOnlyProperty();
    }

    /** @return locks past their TTL and still stored at the last refresh, in the whole store. */
    public ReadOnlyIntegerProperty expiredProperty() {
        return expired.getReadOnlyProperty();
    }
}
