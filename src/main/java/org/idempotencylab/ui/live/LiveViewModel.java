package org.idempotencylab.ui.live;

import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.LongSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.ForcedFaults;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.LiveRunListener;
import org.idempotencylab.ui.form.ScenarioForm;

/**
 * The live view: one simulation played at a chosen speed, its jobs as tokens, the provider's envelopes, the event
 * log and the history of the job a person clicked. It composes the parts that do the work: {@link LiveRun} (the run,
 * its picture, log and history, and the views that follow it), {@link RunPlayer} (play, pause, step, the frames,
 * the timeline's seeks), {@link FaultClicks} (the faults a person clicks in), {@link DatabaseConnector} (a claim
 * table on a real database, opened off the FX thread), {@link StrategyParts} and the {@link ScenarioForm}.
 *
 * <p>The simulation runs a slice per animation frame ({@link #frame}); its events are buffered while the slice runs
 * and applied once per frame. The views that follow the run hear each new simulation and the frames after it
 * moved ({@link #addFrameListener}). Where it runs: with the in-memory claim table (or any other store), on the FX
 * thread, in the frame. With the claim table on a database, every call into the simulation (a frame's slice, a
 * step, a click, a crash, the start) and the reads of the views that follow it ({@link LiveRunListener#read}) run
 * on the background executor of {@link #setDatabaseAccess}, one request at a time ({@link SimulationRequests}).
 * So no JDBC call ever runs on the FX thread, and a database that stops answering (up to its timeouts) leaves the
 * window responsive. Same seed, same numbers either way.
 *
 * <p>The timeline: {@link #seek} and {@link #stepBack} move the run to an earlier (or later) moment by replaying
 * it from time 0 with the faults clicked so far at the moments they were clicked ({@link RunHistory}). Off with the
 * claim table on a database ({@link #timelineOffProperty()}).
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

    private final ScenarioForm form;
    private final Playback playback;
    private final DatabaseConnector connector = new DatabaseConnector();
    private final LiveRun run;
    private final RunSetup setup;
    private final RunPlayer player;
    private final FaultClicks faults;
    /** The records the stage draws at each station and at the provider. */
    private final StageKeys stageKeys = new StageKeys();
    private Lanes lanes;
    private final StringProperty playNote = new SimpleStringProperty(this, "playNote", "");

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
        this.run = new LiveRun(playback, () -> connector.current() != null);
        this.setup = new RunSetup(run, form, connector);
        this.player = new RunPlayer(run, this::reset);
        this.faults = new FaultClicks(run, this::reset);
        run.listeners().add(stageKeys, StageKeys.READS_PER_SECOND, null);
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
        run.listeners().add(listener, 0, run.simulation());
    }

    /**
     * Adds a listener told of each new simulation and of the frames after the simulation moved, at most
     * {@code maxFramesPerSecond} a second while the run plays; every step, click and Reset at once, and, when
     * the run pauses or ends, the last frame it missed.
     *
     * @param maxFramesPerSecond 1 and up; 0 for every frame
     */
    public void addFrameListener(LiveRunListener listener, int maxFramesPerSecond) {
        run.listeners().add(listener, maxFramesPerSecond, run.simulation());
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
        setup.apply(scenario, strategy, faults);
    }

    /**
     * @return true while the runs force a fault plan (a counterexample plays); false once another scenario or a
     *         Reset on other parameters dropped it, so what describes the counterexample can go
     */
    public ReadOnlyBooleanProperty forcingFaultsProperty() {
        return setup.forcingProperty();
    }

    /** @return the faults the run forces, or null when its draws decide (see {@link #apply(Scenario, Strategy, FaultPlan)}) */
    public FaultPlan faultPlan() {
        return run.plan();
    }

    /**
     * Where the claim table lives for the next Reset: "" for the in-memory model, {@code default} for the
     * embedded SQLite file under the user's data folder, or a JDBC URL ({@link JdbcClaimStore#ALLOWED_URLS}). Used
     * only when the store is the claim table; each Reset starts a new run there, whose rows carry its own run id.
     */
    public StringProperty databaseUrlProperty() {
        return setup.databaseUrlProperty();
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
        setup.setDatabaseAccess(opener, background, fxThread);
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
        setup.reset();
    }

    /**
     * Moves the run to virtual time {@code targetMs}, paused or playing as it was: every event due by then has run
     * and the clock stands there. The run is deterministic, so this starts a fresh simulation of the same scenario,
     * strategy and seed, replays the faults clicked before {@code targetMs} at the moments they were clicked (the
     * ones after it stay in the history and replay when the run plays past them; see {@link RunHistory}), runs it
     * there without animation and rebuilds the picture, the log and the followed job's history from its events.
     * The views that follow the run hear the new simulation and a frame, as after a step. A run of 10,000 events
     * takes a few tens of ms to replay (docs/measured-figures.md).
     *
     * <p>Not while the claim table is on a database (a database's rows cannot be rewound):
     * {@link #timelineOffProperty()} says so and this does nothing.
     *
     * @param targetMs virtual ms, 0 and up; past the run's end the run ends where it ends
     */
    public void seek(long targetMs) {
        player.seek(targetMs);
    }

    /**
     * One step back (the ← key): pauses and moves the run to just after the last event before the current
     * position, the one a step forward ran last ({@link #stepOnce} then this is where the run was). At the start it
     * does nothing. Not while the claim table is on a database ({@link #timelineOffProperty()}).
     */
    public void stepBack() {
        player.stepBack();
    }

    /**
     * Advances the simulation by {@code realElapsedNanos} times the speed, if playing. Called by the view's
     * AnimationTimer once per frame.
     *
     * @param nowNanos the frame's real time, ns (the timer's): when the views that follow the run last heard
     */
    public void frame(long realElapsedNanos, long nowNanos) {
        player.frame(realElapsedNanos, nowNanos);
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
        player.advanceTo(targetMs, nowNanos);
    }

    /** Publishes the events per second once a real second has passed ({@link Lanes} moves this run by {@link #advanceTo}). */
    void measure(long nowNanos) {
        playback.measure(nowNanos);
    }

    /** Runs exactly one event of the simulation (pausing first); after the last job, the next key expiry. */
    public void stepOnce() {
        player.stepOnce();
    }

    /** Plays if paused, pauses if playing; a run that is over (jobs ended, keys expired) starts over first. */
    public void togglePlay() {
        player.togglePlay();
    }

    /** The provider loses the reply of the next welcome-email call (a click on the provider). */
    public void clickProvider() {
        faults.clickProvider();
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
        return faults.crashWorkers();
    }

    /**
     * Selects the job to show its history; with {@code injectFault}, its next call also fails (a click on its
     * token).
     */
    public void clickJob(JobToken token, boolean injectFault) {
        faults.clickJob(token, injectFault);
    }

    /** A click on a sign-up still waiting in the queue: the first call it starts will fail (with the fault on). */
    public void clickWaiting(long user, boolean injectFault) {
        faults.clickWaiting(user, injectFault);
    }

    /** @return the virtual time shown, ms (0 and up): the timeline's thumb; set with each frame, step and seek. */
    public ReadOnlyLongProperty timeMsProperty() {
        return run.status().timeMsProperty();
    }

    /**
     * @return how far the timeline reaches, virtual ms (0 and up): the furthest time the run has reached since its
     *         Reset (its end, once played there), or since the last fault clicked after a seek back (which
     *         discards the history after it)
     */
    public ReadOnlyLongProperty reachMsProperty() {
        return run.status().reachMsProperty();
    }

    /**
     * @return why the timeline cannot seek now ("" when it can): before the first run, or while the claim table is
     *         on a database, whose rows cannot be rewound
     */
    public ReadOnlyStringProperty timelineOffProperty() {
        return run.status().timelineOffProperty();
    }

    /** @return the clicked faults of the run, in the order clicked, and where they replay (for tests). */
    List<RunHistory.Fault> clickedFaults() {
        return run.history().faults();
    }

    /** @return a number that changes whenever anything shown may have changed (the canvas skips a frame if not). */
    public long version() {
        return run.version();
    }

    /** @return the tokens of the jobs seen so far (recent finished ones included), in arrival order. */
    public Iterable<JobToken> tokens() {
        return run.projection().tokens();
    }

    /** @return the token of {@code user}'s first job, or null. */
    public JobToken token(long user) {
        return run.projection().token(user, false);
    }

    /** @return the token of {@code user}'s first job, or of its repeated request, or null. */
    public JobToken token(long user, boolean repeat) {
        return run.projection().token(user, repeat);
    }

    /** @return the welcome emails {@code user} got so far in this run, over the whole run (0 for none). */
    int emailsOf(long user) {
        return run.projection().emailsOf(user);
    }

    /** @return the users who got two or more welcome emails so far, in the order they got the second. */
    Iterable<Long> usersWithSeveralEmails() {
        return run.projection().usersWithSeveralEmails();
    }

    /** @return the most recent welcome emails at the provider, oldest first. */
    public Iterable<Envelope> envelopes() {
        return run.projection().envelopes();
    }

    /** @return the records the stage shows at each station and at the provider, as of the last frame */
    StageKeys.Shown stageKeys() {
        return stageKeys.shown();
    }

    /** @return the job the run plays (the article's sign-up unless its scenario declared one): the stations */
    public Workflow workflow() {
        return run.projection().workflow();
    }

    /** @return side effects done at {@code step} so far, first times and repeats. */
    public long sideEffects(int step) {
        return run.projection().sideEffects(step);
    }

    /** @return side effects done again at {@code step} so far. */
    public long duplicates(int step) {
        return run.projection().duplicates(step);
    }

    /**
     * @return jobs that ran to their end so far, succeeded or failed (all of them, though only recent ones keep a
     *         token); a job lost in a crash did not finish: it is counted in {@link #lostJobs()} instead
     */
    public long finishedJobs() {
        return run.requests().finishedJobs() - lostJobs();
    }

    /** @return jobs gone without running to their end so far: lost with an in-memory queue in a crash, or dropped */
    public long lostJobs() {
        return run.projection().lostJobs();
    }

    /** @return true while the provider's next reply is set to be lost and a job can still use it. */
    public boolean providerArmed() {
        return run.requests().providerArmed();
    }

    /** @return sign-ups waiting for a worker (as of the last answer while the simulation moves elsewhere). */
    public long waitingJobs() {
        return run.requests().waitingJobs();
    }

    /** @return the first {@code max} sign-ups waiting for a worker, the next one taken first. */
    public List<Long> waitingUsers(int max) {
        return run.requests().waitingUsers(max);
    }

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
        return run.simulation();
    }

    /** @return the virtual time in ms (as of the last answer while the simulation moves on the background thread). */
    public long nowMs() {
        return run.requests().nowMs();
    }

    /** @return true while a request to the simulation runs on the background thread (a claim table on a database). */
    public boolean busy() {
        return run.requests().busy();
    }

    /** @return the strategy a reset runs; a preset chosen here also sets the three parts below. */
    public ObjectProperty<Strategy> strategyProperty() {
        return setup.parts().strategyProperty();
    }

    /** @return what a retry repeats (part of the strategy). */
    public ObjectProperty<RetryScope> scopeProperty() {
        return setup.parts().scopeProperty();
    }

    /** @return the key the email step sends the provider (part of the strategy). */
    public ObjectProperty<KeyMode> keyModeProperty() {
        return setup.parts().keyModeProperty();
    }

    /** @return the idempotency store every step goes through (part of the strategy). */
    public ObjectProperty<StoreKind> storeProperty() {
        return setup.parts().storeProperty();
    }

    /** @return why the chosen parts make no strategy (skip finished steps with no store or a lock), or "". */
    public ReadOnlyStringProperty strategyProblemProperty() {
        return setup.parts().problemProperty();
    }

    /** @return true while the worker process is down after a crash. */
    public boolean workersDown() {
        return run.projection().workersDown();
    }

    /** @return when the crashed worker process starts again, virtual ms (meaningful while {@link #workersDown}). */
    public long restartAtMs() {
        return run.projection().restartAtMs();
    }

    /** @return the token each worker runs now (null: idle or down), indexed by worker; a copy. */
    public JobToken[] workerTokens() {
        return run.projection().workerTokens();
    }

    /**
     * @return crashes, lost jobs, redeliveries, in-progress refusals, lease reclaims and key mismatches that are
     *         not zero, as one line, or ""
     */
    public ReadOnlyStringProperty failuresProperty() {
        return run.status().failuresProperty();
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
        return run.status().finishedProperty();
    }

    /** @return true when the parameters differ from the run's: they apply on reset. */
    public ReadOnlyBooleanProperty pendingChangesProperty() {
        return setup.pendingChangesProperty();
    }

    /** @return true when the last frame hit the event cap and virtual time fell behind the speed. */
    public ReadOnlyBooleanProperty behindProperty() {
        return playback.behindProperty();
    }

    /** @return the event log's lines, oldest first. */
    public ObservableList<String> log() {
        return run.eventLog().log();
    }

    /**
     * @return the job the code panel and the caption tell about: the one a person clicked, else the job of the
     *         latest event that has one (a waiting sign-up's arrival has none); null before any
     */
    public JobToken storyJob() {
        return run.storyJob();
    }

    /**
     * @return true (the default) while playing pauses right after each job's first side effect done again, the
     *         clock at the duplicate itself whatever the speed ({@link DuplicatePause}); the story line's toggle
     */
    public BooleanProperty pauseAtDuplicatesProperty() {
        return run.pause().onProperty();
    }

    /**
     * Tells the moment of {@code e} (a lesson's frame paused at the event it waited for): the code panel, the caption
     * and the play area follow {@code e}'s job, whoever was clicked, until the run moves or a job is clicked. Call
     * after the run stands at {@code e}'s moment (a seek to it).
     *
     * @param e an event of the current run, or null for nothing
     */
    public void spotlight(SimulationEvent e) {
        if (e != null && run.simulation() != null) {
            run.spotlight(e);
        }
    }

    /** @return the event the run stands paused at (a duplicate, a lesson's moment), or null once it moved */
    public SimulationEvent spotlit() {
        return run.spotlit();
    }

    /** @return the token of {@link #spotlit()}'s job, or null (the play area outlines it as a clicked one) */
    JobToken spotlightJob() {
        return run.spotlightJob();
    }

    /** @return the story so far: the run's last few pieces of news, oldest first ({@link StoryLine}) */
    List<StoryLine.Entry> story() {
        return run.story().entries();
    }

    /** @return the job a person clicked, whose history is shown; null for none. */
    public ObjectProperty<JobToken> selectedProperty() {
        return run.selectedProperty();
    }

    /** @return the selected job's history, one line per event. */
    public ObservableList<String> selectedHistory() {
        return run.eventLog().history();
    }

    /** @return virtual time as text. */
    public ReadOnlyStringProperty clockProperty() {
        return run.status().clockProperty();
    }

    /** @return jobs done and failed, calls and duplicate emails so far, as one line. */
    public ReadOnlyStringProperty countersProperty() {
        return run.status().countersProperty();
    }

    /** @return the same counters in fewer words, for a status bar with little room: "done 3 · failed 0 · …". */
    public ReadOnlyStringProperty countersShortProperty() {
        return run.status().countersShortProperty();
    }

    public ReadOnlyStringProperty eventsPerSecondProperty() {
        return playback.eventsPerSecondProperty();
    }

    /** @return after the last job, what the run still waits for (keys to expire), or "". */
    public ReadOnlyStringProperty endingProperty() {
        return run.status().endingProperty();
    }

    /**
     * @return a line saying how a loaded preset plays, or "": a classroom-sized subset of its sign-ups and the
     *         speed that shows what it teaches within half a minute (the window's kit sets it and shows it in the
     *         teaching note beside this view, and clears it once a run of other parameters starts)
     */
    public StringProperty playNoteProperty() {
        return playNote;
    }

    /** @return a message about the last thing that could not be done (a bad parameter, a useless click), or "". */
    public ReadOnlyStringProperty messageProperty() {
        return run.messageProperty();
    }
}
