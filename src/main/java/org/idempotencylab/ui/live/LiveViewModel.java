package org.idempotencylab.ui.live;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.ForcedFaults;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.LiveRunListener;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.form.ScenarioForm;

/**
 * The live view: one simulation played at a chosen speed, its jobs as tokens, the provider's envelopes, the event
 * log and the history of the job a person clicked. It composes the parts that do the work: {@link Playback}
 * (playing, speed, the frame budget), {@link RunProjection} (the events as tokens, envelopes and station
 * counters), {@link EventLog} and {@link EventText} (the run in words), {@link DatabaseConnector} (a claim table
 * on a real database, opened off the FX thread), {@link StrategyParts} and the {@link ScenarioForm}.
 *
 * <p>The simulation runs a slice per animation frame ({@link #frame}); its events are buffered while the slice runs
 * and applied once per frame. The views that follow the run hear each new simulation and the frames after it
 * moved ({@link #addFrameListener}). Where it runs: with the in-memory claim table (or any other store), on the FX
 * thread, in the frame. With the claim table on a database, every call into the simulation (a frame's slice, a
 * step, a click, a crash, the start) and the reads of the views that follow it ({@link LiveRunListener#read}) run
 * on the background executor of {@link #setDatabaseAccess}, one request at a time: a frame asks for "advance to
 * virtual time t", the background thread advances and reads, and the answer (the events, the clock, the frame to
 * the listeners) is applied on the FX executor. Frames that come while a request runs only add their time to the
 * next one; a step, click or Reset waits for it. So no JDBC call ever runs on the FX thread, and a database that
 * stops answering (up to its timeouts) leaves the window responsive. Same seed, same numbers either way.
 *
 * <p>The timeline: {@link #seek} and {@link #stepBack} move the run to an earlier (or later) moment by replaying
 * it from time 0 with the faults clicked so far at the moments they were clicked ({@link RunHistory}); the
 * views that follow the run hear the new simulation and a frame, as after a step. Off with the claim table on
 * a database ({@link #timelineOffProperty()}).
 *
 * <p>Parameter rule: changes to the parameters apply on {@link #reset()}, never to a run in progress, so a run
 * always matches the parameters it started with; {@link #pendingChangesProperty()} tells the view to say so.
 *
 * <p>A {@link FaultPlan} (a counterexample the Explore tab found) replaces the random draws: its faults happen at
 * the moments it names and nothing else fails, on every run of its scenario and strategy (Reset, the timeline's
 * seeks), until another scenario is applied or a Reset runs other parameters.
 *
 * <p>Uses {@code javafx.beans} and {@code javafx.collections} only: runs without the toolkit. Call it on one
 * thread (the FX thread in the lab).
 */
public final class LiveViewModel {
    /** Cap on events per frame: keeps a frame short at 1000× with hundreds of jobs. */
    public static final int MAX_EVENTS_PER_FRAME = Playback.MAX_EVENTS_PER_FRAME;
    /** The most sign-ups the live view plays: a token and a history each; Compare runs up to 100,000,000. */
    public static final long MAX_LIVE_JOBS = 100_000;
    /** Slowest and fastest playback, in virtual time per real time. */
    public static final double MIN_SPEED = Playback.MIN_SPEED;
    public static final double MAX_SPEED = Playback.MAX_SPEED;
    /** Real time a loaded live scenario should take at the speed {@link #lessonSpeed} picks: about a minute. */
    public static final long LESSON_REAL_MS = Playback.LESSON_REAL_MS;
    private static final Texts TEXTS = Texts.of(LiveViewModel.class);

    private final ScenarioForm form;
    private final StrategyParts parts = new StrategyParts();
    private final Playback playback;
    private final DatabaseConnector connector = new DatabaseConnector();
    private final EventLog eventLog = new EventLog();
    private final FrameListeners frameListeners = new FrameListeners();
    private final StringProperty databaseUrl = new SimpleStringProperty(this, "databaseUrl", "");

    // what the view shows
    private final ObjectProperty<JobToken> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ReadOnlyBooleanWrapper pendingChanges = new ReadOnlyBooleanWrapper(this, "pendingChanges");
    private final ReadOnlyStringWrapper clock = new ReadOnlyStringWrapper(this, "clock", VirtualTime.format(0));
    private final ReadOnlyStringWrapper counters = new ReadOnlyStringWrapper(this, "counters", "");
    private final ReadOnlyStringWrapper countersShort = new ReadOnlyStringWrapper(this, "countersShort", "");
    private final ReadOnlyStringWrapper failures = new ReadOnlyStringWrapper(this, "failures", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper ending = new ReadOnlyStringWrapper(this, "ending", "");
    private final ReadOnlyLongWrapper timeMs = new ReadOnlyLongWrapper(this, "timeMs");
    private final ReadOnlyLongWrapper reachMs = new ReadOnlyLongWrapper(this, "reachMs");
    private final ReadOnlyStringWrapper timelineOff = new ReadOnlyStringWrapper(this, "timelineOff",
            TEXTS.get("timeline.offBeforeRun"));

    // the run
    private final List<SimulationEvent> pending = new ArrayList<>();
    private SignupSimulation sim;
    private Scenario running;
    private String runningDatabaseUrl = "";
    private RunProjection projection = RunProjection.none();
    private JobToken lastJob; // the job of the latest event that has one, for the code panel and the caption
    private final RunHistory history = new RunHistory(); // the clicked faults and the moments, for the timeline
    private boolean broken; // the database failed mid-run: nothing advances until Reset
    private long version;
    // where the simulation moves on a database (the background executor), and how its answers come back
    private Executor simThread = Runnable::run;
    private Executor fxThread = Runnable::run;
    private boolean busy;                                          // a request runs on simThread
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>(); // what waits for it, in order
    private Snapshot shown = Snapshot.NONE;                        // what the FX side reads while busy
    // a counterexample's faults, forced on every run of the scenario and strategy it was found for (or null)
    private FaultPlan plan;
    private final ReadOnlyBooleanWrapper forcing = new ReadOnlyBooleanWrapper(this, "forcing");
    private Scenario planScenario;
    private Strategy planStrategy;

    /**
     * Faults forced in place of the random draws: a counterexample of the Explore tab, played with each fault at
     * the choice point it names and nothing else failing ({@link ForcedFaults}).
     *
     * @param kinds  the kinds of fault the exploration allowed (the run keeps what they need, so it follows the
     *               explored run exactly)
     * @param faults the faults, in the order they happen
     */
    public record FaultPlan(Set<FaultKind> kinds, List<Fault> faults) {
        public FaultPlan {
            kinds = Set.copyOf(kinds);
            faults = List.copyOf(faults);
        }
    }

    /** @param base the scenario the view opens on (see {@link #classroomDefaults()}) */
    public LiveViewModel(Scenario base) {
        this(base, System::nanoTime);
    }

    /** @param nanoClock real time in ns, for the database's share of a frame (tests give their own) */
    LiveViewModel(Scenario base, LongSupplier nanoClock) {
        this.form = new ScenarioForm(base);
        this.playback = new Playback(nanoClock);
        selected.addListener((o, was, now) -> eventLog.showHistory(now, true));
        List<Observable> watched = new ArrayList<>(form.all());
        watched.add(parts.strategyProperty());
        watched.add(parts.problemProperty());
        watched.add(databaseUrl);
        for (Observable p : watched) {
            p.addListener(o -> pendingChanges.set(sim != null && !matchesRun()));
        }
        // a pause (the Pause button, the run's end): a view that missed frames while playing catches up
        playback.playingProperty().addListener((o, was, now) -> {
            if (!now) {
                whenIdle(this::settle);
            }
        });
    }

    /** The views that missed frames while playing hear the state the run stopped in. */
    private void settle() {
        if (sim == null) {
            return;
        }
        FrameListeners.Delivery missed = frameListeners.settle();
        if (!missed.isEmpty()) {
            onSimulation(() -> {
                missed.read(sim.nowMs());
                return null;
            }, r -> missed.frame(sim.nowMs()));
        }
    }

    /** What the FX side shows of the simulation while a request runs on the background thread. */
    private record Snapshot(long nowMs, long finishedJobs, long waitingJobs, List<Long> waitingUsers,
                            boolean providerArmed) {
        static final Snapshot NONE = new Snapshot(0, 0, 0, List.of(), false);
        /** Waiting sign-ups kept for the queue's picture: more than its waiting line ever shows. */
        static final int WAITING_SHOWN = 600;
    }

    /**
     * The answer of a request to the simulation: its value, or the database's failure, or (a bug) any other
     * exception, which is thrown again on the FX thread.
     */
    private record Answer<T>(T value, ClaimStoreException failure, RuntimeException crash) {
    }

    /** @return true if the simulation moves on the background executor (the claim table is on a database). */
    private boolean offThread() {
        return connector.current() != null;
    }

    /**
     * Runs {@code work} where the simulation moves (in place, or on the background thread with a database), then
     * {@code then} on the FX thread with its answer; one request at a time (a request made meanwhile waits, see
     * {@link #whenIdle}). The answer of a run replaced meanwhile is dropped.
     */
    private <T> void onSimulation(Supplier<T> work, Consumer<Answer<T>> then) {
        if (busy) {
            whenIdle(() -> onSimulation(work, then));
            return;
        }
        SignupSimulation mine = sim;
        boolean away = offThread();
        Executor where = away ? simThread : Runnable::run;
        Executor back = away ? fxThread : Runnable::run;
        if (away) {
            shown = new Snapshot(sim.nowMs(), sim.finishedJobs(), sim.waitingJobs(),
                    sim.waitingUsers(Snapshot.WAITING_SHOWN), !sim.isFinished() && sim.isNextReplyLost());
        }
        busy = true;
        where.execute(() -> {
            Answer<T> answer;
            try {
                answer = new Answer<>(work.get(), null, null);
            } catch (ClaimStoreException e) {
                answer = new Answer<>(null, e, null);
            } catch (RuntimeException e) {
                answer = new Answer<>(null, null, e);
            }
            Answer<T> done = answer;
            back.execute(() -> {
                busy = false;
                if (done.crash() != null) {
                    throw done.crash(); // to the caller in place, to the FX thread's handler otherwise
                }
                if (mine == sim) {
                    then.accept(done);
                }
                while (!busy && !waiting.isEmpty()) {
                    waiting.poll().run();
                }
            });
        });
    }

    /** Runs {@code action} on the FX thread now, or once the request to the simulation running now has answered. */
    private void whenIdle(Runnable action) {
        if (busy) {
            waiting.add(action);
        } else {
            action.run();
        }
    }

    /**
     * A scenario sized for watching: 20 sign-ups arriving one a second for 2 workers, failures and lost replies
     * common enough to see within a minute, backoffs of up to 1 s doubling to 8 s so a waiting token can be seen,
     * keys kept 1 minute (the provider's 2 minutes) so expiry is visible.
     */
    public static Scenario classroomDefaults() {
        return Scenario.article().toBuilder().jobs(20).workers(2).arrivalRate(1).pFail(0.1).lostReply(0.2)
                .baseDelayMs(1_000).maxDelayMs(8_000).ttlMs(60_000).providerKeyTtlMs(120_000).build();
    }

    /** Adds a listener told of each new simulation and of every frame after the simulation moved. */
    public void addFrameListener(LiveRunListener listener) {
        frameListeners.add(listener, 0, sim);
    }

    /**
     * Adds a listener told of each new simulation and of the frames after the simulation moved, at most
     * {@code maxFramesPerSecond} a second while the run plays; every step, click and Reset at once, and, when
     * the run pauses or ends, the last frame it missed.
     *
     * @param maxFramesPerSecond 1 and up; 0 for every frame
     */
    public void addFrameListener(LiveRunListener listener, int maxFramesPerSecond) {
        frameListeners.add(listener, maxFramesPerSecond, sim);
    }

    /**
     * @return the scenario the parameters describe now
     * @throws ParameterException if one is out of range
     */
    public Scenario scenario() {
        return form.scenario();
    }

    /** @return the parameters shown, in model units; they apply on {@link #reset()}. */
    public ScenarioForm form() {
        return form;
    }

    private boolean matchesRun() {
        if (!parts.isRunnable()) {
            return false;
        }
        try {
            return scenario().equals(running) && parts.strategyProperty().get().equals(sim.strategy())
                    && databaseUrl.get().strip().equals(runningDatabaseUrl);
        } catch (ParameterException e) {
            return false;
        }
    }

    /**
     * Shows {@code scenario} (every parameter) and {@code strategy} (its retry scope, key and store), then
     * {@link #reset()}s: a preset or a scenario file opened on this view. A scenario with more sign-ups than the
     * live view plays leaves the message {@link #reset()} gives and no new run.
     */
    public void apply(Scenario scenario, Strategy strategy) {
        apply(scenario, strategy, null);
    }

    /**
     * As {@link #apply(Scenario, Strategy)}, with {@code faults} forced on the run (a counterexample played from the
     * Explore tab): every run of exactly this scenario and strategy, the timeline's replays included, makes those
     * faults and no other. The next {@link #apply}, or a Reset on other parameters or another strategy, drops them.
     *
     * @param faults the faults to force, or null for the random draws
     */
    public void apply(Scenario scenario, Strategy strategy, FaultPlan faults) {
        form.load(scenario);
        parts.show(strategy);
        plan = faults;
        forcing.set(faults != null);
        planScenario = faults == null ? null : scenario();
        planStrategy = faults == null ? null : parts.strategyProperty().get();
        reset();
    }

    /**
     * @return true while the runs force a fault plan (a counterexample plays); false once another scenario or a
     *         Reset on other parameters dropped it, so what describes the counterexample can go
     */
    public ReadOnlyBooleanProperty forcingFaultsProperty() {
        return forcing.getReadOnlyProperty();
    }

    /** @return the faults the run forces, or null when its draws decide (see {@link #apply(Scenario, Strategy, FaultPlan)}) */
    public FaultPlan faultPlan() {
        return plan;
    }

    /**
     * Where the claim table lives for the next Reset: "" for the in-memory model, {@code default} for the
     * embedded SQLite file under the user's data folder, or a JDBC URL ({@link JdbcClaimStore#ALLOWED_URLS}). Used
     * only when the store is the claim table; each Reset starts a new run there, whose rows carry its own run id.
     */
    public StringProperty databaseUrlProperty() {
        return databaseUrl;
    }

    /** @return true while a Reset waits for the database to open; the current run stays as it is meanwhile. */
    public ReadOnlyBooleanProperty connectingProperty() {
        return connector.connectingProperty();
    }

    /**
     * How databases are opened: {@code opener} (a JDBC URL to an open store) runs on {@code background}, and its
     * answer is applied on {@code fxThread}. Both executors run in place by default, which suits tests; the lab
     * passes a daemon thread and {@code Platform::runLater}, so an unreachable server (up to 5 s) never freezes
     * the window.
     */
    public void setDatabaseAccess(Function<String, ClaimStore> opener, Executor background, Executor fxThread) {
        connector.setAccess(opener, background, fxThread);
        this.simThread = background;
        this.fxThread = fxThread;
    }

    /** @return the database the current run's claim table lives in, or null for the in-memory model. */
    public ClaimStore database() {
        return connector.current();
    }

    /**
     * Starts over from virtual time 0 with the current parameters and the same seed; paused. With the claim table
     * on a database, the database is opened first, for a new run with no rows; if it cannot be, the message says why and the
     * current run stays as it is.
     */
    public void reset() {
        if (!parts.isRunnable()) {
            message.set(parts.problemProperty().get());
            return;
        }
        Scenario s;
        try {
            s = scenario();
        } catch (ParameterException e) {
            message.set(e.getMessage());
            return;
        }
        if (s.jobs() > MAX_LIVE_JOBS) {
            message.set(TEXTS.format("message.tooManyJobs", s.jobs(), MAX_LIVE_JOBS));
            return;
        }
        String url = databaseUrl.get() == null ? "" : databaseUrl.get().strip();
        Strategy chosen = parts.strategyProperty().get();
        if (plan != null && !(s.equals(planScenario) && chosen.equals(planStrategy))) {
            plan = null; // the faults belong to the run they were found in, not to parameters edited since
            forcing.set(false);
        }
        // a forced run follows the explored one, whose claim table is the in-memory model
        if (plan != null || chosen.store() != StoreKind.CLAIM_TABLE || url.isEmpty()) {
            connector.cancel();
            start(s, null);
            return;
        }
        String resolved = DatabaseConnector.resolve(url);
        playback.playingProperty().set(false);
        message.set(TEXTS.format("message.connecting", JdbcClaimStore.redact(resolved)));
        connector.open(resolved, db -> {
            if (!chosen.equals(parts.strategyProperty().get())) {
                connector.closeLater(db);
                message.set(TEXTS.get("message.strategyChangedWhileConnecting"));
                return;
            }
            start(s, db);
        }, problem -> message.set(TEXTS.format("message.databaseNotOpened", problem)));
    }

    /**
     * Starts a new run of {@code s} with the claim table in {@code db} (null: the in-memory model), once the
     * request to the current run (if any) has answered.
     */
    private void start(Scenario s, ClaimStore db) {
        whenIdle(() -> startNow(s, db));
    }

    private void startNow(Scenario s, ClaimStore db) {
        playback.restart();
        running = s;
        connector.use(db);
        broken = false;
        runningDatabaseUrl = databaseUrl.get().strip();
        sim = simulation(s, parts.strategyProperty().get(), db);
        history.clear();
        projection = new RunProjection(s);
        lastJob = null;
        pending.clear();
        selected.set(null);
        eventLog.clear();
        pendingChanges.set(false);
        message.set("");
        timelineOff.set(db == null ? "" : TEXTS.get("timeline.offOnDatabase"));
        frameListeners.attached(sim); // before the start, so the key store hears the very first key
        FrameListeners.Delivery everyone = frameListeners.all();
        onSimulation(() -> {
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
        SignupSimulation made = plan == null ? new SignupSimulation(s, strategy, RunControl.NONE, false, db)
                : new SignupSimulation(s, strategy, RunControl.NONE, new ForcedFaults(plan.kinds(), plan.faults()));
        made.setListener(e -> {
            pending.add(e);
            history.moment(made.eventsFired(), e.timeMs());
        });
        return made;
    }

    /**
     * Moves the run to virtual time {@code targetMs}, paused or playing as it was: every event due by then has run
     * and the clock stands there. The run is deterministic, so this starts a fresh simulation of the same scenario,
     * strategy and seed, replays the faults clicked before {@code targetMs} at the moments they were clicked (the
     * ones after it stay in the history and replay when the run plays past them; see {@link RunHistory}), runs it
     * there without animation and rebuilds the picture, the log and the followed job's history from its events.
     * The views that follow the run hear the new simulation and a frame, as after a step. A run of 10,000 events
     * takes a few tens of ms to replay (README, "Measured figures").
     *
     * <p>Not while the claim table is on a database (a database's rows cannot be rewound):
     * {@link #timelineOffProperty()} says so and this does nothing.
     *
     * @param targetMs virtual ms, 0 and up; past the run's end the run ends where it ends
     */
    public void seek(long targetMs) {
        seekTo(RunHistory.Position.atTime(Math.max(0, targetMs)));
    }

    /**
     * One step back (the ← key): pauses and moves the run to just after the last event before the current
     * position, the one a step forward ran last ({@link #stepOnce} then this is where the run was). At the start it
     * does nothing. Not while the claim table is on a database ({@link #timelineOffProperty()}).
     */
    public void stepBack() {
        playback.playingProperty().set(false);
        if (busy) {
            whenIdle(this::stepBack);
            return;
        }
        if (sim == null || !timelineOff.get().isEmpty()) {
            return;
        }
        RunHistory.Position back = history.momentBefore(RunHistory.Position.of(sim));
        if (back != null) {
            seekTo(back);
        }
    }

    private void seekTo(RunHistory.Position target) {
        if (busy) {
            whenIdle(() -> seekTo(target));
            return;
        }
        if (sim == null || !timelineOff.get().isEmpty()) {
            return;
        }
        JobToken followed = selected.get();
        sim = simulation(running, sim.strategy(), null);
        projection = new RunProjection(running);
        lastJob = null; // the replay's events name it again (the code panel and the caption follow)
        pending.clear();
        eventLog.clear();
        message.set("");
        frameListeners.attached(sim); // before the replay: the key store hears every key, as after a Reset
        history.replay(sim, target);
        FrameListeners.Delivery everyone = frameListeners.all();
        everyone.read(sim.nowMs());
        applyPending();
        // the followed job stays followed if it had a token by then
        selected.set(followed == null ? null : projection.token(followed.user(), followed.repeat()));
        refresh(everyone);
    }

    /**
     * Advances the simulation by {@code realElapsedNanos} times the speed, if playing. Called by the view's
     * AnimationTimer once per frame.
     *
     * @param nowNanos the frame's real time, ns (the timer's): when the views that follow the run last heard
     */
    public void frame(long realElapsedNanos, long nowNanos) {
        if (sim == null) {
            return;
        }
        if (busy) { // the last frame's request still runs: its time waits for the next one
            if (playback.isPlaying()) {
                playback.carry(realElapsedNanos);
            }
            playback.measure(nowNanos);
            return;
        }
        boolean moved = playback.isPlaying() && !runOver();
        playback.measure(nowNanos);
        if (!moved) {
            return; // paused: nothing changed, nothing to redraw or flush
        }
        boolean onDatabase = connector.current() != null;
        long target = playback.target(sim.nowMs(), realElapsedNanos);
        FrameListeners.Delivery due = frameListeners.playingFrame(nowNanos);
        runTowards(target, onDatabase, due, () -> {
            if (runOver()) {
                playback.playingProperty().set(false); // the views that missed the last frames hear it now
            }
        });
    }

    /**
     * Runs the simulation towards {@code target} (virtual ms) where it moves (a frame's share of events, the
     * clicked faults replayed on the way), then applies its events and tells {@code due}; {@code then} runs last,
     * on the FX thread.
     */
    private void runTowards(long target, boolean onDatabase, FrameListeners.Delivery due, Runnable then) {
        onSimulation(() -> {
            int ran = onDatabase ? playback.runTo(sim, target, true)
                    : history.runTo(sim, target, MAX_EVENTS_PER_FRAME);
            due.read(sim.nowMs());
            return ran;
        }, r -> {
            if (r.failure() != null) {
                databaseFailed(r.failure());
            } else {
                playback.ran(sim, target, r.value());
            }
            applyPending();
            refresh(due);
            then.run();
        });
    }

    /**
     * Advances the run to virtual time {@code targetMs} (at most {@link #MAX_EVENTS_PER_FRAME} events; a run that
     * is behind catches up on the next call), whether playing or not, and tells the views: those due at
     * {@code nowNanos} while playing, all of them otherwise. {@link Lanes} uses it to keep two runs on one clock;
     * the run's own {@link #frame} and the playing state are left alone. A target at or before the run's clock
     * only applies what is due then.
     *
     * @param targetMs virtual ms
     * @param nowNanos the frame's real time, ns
     */
    public void advanceTo(long targetMs, long nowNanos) {
        if (sim == null || broken) {
            return;
        }
        if (busy) {
            whenIdle(() -> advanceTo(targetMs, nowNanos));
            return;
        }
        boolean onDatabase = offThread();
        long target = Math.max(targetMs, sim.nowMs());
        FrameListeners.Delivery due = playback.isPlaying() ? frameListeners.playingFrame(nowNanos)
                : frameListeners.all();
        runTowards(target, onDatabase, due, () -> { });
    }

    /** Publishes the events per second once a real second has passed ({@link Lanes} moves this run by {@link #advanceTo}). */
    void measure(long nowNanos) {
        playback.measure(nowNanos);
    }

    private void databaseFailed(ClaimStoreException e) {
        broken = true;
        playback.playingProperty().set(false);
        message.set(TEXTS.format("message.databaseFailed", e.getMessage()));
    }

    /**
     * @return true once every job has ended and every key has expired: after the last job the clock keeps
     *         running while keys count down, so a class sees them go
     */
    private boolean runOver() {
        return broken || sim.isFinished() && (sim.store() == null || sim.store().liveKeys() == 0)
                && sim.provider().rememberedKeys() == 0;
    }

    /** Runs exactly one event of the simulation (pausing first); after the last job, the next key expiry. */
    public void stepOnce() {
        if (sim == null) {
            reset();
        }
        playback.playingProperty().set(false);
        if (busy) {
            whenIdle(this::stepOnce);
            return;
        }
        if (sim == null || broken) { // still connecting to a database, or it failed
            return;
        }
        FrameListeners.Delivery everyone = frameListeners.all();
        onSimulation(() -> {
            boolean stepped = history.step(sim);
            everyone.read(sim.nowMs());
            return stepped;
        }, r -> {
            if (r.failure() != null) {
                databaseFailed(r.failure());
            } else if (r.value()) {
                playback.countStep();
            }
            applyPending();
            refresh(everyone);
        });
    }

    /**
     * Runs {@code change} on the simulation where it moves, then applies its events and tells every view (a click
     * or a crash); {@code then} gets its answer on the FX thread first.
     */
    private <T> void change(Supplier<T> change, Consumer<T> then) {
        FrameListeners.Delivery everyone = frameListeners.all();
        onSimulation(() -> {
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

    /** Plays if paused, pauses if playing; a run that is over (jobs ended, keys expired) starts over first. */
    public void togglePlay() {
        if (playback.isPlaying()) {
            playback.playingProperty().set(false);
            return;
        }
        if (busy) {
            whenIdle(this::togglePlay);
            return;
        }
        if (sim == null || runOver()) {
            reset();
        }
        playback.playingProperty().set(true);
    }

    /** The provider loses the reply of the next welcome-email call (a click on the provider). */
    public void clickProvider() {
        if (busy) {
            whenIdle(this::clickProvider);
            return;
        }
        if (sim == null || sim.isFinished()) {
            message.set(TEXTS.get("message.providerAfterEnd"));
            return;
        }
        change(() -> {
            RunHistory.Position at = RunHistory.Position.of(sim);
            sim.loseNextReply();
            return at;
        }, at -> history.record(new RunHistory.Fault(at, RunHistory.FaultKind.REPLY_LOST, -1)));
    }

    /**
     * Crashes the whole worker process now (a click on the workers): every worker stops mid-call, the in-memory
     * store is wiped, an in-memory queue loses its jobs, and the process restarts after the restart time.
     *
     * @return false, with a message, if the process is already down or every job has ended; false while a Reset
     *         waits for its database. With the claim table on a database the crash runs on the background thread:
     *         true then means it was asked for (a crash that finds every job ended says so in the message)
     */
    public boolean crashWorkers() {
        if (sim == null) {
            reset();
        }
        if (sim == null) { // waiting for a database to open
            return false;
        }
        if (busy) {
            whenIdle(this::crashWorkers);
            return true;
        }
        if (sim.isDown()) {
            message.set(TEXTS.format("message.alreadyDown", VirtualTime.format(projection.restartAtMs())));
            return false;
        }
        boolean[] crashed = {true};
        change(() -> {
            RunHistory.Position at = RunHistory.Position.of(sim);
            return sim.crashNow() ? at : null;
        }, at -> {
            crashed[0] = at != null;
            message.set(at != null ? "" : TEXTS.get("message.crashAfterEnd"));
            if (at != null) {
                history.record(new RunHistory.Fault(at, RunHistory.FaultKind.WORKERS_CRASH, -1));
            }
        });
        return crashed[0];
    }

    /**
     * Selects the job to show its history; with {@code injectFault}, its next call also fails (a click on its
     * token).
     */
    public void clickJob(JobToken token, boolean injectFault) {
        if (busy) {
            whenIdle(() -> clickJob(token, injectFault));
            return;
        }
        selected.set(token);
        if (!injectFault) {
            refresh(frameListeners.all()); // (nothing in the simulation changed: nothing to read)
            return;
        }
        boolean active = token.active();
        change(() -> {
            RunHistory.Position at = RunHistory.Position.of(sim);
            return active && sim.failNextCall(token.user()) ? at : null;
        }, at -> {
            if (at != null) {
                token.faultArmed = true;
                message.set("");
                history.record(new RunHistory.Fault(at, RunHistory.FaultKind.CALL_FAILS, token.user()));
            } else {
                message.set(TEXTS.format("message.jobEnded", token.user()));
            }
        });
    }

    /** A click on a sign-up still waiting in the queue: the first call it starts will fail (with the fault on). */
    public void clickWaiting(long user, boolean injectFault) {
        clickJob(projection.tokenOf(user, false), injectFault);
    }

    /** Applies the events the simulation fired since the last call: to the picture and to the log, once. */
    private void applyPending() {
        for (SimulationEvent e : pending) {
            projection.apply(e);
            eventLog.add(e);
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
    private void refresh(FrameListeners.Delivery to) {
        version++;
        long now = sim.nowMs();
        clock.set(VirtualTime.format(now));
        finished.set(runOver());
        StrategyResult r = sim.result();
        countersShort.set(EventText.countersShort(sim.finishedJobs(), r)); // before the long form its listeners read
        counters.set(EventText.counters(sim.finishedJobs(), r));
        history.reached(now);
        reachMs.set(history.furthestMs()); // the timeline's range first, so its thumb can go there
        timeMs.set(now);
        failures.set(EventText.failures(r));
        ending.set(sim.isFinished() && sim.keysAlive() ? TEXTS.format("status.ending",
                VirtualTime.countdown(Math.max(0, sim.nextKeyExpiryMs() - now))) : "");
        to.frame(now);
    }

    /** @return the virtual time shown, ms (0 and up): the timeline's thumb; set with each frame, step and seek. */
    public ReadOnlyLongProperty timeMsProperty() {
        return timeMs.getReadOnlyProperty();
    }

    /**
     * @return how far the timeline reaches, virtual ms (0 and up): the furthest time the run has reached since its
     *         Reset (its end, once played there), or since the last fault clicked after a seek back (which
     *         discards the history after it)
     */
    public ReadOnlyLongProperty reachMsProperty() {
        return reachMs.getReadOnlyProperty();
    }

    /**
     * @return why the timeline cannot seek now ("" when it can): before the first run, or while the claim table is
     *         on a database, whose rows cannot be rewound
     */
    public ReadOnlyStringProperty timelineOffProperty() {
        return timelineOff.getReadOnlyProperty();
    }

    /** @return the clicked faults of the run, in the order clicked, and where they replay (for tests). */
    List<RunHistory.Fault> clickedFaults() {
        return history.faults();
    }

    /** @return a number that changes whenever anything shown may have changed (the canvas skips a frame if not). */
    public long version() {
        return version;
    }

    /** @return the tokens of the jobs seen so far (recent finished ones included), in arrival order. */
    public Iterable<JobToken> tokens() {
        return projection.tokens();
    }

    /** @return the token of {@code user}'s first job, or null. */
    public JobToken token(long user) {
        return projection.token(user, false);
    }

    /** @return the token of {@code user}'s first job, or of its repeated request, or null. */
    public JobToken token(long user, boolean repeat) {
        return projection.token(user, repeat);
    }

    /** @return the welcome emails {@code user} got so far in this run, over the whole run (0 for none). */
    int emailsOf(long user) {
        return projection.emailsOf(user);
    }

    /** @return the users who got two or more welcome emails so far, in the order they got the second. */
    Iterable<Long> usersWithSeveralEmails() {
        return projection.usersWithSeveralEmails();
    }

    /** @return the most recent welcome emails at the provider, oldest first. */
    public Iterable<Envelope> envelopes() {
        return projection.envelopes();
    }

    /** @return side effects done at {@code step} so far, first times and repeats. */
    public long sideEffects(int step) {
        return projection.sideEffects(step);
    }

    /** @return side effects done again at {@code step} so far. */
    public long duplicates(int step) {
        return projection.duplicates(step);
    }

    /** @return jobs that ended so far (all of them, though only recent ones keep a token). */
    public long finishedJobs() {
        return sim == null ? 0 : busy ? shown.finishedJobs() : sim.finishedJobs();
    }

    /** @return true while the provider's next reply is set to be lost and a job can still use it. */
    public boolean providerArmed() {
        return sim != null && (busy ? shown.providerArmed() : !sim.isFinished() && sim.isNextReplyLost());
    }

    /** @return sign-ups waiting for a worker (as of the last answer while the simulation moves elsewhere). */
    public long waitingJobs() {
        return sim == null ? 0 : busy ? shown.waitingJobs() : sim.waitingJobs();
    }

    /** @return the first {@code max} sign-ups waiting for a worker, the next one taken first. */
    public List<Long> waitingUsers(int max) {
        if (sim == null) {
            return List.of();
        }
        List<Long> users = busy ? shown.waitingUsers() : sim.waitingUsers(max);
        return users.size() > max ? users.subList(0, max) : users;
    }

    private Lanes lanes;

    /**
     * @return this run as lane A of the live view's {@link Lanes} (a second lane beside it, off at first); made on
     *         first use
     */
    public Lanes lanes() {
        if (lanes == null) {
            lanes = new Lanes(this);
        }
        return lanes;
    }

    /** @return the simulation being played, or null before the first reset. */
    public SignupSimulation simulation() {
        return sim;
    }

    /** @return the virtual time in ms (as of the last answer while the simulation moves on the background thread). */
    public long nowMs() {
        return sim == null ? 0 : busy ? shown.nowMs() : sim.nowMs();
    }

    /** @return true while a request to the simulation runs on the background thread (a claim table on a database). */
    public boolean busy() {
        return busy;
    }

    /** @return the strategy a reset runs; a preset chosen here also sets the three parts below. */
    public ObjectProperty<Strategy> strategyProperty() {
        return parts.strategyProperty();
    }

    /** @return what a retry repeats (part of the strategy). */
    public ObjectProperty<RetryScope> scopeProperty() {
        return parts.scopeProperty();
    }

    /** @return the key the email step sends the provider (part of the strategy). */
    public ObjectProperty<KeyMode> keyModeProperty() {
        return parts.keyModeProperty();
    }

    /** @return the idempotency store every step goes through (part of the strategy). */
    public ObjectProperty<StoreKind> storeProperty() {
        return parts.storeProperty();
    }

    /** @return why the chosen parts make no strategy (skip finished steps with no store or a lock), or "". */
    public ReadOnlyStringProperty strategyProblemProperty() {
        return parts.problemProperty();
    }

    /** @return true while the worker process is down after a crash. */
    public boolean workersDown() {
        return projection.workersDown();
    }

    /** @return when the crashed worker process starts again, virtual ms (meaningful while {@link #workersDown}). */
    public long restartAtMs() {
        return projection.restartAtMs();
    }

    /** @return the token each worker runs now (null: idle or down), indexed by worker; a copy. */
    public JobToken[] workerTokens() {
        return projection.workerTokens();
    }

    /**
     * @return crashes, lost jobs, redeliveries, in-progress refusals, lease reclaims and key mismatches that are
     *         not zero, as one line, or ""
     */
    public ReadOnlyStringProperty failuresProperty() {
        return failures.getReadOnlyProperty();
    }

    public BooleanProperty playingProperty() {
        return playback.playingProperty();
    }

    /**
     * The speed at which a live scenario shows its lesson in about {@link #LESSON_REAL_MS} of real time: its
     * estimated virtual length (arrivals, or the calls on its workers, plus, when workers can crash, one lease
     * and one visibility timeout for what a crash leaves behind) over a minute, rounded to 1, 2, 5, 10, 20, ... ×,
     * never below 1× (a short run plays in real time) nor above {@link #MAX_SPEED}. The stuck-in_progress preset
     * (200 sign-ups arriving at 0.5 / s, a 60 s lease) gets 10×: the lease runs out in 6 s and the run ends within
     * a minute.
     *
     * @param s the scenario loaded into the live view
     * @return virtual time per real time, 1 to {@link #MAX_SPEED}
     */
    public static double lessonSpeed(Scenario s) {
        return Playback.lessonSpeed(s);
    }

    /** @return virtual time per real time, {@link #MIN_SPEED}..{@link #MAX_SPEED}. */
    public DoubleProperty speedProperty() {
        return playback.speedProperty();
    }

    public ReadOnlyBooleanProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    /** @return true when the parameters differ from the run's: they apply on reset. */
    public ReadOnlyBooleanProperty pendingChangesProperty() {
        return pendingChanges.getReadOnlyProperty();
    }

    /** @return true when the last frame hit the event cap and virtual time fell behind the speed. */
    public ReadOnlyBooleanProperty behindProperty() {
        return playback.behindProperty();
    }

    /** @return the event log's lines, oldest first. */
    public ObservableList<String> log() {
        return eventLog.log();
    }

    /**
     * @return the job the code panel and the caption tell about: the one a person clicked, else the job of the
     *         latest event that has one (a waiting sign-up's arrival has none); null before any
     */
    public JobToken storyJob() {
        return selected.get() != null ? selected.get() : lastJob;
    }

    /** @return the job a person clicked, whose history is shown; null for none. */
    public ObjectProperty<JobToken> selectedProperty() {
        return selected;
    }

    /** @return the selected job's history, one line per event. */
    public ObservableList<String> selectedHistory() {
        return eventLog.history();
    }

    /** @return virtual time as text. */
    public ReadOnlyStringProperty clockProperty() {
        return clock.getReadOnlyProperty();
    }

    /** @return jobs done and failed, calls and duplicate emails so far, as one line. */
    public ReadOnlyStringProperty countersProperty() {
        return counters.getReadOnlyProperty();
    }

    /** @return the same counters in fewer words, for a status bar with little room: "done 3 · failed 0 · …". */
    public ReadOnlyStringProperty countersShortProperty() {
        return countersShort.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty eventsPerSecondProperty() {
        return playback.eventsPerSecondProperty();
    }

    /** @return after the last job, what the run still waits for (keys to expire), or "". */
    public ReadOnlyStringProperty endingProperty() {
        return ending.getReadOnlyProperty();
    }

    /** @return a message about the last thing that could not be done (a bad parameter, a useless click), or "". */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
