package org.idempotencylab.ui;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.scene.Node;
import org.idempotencylab.store.ClaimStore;

/**
 * A view of a claim table ({@code processed_jobs}, the second article) that a feature can show without knowing the
 * key store's classes: the Real workers tab shows a real run's claim table in it, exactly as the Key store pane shows
 * the live run's. {@link App} makes them from the key store's view ({@link Factory}).
 *
 * <p>Polled, as a database can only be: {@link #read} reads the store off the FX thread (the rows, {@code in_progress}
 * first, then the newest, up to a limit; the counters over the whole run), {@link #show} puts what it read on the
 * screen on the FX thread. The two never overlap; {@link #attach} and {@link #show} run on the FX thread only.
 * Times are ms after the store's epoch ({@code JdbcClaimStore.Options#epoch}): for a real run, wall-clock ms since
 * the run began.
 */
public interface ClaimTableView {
    /** @return the view's node (the claim table's section, its counters and status line) */
    Node node();

    /**
     * Shows {@code store} from the next {@link #read} on, with no rows until then; null hides the section. The
     * store is never closed by the view. FX thread.
     */
    void attach(ClaimStore store);

    /**
     * Reads the store attached, keeping the rows and counts (or a read's failure message) for the next
     * {@link #show}. Any one thread, never at the same time as another method.
     *
     * @param nowMs ms after the store's epoch: expired leases are those with {@code locked_until < nowMs}
     */
    void read(long nowMs);

    /** Shows what the last {@link #read} got; the countdowns count from {@code nowMs}. FX thread. */
    void show(long nowMs);

    /** @return the counters' line as shown, e.g. {@code Rows 1,500 · In progress 3 · ...}. FX thread. */
    String counters();

    /**
     * @return px the table needs to show its key, status and lease columns whole side by side (headers, the status
     *         with its icon, the longest lease countdown, the longest key shown so far) with its scroll bar, in the
     *         type it has now: more in presentation mode; a view that places the table gives it that much. FX thread.
     */
    ReadOnlyDoubleProperty readableWidthProperty();

    /** Makes a new claim-table view, detached. */
    @FunctionalInterface
    interface Factory {
        /**
         * @return a new view, its node not yet in a scene
         * @throws java.io.UncheckedIOException if its FXML does not load (a broken installation)
         */
        ClaimTableView create();
    }
}
