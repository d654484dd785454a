package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.Property;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.event.EventHandler;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.util.StringConverter;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.SideDrawer;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.charts.StrategyNames;
import org.idempotencylab.ui.form.ParameterPanel;

/**
 * Binds live.fxml to a {@link LiveViewModel}: playback controls and keys, the strategy and its parts, the
 * parameter panel (built from the {@link Parameter} registry), the queue canvas and its clicks, the log and
 * history lists, the status bar. One AnimationTimer advances the view-model and redraws, once per frame.
 */
public final class LiveController {
    /**
     * Parameters the scene needs at hand, shown open with the first article's: who arrives and how many work on
     * them. The others sit in their sections, collapsed.
     */
    static final List<Parameter> OPEN_PARAMETERS = List.of(Parameter.WORKERS, Parameter.ARRIVAL_RATE);
    /** The open section's order: the lesson's rates first, the seed (the run's identity) last. */
    private static final List<Parameter> BASIC_ORDER = List.of(Parameter.P_FAIL, Parameter.LOST_REPLY,
            Parameter.MAX_ATTEMPTS, Parameter.JOBS, Parameter.WORKERS, Parameter.ARRIVAL_RATE, Parameter.SEED);
    private static final Texts TEXTS = Texts.of(LiveController.class);

    private final LiveViewModel model;
    private final Lanes lanes;
    private final AnimationTimer timer;
    private long lastFrameNanos;
    private ParameterPanel parameters;
    private StatusLine status;

    @FXML private BorderPane root;
    @FXML private HBox toolbar;
    @FXML private Label strategyLabel;
    @FXML private HBox speedGroup;
    @FXML private HBox clockGroup;
    @FXML private HBox timelineBar;
    @FXML private ScrollPane parameterScroll;
    @FXML private ToggleButton parametersToggle;
    @FXML private ComboBox<Strategy> strategyBox;
    @FXML private Button playButton;
    @FXML private Slider speedSlider;
    @FXML private Label speedLabel;
    @FXML private Label clockLabel;
    @FXML private Label pendingLabel;
    @FXML private Label liveInputError;
    @FXML private Label endingLabel;
    @FXML private ComboBox<RetryScope> scopeBox;
    @FXML private ComboBox<KeyMode> keyBox;
    @FXML private ComboBox<StoreKind> storeBox;
    @FXML private TextField databaseField;
    @FXML private Tooltip databaseTip;
    @FXML private VBox parameterSlot;
    @FXML private TitledPane strategyPane;
    @FXML private CheckBox faultBox;
    @FXML private QueueCanvas queue;
    @FXML private Slider timeline;
    @FXML private Label timelineLabel;
    @FXML private Button backButton;
    @FXML private SplitPane split;
    @FXML private VBox playArea;
    @FXML private HBox laneHeaderA;
    @FXML private HBox laneHeaderB;
    @FXML private Label laneNameA;
    @FXML private Label laneSummaryA;
    @FXML private CheckBox besideBox;
    @FXML private ComboBox<Strategy> secondStrategyBox;
    @FXML private Label laneSummaryB;
    @FXML private LaneStrip laneStrip;
    @FXML private Label differenceLabel;
    @FXML private SplitPane detailSplit;
    @FXML private TabPane detailTabs;
    @FXML private Tab historyTab;
    @FXML private ListView<String> logList;
    @FXML private Label historyTitle;
    @FXML private ListView<String> historyList;
    @FXML private StatusBar liveStatusBar;
    @FXML private VBox statusArea;
    @FXML private Label captionLabel;
    @FXML private ToggleButton codeToggle;
    @FXML private SplitPane playSplit;
    @FXML private CodePanel codePanel;
    // what the code panel and the caption last showed: they are redrawn at most once a frame, when one changed
    private long storyVersion = -1;
    private Strategy storyChosen;
    private JobToken storyJob;

    /** Most real time one animation frame plays, ns: 100 ms (a frame is about 16 ms). */
    static final long MAX_FRAME_NANOS = 100_000_000L;
    /**
     * Least real time from the end of one seek to the next while the timeline's thumb is dragged, ns (one more
     * comes on release): a seek replays the run on the FX thread, so frames are drawn in between.
     */
    static final long DRAG_SEEK_NANOS = 120_000_000L;
    private boolean timelineFollows;  // the thumb is being moved to the clock, not by a person
    private long lastDragSeekNanos;

    public LiveController(LiveViewModel model) {
        this.model = model;
        this.lanes = model.lanes();
        this.timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                // a frame late because the FX thread was busy (a tab being built, a dialog) moves the run by at
                // most MAX_FRAME_NANOS: the run slows for a moment instead of jumping past what the class watches
                long elapsed = lastFrameNanos == 0 ? 0 : Math.min(now - lastFrameNanos, MAX_FRAME_NANOS);
                lastFrameNanos = now;
                lanes.frame(elapsed, now); // lane A's own frame, or both lanes on one clock
                // a run goes on while another tab is shown, but only a visible queue is drawn
                if (root.getParent() == null || root.getParent().isVisible()) {
                    queue.draw(model, now);
                    showStory();
                    if (lanes.activeProperty().get()) {
                        laneStrip.draw(lanes);
                    }
                }
            }
        };
    }

    /** The window's keys for this view (one handler, so the scene it leaves can drop it again). */
    private final EventHandler<KeyEvent> keys = this::onKey;

    /**
     * The least width the queue keeps beside the parameters, in px: its own least width (640) and a margin; the
     * code panel's readable width comes on top while it is shown. A narrower view sets the parameters
     * aside behind the toolbar's Parameters button rather than cut the queue off or push the code under it.
     */
    static final double QUEUE_ROOM = 660;
    /** Least width the code panel is put beside the queue with, px (its lines scroll sideways below their length). */
    static final double CODE_MIN_WIDTH = 240;

    /**
     * After every layout pass: the parameters, the toolbar, the code panel, the tabs below the play area, lane B's
     * box and the status bar each take the place the view's size leaves them ({@link #fitParameters},
     * {@link #fitToolbar}, {@link #fitStrategyName}, {@link #placeCode}, {@link #fitDetails}, {@link #fitSecondLane},
     * {@link StatusLine#fit}).
     * After the pass, never inside it; each moves a node only when its place changes, so the pass that follows finds
     * all in place.
     */
    private final Runnable fit = () -> {
        fitParameters();
        fitToolbar();
        fitStrategyName();
        placeCode();
        fitDetails();
        fitSecondLane();
        status.fit();
    };

    /**
     * The parameters beside the queue and the code while there is room for all three, the code's lines read whole
     * ({@link CodePanel#readableWidth}: 1280 px with no note, in normal mode); else set aside, and opened over the
     * queue's left part while the Parameters button asks ({@link SideDrawer}).
     */
    private void fitParameters() {
        double panel = parameterScroll.prefWidth(-1);
        double code = Math.max(CODE_MIN_WIDTH, codePanel.readableWidth());
        double room = QUEUE_ROOM + (codeToggle.isSelected() ? code : 0);
        boolean narrow = root.getWidth() > 0 && root.getWidth() < panel + room;
        if (parametersToggle.isVisible() != narrow) {
            parametersToggle.setVisible(narrow);
            parametersToggle.setManaged(narrow);
        }
        // asked for in a narrow view: a drawer over the queue's left part, so the queue, the code and the status
        // bar keep their places (beside the queue there is no room: it would push them out of the window)
        parametersAside.place(!narrow, parametersToggle.isSelected());
    }

    /** The parameters beside the queue, or set aside and opened over it (built in {@link #initialize}). */
    private SideDrawer parametersAside;

    /** The clock stands in the timeline bar, beside the timeline (see {@link #fitToolbar}). */
    private final BooleanProperty clockBesideTimeline = new SimpleBooleanProperty();

    /**
     * One toolbar row whatever the width (1024 px with a note, presentation mode): the strategy box gives way
     * down to its least width; where the row still has no room, Speed and then the clock go to the end of the
     * timeline bar under the play area (Speed first: the clock is what a class reads), and last the word
     * "Strategy" steps aside (the box's tooltip still says it); all come back with the room. Their least widths
     * do not change as they run (style: speed-value, clock), so neither does their place.
     */
    private void fitToolbar() {
        double width = toolbar.getWidth();
        if (width <= 0) {
            return;
        }
        double spacing = toolbar.getSpacing();
        double row = toolbar.snappedLeftInset() + toolbar.snappedRightInset() - spacing;
        for (Node n : toolbar.getChildren()) {
            if (n.isManaged() && n != speedGroup && n != clockGroup && n != strategyLabel) {
                row += n.minWidth(-1) + spacing;
            }
        }
        double label = strategyLabel.minWidth(-1) + spacing;
        double clock = clockGroup.minWidth(-1) + spacing;
        boolean labelShown = row + label <= width;
        boolean clockUp = row + label + clock <= width;
        boolean speedUp = row + label + clock + speedGroup.minWidth(-1) + spacing <= width;
        if (strategyLabel.isManaged() != labelShown) {
            strategyLabel.setVisible(labelShown);
            strategyLabel.setManaged(labelShown);
        }
        HBox speedTo = speedUp ? toolbar : timelineBar;
        HBox clockTo = clockUp ? toolbar : timelineBar;
        if (speedGroup.getParent() != speedTo || clockGroup.getParent() != clockTo) {
            toolbar.getChildren().removeAll(speedGroup, clockGroup);
            timelineBar.getChildren().removeAll(speedGroup, clockGroup);
            speedTo.getChildren().add(speedGroup);
            clockTo.getChildren().add(clockGroup);
            clockBesideTimeline.set(!clockUp);
        }
    }

    @FXML
    private void initialize() {
        parametersAside = new SideDrawer(root, parameterScroll);
        parametersToggle.selectedProperty().addListener(o -> fit.run());
        bindStrategy();
        bindParameters();
        bindPlayback();
        bindTimeline();
        bindLists();
        status = new StatusLine(liveStatusBar, statusArea, model);
        bindMessages();
        bindStory();
        bindLanes();
        queue.setOnMouseClicked(this::onQueueClicked);
        laneStrip.setOnMouseClicked(this::onStripClicked);
        // Space, →, ←, R and C act from anywhere in the window while this view is shown (a focused slider, box or tab
        // header included), not only from the play area: a teacher need not click into it first
        root.sceneProperty().addListener((o, was, scene) -> {
            if (was != null) {
                was.removeEventFilter(KeyEvent.KEY_PRESSED, keys);
                was.removePostLayoutPulseListener(fit);
            }
            if (scene != null) {
                scene.addEventFilter(KeyEvent.KEY_PRESSED, keys);
                scene.addPostLayoutPulseListener(fit);
            }
        });
        if (model.simulation() == null) {
            model.reset(); // a run loaded or started before the view was built (a preset, the opening) goes on
        }
        timer.start();
    }

    /** The toolbar's strategy and its three parts. */
    private void bindStrategy() {
        strategyBox.getItems().setAll(Strategy.ARTICLE);
        strategyBox.setConverter(converter(strategyBox.getItems(), StrategyParts::name));
        // the parts can make a strategy that is not one of the article's five: the box then says "custom: …" and
        // its name instead of going blank (the list keeps the five; the button shows whatever will run)
        strategyBox.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Strategy item, boolean empty) {
                super.updateItem(item, empty);
                setText(strategyText(strategyBox.getValue()));
            }
        });
        strategyBox.valueProperty().bindBidirectional(model.strategyProperty());
        showStrategy(model.strategyProperty().get());
        model.strategyProperty().addListener((o, was, now) -> showStrategy(now));
        choice(scopeBox, RetryScope.values(), model.scopeProperty());
        choice(keyBox, KeyMode.values(), model.keyModeProperty());
        choice(storeBox, StoreKind.values(), model.storeProperty());
        databaseField.textProperty().bindBidirectional(model.databaseUrlProperty());
        databaseField.disableProperty().bind(model.storeProperty().isNotEqualTo(StoreKind.CLAIM_TABLE)
                .or(model.connectingProperty()));
        databaseTip.setText(TEXTS.format("tip.database", JdbcClaimStore.ALLOWED_URLS));
    }

    /**
     * @return {@code s}'s name as the toolbar's box has room for it: whole, else its short name ("whole job, skip
     *         finished"); a strategy made of parts, its short name with "custom: ", then without, then "custom
     *         strategy" (its parts are under Advanced); never cut with "…" (the tooltip says it whole)
     */
    private String strategyText(Strategy s) {
        String name = StrategyParts.name(s);
        if (s == null) {
            return name;
        }
        List<String> forms = Strategy.ARTICLE.contains(s) ? List.of(name, StrategyNames.shortName(s))
                : List.of(name, TEXTS.format("strategy.custom", StrategyNames.shortName(s)),
                        StrategyNames.shortName(s), TEXTS.get("strategy.customAlone"));
        return FittedText.longest(forms, strategyBox.getButtonCell().getFont(), strategyRoom);
    }

    /** The room the toolbar's strategy box leaves its words, px; 0 before the first layout. */
    private double strategyRoom;
    /** The type and the strategy the box's words were last fitted for. */
    private Font strategyFont;
    private Strategy strategyFitted;

    /** The toolbar box's words in the room it has now (see {@link #strategyText}). */
    private void fitStrategyName() {
        ListCell<Strategy> cell = strategyBox.getButtonCell();
        Node arrow = strategyBox.lookup(".arrow-button");
        if (arrow == null || strategyBox.getWidth() <= 0) {
            return;
        }
        double room = strategyBox.getWidth() - strategyBox.snappedLeftInset() - strategyBox.snappedRightInset()
                - arrow.getLayoutBounds().getWidth() - cell.snappedLeftInset() - cell.snappedRightInset();
        Font font = cell.getFont();
        if (room == strategyRoom && font == strategyFont && strategyBox.getValue() == strategyFitted) {
            return; // as fitted after the last pass: this runs after every pulse's layout, while playing too
        }
        strategyRoom = room;
        strategyFont = font;
        strategyFitted = strategyBox.getValue();
        String text = strategyText(strategyFitted);
        if (!text.equals(cell.getText())) {
            cell.setText(text);
        }
    }

    private void showStrategy(Strategy s) {
        String name = StrategyParts.name(s);
        strategyBox.getButtonCell().setText(strategyText(s));
        Tooltip tip = new Tooltip(TEXTS.format("tip.strategy", name));
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        strategyBox.setTooltip(tip);
    }

    /** A list of one strategy part, bound both ways, showing the part's words. */
    private static <T extends Choice> void choice(ComboBox<T> box, T[] values, Property<T> value) {
        box.getItems().setAll(values);
        box.setConverter(converter(box.getItems(), StrategyParts::label));
        box.valueProperty().bindBidirectional(value);
    }

    private static <T> StringConverter<T> converter(List<T> items, Function<T, String> text) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : text.apply(t);
            }

            @Override
            public T fromString(String s) {
                return items.stream().filter(t -> text.apply(t).equals(s)).findFirst().orElse(null);
            }
        };
    }

    /**
     * The parameter panel, from the registry: the first article's parameters and {@link #OPEN_PARAMETERS} open,
     * then one "Advanced" pane, collapsed, with the strategy's parts and every other section; its title counts the
     * values that differ from the registry's defaults (as Compare's does), so a preset's change shows while
     * collapsed. A refused value shows its message under the toolbar.
     */
    private void bindParameters() {
        List<Parameter> shown = new ArrayList<>(BASIC_ORDER);
        Stream.of(Parameter.values()).filter(p -> !shown.contains(p)).forEach(shown::add);
        parameters = ParameterPanel.build(model.form(), shown, OPEN_PARAMETERS, "live", this::showInputError);
        parameters.addAdvancedSection(0, strategyPane);
        parameters.showChangesFrom(Scenario.article());
        parameterSlot.getChildren().setAll(parameters.node());
        pendingLabel.visibleProperty().bind(model.pendingChangesProperty());
        pendingLabel.managedProperty().bind(model.pendingChangesProperty());
    }

    private void bindPlayback() {
        playButton.textProperty().bind(Bindings.when(model.playingProperty())
                .then(TEXTS.get("toolbar.pause")).otherwise(TEXTS.get("toolbar.play")));
        speedSlider.setLabelFormatter(null);
        speedSlider.valueProperty().addListener((o, a, v) -> model.speedProperty().set(
                Playback.speedAt(v.doubleValue())));
        speedLabel.textProperty().bind(Bindings.createStringBinding(
                () -> Playback.speedText(model.speedProperty().get()), model.speedProperty()));
        // a speed set by the model (a loaded preset) moves the slider too
        model.speedProperty().addListener((o, a, v) -> {
            double position = Math.log10(v.doubleValue());
            if (Math.abs(speedSlider.getValue() - position) > 1e-3) {
                speedSlider.setValue(position);
            }
        });
        clockLabel.textProperty().bind(model.clockProperty());
    }

    /**
     * The timeline under the play area: its range is 0 to as far as the run has reached, its thumb follows the
     * clock (but not while a person drags it), and moving it seeks: while dragging at most every
     * {@link #DRAG_SEEK_NANOS} (a seek replays the run, so the window stays responsive), and once more on release;
     * a click on the track seeks at once. With the claim table on a database it is off, and its label says why.
     */
    private void bindTimeline() {
        model.reachMsProperty().addListener(o -> followTheClock());
        model.timeMsProperty().addListener(o -> followTheClock());
        followTheClock();
        timeline.valueProperty().addListener((o, was, now) -> {
            if (timelineFollows) {
                return;
            }
            if (!timeline.isValueChanging() || System.nanoTime() - lastDragSeekNanos >= DRAG_SEEK_NANOS) {
                seekToThumb();
                lastDragSeekNanos = System.nanoTime(); // from the seek's end: the window gets its frames between
            }
        });
        timeline.valueChangingProperty().addListener((o, was, dragging) -> {
            if (!dragging) {
                seekToThumb(); // released: where the thumb was let go
            }
        });
        BooleanBinding off = model.timelineOffProperty().isNotEmpty();
        timeline.disableProperty().bind(off);
        backButton.disableProperty().bind(off);
        timelineLabel.textProperty().bind(Bindings.createStringBinding(() -> off.get()
                ? model.timelineOffProperty().get()
                : TEXTS.format("timeline.time", VirtualTime.format(model.timeMsProperty().get()),
                        VirtualTime.format(model.reachMsProperty().get())),
                model.timelineOffProperty(), model.timeMsProperty(), model.reachMsProperty()));
        Tooltip why = new Tooltip();
        why.setWrapText(true);
        why.setMaxWidth(420);
        why.textProperty().bind(model.timelineOffProperty());
        timelineLabel.tooltipProperty().bind(Bindings.when(off).then(why).otherwise((Tooltip) null));
        // the time's digits never give way; a reason for being off may end in "…" (its tooltip has it whole)
        timelineLabel.minWidthProperty().bind(Bindings.when(off).then(0.0).otherwise(Region.USE_PREF_SIZE));
        // the clock beside the timeline says its time: the label then only says why the timeline is off
        timelineLabel.visibleProperty().bind(off.or(clockBesideTimeline.not()));
        timelineLabel.managedProperty().bind(timelineLabel.visibleProperty());
    }

    /** The range to the run's reach, the thumb to its clock (unless a person holds it): no seek. */
    private void followTheClock() {
        timelineFollows = true;
        try {
            timeline.setMax(Math.max(1, model.reachMsProperty().get()));
            if (!timeline.isValueChanging()) {
                timeline.setValue(model.timeMsProperty().get());
            }
        } finally {
            timelineFollows = false;
        }
    }

    /** Seeks to where the thumb stands, unless the clock is there already. */
    private void seekToThumb() {
        long target = Math.round(timeline.getValue());
        if (target != model.timeMsProperty().get()) {
            lanes.seek(target);
        }
    }

    /** The event log and the followed job's history, each kept scrolled to its latest line. */
    private void bindLists() {
        logList.setItems(model.log());
        scrollToEnd(logList, model.log());
        wrapCells(historyList); // a job's history is short: its long lines wrap
        historyList.setItems(model.selectedHistory());
        scrollToEnd(historyList, model.selectedHistory());
        historyTitle.textProperty().bind(Bindings.createStringBinding(() -> model.selectedProperty().get() == null
                ? TEXTS.get("history.none") : TEXTS.format("history.of", model.selectedProperty().get().user()),
                model.selectedProperty()));
        model.selectedProperty().addListener((o, a, t) -> {
            if (t != null) {
                detailTabs.getSelectionModel().select(historyTab); // a click on a job shows its story
            }
        });
    }

    /**
     * Keeps {@code list} scrolled to its newest line. The list's skin counts new lines only when it lays out, so a
     * scroll asked for inside the change landed on the line count before it, and {@code ListView.scrollTo} of the
     * last line can stop a line short: while playing the next frame hid it, but while paused a step's new line
     * stayed out of sight below the edge. So the scroll runs after the change, once the list is laid out, to the
     * flow's very end; many changes in one frame scroll once.
     */
    private static void scrollToEnd(ListView<String> list, ObservableList<String> lines) {
        boolean[] queued = {false};
        lines.addListener((ListChangeListener<String>) c -> {
            if (queued[0]) {
                return;
            }
            queued[0] = true;
            Platform.runLater(() -> {
                queued[0] = false;
                if (lines.isEmpty()) {
                    return;
                }
                list.layout(); // the skin counts the list's new lines only when it lays out
                // to the very end: ListView.scrollTo(last line) may stop a line short, the last one below the edge
                if (list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
                    flow.setPosition(1);
                    list.requestLayout();
                } else {
                    list.scrollTo(lines.size() - 1);
                }
            });
        });
    }

    /** Long lines wrap inside the list instead of needing a horizontal scroll bar. */
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

    /** Under the toolbar: the run's ending, and the last refused value or message. */
    private void bindMessages() {
        endingLabel.textProperty().bind(model.endingProperty());
        endingLabel.visibleProperty().bind(model.endingProperty().isNotEmpty());
        endingLabel.managedProperty().bind(endingLabel.visibleProperty());
        model.messageProperty().addListener((o, a, m) -> showInputError(m));
        model.strategyProblemProperty().addListener((o, a, m) -> showInputError(m));
    }

    /**
     * The code panel beside the queue, shown or hidden by its toggle, as wide as its longest line where the queue
     * keeps its least width, else narrower (its lines then scroll sideways). Beside the canvas when the play area
     * has room for the canvas's least width and {@link #CODE_MIN_WIDTH} (the parameters step aside for it, see
     * {@link #fitParameters}); else (1024 px with a note) under the play area beside the tabs, where it shows at
     * least the lit line. The canvas takes the width a resize adds.
     */
    private void bindStory() {
        SplitPane.setResizableWithParent(codePanel, false);
        codeToggle.selectedProperty().addListener((o, was, on) -> fit.run());
        showStory();
    }

    /** The split width and the code's own width the code panel was last sized for (see {@link #placeCode}). */
    private double codeSizedFor;
    private double codeSizedTo;

    /**
     * Puts the code panel where it fits (see {@link #bindStory}), or nowhere while its toggle is off, and sizes it
     * again when the split's width or its own (a strategy's program, presentation mode's type) changed since.
     */
    private void placeCode() {
        double w = split.getWidth();
        if (w <= 0) {
            return;
        }
        boolean beside = w >= queue.minWidth(-1) + CODE_MIN_WIDTH;
        SplitPane want = !codeToggle.isSelected() ? null : beside ? playSplit : detailSplit;
        SplitPane now = playSplit.getItems().contains(codePanel) ? playSplit
                : detailSplit.getItems().contains(codePanel) ? detailSplit : null;
        double lines = codePanel.prefWidth(-1);
        if (want == now && (want == null || (w == codeSizedFor && lines == codeSizedTo))) {
            return;
        }
        if (want != now && now != null) {
            now.getItems().remove(codePanel);
        }
        if (want != null) {
            if (want != now) {
                want.getItems().add(codePanel);
            }
            // as wide as its longest line (larger in presentation mode), as far as the canvas keeps its least width
            double room = want == playSplit ? w - queue.minWidth(-1) : w / 2;
            double code = Math.max(CODE_MIN_WIDTH, Math.min(lines + 16, room));
            want.setDividerPositions(Math.max(0, Math.min(1, (w - code) / w)));
            codeSizedFor = w;
            codeSizedTo = lines;
        }
    }

    /** Least height the tabs below the play area are shown in, px: their headers and two rows of a table. */
    static final double DETAILS_LEAST = 96;

    /**
     * The key store, log and history tabs below the play area where the play area leaves them
     * {@link #DETAILS_LEAST}; else (two lanes at 1280 × 720) they step aside rather than show a strip of cut-off
     * headers, and the code panel, when it sits below, takes the whole row and all the height the play area leaves
     * (the canvas keeps its least): the more whole lines of code around the lit one. Less room than the code's one
     * line, or nothing left below: the play area takes the whole height.
     */
    private void fitDetails() {
        // at the play area's width: the lanes' lines wrapped there take their lines
        double least = playArea.minHeight(playArea.getWidth());
        double room = split.getHeight() - least - DIVIDER;
        boolean tabs = split.getHeight() <= 0 || room >= DETAILS_LEAST;
        if (tabs != detailSplit.getItems().contains(detailTabs)) {
            if (tabs) {
                detailSplit.getItems().add(0, detailTabs);
                codeSizedFor = 0; // the code beside them is sized again
            } else {
                detailSplit.getItems().remove(detailTabs);
            }
        }
        // the code alone below gets at least its one line and a sideways scroll bar, else it steps aside too (a
        // crash's two-line caption at 1024 px in presentation mode): the status bar stays in the window
        boolean codeFits = split.getHeight() <= 0 || room >= codePanel.minHeight(-1) + CODE_SCROLL_BAR;
        boolean below = !detailSplit.getItems().isEmpty() && (tabs || codeFits);
        if (below != split.getItems().contains(detailSplit)) {
            if (below) {
                split.getItems().add(detailSplit);
                split.setDividerPositions(lanes.activeProperty().get() ? TWO_LANES_DIVIDER : ONE_LANE_DIVIDER);
            } else {
                split.getItems().remove(detailSplit);
            }
        }
        boolean codeAlone = below && !tabs;
        if (codeAlone && (split.getHeight() != codeAloneFor || least != codeAloneLeast)) {
            split.setDividerPositions(least / split.getHeight()); // the split keeps the play area's least height
            codeAloneFor = split.getHeight();
            codeAloneLeast = least;
        } else if (!codeAlone) {
            codeAloneFor = 0;
        }
    }

    /** Room for the code strip's sideways scroll bar, px (its lines scroll sideways in a narrow strip). */
    private static final double CODE_SCROLL_BAR = 14;

    /** The split height and the play area's least height the code alone below was last sized for. */
    private double codeAloneFor;
    private double codeAloneLeast;

    /** A split pane's divider, px (modena: 3 px of padding on each side of a line). */
    private static final double DIVIDER = 7;

    /**
     * The code panel and the caption tell the last moment of the followed job (the selected one, else the job of
     * the latest event), for the strategy chosen: redrawn once a frame at most, and only when the run moved (a
     * step, a frame played, a click, a Reset, a seek), the strategy changed or another job is followed. What they
     * show depends on the job's events up to now alone.
     */
    private void showStory() {
        Strategy chosen = model.strategyProperty().get();
        JobToken job = model.storyJob();
        if (model.version() == storyVersion && chosen == storyChosen && job == storyJob) {
            return;
        }
        storyVersion = model.version();
        storyChosen = chosen;
        storyJob = job;
        Strategy running = model.simulation() == null ? null : model.simulation().strategy();
        List<SimulationEvent> history = job == null ? List.of() : job.history();
        String who = job == null ? null : EventText.user(job.user(), job.repeat());
        codePanel.show(chosen, running, who, job != null && job == model.selectedProperty().get(), history);
        List<String> caption = running == null || history.isEmpty() ? List.of("") : Caption.forms(running, history);
        captionText.set(caption.get(0).isEmpty() ? List.of(TEXTS.get("caption.none")) : caption);
    }

    /**
     * The caption's words: the longest form that fits the bar on one line, else the shortest wrapped onto a second
     * (never cut with "…").
     */
    private final ObjectProperty<List<String>> captionText =
            new SimpleObjectProperty<>(List.of(TEXTS.get("caption.none")));

    /** Shows {@code message} under the toolbar; null or "" hides it. */
    private void showInputError(String message) {
        boolean shown = message != null && !message.isEmpty();
        liveInputError.setText(shown ? message : "");
        liveInputError.setVisible(shown);
        liveInputError.setManaged(shown);
    }

    /**
     * A click on the queue: the workers crash, the provider loses its next reply, or a job is followed (in both
     * lanes when two play).
     */
    private void onQueueClicked(MouseEvent e) {
        if (queue.workersAt(e.getX(), e.getY())) {
            lanes.crashWorkers();
            return;
        }
        if (queue.providerAt(e.getX(), e.getY())) {
            lanes.clickProvider();
            return;
        }
        JobToken t = queue.tokenAt(e.getX(), e.getY());
        if (t != null) {
            lanes.clickUser(t.user(), t.repeat(), faultBox.isSelected());
            return;
        }
        long waiting = queue.waitingUserAt(e.getX(), e.getY());
        if (waiting >= 0) {
            lanes.clickUser(waiting, false, faultBox.isSelected());
        }
    }

    /** A click on the second lane: the same as on the first, in both lanes. */
    private void onStripClicked(MouseEvent e) {
        if (laneStrip.workersAt(e.getX(), e.getY())) {
            lanes.crashWorkers();
        } else if (laneStrip.providerAt(e.getX(), e.getY())) {
            lanes.clickProvider();
        } else {
            JobToken t = laneStrip.tokenAt(e.getX(), e.getY());
            if (t != null) {
                lanes.clickUser(t.user(), t.repeat(), faultBox.isSelected());
            }
        }
    }

    /** Where the divider sits with one lane (the key store gets the rest) and with two (the lanes need room). */
    private static final double ONE_LANE_DIVIDER = 0.6;
    private static final double TWO_LANES_DIVIDER = 0.84;

    /**
     * The second lane: its switch and strategy under the queue, and, while two lanes play, the lanes' names and
     * summaries, lane B drawn compact, the difference line and the envelopes that differ marked "≠" on both.
     */
    private void bindLanes() {
        secondStrategyBox.getItems().setAll(secondLaneChoices(lanes.secondStrategyProperty().get()));
        secondStrategyBox.setConverter(converter(secondStrategyBox.getItems(), StrategyNames::shortName));
        secondStrategyBox.valueProperty().bindBidirectional(lanes.secondStrategyProperty());
        lanes.secondStrategyProperty().addListener((o, was, now) -> {
            if (now != null && !secondStrategyBox.getItems().contains(now)) {
                secondStrategyBox.getItems().add(now); // a preset's own (a fix with its settings)
            }
        });
        besideBox.selectedProperty().bindBidirectional(lanes.secondOnProperty());
        besideBox.setAccessibleText(TEXTS.get("lane.besideIt")); // also when its words step aside
        besideBox.disableProperty().bind(lanes.availableProperty().not());
        secondStrategyBox.disableProperty().bind(lanes.availableProperty().not());
        Tooltip tip = new Tooltip();
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        tip.textProperty().bind(Bindings.when(lanes.availableProperty()).then(TEXTS.get("tip.besideIt"))
                .otherwise(TEXTS.get("tip.besideItDatabase")));
        besideBox.setTooltip(tip);
        secondStrategyBox.setTooltip(tip);
        // with the box off and greyed, its tooltip still has to say why: the row shows it too
        Tooltip.install(besideBox.getParent(), tip);
        var on = lanes.activeProperty();
        for (Node n : List.of(laneHeaderA, laneStrip, differenceLabel, laneSummaryB)) {
            n.visibleProperty().bind(on);
            n.managedProperty().bind(on);
        }
        laneNameA.textProperty().bind(lanes.nameAProperty());
        // the box is lane B's label: "B · each step, same key" while two lanes play
        secondStrategyBox.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Strategy item, boolean empty) {
                super.updateItem(item, empty);
                setText(laneBText(item));
            }
        });
        lanes.nameBFormsProperty().addListener((o, was, now) -> fitSecondLane());
        lanes.activeProperty().addListener((o, was, now) -> fitSecondLane());
        // numbers first, whole: a shorter form where the row is narrow, else wrapped onto a second line
        FittedText.bind(laneSummaryA, lanes.summaryAFormsProperty());
        FittedText.bind(captionLabel, captionText);
        FittedText.bind(laneSummaryB, lanes.summaryBFormsProperty());
        FittedText.bind(differenceLabel, lanes.differenceFormsProperty());
        queue.setEnvelopeMark(e -> lanes.differs(model, e));
        on.addListener((o, was, now) -> split.setDividerPositions(now ? TWO_LANES_DIVIDER : ONE_LANE_DIVIDER));
        if (on.get()) {
            split.setDividerPositions(TWO_LANES_DIVIDER);
        }
    }

    /** Px lane B's box has for its text (see {@link #fitSecondLane}); unknown before the first layout. */
    private double laneBRoom;

    /**
     * @return the second lane's box: lane B's name while two lanes play, else the strategy it would run; the
     *         longest form that fits {@link #laneBRoom}
     */
    private String laneBText(Strategy s) {
        if (s == null) {
            return "";
        }
        List<String> forms = lanes.activeProperty().get() && !lanes.nameBProperty().get().isEmpty()
                ? lanes.nameBFormsProperty().get() : List.of(StrategyNames.shortName(s));
        return FittedText.longest(forms, secondStrategyBox.getButtonCell().getFont(), laneBRoom);
    }

    /**
     * Lane B's row: its box as wide as its text, up to half the row beside its switch while two lanes play (the
     * summary keeps the other half), the whole row otherwise; a name too long for that shows a shorter form
     * ({@link Lanes#nameForms}). The switch's words step aside where that keeps the summary on one line (its tooltip
     * still says them), as the toolbar's "Strategy" does: a second line would cost the play area its height.
     */
    private void fitSecondLane() {
        ListCell<Strategy> cell = secondStrategyBox.getButtonCell();
        Node arrow = secondStrategyBox.lookup(".arrow-button");
        String besideIt = TEXTS.get("lane.besideIt");
        double words = FittedText.width(besideIt, besideBox.getFont()) + besideBox.getGraphicTextGap();
        double spacing = laneHeaderB.getSpacing();
        // the room beside the switch with its words, whether they show now or not
        double row = laneHeaderB.getWidth() - laneHeaderB.snappedLeftInset() - laneHeaderB.snappedRightInset()
                - besideBox.getWidth() - (besideBox.getText().isEmpty() ? words : 0) - spacing;
        if (arrow == null || row <= 0) {
            return;
        }
        double frame = secondStrategyBox.snappedLeftInset() + secondStrategyBox.snappedRightInset()
                + arrow.prefWidth(-1) + cell.snappedLeftInset() + cell.snappedRightInset();
        boolean active = lanes.activeProperty().get();
        double most = active ? (row - spacing) / 2 : row;
        laneBRoom = most - frame;
        String text = laneBText(secondStrategyBox.getValue());
        double width = Math.ceil(frame + FittedText.width(text, cell.getFont())) + 1;
        if (!text.equals(cell.getText())) {
            cell.setText(text);
        }
        if (secondStrategyBox.getPrefWidth() != width) {
            secondStrategyBox.setMinWidth(width);
            secondStrategyBox.setPrefWidth(width);
        }
        List<String> summary = lanes.summaryBFormsProperty().get();
        double need = FittedText.width(summary.get(summary.size() - 1), laneSummaryB.getFont())
                + laneSummaryB.snappedLeftInset() + laneSummaryB.snappedRightInset();
        double left = row - width - spacing;
        boolean wordsShown = !active || left >= need || left + words < need;
        if (wordsShown == besideBox.getText().isEmpty()) {
            besideBox.setText(wordsShown ? besideIt : "");
        }
    }

    /** @return what the second lane offers: the article's five, the claim table's, and {@code current} */
    private static List<Strategy> secondLaneChoices(Strategy current) {
        List<Strategy> all = new ArrayList<>(Strategy.ARTICLE);
        all.add(Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE));
        all.add(Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.NONE, StoreKind.MEMORY));
        if (current != null && !all.contains(current)) {
            all.add(current);
        }
        return all;
    }

    /** Space, →, ←, R and C work anywhere in the view except in a control that needs those keys itself. */
    private void onKey(KeyEvent e) {
        Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
        // a text field keeps its keys; so does the window while another tab is shown
        if (focus instanceof TextInputControl || e.isAltDown() || !shown()) {
            return;
        }
        if (e.getCode() == KeyCode.SPACE) {
            togglePlay();
        } else if (e.getCode() == KeyCode.RIGHT) {
            step();
        } else if (e.getCode() == KeyCode.LEFT) {
            stepBack();
        } else if (e.getCode() == KeyCode.R && !e.isShortcutDown()) {
            reset();
        } else if (e.getCode() == KeyCode.C && !e.isShortcutDown()) {
            crashWorkers();
        } else {
            return;
        }
        e.consume();
    }

    /** @return whether this view is on screen: the window's root, or the content of the selected tab */
    private boolean shown() {
        return root.getScene() != null && (root.getParent() == null || root.getParent().isVisible());
    }

    @FXML
    private void togglePlay() {
        lanes.togglePlay();
    }

    @FXML
    private void crashWorkers() {
        lanes.crashWorkers();
    }

    @FXML
    private void step() {
        lanes.step();
    }

    @FXML
    private void stepBack() {
        lanes.stepBack();
    }

    /** Reads fields typed but not yet confirmed, then starts over if they are all valid. */
    @FXML
    private void reset() {
        if (parameters.commitAll()) {
            lanes.reset();
        }
    }

    /** @return the parameter panel (tests find its sections and fields). */
    ParameterPanel parameters() {
        return parameters;
    }

    /** Stops the animation (the window is closing). */
    public void stop() {
        timer.stop();
    }
}
