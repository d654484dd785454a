package org.idempotencylab.ui.compare;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.chart.BarChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Slider;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.SliderScale;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.charts.DuplicatesChart;
import org.idempotencylab.ui.charts.StrategyNames;
import org.idempotencylab.ui.charts.SymlogScale;
import java.util.Map;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.idempotencylab.ui.export.ExportControls;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.export.PngExport;
import org.idempotencylab.ui.export.ResultTable;

/** Binds compare.fxml to a {@link CompareViewModel}; holds no logic of its own beyond wiring and the export. */
public final class CompareController {
    private final CompareViewModel model;
    private final FileChooserService files;

    @FXML private Label pFailLabel;
    @FXML private Slider pFailSlider;
    @FXML private TextField pFailField;
    @FXML private Label lostReplyLabel;
    @FXML private Slider lostReplySlider;
    @FXML private TextField lostReplyField;
    @FXML private Label attemptsLabel;
    @FXML private Slider attemptsSlider;
    @FXML private TextField attemptsField;
    @FXML private Label jobsLabel;
    @FXML private Slider jobsSlider;
    @FXML private TextField jobsField;
    @FXML private Label seedLabel;
    @FXML private TextField seedField;
    @FXML private Label inputError;
    @FXML private Label differencesLabel;
    @FXML private Button compareButton;
    @FXML private Button cancelButton;
    @FXML private ProgressBar progressBar;
    @FXML private TableView<ResultRow> resultsTable;
    @FXML private TableColumn<ResultRow, String> strategyColumn;
    @FXML private TableColumn<ResultRow, String> succeededColumn;
    @FXML private TableColumn<ResultRow, String> failedColumn;
    @FXML private TableColumn<ResultRow, String> callsColumn;
    @FXML private TableColumn<ResultRow, String> repeatedColumn;
    @FXML private TableColumn<ResultRow, String> emailsColumn;
    @FXML private CheckBox logScaleBox;
    @FXML private Button exportButton;
    @FXML private ChoiceBox<Integer> exportScale;
    @FXML private Button copyButton;
    @FXML private Button csvButton;
    @FXML private VBox chartBox;
    @FXML private BarChart<Number, String> chart;
    @FXML private Label chartCaption;
    @FXML private StatusBar statusBar;

    private List<ParameterBinding> bindings;
    /** True while the table is narrower than {@link #COMPACT_BELOW_EM}: strategies go by their short names. */
    private final BooleanProperty compact = new SimpleBooleanProperty();
    /** The table's width, in font heights, below which the article's row names would be cut. */
    static final double COMPACT_BELOW_EM = 62;

    public CompareController(CompareViewModel model, FileChooserService files) {
        this.model = model;
        this.files = files;
    }

    @FXML
    private void initialize() {
        bindings = List.of(
                ParameterBinding.bind(Parameter.P_FAIL, model.form().property(Parameter.P_FAIL), pFailSlider, pFailField,
                        SliderScale.PROBABILITY, this::showInputError),
                ParameterBinding.bind(Parameter.LOST_REPLY, model.form().property(Parameter.LOST_REPLY), lostReplySlider,
                        lostReplyField, SliderScale.PROBABILITY, this::showInputError),
                ParameterBinding.bind(Parameter.MAX_ATTEMPTS, model.form().property(Parameter.MAX_ATTEMPTS), attemptsSlider,
                        attemptsField, SliderScale.WHOLE, this::showInputError),
                ParameterBinding.bind(Parameter.JOBS, model.form().property(Parameter.JOBS), jobsSlider, jobsField,
                        SliderScale.LOG10, this::showInputError),
                ParameterBinding.bind(Parameter.SEED, model.form().property(Parameter.SEED), null, seedField, SliderScale.WHOLE,
                        this::showInputError));
        pFailLabel.setTooltip(pFailField.getTooltip());
        lostReplyLabel.setTooltip(lostReplyField.getTooltip());
        attemptsLabel.setTooltip(attemptsField.getTooltip());
        jobsLabel.setTooltip(jobsField.getTooltip());
        seedLabel.setTooltip(seedField.getTooltip());
        model.inputErrorProperty().addListener((obs, old, msg) -> showInputError(msg));

        column(strategyColumn, ResultRow::strategy);
        strategyColumn.setCellFactory(c -> new StrategyCell());
        // too narrow for the article's row names (a projector, a teaching note open): short names in the table
        // and on the chart's axis, the full name in a tooltip, so the numbers and the bars keep their room
        InvalidationListener fit = o -> compact.set(resultsTable.getWidth() > 0
                && resultsTable.getWidth() < COMPACT_BELOW_EM * pFailLabel.getFont().getSize());
        resultsTable.widthProperty().addListener(fit);
        pFailLabel.fontProperty().addListener(fit);
        compact.addListener((o, was, on) -> {
            double em = pFailLabel.getFont().getSize();
            strategyColumn.setPrefWidth(on ? 13 * em : 360);
            strategyColumn.setMinWidth(on ? 7 * em : 180);
            fitHeaders();
            resultsTable.refresh();
            redrawChart();
        });
        column(succeededColumn, ResultRow::succeeded);
        column(failedColumn, ResultRow::failedJobs);
        column(callsColumn, ResultRow::callsPerJob);
        column(repeatedColumn, ResultRow::repeatedSteps);
        column(emailsColumn, ResultRow::usersWithDuplicateEmails);
        resultsTable.setItems(model.rows());
        pFailLabel.fontProperty().addListener(o -> fitHeaders());
        fitHeaders();
        // one row per strategy (at most five) and the header: no empty row, no scroll bar
        // (the header has room for three lines of its font: 64 px, 84 px in presentation mode)
        // (a preset with three strategies: three rows, and the chart gets the room of the other two)
        resultsTable.prefHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(1, Math.min(5, model.strategies().size())) * resultsTable.getFixedCellSize()
                        + 4.9 * pFailLabel.getFont().getSize(),
                pFailLabel.fontProperty(), model.strategies()));
        resultsTable.setMinHeight(Region.USE_PREF_SIZE);
        jobsSlider.setLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Double position) {
                return SymlogScale.compact(Math.round(Math.pow(10, position)));
            }

            @Override
            public Double fromString(String s) {
                throw new UnsupportedOperationException();
            }
        });
        resultsTable.setPlaceholder(new Label("Press \"Compare strategies\" to run the article's five strategies."));

        differencesLabel.textProperty().bind(Bindings.createStringBinding(() -> {
            String d = model.differencesProperty().get();
            return d.isEmpty() ? "" : "Differs from the article: " + d;
        }, model.differencesProperty()));
        differencesLabel.visibleProperty().bind(model.differencesProperty().isNotEmpty());
        differencesLabel.managedProperty().bind(differencesLabel.visibleProperty());

        compareButton.disableProperty().bind(model.runningProperty());
        cancelButton.disableProperty().bind(model.runningProperty().not());
        progressBar.progressProperty().bind(model.progressProperty());
        statusBar.textProperty().bind(model.statusProperty());
        exportButton.disableProperty().bind(Bindings.isEmpty(model.rows()));
        exportButton.setTooltip(new Tooltip("Save the chart, with its caption, as a PNG image"));
        ExportControls.scaleChoice(exportScale);
        copyButton.disableProperty().bind(Bindings.isEmpty(model.rows()));
        copyButton.setTooltip(new Tooltip("Copy the table, header included, tab-separated for a spreadsheet "
                + "(Ctrl+C on the table)"));
        csvButton.disableProperty().bind(Bindings.isEmpty(model.rows()));
        csvButton.setTooltip(new Tooltip("Save one row per strategy, with every metric, as CSV"));
        ExportControls.copyOnShortcut(resultsTable, this::copied);
        logScaleBox.setTooltip(new Tooltip("Log scale keeps short bars readable next to a bar 100 times longer"));

        chart.setAnimated(false);
        // the number after the longest bar may run past the plot into the chart's right padding: do not cut it
        // (the bars themselves stay inside: the value axis always ends above the longest)
        for (javafx.scene.Node n = chart.lookup(".plot-content"); n != null && n != chart; n = n.getParent()) {
            n.setClip(null);
        }
        // an empty grid reads as "no duplicates": show the chart only once there are results
        chart.visibleProperty().bind(Bindings.isNotEmpty(model.rows()));
        model.rows().addListener((ListChangeListener<ResultRow>) c -> redrawChart());
        logScaleBox.selectedProperty().addListener((obs, old, on) -> redrawChart());
        model.resultScenarioProperty().addListener((obs, old, s) -> chartCaption.setText(caption(s)));
    }

    private void showInputError(String message) {
        inputError.setText(message == null ? "" : message);
        inputError.setVisible(message != null);
        inputError.setManaged(message != null);
    }

    private static void column(TableColumn<ResultRow, String> col, Function<ResultRow, String> value) {
        col.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        col.setSortable(false);
        col.setReorderable(false);
    }

    /**
     * Makes each number column at least as wide as its header's longest word and its widest value, in the
     * current type size, so a header wraps between words ("Calls per / job"), never inside one ("Succeed / ed").
     */
    private void fitHeaders() {
        Font font = pFailLabel.getFont();
        Font bold = Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        Map<TableColumn<ResultRow, String>, String> widest = Map.of(succeededColumn, "100.000%", failedColumn,
                "100,000", callsColumn, "10.00", repeatedColumn, "100,000", emailsColumn, "100,000");
        widest.forEach((col, value) -> {
            double w = width(value, font);
            for (String word : col.getText().split(" ")) {
                w = Math.max(w, width(word, bold));
            }
            col.setMinWidth(Math.ceil(w + 16)); // the cell's and header's padding
        });
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

    /** @return the chart caption: the parameters the results were computed with. */
    static String caption(Scenario s) {
        if (s == null) {
            return "";
        }
        return String.format(Locale.ROOT, "%,d sign-ups · failure rate %s%% · lost reply %s%% · %d attempts · seed %d · "
                        + "backoff %d ms doubling to %,d ms%s", s.jobs(),
                ParameterBinding.format(Parameter.P_FAIL, s.pFail()),
                ParameterBinding.format(Parameter.LOST_REPLY, s.lostReply()), s.maxAttempts(), s.seed(),
                s.baseDelayMs(), s.maxDelayMs(), s.jitter() ? " with jitter" : "");
    }

    /**
     * Runs the comparison on what the fields show. A value typed but not yet confirmed with Enter is read first
     * (a keyboard shortcut does not move the focus, so nothing else would read it); a bad one stops the run.
     */
    @FXML
    public void compare() {
        if (ParameterBinding.commitAll(bindings)) {
            model.compare();
        }
    }

    @FXML
    private void cancel() {
        model.cancel();
    }

    /** Asks for a file and saves the chart and its caption there as a PNG. */
    @FXML
    public void exportChart() {
        if (model.rows().isEmpty()) {
            return;
        }
        Optional<File> file = files.chooseSaveFile(chartBox.getScene().getWindow(), "Export chart as PNG",
                "duplicates-per-strategy.png");
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

    /** Copies the table as shown (header and five rows, tab-separated) to the clipboard. */
    @FXML
    private void copyTable() {
        ResultTable t = ExportControls.shown(resultsTable);
        ExportControls.copy(t.tsv());
        copied(t.rows().size());
    }

    private void copied(int rows) {
        model.setStatus(String.format(Locale.ROOT, "Copied the table (%d rows) to the clipboard", rows));
    }

    /** @return the results as the CSV export writes them: one row per strategy, every metric {@code run} prints. */
    static ResultTable csvTable(List<ResultRow> rows) {
        return ResultTable.of(rows.stream().map(r -> ResultColumns.flat(r.result())).toList());
    }

    /** Asks for a file and saves the results there as CSV (the columns of the {@code run} command's CSV). */
    @FXML
    private void exportCsv() {
        if (model.rows().isEmpty()) {
            return;
        }
        Optional<File> file = files.chooseSaveFile(chartBox.getScene().getWindow(), "Export results as CSV",
                "strategies.csv");
        if (file.isEmpty()) {
            return;
        }
        try {
            csvTable(model.rows()).writeCsv(file.get().toPath());
            model.setStatus(String.format(Locale.ROOT, "Saved %s (%d rows)", file.get(), model.rows().size()));
        } catch (IOException | RuntimeException e) {
            model.setStatus("Could not save " + file.get() + ": " + PngExport.reason(e));
        }
    }

    /** @return the view-model, for the menu bar. */
    public CompareViewModel model() {
        return model;
    }
}
