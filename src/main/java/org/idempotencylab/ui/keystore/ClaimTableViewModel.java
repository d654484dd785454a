package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.Comparator;
import java.util.List;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.idempotencylab.store.ClaimCounts;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;

/**
 * The claim table view: the second article's {@code processed_jobs} rows ({@code in_progress}/{@code completed},
 * the lease {@code locked_until}, the saved result), live on the simulation clock.
 *
 * <p>{@link #attach} the run's claim store (null: none, the section is hidden), then {@link #refresh} with the
 * clock. A claim store has no listener, and a database can only be polled: each {@link #refresh} reads
 * {@link ClaimStore#rowsInProgressFirst}{@code (limit)} (every {@code in_progress} row before any completed one,
 * then by {@code created_at}, then key: the limit keeps the rows the lesson is about) and
 * {@link ClaimStore#counts} (over the whole table).
 * The key store view calls it from its flush, so the table is read at most ten times a second while playing, and
 * at once when paused or stepping. Rows are kept by key and updated in place ({@link ClaimTableRow}), so
 * selection and scrolling survive a refresh. A read that throws {@link ClaimStoreException} shows its message in
 * {@link #statusProperty()} and keeps the rows read before.
 *
 * <p>Counters, over the whole table however many rows are shown: rows, {@code in_progress}, {@code completed},
 * expired leases ({@code in_progress} with {@code locked_until < now}: the next claim reclaims them) and reclaimed
 * rows ({@code claims > 1}).
 *
 * <p>The bars are drawn against the lease the run uses, measured from the rows: a row claimed once shows it
 * exactly ({@code locked_until - created_at}); any row in progress shows at least {@code locked_until - now}.
 *
 * <p>Plain Java and {@code javafx.beans}/{@code javafx.collections} only: testable without the FX toolkit. One
 * thread (the FX thread in the lab); the store itself may be written by other threads.
 */
public final class ClaimTableViewModel
        extends PolledTableModel<ClaimStore, ClaimRow, ClaimTableRow, ClaimCounts> {
    private final ReadOnlyIntegerWrapper inProgress = new ReadOnlyIntegerWrapper(this, "inProgress");
    private final ReadOnlyIntegerWrapper completed = new ReadOnlyIntegerWrapper(this, "completed");
    private final ReadOnlyIntegerWrapper expiredLeases = new ReadOnlyIntegerWrapper(this, "expiredLeases");
    private final ReadOnlyIntegerWrapper reclaimed = new ReadOnlyIntegerWrapper(this, "reclaimed");

    /**
     * The order rows are shown in: {@code in_progress} first (the rows the lesson is about: a claim held, or
     * left behind by a crash until its lease runs out), then by {@code created_at}, then by key.
     */
    static final Comparator<ClaimRow> LESSON_ORDER = ClaimStore.IN_PROGRESS_FIRST;

    /** A view of at most {@link #DEFAULT_LIMIT} rows. */
    public ClaimTableViewModel() {
        this(DEFAULT_LIMIT);
    }

    /**
     * @param limit rows shown at most, 1 to {@link #MAX_LIMIT}: {@code in_progress} first, then by
     *              {@code created_at}, then key
     * @throws IllegalArgumentException if {@code limit} is out of range
     */
    public ClaimTableViewModel(int limit) {
        this(limit, false);
    }

    /**
     * @param limit       rows shown at most, 1 to {@link #MAX_LIMIT}
     * @param newestFirst after the {@code in_progress} rows, the newest first
     *                    ({@link ClaimStore#rowsInProgressFirstNewest}: a real run's table, which grows by thousands of
     *                    rows, shows what just happened); false: the oldest first, as the live run's
     * @throws IllegalArgumentException if {@code limit} is out of range
     */
    public ClaimTableViewModel(int limit, boolean newestFirst) {
        super(limit, TEXTS.get("claims.noun"), TEXTS.get(newestFirst ? "claims.orderNewest" : "claims.order"),
                ClaimRow::key, ClaimTableRow::new, ClaimTableRow::update);
        this.newestFirst = newestFirst;
    }

    private final boolean newestFirst;

    @Override
    Snapshot<ClaimRow, ClaimCounts> read(ClaimStore claims, int limit, long nowMs) {
        List<ClaimRow> read = newestFirst ? claims.rowsInProgressFirstNewest(limit) : claims.rowsInProgressFirst(limit);
        ClaimCounts counts = claims.counts(nowMs);
        return new Snapshot<>(read, counts.rows(), counts);
    }

    @Override
    long spanSeen(ClaimRow row, long nowMs) {
        if (row.claims() == 1) {
            return row.lockedUntilMs() - row.createdAtMs(); // claimed once: its lease began at created_at
        }
        return row.status() == ClaimRow.Status.IN_PROGRESS ? row.lockedUntilMs() - nowMs : 0;
    }

    @Override
    ClaimCounts aged(ClaimCounts last, List<ClaimTableRow> shown, long total, long nowMs) {
        if (last == null || total > shown.size()) {
            return last;
        }
        long expired = shown.stream().filter(r -> r.reclaimable(nowMs)).count();
        return new ClaimCounts(last.rows(), last.inProgress(), last.completed(), expired, last.reclaimed());
    }

    @Override
    String count(ClaimCounts counts, int shown) {
        ClaimCounts c = counts == null ? ClaimCounts.NONE : counts;
        inProgress.set((int) c.inProgress());
        completed.set((int) c.completed());
        expiredLeases.set((int) c.expiredLeases());
        reclaimed.set((int) c.reclaimed());
        return TEXTS.format("claims.counters", c.rows(), c.inProgress(), c.completed(), c.expiredLeases(),
                c.reclaimed());
    }

    /** @return rows {@code in_progress} in the whole table. */
    public ReadOnlyIntegerProperty inProgressProperty() {
        return inProgress.getReadOnlyProperty();
    }

    /** @return rows {@code completed} in the whole table. */
    public ReadOnlyIntegerProperty completedProperty() {
        return completed.getReadOnlyProperty();
    }

    /**
     * @return rows {@code in_progress} with {@code locked_until} before the clock at the last refresh, among those
     *         whole table: the next claim of each reclaims it
     */
    public ReadOnlyIntegerProperty expiredLeasesProperty() {
        return expiredLeases.getReadOnlyProperty();
    }

    /** @return rows claimed more than once (reclaimed after an expired lease), in the whole table. */
    public ReadOnlyIntegerProperty reclaimedProperty() {
        return reclaimed.getReadOnlyProperty();
    }
}
