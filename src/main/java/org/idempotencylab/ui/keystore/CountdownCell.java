package org.idempotencylab.ui.keystore;

import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import org.idempotencylab.ui.Concept;

/**
 * "Expires in": a bar showing the part of the TTL (or lease) left and the row's countdown text
 * ({@link CountdownRow#countdownText}: {@code 23.4 s}, {@code running} while the key has no expiry yet,
 * {@code lease ends in 3.2 s} for a claim). It follows the view-model's virtual clock and the row's expiry by
 * itself, so the table needs no {@code refresh()}: only the cells on screen exist, so a tick costs a few dozen
 * updates however many keys there are. Listeners are weak, so a cell the table drops is not kept alive by the
 * clock.
 *
 * @param <R> the row type, which is also the cell's value
 */
final class CountdownCell<R extends CountdownRow> extends TableCell<R, R> {
    /** On the bar when less than a fifth of the TTL is left. */
    static final PseudoClass ENDING = PseudoClass.getPseudoClass("ending");
    /** On the cell once nothing is left (a lease that ran out and can be reclaimed, a lock past its TTL). */
    static final PseudoClass EXPIRED = PseudoClass.getPseudoClass("expired");

    private final ReadOnlyLongProperty nowMs;
    private final ProgressBar bar = new ProgressBar(1);
    private final ChangeListener<Number> tick = this::tick;
    private final WeakChangeListener<Number> weakTick = new WeakChangeListener<>(tick);
    private ReadOnlyLongProperty watchedExpiry;

    /**
     * @param nowMs   the view's virtual clock, in virtual ms
     * @param concept what the countdown is the time of: a key remembered (its TTL) or a lease (a claim's
     *                {@code locked_until}, a lock's TTL); the bar takes that concept's colour
     */
    CountdownCell(ReadOnlyLongProperty nowMs, Concept concept) {
        this.nowMs = nowMs;
        getStyleClass().add(concept.styleClass());
        nowMs.addListener(weakTick);
        bar.getStyleClass().add("ttl-bar");
        bar.setFocusTraversable(false);
        getStyleClass().add("countdown-cell");
        setContentDisplay(ContentDisplay.LEFT);
        setGraphicTextGap(8);
    }

    private void tick(ObservableValue<? extends Number> obs, Number old, Number now) {
        show();
    }

    @Override
    protected void updateItem(R row, boolean empty) {
        super.updateItem(row, empty);
        ReadOnlyLongProperty expiry = empty || row == null ? null : row.expiresAtMsProperty();
        if (expiry != watchedExpiry) {
            if (watchedExpiry != null) {
                watchedExpiry.removeListener(weakTick);
            }
            watchedExpiry = expiry;
            if (expiry != null) {
                expiry.addListener(weakTick); // a running key finishes: its countdown starts
            }
        }
        show();
    }

    private void show() {
        R row = getItem();
        if (isEmpty() || row == null) {
            setText(null);
            setGraphic(null);
            pseudoClassStateChanged(EXPIRED, false);
            return;
        }
        long now = nowMs.get();
        long left = row.remainingMs(now);
        boolean over = row.expired(now);
        setText(row.countdownText(now));
        pseudoClassStateChanged(EXPIRED, over);
        if (left == Long.MAX_VALUE || over) { // no countdown, or it is over: the text says it all
            setGraphic(null);
            return;
        }
        double fraction = row.remainingFraction(now);
        bar.setProgress(fraction);
        bar.pseudoClassStateChanged(ENDING, fraction < 0.2);
        setGraphic(bar);
    }
}
