package org.idempotencylab.ui.live;

import java.util.List;
import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Control;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.ui.LiveRunListener;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.SliderScale;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;

/**
 * Binds live.fxml to a {@link LiveViewModel}: playback controls and keys, parameter fields, the queue canvas and
 * its clicks, the log and history lists. One AnimationTimer advances the view-model and redraws, once per frame.
 */
public final class LiveController {
    private static final long KEY_TABLE_PERIOD_NANOS = 100_000_000L;
    private final LiveViewModel model;
    private final AnimationTimer timer;
    private long lastFrameNanos;

    @FXML private BorderPane root;
    @FXML private ComboBox<Strategy> strategyBox;
    @FXML private Button playButton;
    @FXML private Button stepButton;
    @FXML private Button resetButton;
    @FXML private Slider speedSlider;
    @FXML private Label speedLabel;
    @FXML private Label clockLabel;
    @FXML private CheckBox faultBox;
    @FXML private Label livePFailLabel;
    @FXML private Slider livePFailSlider;
    @FXML private TextField livePFailField;
    @FXML private Label liveLostReplyLabel;
    @FXML private Slider liveLostReplySlider;
    @FXML private TextField liveLostReplyField;
    @FXML private Label liveAttemptsLabel;
    @FXML private TextField liveAttemptsField;
    @FXML private Label liveJobsLabel;
    @FXML private TextField liveJobsField;
    @FXML private Label workersLabel;
    @FXML private TextField workersField;
    @FXML private Label arrivalLabel;
    @FXML private TextField arrivalField;
    @FXML private Label callLabel;
    @FXML private TextField callField;
    @FXML private Label ttlLabel;
    @FXML private TextField ttlField;
    @FXML private Label providerTtlLabel;
    @FXML private TextField providerTtlField;
    @FXML private Label liveSeedLabel;
    @FXML private TextField liveSeedField;
    @FXML private Label pendingLabel;
    @FXML private Label repeatLabel;
    @FXML private TextField repeatField;
    @FXML private Label repeatDelayLabel;
    @FXML private TextField repeatDelayField;
    @FXML private Label liveInputError;
    @FXML private ComboBox<RetryScope> scopeBox;
    @FXML private ComboBox<KeyMode> keyBox;
    @FXML private ComboBox<StoreKind> storeBox;
    @FXML private Label databaseLabel;
    @FXML private TextField databaseField;
    @FXML private ComboBox<QueueKind> queueBox;
    @FXML private Label scopeLabel;
    @FXML private Label keyLabel;
    @FXML private Label storeLabel;
    @FXML private Label queueLabel;
    @FXML private Label crashLabel;
    @FXML private Slider crashSlider;
    @FXML private TextField crashField;
    @FXML private Label restartLabel;
    @FXML private Slider restartSlider;
    @FXML private TextField restartField;
    @FXML private Label visibilityLabel;
    @FXML private Slider visibilitySlider;
    @FXML private TextField visibilityField;
    @FXML private Label leaseLabel;
    @FXML private Slider leaseSlider;
    @FXML private TextField leaseField;
    @FXML private Label lockTtlLabel;
    @FXML private Slider lockTtlSlider;
    @FXML private TextField lockTtlField;
    @FXML private Label payloadLabel;
    @FXML private Slider payloadSlider;
    @FXML private TextField payloadField;
    @FXML private Button crashButton;
    @FXML private QueueCanvas queue;
    @FXML private TabPane detailTabs;
    @FXML private Tab historyTab;
    @FXML private ListView<String> logList;
    @FXML private Label historyTitle;
    @FXML private ListView<String> historyList;
    @FXML private StatusBar liveStatusBar;
    @FXML private Label endingLabel;
    private List<ParameterBinding> bindings;

    /**
     * @param keys the key store view's model (keystore.fxml is included in live.fxml): it follows each new run
     *             and is flushed once per frame, after the simulation moved
     */
    public LiveController(LiveViewModel model, KeyStoreViewModel keys) {
        this.model = model;
        model.addFrameListener(new LiveRunListener() {
            @Override
            public void attached(SignupSimulation simulation) {
                keys.attach(simulation);
            }

            private long lastFlushNanos;

            @Override
            public void frame(long nowMs) {
                // while playing, the key tables change at most ten times a second: relaying out a table of
                // thousands of rows every frame costs more than the rest of the frame together
                long t = System.nanoTime();
                if (!model.playingProperty().get() || t - lastFlushNanos >= KEY_TABLE_PERIOD_NANOS) {
                    lastFlushNanos = t;
                    keys.flush(nowMs);
                }
            }
        });
        this.timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                long elapsed = lastFrameNanos == 0 ? 0 : now - lastFrameNanos;
                lastFrameNanos = now;
                model.frame(elapsed, now);
                // a run goes on while another tab is shown, but only a visible queue is drawn
                if (root.getParent() == null || root.getParent().isVisible()) {
                    queue.draw(model, now);
                }
            }
        };
    }

    @FXML
    private void initialize() {
        databaseField.textProperty().bindBidirectional(model.databaseUrlProperty());
        Tooltip db = new Tooltip("Where the claim table lives when Store is \"claim table\": empty for the "
                + "in-memory model; \"default\" for an SQLite file in your data folder; or a JDBC URL: "
                + org.idempotencylab.store.JdbcClaimStore.ALLOWED_URLS + ". Reset empties processed_jobs and starts "
                + "the run on it; the Key store tab then shows the rows as read from the database.");
        db.setWrapText(true);
        db.setMaxWidth(420);
        databaseField.setTooltip(db);
        databaseLabel.setTooltip(db);
        databaseField.disableProperty().bind(model.storeProperty().isNotEqualTo(StoreKind.CLAIM_TABLE)
                .or(model.connectingProperty()));
        strategyBox.getItems().setAll(Strategy.ARTICLE);
        strategyBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(Strategy s) {
                return strategyText(s);
            }

            @Override
            public Strategy fromString(String s) {
                return strategyBox.getItems().stream().filter(x -> strategyText(x).equals(s)).findFirst()
                        .orElse(null);
            }
        });
        // the parts can make a strategy that is not one of the article's five: the box then says "custom: …" and
        // its name instead of going blank (the list keeps the five; the button shows whatever will run)
        strategyBox.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Strategy item, boolean empty) {
                super.updateItem(item, empty);
                Strategy s = strategyBox.getValue();
                setText(s == null ? "" : strategyText(s));
            }
        });
        strategyBox.valueProperty().bindBidirectional(model.strategyProperty());
        showStrategy(model.strategyProperty().get());
        model.strategyProperty().addListener((o, was, now) -> showStrategy(now));

        bindings = List.of(
                ParameterBinding.bind(Parameter.P_FAIL, model.form().property(Parameter.P_FAIL), livePFailSlider, livePFailField,
                        SliderScale.PROBABILITY, this::showInputError),
                ParameterBinding.bind(Parameter.LOST_REPLY, model.form().property(Parameter.LOST_REPLY), liveLostReplySlider,
                        liveLostReplyField, SliderScale.PROBABILITY, this::showInputError),
                field(Parameter.MAX_ATTEMPTS, model.form().property(Parameter.MAX_ATTEMPTS), liveAttemptsField, liveAttemptsLabel),
                field(Parameter.JOBS, model.form().property(Parameter.JOBS), liveJobsField, liveJobsLabel),
                field(Parameter.WORKERS, model.form().property(Parameter.WORKERS), workersField, workersLabel),
                field(Parameter.ARRIVAL_RATE, model.form().property(Parameter.ARRIVAL_RATE), arrivalField, arrivalLabel),
                field(Parameter.CALL_MS, model.form().property(Parameter.CALL_MS), callField, callLabel),
                field(Parameter.TTL_MS, model.form().property(Parameter.TTL_MS), ttlField, ttlLabel),
                field(Parameter.PROVIDER_KEY_TTL_MS, model.form().property(Parameter.PROVIDER_KEY_TTL_MS), providerTtlField,
                        providerTtlLabel),
                field(Parameter.SEED, model.form().property(Parameter.SEED), liveSeedField, liveSeedLabel),
                field(Parameter.P_DUPLICATE, model.form().property(Parameter.P_DUPLICATE), repeatField, repeatLabel),
                field(Parameter.DUPLICATE_DELAY_MIN_MS, model.form().property(Parameter.DUPLICATE_DELAY_MIN_MS), repeatDelayField,
                        repeatDelayLabel),
                slider(Parameter.P_CRASH, model.form().property(Parameter.P_CRASH), crashSlider, crashField, crashLabel,
                        SliderScale.PROBABILITY),
                slider(Parameter.RESTART_MS, model.form().property(Parameter.RESTART_MS), restartSlider, restartField,
                        restartLabel, SliderScale.LOG10),
                slider(Parameter.VISIBILITY_TIMEOUT_MS, model.form().property(Parameter.VISIBILITY_TIMEOUT_MS), visibilitySlider,
                        visibilityField, visibilityLabel, SliderScale.LOG10),
                slider(Parameter.LEASE_MS, model.form().property(Parameter.LEASE_MS), leaseSlider, leaseField, leaseLabel,
                        SliderScale.LOG10),
                slider(Parameter.LOCK_TTL_MS, model.form().property(Parameter.LOCK_TTL_MS), lockTtlSlider, lockTtlField,
                        lockTtlLabel, SliderScale.LOG10),
                slider(Parameter.P_DIFFERENT_PAYLOAD, model.form().property(Parameter.P_DIFFERENT_PAYLOAD), payloadSlider,
                        payloadField, payloadLabel, SliderScale.PROBABILITY));
        choice(scopeBox, scopeLabel, RetryScope.values(), model.scopeProperty(), LiveController::scopeText,
                "What a retry repeats: the failed step, the whole job from step 1, or the whole job skipping the "
                        + "steps the store has recorded as finished (needs the in-memory store or the claim table).");
        choice(keyBox, keyLabel, KeyMode.values(), model.keyModeProperty(), LiveController::keyText,
                "The idempotency key the welcome-email step sends the provider. Only a key that reaches the "
                        + "provider stops a second email after a crash.");
        choice(storeBox, storeLabel, StoreKind.values(), model.storeProperty(), LiveViewModel::storeLabel,
                "Where each step records its key. None: every call does its work. In-memory store (first "
                        + "article): a saved result skips the step, but it lives in the worker process and a crash "
                        + "wipes it. Claim table (second article): a durable processed_jobs row, in_progress with a "
                        + "lease or completed with its result; it survives a crash. Lock only: SETNX with a TTL, "
                        + "released at the end; it records no completion.");
        choice(queueBox, queueLabel, QueueKind.values(), queueProperty(), LiveController::queueText,
                "In-memory: the queue dies with the worker process, and its waiting and running jobs are lost. "
                        + "Durable (e.g. SQS): a job not acknowledged within the visibility timeout is delivered "
                        + "again (at-least-once).");
        model.strategyProblemProperty().addListener((o, a, m) -> showInputError(m == null || m.isEmpty() ? null : m));
        crashButton.setTooltip(new Tooltip("The worker process dies now: every worker stops mid-call without "
                + "recording anything, the in-memory store is lost, and the process restarts after the restart "
                + "time. Also: click the Workers box on the queue, or press C."));
        livePFailLabel.setTooltip(livePFailField.getTooltip());
        liveLostReplyLabel.setTooltip(liveLostReplyField.getTooltip());
        pendingLabel.visibleProperty().bind(model.pendingChangesProperty());
        pendingLabel.managedProperty().bind(model.pendingChangesProperty());

        playButton.textProperty().bind(javafx.beans.binding.Bindings.when(model.playingProperty())
                .then("Pause").otherwise("Play"));
        playButton.setTooltip(new Tooltip("Play or pause (Space)"));
        stepButton.setTooltip(new Tooltip("Run exactly one event (→)"));
        resetButton.setTooltip(new Tooltip("Start over from time 0 with the parameters shown and the same seed (R)"));
        speedSlider.valueProperty().addListener((o, a, v) -> {
            double speed = SliderScale.round2(Math.pow(10, v.doubleValue()));
            model.speedProperty().set(Math.max(LiveViewModel.MIN_SPEED, Math.min(LiveViewModel.MAX_SPEED, speed)));
        });
        model.speedProperty().addListener((o, a, v) -> {
            speedLabel.setText(speedText(v.doubleValue()));
            // a speed set by the model (a loaded preset) moves the slider too
            double position = Math.log10(v.doubleValue());
            if (Math.abs(speedSlider.getValue() - position) > 1e-3) {
                speedSlider.setValue(position);
            }
        });
        speedSlider.setTooltip(new Tooltip("Virtual time per real second, 0.1× to 1000× (logarithmic)"));
        speedSlider.setLabelFormatter(null);
        clockLabel.textProperty().bind(model.clockProperty());
        faultBox.setTooltip(new Tooltip("On: clicking a job token makes its next call fail. Off: a click only "
                + "shows the job's history."));

        // the log takes many lines a frame: fixed-height cells keep the list cheap (it has the tab's full width);
        // a job's history is short, so its long lines wrap
        logList.setFixedCellSize(22);
        wrapCells(historyList);
        logList.setItems(model.log());
        model.log().addListener((ListChangeListener<String>) c -> logList.scrollTo(model.log().size() - 1));
        logList.setPlaceholder(new Label("Press Play or Step"));
        historyList.setItems(model.selectedHistory());
        historyList.setPlaceholder(new Label("Click a job token to follow it"));
        model.selectedProperty().addListener((o, a, t) -> {
            historyTitle.setText(t == null ? "Job history: click a job" : "Job history: user_" + t.user());
            if (t != null) {
                detailTabs.getSelectionModel().select(historyTab); // a click on a job shows its story
            }
        });
        model.selectedHistory().addListener((ListChangeListener<String>) c ->
                historyList.scrollTo(model.selectedHistory().size() - 1));

        liveStatusBar.textProperty().bind(model.clockProperty().concat(" virtual time"));
        Label countersLabel = new Label();
        countersLabel.textProperty().bind(model.countersProperty());
        Label rateLabel = new Label();
        rateLabel.textProperty().bind(model.eventsPerSecondProperty());
        Label behindLabel = new Label("falling behind: speed capped by the events per frame");
        behindLabel.getStyleClass().add("input-error");
        behindLabel.visibleProperty().bind(model.behindProperty());
        behindLabel.managedProperty().bind(behindLabel.visibleProperty());
        // the status bar shows what fits on one line whole: numbers never cut, the clock's text gives way first
        endingLabel.textProperty().bind(model.endingProperty());
        endingLabel.visibleProperty().bind(model.endingProperty().isNotEmpty());
        endingLabel.managedProperty().bind(endingLabel.visibleProperty());
        Label failuresLabel = new Label();
        failuresLabel.setId("failuresLabel");
        failuresLabel.getStyleClass().add("failure-counters");
        failuresLabel.textProperty().bind(model.failuresProperty());
        failuresLabel.visibleProperty().bind(model.failuresProperty().isNotEmpty());
        failuresLabel.managedProperty().bind(failuresLabel.visibleProperty());
        for (Label l : List.of(behindLabel, countersLabel, failuresLabel, rateLabel)) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        liveStatusBar.getRightItems().setAll(behindLabel, countersLabel, failuresLabel, rateLabel);
        model.messageProperty().addListener((o, a, m) -> showInputError(m == null || m.isEmpty() ? null : m));

        queue.setOnMouseClicked(e -> {
            if (queue.workersAt(e.getX(), e.getY())) {
                model.crashWorkers();
                return;
            }
            if (queue.providerAt(e.getX(), e.getY())) {
                model.clickProvider();
                return;
            }
            JobToken t = queue.tokenAt(e.getX(), e.getY());
            if (t != null) {
                model.clickJob(t, faultBox.isSelected());
                return;
            }
            long waiting = queue.waitingUserAt(e.getX(), e.getY());
            if (waiting >= 0) {
                model.clickWaiting(waiting, faultBox.isSelected());
            }
        });
        root.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
        model.reset();
        timer.start();
    }

    /** Long log lines wrap inside the list instead of needing a horizontal scroll bar. */
    private static void wrapCells(ListView<String> list) {
        list.setCellFactory(lv -> {
            ListCell<String> cell = new ListCell<>() {
                @Override
                protected void updateItem(String item, boolean empty) {
                    super.updateItem(item, empty);
                    setText(empty ? null : item);
                }
            };
            cell.setWrapText(true);
            cell.prefWidthProperty().bind(lv.widthProperty().subtract(24));
            cell.setMaxWidth(Control.USE_PREF_SIZE);
            return cell;
        });
    }

    private ParameterBinding slider(Parameter p, javafx.beans.property.Property<Object> property, Slider slider,
                                    TextField field, Label label, SliderScale scale) {
        ParameterBinding b = ParameterBinding.bind(p, property, slider, field, scale, this::showInputError);
        label.setTooltip(field.getTooltip());
        return b;
    }

    /** A choice of one strategy part (or the queue), bound both ways, with its text and a tooltip. */
    @SuppressWarnings("unchecked") // the form's queue property only ever holds a QueueKind
    private javafx.beans.property.Property<QueueKind> queueProperty() {
        return (javafx.beans.property.Property<QueueKind>) (javafx.beans.property.Property<?>)
                model.form().property(Parameter.QUEUE);
    }

    private static <T> void choice(ComboBox<T> box, Label label, T[] values, javafx.beans.property.Property<T> value,
                                   java.util.function.Function<T, String> text, String tip) {
        box.getItems().setAll(values);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : text.apply(t);
            }

            @Override
            public T fromString(String s) {
                return box.getItems().stream().filter(t -> text.apply(t).equals(s)).findFirst().orElse(null);
            }
        });
        box.valueProperty().bindBidirectional(value);
        Tooltip tooltip = new Tooltip(tip + " Applies on Reset.");
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(380);
        box.setTooltip(tooltip);
        label.setTooltip(tooltip);
    }

    /** @return the strategy's name; "custom: " and its name when it is not one of the article's five */
    static String strategyText(Strategy s) {
        if (s == null) {
            return "";
        }
        return Strategy.ARTICLE.contains(s) ? s.name() : "custom: " + s.name();
    }

    private void showStrategy(Strategy s) {
        strategyBox.getButtonCell().setText(strategyText(s));
        Tooltip tip = new Tooltip((s == null ? "" : strategyText(s) + ". ") + "What a retry repeats, which key the "
                + "email step sends and which store the steps use: one of the first article's five strategies, or "
                + "the parts chosen under \"Strategy, part by part\". Applies on Reset.");
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        strategyBox.setTooltip(tip);
    }

    static String scopeText(RetryScope s) {
        return switch (s) {
            case EACH_STEP -> "each step";
            case WHOLE_JOB -> "whole job";
            case WHOLE_JOB_SKIP_FINISHED -> "whole job, skip finished";
        };
    }

    static String keyText(KeyMode k) {
        return switch (k) {
            case NONE -> "no key";
            case NEW_PER_CALL -> "new key every call";
            case SAME -> "same key every time";
        };
    }

    static String queueText(QueueKind q) {
        return q == QueueKind.MEMORY ? "in-memory" : "durable";
    }

    private ParameterBinding field(Parameter p, javafx.beans.property.Property<Object> property, TextField field,
                                   Label label) {
        ParameterBinding b = ParameterBinding.bind(p, property, null, field, SliderScale.WHOLE,
                this::showInputError);
        label.setTooltip(field.getTooltip());
        return b;
    }

    /** Space, → and R work anywhere in the view except in a control that needs those keys itself. */
    private void onKey(KeyEvent e) {
        Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
        if (focus instanceof TextInputControl || focus instanceof Slider || focus instanceof ComboBoxBase) {
            return;
        }
        if (e.getCode() == KeyCode.SPACE) {
            togglePlay();
        } else if (e.getCode() == KeyCode.RIGHT) {
            step();
        } else if (e.getCode() == KeyCode.R && !e.isShortcutDown()) {
            reset();
        } else if (e.getCode() == KeyCode.C && !e.isShortcutDown()) {
            crashWorkers();
        } else {
            return;
        }
        e.consume();
    }

    static String speedText(double speed) {
        return (speed < 1 ? String.format(Locale.ROOT, "%.1f", speed)
                : String.format(Locale.ROOT, "%,.0f", speed)) + "×";
    }

    private void showInputError(String message) {
        liveInputError.setText(message == null ? "" : message);
        liveInputError.setVisible(message != null);
        liveInputError.setManaged(message != null);
    }

    @FXML
    private void togglePlay() {
        model.togglePlay();
    }

    @FXML
    private void crashWorkers() {
        model.crashWorkers();
    }

    @FXML
    private void step() {
        model.stepOnce();
    }

    /** Reads fields typed but not yet confirmed, then starts over if they are all valid. */
    @FXML
    private void reset() {
        if (ParameterBinding.commitAll(bindings)) {
            model.reset();
        }
    }

    /** Stops the animation (the window is closing). */
    public void stop() {
        timer.stop();
    }
}
