package org.idempotencylab.ui.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.stage.Window;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.TabCommands;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.DuplicatesChart;
import org.idempotencylab.ui.charts.StrategyNames;
import org.idempotencylab.ui.export.ExportControls;
import org.idempotencylab.ui.export.ExportFlow;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.export.PngExport;
import org.idempotencylab.ui.form.ParameterPanel;

/**
 * Binds compare.fxml to a {@link CompareViewModel}: the parameter panel (built from the registry), the table (its
 * columns from {@link Metric}), the chart, and the exports through {@link ExportFlow}. The words are in the
 * package's texts.properties.
 */
public final class CompareController implements TabCommands {
    private static final Texts TEXTS = Texts.of(CompareController.class);
    /** The table's width, in font heights, below which the article's row names would be cut. */
    static final double COMPACT_BELOW_EM = 62;

    private final CompareViewModel model;
    private final FileChooserService files;
    private final ExportFlow exports;

    @FXML private VBox parameterBox;
    @FXML private Label inputError;
    @FXML private Label differencesLabel;
    @FXML private Button compareButton;
    @FXML private Button cancelButton;
    @FXML private ProgressBar progressBar;
    @FXML private TableView<ResultRow> resultsTable;
    @FXML private TableColumn<ResultRow, String> strategyColumn;
    @FXML private CheckBox logScaleBox;
    @FXML private Button exportButton;
    @FXML private ChoiceBox<Integer> exportScale;
    @FXML private Button copyButton;
    @FXML private Button csvButton;
    @FXML private VBox chartBox;
    @FXML private BarChart<Number, String> chart;
    @FXML private Label chartCaption;
    @FXML private StatusBar statusBar;

    private ParameterPanel panel;
    /** True while the table is narrower than {@link #COMPACT_BELOW_EM}: strategies go by their short names. */
    private final BooleanProperty compact = new SimpleBooleanProperty();

    public CompareController(CompareViewModel model, FileChooserService files) {
        this.model = model;
        this.files = files;
        this.exports = new ExportFlow(model::setStatus);
    }

    @FXML
    private void initialize() {
        panel = ParameterPanel.build(model.form(), ParameterPanel.everyParameter(), "",
                model.inputErrorProperty()::set);
        panel.showChangesFrom(Scenario.article());
        parameterBox.getChildren().setAll(panel.node());
        inputError.textProperty().bind(model.inputErrorProperty());
        inputError.visibleProperty().bind(model.inputErrorProperty().isNotNull());
        inputError.managedProperty().bind(inputError.visibleProperty());
        differencesLabel.textProperty().bind(Bindings.createStringBinding(
                () -> CompareViewModel.differencesLine(model.differencesProperty().get()), model.differencesProperty()));
        differencesLabel.visibleProperty().bind(model.differencesProperty().isNotEmpty());
        differencesLabel.managedProperty().bind(differencesLabel.visibleProperty());

        compareButton.disableProperty().bind(model.runningProperty());
        cancelButton.disableProperty().bind(model.runningProperty().not());
        progressBar.progressProperty().bind(model.progressProperty());
        statusBar.textProperty().bind(model.statusProperty());

        bindTable();
        bindExports();
        bindChart();
    }

    private void bindTable() {
        valueOf(strategyColumn, ResultRow::strategy);
        strategyColumn.setCellFactory(c -> new StrategyCell());
        model.columns().addListener((ListChangeListener<Metric>) c -> showColumns());
        showColumns();
        resultsTable.setItems(model.rows());
        resultsTable.setPlaceholder(new Label(TEXTS.get("placeholder")));
        // too narrow for the article's row names (a projector, a teaching note open): short names in the table
        // and on the chart's axis, the full name in a tooltip, so the numbers and the bars keep their room
        InvalidationListener fit = o -> compact.set(resultsTable.getWidth() > 0
                && resultsTable.getWidth() < COMPACT_BELOW_EM * em());
        resultsTable.widthProperty().addListener(fit);
        cancelButton.fontProperty().addListener(fit);
        // after the style pass that changed the type size, when the headers have their new type too
        cancelButton.fontProperty().addListener(o -> Platform.runLater(this::fitHeaders));
        resultsTable.widthProperty().addListener(o -> fitHeaders()); // the first layout: the headers exist
        compact.addListener((o, was, on) -> {
            strategyColumn.setPrefWidth(on ? 13 * em() : 360);
            strategyColumn.setMinWidth(on ? 7 * em() : 180);
            fitHeaders();
            resultsTable.refresh();
            redrawChart();
        });
        // one row per strategy (at most five) and the header: no empty row, no scroll bar (the header has room
        // for three lines of its font); a preset with three strategies gives the chart the room of the other two
        resultsTable.prefHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(1, Math.min(5, model.strategies().size())) * resultsTable.getFixedCellSize()
                        + 4.9 * em(),
                cancelButton.fontProperty(), model.strategies()));
        resultsTable.setMinHeight(Region.USE_PREF_SIZE);
    }

    private void bindExports() {
        exportButton.disableProperty().bind(Bindings.isEmpty(model.rows()));
        exportButton.setTooltip(new Tooltip(TEXTS.get("tooltip.exportChart")));
        ExportControls.scaleChoice(exportScale);
        copyButton.disableProperty().bind(Bindings.isEmpty(model.rows()));
        copyButton.setTooltip(new Tooltip(TEXTS.get("tooltip.copy")));
        csvButton.disableProperty().bind(Bindings.isEmpty(model.rows()));
        csvButton.setTooltip(new Tooltip(TEXTS.get("tooltip.csv")));
        ExportControls.copyOnShortcut(resultsTable, model::setStatus);
    }

    private void bindChart() {
        logScaleBox.setTooltip(new Tooltip(TEXTS.get("tooltip.logScale")));
        chart.setAnimated(false);
        // the number after the longest bar may run past the plot into the chart's right padding: do not cut it
        // (the bars themselves stay inside: the value axis always ends above the longest)
        for (Node n = chart.lookup(".plot-content"); n != null && n != chart; n = n.getParent()) {
            n.setClip(null);
        }
        // an empty grid reads as "no duplicates": show the chart only once there are results
        chart.visibleProperty().bind(Bindings.isNotEmpty(model.rows()));
        model.rows().addListener((ListChangeListener<ResultRow>) c -> redrawChart());
        logScaleBox.selectedProperty().addListener((obs, old, on) -> redrawChart());
        chartCaption.textProperty().bind(Bindings.createStringBinding(
                () -> CompareViewModel.caption(model.resultScenarioProperty().getValue()),
                model.resultScenarioProperty()));
    }

    /** @return the type size of the view's plain text, in px (larger in presentation mode). */
    private double em() {
        return cancelButton.getFont().getSize();
    }

    /** The strategy column, then one column per metric the view-model shows, headed by its label. */
    private void showColumns() {
        List<TableColumn<ResultRow, ?>> columns = new ArrayList<>();
        columns.add(strategyColumn);
        for (Metric m : model.columns()) {
            TableColumn<ResultRow, String> c = new TableColumn<>(m.label());
            c.setId(m.id() + "Column");
            c.getStyleClass().add("number");
            c.setPrefWidth(Math.max(80, 4.6 * m.label().length()));
            c.setUserData(m);
            valueOf(c, r -> r.cell(m));
            columns.add(c);
        }
        resultsTable.getColumns().setAll(columns);
        fitHeaders();
    }

    private static void valueOf(TableColumn<ResultRow, String> col, Function<ResultRow, String> value) {
        col.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        col.setSortable(false);
        col.setReorderable(false);
    }

    /**
     * Makes each number column at least as wide as its header's longest word and its widest value, in the
     * current type size, so a header wraps between words ("Calls per / job"), never inside one ("Succeed / ed").
     */
    private void fitHeaders() {
        Font font = cancelButton.getFont();
        Font plain = Font.font(font.getFamily(), font.getSize());
        // the headers' own type (smaller than the cells' in presentation mode), once the table has drawn them
        Font bold = resultsTable.lookup(".column-header .label") instanceof Label header ? header.getFont()
                : Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        for (TableColumn<ResultRow, ?> col : resultsTable.getColumns()) {
            if (col.getUserData() instanceof Metric m) {
                double w = width(widestValue(m), plain);
                for (String word : col.getText().split(" ")) {
                    w = Math.max(w, width(word, bold));
                }
                col.setMinWidth(Math.ceil(w + 16)); // the cell's and header's padding
            }
        }
    }

    /** @return a value as wide as the widest a column of {@code m} shows for up to a million sign-ups. */
    private static String widestValue(Metric m) {
        return switch (m.kind()) {
            case PERCENT -> "100.000%";
            case DECIMAL -> "10.00";
            default -> "100,000";
        };
    }

    private static double width(String text, Font font) {
        Text t = new Text(text);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }

    private void redrawChart() {
        DuplicatesChart.show(chart, model.rows().stream().map(ResultRow::result).toList(), logScaleBox.isSelected(),
                compact.get() ? st -> StrategyNames.twoLines(StrategyNames.shortName(st), 20) : Strategy::name);
    }

    /** @return true while strategies are shown by their short names (a narrow table) */
    public boolean isCompact() {
        return compact.get();
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
            setText(compact.get() ? StrategyNames.shortName(row.result().strategy()) : name);
            setTooltip(new Tooltip(name));
        }
    }

    /**
     * Runs the comparison on what the fields show. A value typed but not yet confirmed with Enter is read first
     * (a keyboard shortcut does not move the focus, so nothing else would read it); a bad one stops the run.
     */
    @FXML
    public void compare() {
        if (panel.commitAll()) {
            model.compare();
        }
    }

    /** Ctrl+R on this tab: {@link #compare()}. */
    @Override
    public void run() {
        compare();
    }

    @FXML
    private void cancel() {
        model.cancel();
    }

    private Window window() {
        return chartBox.getScene().getWindow();
    }

    /** Asks for a file and saves the chart and its caption there as a PNG, at the scale chosen beside the button. */
    @FXML
    @Override
    public void exportChart() {
        if (!model.rows().isEmpty()) {
            exports.save(() -> files.chooseSaveFile(window(), TEXTS.get("export.png.title"),
                    TEXTS.get("export.png.name")), PngExport.of(chartBox, exportScale::getValue));
        }
    }

    /** Copies the table as shown (header and one row per strategy, tab-separated) to the clipboard. */
    @FXML
    private void copyTable() {
        ExportControls.copyShown(resultsTable, model::setStatus);
    }

    /** Asks for a file and saves the results there as CSV (the columns of the {@code run} command's CSV). */
    @FXML
    private void exportCsv() {
        if (!model.rows().isEmpty()) {
            exports.save(() -> files.chooseSaveFile(window(), TEXTS.get("export.csv.title"),
                    TEXTS.get("export.csv.name")), model.csvTable().csv());
        }
    }

    @Override
    public void showStatus(String text) {
        model.setStatus(text);
    }
}
