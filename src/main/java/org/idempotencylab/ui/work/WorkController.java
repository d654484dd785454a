package org.idempotencylab.ui.work;

import static org.idempotencylab.ui.work.WorkTexts.TEXTS;

import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.ui.ClaimTableView;
import org.idempotencylab.ui.TabCommands;
import org.idempotencylab.work.WorkRun.ProcessState;

/**
 * Binds work.fxml to a {@link WorkViewModel}: the form, Start and Stop, the progress, the Workers box (one box per
 * real worker process; a click kills that process), the run's claim table (a {@link ClaimTableView} the window
 * gives, the key store's), the event log, the provider's sends per user and the metrics. No logic beyond wiring.
 * Ctrl+R starts a run; this tab has no chart to export.
 *
 * <p>Node ids for tests and style sheets: {@code workerBox<slot>} for a worker process's box, the fields'
 * {@code fx:id}s of work.fxml.
 */
public final class WorkController implements TabCommands {
    private static final PseudoClass DOWN = PseudoClass.getPseudoClass("down");
    private static final PseudoClass STARTING = PseudoClass.getPseudoClass("starting");
    private static final PseudoClass ENDED = PseudoClass.getPseudoClass("ended");
    private static final PseudoClass DUPLICATE = PseudoClass.getPseudoClass("duplicate");
    /** On the main split while the Workers pane and the side column stand one above the other. */
    private static final PseudoClass NARROW = PseudoClass.getPseudoClass("narrow");
    /** A vertical scroll bar's width and a split pane's divider, px (modena). */
    private static final double SCROLL_BAR = 16;
    private static final double DIVIDER = 8;

    private final WorkViewModel model;
    private final ClaimTableView claims;

    @FXML private TextField workProcessesField;
    @FXML private TextField workWorkersField;
    @FXML private TextField workJobsField;
    @FXML private TextField workPFailField;
    @FXML private TextField workLostReplyField;
    @FXML private TextField workKillEveryField;
    @FXML private TextField workRestartField;
    @FXML private TextField workCallField;
    @FXML private TextField workDbField;
    @FXML private ComboBox<RetryScope> workRetryBox;
    @FXML private ComboBox<StoreKind> workStoreBox;
    @FXML private ComboBox<KeyMode> workKeyBox;
    @FXML private TitledPane settingsPane;
    @FXML private Button startButton;
    @FXML private Button stopButton;
    @FXML private Label messageLabel;
    @FXML private ProgressBar workProgressBar;
    @FXML private Label progressLabel;
    @FXML private Label statusLabel;
    @FXML private FlowPane workerBoxes;
    @FXML private SplitPane mainSplit;
    @FXML private ScrollPane workersScroll;
    @FXML private VBox workersPane;
    @FXML private SplitPane workSide;
    @FXML private StackPane claimHost;
    @FXML private Label claimNoteLabel;
    @FXML private ListView<String> eventList;
    @FXML private Label sendCounters;
    @FXML private TableView<WorkViewModel.SendRow> sendsTable;
    @FXML private TableColumn<WorkViewModel.SendRow, String> userColumn;
    @FXML private TableColumn<WorkViewModel.SendRow, Number> sentColumn;
    @FXML private TableColumn<WorkViewModel.SendRow, Number> workSuppressedColumn;
    @FXML private TableColumn<WorkViewModel.SendRow, String> duplicateColumn;
    @FXML private TableView<WorkViewModel.MetricRow> metricsTable;
    @FXML private TableColumn<WorkViewModel.MetricRow, String> metricColumn;
    @FXML private TableColumn<WorkViewModel.MetricRow, String> valueColumn;

    /**
     * @param model  the tab's view-model
     * @param claims makes the claim table's view the run's {@code processed_jobs} is shown in
     */
    public WorkController(WorkViewModel model, ClaimTableView.Factory claims) {
        this.model = model;
        this.claims = claims.create();
    }

    @FXML
    private void initialize() {
        workProcessesField.textProperty().bindBidirectional(model.processesProperty());
        workWorkersField.textProperty().bindBidirectional(model.field(Parameter.WORKERS));
        workJobsField.textProperty().bindBidirectional(model.field(Parameter.JOBS));
        workPFailField.textProperty().bindBidirectional(model.field(Parameter.P_FAIL));
        workLostReplyField.textProperty().bindBidirectional(model.field(Parameter.LOST_REPLY));
        workRestartField.textProperty().bindBidirectional(model.field(Parameter.RESTART_MS));
        workCallField.textProperty().bindBidirectional(model.field(Parameter.CALL_MS));
        workKillEveryField.textProperty().bindBidirectional(model.killEveryMsProperty());
        workDbField.textProperty().bindBidirectional(model.dbProperty());
        choices(workRetryBox, RetryScope.values());
        workRetryBox.valueProperty().bindBidirectional(model.retryProperty());
        choices(workStoreBox, StoreKind.values());
        workStoreBox.valueProperty().bindBidirectional(model.storeProperty());
        choices(workKeyBox, KeyMode.values());
        workKeyBox.valueProperty().bindBidirectional(model.keyModeProperty());
        for (var field : new javafx.scene.Node[] {workProcessesField, workWorkersField, workJobsField, workPFailField,
                workLostReplyField, workRestartField, workCallField, workKillEveryField, workDbField, workRetryBox, workStoreBox, workKeyBox}) {
            field.disableProperty().bind(model.runningProperty());
        }
        startButton.disableProperty().bind(model.runningProperty());
        // a run going: the workers and its claim table take the room of the settings, which cannot change now
        model.runningProperty().addListener((o, was, now) -> {
            if (now) {
                settingsPane.setExpanded(false);
            }
        });
        settingsPane.setExpanded(!model.runningProperty().get()); // a run started before the tab was built
        settingsPane.textProperty().bind(Bindings.when(settingsPane.expandedProperty())
                .then(TEXTS.get("settings.shown")).otherwise(TEXTS.get("settings.folded")));
        stopButton.disableProperty().bind(model.stoppableProperty().not()); // not during the clean-up

        messageLabel.textProperty().bind(model.messageProperty());
        messageLabel.visibleProperty().bind(model.messageProperty().isNotEmpty());
        messageLabel.managedProperty().bind(messageLabel.visibleProperty());
        workProgressBar.progressProperty().bind(model.progressProperty());
        progressLabel.textProperty().bind(model.progressTextProperty());
        statusLabel.textProperty().bind(model.statusProperty());

        model.setClaimView(claims);
        claimHost.getChildren().add(claims.node());
        InvalidationListener arrange = o -> arrange();
        mainSplit.widthProperty().addListener(arrange);
        claims.readableWidthProperty().addListener(arrange);
        // one above the other, the Workers pane's height follows its boxes and the claim table's notes once laid out
        workersPane.needsLayoutProperty().addListener((o, was, now) -> {
            if (!now && mainSplit.getOrientation() == Orientation.VERTICAL) {
                arrange();
            }
        });
        claimNoteLabel.textProperty().bind(model.claimNoteProperty());
        claimNoteLabel.visibleProperty().bind(model.claimNoteProperty().isNotEmpty());
        claimNoteLabel.managedProperty().bind(claimNoteLabel.visibleProperty());

        model.processRows().addListener((ListChangeListener<ProcessRow>) c -> boxes());
        boxes();
        eventList.setItems(model.events());

        userColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().user()));
        sentColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().sent()));
        workSuppressedColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().suppressed()));
        duplicateColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(TEXTS.get(c.getValue().duplicate()
                ? "sends.duplicate" : "sends.once")));
        sendsTable.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(WorkViewModel.SendRow item, boolean empty) {
                super.updateItem(item, empty);
                pseudoClassStateChanged(DUPLICATE, !empty && item != null && item.duplicate());
            }
        });
        sendsTable.setItems(model.sends());
        sendsTable.setPlaceholder(new Label(TEXTS.get("sends.empty")));
        sendCounters.textProperty().bind(model.sendCountersProperty());
        metricColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        valueColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().value()));
        metricsTable.setItems(model.metrics());
        Label noMetrics = new Label(TEXTS.get("metrics.empty"));
        noMetrics.setWrapText(true);
        metricsTable.setPlaceholder(noMetrics);
    }

    /**
     * The Workers pane (boxes and claim table) beside the side column where the claim table's key, status and lease
     * columns fit whole beside the side column's least width; else the two one above the other, each pane at its
     * full height (the tab scrolls to the side column), the claim table the tab's full width.
     */
    private void arrange() {
        double width = mainSplit.getWidth();
        if (width <= 0) {
            return;
        }
        // the pane's padding and its scroll bar come on top of the table's own width
        double needed = claims.readableWidthProperty().get() + workersPane.snappedLeftInset()
                + workersPane.snappedRightInset() + SCROLL_BAR;
        boolean narrow = width - workSide.minWidth(-1) - DIVIDER < needed;
        mainSplit.setOrientation(narrow ? Orientation.VERTICAL : Orientation.HORIZONTAL);
        mainSplit.pseudoClassStateChanged(NARROW, narrow);
        workersScroll.setMinWidth(narrow ? Region.USE_COMPUTED_SIZE : needed);
        workersScroll.setMinHeight(narrow ? workersHeight(width) : Region.USE_COMPUTED_SIZE);
    }

    /** @return the Workers pane's height at {@code width} with every child at its preferred height, px */
    private double workersHeight(double width) {
        double inner = width - workersPane.snappedLeftInset() - workersPane.snappedRightInset();
        double h = workersPane.snappedTopInset() + workersPane.snappedBottomInset();
        List<Node> shown = workersPane.getChildren().stream().filter(Node::isManaged).toList();
        for (Node n : shown) {
            h += n.prefHeight(inner);
        }
        return Math.ceil(h + workersPane.getSpacing() * Math.max(0, shown.size() - 1) + 2);
    }

    private static <C extends Choice> void choices(ComboBox<C> box, C[] values) {
        box.getItems().setAll(values);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(C c) {
                return c == null ? "" : c.cliName();
            }

            @Override
            public C fromString(String s) {
                return Choice.find(values, s).orElse(null);
            }
        });
    }

    /** One box per worker process, rebuilt when a run starts with its number of processes. */
    private void boxes() {
        workerBoxes.getChildren().clear();
        for (ProcessRow row : model.processRows()) {
            workerBoxes.getChildren().add(box(row));
        }
    }

    private VBox box(ProcessRow row) {
        Label title = new Label(row.title());
        title.getStyleClass().add("box-title");
        Label pid = line(Bindings.createStringBinding(() -> row.pidProperty().get() < 0 ? TEXTS.get("box.pidNone")
                : TEXTS.format("box.pid", row.pidProperty().get()), row.pidProperty()));
        Label state = line(row.stateTextProperty());
        state.getStyleClass().add("box-state");
        Label jobs = line(row.jobsTextProperty());
        Label kills = line(row.killsTextProperty());
        Label hint = new Label(TEXTS.get("box.crashHint"));
        hint.getStyleClass().add("crash-hint");
        VBox box = new VBox(1, title, pid, state, jobs, kills, hint);
        box.setId("workerBox" + row.slot());
        box.getStyleClass().add("worker-box");
        Runnable look = () -> {
            ProcessState s = row.stateProperty().get();
            box.pseudoClassStateChanged(DOWN, row.downProperty().get());
            box.pseudoClassStateChanged(STARTING, !row.downProperty().get() && s == ProcessState.STARTING);
            box.pseudoClassStateChanged(ENDED, s == ProcessState.ENDED);
        };
        row.downProperty().addListener((o, was, now) -> look.run());
        row.stateProperty().addListener((o, was, now) -> look.run());
        look.run();
        box.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                model.kill(row.slot());
            }
        });
        return box;
    }

    private static Label line(javafx.beans.value.ObservableValue<String> text) {
        Label l = new Label();
        l.textProperty().bind(text);
        l.getStyleClass().add("box-line");
        return l;
    }

    @FXML
    private void start() {
        model.start();
    }

    @FXML
    private void stop() {
        model.stop();
    }

    /** Ctrl+R: starts a real run with the form's values (nothing while one goes). */
    @Override
    public void run() {
        model.start();
    }

    /** Ctrl+E: this tab has no chart; its status line says so. */
    @Override
    public void exportChart() {
        // nothing to export: the metrics table is the result, and `work --format csv` writes it
    }

    @Override
    public void showStatus(String text) {
        // the status line belongs to the run; a scenario saved from this tab is the comparison's (its own tab says)
    }
}
