package org.idempotencylab.ui.live;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.ui.Texts;

/**
 * The live view's status bar on one line, every word whole: the clock on the left, then the counters, the failures
 * once they are not zero, and the events per second. Where the line has no room, the events per second step aside
 * first, then the clock's words ("virtual time"), so the clock's digits and the counters stay whole.
 */
final class StatusLine {
    private static final Texts TEXTS = Texts.of(StatusLine.class);
    /**
     * Room the events per second need beyond their width to come back, px: their width changes as they count, and
     * without the margin they would come and go from one second to the next.
     */
    static final double RETURN_MARGIN = 40;

    private final StatusBar bar;
    private final LiveViewModel model;
    private final Label rate = new Label();

    /** Fills {@code bar} with {@code model}'s clock and counters; {@link #fit()} after each layout pass. */
    StatusLine(StatusBar bar, LiveViewModel model) {
        this.bar = bar;
        this.model = model;
        bar.setText(TEXTS.format("status.clock", model.clockProperty().get()));
        model.clockProperty().addListener(o -> fit());
        Label behind = new Label(TEXTS.get("status.behind"));
        behind.getStyleClass().add("input-error");
        behind.visibleProperty().bind(model.behindProperty());
        Label counters = new Label();
        counters.textProperty().bind(model.countersProperty());
        Label failures = new Label();
        failures.setId("failuresLabel");
        failures.getStyleClass().add("failure-counters");
        failures.textProperty().bind(model.failuresProperty());
        failures.visibleProperty().bind(model.failuresProperty().isNotEmpty());
        rate.setId("eventsPerSecondLabel");
        rate.textProperty().bind(model.eventsPerSecondProperty());
        for (Label l : List.of(behind, counters, failures, rate)) {
            l.setMinWidth(Region.USE_PREF_SIZE);
            l.managedProperty().bind(l.visibleProperty());
        }
        bar.getRightItems().setAll(behind, counters, failures, rate);
    }

    /**
     * The clock with its words and the events per second where the line has room for both, else without the events
     * per second, else the clock's digits alone. The room is measured without the events per second, so what
     * shows does not depend on what showed.
     */
    void fit() {
        String time = model.clockProperty().get();
        String full = TEXTS.format("status.clock", time);
        Node found = bar.lookup(".status-label");
        if (!(found instanceof Label clock) || clock.getWidth() <= 0 || !(rate.getParent() instanceof HBox right)) {
            bar.setText(full);
            return;
        }
        double rateWidth = rate.prefWidth(-1) + right.getSpacing();
        double room = clock.getWidth() - clock.snappedLeftInset() - clock.snappedRightInset()
                + (rate.isVisible() ? rate.getWidth() + right.getSpacing() : 0);
        double words = FittedText.width(full, clock.getFont());
        boolean rateShown = room >= words + rateWidth + (rate.isVisible() ? 0 : RETURN_MARGIN);
        if (rate.isVisible() != rateShown) {
            rate.setVisible(rateShown);
        }
        bar.setText(room - (rateShown ? rateWidth : 0) >= words ? full : time);
    }
}
