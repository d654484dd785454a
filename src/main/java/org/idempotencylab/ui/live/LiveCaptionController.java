package org.idempotencylab.ui.live;

import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.Texts;

/**
 * Binds live-caption.fxml, over the queue: the caption that says in words what just happened to the followed job
 * ({@link Caption}), the run's "pause at each new duplicate" ({@link LiveViewModel#pauseAtDuplicatesProperty()}),
 * and the toggle of the {@link CodePanel}, which lights the line of code that decided it. The caption and the
 * panel tell the same job's same moment ({@link #showStory}).
 */
public final class LiveCaptionController {
    private static final Texts TEXTS = Texts.of(LiveCaptionController.class);
    private final LiveViewModel model;
    private CodePanel codePanel;
    // what the code panel and the caption last showed: they are redrawn at most once a frame, when one changed
    private long storyVersion = -1;
    private Strategy storyChosen;
    private JobToken storyJob;
    /**
     * The caption's words: the longest form that fits the bar on one line, else the shortest wrapped onto a second
     * (never cut with "…").
     */
    private final ObjectProperty<List<String>> captionText =
            new SimpleObjectProperty<>(List.of(TEXTS.get("caption.none")));

    @FXML private Label captionLabel;
    @FXML private ToggleButton codeToggle;
    @FXML private javafx.scene.control.CheckBox pauseToggle;
    @FXML private ToggleButton tablesToggle;

    public LiveCaptionController(LiveViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        // numbers first, whole: a shorter form where the bar is narrow, else wrapped onto a second line
        FittedText.bind(captionLabel, captionText);
        pauseToggle.selectedProperty().bindBidirectional(model.pauseAtDuplicatesProperty());
    }

    /** @param panel the code panel that tells the story beside the caption; shows it now */
    void tellIn(CodePanel panel) {
        codePanel = panel;
        showStory();
    }

    /**
     * The code panel and the caption tell the last moment of the followed job (the selected one, else the job of
     * the latest event), for the strategy chosen: redrawn once a frame at most, and only when the run moved (a
     * step, a frame played, a click, a Reset, a seek), the strategy changed or another job is followed. What they
     * show depends on the job's events up to now alone.
     */
    void showStory() {
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
        codePanel.show(chosen, model.workflow(), running, who, job != null && job == model.selectedProperty().get(),
                history);
        List<String> caption = running == null || history.isEmpty() ? List.of("")
                : Caption.forms(running, model.workflow(), history);
        captionText.set(caption.get(0).isEmpty() ? List.of(TEXTS.get("caption.none")) : caption);
    }

    /** @return the "pause at each new duplicate" box (tests) */
    javafx.scene.control.CheckBox pauseToggle() {
        return pauseToggle;
    }

    /** @return the Code toggle: the code panel is shown while it is selected */
    ToggleButton codeToggle() {
        return codeToggle;
    }

    /** @return the toggle that opens the key store, log and history tabs large over the play area */
    ToggleButton tablesToggle() {
        return tablesToggle;
    }
}
