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
import org.idempotencylab.engine.Strategy;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.ui.ParameterBinding;
import org.idempotencylab.ui.SliderScale;
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

    @FXML private ChoiceBox<Parameter> parameterChoice;
    @FXML private TextField fromField;
    @FXML private Label fromUnit;
    @FXML private TextField toField;
    @FXML private Label toUnit;
    @FXML private TextField pointsField;
    @FXML private ChoiceBox<SweepMetric> metricChoice;
    @FXML private VBox strategyBox;
    @FXML private Label jobsLabel;
    @FXML private TextField jobsField;
    @FXML private Label seedLabel;
    @FXML private TextField seedField;
    @FXML private Label pFailLabel;
    @FXML private TextField pFailField;
    @FXML private Label lostReplyLabel;
    @FXML private TextField lostReplyField;
    @FXML private Label attemptsLabel;
    @FXML private TextField attemptsField;
    @FXML private Label inputError;
    @FXML private Button runButton;
    @FXML private Button cancelButton;
    @FXML private ProgressBar progressBar;
    @FXML private ChoiceBox<Integer> exportScale;
    @FXML private Button exportButton;
    @FXML private VBox chartBox;
    @FXML private Label chartHeading;
    @FXML private LineChart<Number, Number> chart;
    @FXML private NumberAxis xAxis;
    @FXML private NumberAxis yAxis;
    @FXML private FlowPane legend;
    @FXML private Label chartCaption;
    @FXML private Button copyButton;
    @FXML private Button csvButton;
    @FXML private TableView<List<String>> resultsTable;
    @FXML private StatusBar statusBar;

    private List<ParameterBinding> bindings;

    public SweepController(SweepViewModel model, FileChooserService files) {
        this.model = model;
        this.files = files;
    }

    @FXML
    private void initialize() {
        parameterChoice.getItems().setAll(SweepViewModel.PARAMETERS);
        parameterChoice.setConverter(new StringConverter<>() {
            @Override
            public String toString(Parameter p) {
                return p == null ? "" : SweepViewModel.choiceLabel(p);
            }

            @Override
            public Parameter fromString(String s) {
                throw new UnsupportedOperationException();
            }
        });
        parameterChoice.valueProperty().bindBidirectional(model.parameterProperty());
        parameterChoice.setTooltip(new Tooltip("The parameter that changes from point to point"));
        model.parameterProperty().addListener((obs, old, p) -> showUnits(p));
        showUnits(model.parameterProperty().get());
        fromField.textProperty().bindBidirectional(model.fromProperty());
        toField.textProperty().bindBidirectional(model.toProperty());
        pointsField.textProperty().bindBidirectional(model.pointsProperty());
        pointsField.setTooltip(new Tooltip("Evenly spaced values from From to To, both included: 2 to 1,000 "
                + "(whole-number parameters are rounded, and a value already swept is not run again)"));
        metricChoice.getItems().setAll(SweepMetric.values());
        metricChoice.valueProperty().bindBidirectional(model.metricProperty());
        metricChoice.setTooltip(new Tooltip("The number plotted for each strategy at each point"));

        for (SweepViewModel.StrategyChoice c : model.strategies()) {
            CheckBox box = new CheckBox(c.strategy().name());
            box.setId("strategy" + Strategy.ARTICLE.indexOf(c.strategy()));
            box.setWrapText(true);
            box.setGraphic(swatch(c.strategy(), 22));
            box.selectedProperty().bindBidirectional(c.selected());
            strategyBox.getChildren().add(box);
        }

        bindings = List.of(
                ParameterBinding.bind(Parameter.JOBS, model.form().jobsProperty(), null, jobsField, SliderScale.WHOLE,
                        this::showInputError),
                ParameterBinding.bind(Parameter.SEED, model.form().seedProperty(), null, seedField, SliderScale.WHOLE,
                        this::showInputError),
                ParameterBinding.bind(Parameter.P_FAIL, model.form().pFailProperty(), null, pFailField,
                        SliderScale.PROBABILITY, this::showInputError),
                ParameterBinding.bind(Parameter.LOST_REPLY, model.form().lostReplyProperty(), null, lostReplyField,
                        SliderScale.PROBABILITY, this::showInputError),
                ParameterBinding.bind(Parameter.MAX_ATTEMPTS, model.form().maxAttemptsProperty(), null,
                        attemptsField, SliderScale.WHOLE, this::showInputError));
        jobsLabel.setTooltip(jobsField.getTooltip());
        seedLabel.setTooltip(seedField.getTooltip());
        pFailLabel.setTooltip(pFailField.getTooltip());
        lostReplyLabel.setTooltip(lostReplyField.getTooltip());
        attemptsLabel.setTooltip(attemptsField.getTooltip());
        model.inputErrorProperty().addListener((obs, old, msg) -> showInputError(msg));

        runButton.disableProperty().bind(model.runningProperty());
        cancelButton.disableProperty().bind(model.runningProperty().not());
        progressBar.progressProperty().bind(model.progressProperty());
        statusBar.textProperty().bind(model.statusProperty());

        ExportControls.scaleChoice(exportScale);
        exportButton.disableProperty().bind(model.resultProperty().isNull());
        exportButton.setTooltip(new Tooltip("Save the chart, its legend and caption as a PNG image"));
        copyButton.disableProperty().bind(model.resultProperty().isNull());
        copyButton.setTooltip(new Tooltip("Copy the table, header included, tab-separated for a spreadsheet "
                + "(Ctrl+C on the table)"));
        csvButton.disableProperty().bind(model.resultProperty().isNull());
        csvButton.setTooltip(new Tooltip("Save one row per point and strategy, the sweep command's columns, as CSV"));
        ExportControls.copyOnShortcut(resultsTable, this::copied);
        resultsTable.setPlaceholder(new Label("Press \"Run sweep\": each point runs every ticked strategy."));

        chart.setAnimated(false);
        chart.visibleProperty().bind(model.resultProperty().isNotNull());
        chartHeading.setText("Sweep: press \"Run sweep\"");
        yAxis.setTickLabelFormatter(new NumberAxis.DefaultFormatter(yAxis) {
            @Override
            public String toString(Number n) {
                double v = n.doubleValue();
                return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
                        : String.format(Locale.ROOT, "%.2f", v);
            }
        });
        model.resultProperty().addListener((obs, old, r) -> redraw());
        model.metricProperty().addListener((obs, old, m) -> redraw());
    }

    private void showUnits(Parameter p) {
        String unit = p == null ? "" : switch (p.kind()) {
            case PROBABILITY -> "%";
            case MILLIS -> "ms";
            case RATE -> "/ s";
            case COUNT -> "";
        };
        fromUnit.setText(unit);
        toUnit.setText(unit);
        if (p != null) {
            Tooltip tip = new Tooltip(ParameterBinding.tooltipText(p));
            tip.setWrapText(true);
            tip.setMaxWidth(360);
            fromField.setTooltip(tip);
            toField.setTooltip(tip);
        }
    }

    private void showInputError(String message) {
        inputError.setText(message == null ? "" : message);
        inputError.setVisible(message != null);
        inputError.setManaged(message != null);
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
        SweepMetric metric = model.metricProperty().get();
        Parameter p = r.sweep().parameter();
        List<XYChart.Series<Number, Number>> all = new ArrayList<>();
        List<SweepViewModel.Series> curves = SweepViewModel.series(r, metric);
        for (SweepViewModel.Series c : curves) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(c.strategy().name());
            for (double[] pt : c.points()) {
                s.getData().add(new XYChart.Data<>(pt[0], pt[1]));
            }
            all.add(s);
        }
        xAxis.setLabel(SweepViewModel.axisLabel(p));
        // the axis spans exactly the swept values (autoranging adds a tick past the last one)
        List<double[]> xs = curves.get(0).points();
        double lo = Math.min(xs.get(0)[0], xs.get(xs.size() - 1)[0]);
        double hi = Math.max(xs.get(0)[0], xs.get(xs.size() - 1)[0]);
        xAxis.setAutoRanging(hi <= lo);
        if (hi > lo) {
            xAxis.setLowerBound(lo);
            xAxis.setUpperBound(hi);
            xAxis.setTickUnit((hi - lo) / 10);
        }
        yAxis.setLabel(metric.axisLabel());
        chart.getData().setAll(all);
        legend.getChildren().clear();
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
            legend.getChildren().add(item);
        }
        chartHeading.setText(SweepViewModel.heading(r, metric));
        chartCaption.setText(SweepViewModel.caption(r));
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
        resultsTable.getColumns().setAll(columns);
        resultsTable.getItems().setAll(t.rows());
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
        ResultTable t = ExportControls.shown(resultsTable);
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
        Optional<File> file = files.chooseSaveFile(chartBox.getScene().getWindow(), "Export chart as PNG",
                "sweep.png");
        if (file.isEmpty()) {
            return;
        }
        try {
            int[] size = PngExport.write(chartBox, file.get(), exportScale.getValue());
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
        Optional<File> file = files.chooseSaveFile(chartBox.getScene().getWindow(), "Export results as CSV",
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
