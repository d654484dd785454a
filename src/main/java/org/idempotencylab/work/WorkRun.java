package org.idempotencylab.work;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.engine.Mulberry32;
import org.idempotencylab.engine.RandomStreams;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.DroppedRuns;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.RunRegistry;
import org.idempotencylab.store.TableCheck;

/**
 * The parent of a run of real workers ({@code work}): puts the sign-ups on the queue table, starts
 * {@code processes} worker processes (JVMs of this same program, {@link WorkerOsProcess}), runs the chaos loop that
 * kills one of them with SIGKILL every {@code killEveryMs} or so and starts it again {@code restartMs} later,
 * waits until every job is done, failed or dead-lettered, and reads the metrics back from the tables
 * ({@link WorkMetrics}). Times are wall-clock ms.
 *
 * <p>The kill is {@link Process#destroyForcibly()}, which on Linux and macOS sends SIGKILL: the worker runs no
 * code at all as it dies; its open transactions roll back when PostgreSQL sees the connection close, its claims
 * stay {@code in_progress} until their lease runs out, and the jobs it held become visible again when their
 * visibility timeout passes.
 */
public final class WorkRun {
    /** Wall-clock ms between two looks of the parent at the queue, the processes and the chaos clock. */
    static final long TICK_MS = 10;

    /** JVM options of a worker process: a quick start, a small heap (the workers wait on sleeps and I/O). */
    static final List<String> WORKER_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xmx128m", "-Xss512k", "-XX:-UsePerfData");

    /** Jobs ended before the parent gathers the tables' statistics ({@link WorkTables#analyze}). */
    static final long ANALYZE_AFTER_JOBS = 20;

    /** The main class a worker process starts with. */
    static final String WORKER_MAIN = WorkerOsMain.class.getName();

    /**
     * What one run did.
     *
     * @param result   the metrics, read from the tables
     * @param runId    the run id its rows carry
     * @param wallMs   wall-clock ms from the first process's start to the last job's end
     * @param kills    worker processes killed by the chaos loop
     * @param restarts worker processes started again after a kill
     */
    public record Outcome(StrategyResult result, String runId, long wallMs, long kills, long restarts) {
        /** @return sign-ups per wall-clock second (each ends done, failed or dead-lettered) */
        public double jobsPerSecond() {
            return result.jobs() * 1000.0 / Math.max(1, wallMs);
        }
    }

    /**
     * The chaos loop's settings.
     *
     * @param killEveryMs mean wall-clock ms between two kills (each gap drawn uniformly in [0.5, 1.5) times it);
     *                    0 for no kills
     * @param restartMs   wall-clock ms from a kill to the new start of that process
     */
    public record Chaos(long killEveryMs, long restartMs) {
        /** No kills. */
        public static final Chaos NONE = new Chaos(0, 0);
    }

    /** A run that could not finish: one line saying why. */
    public static final class WorkException extends RuntimeException {
        public WorkException(String message) {
            super(message);
        }
    }

    private final WorkConfig cfg;
    private final Chaos chaos;
    private final PrintWriter err;
    private final Mulberry32 chaosDraws;
    private final Slot[] slots;
    private volatile String childFailure;
    private volatile boolean stopAsked;
    private boolean ended; // the queue is empty or the run stopped: no more kills or starts (under this's lock)
    private boolean started;
    private long kills;
    private long restarts;

    private WorkRun(WorkConfig cfg, Chaos chaos, PrintWriter err) {
        this.cfg = cfg;
        this.chaos = chaos;
        this.err = err;
        this.chaosDraws = RandomStreams.derived(cfg.scenario().seed(), RandomStreams.Purpose.CRASHES);
        this.slots = new Slot[cfg.processes()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Slot(i);
        }
    }

    /**
     * @return a new run's id and epoch, made as {@code run --db} makes them
     *         ({@link JdbcClaimStore.Options#newRun}), for the claim table {@value WorkTables#CLAIMS}
     */
    public static JdbcClaimStore.Options newRun() {
        return JdbcClaimStore.Options.newRun(WorkTables.CLAIMS);
    }

    /**
     * Prepares the database for a run: checks every table the run uses and only then creates the missing ones
     * ({@link WorkTables#prepare}), so a database holding a table that is not the lab's, or that the role may not
     * use, is left as it was; checks the claim table (or the lock table) as {@code run --db} does; registers the
     * run as going ({@link RunRegistry}: {@link #run} keeps its heartbeat and deletes the registration at its end;
     * after a failure it lapses {@value RunRegistry#ALIVE_S} s after the last heartbeat); with {@code dropOldRuns}
     * deletes the rows of the other runs that are no longer going; and puts the sign-ups on the queue.
     *
     * @return what {@code dropOldRuns} deleted and kept ({@link DroppedRuns#NONE} without it)
     * @throws ClaimStoreException naming the database, for a URL that does not open, or a table that is not the
     *                             lab's or that the role may not use (then nothing was created or written)
     */
    public static DroppedRuns prepare(WorkConfig cfg, boolean dropOldRuns) {
        String shown = JdbcClaimStore.redact(cfg.url());
        try (Connection c = WorkerOsProcess.connect(cfg.url())) {
            TableCheck.Problem problem = WorkTables.prepare(c, cfg.store(), dropOldRuns);
            if (problem != null) {
                throw new ClaimStoreException(shown, "Cannot use the database at '" + shown + "': " + problem.what()
                        + ". Nothing was created or written. " + problem.advice() + ".", null);
            }
        } catch (SQLException e) {
            throw notPrepared(cfg, e);
        }
        Instant epoch = Instant.ofEpochMilli(cfg.epochMs());
        List<JdbcClaimStore> stores = new ArrayList<>();
        try {
            for (String table : List.of(WorkTables.CLAIMS, WorkTables.LOCKS)) {
                boolean used = table.equals(WorkTables.CLAIMS) ? cfg.store() == StoreKind.CLAIM_TABLE
                        : cfg.store() == StoreKind.LOCK;
                if (used || dropOldRuns) {
                    stores.add(JdbcClaimStore.open(cfg.url(), new JdbcClaimStore.Options(table, cfg.runId(), epoch),
                            1));
                }
            }
            try (Connection c = WorkerOsProcess.connect(cfg.url())) {
                // registered before it drops or writes a row: another run's --drop-old-runs keeps its rows
                RunRegistry.register(c, cfg.runId(), "work");
                DroppedRuns dropped = DroppedRuns.NONE;
                if (dropOldRuns) {
                    for (JdbcClaimStore s : stores) {
                        dropped = dropped.plus(s.dropOtherRuns());
                    }
                    dropped = dropped.plus(WorkTables.dropOtherRuns(c, cfg.runId()));
                }
                WorkTables.enqueue(c, cfg.runId(), cfg.scenario().jobs());
                return dropped;
            } catch (SQLException e) {
                throw notPrepared(cfg, e);
            }
        } finally {
            stores.forEach(JdbcClaimStore::close);
        }
    }

    private static ClaimStoreException notPrepared(WorkConfig cfg, SQLException e) {
        String shown = JdbcClaimStore.redact(cfg.url());
        return new ClaimStoreException(shown, "Cannot prepare the work tables at '" + shown + "': "
                + JdbcClaimStore.explain(cfg.url(), e) + ".", null, !ClaimStoreException.isWriteFailure(e));
    }

    /**
     * Runs the prepared run ({@link #prepare}) to its end.
     *
     * @param err where the worker processes' messages go, each one line
     * @return what the run did
     * @throws WorkException       if a worker process fails by itself (its line is on {@code err}), or the queue
     *                             stops moving
     * @throws ClaimStoreException if the database fails while the parent watches it
     */
    public static Outcome run(WorkConfig cfg, Strategy strategy, Chaos chaos, PrintWriter err) {
        return create(cfg, chaos, err).run(strategy);
    }

    /**
     * A run that has not started yet, for a caller that watches it while it runs (the window's Real workers tab):
     * {@link #run(Strategy)} runs it on the caller's thread; from any other thread, {@link #processes()} says what
     * each worker process is doing, {@link #kill(int)} kills one as the chaos loop would, and {@link #stop()}
     * ends the run early.
     *
     * @param err where the worker processes' messages go, each one line
     */
    public static WorkRun create(WorkConfig cfg, Chaos chaos, PrintWriter err) {
        return new WorkRun(cfg, chaos, err);
    }

    /**
     * Runs this prepared run ({@link #prepare}) to its end, on the calling thread; once per run.
     *
     * @return what the run did
     * @throws WorkException         if a worker process fails by itself (its line is on {@code err}), the queue
     *                               stops moving, or {@link #stop()} was called ({@code work: stopped})
     * @throws ClaimStoreException   if the database fails while the parent watches it
     * @throws IllegalStateException if this run was run before
     */
    public Outcome run(Strategy strategy) {
        synchronized (this) {
            if (started) {
                throw new IllegalStateException("this run was run before");
            }
            started = true;
        }
        return go(strategy);
    }

    /** What a worker process is doing, as {@link #processes()} tells it. */
    public enum ProcessState {
        /** Its JVM runs but its workers do not take jobs yet (about a second after a start). */
        STARTING,
        /** Its workers take jobs. */
        RUNNING,
        /** Killed with SIGKILL; it starts again after the restart time, unless the run has ended. */
        KILLED,
        /** Its JVM ended by itself: the run has no job left (or the run was stopped). */
        ENDED
    }

    /**
     * One worker process as it is at the moment of {@link #processes()}.
     *
     * @param slot        its place among the run's processes, 0-based (its workers are named {@code p<slot>.<n>-w<i>})
     * @param incarnation how many times this slot was started before the current process (0: its first start)
     * @param pid         the operating system's process id of the current (or last) process; -1 before any start
     * @param state       what it is doing
     * @param restartInMs while {@link ProcessState#KILLED}: wall-clock ms until it starts again (0 once due, -1 if
     *                    it will not start again because the run has ended); otherwise -1
     * @param kills       how many times this slot was killed so far, by the chaos loop or {@link #kill(int)}
     */
    public record WorkerOsProcessView(int slot, int incarnation, long pid, ProcessState state, long restartInMs,
                                    long kills) {
        /** @return the name its workers carry, {@code p<slot>.<incarnation>} (their owner in the claim table) */
        public String name() {
            return "p" + slot + "." + incarnation;
        }
    }

    /**
     * @return every worker process, in slot order, as it is now (before {@link #run} starts them: none started,
     *         pid -1, {@link ProcessState#STARTING}). Thread-safe; cheap (no database).
     */
    public synchronized List<WorkerOsProcessView> processes() {
        long now = nowMs();
        List<WorkerOsProcessView> out = new ArrayList<>(slots.length);
        for (Slot s : slots) {
            Process p = s.process;
            ProcessState state;
            long restartIn = -1;
            if (p == null) {
                state = ProcessState.STARTING;
            } else if (s.killed) {
                state = ProcessState.KILLED;
                restartIn = s.restartAtMs == Long.MAX_VALUE ? -1 : Math.max(0, s.restartAtMs - now);
            } else if (!p.isAlive()) {
                state = ProcessState.ENDED;
            } else {
                state = s.ready ? ProcessState.RUNNING : ProcessState.STARTING;
            }
            out.add(new WorkerOsProcessView(s.index, Math.max(0, s.incarnation), p == null ? -1 : p.pid(), state,
                    restartIn, s.kills));
        }
        return out;
    }

    /**
     * Kills the worker process in {@code slot} now with SIGKILL ({@link Process#destroyForcibly()}), as the chaos
     * loop does, and waits (up to 5 s) until it is gone; it starts again {@link Chaos#restartMs()} later, as after
     * a kill of the chaos loop, and counts as a crash in the metrics. A process still starting may be killed too.
     * Thread-safe: call it from any thread while {@link #run} runs.
     *
     * @param slot 0-based, below the run's process count
     * @return the process id killed; empty if that slot has no live process (killed already, ended, not started
     *         yet) or the run has ended
     * @throws IllegalArgumentException if {@code slot} is out of range
     */
    public OptionalLong kill(int slot) {
        if (slot < 0 || slot >= slots.length) {
            throw new IllegalArgumentException("slot: " + slot + " is outside the allowed range 0 to "
                    + (slots.length - 1));
        }
        Process p;
        synchronized (this) {
            Slot s = slots[slot];
            p = s.process;
            if (ended || p == null || s.killed || !p.isAlive()) {
                return OptionalLong.empty();
            }
            s.markKilled(nowMs() + chaos.restartMs());
            kills++;
        }
        awaitGone(p);
        return OptionalLong.of(p.pid());
    }

    /**
     * Ends a run that is going: {@link #run} kills every worker process and throws {@link WorkException}
     * ({@code work: stopped}) within a tick. Thread-safe; does nothing once the run has ended.
     */
    public void stop() {
        stopAsked = true;
    }

    /** @return worker processes killed so far, by the chaos loop and {@link #kill(int)}. Thread-safe. */
    public synchronized long kills() {
        return kills;
    }

    /** @return the run's configuration */
    public WorkConfig config() {
        return cfg;
    }

    private static void awaitGone(Process p) {
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Outcome go(Strategy strategy) {
        Thread hook = new Thread(this::killAll, "work: kill the worker processes");
        Runtime.getRuntime().addShutdownHook(hook); // Ctrl+C on the parent leaves no worker behind
        long start = System.nanoTime();
        long wallMs;
        try (Connection c = WorkerOsProcess.connect(cfg.url())) {
            synchronized (this) {
                for (Slot s : slots) {
                    s.start();
                }
            }
            long nextKill = chaos.killEveryMs() > 0 ? nowMs() + gap() : Long.MAX_VALUE;
            long nextBeat = nowMs();
            long lastOpen = -1;
            long lastMove = nowMs();
            Scenario run = cfg.scenario();
            long stallMs = 60_000 + 2 * (run.visibilityTimeoutMs() + run.leaseMs() + run.lockTtlMs());
            boolean analysed = false;
            while (true) {
                long now = nowMs();
                if (now >= nextBeat) {
                    keepRegistered(c); // between two beats: at most a tick, or the waits for a killed process
                    nextBeat = now + RunRegistry.BEAT_EVERY_MS;
                }
                long open = WorkTables.openJobs(c, cfg.runId());
                if (open == 0) {
                    wallMs = (System.nanoTime() - start) / 1_000_000;
                    break;
                }
                if (childFailure != null) {
                    throw new WorkException(childFailure);
                }
                if (stopAsked) {
                    throw new WorkException("work: stopped");
                }
                if (!analysed && run.jobs() - open >= ANALYZE_AFTER_JOBS) {
                    WorkTables.analyze(c, cfg.store()); // the plans by key: see there
                    analysed = true;
                }
                if (open != lastOpen) {
                    lastOpen = open;
                    lastMove = now;
                } else if (now - lastMove > stallMs) {
                    throw new WorkException("work: the queue has not moved for " + (now - lastMove) + " ms with "
                            + open + " jobs open; the run stops (worker processes: " + states() + ")");
                }
                Process victim = null;
                synchronized (this) {
                    for (Slot s : slots) {
                        s.tick(now);
                    }
                    if (now >= nextKill) {
                        victim = killOne(now);
                        nextKill = now + gap();
                    }
                }
                if (victim != null) {
                    awaitGone(victim);
                }
                Thread.sleep(TICK_MS);
            }
            waitForExits();
            if (childFailure != null) {
                throw new WorkException(childFailure);
            }
            StrategyResult result = WorkMetrics.read(c, cfg, strategy, kills, wallMs);
            keepRegistered(c);
            if (result.succeededJobs() + result.failedJobs() + result.deadLetteredJobs() + result.lostJobs()
                    != cfg.scenario().jobs() || WorkMetrics.rowsMissing(c, cfg.runId())) { // someone deleted its rows
                throw new WorkException("work: " + RunRegistry.ERASED);
            }
            RunRegistry.unregister(c, cfg.runId());
            PartlyDoneJobs.tell(PartlyDoneJobs.read(c, cfg.runId()), err); // the jobs someone must finish by hand
            return new Outcome(result, cfg.runId(), wallMs, kills, restarts);
        } catch (SQLException e) {
            throw new ClaimStoreException(JdbcClaimStore.redact(cfg.url()), "work: the database at '"
                    + JdbcClaimStore.redact(cfg.url()) + "' failed: " + JdbcClaimStore.explain(cfg.url(), e) + ".",
                    null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkException("work: interrupted");
        } finally {
            synchronized (this) {
                ended = true;
            }
            killAll();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // the JVM is already shutting down: the hook runs anyway
            }
        }
    }

    /**
     * One heartbeat of the run ({@link RunRegistry#beat}).
     *
     * @throws WorkException if the run's registration is gone: it was taken for dead, its rows may be gone
     */
    private void keepRegistered(Connection c) throws SQLException {
        if (!RunRegistry.beat(c, cfg.runId())) {
            throw new WorkException("work: " + RunRegistry.ERASED);
        }
    }

    /** @return each slot's state, for a message: e.g. "p0.3 running, p1.2 starting, p2.4 ended 0" */
    private String states() {
        List<String> out = new ArrayList<>();
        for (Slot s : slots) {
            Process p = s.process;
            out.add("p" + s.index + "." + s.incarnation + " " + (p == null ? "not started" : p.isAlive()
                    ? (s.ready ? "running" : "starting") : "ended " + p.exitValue()));
        }
        return String.join(", ", out);
    }

    private long gap() {
        return Math.max(1, Math.round(chaos.killEveryMs() * (0.5 + chaosDraws.nextDouble())));
    }

    private static long nowMs() {
        return System.nanoTime() / 1_000_000;
    }

    /**
     * Kills one worker process, drawn at random among those whose workers take jobs (one still starting is not
     * drawn: killing a JVM that has not connected tests nothing), with SIGKILL; it starts again after the restart
     * time.
     */
    private Process killOne(long now) {
        List<Slot> alive = new ArrayList<>();
        for (Slot s : slots) {
            if (s.process != null && s.ready && !s.killed && s.process.isAlive()) {
                alive.add(s);
            }
        }
        if (alive.isEmpty()) {
            return null;
        }
        Slot victim = alive.get((int) (chaosDraws.nextDouble() * alive.size()));
        victim.markKilled(now + chaos.restartMs());
        kills++;
        return victim.process;
    }

    /** Waits for the processes that are still running to see the empty queue and end (a few polls). */
    private void waitForExits() throws InterruptedException {
        long deadline = nowMs() + 10_000;
        synchronized (this) {
            ended = true; // nothing is left to do: no more kills, no more starts
            for (Slot s : slots) {
                s.restartAtMs = Long.MAX_VALUE;
            }
        }
        for (Slot s : slots) {
            Process p = s.process;
            if (p != null) {
                long left = Math.max(1, deadline - nowMs());
                if (!p.waitFor(left, TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                }
                s.checkExit();
            }
        }
    }

    private void killAll() {
        synchronized (this) {
            for (Slot s : slots) {
                Process p = s.process;
                s.restartAtMs = Long.MAX_VALUE;
                if (p != null && p.isAlive()) {
                    s.killed = true;
                    p.destroyForcibly();
                }
            }
        }
        for (Slot s : slots) {
            Process p = s.process;
            if (p != null) {
                try {
                    p.waitFor(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * One place for a worker process: its current process, and when it starts again after a kill. Changed only
     * under the run's lock (but {@link #ready}, which its stdout's reader sets).
     */
    private final class Slot {
        final int index;
        int incarnation = -1;
        volatile Process process;
        volatile boolean ready; // its workers take jobs: the chaos loop kills only such a process
        volatile boolean killed;
        volatile String reported; // the current process's own line of why it failed, which the run ends with
        Thread stderr;
        long restartAtMs = Long.MAX_VALUE;
        long kills;

        Slot(int index) {
            this.index = index;
        }

        void start() {
            incarnation++;
            killed = false;
            restartAtMs = Long.MAX_VALUE;
            List<String> cmd = new ArrayList<>();
            cmd.add(javaCommand());
            cmd.addAll(WORKER_JVM_OPTIONS);
            cmd.add(WORKER_MAIN);
            cmd.add(Integer.toString(index));
            cmd.add(Integer.toString(incarnation));
            ProcessBuilder pb = classPath(new ProcessBuilder(cmd).redirectErrorStream(false));
            ready = false;
            try {
                process = pb.start();
                try (OutputStream in = process.getOutputStream()) {
                    // the configuration on stdin, so the URL (and a password in it) is never on a command line
                    cfg.write(in);
                }
            } catch (IOException e) {
                if (process == null) {
                    throw new WorkException("work: cannot start a worker process (" + cmd.get(0) + "): "
                            + e.getMessage());
                }
                // it died while reading its configuration: killed at once, or its exit code says why
            }
            Process p = process;
            String name = "p" + index + "." + incarnation;
            reported = null;
            Thread t = new Thread(() -> forward(p, this), "work: stderr of " + name);
            t.setDaemon(true);
            t.start();
            stderr = t;
            Thread r = new Thread(() -> awaitReady(p), "work: stdout of " + name);
            r.setDaemon(true);
            r.start();
            if (incarnation > 0) {
                restarts++;
            }
        }

        /** Starts the process again once its restart time has come; notices a process that failed by itself. */
        void tick(long now) {
            if (process != null && !process.isAlive() && !killed) {
                checkExit();
            }
            if (now >= restartAtMs) {
                start();
            }
        }

        void checkExit() {
            Process p = process;
            if (p != null && !p.isAlive() && !killed && p.exitValue() != 0 && childFailure == null) {
                try {
                    stderr.join(2_000); // its own line, read to the end
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                String own = reported;
                childFailure = own != null ? own : "work: worker process p" + index + "." + incarnation
                        + " ended with exit code " + p.exitValue();
            }
        }

        /** Waits for the process's {@value WorkerOsMain#READY} line on its stdout. */
        void awaitReady(Process p) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.equals(WorkerOsMain.READY) && p == process) {
                        ready = true;
                    }
                }
            } catch (IOException e) {
                // killed: its pipe closed
            }
        }

        /** SIGKILL (on Linux and macOS) to the current process, to start again at {@code restartAt}; no wait. */
        void markKilled(long restartAt) {
            killed = true;
            kills++;
            process.destroyForcibly();
            restartAtMs = restartAt;
        }
    }

    /**
     * Copies a worker process's stderr to {@link #err}, line by line, but its own line of why it failed (each
     * starts with {@code work: }): the first one ends the run as its one line ({@link Slot#checkExit}), the others
     * (of processes failing for the same reason) are left out.
     */
    private void forward(Process p, Slot slot) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("SLF4J(")) {
                    continue; // a library's notice about its logging, at every start of a worker process
                }
                if (line.startsWith("work: ")) {
                    if (slot.reported == null && p == slot.process) {
                        slot.reported = line;
                    }
                    continue;
                }
                synchronized (err) {
                    err.println(line);
                    err.flush();
                }
            }
        } catch (IOException e) {
            // the process was killed: its pipe closed
        }
    }

    /**
     * @return {@code pb} with this JVM's class path in its {@code CLASSPATH}, the way a child JVM of the lab finds
     *         its classes: a {@code -cp} argument would put the whole path on the command line, which the operating
     *         system shows every user ({@code ps}) and cuts for readers of {@code /proc} (4,096 characters)
     */
    static ProcessBuilder classPath(ProcessBuilder pb) {
        pb.environment().put("CLASSPATH", System.getProperty("java.class.path"));
        return pb;
    }

    /**
     * @return the {@code java} launcher of this JVM: {@code java.home/bin/java} (a jlink runtime has it too), or
     *         the command this process was started with
     */
    static String javaCommand() {
        Path java = Path.of(System.getProperty("java.home"), "bin",
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")
                        ? "java.exe" : "java");
        if (Files.isExecutable(java)) {
            return java.toString();
        }
        Optional<String> own = ProcessHandle.current().info().command();
        return own.orElseThrow(() -> new WorkException("work: cannot find the java launcher of this JVM ("
                + java + ")"));
    }

}
