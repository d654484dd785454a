package org.idempotencylab.ui.explore;

import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.application.Platform;
import javafx.fxml.FXML;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.ListLabels;
import org.idempotencylab.ui.SideDrawer;
import org.idempotencylab.ui.TabCommands;
import org.idempotencylab.ui.TextWidth;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.form.ParameterBinding;

/**
 * Binds explore.fxml to an {@link ExploreViewModel}: the strategies' and the faults' check boxes, the scenario's
 * fields, Explore and Cancel with the count of schedules run, and the table, whose counterexample cells carry a
 * Play button (a double click on a row plays it too). Words: this package's texts.properties.
 */
public final class ExploreController implements TabCommands {
    private static final Texts TEXTS = Texts.of(ExploreController.class);

    private final ExploreViewModel model;

    @FXML private BorderPane exploreRoot;
    @FXML private VBox exploreSide;
    @FXML private VBox exploreResults;
    @FXML private ToggleButton exploreSettingsToggle;
    @FXML private VBox exploreStrategyBox;
    @FXML private VBox exploreKindBox;
    @FXML private TextField exploreJobsField;
    @FXML private TextField exploreWorkersField;
    @FXML private ChoiceBox<QueueKind> exploreQueueBox;
    @FXML private Label exploreVisibilityLabel;
    @FXML private TextField exploreVisibilityField;
    @FXML private Label exploreVisibilityUnit;
    @FXML private Label exploreMaxReceivesLabel;
    @FXML private TextField exploreMaxReceivesField;
    @FXML private Label exploreRepeatLabel;
    @FXML private TextField exploreRepeatMinField;
    @FXML private Label exploreRepeatMinUnit;
    @FXML private Label exploreRepeatTo;
    @FXML private TextField exploreRepeatMaxField;
    @FXML private Label exploreRepeatUnit;
    @FXML private TextField exploreMaxFaultsField;
    @FXML private Label exploreInputError;
    @FXML private Button exploreRunButton;
    @FXML private Button exploreCancelButton;
    @FXML private ProgressBar exploreProgressBar;
    @FXML private Label exploreProgressLabel;
    @FXML private Label exploreHeading;
    @FXML private TableView<ExploreViewModel.Row> exploreTable;
    @FXML private TableColumn<ExploreViewModel.Row, String> exploreStrategyColumn;
    @FXML private TableColumn<ExploreViewModel.Row, String> exploreSchedulesColumn;
    @FXML private TableColumn<ExploreViewModel.Row, String> exploreDuplicatesColumn;
    @FXML private TableColumn<ExploreViewModel.Row, String> exploreLostColumn;
    @FXML private TableColumn<ExploreViewModel.Row, String> exploreCounterexampleColumn;
    @FXML private StatusBar exploreStatusBar;

    public ExploreController(ExploreViewModel model) {
        this.model = model;
    }

    private CheckBox orderBox; // greyed out with one worker: no two events race

    @FXML
    private void initialize() {
        settings = new SideDrawer(exploreRoot, exploreSide); // before anything fits the settings
        for (int i = 0; i < model.strategies().size(); i++) {
            ExploreViewModel.StrategyChoice c = model.strategies().get(i);
            CheckBox box = new CheckBox(c.strategy().name());
            box.setId("exploreStrategy" + i);
            box.setWrapText(true);
            box.selectedProperty().bindBidirectional(c.selected());
            exploreStrategyBox.getChildren().add(box);
        }
        for (ExploreViewModel.KindChoice c : model.kinds()) {
            CheckBox box = new CheckBox(FaultWords.kind(c.kind()));
            box.setId("exploreKind-" + c.kind().cliName());
            box.setWrapText(true);
            box.selectedProperty().bindBidirectional(c.selected());
            box.selectedProperty().addListener(o -> showWhatCounts());
            exploreKindBox.getChildren().add(box);
            if (c.kind() == FaultKind.ORDER) {
                orderBox = box;
            }
        }
        bind(exploreJobsField, model.jobsProperty(), TEXTS.get("tooltip.jobs"));
        bind(exploreWorkersField, model.workersProperty(), TEXTS.get("tooltip.workers"));
        bind(exploreMaxFaultsField, model.maxFaultsProperty(), TEXTS.get("tooltip.maxFaults"));
        bind(exploreVisibilityField, model.visibilityTimeoutProperty(),
                ParameterBinding.tooltipText(Parameter.VISIBILITY_TIMEOUT_MS));
        bind(exploreMaxReceivesField, model.maxReceivesProperty(),
                ParameterBinding.tooltipText(Parameter.MAX_RECEIVES));
        bind(exploreRepeatMinField, model.repeatMinProperty(),
                ParameterBinding.tooltipText(Parameter.DUPLICATE_DELAY_MIN_MS));
        bind(exploreRepeatMaxField, model.repeatMaxProperty(),
                ParameterBinding.tooltipText(Parameter.DUPLICATE_DELAY_MAX_MS));
        exploreQueueBox.getItems().setAll(QueueKind.values());
        exploreQueueBox.setConverter(ListLabels.of(QueueKind::label));
        exploreQueueBox.valueProperty().bindBidirectional(model.queueProperty());
        exploreQueueBox.setTooltip(tooltip(TEXTS.get("tooltip.queue")));
        model.queueProperty().addListener(o -> showWhatCounts());
        model.workersProperty().addListener(o -> showWhatCounts());
        showWhatCounts();

        exploreInputError.textProperty().bind(model.inputErrorProperty());
        exploreInputError.visibleProperty().bind(model.inputErrorProperty().isNotNull());
        exploreInputError.managedProperty().bind(exploreInputError.visibleProperty());
        exploreRunButton.disableProperty().bind(model.runningProperty());
        exploreCancelButton.disableProperty().bind(model.runningProperty().not());
        exploreProgressBar.progressProperty().bind(model.progressProperty());
        exploreProgressLabel.textProperty().bind(model.progressTextProperty());
        exploreStatusBar.textProperty().bind(model.statusProperty());
        exploreHeading.textProperty().bind(model.headingProperty());
        table();
        exploreRoot.widthProperty().addListener(o -> fitSettings());
        exploreSettingsToggle.selectedProperty().addListener(o -> fitSettings());
        // after every layout pass too: the settings' width is known only once styled (a note opened with the tab)
        Runnable fit = this::fitSettings;
        exploreRoot.sceneProperty().addListener((o, was, scene) -> {
            if (was != null) {
                was.removePostLayoutPulseListener(fit);
            }
            if (scene != null) {
                scene.addPostLayoutPulseListener(fit);
            }
        });
        model.resultProperty().addListener((o, was, e) -> {
            if (e != null) {
                exploreSettingsToggle.setSelected(false); // the numbers came: the table whole again
            }
        });
    }

    /**
     * The settings beside the table while there is room for both; else (1024 px with a teaching note open) only
     * while the Settings button asks, as a drawer over the table's left part, so the table keeps every column
     * rather than cut off the counterexamples. Moves a node only when its place changes.
     */
    private void fitSettings() {
        Insets pad = exploreResults.getInsets();
        double table = pad.getLeft() + pad.getRight() + TABLE_EXTRA;
        for (TableColumn<ExploreViewModel.Row, ?> c : exploreTable.getColumns()) {
            table += c.getMinWidth();
        }
        boolean narrow = exploreRoot.getWidth() > 0 && exploreRoot.getWidth() < exploreSide.prefWidth(-1) + table;
        exploreSettingsToggle.setVisible(narrow);
        exploreSettingsToggle.setManaged(narrow);
        settings.place(!narrow, exploreSettingsToggle.isSelected());
    }

    /** The settings beside the table, or set aside and opened over it (built in {@link #initialize}). */
    private SideDrawer settings;

    /** The table's own room beyond its columns, px: its vertical scroll bar and its borders. */
    private static final double TABLE_EXTRA = 20;

    /** The field shows and edits {@code text}; Enter checks every field at once, as Explore would. */
    private void bind(TextField field, StringProperty text, String tip) {
        field.textProperty().bindBidirectional(text);
        field.setTooltip(tooltip(tip));
        field.setOnAction(e -> model.check());
    }

    private static Tooltip tooltip(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(380);
        return t;
    }

    /**
     * Greys out the fields that change nothing: the durable queue's with the in-memory one, the delay without repeats,
     * the races of events with one worker.
     */
    private void showWhatCounts() {
        if (orderBox != null) {
            orderBox.setDisable(!model.races());
        }
        boolean durable = model.durable();
        for (Node n : List.of(exploreVisibilityLabel, exploreVisibilityField, exploreVisibilityUnit,
                exploreMaxReceivesLabel, exploreMaxReceivesField)) {
            n.setDisable(!durable);
        }
        boolean repeats = model.allows(FaultKind.REPEAT);
        for (Node n : List.of(exploreRepeatLabel, exploreRepeatMinField, exploreRepeatMinUnit, exploreRepeatTo,
                exploreRepeatMaxField, exploreRepeatUnit)) {
            n.setDisable(!repeats);
        }
    }

    private void table() {
        exploreTable.setItems(model.rows());
        exploreTable.setPlaceholder(new Label(TEXTS.get("table.placeholder")));
        exploreTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        value(exploreStrategyColumn, ExploreViewModel.Row::strategy);
        value(exploreSchedulesColumn, ExploreViewModel.Row::schedules);
        value(exploreDuplicatesColumn, ExploreViewModel.Row::duplicates);
        value(exploreLostColumn, ExploreViewModel.Row::lost);
        value(exploreCounterexampleColumn, ExploreViewModel.Row::counterexample);
        exploreStrategyColumn.setCellFactory(c -> new WordsCell(false));
        exploreCounterexampleColumn.setCellFactory(c -> new WordsCell(true));
        exploreDuplicatesColumn.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
                ExploreViewModel.Row row = empty ? null : getTableRow().getItem();
                // some schedule duplicates a side effect: the count carries the duplicate's icon and colour
                Concept.mark(this, row != null && row.hasDuplicates() ? Concept.DUPLICATE : null);
            }
        });
        exploreTable.setRowFactory(t -> {
            TableRow<ExploreViewModel.Row> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    model.play(row.getItem());
                }
            });
            return row;
        });
        // after the style pass that changed the type size: it may move the settings, which a style pass must not see
        exploreRunButton.fontProperty().addListener(o -> Platform.runLater(this::widths));
        widths();
    }

    /**
     * Column widths in the type's own size (presentation mode's is larger): a number column at least as wide as its
     * header's longest word and a six-digit count (the duplicates' with their icon), so a header wraps between words
     * ("With a / duplicate"), never inside one; the words' columns take the rest, the counterexample's the most. At
     * 1024 px in presentation mode every column still fits beside the settings.
     */
    private void widths() {
        Font font = exploreRunButton.getFont();
        double em = font.getSize();
        Font plain = Font.font(font.getFamily(), em);
        Font bold = Font.font(font.getFamily(), FontWeight.BOLD, em);
        for (TableColumn<ExploreViewModel.Row, String> c : List.of(exploreSchedulesColumn, exploreDuplicatesColumn,
                exploreLostColumn)) {
            double icon = c == exploreDuplicatesColumn ? Concept.ICON_SIZE + 4 : 0;
            double w = TextWidth.of("999,999", plain) + icon;
            for (String word : c.getText().split(" ")) {
                w = Math.max(w, TextWidth.of(word, bold));
            }
            c.setMinWidth(Math.ceil(w + 16)); // the cell's and the header's padding
            c.setPrefWidth(c.getMinWidth());
            c.setMaxWidth(c.getMinWidth()); // a number needs no more: the words take what is left
        }
        exploreStrategyColumn.setMinWidth(6 * em);
        exploreStrategyColumn.setPrefWidth(9 * em);
        exploreStrategyColumn.setMaxWidth(12 * em);
        exploreCounterexampleColumn.setMinWidth(10 * em);
        exploreCounterexampleColumn.setPrefWidth(24 * em);
        // a column's new preferred width is its width at once, which the table's constrained policy redistributes only
        // when the table's own width changes: set the policy again, so it fits the columns to the table now
        exploreTable.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        exploreTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        fitSettings();
    }

    private static void value(TableColumn<ExploreViewModel.Row, String> col,
                              Function<ExploreViewModel.Row, String> value) {
        col.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
    }

    /**
     * A cell of words wrapped to its column's width (a strategy's name; a counterexample, one line a fault), the
     * row as tall as they need; a counterexample's cell has its Play button below the words.
     */
    private final class WordsCell extends TableCell<ExploreViewModel.Row, String> {
        private final Text words = new Text();
        private final Button play;
        private final VBox box = new VBox(6, words);

        WordsCell(boolean withPlay) {
            words.getStyleClass().add("explore-words");
            // the words wrap at the column's width, less the cell's padding
            tableColumnProperty().addListener((o, was, col) -> {
                if (col != null) {
                    words.wrappingWidthProperty().bind(col.widthProperty().subtract(14));
                }
            });
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
            if (withPlay) {
                play = new Button(TEXTS.get("button.play"));
                play.getStyleClass().add("explore-play");
                play.setTooltip(tooltip(TEXTS.get("tooltip.play")));
                play.setOnAction(e -> model.play(getTableRow().getItem()));
                box.getChildren().add(play);
            } else {
                play = null;
            }
        }

        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            ExploreViewModel.Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
            if (text == null || row == null) {
                setGraphic(null);
                return;
            }
            words.setText(text);
            if (play != null) {
                play.setVisible(row.playable());
                play.setManaged(row.playable());
                play.setId("explorePlay" + getIndex());
            }
            setGraphic(box);
        }
    }

    /** Ctrl+R on this tab: explores what the fields show. */
    @FXML
    @Override
    public void run() {
        model.explore();
    }

    @FXML
    private void cancel() {
        model.cancel();
    }

    /** Ctrl+E: this tab has no chart to export. */
    @Override
    public void exportChart() {
        // nothing to export: the table's numbers are the command line's (explore --format json)
    }

    @Override
    public void showStatus(String text) {
        model.setStatus(text);
    }
}
