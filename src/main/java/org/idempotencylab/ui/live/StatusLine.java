package org.idempotencylab.ui.live;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.ui.Texts;

/**
 * The live view's status bar, every word whole: the clock on the left, then the counters, the failures once they
 * are not zero, and the events per second, on one line. Where the line has no room, the events per second step
 * aside first, then the clock's words ("virtual time"); where even the clock's digits would not fit beside the
 * failures (a crash preset in presentation mode at 1024 px), the failures move to a line of their own above the
 * bar, wrapped if need be, so no counter is cut off.
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
    private final Label counters = new Label();
    private final Label failures = new Label();
    /** The status area: the failures' own line while they have no room on the bar's, then the bar. */
    private final VBox area;
    private final HBox failuresLine = new HBox();

    /**
     * Fills {@code bar} with {@code model}'s clock and counters; {@link #fit()} after each layout pass.
     *
     * @param area the pane that holds {@code bar}, where the failures get a line of their own when they must
     */
    StatusLine(StatusBar bar, VBox area, LiveViewModel model) {
        this.bar = bar;
        this.area = area;
        this.model = model;
        failuresLine.getStyleClass().add("status-failures-line");
        bar.setText(TEXTS.format("status.clock", model.clockProperty().get()));
        model.clockProperty().addListener(o -> fit());
        Label behind = new Label(TEXTS.get("status.behind"));
        behind.getStyleClass().add("input-error");
        behind.visibleProperty().bind(model.behindProperty());
        counters.setText(model.countersProperty().get());
        model.countersProperty().addListener(o -> fit());
        model.failuresProperty().addListener(o -> fit());
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
        failuresLine.visibleProperty().bind(failures.visibleProperty());
        failuresLine.managedProperty().bind(failures.visibleProperty());
    }

    /** @return true while the failures stand on their own line above the bar */
    boolean failuresOnTheirOwnLine() {
        return failures.getParent() == failuresLine;
    }

    /**
     * Fits the line to its room, giving way in this order: the events per second, the clock's words, the counters'
     * longer words ("jobs done" becomes "done", "users with 2+ emails" "2+ emails"), and last the failures' place on
     * the line (they move above it). The room is measured as if none of these showed, so what shows does not depend
     * on what showed; a piece comes back only with a margin to spare ({@link #RETURN_MARGIN}), so it does not come
     * and go as the numbers grow a digit.
     */
    void fit() {
        String time = model.clockProperty().get();
        String full = TEXTS.format("status.clock", time);
        String longCounters = model.countersProperty().get();
        Node found = bar.lookup(".status-label");
        if (!(found instanceof Label clock) || clock.getWidth() <= 0 || !(rate.getParent() instanceof HBox right)) {
            bar.setText(full);
            counters.setText(longCounters);
            return;
        }
        double spacing = right.getSpacing();
        boolean apart = failuresOnTheirOwnLine();
        boolean failing = !model.failuresProperty().get().isEmpty();
        // the room for the clock, the counters, the failures and the events per second together
        double room = clock.getWidth() - clock.snappedLeftInset() - clock.snappedRightInset() + counters.getWidth()
                + (rate.isVisible() ? rate.getWidth() + spacing : 0)
                + (!apart && failures.isVisible() ? failures.getWidth() + spacing : 0);
        double digits = FittedText.width(time, clock.getFont());
        double failuresWidth = failing ? FittedText.width(model.failuresProperty().get(), failures.getFont())
                + failures.snappedLeftInset() + failures.snappedRightInset() + spacing : 0;
        String shortCounters = model.countersShortProperty().get();
        double counterInsets = counters.snappedLeftInset() + counters.snappedRightInset();
        double longWidth = FittedText.width(longCounters, counters.getFont()) + counterInsets;
        double shortWidth = FittedText.width(shortCounters, counters.getFont()) + counterInsets;
        boolean wasLong = longCounters.equals(counters.getText());
        boolean useLong = room >= digits + longWidth + failuresWidth + (wasLong || apart ? 0 : RETURN_MARGIN);
        boolean ownLine = !useLong && room < digits + shortWidth + failuresWidth + (apart ? RETURN_MARGIN : 0);
        ownLine &= failing;
        String countersText = useLong ? longCounters : shortCounters;
        if (!countersText.equals(counters.getText())) {
            counters.setText(countersText);
        }
        if (ownLine != apart) {
            moveFailures(ownLine);
        }
        room -= (useLong ? longWidth : shortWidth) + (ownLine ? 0 : failuresWidth);
        double rateWidth = rate.prefWidth(-1) + spacing;
        double words = FittedText.width(full, clock.getFont());
        boolean rateShown = room >= words + rateWidth + (rate.isVisible() ? 0 : RETURN_MARGIN);
        if (rate.isVisible() != rateShown) {
            rate.setVisible(rateShown);
        }
        bar.setText(room - (rateShown ? rateWidth : 0) >= words ? full : time);
    }

    /** Puts the failures on their own line above the bar (wrapped there if need be), or back on the bar's. */
    private void moveFailures(boolean ownLine) {
        if (ownLine) {
            bar.getRightItems().remove(failures);
            failures.setMinWidth(0);
            failures.setWrapText(true);
            failuresLine.getChildren().setAll(failures);
            area.getChildren().add(0, failuresLine);
        } else {
            failuresLine.getChildren().clear();
            area.getChildren().remove(failuresLine);
            failures.setWrapText(false);
            failures.setMinWidth(Region.USE_PREF_SIZE);
            bar.getRightItems().add(bar.getRightItems().indexOf(rate), failures);
        }
    }
}
