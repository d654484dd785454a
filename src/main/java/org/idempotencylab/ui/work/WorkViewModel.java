package org.idempotencylab.ui.work;

import static org.idempotencylab.ui.work.WorkTexts.TEXTS;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.ClaimTableView;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.work.EmbeddedDatabase;
import org.idempotencylab.work.RunWatch;
import org.idempotencylab.work.WorkConfig;
import org.idempotencylab.work.WorkParameters;
import org.idempotencylab.work.WorkRun;
import org.idempotencylab.work.WorkTables;

/**
 * The Real workers tab: a real run of {@code work} ({@link WorkRun}: worker processes on one PostgreSQL, a queue
 * table, the claim table {@code processed_jobs}, the provider table) started, watched and steered from the window.
 *
 * <p>The form holds the values as typed; {@link #start()} checks them through the one validation the command line
 * uses ({@link Parameter} ranges, {@link WorkParameters#processes}, {@link WorkParameters#killEveryMs},
 * {@link WorkParameters#postgresUrl}, {@link Strategy}'s combination rule) and refuses with one message naming the
 * field, the value and the allowed range. Everything slow runs off the FX thread, on the run's own thread: the
 * embedded PostgreSQL's start (no URL), the tables' preparation, the run itself; and on a poller every
 * {@value #POLL_MS} ms, the database reads (the queue's progress, the jobs per worker process, the provider's sends
 * per user, the claim table through a {@link ClaimTableView}). The FX thread only applies what they read
 * ({@code fx}). {@link #kill(int)} kills a real worker process with SIGKILL on a control thread. {@link #stop()} and
 * {@link #shutdown()} kill every worker process and stop the embedded database.
 *
 * <p>Times are wall-clock ms since the run began (the claim table's epoch). Every public method must be called on
 * the FX thread ({@code fx}'s thread).
 */
public final class WorkViewModel {
    /** Wall-clock ms between two reads of the database while a run goes. */
    public static final long POLL_MS = 500;
    /** Users shown at most in the provider's table: those with 2+ emails first, then the latest. */
    public static final int SENDS_SHOWN = 200;
    /** Rows shown at most in the claim table: {@code in_progress} first, then the newest. */
    public static final int CLAIMS_SHOWN = 500;
    /** Lines kept in the event log, the newest first. */
    public static final int EVENTS_KEPT = 300;
    /** The parameters the form takes, besides processes, kill gap, strategy and URL. */
    static final List<Parameter> FORM = List.of(Parameter.JOBS, Parameter.WORKERS, Parameter.P_FAIL,
            Parameter.LOST_REPLY, Parameter.CALL_MS, Parameter.RESTART_MS);

    /**
     * The tab's call time, wall-clock ms on average: 300 sign-ups × 10 calls of 50 ms shared by 3 × 2 workers keep a
     * run going some 30 s on two cores (28 s measured quietly, more under load), time for a class to click a worker
     * process before the run ends. The command's own default ({@code work --call-ms}, 2 ms) ends the same run in
     * about 3 s.
     */
    public static final long CALL_MS = 50;

    /** The defaults of the form: a run of some 30 s wall-clock ({@link #CALL_MS}), the second article's fix. */
    public static final Scenario DEFAULTS = WorkParameters.DEFAULTS.toBuilder().jobs(300).workers(2).callMs(CALL_MS)
            .build();

    /** One user's welcome emails, as the provider's table shows them. */
    public record SendRow(String user, long sent, long suppressed, boolean duplicate) {
    }

    /** One line of the metrics table: what it is (label and key as {@code work} prints it) and its value. */
    public record MetricRow(String name, String value) {
    }

    /** What one start asks for, checked. */
    record Plan(int processes, long killEveryMs, String url, Scenario scenario, Strategy strategy) {
    }

    private final ExecutorService runner;
    private final ScheduledExecutorService poller;
    private final ExecutorService control;
    private final Executor fx;

    private final StringProperty processes = new SimpleStringProperty("3");
    private final StringProperty killEveryMs = new SimpleStringProperty("0");
    private final StringProperty db = new SimpleStringProperty("");
    private final Map<Parameter, StringProperty> fields = new HashMap<>();
    private final ObjectProperty<RetryScope> retry = new SimpleObjectProperty<>(RetryScope.WHOLE_JOB_SKIP_FINISHED);
    private final ObjectProperty<StoreKind> store = new SimpleObjectProperty<>(StoreKind.CLAIM_TABLE);
    private final ObjectProperty<KeyMode> keyMode = new SimpleObjectProperty<>(KeyMode.SAME);

    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyBooleanWrapper stoppable = new ReadOnlyBooleanWrapper(this, "stoppable");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status",
            TEXTS.format("status.idle", CALL_MS));
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper(this, "progressText", "");
    private final DoubleProperty progress = new SimpleDoubleProperty(this, "progress", 0);
    private final ReadOnlyStringWrapper claimNote = new ReadOnlyStringWrapper(this, "claimNote",
            TEXTS.get("claims.before"));
    private final ReadOnlyStringWrapper sendCounters = new ReadOnlyStringWrapper(this, "sendCounters", "");
    private final ObservableList<ProcessRow> processRows = FXCollections.observableArrayList();
    private final ObservableList<String> events = FXCollections.observableArrayList();
    private final ObservableList<SendRow> sends = FXCollections.observableArrayList();
    private final ObservableList<MetricRow> metrics = FXCollections.observableArrayList();
    // read-only views, made once: a wrapper listens to its list weakly, so a listener on a new one would be lost
    private final ObservableList<ProcessRow> processRowsShown = FXCollections.unmodifiableObservableList(processRows);
    private final ObservableList<String> eventsShown = FXCollections.unmodifiableObservableList(events);
    private final ObservableList<SendRow> sendsShown = FXCollections.unmodifiableObservableList(sends);
    private final ObservableList<MetricRow> metricsShown = FXCollections.unmodifiableObservableList(metrics);

    private ClaimTableView claimView;
    // the run going, if any: written on the run's thread, read on the others
    private volatile WorkRun run;
    private volatile boolean stopAsked;
    // the run's outcome is in (it finished): the clean-up after it is not a run to stop
    private volatile boolean finished;
    private Future<?> task;
    private long startedAtMs;
    // FX thread: what the poll saw last, per slot, for the event log
    private final Map<Integer, WorkRun.WorkerOsProcessView> lastSeen = new HashMap<>();
    private final Set<Long> killedByClick = new HashSet<>();
    private final Set<Long> killedPids = new HashSet<>();

    /** A view-model with threads of its own (daemons), which applies results through {@code Platform.runLater}. */
    public WorkViewModel() {
        this(daemon("lab-work-run"), Executors.newSingleThreadScheduledExecutor(r -> thread(r, "lab-work-poll")),
                daemon("lab-work-control"), javafx.application.Platform::runLater);
    }

    /**
     * @param runner  runs a whole run (the embedded database's start, the run, the clean-up), one at a time
     * @param poller  reads the database every {@value #POLL_MS} ms while a run goes
     * @param control kills a worker process a click asked for
     * @param fx      the FX thread: where results are applied
     */
    public WorkViewModel(ExecutorService runner, ScheduledExecutorService poller, ExecutorService control,
                         Executor fx) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.poller = Objects.requireNonNull(poller, "poller");
        this.control = Objects.requireNonNull(control, "control");
        this.fx = Objects.requireNonNull(fx, "fx");
        for (Parameter p : FORM) {
            fields.put(p, new SimpleStringProperty(ParameterBinding.format(p, p.number(DEFAULTS))));
        }
    }

    private static ExecutorService daemon(String name) {
        return Executors.newSingleThreadExecutor(r -> thread(r, name));
    }

    private static Thread thread(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** The claim table's view this tab shows the run's {@code processed_jobs} in (the controller gives it). */
    public void setClaimView(ClaimTableView view) {
        this.claimView = view;
    }

    // ---------------------------------------------------------------- the form

    /** @return the text of {@code p}'s field, as typed (probabilities in percent) */
    public StringProperty field(Parameter p) {
        StringProperty f = fields.get(p);
        if (f == null) {
            throw new IllegalArgumentException(p.id() + " is not on this form");
        }
        return f;
    }

    /** @return worker processes, as typed (1 to {@value WorkParameters#MAX_PROCESSES}) */
    public StringProperty processesProperty() {
        return processes;
    }

    /** @return the chaos loop's mean gap between kills, wall-clock ms, as typed (0: no kills) */
    public StringProperty killEveryMsProperty() {
        return killEveryMs;
    }

    /** @return the PostgreSQL JDBC URL as typed; empty: an embedded PostgreSQL */
    public StringProperty dbProperty() {
        return db;
    }

    public ObjectProperty<RetryScope> retryProperty() {
        return retry;
    }

    public ObjectProperty<StoreKind> storeProperty() {
        return store;
    }

    public ObjectProperty<KeyMode> keyModeProperty() {
        return keyMode;
    }

    /**
     * @return the form's values, checked
     * @throws IllegalArgumentException one message naming the field, the value and the allowed range
     */
    Plan plan() {
        int n = WorkParameters.processes(TEXTS.get("field.processes"), processes.get());
        long kill = WorkParameters.killEveryMs(TEXTS.get("field.killEveryMs"), killEveryMs.get());
        String url = db.get() == null || db.get().isBlank() ? null
                : WorkParameters.postgresUrl(TEXTS.get("field.db"), db.get(), TEXTS.get("prompt.db"));
        Scenario.Builder b = DEFAULTS.toBuilder();
        for (Parameter p : FORM) {
            try {
                p.set(b, ParameterBinding.parse(p, fields.get(p).get()));
            } catch (ParameterException e) {
                throw new IllegalArgumentException(ParameterBinding.message(e), e);
            }
        }
        Scenario s;
        try {
            s = b.build();
        } catch (ParameterException e) {
            throw new IllegalArgumentException(ParameterBinding.message(e), e);
        }
        Strategy strategy = Strategy.of(retry.get(), keyMode.get(), store.get()); // refuses skip-finished without a record
        return new Plan(n, kill, url, s, strategy);
    }

    // ---------------------------------------------------------------- the run

    /**
     * Starts a real run with the form's values, unless one is going. A refused value starts nothing and shows its
     * message ({@link #messageProperty()}).
     *
     * @return true if it started
     */
    public boolean start() {
        if (running.get()) {
            return false;
        }
        Plan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            message.set(e.getMessage());
            return false;
        }
        message.set("");
        stopAsked = false;
        finished = false;
        running.set(true);
        stoppable.set(true);
        progress.set(0);
        progressText.set("");
        events.clear();
        sends.clear();
        metrics.clear();
        sendCounters.set("");
        lastSeen.clear();
        killedByClick.clear();
        killedPids.clear();
        processRows.clear();
        for (int i = 0; i < plan.processes(); i++) {
            processRows.add(new ProcessRow(i));
        }
        if (claimView != null) {
            claimView.attach(null);
        }
        claimNote.set(plan.strategy().store() == StoreKind.CLAIM_TABLE ? ""
                : TEXTS.format("claims.none", plan.strategy().store().cliName()));
        status.set(TEXTS.get(plan.url() == null ? "status.embedded" : "status.preparing"));
        task = runner.submit(() -> runInBackground(plan));
        return true;
    }

    /** The run's thread: the database, the run, the clean-up; every result goes to the FX thread. */
    private void runInBackground(Plan plan) {
        EmbeddedDatabase embedded = null;
        RunWatch watch = null;
        JdbcClaimStore claims = null;
        Future<?> polling = null;
        AtomicBoolean applying = new AtomicBoolean();
        try {
            String url = plan.url();
            if (url == null) {
                // a window closed mid-start or mid-run, or a lab that crashed, leaves no server: its own shutdown
                // hook and watchdog see to that
                embedded = EmbeddedDatabase.start();
                url = embedded.url();
            }
            if (stopAsked) {
                throw new WorkRun.WorkException("work: stopped");
            }
            fx.execute(() -> status.set(TEXTS.get("status.preparing")));
            JdbcClaimStore.Options ids = WorkRun.newRun();
            WorkConfig cfg = WorkParameters.config(url, ids.runId(), ids.epoch().toEpochMilli(), plan.processes(),
                    plan.scenario(), plan.strategy());
            WorkRun.prepare(cfg, false);
            watch = RunWatch.open(cfg);
            if (cfg.store() == StoreKind.CLAIM_TABLE) {
                claims = JdbcClaimStore.open(url, new JdbcClaimStore.Options(WorkTables.CLAIMS, cfg.runId(),
                        Instant.ofEpochMilli(cfg.epochMs())), 1);
            }
            WorkRun r = WorkRun.create(cfg, new WorkRun.Chaos(plan.killEveryMs(), plan.scenario().restartMs()),
                    new PrintWriter(new Lines(line -> fx.execute(() -> event("event.worker", line))), true));
            JdbcClaimStore shown = claims;
            AtomicBoolean attached = new AtomicBoolean();
            fx.execute(() -> {
                startedAtMs = cfg.epochMs();
                if (claimView != null) {
                    claimView.attach(shown);
                }
                attached.set(true);
                status.set(TEXTS.format("status.running", cfg.runId(), cfg.processes(), cfg.scenario().workers(),
                        cfg.scenario().jobs()));
                event("event.run", cfg.runId());
            });
            run = r;
            if (stopAsked) {
                r.stop();
            }
            RunWatch w = watch;
            polling = poller.scheduleWithFixedDelay(() -> poll(r, w, cfg, attached, applying), POLL_MS, POLL_MS,
                    TimeUnit.MILLISECONDS);
            WorkRun.Outcome o = r.run(plan.strategy());
            finished = true;
            polling.cancel(false);
            awaitPoll(polling);
            polling = null;
            applying.set(false);
            poll(r, w, cfg, attached, applying); // the tables as the run left them
            List<MetricRow> rows = metricRows(o, cfg);
            fx.execute(() -> {
                stoppable.set(false); // what is left is the clean-up: nothing for Stop to stop
                metrics.setAll(rows);
                progress.set(1);
                event("event.finished");
                status.set(TEXTS.format("status.finished", o.result().jobs(), VirtualTime.format(o.wallMs()),
                        jobsPerSecond(o).toPlainString()));
            });
        } catch (RuntimeException e) {
            boolean stopped = stopAsked && !finished;
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            fx.execute(() -> {
                stoppable.set(false);
                status.set(stopped ? TEXTS.get("status.stopped") : TEXTS.format("status.failed", why));
                if (stopped) { // the boxes say so at once, not the last read before the stop
                    processRows.forEach(ProcessRow::stopped);
                    event("event.stopped");
                }
            });
        } finally {
            run = null;
            if (polling != null) {
                polling.cancel(false);
                awaitPoll(polling);
            }
            if (watch != null) {
                watch.close();
            }
            if (claims != null) {
                claims.close(); // the view keeps the rows it read last
            }
            if (embedded != null) {
                embedded.close();
            }
            boolean stopped = stopAsked && !finished;
            fx.execute(() -> {
                if (stopped) { // again after the last poll, which may have shown its read meanwhile
                    processRows.forEach(ProcessRow::stopped);
                }
                stoppable.set(false);
                running.set(false);
            });
        }
    }

    private void awaitPoll(Future<?> polling) {
        // a poll that is running finishes its reads before the connections close: wait for it on the poller
        try {
            poller.submit(() -> { }).get(15, TimeUnit.SECONDS);
        } catch (Exception e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The poller: reads the database and the processes, then applies them on the FX thread; skips if one is pending. */
    private void poll(WorkRun r, RunWatch watch, WorkConfig cfg, AtomicBoolean attached, AtomicBoolean applying) {
        if (!attached.get() || !applying.compareAndSet(false, true)) {
            return; // the FX thread has not shown the last read yet: the view's read and show never overlap
        }
        long nowMs = Math.max(0, System.currentTimeMillis() - cfg.epochMs());
        List<WorkRun.WorkerOsProcessView> procs = r.processes();
        RunWatch.Progress p;
        Map<String, Long> jobs;
        RunWatch.Sends s;
        try {
            p = watch.progress();
            jobs = watch.jobsByProcess();
            s = watch.sends(SENDS_SHOWN);
        } catch (ClaimStoreException e) {
            String why = e.getMessage();
            fx.execute(() -> {
                message.set(why);
                applying.set(false);
            });
            return;
        }
        if (claimView != null) {
            claimView.read(nowMs);
        }
        List<SendRow> rows = new ArrayList<>();
        for (RunWatch.UserSends u : s.rows()) {
            rows.add(new SendRow(u.user(), u.sent(), u.suppressed(), u.duplicate()));
        }
        fx.execute(() -> {
            try {
                applyProcesses(procs, jobs);
                progress.set(p.jobs() == 0 ? 0 : (double) p.ended() / p.jobs());
                progressText.set(TEXTS.format("progress", p.ended(), p.jobs(), p.done(), p.failed(), p.dead(),
                        p.running()));
                sends.setAll(rows);
                sendCounters.set(TEXTS.format("sends.counters", s.users(), s.sent(), s.suppressed(),
                        s.usersWithTwoPlus()));
                if (claimView != null) {
                    claimView.show(nowMs);
                }
            } finally {
                applying.set(false);
            }
        });
    }

    /**
     * FX thread: the boxes take the processes' states (and, unless {@code jobs} is null, the jobs each took); a
     * change of state is an event line.
     */
    private void applyProcesses(List<WorkRun.WorkerOsProcessView> procs, Map<String, Long> jobs) {
        for (WorkRun.WorkerOsProcessView v : procs) {
            if (v.slot() >= processRows.size()) {
                continue;
            }
            ProcessRow row = processRows.get(v.slot());
            row.update(v);
            if (jobs != null) {
                long slotJobs = 0;
                for (Map.Entry<String, Long> e : jobs.entrySet()) {
                    if (e.getKey().startsWith("p" + v.slot() + ".")) {
                        slotJobs += e.getValue();
                    }
                }
                row.jobs(slotJobs, jobs.getOrDefault(v.name(), 0L));
            }
            WorkRun.WorkerOsProcessView was = lastSeen.put(v.slot(), v);
            if (v.pid() < 0 || was != null && was.pid() == v.pid() && was.state() == v.state()) {
                continue;
            }
            boolean newPid = was == null || was.pid() != v.pid();
            switch (v.state()) {
                case KILLED -> {
                    if (!killedByClick.contains(v.pid()) && killedPids.add(v.pid())) {
                        event("event.chaosKilled", v.name(), v.pid());
                    }
                }
                case STARTING -> {
                    if (newPid && v.incarnation() > 0) {
                        event("event.started", v.name(), v.pid());
                    }
                }
                case RUNNING -> {
                    if (newPid && v.incarnation() > 0) {
                        event("event.started", v.name(), v.pid());
                    }
                    event("event.ready", v.name(), v.pid());
                }
                case ENDED -> event("event.ended", v.name(), v.pid());
            }
        }
    }

    /**
     * Kills the real worker process shown in box {@code slot} with SIGKILL (on the control thread, through
     * {@link WorkRun#kill}); the box shows it killed, then restarting, and the event log says so. Nothing but an
     * event line if no run is going or the slot has no live process.
     */
    public void kill(int slot) {
        WorkRun r = run;
        if (r == null || slot < 0 || slot >= processRows.size()) {
            event("event.notKilled", "p" + slot);
            return;
        }
        processRows.get(slot).killing();
        control.execute(() -> {
            OptionalLong pid = r.kill(slot);
            List<WorkRun.WorkerOsProcessView> procs = r.processes();
            fx.execute(() -> {
                WorkRun.WorkerOsProcessView v = procs.get(slot);
                if (pid.isPresent()) {
                    killedByClick.add(pid.getAsLong());
                    killedPids.add(pid.getAsLong());
                    event("event.youKilled", "p" + slot + "." + v.incarnation(), pid.getAsLong(),
                            VirtualTime.countdown(Math.max(0, v.restartInMs())));
                } else {
                    event("event.notKilled", "p" + slot);
                }
                applyProcesses(procs, null);
            });
        });
    }

    /**
     * Stops the run going, if any: its worker processes are killed and the embedded database stops. Nothing once
     * the run has finished or failed ({@link #stoppableProperty()} false), while its clean-up goes: the status
     * keeps saying how it ended.
     */
    public void stop() {
        if (!stoppable.get() || finished) {
            return;
        }
        stopAsked = true;
        status.set(TEXTS.get("status.stopping"));
        WorkRun r = run;
        if (r != null) {
            r.stop();
        }
    }

    /**
     * The window closes: stops the run going and waits (up to 30 s) until its worker processes are gone and the
     * embedded database has stopped, so nothing is left behind; then ends this view-model's threads.
     */
    public void shutdown() {
        stopAsked = true;
        WorkRun r = run;
        if (r != null) {
            r.stop();
        }
        Future<?> t = task;
        if (t != null) {
            try {
                t.get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                // stopped, failed or too slow: the shutdown hooks kill what is left
            }
        }
        runner.shutdownNow();
        poller.shutdownNow();
        control.shutdownNow();
    }

    private void event(String key, Object... args) {
        Object[] all = new Object[args.length + 1];
        all[0] = VirtualTime.format(Math.max(0, System.currentTimeMillis() - startedAtMs));
        System.arraycopy(args, 0, all, 1, args.length);
        events.add(0, TEXTS.format(key, all));
        if (events.size() > EVENTS_KEPT) {
            events.remove(EVENTS_KEPT, events.size());
        }
    }

    private static BigDecimal jobsPerSecond(WorkRun.Outcome o) {
        return BigDecimal.valueOf(o.jobsPerSecond()).setScale(1, RoundingMode.HALF_UP);
    }

    /** @return every metric {@code work} prints, in its order, then its own keys (run id, processes, ..., jobs/s) */
    static List<MetricRow> metricRows(WorkRun.Outcome o, WorkConfig cfg) {
        List<MetricRow> rows = new ArrayList<>();
        rows.add(new MetricRow(TEXTS.get("metric.strategy"), o.result().strategy().name()));
        for (Metric m : Metric.values()) {
            rows.add(new MetricRow(m.label() + " (" + m.id() + ")", m == Metric.VIRTUAL_TIME_MS
                    ? TEXTS.format("metric.wallClock", m.text(o.result())) : m.text(o.result())));
        }
        rows.add(new MetricRow(TEXTS.get("metric.runId"), o.runId()));
        rows.add(new MetricRow(TEXTS.get("metric.processes"), Integer.toString(cfg.processes())));
        rows.add(new MetricRow(TEXTS.get("metric.workersPerProcess"), Integer.toString(cfg.scenario().workers())));
        rows.add(new MetricRow(TEXTS.get("metric.restarts"), Long.toString(o.restarts())));
        rows.add(new MetricRow(TEXTS.get("metric.wallTimeMs"), Parameter.grouped(o.wallMs())));
        rows.add(new MetricRow(TEXTS.get("metric.jobsPerSecond"), jobsPerSecond(o).toPlainString()));
        return rows;
    }

    // ---------------------------------------------------------------- what the view shows

    /** @return true while a run goes (from Start until its clean-up is done) */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /**
     * @return true while there is a run to stop: from Start (the embedded database's start included) until the
     *         run has finished, failed or been stopped; false during the clean-up after it, and when idle
     */
    public ReadOnlyBooleanProperty stoppableProperty() {
        return stoppable.getReadOnlyProperty();
    }

    /** @return the refusal of a typed value, or a database read's failure; empty when all is well */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** @return one line on what the run is doing, or how it ended */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** @return jobs ended over jobs in all, 0..1, as the queue table last said */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }

    /** @return the queue's counts, e.g. {@code Jobs ended 120 of 300 (done 118 · ...)} */
    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    /** @return why there is no claim table to show (before a run, or a run with another store); else empty */
    public ReadOnlyStringProperty claimNoteProperty() {
        return claimNote.getReadOnlyProperty();
    }

    /** @return the provider's counts over the whole run */
    public ReadOnlyStringProperty sendCountersProperty() {
        return sendCounters.getReadOnlyProperty();
    }

    /** @return one row per worker process (slot), in slot order */
    public ObservableList<ProcessRow> processRows() {
        return processRowsShown;
    }

    /** @return the event log, the newest line first, at most {@value #EVENTS_KEPT} */
    public ObservableList<String> events() {
        return eventsShown;
    }

    /** @return the provider's sends per user, duplicates first */
    public ObservableList<SendRow> sends() {
        return sendsShown;
    }

    /** @return the finished run's metrics; empty until it has finished */
    public ObservableList<MetricRow> metrics() {
        return metricsShown;
    }
}
