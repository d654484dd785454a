package org.idempotencylab.ui.live;

import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import javafx.beans.value.ObservableValue;
import javafx.event.EventHandler;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.idempotencylab.ui.form.ParameterPanel;

/**
 * Binds live.fxml to a {@link LiveViewModel} and wires its parts, each a view of its own with a thin controller
 * (live-*.fxml, included): the toolbar ({@link LiveToolbarController}), the messages under it
 * ({@link LiveMessagesController}), the parameters ({@link LiveParametersController}), the caption over the queue
 * ({@link LiveCaptionController}) and the story so far under it ({@link LiveStoryController}), lane B
 * ({@link LiveSecondLaneController}), the timeline ({@link LiveTimelineController}), the tabs below ({@link LiveDetailsController}) and the status bar
 * ({@link LiveStatusController}). Its own: the queue (lane A) and its clicks, lane A's header, the code panel, the
 * view's keys, where the parts go for the room there is ({@link LiveFit}), and one AnimationTimer that advances the
 * run and redraws, once per frame.
 */
public final class LiveController {
    /** Most real time one animation frame plays, ns: 100 ms (a frame is about 16 ms). */
    static final long MAX_FRAME_NANOS = 100_000_000L;

    private final LiveViewModel model;
    private final Lanes lanes;
    private final AnimationTimer timer;
    private long lastFrameNanos;
    /** Whether the view's window shows: the animation runs while it does (held here, so its listener stays). */
    private ObservableValue<Boolean> showing;

    @FXML private BorderPane root;
    @FXML private ScrollPane parameters;
    @FXML private SplitPane split;
    @FXML private VBox playArea;
    @FXML private HBox laneHeaderA;
    @FXML private Label laneNameA;
    @FXML private Label laneSummaryA;
    @FXML private SplitPane playSplit;
    @FXML private QueueCanvas queue;
    @FXML private CodePanel codePanel;
    @FXML private SplitPane detailSplit;
    @FXML private TabPane details;
    /** The second lane's part (its "Beside it" row first) and the status bar: rows presentation mode may fold. */
    @FXML private VBox secondLane;
    @FXML private VBox status;
    @FXML private HBox timeline;
    @FXML private LiveToolbarController toolbarController;
    @FXML private LiveMessagesController messagesController;
    @FXML private LiveParametersController parametersController;
    @FXML private LiveCaptionController captionController;
    @FXML private LiveStoryController storyController;
    @FXML private LiveSecondLaneController secondLaneController;
    @FXML private LiveTimelineController timelineController;
    @FXML private LiveStatusController statusController;

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
                    captionController.showStory();
                    storyController.show();
                    secondLaneController.draw();
                }
            }
        };
    }

    @FXML
    private void initialize() {
        wireParts();
        bindLaneA();
        queue.setOnMouseClicked(this::onQueueClicked);
        LiveFit fits = new LiveFit(root, parameters, toolbarController.parametersToggle(), split, playArea, playSplit,
                detailSplit, details, codePanel, captionController.codeToggle(), captionController.tablesToggle(),
                queue, lanes);
        StageFolds folds = new StageFolds(fits::stageClaims, fits::playAreaSpare).fold(secondLane, () -> true)
                .fold(status, () -> true).fold(timeline, () -> !toolbarController.clockAwayProperty().get());
        fits.foldable(folds::foldable);
        // after every layout pass, never inside it: each part takes the place the view's size leaves it; true if
        // a part moved (the scene needs another pass)
        BooleanSupplier fit = () -> {
            boolean moved = fits.parameters();
            toolbarController.fit(timelineController.bar());
            toolbarController.fitStrategyName();
            moved |= fits.code();
            storyController.fit(fits.playAreaSpare(), fits.pastTheWindow()); // its rows give way before the tabs
            moved |= fits.details();
            moved |= folds.fit();
            secondLaneController.fit();
            statusController.fit();
            return moved;
        };
        toolbarController.parametersToggle().selectedProperty().addListener(o -> fit.getAsBoolean());
        captionController.codeToggle().selectedProperty().addListener((o, was, on) -> fit.getAsBoolean());
        captionController.tablesToggle().selectedProperty().addListener((o, was, on) -> fit.getAsBoolean());
        // the view's first frame is laid out until its parts settle; later frames fit once after each pass (a part
        // that moves then takes its place in the next frame, as a resize or a larger type goes on)
        boolean[] drawn = {false};
        followTheScene(() -> {
            if (drawn[0]) {
                fit.getAsBoolean();
            } else {
                settle(fit);
                drawn[0] = true;
            }
        });
        if (model.simulation() == null) {
            model.reset(); // a run loaded or started before the view was built (a preset, the opening) goes on
        }
        animateWhileShown();
    }

    /**
     * Runs the animation while the view's window shows, and stops it when the window is hidden: the toolkit holds
     * a started AnimationTimer, and through it this view and its run, until it is stopped (a window closed with it
     * running kept its run, megabytes for thousands of sign-ups, and was still handed every frame).
     */
    private void animateWhileShown() {
        showing = root.sceneProperty().flatMap(Scene::windowProperty).flatMap(Window::showingProperty).orElse(false);
        showing.addListener((o, was, on) -> animate(on));
        animate(showing.getValue());
    }

    private void animate(boolean on) {
        if (on) {
            lastFrameNanos = 0; // the first frame after a while away moves the run by nothing, not by the time away
            timer.start();
        } else {
            timer.stop();
        }
    }

    /** What the parts tell each other: Reset, refused values, where the clock stands, clicks that fail a call. */
    private void wireParts() {
        toolbarController.setOnReset(this::reset);
        parametersController.setOnInputError(messagesController::showInputError);
        timelineController.clockBesideProperty().bind(toolbarController.clockAwayProperty());
        secondLaneController.setClickFails(parametersController::clickFails);
        captionController.tellIn(codePanel);
    }

    /**
     * Space, →, ←, R and C act from anywhere in the window while this view is shown (a focused slider, box or tab
     * header included), not only from the play area: a teacher need not click into it first; {@code fit} runs after
     * every layout pass of the scene the view is in. One handler each, so the scene the view leaves can drop them.
     */
    private void followTheScene(Runnable fit) {
        EventHandler<KeyEvent> keys = this::onKey;
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
    }

    /**
     * Runs {@code fit} after a layout pass and, while it moved a part, lays the scene out again (its CSS first: a
     * part shown for the first time has no style yet) and fits again, up to {@value #SETTLE_PASSES} times, before
     * the frame is drawn: the lab's first frame never shows the parts half placed.
     */
    private void settle(BooleanSupplier fit) {
        Parent top = root.getScene() == null ? null : root.getScene().getRoot();
        for (int i = 0; fit.getAsBoolean() && top != null && i < SETTLE_PASSES; i++) {
            top.applyCss();
            top.layout();
        }
    }

    /** Layout passes a frame may take for its parts to settle: a part placed may move the next one once. */
    private static final int SETTLE_PASSES = 3;

    /** Lane A's name and summary over the queue while two lanes play, and the envelopes that differ marked "≠". */
    private void bindLaneA() {
        // one lane: the stage asks the window for its width (the frame's side panels dock below: SideDock)
        lanes.activeProperty().addListener((o, was, two) -> wide(!two));
        wide(!lanes.activeProperty().get());
        laneHeaderA.visibleProperty().bind(lanes.activeProperty());
        laneHeaderA.managedProperty().bind(lanes.activeProperty());
        laneNameA.textProperty().bind(lanes.nameAProperty());
        // numbers first, whole: a shorter form where the row is narrow, else wrapped onto a second line
        FittedText.bind(laneSummaryA, lanes.summaryAFormsProperty());
        queue.setEnvelopeMark(e -> lanes.differs(model, e));
    }

    private void wide(boolean on) {
        root.getStyleClass().remove("stage-wide");
        if (on) {
            root.getStyleClass().add("stage-wide");
        }
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
            lanes.clickUser(t.user(), t.repeat(), parametersController.clickFails());
            return;
        }
        long waiting = queue.waitingUserAt(e.getX(), e.getY());
        if (waiting >= 0) {
            lanes.clickUser(waiting, false, parametersController.clickFails());
        }
    }

    /** Space, →, ←, R and C work anywhere in the view except in a control that needs those keys itself. */
    private void onKey(KeyEvent e) {
        Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
        // a text field keeps its keys; so does the window while another tab is shown
        if (focus instanceof TextInputControl || e.isAltDown() || !shown()) {
            return;
        }
        if (e.getCode() == KeyCode.SPACE) {
            lanes.togglePlay();
        } else if (e.getCode() == KeyCode.RIGHT) {
            lanes.step();
        } else if (e.getCode() == KeyCode.LEFT) {
            lanes.stepBack();
        } else if (e.getCode() == KeyCode.R && !e.isShortcutDown()) {
            reset();
        } else if (e.getCode() == KeyCode.C && !e.isShortcutDown()) {
            lanes.crashWorkers();
        } else {
            return;
        }
        e.consume();
    }

    /** @return whether this view is on screen: the window's root, or the content of the selected tab */
    private boolean shown() {
        return root.getScene() != null && (root.getParent() == null || root.getParent().isVisible());
    }

    /** Reads fields typed but not yet confirmed, then starts over if they are all valid. */
    private void reset() {
        if (parametersController.parameters().commitAll()) {
            lanes.reset();
        }
    }

    /** @return the story line's controller (tests read what it shows). */
    LiveStoryController story() {
        return storyController;
    }

    /** @return the caption's controller (tests find its boxes). */
    LiveCaptionController caption() {
        return captionController;
    }

        /** @return the parameter panel (tests find its sections and fields). */
    ParameterPanel parameters() {
        return parametersController.parameters();
    }

    /** Stops the animation now (it also stops when the view's window is hidden, and starts when it shows again). */
    public void stop() {
        timer.stop();
    }
}
