package org.idempotencylab.ui.lessons;

import javafx.beans.property.ReadOnlyBooleanProperty;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.LiveRunListener;

/**
 * What a lesson needs of "Watch it happen", without knowing its classes: load a frame's scenario, play, pause, and
 * hear the run. App builds one over the live view's model.
 */
public interface LessonStage {
    /**
     * Shows {@code scenario} with {@code strategy} (its own settings applied) in one lane, whatever was open before
     * (a second lane, forced faults, a claim table on a database), and starts a new run on it, paused at virtual
     * time 0.
     *
     * @param speed virtual time per real time, {@code 0.1} to {@code 1000}
     */
    void load(Scenario scenario, Strategy strategy, double speed);

    /**
     * Moves the paused run to virtual time {@code ms} by replaying it from 0 without animation (tens of ms for a
     * lesson's sizes): the run listeners hear the replayed simulation before its first event.
     *
     * @param ms virtual ms, 0 and up
     */
    void seek(long ms);

    /** Plays the run from where it stands. */
    void play();

    /** Pauses the run: the clock stops. */
    void pause();

    /**
     * Pauses the run at virtual time {@code ms}: a frame that played past it (an animation frame is tens of ms)
     * goes back to it, so the caption and the code panel show the moment itself. By default just {@link #pause}.
     *
     * @param ms virtual ms, 0 and up
     */
    default void pauseAt(long ms) {
        pause();
    }

    /**
     * As {@link #pauseAt(long)}, at the moment of {@code event}, the one the frame waited for: the caption and the
     * code panel tell {@code event}'s job, not the job of another event in the same virtual ms. By default just
     * {@link #pauseAt(long)}.
     *
     * @param event the event that met the frame's condition, or null (a condition of time or of the run's end)
     */
    default void pauseAt(long ms, SimulationEvent event) {
        pauseAt(ms);
    }

    /** @return true while the run plays */
    ReadOnlyBooleanProperty playingProperty();

    /** @param listener told each new run and every frame after the run moved (on the FX thread) */
    void addRunListener(LiveRunListener listener);
}
