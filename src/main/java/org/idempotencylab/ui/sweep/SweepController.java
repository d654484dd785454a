package org.idempotencylab.ui.sweep;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;
import javafx.util.StringConverter;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.SliderScale;
import org.idempotencylab.ui.charts.SymlogScale;
import org.idempotencylab.ui.export.ExportControls;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.export.PngExport;
import org.idempotencylab.ui.export.ResultTable;

/** Binds sweep.fxml to a {@link SweepViewModel}: wiring, drawing the finished results, and the exports. */
public final class SweepController {
    /**
     * One colour per strategy of the article, in its order (Okabe–Ito, safe for colour-blind viewers and
     * readable on a projector); "new key on every call" is dashed, since its curve lies on "no key"'s.
     */
    static final List<String> COLOURS = List.of("#D55E00", "#E69F00", "#009E73", "#0072B2", "#CC79A7");

    private final SweepViewModel model;
    private final FileChooserService files;

    @FXML private ChoiceBox<Parameter> sweepParameterChoice;
    @FXML private TextField sweepFromField;
    @FXML private Label sweepFromUnit;
    @FXML private TextField sweepToField;
    @FXML private Label sweepToUnit;
    @FXML private TextField sweepPointsField;
    @FXML private ChoiceBox<Metric> sweepMetricChoice;
    @FXML private VBox sweepStrategyBox;
    @FXML private Label sweepJobsLabel;
    @FXML private TextField sweepJobsField;
    @FXML private Label sweepSeedLabel;
    @FXML private TextField sweepSeedField;
    @FXML private Label sweepPFailLabel;
    @FXML private TextField sweepPFailField;
    @FXML private Label sweepLostReplyLabel;
    @FXML private TextField sweepLostReplyField;
    @FXML private Label sweepAttemptsLabel;
    @FXML private TextField sweepAttemptsField;
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

    private List<ParameterBinding> bindings;
    private StringConverter<Number> linearTicks;

    public SweepController(SweepViewModel model, FileChooserService files) {
        this.model = model;
        this.files = files;
    }

    @FXML
    private void initialize() {
        sweepParameterChoice.getItems().setAll(SweepViewModel.PARAMETERS);
        sweepParameterChoice.setConverter(new StringConverter<>() {
            @Override
            public String toString(Parameter p) {
                return p == null ? "" : SweepViewModel.choiceLabel(p);
            }

            @Override
            public Parameter fromString(String s) {
                throw new UnsupportedOperationException();
            }
        });
        sweepParameterChoice.valueProperty().bindBidirectional(model.parameterProperty());
        sweepParameterChoice.setTooltip(new Tooltip("The parameter that changes from point to point"));
        model.parameterProperty().addListener((obs, old, p) -> showUnits(p));
        showUnits(model.parameterProperty().get());
        sweepFromField.textProperty().bindBidirectional(model.fromProperty());
        sweepToField.textProperty().bindBidirectional(model.toProperty());
        sweepPointsField.textProperty().bindBidirectional(model.pointsProperty());
        sweepPointsField.setTooltip(new Tooltip("Evenly spaced values from From to To, both included: 2 to 1,000 "
                + "(whole-number parameters are rounded, and a value already swept is not run again)"));
        sweepMetricChoice.getItems().setAll(Metric.numbers());
        sweepMetricChoice.setConverter(new StringConverter<>() {
            @Override
            public String toString(Metric m) {
                return m == null ? "" : m.label();
            }

            @Override
            public Metric fromString(String s) {
                throw new UnsupportedOperationException();
            }
        });
        sweepMetricChoice.valueProperty().bindBidirectional(model.metricProperty());
        sweepMetricChoice.setTooltip(new Tooltip("The number plotted for each strategy at each point"));

        for (SweepViewModel.StrategyChoice c : model.strategies()) {
            CheckBox box = new CheckBox(c.strategy().name());
            box.setId("strategy" + Strategy.ARTICLE.indexOf(c.strategy()));
            box.setWrapText(true);
            box.setGraphic(swatch(c.strategy(), 22));
            box.selectedProperty().bindBidirectional(c.selected());
            sweepStrategyBox.getChildren().add(box);
        }

        bindings = List.of(
                ParameterBinding.bind(Parameter.JOBS, model.form().property(Parameter.JOBS), null, sweepJobsField, SliderScale.WHOLE,
                        this::showInputError),
                ParameterBinding.bind(Parameter.SEED, model.form().property(Parameter.SEED), null, sweepSeedField, SliderScale.WHOLE,
                        this::showInputError),
                ParameterBinding.bind(Parameter.P_FAIL, model.form().property(Parameter.P_FAIL), null, sweepPFailField,
                        SliderScale.PROBABILITY, this::showInputError),
                ParameterBinding.bind(Parameter.LOST_REPLY, model.form().property(Parameter.LOST_REPLY), null, sweepLostReplyField,
                        SliderScale.PROBABILITY, this::showInputError),
                ParameterBinding.bind(Parameter.MAX_ATTEMPTS, model.form().property(Parameter.MAX_ATTEMPTS), null,
                        sweepAttemptsField, SliderScale.WHOLE, this::showInputError));
        sweepJobsLabel.setTooltip(sweepJobsField.getTooltip());
        sweepSeedLabel.setTooltip(sweepSeedField.getTooltip());
        sweepPFailLabel.setTooltip(sweepPFailField.getTooltip());
        sweepLostReplyLabel.setTooltip(sweepLostReplyField.getTooltip());
        sweepAttemptsLabel.setTooltip(sweepAttemptsField.getTooltip());
        model.inputErrorProperty().addListener((obs, old, msg) -> showInputError(msg));

        sweepRunButton.disableProperty().bind(model.runningProperty());
        sweepCancelButton.disableProperty().bind(model.runningProperty().not());
        sweepProgressBar.progressProperty().bind(model.progressProperty());
        sweepStatusBar.textProperty().bind(model.statusProperty());

        ExportControls.scaleChoice(sweepExportScale);
        sweepExportButton.disableProperty().bind(model.resultProperty().isNull());
        sweepExportButton.setTooltip(new Tooltip("Save the chart, its legend and caption as a PNG image"));
        sweepCopyButton.disableProperty().bind(model.resultProperty().isNull());
        sweepCopyButton.setTooltip(new Tooltip("Copy the table, header included, tab-separated for a spreadsheet "
                + "(Ctrl+C on the table)"));
        sweepCsvButton.disableProperty().bind(model.resultProperty().isNull());
        sweepCsvButton.setTooltip(new Tooltip("Save one row per point and strategy, the sweep command's columns, as CSV"));
        ExportControls.copyOnShortcut(sweepResultsTable, this::copied);
        sweepResultsTable.setPlaceholder(new Label("Press \"Run sweep\": each point runs every ticked strategy."));

        sweepChart.setAnimated(false);
        // The x axis spans exactly the swept values, so the first and last markers sit on the plot's edges: do
        // not clip them in half (the values never leave the axes' ranges, so nothing else draws outside).
        for (javafx.scene.Node n = sweepChart.lookup(".plot-content"); n != null && n != sweepChart; n = n.getParent()) {
            n.setClip(null);
        }
        sweepChart.visibleProperty().bind(model.resultProperty().isNotNull());
        sweepChartHeading.setText("Sweep: press \"Run sweep\"");
        linearTicks = new NumberAxis.DefaultFormatter(sweepYAxis) {
            @Override
            public String toString(Number n) {
                double v = n.doubleValue();
                return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
                        : String.format(Locale.ROOT, "%.2f", v);
            }
        };
        sweepYAxis.setTickLabelFormatter(linearTicks);
        sweepLogScaleBox.selectedProperty().bindBidirectional(model.logScaleProperty());
        sweepLogScaleBox.setTooltip(new Tooltip("Log scale keeps the low lines readable next to one 100 times higher"));
        model.resultProperty().addListener((obs, old, r) -> redraw());
        model.metricProperty().addListener((obs, old, m) -> redraw());
        model.logScaleProperty().addListener((obs, old, on) -> redraw());
    }

    private void showUnits(Parameter p) {
        String unit = p == null ? "" : p.windowUnit();
        sweepFromUnit.setText(unit);
        sweepToUnit.setText(unit);
        if (p != null) {
            Tooltip tip = new Tooltip(ParameterBinding.tooltipText(p));
            tip.setWrapText(true);
            tip.setMaxWidth(360);
            sweepFromField.setTooltip(tip);
            sweepToField.setTooltip(tip);
        }
    }

    private void showInputError(String message) {
        sweepInputError.setText(message == null ? "" : message);
        sweepInputError.setVisible(message != null);
        sweepInputError.setManaged(message != null);
    }

    private static Line swatch(Strategy s, double width) {
        int i = Math.max(0, Strategy.ARTICLE.indexOf(s));
        Line line = new Line(0, 0, width, 0);
        line.setStyle(lineStyle(i));
        return line;
    }

    private static String lineStyle(int strategyIndex) {
        return "-fx-stroke: " + COLOURS.get(strategyIndex % COLOURS.size()) + "; -fx-stroke-width: 3px;"
                + (strategyIndex == 1 ? " -fx-stroke-dash-array: 10 7;" : "");
    }

    /** Draws the last finished sweep: one line per strategy, the legend, the caption and the table. */
    private void redraw() {
        Sweep.Result r = model.resultProperty().get();
        if (r == null) {
            return;
        }
        Metric metric = model.metricProperty().get();
        boolean log = model.logScaleProperty().get();
        Parameter p = r.sweep().parameter();
        List<XYChart.Series<Number, Number>> all = new ArrayList<>();
        List<SweepViewModel.Series> curves = SweepViewModel.series(r, metric);
        for (SweepViewModel.Series c : curves) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(c.strategy().name());
            for (double[] pt : c.points()) {
                s.getData().add(new XYChart.Data<>(pt[0], SweepViewModel.axisValue(pt[1], log)));
            }
            all.add(s);
        }
        sweepXAxis.setLabel(SweepViewModel.axisLabel(p));
        // the axis spans exactly the swept values (autoranging adds a tick past the last one)
        List<double[]> xs = curves.get(0).points();
        double lo = Math.min(xs.get(0)[0], xs.get(xs.size() - 1)[0]);
        double hi = Math.max(xs.get(0)[0], xs.get(xs.size() - 1)[0]);
        sweepXAxis.setAutoRanging(hi <= lo);
        if (hi > lo) {
            sweepXAxis.setLowerBound(lo);
            sweepXAxis.setUpperBound(hi);
            sweepXAxis.setTickUnit((hi - lo) / 10);
        }
        if (log) {
            double max = 0;
            for (SweepViewModel.Series c : curves) {
                for (double[] pt : c.points()) {
                    max = Math.max(max, pt[1]);
                }
            }
            sweepYAxis.setAutoRanging(false);
            sweepYAxis.setLowerBound(0);
            sweepYAxis.setUpperBound(Math.max(2, Math.ceil(SymlogScale.toAxis(max))));
            sweepYAxis.setTickUnit(1);
            sweepYAxis.setMinorTickVisible(false);
            sweepYAxis.setTickLabelFormatter(SymlogScale.tickLabels());
            sweepYAxis.setLabel(metric.axisLabel() + ", log scale");
        } else {
            sweepYAxis.setAutoRanging(true);
            sweepYAxis.setMinorTickVisible(true);
            sweepYAxis.setTickLabelFormatter(linearTicks);
            sweepYAxis.setLabel(metric.axisLabel());
        }
        sweepChart.getData().setAll(all);
        sweepLegend.getChildren().clear();
        for (int k = 0; k < curves.size(); k++) {
            int i = Math.max(0, Strategy.ARTICLE.indexOf(curves.get(k).strategy()));
            XYChart.Series<Number, Number> s = all.get(k);
            if (s.getNode() != null) {
                s.getNode().setStyle(lineStyle(i));
            }
            for (XYChart.Data<Number, Number> d : s.getData()) {
                if (d.getNode() != null) {
                    d.getNode().setStyle("-fx-background-color: " + COLOURS.get(i % COLOURS.size())
                            + ", white; -fx-background-insets: 0, 2; -fx-background-radius: 5px; -fx-padding: 5px;");
                }
            }
            Label item = new Label(curves.get(k).strategy().name(), swatch(curves.get(k).strategy(), 30));
            item.getStyleClass().add("sweep-legend-item");
            sweepLegend.getChildren().add(item);
        }
        sweepChartHeading.setText(SweepViewModel.heading(r, metric));
        sweepChartCaption.setText(SweepViewModel.caption(r));
        showTable(SweepViewModel.table(r));
    }

    private void showTable(ResultTable t) {
        List<TableColumn<List<String>, String>> columns = new ArrayList<>();
        for (int c = 0; c < t.header().size(); c++) {
            int index = c;
            TableColumn<List<String>, String> col = new TableColumn<>(t.header().get(c));
            col.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().get(index)));
            col.setSortable(false);
            col.setPrefWidth(c == 1 ? 330 : Math.max(80, 8.5 * t.header().get(c).length() + 24));
            columns.add(col);
        }
        sweepResultsTable.getColumns().setAll(columns);
        sweepResultsTable.getItems().setAll(t.rows());
    }

    /**
     * Runs the sweep on what the fields show. A base value typed but not confirmed with Enter is read first; a
     * bad one stops the run.
     */
    @FXML
    public void run() {
        if (ParameterBinding.commitAll(bindings)) {
            model.run();
        }
    }

    @FXML
    private void cancel() {
        model.cancel();
    }

    @FXML
    private void copyTable() {
        ResultTable t = ExportControls.shown(sweepResultsTable);
        ExportControls.copy(t.tsv());
        copied(t.rows().size());
    }

    private void copied(int rows) {
        model.setStatus(String.format(Locale.ROOT, "Copied the table (%d rows) to the clipboard", rows));
    }

    /** Asks for a file and saves the chart, its legend and caption there as a PNG at the chosen scale. */
    @FXML
    public void exportChart() {
        if (model.resultProperty().get() == null) {
            return;
        }
        Optional<File> file = files.chooseSaveFile(sweepChartBox.getScene().getWindow(), "Export chart as PNG",
                "sweep.png");
        if (file.isEmpty()) {
            return;
        }
        try {
            int[] size = PngExport.write(sweepChartBox, file.get(), sweepExportScale.getValue());
            model.setStatus(String.format(Locale.ROOT, "Saved %s (%d × %d px)", file.get(), size[0], size[1]));
        } catch (IOException | RuntimeException e) {
            model.setStatus("Could not save " + file.get() + ": " + PngExport.reason(e));
        }
    }

    /** Asks for a file and saves the results there as CSV: the sweep command's columns and rows. */
    @FXML
    private void exportCsv() {
        Sweep.Result r = model.resultProperty().get();
        if (r == null) {
            return;
        }
        Optional<File> file = files.chooseSaveFile(sweepChartBox.getScene().getWindow(), "Export results as CSV",
                "sweep.csv");
        if (file.isEmpty()) {
            return;
        }
        ResultTable t = SweepViewModel.table(r);
        try {
            t.writeCsv(file.get().toPath());
            model.setStatus(String.format(Locale.ROOT, "Saved %s (%d rows)", file.get(), t.rows().size()));
        } catch (IOException | RuntimeException e) {
            model.setStatus("Could not save " + file.get() + ": " + PngExport.reason(e));
        }
    }

    /** @return the view-model. */
    public SweepViewModel model() {
        return model;
    }
}
