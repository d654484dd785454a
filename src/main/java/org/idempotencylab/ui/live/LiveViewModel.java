package org.idempotencylab.ui.live;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.LiveRunListener;
import org.idempotencylab.ui.form.ScenarioForm;
import org.idempotencylab.ui.VirtualTime;

/**
 * The live view: one simulation played at a chosen speed, its jobs as tokens, the provider's envelopes, the event
 * log and the history of the job a person clicked.
 *
 * <p>The simulation runs on the FX thread, a slice per animation frame ({@link #frame}): the virtual time
 * advanced is the real time elapsed times the speed, and at most {@link #MAX_EVENTS_PER_FRAME} events run per
 * frame, so a frame stays short whatever the speed (the clock then falls behind, and the status says so). Events
 * are buffered while the slice runs and applied once per frame.
 *
 * <p>Parameter rule: changes to the parameters apply on {@link #reset()}, never to a run in progress, so a run
 * always matches the parameters it started with; {@link #pendingChangesProperty()} tells the view to say so.
 */
public final class LiveViewModel {
    /** Cap on events per frame: keeps a frame short at 1000× with hundreds of jobs. */
    public static final int MAX_EVENTS_PER_FRAME = 5_000;
    /** The most sign-ups the live view plays: a token and a history each; Compare runs up to 100,000,000. */
    public static final long MAX_LIVE_JOBS = 100_000;
    /** Slowest and fastest playback, in virtual time per real time. */
    public static final double MIN_SPEED = 0.1;
    public static final double MAX_SPEED = 1000;
    private static final int LOG_LIMIT = 2_000;
    private static final int ENVELOPE_LIMIT = 60;
    private static final int FINISHED_TOKENS_KEPT = 2_000;

    /**
     * One welcome email at the provider.
     *
     * @param user       who it was for
     * @param nth        1 for the user's first email, 2 for a duplicate, and so on; 0 if the provider sent nothing
     * @param atMs       virtual time
     * @param replyLost  the provider did its part but the caller never heard: it will retry
     */
    public record Envelope(long user, int nth, long atMs, boolean replyLost) {
        /** @return true if this is a second (or later) email to the same user. */
        public boolean duplicate() {
            return nth > 1;
        }

        /** @return true if the provider knew the key and sent nothing. */
        public boolean suppressed() {
            return nth == 0;
        }
    }

    // parameters, applied on reset
    private final ObjectProperty<Strategy> strategy = new SimpleObjectProperty<>(Strategy.EACH_STEP_NO_KEY);
    // the strategy's three parts, chosen one by one; a preset in `strategy` sets all three
    private final ObjectProperty<RetryScope> scope = new SimpleObjectProperty<>(RetryScope.EACH_STEP);
    private final ObjectProperty<KeyMode> keyMode = new SimpleObjectProperty<>(KeyMode.NONE);
    private final ObjectProperty<StoreKind> store = new SimpleObjectProperty<>(StoreKind.NONE);
    private final ReadOnlyStringWrapper strategyProblem = new ReadOnlyStringWrapper("");
    private boolean syncingStrategy;
    private final ScenarioForm form;

    // playback
    private final BooleanProperty playing = new SimpleBooleanProperty();
    private final DoubleProperty speed = new SimpleDoubleProperty(1);
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper pendingChanges = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper behind = new ReadOnlyBooleanWrapper();

    // what the view shows
    private final Map<Long, JobToken> tokens = new LinkedHashMap<>();
    private final ArrayDeque<Envelope> envelopes = new ArrayDeque<>();
    private final long[] sideEffects = new long[SignupSteps.COUNT];
    private final long[] duplicates = new long[SignupSteps.COUNT];
    private final ObservableList<String> log = FXCollections.observableArrayList();
    private final ObjectProperty<JobToken> selected = new SimpleObjectProperty<>();
    private final ObservableList<String> selectedHistory = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper clock = new ReadOnlyStringWrapper("0:00.000");
    private final ReadOnlyStringWrapper counters = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper failures = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper eventsPerSecond = new ReadOnlyStringWrapper("0 events/s");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper ending = new ReadOnlyStringWrapper("");

    private final List<SimulationEvent> pending = new ArrayList<>();
    private final List<SimulationEvent> logBuffer = new ArrayList<>();
    private final List<LiveRunListener> frameListeners = new ArrayList<>();
    private SignupSimulation sim;

    // The claim table on a real database (issue 4, "live mode on the real database"): empty = the in-memory model.
    private final StringProperty databaseUrl = new SimpleStringProperty(this, "databaseUrl", "");
    private final ReadOnlyBooleanWrapper connecting = new ReadOnlyBooleanWrapper(this, "connecting");
    private java.util.function.Function<String, ClaimStore> databaseOpener = JdbcClaimStore::open;
    private java.util.concurrent.Executor databaseThread = Runnable::run;
    private java.util.concurrent.Executor fxThread = Runnable::run;
    private ClaimStore database;   // the open database of the current run, or null
    private int resetTicket;       // a newer Reset makes an older connection's answer moot
    private boolean broken;        // the database failed mid-run: nothing advances until Reset
    private String runningDatabaseUrl = "";
    private Scenario running;
    private long rateWindowStartNanos;
    private long rateWindowEvents;
    private int finishedTokens;
    // the worker process: which token each worker runs, and whether the process is down after a crash
    private JobToken[] workerTokens = new JobToken[0];
    private boolean down;
    private long downUntilMs;

    /** @param base the scenario the view opens on (see {@link #classroomDefaults()}) */
    public LiveViewModel(Scenario base) {
        this.form = new ScenarioForm(base);
        selected.addListener((o, was, now) -> showHistory(true));
        strategy.addListener((o, was, now) -> {
            if (now != null && !syncingStrategy) { // a preset: show its parts
                syncingStrategy = true;
                scope.set(now.scope());
                keyMode.set(now.keyMode());
                store.set(now.store());
                syncingStrategy = false;
                strategyProblem.set("");
            }
        });
        for (ObjectProperty<?> part : List.of(scope, keyMode, store)) {
            part.addListener(o -> composeStrategy());
        }
        List<javafx.beans.Observable> watched = new ArrayList<>(form.all());
        watched.add(strategy);
        watched.add(strategyProblem);
        watched.add(databaseUrl);
        for (javafx.beans.Observable p : watched) {
            p.addListener(o -> pendingChanges.set(sim != null && !matchesRun()));
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

    /** The parts were chosen one by one: the strategy they make, or a message if they do not go together. */
    private void composeStrategy() {
        if (syncingStrategy) {
            return;
        }
        if (scope.get() == RetryScope.WHOLE_JOB_SKIP_FINISHED && !store.get().recordsCompletion()) {
            strategyProblem.set("Store: " + storeLabel(store.get()) + " keeps no record of finished steps, so "
                    + "\"skip finished steps\" needs the in-memory store or the claim table. Pick one of those, "
                    + "or another retry scope.");
            return;
        }
        strategyProblem.set("");
        syncingStrategy = true;
        strategy.set(Strategy.of(scope.get(), keyMode.get(), store.get()));
        syncingStrategy = false;
    }

    /** @return the store's name as the Store choice shows it. */
    public static String storeLabel(StoreKind kind) {
        return switch (kind) {
            case NONE -> "none";
            case MEMORY -> "in-memory store";
            case CLAIM_TABLE -> "claim table";
            case LOCK -> "lock only";
        };
    }

    /** Adds a listener told of each new simulation and each frame. */
    public void addFrameListener(LiveRunListener listener) {
        frameListeners.add(listener);
        if (sim != null) {
            listener.attached(sim);
        }
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
        if (!strategyProblem.get().isEmpty()) {
            return false;
        }
        try {
            return scenario().equals(running) && strategy.get().equals(sim.strategy())
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
        form.load(scenario);
        store.set(strategy.store()); // the parts first: a strategy equal to the current one fires no change
        scope.set(strategy.scope());
        keyMode.set(strategy.keyMode());
        this.strategy.set(strategy);
        reset();
    }

    /**
     * Where the claim table lives for the next Reset: "" for the in-memory model, {@code default} for the
     * embedded SQLite file under the user's data folder, or a JDBC URL ({@link JdbcClaimStore#ALLOWED_URLS}). Used
     * only when the store is the claim table; the run empties {@code processed_jobs} first.
     */
    public StringProperty databaseUrlProperty() {
        return databaseUrl;
    }

    /** @return true while a Reset waits for the database to open; the current run stays as it is meanwhile. */
    public ReadOnlyBooleanProperty connectingProperty() {
        return connecting.getReadOnlyProperty();
    }

    /**
     * How databases are opened: {@code opener} (a JDBC URL to an open store) runs on {@code background}, and its
     * answer is applied on {@code fxThread}. Both executors run in place by default, which suits tests; the lab
     * passes a daemon thread and {@code Platform::runLater}, so an unreachable server (up to 5 s) never freezes
     * the window.
     */
    public void setDatabaseAccess(java.util.function.Function<String, ClaimStore> opener,
                                  java.util.concurrent.Executor background, java.util.concurrent.Executor fxThread) {
        this.databaseOpener = java.util.Objects.requireNonNull(opener, "opener");
        this.databaseThread = java.util.Objects.requireNonNull(background, "background");
        this.fxThread = java.util.Objects.requireNonNull(fxThread, "fxThread");
    }

    /** @return the database the current run's claim table lives in, or null for the in-memory model. */
    public ClaimStore database() {
        return database;
    }

    /**
     * Starts over from virtual time 0 with the current parameters and the same seed; paused. With the claim table
     * on a database, the database is opened (and emptied) first; if it cannot be, the message says why and the
     * current run stays as it is.
     */
    public void reset() {
        if (!strategyProblem.get().isEmpty()) {
            message.set(strategyProblem.get());
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
            message.set(String.format(Locale.ROOT, "Sign-ups: %,d is more than the live view plays (up to %,d); "
                    + "Compare strategies runs up to 100,000,000.", s.jobs(), MAX_LIVE_JOBS));
            return;
        }
        int ticket = ++resetTicket;
        String url = databaseUrl.get() == null ? "" : databaseUrl.get().strip();
        if (strategy.get().store() != StoreKind.CLAIM_TABLE || url.isEmpty()) {
            start(s, null);
            return;
        }
        String resolved = url.equals("default") ? JdbcClaimStore.defaultSqliteUrl() : url;
        playing.set(false);
        connecting.set(true);
        message.set("Connecting to " + JdbcClaimStore.redact(resolved) + " …");
        Strategy chosen = strategy.get();
        databaseThread.execute(() -> {
            ClaimStore opened = null;
            String error = null;
            try {
                opened = databaseOpener.apply(resolved);
                opened.clear(); // a fresh processed_jobs table for the new run
            } catch (RuntimeException e) {
                error = e.getMessage();
                if (opened != null) {
                    opened.close();
                    opened = null;
                }
            }
            ClaimStore db = opened;
            String problem = error;
            fxThread.execute(() -> {
                if (ticket != resetTicket) { // another Reset came meanwhile
                    if (db != null) {
                        db.close();
                    }
                    return;
                }
                connecting.set(false);
                if (db == null) {
                    message.set("Database: " + problem + " The run did not start.");
                    return;
                }
                if (!chosen.equals(strategy.get())) {
                    db.close();
                    message.set("The strategy changed while connecting: press Reset (R) again.");
                    return;
                }
                start(s, db);
            });
        });
    }

    /** Starts a new run of {@code s} with the claim table in {@code db} (null: the in-memory model). */
    private void start(Scenario s, ClaimStore db) {
        connecting.set(false);
        playing.set(false);
        virtualCarryMs = 0;
        running = s;
        if (database != null) {
            database.close(); // the previous run's database
        }
        database = db;
        broken = false;
        runningDatabaseUrl = databaseUrl.get().strip();
        sim = new SignupSimulation(s, strategy.get(), RunControl.NONE, false, db);
        sim.setListener(pending::add);
        tokens.clear();
        envelopes.clear();
        java.util.Arrays.fill(sideEffects, 0);
        java.util.Arrays.fill(duplicates, 0);
        log.clear();
        selected.set(null);
        selectedHistory.clear();
        finishedTokens = 0;
        workerTokens = new JobToken[s.workers()];
        down = false;
        downUntilMs = 0;
        pendingChanges.set(false);
        behind.set(false);
        message.set("");
        for (LiveRunListener l : frameListeners) {
            l.attached(sim); // before the start, so the key store hears the very first key
        }
        sim.start();
        applyPending();
        refresh();
    }

    /**
     * Advances the simulation by {@code realElapsedNanos} times the speed, if playing. Called by the view's
     * AnimationTimer once per frame.
     */
    public void frame(long realElapsedNanos, long nowNanos) {
        if (sim == null) {
            return;
        }
        boolean moved = false;
        if (playing.get() && !runOver()) {
            moved = true;
            // whole virtual ms this frame; the fraction carries over, so 0.1x really is a tenth of real time
            virtualCarryMs += realElapsedNanos / 1e6 * speed.get();
            long virtualMs = (long) virtualCarryMs;
            virtualCarryMs -= virtualMs;
            long target = sim.nowMs() + virtualMs;
            int ran = advance(target);
            behind.set(sim.nowMs() < target && !sim.isFinished());
            rateWindowEvents += ran;
            applyPending();
            if (runOver()) {
                playing.set(false);
            }
        }
        if (nowNanos - rateWindowStartNanos >= 1_000_000_000L) {
            double seconds = (nowNanos - rateWindowStartNanos) / 1e9;
            eventsPerSecond.set(String.format(Locale.ROOT, "%,.0f events/s",
                    rateWindowStartNanos == 0 ? 0 : rateWindowEvents / seconds));
            rateWindowStartNanos = nowNanos;
            rateWindowEvents = 0;
        }
        if (moved) {
            refresh(); // paused: nothing changed, nothing to redraw or flush
        }
    }

    /**
     * Runs the simulation towards {@code target}. In memory, up to {@link #MAX_EVENTS_PER_FRAME} events; on a
     * database, where every claim is a round trip, in small batches until about 8 ms of the frame are spent, so
     * the window keeps its frame rate and the clock simply runs slower. A database failure stops the run.
     */
    private int advance(long target) {
        try {
            if (database == null) {
                return sim.advanceTo(target, MAX_EVENTS_PER_FRAME);
            }
            long until = System.nanoTime() + DATABASE_FRAME_BUDGET_NANOS;
            int ran = 0;
            do {
                ran += sim.advanceTo(target, 16);
            } while (sim.nowMs() < target && System.nanoTime() < until);
            return ran;
        } catch (ClaimStoreException e) {
            databaseFailed(e);
            return 0;
        }
    }

    /** Time a frame may spend on database round trips, in real ns. */
    static final long DATABASE_FRAME_BUDGET_NANOS = 8_000_000;

    private void databaseFailed(ClaimStoreException e) {
        broken = true;
        playing.set(false);
        message.set("Database: " + e.getMessage() + " The run stopped; press Reset (R) to start over.");
    }

    /**
     * @return true once every job has ended and every key has expired: after the last job the clock keeps
     *         running while keys count down, so a class sees them go
     */
    private boolean runOver() {
        return broken || sim.isFinished() && (sim.store() == null || sim.store().liveKeys() == 0)
                && sim.provider().rememberedKeys() == 0;
    }

    private double virtualCarryMs;
    private long version;

    /** @return a number that changes whenever anything shown may have changed (the canvas skips a frame if not). */
    public long version() {
        return version;
    }

    /** Runs exactly one event of the simulation (pausing first); after the last job, the next key expiry. */
    public void stepOnce() {
        if (sim == null) {
            reset();
        }
        playing.set(false);
        if (sim == null || broken) { // still connecting to a database, or it failed
            return;
        }
        try {
            if (sim.step()) {
                rateWindowEvents++;
            }
        } catch (ClaimStoreException e) {
            databaseFailed(e);
        }
        applyPending();
        refresh();
    }

    /** Plays if paused, pauses if playing; a run that is over (jobs ended, keys expired) starts over first. */
    public void togglePlay() {
        if (sim == null || (!playing.get() && runOver())) {
            reset();
        }
        playing.set(!playing.get());
    }

    /** The provider loses the reply of the next welcome-email call (a click on the provider). */
    public void clickProvider() {
        if (sim == null || sim.isFinished()) {
            message.set("Every job has ended: press Reset (R) to start over, then click the provider.");
            return;
        }
        sim.loseNextReply();
        applyPending();
        refresh();
    }

    /**
     * Crashes the whole worker process now (a click on the workers): every worker stops mid-call, the in-memory
     * store is wiped, an in-memory queue loses its jobs, and the process restarts after the restart time.
     *
     * @return false, with a message, if the process is already down or every job has ended
     */
    public boolean crashWorkers() {
        if (sim == null) {
            reset();
        }
        if (sim.isDown()) {
            message.set("The worker process is already down: it restarts at " + VirtualTime.format(downUntilMs)
                    + ".");
            return false;
        }
        if (!sim.crashNow()) {
            message.set("Every job has ended: press Reset (R) to start over, then crash the workers.");
            return false;
        }
        message.set("");
        applyPending();
        refresh();
        return true;
    }

    /**
     * Selects the job to show its history; with {@code injectFault}, its next call also fails (a click on its
     * token).
     */
    public void clickJob(JobToken token, boolean injectFault) {
        selected.set(token);
        if (injectFault) {
            if (token.active() && sim.failNextCall(token.user())) {
                token.faultArmed = true;
                message.set("");
                applyPending();
            } else {
                message.set("user_" + token.user() + "'s job has ended: it makes no more calls.");
            }
        }
        refresh();
    }

    /** A click on a sign-up still waiting in the queue: the first call it starts will fail (with the fault on). */
    public void clickWaiting(long user, boolean injectFault) {
        JobToken t = tokens.computeIfAbsent(tokenKey(user, false), k -> new JobToken(user));
        clickJob(t, injectFault);
    }

    private void applyPending() {
        for (SimulationEvent e : pending) {
            apply(e);
        }
        pending.clear();
        if (!logBuffer.isEmpty()) { // one change to the list per frame, however many events ran
            int from = Math.max(0, logBuffer.size() - LOG_LIMIT); // only lines that stay are written out
            log.addAll(logBuffer.subList(from, logBuffer.size()).stream().map(LiveViewModel::describe).toList());
            logBuffer.clear();
            if (log.size() > LOG_LIMIT) {
                log.remove(0, log.size() - LOG_LIMIT);
            }
        }
        trimFinished();
        showHistory(false);
    }

    /** Shows the selected job's history: at once for a new selection, else only when it grew. */
    private void showHistory(boolean selectionChanged) {
        JobToken sel = selected.get();
        if (sel == null) {
            selectedHistory.clear();
        } else if (selectionChanged || selectedHistory.size() != sel.history().size()) {
            selectedHistory.setAll(sel.history().stream().map(LiveViewModel::describe).toList());
        }
    }

    private void apply(SimulationEvent e) {
        if (e.kind() == Kind.ARRIVED) {
            return; // waiting sign-ups are drawn from the engine's queue; a token is made when a worker takes one
        }
        JobToken t = e.user() < 0 ? null
                : tokens.computeIfAbsent(tokenKey(e.user(), e.repeat()), k -> new JobToken(e.user(), e.repeat()));
        if (t != null) {
            t.history().add(e);
        }
        switch (e.kind()) {
            case JOB_STARTED -> {
                if (!t.active()) {
                    finishedTokens--; // a redelivered copy of a job that had already ended runs again
                }
                t.phase = JobToken.Phase.QUEUED; // until its first call
                t.worker = e.worker();
                t.sinceMs = e.timeMs();
                t.delivery = Math.max(1, e.delivery());
                t.deliveredAtMs = e.timeMs();
                t.attempt = 1;
                if (e.worker() >= 0 && e.worker() < workerTokens.length) {
                    workerTokens[e.worker()] = t;
                }
            }
            case JOB_INTERRUPTED -> {
                leaveWorker(t);
                if (running.queue() == QueueKind.DURABLE) { // delivered again when its visibility timeout runs out
                    t.phase = JobToken.Phase.REDELIVERY;
                    t.sinceMs = e.timeMs();
                    t.untilMs = Math.max(e.timeMs(), t.deliveredAtMs + running.visibilityTimeoutMs());
                } // an in-memory queue: JOB_LOST follows
            }
            case JOB_LOST -> {
                leaveWorker(t);
                if (t.active()) {
                    finish(t, JobToken.Phase.LOST, e);
                }
            }
            case JOB_REDELIVERED -> {
                if (t.phase == JobToken.Phase.REDELIVERY) { // else still running: the copy waits in the queue
                    t.phase = JobToken.Phase.QUEUED;
                    t.sinceMs = e.timeMs();
                }
            }
            case JOB_IN_PROGRESS -> {
                leaveWorker(t);
                t.phase = JobToken.Phase.SENT_BACK;
                t.sinceMs = e.timeMs();
                t.untilMs = e.untilMs();
            }
            case WORKER_CRASHED -> {
                down = true;
                downUntilMs = e.untilMs();
                java.util.Arrays.fill(workerTokens, null);
            }
            case WORKER_RESTARTED -> down = false;
            case CALL_STARTED -> {
                t.phase = JobToken.Phase.CALLING;
                t.step = e.step();
                t.attempt = e.attempt();
                t.sinceMs = e.timeMs();
                t.untilMs = e.untilMs();
            }
            case CALL_FAILED -> t.faultArmed = false;
            case BACKOFF_STARTED -> {
                t.phase = JobToken.Phase.BACKOFF;
                t.sinceMs = e.timeMs();
                t.untilMs = e.untilMs();
            }
            case SIDE_EFFECT, DUPLICATE_SIDE_EFFECT -> {
                sideEffects[e.step()]++;
                if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                    duplicates[e.step()]++;
                }
                if (e.step() == SignupSteps.EMAIL) {
                    t.emails++;
                    addEnvelope(new Envelope(e.user(), t.emails, e.timeMs(), false));
                }
            }
            case EMAIL_SUPPRESSED -> addEnvelope(new Envelope(e.user(), 0, e.timeMs(), false));
            case REPLY_LOST -> markReplyLost(e.user());
            case STEP_SKIPPED -> t.step = e.step();
            case JOB_SUCCEEDED -> finish(t, JobToken.Phase.DONE, e);
            case JOB_FAILED -> finish(t, JobToken.Phase.FAILED, e);
            default -> {
            }
        }
        if (e.kind() != Kind.CALL_STARTED && e.kind() != Kind.CALL_SUCCEEDED && e.kind() != Kind.SIDE_EFFECT) {
            logBuffer.add(e); // the interesting ones; every call is in the job's history
        }
    }

    /** The job left its worker (ended, interrupted, sent back). */
    private void leaveWorker(JobToken t) {
        if (t.worker >= 0 && t.worker < workerTokens.length && workerTokens[t.worker] == t) {
            workerTokens[t.worker] = null;
        }
    }

    private void finish(JobToken t, JobToken.Phase phase, SimulationEvent e) {
        leaveWorker(t);
        t.phase = phase;
        t.sinceMs = e.timeMs();
        t.faultArmed = false;
        finishedTokens++;
    }

    /** The reply to the user's latest envelope was lost: mark it, so a class sees why the retry comes. */
    private void markReplyLost(long user) {
        Envelope last = envelopes.peekLast();
        if (last != null && last.user() == user) {
            envelopes.pollLast();
            envelopes.addLast(new Envelope(last.user(), last.nth(), last.atMs(), true));
        }
    }

    private void addEnvelope(Envelope envelope) {
        envelopes.addLast(envelope);
        while (envelopes.size() > ENVELOPE_LIMIT) {
            envelopes.removeFirst();
        }
    }

    /** Keeps the most recent finished jobs only, so a long run's memory stays bounded. */
    private void trimFinished() {
        if (finishedTokens <= FINISHED_TOKENS_KEPT) {
            return;
        }
        Iterator<JobToken> it = tokens.values().iterator();
        while (finishedTokens > FINISHED_TOKENS_KEPT && it.hasNext()) {
            JobToken t = it.next();
            if (!t.active() && t != selected.get()) {
                it.remove();
                finishedTokens--;
            }
        }
    }

    private void refresh() {
        version++;
        long now = sim == null ? 0 : sim.nowMs();
        clock.set(VirtualTime.format(now));
        finished.set(sim != null && runOver());
        if (sim != null) {
            StrategyResult r = sim.result();
            counters.set(String.format(Locale.ROOT,
                    "jobs done %,d · failed %,d · calls %,d · users with 2+ emails %,d",
                    sim.finishedJobs() - r.failedJobs() - r.lostJobs(), r.failedJobs(), r.calls(),
                    r.usersWithDuplicateEmails()));
            failures.set(failuresText(r));
            if (sim.isFinished() && sim.keysAlive()) {
                long next = sim.nextKeyExpiryMs();
                ending.set("All jobs have ended; the clock runs on until the last key expires (next in "
                        + VirtualTime.countdown(Math.max(0, next - now)) + ")");
            } else {
                ending.set("");
            }
        }
        for (LiveRunListener l : frameListeners) {
            l.frame(now);
        }
    }

    /** @return the durable path's counters that are not zero, as one line ("" when all are zero). */
    static String failuresText(StrategyResult r) {
        List<String> parts = new ArrayList<>();
        for (Metric m : Metric.values()) {
            if (m.status() == Metric.Status.WHEN_NONZERO && r.get(m) != 0) {
                parts.add(m.statusName() + " " + m.text(r));
            }
        }
        return String.join(" · ", parts);
    }

    /** @return one line for the log or a history: virtual time, who, what. */
    public static String describe(SimulationEvent e) {
        String who = e.user() >= 0 ? "user_" + e.user() + (e.repeat() ? " (repeat)" : "")
                : e.kind() == Kind.WORKER_CRASHED || e.kind() == Kind.WORKER_RESTARTED ? "workers" : "provider";
        String step = e.step() < 0 ? "" : " · " + e.stepName();
        String attempt = e.attempt() > 1 ? " (attempt " + e.attempt() + ")" : "";
        String what = switch (e.kind()) {
            case ARRIVED -> "arrived in the queue";
            case JOB_STARTED -> "taken by worker " + (e.worker() + 1);
            case CALL_STARTED -> "call started, ends at " + VirtualTime.format(e.untilMs());
            case CALL_FAILED -> "call failed: " + e.note();
            case SIDE_EFFECT -> "side effect done";
            case DUPLICATE_SIDE_EFFECT -> "side effect done AGAIN: " + e.note();
            case EMAIL_SUPPRESSED -> "no email sent: " + e.note();
            case REPLY_LOST -> "email went out, reply lost: " + e.note();
            case CALL_SUCCEEDED -> "call returned";
            case STEP_SKIPPED -> "skipped: the store had a saved result";
            case RUN_SHARED -> e.note();
            case BACKOFF_STARTED -> "backoff until " + VirtualTime.format(e.untilMs()) + " after: " + e.note();
            case JOB_SUCCEEDED -> "job done";
            case JOB_FAILED -> "job FAILED: out of attempts";
            case FAULT_ARMED -> "fault armed: " + e.note();
            case WORKER_CRASHED -> "CRASHED: " + e.note() + "; restarts at " + VirtualTime.format(e.untilMs());
            case WORKER_RESTARTED -> "restarted: " + e.note();
            case JOB_INTERRUPTED -> "interrupted: " + e.note();
            case JOB_LOST -> "LOST: " + e.note();
            case JOB_REDELIVERED -> "visible again (redelivery): " + e.note();
            case JOB_IN_PROGRESS -> e.note() + "; back to the queue until " + VirtualTime.format(e.untilMs());
            case LEASE_RECLAIMED -> "lease reclaimed: " + e.note();
            case KEY_MISMATCH -> "key mismatch: " + e.note();
        };
        return VirtualTime.format(e.timeMs()) + "  " + who + step + attempt + ": " + what;
    }

    /** @return the tokens of the jobs seen so far (recent finished ones included), in arrival order. */
    public Iterable<JobToken> tokens() {
        return tokens.values();
    }

    /** @return the token of {@code user}'s first job, or null. */
    public JobToken token(long user) {
        return tokens.get(tokenKey(user, false));
    }

    /** @return the token of {@code user}'s first job, or of its repeated request, or null. */
    public JobToken token(long user, boolean repeat) {
        return tokens.get(tokenKey(user, repeat));
    }

    /** A user's first job and its repeated request are two tokens. */
    private static long tokenKey(long user, boolean repeat) {
        return user * 2 + (repeat ? 1 : 0);
    }

    /** @return the most recent welcome emails at the provider, oldest first. */
    public Iterable<Envelope> envelopes() {
        return envelopes;
    }

    /** @return side effects done at {@code step} so far, first times and repeats. */
    public long sideEffects(int step) {
        return sideEffects[step];
    }

    /** @return side effects done again at {@code step} so far. */
    public long duplicates(int step) {
        return duplicates[step];
    }

    /** @return jobs that ended so far (all of them, though only recent ones keep a token). */
    public long finishedJobs() {
        return sim == null ? 0 : sim.finishedJobs();
    }

    /** @return true while the provider's next reply is set to be lost and a job can still use it. */
    public boolean providerArmed() {
        return sim != null && !sim.isFinished() && sim.isNextReplyLost();
    }

    /** @return the simulation being played, or null before the first reset. */
    public SignupSimulation simulation() {
        return sim;
    }

    /** @return the virtual time in ms. */
    public long nowMs() {
        return sim == null ? 0 : sim.nowMs();
    }

    /** @return the strategy a reset runs; a preset chosen here also sets the three parts below. */
    public ObjectProperty<Strategy> strategyProperty() {
        return strategy;
    }

    /** @return what a retry repeats (part of the strategy). */
    public ObjectProperty<RetryScope> scopeProperty() {
        return scope;
    }

    /** @return the key the email step sends the provider (part of the strategy). */
    public ObjectProperty<KeyMode> keyModeProperty() {
        return keyMode;
    }

    /** @return the idempotency store every step goes through (part of the strategy). */
    public ObjectProperty<StoreKind> storeProperty() {
        return store;
    }

    /** @return why the chosen parts make no strategy (skip finished steps with no store or a lock), or "". */
    public ReadOnlyStringProperty strategyProblemProperty() {
        return strategyProblem.getReadOnlyProperty();
    }

    /** @return true while the worker process is down after a crash. */
    public boolean workersDown() {
        return down;
    }

    /** @return when the crashed worker process starts again, virtual ms (meaningful while {@link #workersDown}). */
    public long restartAtMs() {
        return downUntilMs;
    }

    /** @return the token each worker runs now (null: idle or down), indexed by worker; a copy. */
    public JobToken[] workerTokens() {
        return workerTokens.clone();
    }

    /** @return crashes, lost jobs, redeliveries, in-progress refusals, lease reclaims and key mismatches that are
     *          not zero, as one line, or "" */
    public ReadOnlyStringProperty failuresProperty() {
        return failures.getReadOnlyProperty();
    }

    public BooleanProperty playingProperty() {
        return playing;
    }

    /** Real time a loaded live scenario should take at the speed {@link #lessonSpeed} picks: about a minute. */
    public static final long LESSON_REAL_MS = 60_000;

    private static final double[] NICE_SPEEDS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

    /**
     * The speed at which a live scenario shows its lesson in about {@link #LESSON_REAL_MS} of real time: its
     * estimated virtual length (arrivals, or the calls on its workers, plus, when workers can crash, one lease
     * and one visibility timeout for what a crash leaves behind) over a minute, rounded to 1, 2, 5, 10, 20, ... ×, never below 1× (a short
     * run plays in real time) nor above {@link #MAX_SPEED}. The stuck-in_progress preset (200 sign-ups arriving at
     * 0.5 / s, a 60 s lease) gets 10×: the lease runs out in 6 s and the run ends within a minute.
     *
     * @param s the scenario loaded into the live view
     * @return virtual time per real time, 1 to {@link #MAX_SPEED}
     */
    public static double lessonSpeed(Scenario s) {
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

    /** @return virtual time per real time, {@link #MIN_SPEED}..{@link #MAX_SPEED}. */
    public DoubleProperty speedProperty() {
        return speed;
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
        return behind.getReadOnlyProperty();
    }

    public ObservableList<String> log() {
        return log;
    }

    public ObjectProperty<JobToken> selectedProperty() {
        return selected;
    }

    /** @return the selected job's history, one line per event. */
    public ObservableList<String> selectedHistory() {
        return selectedHistory;
    }

    /** @return virtual time as text. */
    public ReadOnlyStringProperty clockProperty() {
        return clock.getReadOnlyProperty();
    }

    /** @return jobs done and failed, calls and duplicate emails so far, as one line. */
    public ReadOnlyStringProperty countersProperty() {
        return counters.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty eventsPerSecondProperty() {
        return eventsPerSecond.getReadOnlyProperty();
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
