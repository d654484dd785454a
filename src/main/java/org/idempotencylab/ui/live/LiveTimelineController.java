package org.idempotencylab.ui.live;

import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * Binds live-timeline.fxml to the {@link LiveViewModel}: the timeline under the play area. Its range is 0 to as far
 * as the run has reached, its thumb follows the clock (but not while a person drags it), and moving it seeks: while
 * dragging at most every {@link #DRAG_SEEK_NANOS} (a seek replays the run, so the window stays responsive), and
 * once more on release; a click on the track seeks at once. ← and → step one event back and forward. With the
 * claim table on a database it is off, and its label says why.
 */
public final class LiveTimelineController {
    /**
     * Least real time from the end of one seek to the next while the timeline's thumb is dragged, ns (one more
     * comes on release): a seek replays the run on the FX thread, so frames are drawn in between.
     */
    static final long DRAG_SEEK_NANOS = 120_000_000L;
    private static final Texts TEXTS = Texts.of(LiveTimelineController.class);
    private final LiveViewModel model;
    private final Lanes lanes;
    private boolean timelineFollows;  // the thumb is being moved to the clock, not by a person
    private long lastDragSeekNanos;
    /** The toolbar's clock stands in this bar: the label then only says why the timeline is off. */
    private final BooleanProperty clockBeside = new SimpleBooleanProperty();

    @FXML private HBox timelineBar;
    @FXML private Button backButton;
    @FXML private Slider timeline;
    @FXML private Label timelineLabel;

    public LiveTimelineController(LiveViewModel model) {
        this.model = model;
        this.lanes = model.lanes();
    }

    @FXML
    private void initialize() {
        bindSeeking();
        bindLabel();
    }

    /** The thumb follows the clock; moved by a person, it seeks (while dragging, at most every DRAG_SEEK_NANOS). */
    private void bindSeeking() {
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
    }

    /** Off with the claim table on a database, the label saying why; else the time and the reach. */
    private void bindLabel() {
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
        timelineLabel.visibleProperty().bind(off.or(clockBeside.not()));
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

    /** @return true while the toolbar's clock stands in this bar (bound by the view to the toolbar's fit) */
    BooleanProperty clockBesideProperty() {
        return clockBeside;
    }

    /** @return the bar, where the toolbar's Speed and clock go when the toolbar has no room for them */
    HBox bar() {
        return timelineBar;
    }

    @FXML
    private void stepBack() {
        lanes.stepBack();
    }

    @FXML
    private void step() {
        lanes.step();
    }
}
