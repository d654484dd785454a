package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.idempotencylab.engine.ForcedFaults;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.ui.Texts;

/**
 * The run the live view plays: its simulation and the scenario it started with, its events as the picture
 * ({@link RunProjection}) and in words ({@link EventLog}), the moments and clicked faults the timeline replays
 * ({@link RunHistory}), the job a person follows, the message about the last thing that could not be done, and the
 * views that follow it ({@link FrameListeners}). Its simulation moves through {@link SimulationRequests}; the events
 * a request fired are applied once it answers, and what changed is published ({@link RunStatus}) and heard by the
 * views. {@link RunPlayer} plays it, {@link FaultClicks} injects the clicked faults.
 *
 * <p>Uses {@code javafx.beans} only: runs without the toolkit. Called on the FX thread.
 */
final class LiveRun {
    private static final Texts TEXTS = Texts.of(LiveRun.class);
    private final Playback playback;
    private final BooleanSupplier onDatabase;
    private final SimulationRequests requests;
    private final RunStatus status = new RunStatus();
    private final EventLog eventLog = new EventLog();
    private final FrameListeners listeners = new FrameListeners();
    private final RunHistory history = new RunHistory();
    private final List<SimulationEvent> pending = new ArrayList<>();
    private final ObjectProperty<JobToken> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final DuplicatePause pause = new DuplicatePause();
    private final StoryLine story = new StoryLine();
    private SignupSimulation sim;
    private Scenario running;
    private RunProjection projection = RunProjection.none();
    private JobToken lastJob; // the job of the latest event that has one, for the code panel and the caption
    private SimulationEvent spotlight; // the moment the run was paused at for (a duplicate, a lesson's), or null
    private boolean broken; // the database failed mid-run: nothing advances until Reset
    private LiveViewModel.FaultPlan plan; // forced on every simulation, replays included; null: the random draws
    private long version;

    /**
     * @param playback   playing, the speed and the frame budget (a new run and a failed database pause it)
     * @param onDatabase true while the run's claim table is on a database
     */
    LiveRun(Playback playback, BooleanSupplier onDatabase) {
        this.playback = playback;
        this.onDatabase = onDatabase;
        this.requests = new SimulationRequests(() -> sim, onDatabase);
        selected.addListener((o, was, now) -> {
            spotlight = null; // a click follows the job clicked
            eventLog.showHistory(now, true);
        });
    }

    /**
     * Starts a new run of {@code s} with {@code strategy}, the claim table in {@code db} (null: the in-memory
     * model), paused at time 0: the views that follow the run hear the new simulation before its first event.
     */
    void begin(Scenario s, Strategy strategy, ClaimStore db) {
        running = s;
        broken = false;
        sim = simulation(s, strategy, db);
        history.clear();
        projection = new RunProjection(s);
        lastJob = null;
        pending.clear();
        selected.set(null);
        spotlight = null;
        pause.clear();
        story.clear();
        eventLog.clear(s.workflow());
        message.set("");
        status.started(db != null);
        listeners.attached(sim); // before the start, so the key store hears the very first key
        FrameListeners.Delivery everyone = listeners.all();
        requests.run(() -> {
            sim.start();
            everyone.read(sim.nowMs());
            return null;
        }, r -> {
            if (r.failure() != null) {
                databaseFailed(r.failure());
            }
            applyPending();
            refresh(everyone);
        });
    }

    /**
     * A new simulation of {@code s} whose events go to the next frame and whose moments to the history; with a
     * fault plan, a new {@link ForcedFaults} of its own (one per run: each replays from time 0).
     */
    private SignupSimulation simulation(Scenario s, Strategy strategy, ClaimStore db) {
        LiveViewModel.FaultPlan forced = plan;
        SignupSimulation made = forced == null ? new SignupSimulation(s, strategy, RunControl.NONE, false, db)
                : new SignupSimulation(s, strategy, RunControl.NONE,
                        new ForcedFaults(forced.kinds(), forced.faults()));
        made.setListener(e -> {
            pending.add(e);
            history.moment(made.eventsFired(), e.timeMs());
            pause.heard(made, e);
        });
        return made;
    }

    /**
     * Moves the run to {@code target} by replaying it from time 0 with the faults clicked before it (see
     * {@link RunHistory}), without animation, and rebuilds the picture, the log and the followed job's history; the
     * views that follow the run hear the new simulation and a frame, as after a step. In-memory runs only.
     */
    void replay(RunHistory.Position target) {
        JobToken followed = selected.get();
        sim = simulation(running, sim.strategy(), null);
        projection = new RunProjection(running);
        lastJob = null; // the replay's events name it again (the code panel and the caption follow)
        spotlight = null;
        story.clear();
        pause.wentBackTo(target.timeMs());
        pending.clear();
        eventLog.clear(running.workflow());
        message.set("");
        listeners.attached(sim); // before the replay: the key store hears every key, as after a Reset
        history.replay(sim, target);
        FrameListeners.Delivery everyone = listeners.all();
        everyone.read(sim.nowMs());
        applyPending();
        // the followed job stays followed if it had a token by then
        selected.set(followed == null ? null : projection.token(followed.user(), followed.repeat()));
        refresh(everyone);
    }

    /**
     * Runs {@code change} on the simulation where it moves, then applies its events and tells every view (a click
     * or a crash); {@code then} gets its answer on the FX thread first.
     */
    <T> void change(Supplier<T> change, Consumer<T> then) {
        FrameListeners.Delivery everyone = listeners.all();
        requests.run(() -> {
            T value = change.get();
            everyone.read(sim.nowMs());
            return value;
        }, r -> {
            if (r.failure() != null) {
                databaseFailed(r.failure());
            } else {
                then.accept(r.value());
            }
            applyPending();
            refresh(everyone);
        });
    }

    /** The database failed: nothing advances until Reset, and the message says why. */
    void databaseFailed(ClaimStoreException e) {
        broken = true;
        playback.playingProperty().set(false);
        message.set(TEXTS.format("message.databaseFailed", e.getMessage()));
    }

    /**
     * @return true once every job has ended and every key has expired: after the last job the clock keeps
     *         running while keys count down, so a class sees them go
     */
    boolean over() {
        return broken || sim.isFinished() && (sim.store() == null || sim.store().liveKeys() == 0)
                && sim.provider().rememberedKeys() == 0;
    }

    /** Applies the events the simulation fired since the last call: to the picture and to the log, once. */
    void applyPending() {
        if (!pending.isEmpty()) {
            spotlight = null; // the run moved on from the moment it was paused at
        }
        for (SimulationEvent e : pending) {
            projection.apply(e);
            eventLog.add(e);
            story.heard(sim.strategy(), projection.workflow(), e);
            if (e.user() >= 0 && e.kind() != SimulationEvent.Kind.ARRIVED) {
                lastJob = projection.token(e.user(), e.repeat());
            }
        }
        pending.clear();
        eventLog.publish();
        projection.trimFinished(selected.get());
        eventLog.showHistory(selected.get(), false);
    }

    /**
     * Publishes what changed: the clock, the status lines, and a frame to the views that follow the run.
     *
     * @param to the views that hear this frame (all of them after a step, a click or a Reset; while playing, those
     *           due), which read what they show just before, where the simulation moved
     */
    void refresh(FrameListeners.Delivery to) {
        version++;
        status.show(sim, history, this::over);
        to.frame(sim.nowMs());
    }

    /** @return the simulation being played, or null before the first run */
    SignupSimulation simulation() {
        return sim;
    }

    /** Forces {@code faults} on the next simulations, replays included; null for the random draws. */
    void force(LiveViewModel.FaultPlan faults) {
        plan = faults;
    }

    /** @return the faults forced on the simulations, or null */
    LiveViewModel.FaultPlan plan() {
        return plan;
    }

    /** @return the scenario the run started with, or null before the first run */
    Scenario scenario() {
        return running;
    }

    /** @return true while the run's claim table is on a database: its simulation moves on the background */
    boolean onDatabase() {
        return onDatabase.getAsBoolean();
    }

    /** @return true once the database failed mid-run */
    boolean broken() {
        return broken;
    }

    /** @return the run's picture: tokens, envelopes, station counters, the worker process */
    RunProjection projection() {
        return projection;
    }

    RunHistory history() {
        return history;
    }

    RunStatus status() {
        return status;
    }

    EventLog eventLog() {
        return eventLog;
    }

    FrameListeners listeners() {
        return listeners;
    }

    SimulationRequests requests() {
        return requests;
    }

    Playback playback() {
        return playback;
    }

    /** @return a number that changes whenever anything shown may have changed */
    long version() {
        return version;
    }

    /**
     * @return the job of the moment the run is paused at for ({@link #spotlight}), else the job a person clicked,
     *         else the job of the latest event that has one; null before any
     */
    JobToken storyJob() {
        JobToken lit = spotlightJob();
        return lit != null ? lit : selected.get() != null ? selected.get() : lastJob;
    }

    /**
     * The run stands paused at {@code e} (a job's first duplicate, the event a lesson's frame waited for): the code
     * panel, the caption and the play area tell {@code e}'s job, whoever was clicked, until the run moves or a job
     * is clicked.
     */
    void spotlight(SimulationEvent e) {
        spotlight = e;
        version++;
    }

    /** @return the event the run stands paused at ({@link #spotlight}), or null */
    SimulationEvent spotlit() {
        return spotlight;
    }

    /** @return the token of the spotlit event's job, or null */
    JobToken spotlightJob() {
        return spotlight == null ? null : projection.token(spotlight.user(), spotlight.repeat());
    }

    DuplicatePause pause() {
        return pause;
    }

    StoryLine story() {
        return story;
    }

    ObjectProperty<JobToken> selectedProperty() {
        return selected;
    }

    /** Says {@code text} about the last thing that could not be done; "" clears it. */
    void say(String text) {
        message.set(text);
    }

    ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
