package org.idempotencylab.ui.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Spacing;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.ListLabels;
import org.idempotencylab.ui.TabCommands;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.export.ExportControls;
import org.idempotencylab.ui.export.ExportFlow;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.export.PngExport;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.ParameterPanel;

/**
 * Binds sweep.fxml to a {@link SweepViewModel}: the Vary list ({@link Parameter#isSweepable}), the Plot list
 * ({@link Metric#numbers()}) and its "and" list (none, or a second metric), the strategies offered (rebuilt when a
 * preset replaces them), the base scenario's panel (built from the registry), the chart
 * ({@link SweepChart}), the table, and the exports through {@link ExportFlow}. The words are in the package's
 * texts.properties.
 */
public final class SweepController implements TabCommands {
    private static final Texts TEXTS = Texts.of(SweepController.class);

    private final SweepViewModel model;
    private final FileChooserService files;
    private final ExportFlow exports;

    @FXML private ChoiceBox<Parameter> sweepParameterChoice;
    @FXML private TextField sweepFromField;
    @FXML private Label sweepFromUnit;
    @FXML private TextField sweepToField;
    @FXML private Label sweepToUnit;
    @FXML private TextField sweepPointsField;
    @FXML private ChoiceBox<Spacing> sweepSpacingChoice;
    @FXML private ChoiceBox<Metric> sweepMetricChoice;
    @FXML private ChoiceBox<Optional<Metric>> sweepMetric2Choice;
    @FXML private VBox sweepStrategyBox;
    @FXML private VBox sweepBaseBox;
    @FXML private Label sweepInputError;
    @FXML private Button sweepRunButton;
    @FXML private Button sweepCancelButton;
    @FXML private ProgressBar sweepProgressBar;
    @FXML private CheckBox sweepLogScaleBox;
    @FXML private ChoiceBox<Integer> sweepExportScale;
    @FXML private Button sweepExportButton;
    @FXML private VBox sweepChartBox;
    @FXML private Label sweepChartHeading;
    @FXML private LineChart<Number, Number> sweepChart;
    @FXML private NumberAxis sweepXAxis;
    @FXML private NumberAxis sweepYAxis;
    @FXML private FlowPane sweepLegend;
    @FXML private Label sweepChartCaption;
    @FXML private Button sweepCopyButton;
    @FXML private Button sweepCsvButton;
    @FXML private TableView<List<String>> sweepResultsTable;
    @FXML private StatusBar sweepStatusBar;

    private ParameterPanel panel;
    private SweepChart chart;

    public SweepController(SweepViewModel model, FileChooserService files) {
        this.model = model;
        this.files = files;
        this.exports = new ExportFlow(model::setStatus);
    }

    @FXML
    private void initialize() {
        sweepParameterChoice.getItems().setAll(SweepViewModel.PARAMETERS);
        sweepParameterChoice.setConverter(ListLabels.of(SweepViewModel::choiceLabel));
        sweepParameterChoice.valueProperty().bindBidirectional(model.parameterProperty());
        sweepParameterChoice.setTooltip(new Tooltip(TEXTS.get("tooltip.vary")));
        sweepFromField.textProperty().bindBidirectional(model.fromProperty());
        sweepToField.textProperty().bindBidirectional(model.toProperty());
        sweepPointsField.textProperty().bindBidirectional(model.pointsProperty());
        sweepPointsField.setTooltip(new Tooltip(TEXTS.get("tooltip.points")));
        for (TextField f : List.of(sweepFromField, sweepToField, sweepPointsField)) {
            f.setOnAction(e -> model.check()); // Enter checks the sweep's own fields, as the panel's are
            f.focusedProperty().addListener((o, was, now) -> {
                if (!now) {
                    model.check();
                }
            });
        }
        sweepSpacingChoice.getItems().setAll(Spacing.values());
        sweepSpacingChoice.setConverter(ListLabels.of(s -> TEXTS.get("spacing." + s.cliName())));
        sweepSpacingChoice.valueProperty().bindBidirectional(model.spacingProperty());
        sweepSpacingChoice.setTooltip(new Tooltip(TEXTS.get("tooltip.spacing")));
        sweepMetricChoice.getItems().setAll(Metric.numbers());
        sweepMetricChoice.setConverter(ListLabels.of(Metric::label));
        sweepMetricChoice.valueProperty().bindBidirectional(model.metricProperty());
        sweepMetricChoice.setTooltip(new Tooltip(TEXTS.get("tooltip.plot")));

        // "none" first: one metric, as before the second existed
        List<Optional<Metric>> seconds = new ArrayList<>();
        seconds.add(Optional.empty());
        Metric.numbers().forEach(m -> seconds.add(Optional.of(m)));
        sweepMetric2Choice.getItems().setAll(seconds);
        sweepMetric2Choice.setConverter(ListLabels.of(m -> m.map(Metric::label).orElse(TEXTS.get("metric.none"))));
        sweepMetric2Choice.setValue(Optional.ofNullable(model.metric2Property().get()));
        sweepMetric2Choice.valueProperty().addListener((o, was, m) -> model.metric2Property().set(
                m == null ? null : m.orElse(null)));
        model.metric2Property().addListener((o, was, m) -> sweepMetric2Choice.setValue(Optional.ofNullable(m)));
        sweepMetric2Choice.setTooltip(new Tooltip(TEXTS.get("tooltip.plot2")));

        showStrategies();
        model.strategies().addListener((ListChangeListener<SweepViewModel.StrategyChoice>)
                change -> showStrategies());

        panel = ParameterPanel.build(model.form(), ParameterPanel.everyParameter(), "sweep",
                model.inputErrorProperty()::set);
        panel.showChangesFrom(Scenario.article());
        sweepBaseBox.getChildren().setAll(panel.node());
        model.parameterProperty().addListener((obs, old, p) -> varied(old, p));
        varied(null, model.parameterProperty().get());

        sweepInputError.textProperty().bind(model.inputErrorProperty());
        sweepInputError.visibleProperty().bind(model.inputErrorProperty().isNotNull());
        sweepInputError.managedProperty().bind(sweepInputError.visibleProperty());
        sweepRunButton.disableProperty().bind(model.runningProperty());
        sweepCancelButton.disableProperty().bind(model.runningProperty().not());
        sweepProgressBar.progressProperty().bind(model.progressProperty());
        sweepStatusBar.textProperty().bind(model.statusProperty());

        ExportControls.scaleChoice(sweepExportScale);
        sweepExportButton.disableProperty().bind(model.resultProperty().isNull());
        sweepExportButton.setTooltip(new Tooltip(TEXTS.get("tooltip.exportChart")));
        sweepCopyButton.disableProperty().bind(model.resultProperty().isNull());
        sweepCopyButton.setTooltip(new Tooltip(TEXTS.get("tooltip.copy")));
        sweepCsvButton.disableProperty().bind(model.resultProperty().isNull());
        sweepCsvButton.setTooltip(new Tooltip(TEXTS.get("tooltip.csv")));
        ExportControls.copyOnShortcut(sweepResultsTable, model::setStatus);
        sweepResultsTable.setPlaceholder(new Label(TEXTS.get("placeholder")));

        chart = new SweepChart(sweepChart, sweepXAxis, sweepYAxis, sweepLegend);
        sweepChart.visibleProperty().bind(model.resultProperty().isNotNull());
        sweepChartHeading.setText(TEXTS.get("chart.empty"));
        sweepLogScaleBox.selectedProperty().bindBidirectional(model.logScaleProperty());
        sweepLogScaleBox.setTooltip(new Tooltip(TEXTS.get("tooltip.logScale")));
        model.resultProperty().addListener((obs, old, r) -> redraw());
        model.metricProperty().addListener((obs, old, m) -> redraw());
        model.metric2Property().addListener((obs, old, m) -> redraw());
        model.logScaleProperty().addListener((obs, old, on) -> redraw());
    }

    /** One check box per strategy offered, ticked as the model says, with its line's colour and dash. */
    private void showStrategies() {
        Map<Strategy, Integer> colours = colours();
        sweepStrategyBox.getChildren().clear();
        for (int i = 0; i < model.strategies().size(); i++) {
            SweepViewModel.StrategyChoice c = model.strategies().get(i);
            CheckBox box = new CheckBox(c.strategy().name());
            box.setId("strategy" + i);
            box.setWrapText(true);
            box.setGraphic(SweepChart.swatch(c.strategy(), colours.get(c.strategy()), false, 22));
            box.selectedProperty().bindBidirectional(c.selected());
            sweepStrategyBox.getChildren().add(box);
        }
    }

    private Map<Strategy, Integer> colours() {
        return SweepViewModel.colours(model.strategies().stream().map(SweepViewModel.StrategyChoice::strategy)
                .toList(), SweepChart.COLOURS.size());
    }

    /**
     * The varied parameter changed from {@code old} to {@code p}: From and To take its unit and tooltip, and its
     * base field is greyed out (the sweep replaces its value); the previous one's field comes back.
     */
    private void varied(Parameter old, Parameter p) {
        if (old != null) {
            panel.setDisabled(old, false);
            if (old.rangeEnd() != null) {
                panel.setDisabled(old.rangeEnd(), false);
            }
        }
        String unit = p == null ? "" : p.windowUnit();
        sweepFromUnit.setText(unit);
        sweepToUnit.setText(unit);
        if (p != null) {
            panel.setDisabled(p, true);
            if (p.rangeEnd() != null) { // a fixed delay: the sweep sets both ends of the range
                panel.setDisabled(p.rangeEnd(), true);
            }
            Tooltip tip = new Tooltip(ParameterBinding.tooltipText(p));
            tip.setWrapText(true);
            tip.setMaxWidth(360);
            sweepFromField.setTooltip(tip);
            sweepToField.setTooltip(tip);
        }
    }

    /** Draws the last finished sweep: one line per strategy and metric, the legend, the caption and the table. */
    private void redraw() {
        Sweep.Result r = model.resultProperty().get();
        if (r == null) {
            sweepChartHeading.setText(TEXTS.get("chart.empty")); // cleared: a preset's sweep is about to run
            sweepChartCaption.setText("");
            sweepLegend.getChildren().clear();
            sweepResultsTable.getItems().clear();
            return;
        }
        List<Metric> metrics = model.plotted();
        chart.show(r, metrics, model.logScaleProperty().get(), colours());
        sweepChartHeading.setText(SweepViewModel.heading(r, metrics));
        sweepChartCaption.setText(SweepViewModel.caption(r));
        ExportControls.show(sweepResultsTable, SweepViewModel.table(r), 1);
    }

    /**
     * Runs the sweep on what the fields show. A base value typed but not confirmed with Enter is read first; a
     * bad one stops the run.
     */
    @FXML
    @Override
    public void run() {
        if (panel.commitAll()) {
            model.run();
        }
    }

    @FXML
    private void cancel() {
        model.cancel();
    }

    @FXML
    private void copyTable() {
        ExportControls.copyShown(sweepResultsTable, model::setStatus);
    }

    private Window window() {
        return sweepChartBox.getScene().getWindow();
    }

    /** Asks for a file and saves the chart, its legend and caption there as a PNG at the chosen scale. */
    @FXML
    @Override
    public void exportChart() {
        if (model.resultProperty().get() != null) {
            exports.save(() -> files.chooseSaveFile(window(), TEXTS.get("export.png.title"),
                    TEXTS.get("export.png.name")), PngExport.of(sweepChartBox, sweepExportScale::getValue));
        }
    }

    /** Asks for a file and saves the results there as CSV: the sweep command's columns and rows. */
    @FXML
    private void exportCsv() {
        Sweep.Result r = model.resultProperty().get();
        if (r != null) {
            exports.save(() -> files.chooseSaveFile(window(), TEXTS.get("export.csv.title"),
                    TEXTS.get("export.csv.name")), SweepViewModel.table(r).csv());
        }
    }

    @Override
    public void showStatus(String text) {
        model.setStatus(text);
    }
}
