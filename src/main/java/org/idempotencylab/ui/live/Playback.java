package org.idempotencylab.ui.live;

import java.util.Locale;
import java.util.function.LongSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.form.SliderScale;

/**
 * How fast a live run plays: playing or paused, the speed (virtual time per real time), and the frame budget that
 * keeps every frame short whatever the speed. A frame advances the simulation by the real time elapsed times the
 * speed, running at most {@value #MAX_EVENTS_PER_FRAME} events, or, when every claim is a round trip to a
 * database, at most {@link #DATABASE_FRAME_BUDGET_NANOS} of them; the clock then falls behind the speed
 * ({@link #behindProperty()}) rather than the window stuttering. Also counts events per real second.
 *
 * <p>Uses {@code javafx.beans} only: testable without the toolkit. Called on the FX thread, but for {@link #runTo},
 * which may run where the simulation moves (a background thread on a database).
 */
final class Playback {
    private static final Texts TEXTS = Texts.of(Playback.class);
    /** Cap on events per frame: keeps a frame short at 1000× with hundreds of jobs. */
    static final int MAX_EVENTS_PER_FRAME = 5_000;
    /** Real time a frame may spend on database round trips, ns. */
    static final long DATABASE_FRAME_BUDGET_NANOS = 8_000_000;
    /** Events run between two looks at the clock on a database. */
    private static final int DATABASE_BATCH = 16;
    /** Slowest and fastest playback, in virtual time per real time. */
    static final double MIN_SPEED = 0.1;
    static final double MAX_SPEED = 1000;
    /** Real time a loaded live scenario should take at the speed {@link #lessonSpeed} picks: about a minute. */
    static final long LESSON_REAL_MS = 60_000;
    private static final double[] NICE_SPEEDS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

    private final BooleanProperty playing = new SimpleBooleanProperty(this, "playing");
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1);
    private final ReadOnlyBooleanWrapper behind = new ReadOnlyBooleanWrapper(this, "behind");
    private final ReadOnlyStringWrapper eventsPerSecond = new ReadOnlyStringWrapper(this, "eventsPerSecond",
            TEXTS.format("status.eventsPerSecond", 0.0));
    private final LongSupplier nanoClock;
    private double virtualCarryMs;
    private long rateWindowStartNanos;
    private long rateWindowEvents;

    /** @param nanoClock real time in ns, for the database budget ({@code System::nanoTime} in the lab) */
    Playback(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** A new run: nothing carried over from the last one's frames. */
    void restart() {
        playing.set(false);
        virtualCarryMs = 0;
        behind.set(false);
    }

    /**
     * Advances {@code sim} by {@code realElapsedNanos} times the speed: whole virtual ms, the fraction carried to
     * the next frame (so 0.1× really is a tenth of real time).
     *
     * @param onDatabase true if the run's claims are round trips to a database
     * @return the events run
     * @throws ClaimStoreException if the database failed
     */
    int advance(SignupSimulation sim, boolean onDatabase, long realElapsedNanos) {
        long target = target(sim.nowMs(), realElapsedNanos);
        int ran = runTo(sim, target, onDatabase);
        ran(sim, target, ran);
        return ran;
    }

    /**
     * The first part of {@link #advance}, on the FX thread: the virtual time to advance to, {@code nowMs} plus
     * {@code realElapsedNanos} times the speed (whole ms; the fraction carried to the next frame). A frame whose
     * time is not taken yet (the simulation is still busy with the last one) passes 0 next time: the elapsed time
     * waits in the carry.
     */
    long target(long nowMs, long realElapsedNanos) {
        carry(realElapsedNanos);
        long virtualMs = (long) virtualCarryMs;
        virtualCarryMs -= virtualMs;
        return nowMs + virtualMs;
    }

    /** Keeps {@code realElapsedNanos} times the speed for the next {@link #target} (a frame that could not advance). */
    void carry(long realElapsedNanos) {
        virtualCarryMs += realElapsedNanos / 1e6 * speed.get();
    }

    /**
     * The second part of {@link #advance}, on the thread that moves the simulation: runs events up to
     * {@code target}, at most {@value #MAX_EVENTS_PER_FRAME}, or, on a database, for at most
     * {@link #DATABASE_FRAME_BUDGET_NANOS} of real time. Touches no property.
     *
     * @return the events run
     * @throws ClaimStoreException if the database failed
     */
    int runTo(SignupSimulation sim, long target, boolean onDatabase) {
        if (!onDatabase) {
            return sim.advanceTo(target, MAX_EVENTS_PER_FRAME);
        }
        long until = nanoClock.getAsLong() + DATABASE_FRAME_BUDGET_NANOS;
        int ran = 0;
        do {
            ran += sim.advanceTo(target, DATABASE_BATCH);
        } while (sim.nowMs() < target && nanoClock.getAsLong() < until);
        return ran;
    }

    /** The last part of {@link #advance}, on the FX thread: {@code ran} events went toward {@code target}. */
    void ran(SignupSimulation sim, long target, int ran) {
        behind.set(sim.nowMs() < target && !sim.isFinished());
        rateWindowEvents += ran;
    }

    /** Counts one event run by a step. */
    void countStep() {
        rateWindowEvents++;
    }

    /** Publishes the events per second once a real second has passed since the last time ({@code nowNanos}). */
    void measure(long nowNanos) {
        if (nowNanos - rateWindowStartNanos >= 1_000_000_000L) {
            double seconds = (nowNanos - rateWindowStartNanos) / 1e9;
            eventsPerSecond.set(TEXTS.format("status.eventsPerSecond",
                    rateWindowStartNanos == 0 ? 0 : rateWindowEvents / seconds));
            rateWindowStartNanos = nowNanos;
            rateWindowEvents = 0;
        }
    }

    /**
     * The speed at which a live scenario shows its lesson in about {@link #LESSON_REAL_MS} of real time: its
     * estimated virtual length (arrivals, or the calls on its workers, plus, when workers can crash, one lease
     * and one visibility timeout for what a crash leaves behind) over a minute, rounded up to 1, 2, 5, 10, 20,
     * ... ×, never below 1× (a short run plays in real time) nor above {@link #MAX_SPEED}.
     */
    static double lessonSpeed(Scenario s) {
        double arrivalsMs = s.arrivalRate() > 0 ? s.jobs() / s.arrivalRate() * 1000 : 0;
        double callsMs = (double) s.jobs() * 10 * s.callMs() / Math.max(1, s.workers());
        double crashLeftovers = s.pCrash() > 0 ? s.leaseMs() + s.visibilityTimeoutMs() : 0;
        double virtualMs = Math.max(arrivalsMs, callsMs) + crashLeftovers;
        double wanted = virtualMs / LESSON_REAL_MS;
        for (double nice : NICE_SPEEDS) {
            if (nice * 1.5 >= wanted) { // the run then takes at most ~90 s
                return nice;
            }
        }
        return MAX_SPEED;
    }

    /**
     * @return the speed a position of the logarithmic speed slider stands for (the position is log10 of the
     *         speed, -1 to 3), rounded to two significant digits, within {@link #MIN_SPEED}..{@link #MAX_SPEED}
     */
    static double speedAt(double position) {
        double speed = SliderScale.round2(Math.pow(10, position));
        return Math.max(MIN_SPEED, Math.min(MAX_SPEED, speed));
    }

    /** @return the speed as the toolbar shows it: "0.1×", "1×", "1,000×". */
    static String speedText(double speed) {
        return (speed < 1 ? String.format(Locale.ROOT, "%.1f", speed) : String.format(Locale.ROOT, "%,.0f", speed))
                + "×";
    }

    BooleanProperty playingProperty() {
        return playing;
    }

    boolean isPlaying() {
        return playing.get();
    }

    DoubleProperty speedProperty() {
        return speed;
    }

    ReadOnlyBooleanProperty behindProperty() {
        return behind.getReadOnlyProperty();
    }

    ReadOnlyStringProperty eventsPerSecondProperty() {
        return eventsPerSecond.getReadOnlyProperty();
    }
}
