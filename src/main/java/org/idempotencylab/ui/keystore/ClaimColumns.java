package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontPosture;
import javafx.scene.text.FontWeight;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.store.ClaimRow.Status;
import org.idempotencylab.ui.TextWidth;
import org.idempotencylab.ui.VirtualTime;

/**
 * Sizes the claim table's columns to their whole text in the type the table has now (larger in presentation mode):
 * every header whole; the status column for "in_progress" and "completed" with their icons; the lease column for its
 * longest countdown ("lease ends in 59.9 s" after its bar, "lease expired 59.9 s ago — reclaimable"); the key column
 * for the longest key of a run of up to 100,000 sign-ups ("subscribe to the newsletter:user_99999"), or a longer
 * one it has shown (it only grows while the view lives, so it does not jump from poll to poll).
 * Each column's least width is set so (its width never goes below it); {@link #readableWidthProperty()} is what the
 * key, status and lease columns need side by side, for a view that places the table. The columns after those three
 * that do not fit whole in the table's width are folded away rather than shown cut by its edge; the table's menu
 * button (its header's "+") shows any of them again, the table then scrolling sideways. Rows are as tall as the
 * type needs (an underscore's descent too), 26 px at least. FX thread only.
 */
final class ClaimColumns {
    /** Px a text is given beyond its measure and the cell's padding: the cell's border and the skin's snapping. */
    private static final double SLACK = 6;
    /** The status cell's icon (Concept.mark) and the label's gap before the text, px. */
    private static final double ICON = 13 + 4;
    /** The lease bar's width (keystore.css .ttl-bar) and the cell's gap after it (CountdownCell), px. */
    private static final double BAR = 90 + 8;
    /** A user id as long as a run of up to 100,000 sign-ups has: a key's end, after its step's name. */
    private static final String LONG_USER = ":user_99999";
    /** The widest countdown the lease column shows in a run of under a minute's leases. */
    private static final String COUNTDOWN = VirtualTime.countdown(59_900);
    /** Px the table keeps besides its columns: its vertical scroll bar and borders. */
    private static final double TABLE_EXTRA = 20;
    /** The key, status and lease columns: always shown. */
    private static final int ALWAYS_SHOWN = 3;
    /** A row's least height, px (claimtable.fxml, keystore.css). */
    private static final double LEAST_ROW = 26;

    private final TableView<ClaimTableRow> table;
    private final TableColumn<ClaimTableRow, String> key;
    private final TableColumn<ClaimTableRow, Status> status;
    private final TableColumn<ClaimTableRow, ClaimTableRow> lease;
    private final Labeled typeSample;
    private final ReadOnlyDoubleWrapper readableWidth = new ReadOnlyDoubleWrapper(this, "readableWidth");
    /** The widest key shown so far, in the type measured last, px. */
    private double widestKey;
    /** The run's step names: the widest key is measured from them before any row comes. */
    private List<String> stepNames = SignupSteps.NAMES;
    private boolean fitting;
    /** The columns are to be folded anew: the room changed (a person's choice in the menu stands until then). */
    private boolean refold;

    /**
     * @param typeSample a label in the table's plain type (the root's size, larger in presentation mode), whose
     *                   changes of type refit the columns
     */
    ClaimColumns(TableView<ClaimTableRow> table, TableColumn<ClaimTableRow, String> key,
                 TableColumn<ClaimTableRow, Status> status, TableColumn<ClaimTableRow, ClaimTableRow> lease,
                 Labeled typeSample) {
        this.table = table;
        this.key = key;
        this.status = status;
        this.lease = lease;
        this.typeSample = typeSample;
        // after the style pass that changed the type, when the headers have their new type too
        typeSample.fontProperty().addListener(o -> fitLater(true));
        table.skinProperty().addListener(o -> fitLater(true)); // the headers exist
        table.widthProperty().addListener(o -> fitLater(true));
        table.setTableMenuButtonVisible(true);
        table.getItems().addListener((ListChangeListener<ClaimTableRow>) c -> fitLater(false));
        table.itemsProperty().addListener((o, was, now) -> {
            now.addListener((ListChangeListener<ClaimTableRow>) c -> fitLater(false));
            fitLater(false);
        });
        fit(true);
    }

    /** @return px the key, status and lease columns need side by side, whole, with the table's scroll bar */
    ReadOnlyDoubleProperty readableWidthProperty() {
        return readableWidth.getReadOnlyProperty();
    }

    /** Measures the keys anew from the step names of a run of another workflow ({@code names}, in order). */
    void steps(List<String> names) {
        if (!names.equals(stepNames)) {
            stepNames = List.copyOf(names);
            fitLater(true);
        }
    }

    /** @param newRoom true when the type or the table's width changed: keys measured anew, columns folded anew */
    private void fitLater(boolean newRoom) {
        if (newRoom) {
            widestKey = 0; // measured again in the new type
            refold = true;
        }
        if (!fitting) {
            fitting = true;
            Platform.runLater(() -> fit(false));
        }
    }

    private void fit(boolean first) {
        fitting = false;
        double keyWas = key.getMinWidth();
        Font font = typeSample.getFont();
        Font plain = Font.font(font.getFamily(), font.getSize());
        Font italic = Font.font(font.getFamily(), FontPosture.ITALIC, font.getSize());
        Font header = table.lookup(".column-header .label") instanceof Label l ? l.getFont()
                : Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        double padding = font.getSize() / 2 + SLACK; // a cell's padding: a sixth of the type's size each side, and more
        for (TableColumn<ClaimTableRow, ?> col : table.getColumns()) {
            col.setMinWidth(Math.ceil(TextWidth.of(col.getText(), header) + font.getSize() + SLACK));
        }
        for (String step : stepNames) { // the widest a key is, before any row comes: no jump then
            widestKey = Math.max(widestKey, TextWidth.of(step + LONG_USER, plain));
        }
        for (ClaimTableRow row : first ? List.<ClaimTableRow>of() : table.getItems()) {
            widestKey = Math.max(widestKey, TextWidth.of(row.key(), plain));
        }
        grow(key, widestKey + padding);
        grow(status, ICON + Math.max(TextWidth.of(Status.IN_PROGRESS.sql(), italic),
                TextWidth.of(Status.COMPLETED.sql(), plain)) + padding);
        double countdown = BAR + TextWidth.of(TEXTS.format("lease.endsIn", COUNTDOWN), plain);
        for (String text : List.of(TEXTS.get("lease.completed"), TEXTS.get("lease.forever"))) {
            countdown = Math.max(countdown, TextWidth.of(text, plain));
        }
        // an expired lease is written in bold (keystore.css), without its bar
        Font bold = Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        countdown = Math.max(countdown, TextWidth.of(TEXTS.format("lease.expired", COUNTDOWN), bold));
        grow(lease, countdown + padding);
        readableWidth.set(key.getMinWidth() + status.getMinWidth() + lease.getMinWidth() + TABLE_EXTRA);
        table.setFixedCellSize(Math.max(LEAST_ROW, Math.ceil(TextWidth.wrappedHeight("Ag_", plain, 0) + SLACK + 2)));
        if (refold || key.getMinWidth() != keyWas) {
            fold();
        }
    }

    /** Shows the columns, in order, that fit whole in the table's width (the first three always); folds the rest. */
    private void fold() {
        double room = table.getWidth() - TABLE_EXTRA;
        if (room <= 0) {
            return; // not laid out yet: the first width folds them
        }
        refold = false;
        double used = 0;
        boolean fits = true;
        List<TableColumn<ClaimTableRow, ?>> columns = table.getColumns();
        for (int i = 0; i < columns.size(); i++) {
            TableColumn<ClaimTableRow, ?> col = columns.get(i);
            used += Math.max(col.getMinWidth(), col.getPrefWidth());
            fits &= i < ALWAYS_SHOWN || used <= room;
            col.setVisible(fits);
        }
    }

    /** Makes {@code col} at least {@code width} px (its header's width already set) and its preferred width so. */
    private static void grow(TableColumn<ClaimTableRow, ?> col, double width) {
        double least = Math.ceil(Math.max(col.getMinWidth(), width));
        col.setMinWidth(least);
        col.setPrefWidth(least);
    }
}
