package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.ui.VirtualTime;

/**
 * What the claim table's and the lock store's views share: a store that has no listener and can only be polled,
 * read at each {@link #refresh} (the key store's flush: at most ten times a second while playing, at once when
 * paused or stepping), its rows kept by key ({@link PolledRows}), at most {@link #limit()} of them, with a note
 * when there are more, and a status line when a read fails.
 *
 * <p>A read that throws {@link ClaimStoreException} (the database failed) or {@link IllegalStateException} (the
 * store was closed under the view) does not reach the caller: its message goes to {@link #errorProperty()} and
 * the rows read last stay as they were. Plain {@code javafx.beans}/{@code javafx.collections}: testable without
 * the FX toolkit. One thread (the FX thread in the lab).
 *
 * @param <T> the store
 * @param <S> the store's snapshot of one row
 * @param <R> the row the table shows
 */
abstract class PolledTableModel<T, S, R extends PolledRow> {
    /** Rows shown at most, by default: enough for a class's run, cheap to poll ten times a second. */
    public static final int DEFAULT_LIMIT = 500;
    /** The largest limit a view may ask for. */
    public static final int MAX_LIMIT = 100_000;

    /** One read: up to the limit's rows, in the store's order, and how many the store holds. */
    record Snapshot<S>(List<S> rows, long total) {
    }

    private final int limit;
    private final String noun;
    private final PolledRows<S, R> rows;
    private final ReadOnlyBooleanWrapper inUse = new ReadOnlyBooleanWrapper(this, "inUse");
    private final ReadOnlyLongWrapper nowMs = new ReadOnlyLongWrapper(this, "nowMs");
    private final ReadOnlyLongWrapper totalRows = new ReadOnlyLongWrapper(this, "totalRows");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper counters = new ReadOnlyStringWrapper(this, "counters", "");
    private T store;
    private long spanMs;
    private long lastReadAtMs = -1;

    /**
     * @param limit  rows shown at most, 1 to {@link #MAX_LIMIT}
     * @param noun   what a row is, plural, for the notes ({@code rows}, {@code locks})
     * @param keyOf  a snapshot's key (unique in one read)
     * @param create a row for a key not shown before
     * @param update copies a snapshot into the row shown for its key
     * @throws IllegalArgumentException if {@code limit} is out of range
     */
    PolledTableModel(int limit, String noun, Function<S, String> keyOf, Function<S, R> create,
                     BiConsumer<R, S> update) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: " + limit + " is outside the allowed range 1 to " + MAX_LIMIT
                    + " rows");
        }
        this.limit = limit;
        this.noun = noun;
        this.rows = new PolledRows<>(keyOf, create, update);
    }

    /**
     * Reads {@code store}.
     *
     * @param store the store attached, not null
     * @param limit at most this many rows
     * @param nowMs virtual ms now
     * @throws ClaimStoreException   if the database fails
     * @throws IllegalStateException if the store is closed
     */
    abstract Snapshot<S> read(T store, int limit, long nowMs);

    /**
     * @return a lower bound of the lease or TTL this row was given, virtual ms, from what it shows at
     *         {@code nowMs}; 0 if it tells nothing. The bars are drawn against the largest seen (a run gives every
     *         claim the same lease, every lock the same TTL).
     */
    abstract long spanSeen(S s, long nowMs);

    /**
     * Sets the subclass's counters from the rows shown (a read that failed leaves the rows, and the counters that
     * depend on the clock are counted again).
     *
     * @return the counters' line, e.g. {@code Rows 12 · In progress 3 · ...}
     */
    abstract String count(List<R> shown, long total, long nowMs);

    /**
     * Shows {@code store} from the next {@link #refresh} on; clears the rows, counters, error and measured span.
     * The store is not read here, and never closed by this view.
     *
     * @param store the run's store, or null if the run uses none (the section is hidden)
     */
    public void attach(T store) {
        this.store = store;
        boolean present = store != null;
        rows.clear();
        inUse.set(present);
        totalRows.set(0);
        error.set(null);
        status.set("");
        spanMs = 0;
        lastReadAtMs = -1;
        counters.set(present ? count(rows.list(), 0, nowMs.get()) : "");
    }

    /**
     * Polls the store attached (nothing if none) and shows what it holds now: rows kept by key and updated in
     * place, new keys appended, keys gone removed; counters, notes and {@link #nowMsProperty()} set. A read that
     * fails keeps the last rows and shows its message. Cost: one read of up to {@link #limit()} rows, plus
     * O(rows) here.
     *
     * @param nowMs the simulation's virtual clock, ms (normally {@code sim.nowMs()})
     */
    public void refresh(long nowMs) {
        if (store != null) {
            poll(nowMs);
        }
        this.nowMs.set(nowMs);
    }

    private void poll(long nowMs) {
        Snapshot<S> read = null;
        try {
            read = read(store, limit, nowMs);
        } catch (ClaimStoreException | IllegalStateException e) {
            error.set(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        if (read != null) {
            error.set(null);
            lastReadAtMs = nowMs;
            for (S s : read.rows()) {
                spanMs = Math.max(spanMs, spanSeen(s, nowMs));
            }
            List<S> shown = read.rows().size() > limit ? read.rows().subList(0, limit) : read.rows();
            rows.show(shown);
            for (R r : rows.list()) {
                r.span(spanMs);
            }
            totalRows.set(Math.max(read.total(), shown.size()));
        }
        counters.set(count(rows.list(), totalRows.get(), nowMs));
        if (error.get() != null) {
            status.set(lastReadAtMs < 0 ? error.get()
                    : TEXTS.format("status.stale", error.get(), noun, VirtualTime.format(lastReadAtMs)));
        } else {
            status.set(PolledRows.shownNote(rows.list().size(), totalRows.get(), noun));
        }
    }

    /** @return the store attached, or null. */
    public T store() {
        return store;
    }

    /** @return rows shown at most. */
    public int limit() {
        return limit;
    }

    /**
     * @return the largest lease or TTL seen in this store since it was attached, virtual ms (0 before any): what
     *         the countdown bars are drawn against
     */
    public long spanMs() {
        return spanMs;
    }

    /** @return the rows as last read, in the store's order, at most {@link #limit()}; read-only. */
    public ObservableList<R> rows() {
        return rows.list();
    }

    /** @return true while a store is attached: the view shows this section only then. */
    public ReadOnlyBooleanProperty inUseProperty() {
        return inUse.getReadOnlyProperty();
    }

    /** @return the virtual clock at the last refresh, ms: what countdowns count from. */
    public ReadOnlyLongProperty nowMsProperty() {
        return nowMs.getReadOnlyProperty();
    }

    /** @return how many rows the store held at the last read that worked (may exceed the rows shown). */
    public ReadOnlyLongProperty totalRowsProperty() {
        return totalRows.getReadOnlyProperty();
    }

    /** @return the message of the last read if it failed; null once a read works. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /**
     * @return one line for the status label: the error (and when the rows shown were read), else
     *         {@code Showing 500 of 1,234 rows ...} when the limit cut the table, else the empty text
     */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** @return the counters' line for the section's header. */
    public ReadOnlyStringProperty countersProperty() {
        return counters.getReadOnlyProperty();
    }
}
