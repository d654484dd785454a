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
 * when there are more, and a status line when a read fails. The counters come with each read, counted over the
 * whole store, not over the rows shown.
 *
 * <p>A refresh is two halves, so that a database is never read on the FX thread: {@link #read} asks the store
 * (on the thread that advances the simulation: a background thread when the claim table is on a database) and
 * keeps what it got; {@link #show} then publishes it (on the FX thread). {@link #refresh} does both in place.
 *
 * <p>A read that throws {@link ClaimStoreException} (the database failed) or {@link IllegalStateException} (the
 * store was closed under the view) does not reach the caller: its message goes to {@link #errorProperty()} and
 * the rows and counters read last stay as they were. Plain {@code javafx.beans}/{@code javafx.collections}:
 * testable without the FX toolkit. {@link #show} and everything but {@link #read} on one thread (the FX thread in
 * the lab); {@link #read} on that thread or on one that hands over to it (a read and the show after it never
 * overlap another read or show).
 *
 * @param <T> the store
 * @param <S> the store's snapshot of one row
 * @param <R> the row the table shows
 * @param <C> the store's counts, over all its rows
 */
abstract class PolledTableModel<T, S, R extends PolledRow, C> {
    /** Rows shown at most, by default: enough for a class's run, cheap to poll ten times a second. */
    public static final int DEFAULT_LIMIT = 500;
    /** The largest limit a view may ask for. */
    public static final int MAX_LIMIT = 100_000;

    /** One read: up to the limit's rows, in the order to show, how many the store holds, and its counts. */
    record Snapshot<S, C>(List<S> rows, long total, C counts) {
    }

    /** What {@link #read} got, until {@link #show} publishes it: a snapshot, or the message of a read that failed. */
    private record Read<T, S, C>(T store, Snapshot<S, C> snapshot, String error, long nowMs) {
    }

    private final int limit;
    private final String noun;
    private final String order;
    private final PolledRows<S, R> rows;
    private final ReadOnlyBooleanWrapper inUse = new ReadOnlyBooleanWrapper(this, "inUse");
    private final ReadOnlyLongWrapper nowMs = new ReadOnlyLongWrapper(this, "nowMs");
    private final ReadOnlyLongWrapper totalRows = new ReadOnlyLongWrapper(this, "totalRows");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper counters = new ReadOnlyStringWrapper(this, "counters", "");
    private T store;
    private C lastCounts;
    private volatile Read<T, S, C> pending;
    private long spanMs;
    private long lastReadAtMs = -1;

    /**
     * @param limit  rows shown at most, 1 to {@link #MAX_LIMIT}
     * @param noun   what a row is, plural, for the notes ({@code rows}, {@code locks})
     * @param order  which rows the limit keeps, for the note ({@code in_progress first, then the oldest})
     * @param keyOf  a snapshot's key (unique in one read)
     * @param create a row for a key not shown before
     * @param update copies a snapshot into the row shown for its key
     * @throws IllegalArgumentException if {@code limit} is out of range
     */
    PolledTableModel(int limit, String noun, String order, Function<S, String> keyOf, Function<S, R> create,
                     BiConsumer<R, S> update) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: " + limit + " is outside the allowed range 1 to " + MAX_LIMIT
                    + " rows");
        }
        this.limit = limit;
        this.noun = noun;
        this.order = order;
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
    abstract Snapshot<S, C> read(T store, int limit, long nowMs);

    /**
     * @return a lower bound of the lease or TTL this row was given, virtual ms, from what it shows at
     *         {@code nowMs}; 0 if it tells nothing. The bars are drawn against the largest seen (a run gives every
     *         claim the same lease, every lock the same TTL).
     */
    abstract long spanSeen(S s, long nowMs);

    /**
     * Sets the subclass's counters from the store's counts (over all its rows) of the last read that worked.
     *
     * @param counts the counts, or null before any read (everything 0)
     * @param shown  how many rows are shown (fewer than the store holds when the limit cut the table)
     * @return the counters' line, e.g. {@code Rows 12 · In progress 3 · ...}
     */
    abstract String count(C counts, int shown);

    /**
     * The counts to show at {@code nowMs} when the read failed: the last read's, with what depends on the clock
     * (expired leases, expired locks) counted again from the rows shown if they are the whole store; else as read.
     *
     * @param last  the counts of the last read that worked, or null
     * @param shown the rows shown, read then
     * @param total how many rows the store held then
     */
    abstract C aged(C last, List<R> shown, long total, long nowMs);

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
        lastCounts = null;
        pending = null;
        counters.set(present ? count(null, 0) : "");
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
        read(nowMs);
        show(nowMs);
    }

    /**
     * The first half of {@link #refresh}: reads the store attached (nothing if none) and keeps what it got, or the
     * message of a read that failed, for the next {@link #show}. The only method that touches the store; call it
     * where the store may be read (off the FX thread for a database), never at the same time as another method.
     *
     * @param nowMs the simulation's virtual clock, ms
     */
    public void read(long nowMs) {
        T from = store;
        if (from == null) {
            return;
        }
        Read<T, S, C> got;
        try {
            got = new Read<>(from, read(from, limit, nowMs), null, nowMs);
        } catch (ClaimStoreException | IllegalStateException e) {
            got = new Read<>(from, null, e.getMessage() == null ? e.toString() : e.getMessage(), nowMs);
        }
        pending = got;
    }

    /**
     * The second half of {@link #refresh}: shows what the last {@link #read} got, if it read the store attached
     * (rows kept by key and updated in place, new keys appended, keys gone removed; counters and notes), and sets
     * {@link #nowMsProperty()}. Without a read since the last show, the rows and counters stay as they were and
     * only the clock moves. Never reads the store. Cost: O(rows shown).
     *
     * @param nowMs the simulation's virtual clock, ms (normally {@code sim.nowMs()})
     */
    public void show(long nowMs) {
        Read<T, S, C> got = pending;
        pending = null;
        if (store != null && got != null && got.store() == store) {
            publish(got);
        }
        this.nowMs.set(nowMs);
    }

    private void publish(Read<T, S, C> got) {
        Snapshot<S, C> read = got.snapshot();
        long readAtMs = got.nowMs();
        if (read == null) {
            error.set(got.error());
            lastCounts = aged(lastCounts, rows.list(), totalRows.get(), got.nowMs());
        } else {
            error.set(null);
            lastReadAtMs = readAtMs;
            for (S s : read.rows()) {
                spanMs = Math.max(spanMs, spanSeen(s, readAtMs));
            }
            List<S> shown = read.rows().size() > limit ? read.rows().subList(0, limit) : read.rows();
            rows.show(shown);
            for (R r : rows.list()) {
                r.span(spanMs);
            }
            totalRows.set(Math.max(read.total(), shown.size()));
            lastCounts = read.counts();
        }
        counters.set(count(lastCounts, rows.list().size()));
        if (error.get() != null) {
            status.set(lastReadAtMs < 0 ? error.get()
                    : TEXTS.format("status.stale", error.get(), noun, VirtualTime.format(lastReadAtMs)));
        } else {
            status.set(PolledRows.shownNote(rows.list().size(), totalRows.get(), noun, order));
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
     *         {@code Showing 500 of 1,234 rows (in_progress first, ...)} when the limit cut the table, else the
     *         empty text
     */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** @return the counters' line for the section's header. */
    public ReadOnlyStringProperty countersProperty() {
        return counters.getReadOnlyProperty();
    }
}
