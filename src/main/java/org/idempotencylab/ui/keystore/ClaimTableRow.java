package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.idempotencylab.store.ClaimRow.Status;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.ui.VirtualTime;

/**
 * One row of the claim table ({@code processed_jobs}, the second article) as the key store view shows it: the
 * same object for the same key from poll to poll, its properties updated in place by
 * {@link ClaimTableViewModel#refresh}, so a selected row stays selected.
 *
 * <p>The countdown ({@link CountdownRow}) is the lease's, to {@code locked_until}: the lease holds through that
 * ms, and the row can be reclaimed once {@code locked_until < now} (the article's SQL,
 * {@link ClaimStore} rule 4). A {@code completed} row has no countdown: it is never
 * reclaimed. At most a few hundred rows exist (the
 * view-model's limit), so every property is created at once. Read on the FX thread.
 */
public final class ClaimTableRow extends PolledRow {
    private final ReadOnlyObjectWrapper<Status> status = new ReadOnlyObjectWrapper<>(this, "status");
    private final ReadOnlyLongWrapper lockedUntilMs = new ReadOnlyLongWrapper(this, "lockedUntilMs");
    private final ReadOnlyStringWrapper result = new ReadOnlyStringWrapper(this, "result");
    private final ReadOnlyIntegerWrapper claims = new ReadOnlyIntegerWrapper(this, "claims");
    private final ReadOnlyLongWrapper createdAtMs = new ReadOnlyLongWrapper(this, "createdAtMs");
    private final ReadOnlyObjectWrapper<Long> completedAtMs = new ReadOnlyObjectWrapper<>(this, "completedAtMs");

    ClaimTableRow(ClaimRow row) {
        super(row.key());
        update(row);
    }

    /** Takes {@code row}'s values (same key); a property fires only if its value changed. */
    void update(ClaimRow row) {
        status.set(row.status());
        // the countdown runs to locked_until while in progress; a completed row is never reclaimed: none
        set(row.owner(), row.status() == Status.COMPLETED ? Long.MAX_VALUE : row.lockedUntilMs());
        lockedUntilMs.set(row.lockedUntilMs());
        result.set(row.result());
        claims.set(row.claims());
        createdAtMs.set(row.createdAtMs());
        completedAtMs.set(row.completedAtMs());
    }

    /** @return {@code in_progress} or {@code completed}. */
    public Status status() {
        return status.get();
    }

    public ReadOnlyObjectProperty<Status> statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** @return {@code locked_until}: virtual ms the last lease runs to, inclusive. */
    public long lockedUntilMs() {
        return lockedUntilMs.get();
    }

    public ReadOnlyLongProperty lockedUntilMsProperty() {
        return lockedUntilMs.getReadOnlyProperty();
    }

    /** @return the saved result; null while in progress (or if the work saved none). */
    public String result() {
        return result.get();
    }

    public ReadOnlyStringProperty resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** @return how many times the key was claimed: 1, plus one per reclaim after an expired lease. */
    public int claims() {
        return claims.get();
    }

    public ReadOnlyIntegerProperty claimsProperty() {
        return claims.getReadOnlyProperty();
    }

    /** @return {@code created_at}: virtual ms of the first claim (a reclaim keeps it). */
    public long createdAtMs() {
        return createdAtMs.get();
    }

    public ReadOnlyLongProperty createdAtMsProperty() {
        return createdAtMs.getReadOnlyProperty();
    }

    /** @return {@code completed_at}, virtual ms; null while in progress. */
    public Long completedAtMs() {
        return completedAtMs.get();
    }

    public ReadOnlyObjectProperty<Long> completedAtMsProperty() {
        return completedAtMs.getReadOnlyProperty();
    }

    /** @return true if the row is {@code in_progress} and {@code locked_until < nowMs}: the next claim takes it. */
    public boolean reclaimable(long nowMs) {
        return status() == Status.IN_PROGRESS && lockedUntilMs() < nowMs;
    }

    /** @return {@link #reclaimable}: the lease's countdown is over only once the key can be taken over. */
    @Override
    public boolean expired(long nowMs) {
        return reclaimable(nowMs);
    }

    /**
     * @param nowMs virtual ms now
     * @return {@code lease ends in 3.2 s} while the lease holds ({@code locked_until - now}, rounded up as
     *         {@link VirtualTime#countdown}), {@code lease ends now} at {@code locked_until} itself (its last ms),
     *         {@code lease expired 1.5 s ago — reclaimable} once {@code locked_until < nowMs} (time since
     *         {@code locked_until}, rounded up), {@code never reclaimed} when completed
     */
    @Override
    public String countdownText(long nowMs) {
        if (status() == Status.COMPLETED) {
            return TEXTS.get("lease.completed");
        }
        if (reclaimable(nowMs)) {
            return TEXTS.format("lease.expired", VirtualTime.countdown(nowMs - lockedUntilMs()));
        }
        long left = remainingMs(nowMs);
        if (left == Long.MAX_VALUE) {
            return TEXTS.get("lease.forever"); // locked_until = Long.MAX_VALUE: the longest lease a store allows
        }
        return left == 0 ? TEXTS.get("lease.now") : TEXTS.format("lease.endsIn", VirtualTime.countdown(left));
    }

    @Override
    public String toString() {
        return key() + " " + status().sql() + " " + owner() + " x" + claims();
    }
}
