package org.idempotencylab.ui.compare;

import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
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
 * Binds compare.fxml to a {@link CompareViewModel}: the parameter panel (built from the registry), the table
 * ({@link StrategyTable}: its columns from {@link Metric}), the chart, and the exports through {@link ExportFlow}.
 * The words are in the package's texts.properties.
 */
public final class CompareController implements TabCommands {
    private static final PseudoClass STALE = PseudoClass.getPseudoClass("stale");
    private static final Texts TEXTS = Texts.of(CompareController.class);

    private final CompareViewModel model;
    private final FileChooserService files;
    private final ExportFlow exports;

    @FXML private VBox parameterBox;
    @FXML private Label hintLabel;
    @FXML private Label inputError;
    @FXML private Label differencesLabel;
    @FXML private Label staleLabel;
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
    @FXML private Label chartHeading;
    @FXML private BarChart<Number, String> chart;
    @FXML private Label chartCaption;
    @FXML private StatusBar statusBar;

    private ParameterPanel panel;
    private StrategyTable table;

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

        hintLabel.textProperty().bind(Bindings.createStringBinding(() -> hint(model.workflowProperty().get()),
                model.workflowProperty()));
        table = new StrategyTable(resultsTable, strategyColumn, model, cancelButton, TEXTS.get("placeholder"));
        // numbers of other parameters than the ones shown: dimmed, with a line saying so, until the next run
        staleLabel.visibleProperty().bind(model.staleProperty());
        staleLabel.managedProperty().bind(staleLabel.visibleProperty());
        model.staleProperty().addListener((o, was, now) -> resultsTable.pseudoClassStateChanged(STALE, now));
        resultsTable.pseudoClassStateChanged(STALE, model.staleProperty().get());
        table.compactProperty().addListener((o, was, on) -> redrawChart());
        bindExports();
        bindChart();
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
        model.watchedProperty().addListener((obs, old, m) -> redrawChart());
        model.workflowProperty().addListener((obs, old, f) -> redrawChart());
        chartHeading.textProperty().bind(Bindings.createStringBinding(
                () -> DuplicatesChart.heading(model.watchedProperty().get(), model.workflowProperty().get()),
                model.watchedProperty(), model.workflowProperty()));
        chartCaption.textProperty().bind(Bindings.createStringBinding(
                () -> CompareViewModel.caption(model.resultScenarioProperty().getValue()),
                model.resultScenarioProperty()));
    }

    private void redrawChart() {
        DuplicatesChart.show(chart, model.rows().stream().map(ResultRow::result).toList(), logScaleBox.isSelected(),
                table.compactProperty().get() ? st -> StrategyNames.twoLines(StrategyNames.shortName(st), 20) : Strategy::name,
                model.watchedProperty().get(), model.workflowProperty().get());
    }

    /**
     * @return the hint under the Compare button for a run of {@code flow}: the sign-up's welcome email, a workflow's
     *         key step ({@link Workflow#keyStep()}) as the one that can lose its reply, or no such step at all
     */
    static String hint(Workflow flow) {
        if (flow.equals(Workflow.SIGNUP)) {
            return TEXTS.get("hint");
        }
        int key = flow.keyStep();
        return key < 0 ? TEXTS.get("hint.none") : TEXTS.format("hint.step", flow.step(key).name());
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
