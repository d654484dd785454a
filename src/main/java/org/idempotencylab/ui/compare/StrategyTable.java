package org.idempotencylab.ui.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.TextWidth;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.StrategyNames;

/**
 * The results table's layout: the strategy column, one column per metric the view-model shows, headed by the
 * metric's label in the words of the run's workflow ({@link Metric#label(org.idempotencylab.scenario.Workflow)}), and the main cause of each strategy's steps done again ({@link ResultRow#mainCause}); each number column at least as wide as its header's longest word and its widest value, so a
 * header wraps between words ("Calls per / job"), never inside one ("Succeed / ed"); as tall as its strategies
 * (no empty row, no scroll bar); and, too narrow for the article's row names (a projector, a teaching note open),
 * the strategies by their short names, the full name in a tooltip, so the numbers keep their room. A name wraps
 * onto as many lines as its column's width needs, every row as tall as the tallest name: never cut with "…", which
 * would leave "whole job, skip finish…" beside "whole job, skip finished" looking alike.
 */
final class StrategyTable {
    private static final Texts TEXTS = Texts.of(CompareController.class);
    /** The table's width, in font heights, below which the article's row names would be cut. */
    static final double COMPACT_BELOW_EM = 62;
    /** A row's least height, px (compare.fxml's fixed cell size): one line of the normal type and its padding. */
    private static final double LEAST_ROW = 30;
    /** Px a name is measured with less width and given more height than its cell's padding leaves it. */
    private static final double SLACK = 4;
    /** On the table while a header names a workflow's step: lab.css gives the headers a fourth line. */
    private static final PseudoClass LONG_HEADERS = PseudoClass.getPseudoClass("long-headers");
    /** True while a header names a workflow's step ({@link Metric#label(org.idempotencylab.scenario.Workflow)}). */
    private final BooleanProperty longHeaders = new SimpleBooleanProperty();

    private final TableView<ResultRow> table;
    private final TableColumn<ResultRow, String> strategyColumn;
    private final CompareViewModel model;
    private final Labeled typeSample;
    /** True while the table is narrower than {@link #COMPACT_BELOW_EM}: strategies go by their short names. */
    private final BooleanProperty compact = new SimpleBooleanProperty();
    /** A fit of the rows' height is asked for this pulse. */
    private boolean fitting;

    /**
     * @param typeSample a label or button in the view's plain type, whose size (larger in presentation mode) the widths
     *                   follow
     */
    StrategyTable(TableView<ResultRow> table, TableColumn<ResultRow, String> strategyColumn, CompareViewModel model,
                  Labeled typeSample, String placeholder) {
        this.table = table;
        this.strategyColumn = strategyColumn;
        this.model = model;
        this.typeSample = typeSample;
        valueOf(strategyColumn, ResultRow::strategy);
        strategyColumn.setCellFactory(c -> new StrategyCell());
        model.columns().addListener((ListChangeListener<Metric>) c -> showColumns());
        model.workflowProperty().addListener(o -> showColumns()); // a workflow's key step names a header
        showColumns();
        table.setItems(model.rows());
        table.setPlaceholder(new Label(placeholder));
        InvalidationListener fit = o -> compact.set(table.getWidth() > 0 && table.getWidth() < COMPACT_BELOW_EM * em());
        table.widthProperty().addListener(fit);
        typeSample.fontProperty().addListener(fit);
        // after the style pass that changed the type size, when the headers have their new type too
        typeSample.fontProperty().addListener(o -> Platform.runLater(this::fitHeaders));
        table.widthProperty().addListener(o -> fitHeaders()); // the first layout: the headers exist
        compact.addListener((o, was, on) -> {
            strategyColumn.setPrefWidth(on ? 13 * em() : 360);
            strategyColumn.setMinWidth(on ? 7 * em() : 180);
            fitHeaders();
            table.refresh();
        });
        // one row per strategy (at most five) and the header: the header has room for three lines of its font; a
        // preset with three strategies gives the chart the room of the other two
        table.prefHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(1, Math.min(5, model.strategies().size())) * table.getFixedCellSize()
                        + (longHeaders.get() ? 6.2 : 4.9) * em(),
                typeSample.fontProperty(), model.strategies(), table.fixedCellSizeProperty(), longHeaders));
        longHeaders.addListener((o, was, on) -> table.pseudoClassStateChanged(LONG_HEADERS, on));
        table.pseudoClassStateChanged(LONG_HEADERS, longHeaders.get());
        table.setMinHeight(Region.USE_PREF_SIZE);
    }

    /** @return true while strategies go by their short names (a narrow table); the chart's axis follows it */
    ReadOnlyBooleanProperty compactProperty() {
        return compact;
    }

    private double em() {
        return typeSample.getFont().getSize();
    }

    /** The strategy column, then one column per metric the view-model shows, headed by its label. */
    private void showColumns() {
        List<TableColumn<ResultRow, ?>> columns = new ArrayList<>();
        columns.add(strategyColumn);
        boolean longer = false;
        for (Metric m : model.columns()) {
            String label = m.label(model.workflowProperty().get());
            longer |= !label.equals(m.label());
            TableColumn<ResultRow, String> c = new TableColumn<>(label);
            c.setId(m.id() + "Column");
            c.getStyleClass().add("number");
            c.setPrefWidth(Math.max(80, 4.6 * label.length()));
            c.setUserData(m);
            valueOf(c, r -> r.cell(m));
            // a duplicate count above zero carries the duplicate's icon and colour, as the chart does
            cellsWith(c, (cell, row) -> Concept.mark(cell, row != null && row.duplicates(m) ? Concept.DUPLICATE
                    : null));
            columns.add(c);
        }
        columns.add(mainCauseColumn());
        longHeaders.set(longer);
        table.getColumns().setAll(columns);
        fitHeaders();
    }

    /** Why most of a row's steps were done again, every cause with its count in the cell's tooltip. */
    private static TableColumn<ResultRow, String> mainCauseColumn() {
        TableColumn<ResultRow, String> c = new TableColumn<>(TEXTS.get("mainCause"));
        c.setId("mainCauseColumn");
        c.setPrefWidth(130);
        c.setMinWidth(90);
        valueOf(c, r -> r.mainCause().orElse(TEXTS.get("mainCause.none")));
        cellsWith(c, (cell, row) -> cell.setTooltip(row == null || row.mainCause().isEmpty() ? null
                : new Tooltip(TEXTS.format("mainCause.all", row.cell(Metric.DUPLICATES_BY_CAUSE)))));
        return c;
    }

    /** Cells that show their text, then let {@code dress} style the cell for its row (null for an empty cell). */
    private static void cellsWith(TableColumn<ResultRow, String> col, BiConsumer<TableCell<ResultRow, String>,
            ResultRow> dress) {
        col.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
                dress.accept(this, empty ? null : getTableRow().getItem());
            }
        });
    }

    private static void valueOf(TableColumn<ResultRow, String> col, Function<ResultRow, String> value) {
        col.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        col.setSortable(false);
        col.setReorderable(false);
    }

    /** Each number column at least as wide as its header's longest word and its widest value, in their type. */
    private void fitHeaders() {
        Font font = typeSample.getFont();
        Font plain = Font.font(font.getFamily(), font.getSize());
        Font bold = table.lookup(".column-header .label") instanceof Label header ? header.getFont()
                : Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        for (TableColumn<ResultRow, ?> col : table.getColumns()) {
            if (col.getUserData() instanceof Metric m) {
                double w = TextWidth.of(widestValue(m), plain);
                for (String word : col.getText().split(" ")) {
                    w = Math.max(w, TextWidth.of(word, bold));
                }
                col.setMinWidth(Math.ceil(w + 16)); // the cell's and header's padding
            }
        }
    }

    /**
     * Every row as tall as the tallest strategy name wrapped in its column (at least {@link #LEAST_ROW}), measured in
     * the cells' own type and padding as laid out ({@link #SLACK} px of slack each way), so no name needs more lines than its row
     * gives it. Runs after a layout of the cells (a width or type changed), once per pulse.
     */
    private void fitRows() {
        fitting = false;
        double tallest = LEAST_ROW;
        for (Node n : table.lookupAll(".table-cell")) {
            if (n instanceof StrategyCell cell && cell.getText() != null && cell.getWidth() > 0) {
                // the cell's skin keeps a few px of its own (its border, snapping): measured on less room, taller
                double room = cell.getWidth() - cell.snappedLeftInset() - cell.snappedRightInset() - SLACK;
                tallest = Math.max(tallest, TextWidth.wrappedHeight(cell.getText(), cell.getFont(), room)
                        + cell.snappedTopInset() + cell.snappedBottomInset() + SLACK);
            }
        }
        if (Math.abs(Math.ceil(tallest) - table.getFixedCellSize()) >= 1) {
            table.setFixedCellSize(Math.ceil(tallest));
        }
    }

    /** Fits the rows after this layout pass, once however many cells ask. */
    private void fitRowsLater() {
        if (!fitting) {
            fitting = true;
            Platform.runLater(this::fitRows);
        }
    }

    /** @return the strategy's name as its cell shows it: whole, or its short form in a narrow table */
    private String shownName(ResultRow row) {
        return compact.get() ? StrategyNames.settingsFirst(row.result().strategy()) : row.strategy();
    }

    /** @return a value as wide as the widest a column of {@code m} shows for up to a million sign-ups. */
    private static String widestValue(Metric m) {
        return switch (m.kind()) {
            case PERCENT -> "100.000%";
            case DECIMAL -> "10.00";
            case COUNT, MILLIS, BY_STEP, BY_CAUSE -> "1,000,000";
        };
    }

    /** The strategy's name, or its short name in a narrow table; the full name in a tooltip either way. */
    private final class StrategyCell extends TableCell<ResultRow, String> {
        @Override
        protected void updateItem(String name, boolean empty) {
            super.updateItem(name, empty);
            ResultRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
            if (name == null || row == null) {
                setText(null);
                setTooltip(null);
                return;
            }
            setWrapText(true);
            setText(shownName(row));
            setTooltip(new Tooltip(name));
        }

        @Override
        protected void layoutChildren() {
            super.layoutChildren();
            fitRowsLater(); // its width or type may have changed: the rows' height follows
        }
    }
}
