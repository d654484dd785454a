package org.idempotencylab.ui.keystore;

import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.value.ChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.TableRow;
import javafx.util.Duration;

/**
 * A table row that flashes (pseudo-class {@code :flash}, pale yellow in keystore.css) for {@link #FLASH} of real
 * time whenever its key saves work: the row's {@code flashCount} goes up on a store hit, a shared run in flight,
 * or a send the provider suppressed. A row that shows another key stops flashing at once.
 *
 * @param <R> the row type
 */
final class FlashingRow<R extends ExpiringRow> extends TableRow<R> {
    static final PseudoClass FLASH_CLASS = PseudoClass.getPseudoClass("flash");
    /** How long a flash lasts, real time: long enough to catch the eye, short enough for the next one. */
    static final Duration FLASH = Duration.millis(600);

    private final PauseTransition fade = new PauseTransition(FLASH);
    private final ChangeListener<Number> onFlash = (obs, old, n) -> flash();
    private ReadOnlyIntegerProperty watched;

    FlashingRow() {
        fade.setOnFinished(e -> pseudoClassStateChanged(FLASH_CLASS, false));
    }

    @Override
    protected void updateItem(R row, boolean empty) {
        super.updateItem(row, empty);
        ReadOnlyIntegerProperty count = empty || row == null ? null : row.flashCountProperty();
        if (count == watched) {
            return;
        }
        if (watched != null) {
            watched.removeListener(onFlash);
        }
        watched = count;
        if (count != null) {
            count.addListener(onFlash);
        }
        fade.stop();
        pseudoClassStateChanged(FLASH_CLASS, false);
    }

    private void flash() {
        pseudoClassStateChanged(FLASH_CLASS, true);
        fade.playFromStart();
    }
}
