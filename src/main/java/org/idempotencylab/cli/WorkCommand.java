package org.idempotencylab.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.DroppedRuns;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.RunRegistry;
import org.idempotencylab.work.EmbeddedDatabase;
import org.idempotencylab.work.WorkerOsMain;
import org.idempotencylab.work.WorkConfig;
import org.idempotencylab.work.WorkParameters;
import org.idempotencylab.work.WorkRun;
import org.idempotencylab.work.WorkTables;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code work}: the sign-up job run for real, in wall-clock time, by {@code --processes} worker processes of
 * {@code --workers} threads each, sharing one PostgreSQL database ({@link WorkRun}): a durable queue table taken
 * with {@code FOR UPDATE SKIP LOCKED} and a visibility timeout, the chosen store per step, a provider table, and
 * with {@code --kill-every-ms} a chaos loop that kills worker processes with SIGKILL and starts them again. Prints
 * {@code run}'s metrics, read back from the tables, and the wall time and jobs per second.
 *
 * <p>With no {@code --db}, starts an embedded PostgreSQL in a temporary folder and removes it at the end
 * ({@link EmbeddedDatabase}: a password of its own, a watchdog that removes it if this process dies). Every
 * time is wall-clock ms. The run's rows carry a run id of their own, as {@code run --db}'s do, so other runs on
 * the same database are neither read nor changed (unless {@code --drop-old-runs}, and then only those of runs
 * no longer going).
 *
 * <p>Exit codes as {@link Cli}: 2 for bad input (an option out of range, an option that changes nothing in
 * {@code work}, a URL that does not open or is not PostgreSQL, a table that is not the lab's); 1 if the database
 * or a worker process fails, a full disk included, and for every failure of the embedded server, whose URL the
 * user never gave (one line on stderr, which names it {@value #EMBEDDED}, never by its URL).
 */
@Command(name = "work", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Runs the sign-up job for real: worker processes sharing one PostgreSQL, a queue table taken "
                + "with FOR UPDATE SKIP LOCKED, real sleeps, and a chaos loop that kills workers with SIGKILL. "
                + "Prints run's metrics, read from the database, with the wall time and jobs per second.")
public final class WorkCommand implements Callable<Integer> {
    /** How messages name the server a run without {@code --db} starts. */
    static final String EMBEDDED = "the embedded PostgreSQL";

    /** Most worker processes. */
    static final int MAX_PROCESSES = WorkParameters.MAX_PROCESSES;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    StrategyOptions options = new StrategyOptions();

    @Mixin
    QuietOption quiet = new QuietOption();

    @Option(names = "--db", paramLabel = "URL", description = "the PostgreSQL database to run on, "
            + "jdbc:postgresql://host[:port]/database[?user=...] (a password is best kept in ~/.pgpass); the "
            + "run's rows carry a run id of their own, rows of other runs are never read or changed "
            + "(default: an embedded PostgreSQL in a temporary folder, removed at the end)")
    String db;

    @Option(names = "--processes", paramLabel = "N", description = "worker processes (JVMs), 1 to "
            + MAX_PROCESSES + " (default: ${DEFAULT-VALUE})")
    String processes = "2";

    @Option(names = "--kill-every-ms", paramLabel = "MS", description = "the chaos loop: kill a worker process, "
            + "drawn at random, with SIGKILL every this many wall-clock ms on average (each gap uniformly between "
            + "half and one and a half times it), and start it again after the restart time. Allowed: "
            + WorkParameters.KILL_EVERY_RANGE + " (default: ${DEFAULT-VALUE})")
    String killEveryMs = "0";

    @Option(names = "--drop-old-runs", description = "first delete the rows of the other runs that are no longer "
            + "going (ended, or no heartbeat in the table lab_runs for 30 s) from the tables work uses; the rows of "
            + "runs still going stay")
    boolean dropOldRuns;

    @Option(names = "--format", paramLabel = "FORMAT", description = "json, text or csv (default: ${DEFAULT-VALUE})")
    String format = TableCommand.OutputFormat.json.name();

    /** Adds the options of {@link WorkParameters#PARAMETERS} to {@code work}'s spec, with its defaults and its wall-clock unit. */
    static void addOptions(CommandLine.Model.CommandSpec spec) {
        ScenarioOptions.addTo(spec, WorkParameters.PARAMETERS, WorkParameters.DEFAULTS, WorkParameters.MEANINGS,
                " wall-clock ms");
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        TableCommand.OutputFormat how;
        Strategy strategy;
        Scenario s;
        int processCount;
        long killEvery;
        try {
            how = TableCommand.OutputFormat.read(format);
            strategy = options.strategy();
            processCount = WorkParameters.processes("--processes", processes);
            killEvery = WorkParameters.killEveryMs("--kill-every-ms", killEveryMs);
            s = ScenarioOptions.read(spec, WorkParameters.DEFAULTS, false);
            refuseWithoutEffect(s, strategy, killEvery);
            if (db != null) {
                WorkParameters.postgresUrl("--db", db, "no --db for an embedded one");
            }
            if (db == null && dropOldRuns) {
                throw new IllegalArgumentException("--drop-old-runs: has no effect here; the embedded database a "
                        + "run without --db starts holds no other runs");
            }
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        // Ctrl+C (or a SIGTERM): the worker processes stop, and the embedded server (its own hook waits for a start
        // still going, stops the server and removes its folder); one line says so, and nothing follows it: not the
        // messages of connections cut under the run, nor of a start cut short
        Interruptible cut = new Interruptible(err);
        PrintWriter said = new PrintWriter(cut, true);
        AtomicReference<WorkConfig> going = new AtomicReference<>(); // the run, once it may be registered
        Thread onInterrupt = new Thread(() -> {
            ProcessHandle.current().descendants().filter(WorkCommand::isWorkerProcess)
                    .forEach(ProcessHandle::destroyForcibly);
            // on the user's database the run's registration goes at once, its rows are old (the embedded one goes
            // whole); one that cannot be deleted lapses with its heartbeat, and the line says so
            WorkConfig run = going.get();
            boolean left = db != null && run != null && !WorkTables.unregister(run);
            cut.interrupt("work: interrupted; the worker processes " + (db == null
                    ? "and the embedded database are stopped" : "are stopped") + (left ? "; its registration in "
                    + RunRegistry.TABLE + " could not be deleted and lapses " + RunRegistry.ALIVE_S + " s after its "
                    + "last heartbeat" : ""));
        }, "work-interrupted");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        EmbeddedDatabase embedded = null;
        try {
            String url;
            if (db == null) {
                if (!quiet.quiet) {
                    said.println("work: starting an embedded PostgreSQL in a temporary folder (removed at the end)");
                }
                try {
                    embedded = EmbeddedDatabase.start();
                } catch (UncheckedIOException e) {
                    said.println("work: " + e.getMessage());
                    return 1;
                }
                url = embedded.url();
            } else {
                url = db.strip();
            }
            JdbcClaimStore.Options run = WorkRun.newRun();
            WorkConfig cfg = WorkParameters.config(url, run.runId(), run.epoch().toEpochMilli(), processCount, s,
                    strategy);
            going.set(cfg); // before it registers: a Ctrl+C from here on deletes its registration
            try {
                DroppedRuns dropped = WorkRun.prepare(cfg, dropOldRuns);
                if (dropOldRuns && !quiet.quiet) {
                    said.println("--drop-old-runs: " + dropped.describe("the lab's tables"));
                }
            } catch (ClaimStoreException e) {
                // without --db the user gave no URL: a failure is the machine's (a full temporary folder)
                said.println(db == null ? "work: " + embeddedWords(e.getMessage(), url)
                        : "--db: " + RunCommand.shortened(e));
                return db != null && e.badInput() ? Cli.BAD_INPUT : 1;
            }
            if (!quiet.quiet) {
                said.println("work: this run's rows have run_id '" + cfg.runId() + "'; " + processCount
                        + (processCount == 1 ? " worker process of " : " worker processes of ") + s.workers()
                        + (s.workers() == 1 ? " worker, " : " workers, ") + Parameter.grouped(s.jobs())
                        + " sign-ups" + (killEvery > 0 ? ", a kill every ~" + killEvery + " ms" : ""));
            }
            WorkRun.Outcome o;
            try {
                o = WorkRun.run(cfg, strategy, WorkParameters.chaos(killEvery, s), said);
            } catch (ClaimStoreException | WorkRun.WorkException e) {
                said.println(db == null ? embeddedWords(e.getMessage(), url)
                        : e instanceof ClaimStoreException c ? RunCommand.shortened(c) : e.getMessage());
                return 1;
            }
            Map<String, Object> row = withWallTime(ResultColumns.all(o.result()), o, processCount, s.workers());
            Map<String, Object> flat = withWallTime(ResultColumns.flat(o.result()), o, processCount, s.workers());
            RunCommand.writeRows(List.of(row), List.of(flat), how, spec.commandLine().getOut());
            return 0;
        } catch (RuntimeException e) {
            if (shuttingDown()) {
                return 1; // what an interrupt broke (the run's own hook refused): its hook's line is the last one
            }
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
            if (embedded != null) {
                embedded.close(); // at once; after an interrupt, it waits for the database's own hook
            }
        }
    }

    /** @return whether the JVM is shutting down (an interrupt, a SIGTERM): it then refuses a new shutdown hook */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /**
     * @return {@code message} with the embedded server's URL (its port and user, which the user never gave and
     *         cannot use) named {@value #EMBEDDED}
     */
    private static String embeddedWords(String message, String url) {
        String shown = JdbcClaimStore.redact(url);
        return message.replace("'" + shown + "'", EMBEDDED).replace(shown, EMBEDDED);
    }

    private static boolean isWorkerProcess(ProcessHandle h) {
        return h.info().arguments().map(a -> List.of(a).contains(WorkerOsMain.class.getName())).orElse(false);
    }

    /** @return {@code row} and then work's own keys: run id, processes, workers, wall time, jobs per second */
    private static Map<String, Object> withWallTime(Map<String, Object> row, WorkRun.Outcome o, int processes,
                                                    int workers) {
        Map<String, Object> m = new LinkedHashMap<>(row);
        m.put("runId", o.runId());
        m.put("processes", processes);
        m.put("workersPerProcess", workers);
        m.put("restarts", o.restarts());
        m.put("wallTimeMs", o.wallMs());
        m.put("jobsPerSecond", BigDecimal.valueOf(o.jobsPerSecond()).setScale(1, RoundingMode.HALF_UP));
        return m;
    }

    /**
     * Refuses an option given on the command line that changes nothing in this run
     * ({@link WorkParameters#withoutEffect}): a claim table's lease without the claim table, a restart time without
     * kills, and so on.
     */
    private void refuseWithoutEffect(Scenario s, Strategy strategy, long killEvery) {
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        for (Parameter p : WorkParameters.PARAMETERS) {
            if (given.hasMatchedOption(p.cliOption())) {
                WorkParameters.withoutEffect(p, s, strategy, killEvery).ifPresent(need -> {
                    throw new IllegalArgumentException(p.cliOption() + ": has no effect here; it needs " + need);
                });
            }
        }
    }

    /**
     * Standard error of a run that an interrupt may end: after {@link #interrupt}'s one line, whatever the run still
     * writes is dropped. A {@link PrintWriter} on it locks it for a whole {@code println}, so the interrupt's line
     * never lands inside another.
     */
    private static final class Interruptible extends Writer {
        private final PrintWriter err;
        private boolean cut;

        Interruptible(PrintWriter err) {
            this.err = err;
        }

        /** Writes {@code line}, then nothing more. */
        synchronized void interrupt(String line) {
            if (!cut) {
                err.println(line);
                err.flush();
                cut = true;
            }
        }

        @Override
        public synchronized void write(char[] buf, int off, int len) {
            if (!cut) {
                err.write(buf, off, len);
            }
        }

        @Override
        public synchronized void flush() {
            if (!cut) {
                err.flush();
            }
        }

        @Override
        public void close() {
            flush();
        }
    }
}
