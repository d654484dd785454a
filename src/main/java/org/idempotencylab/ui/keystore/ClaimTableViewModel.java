package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.idempotencylab.store.ClaimRow.Status;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;

/**
 * The claim table view: the second article's {@code processed_jobs} rows ({@code in_progress}/{@code completed},
 * the lease {@code locked_until}, the saved result), live on the simulation clock.
 *
 * <p>{@link #attach} the run's claim store (null: none, the section is hidden), then {@link #refresh} with the
 * clock. A claim store has no listener, and a database can only be polled: each {@link #refresh} reads
 * {@link ClaimStore#rows}{@code (limit)} (ordered by {@code created_at}, then key) and {@link ClaimStore#size()}.
 * The key store view calls it from its flush, so the table is read at most ten times a second while playing, and
 * at once when paused or stepping. Rows are kept by key and updated in place ({@link ClaimTableRow}), so
 * selection and scrolling survive a refresh. A read that throws {@link ClaimStoreException} shows its message in
 * {@link #statusProperty()} and keeps the rows read before.
 *
 * <p>Counters, over the rows shown (all of them unless the table holds more than {@link #limit()}): rows
 * {@code in_progress}, {@code completed}, expired leases ({@code in_progress} with {@code locked_until < now}: the
 * next claim reclaims them) and reclaimed rows ({@code claims > 1}).
 *
 * <p>The bars are drawn against the lease the run uses, measured from the rows: a row claimed once shows it
 * exactly ({@code locked_until - created_at}); any row in progress shows at least {@code locked_until - now}.
 *
 * <p>Plain Java and {@code javafx.beans}/{@code javafx.collections} only: testable without the FX toolkit. One
 * thread (the FX thread in the lab); the store itself may be written by other threads.
 */
public final class ClaimTableViewModel extends PolledTableModel<ClaimStore, ClaimRow, ClaimTableRow> {
    private final ReadOnlyIntegerWrapper inProgress = new ReadOnlyIntegerWrapper(this, "inProgress");
    private final ReadOnlyIntegerWrapper completed = new ReadOnlyIntegerWrapper(this, "completed");
    private final ReadOnlyIntegerWrapper expiredLeases = new ReadOnlyIntegerWrapper(this, "expiredLeases");
    private final ReadOnlyIntegerWrapper reclaimed = new ReadOnlyIntegerWrapper(this, "reclaimed");

    /**
     * The order rows are shown in: {@code in_progress} first (the rows the lesson is about: a claim held, or
     * left behind by a crash until its lease runs out), then by {@code created_at}, then by key.
     */
    static final Comparator<ClaimRow> LESSON_ORDER = Comparator
            .comparing((ClaimRow r) -> r.status() != Status.IN_PROGRESS)
            .thenComparingLong(ClaimRow::createdAtMs)
            .thenComparing(ClaimRow::key);

    /** A view of at most {@link #DEFAULT_LIMIT} rows. */
    public ClaimTableViewModel() {
        this(DEFAULT_LIMIT);
    }

    /**
     * @param limit rows shown at most, 1 to {@link #MAX_LIMIT}: the first ones by {@code created_at}, then key
     * @throws IllegalArgumentException if {@code limit} is out of range
     */
    public ClaimTableViewModel(int limit) {
        super(limit, TEXTS.get("claims.noun"), ClaimRow::key, ClaimTableRow::new, ClaimTableRow::update);
    }

    @Override
    Snapshot<ClaimRow> read(ClaimStore claims, int limit, long nowMs) {
        List<ClaimRow> read = new ArrayList<>(claims.rows(limit));
        read.sort(LESSON_ORDER);
        return new Snapshot<>(read, claims.size());
    }

    @Override
    long spanSeen(ClaimRow row, long nowMs) {
        if (row.claims() == 1) {
            return row.lockedUntilMs() - row.createdAtMs(); // claimed once: its lease began at created_at
        }
        return row.status() == Status.IN_PROGRESS ? row.lockedUntilMs() - nowMs : 0;
    }

    @Override
    String count(List<ClaimTableRow> shown, long total, long nowMs) {
        int running = 0;
        int done = 0;
        int expired = 0;
        int again = 0;
        for (ClaimTableRow r : shown) {
            if (r.status() == Status.COMPLETED) {
                done++;
            } else {
                running++;
                if (r.reclaimable(nowMs)) {
                    expired++;
                }
            }
            if (r.claims() > 1) {
                again++;
            }
        }
        inProgress.set(running);
        completed.set(done);
        expiredLeases.set(expired);
        reclaimed.set(again);
        String of = total > shown.size() ? TEXTS.format("claims.of", shown.size()) : "";
        return TEXTS.format("claims.counters", total, running, done, expired, again, of);
    }

    /** @return rows {@code in_progress} among those shown. */
    public ReadOnlyIntegerProperty inProgressProperty() {
        return inProgress.getReadOnlyProperty();
    }

    /** @return rows {@code completed} among those shown. */
    public ReadOnlyIntegerProperty completedProperty() {
        return completed.getReadOnlyProperty();
    }

    /**
     * @return rows {@code in_progress} with {@code locked_until} before the clock at the last refresh, among those
     *         shown: the next claim of each reclaims it
     */
    public ReadOnlyIntegerProperty expiredLeasesProperty() {
        return expiredLeases.getReadOnlyProperty();
    }

    /** @return rows claimed more than once (reclaimed after an expired lease), among those shown. */
    public ReadOnlyIntegerProperty reclaimedProperty() {
        return reclaimed.getReadOnlyProperty();
    }
}
