package org.idempotencylab.ui.live;

import java.util.HashMap;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;

/**
 * "Pause at each new duplicate": while the run plays, it stops right after the event in which a job does a side
 * effect again for the first time ({@link SignupSimulation#holdAfterThisEvent}), whatever the speed, so the
 * duplicate's envelope, the record that was missing, the lit line and the caption are on screen together before
 * anything else happens (at 1000× a frame would otherwise run on for many virtual seconds and scroll the envelope
 * away). A job pauses the run once: its later duplicates (a whole-job retry doing step after step again) play on.
 * Steps, seeks and clicks never pause. On by default (the opening scene, presets, lessons); a teacher turns it off.
 *
 * <p>{@link #arm} and {@link #disarm} run where the simulation moves (a background thread on a database), one
 * request at a time, the rest on the FX thread; uses {@code javafx.beans} only.
 */
final class DuplicatePause {
    private final BooleanProperty on = new SimpleBooleanProperty(this, "on", true);
    /** The jobs whose first duplicate paused the run, by {@link #job}, with the virtual ms it came at. */
    private final Map<String, Long> paused = new HashMap<>();
    private boolean armed;
    private SimulationEvent holding; // the duplicate the request running now stopped at

    /** @return true (the default) while playing stops at each job's first side effect done again */
    BooleanProperty onProperty() {
        return on;
    }

    /** @return whether the next frame may pause: read on the FX thread before the request, as {@link #arm}'s value */
    boolean wanted() {
        return on.get();
    }

    /** Before a request runs the simulation: a playing frame with the pause on may stop at a new duplicate. */
    void arm(boolean mayPause) {
        armed = mayPause;
        holding = null;
    }

    /** Hears every event of {@code sim} as it fires; holds the run after a job's first duplicate while armed. */
    void heard(SignupSimulation sim, SimulationEvent e) {
        if (!armed || e.kind() != Kind.DUPLICATE_SIDE_EFFECT || paused.containsKey(job(e))) {
            return;
        }
        paused.put(job(e), e.timeMs());
        holding = e;
        armed = false; // one pause a request
        sim.holdAfterThisEvent();
    }

    /** @return the duplicate the run stopped at in the request that just ran, or null; the run moves freely again */
    SimulationEvent disarm(SignupSimulation sim) {
        armed = false;
        SimulationEvent at = sim.releaseHold() ? holding : null;
        holding = null;
        return at;
    }

    /** A new run (Reset): every job's first duplicate pauses again. */
    void clear() {
        paused.clear();
    }

    /**
     * The timeline went back to {@code timeMs}: the duplicates after it are new again when the run plays over them,
     * the ones at or before it (a pause taken back to its own moment) stay behind.
     */
    void wentBackTo(long timeMs) {
        paused.values().removeIf(at -> at > timeMs);
    }

    private static String job(SimulationEvent e) {
        return e.repeat() ? e.user() + "r" : Long.toString(e.user());
    }
}
