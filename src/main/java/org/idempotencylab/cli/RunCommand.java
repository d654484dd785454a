package org.idempotencylab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.DroppedRuns;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.RunHeartbeat;
import org.idempotencylab.store.TableSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code run}: one strategy with every engine parameter, printed as one JSON line (the {@code table} keys plus
 * the further metrics). With {@code --retry each-step --provider-key none --store none} and the article's
 * defaults it prints the same numbers as the first row of {@code table}, and likewise for the other rows.
 *
 * <p>{@code --store claim-table} runs the second article's claim table on the in-memory model, or with
 * {@code --db URL} on a real database ({@link JdbcClaimStore}): the run's rows carry a new run id, the run is
 * registered as going while it runs ({@link RunHeartbeat}), and rows of other runs are left alone unless
 * {@code --drop-old-runs} deletes those of runs no longer going first. Exit codes as {@link Cli}: a URL
 * that cannot be opened, or a table that is not the lab's, is bad input (2); a database that fails during the run
 * is 1, with one line on stderr.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Runs one strategy with every engine parameter and prints its results: one JSON line, "
                + "or text or CSV.")
public final class RunCommand implements Callable<Integer> {
    /**
     * A quoted text of more than 60 characters in a message: a value to cut. A quote opens after a space or a
     * parenthesis and closes before no letter or digit, so the apostrophe of "the lab's" is no quote.
     */
    private static final Pattern LONG_QUOTE = Pattern.compile("(?<=^|[\\s(])'([^'\\n]{61,})'(?![\\p{L}\\p{N}])");
    private static final String URL_MARK = "\u0000url\u0000";
    private static final String QUOTED_URL = "\u0000quoted url\u0000";

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    StrategyOptions options = new StrategyOptions();

    @Mixin
    QuietOption quiet = new QuietOption();

    @Option(names = "--db", paramLabel = "URL",
            description = "with --store claim-table only: run the claim table on this database, "
                    + "jdbc:sqlite:<file> or jdbc:postgresql://host[:port]/database[?user=...] (a password is best "
                    + "kept in ~/.pgpass); 'default' is the SQLite file claims.db in the user's data folder. The "
                    + "run's rows carry a run id of their own; rows of other runs are never read or changed. "
                    + "(default: the in-memory claim model)")
    String db;

    @Option(names = "--db-table", paramLabel = "NAME",
            description = "with --db: the claim table's name, lower-case letters, digits and _ "
                    + "(default: ${DEFAULT-VALUE}, the second article's), not a reserved word of SQL")
    String dbTable = JdbcClaimStore.DEFAULT_TABLE;

    @Option(names = "--drop-old-runs",
            description = "with --db: first delete the rows of the other runs of the lab that are no longer going "
                    + "(ended, or no heartbeat in the table lab_runs for 30 s); the rows of runs still going, and rows "
                    + "without a run id, stay")
    boolean dropOldRuns;

    @Option(names = "--format", paramLabel = "FORMAT", description = "json, text or csv (default: ${DEFAULT-VALUE})")
    String format = TableCommand.OutputFormat.json.name();

    @Option(names = "--scenario", paramLabel = "FILE", description = "run every strategy of this scenario file, "
            + "as the window's Compare tab does: one result per strategy; the scenario options given here change "
            + "its values")
    String scenarioFile;

    @Option(names = "--preset", paramLabel = "NAME", description = "run every strategy of a built-in preset, by "
            + "its file name without .json (e.g. lost-reply; 'idempotency-lab presets' lists them)")
    String preset;

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Override
    public Integer call() {
        if (scenarioFile != null || preset != null) {
            return runFile();
        }
        Scenario scenario;
        Strategy strategy;
        TableCommand.OutputFormat how;
        try {
            how = TableCommand.OutputFormat.read(format);
            strategy = options.strategy();
            if (db != null && strategy.store() != StoreKind.CLAIM_TABLE) {
                throw new IllegalArgumentException("--db: a database holds the claim table only; add --store "
                        + "claim-table (the store is " + strategy.store().cliName() + ")");
            }
            if (db == null && (dropOldRuns || spec.commandLine().getParseResult().hasMatchedOption("--db-table"))) {
                throw new IllegalArgumentException((dropOldRuns ? "--drop-old-runs" : "--db-table")
                        + ": needs --db URL (without it the claim table is the in-memory model)");
            }
            TableSpec.claimTableNameProblem(dbTable).ifPresent(problem -> {
                throw new IllegalArgumentException("--db-table: " + ParameterException.quoted(dbTable) + " "
                        + problem);
            });
            scenario = ScenarioOptions.read(spec);
            ScenarioOptions.refuseWithoutEffect(spec, scenario, List.of(strategy), "");
            threads.count(); // one strategy runs on one thread, but a bad value is still refused
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        StrategyResult r = null;
        // a run on a database is about a hundred times slower than on the model: it shows its progress sooner
        TerminalProgress progress = TerminalProgress.on(scenario.jobs(), quiet.quiet, "run", progressFrom(db));
        if (db == null) {
            try (progress) {
                r = Comparison.runOne(scenario, strategy, progress);
            }
        } else {
            JdbcClaimStore claims;
            PrintWriter err = spec.commandLine().getErr();
            try {
                claims = JdbcClaimStore.open(db.strip().equalsIgnoreCase("default")
                        ? JdbcClaimStore.defaultSqliteUrl() : db,
                        JdbcClaimStore.Options.newRun(dbTable));
            } catch (ClaimStoreException e) {
                progress.close();
                err.println("--db: " + shortened(e));
                return e.badInput() ? Cli.BAD_INPUT : 1;
            }
            // registered as going before it writes a row or drops any: another run's --drop-old-runs keeps its rows
            try (claims; RunHeartbeat heartbeat = RunHeartbeat.start(claims, "run");
                 Interrupted onInterrupt = new Interrupted(heartbeat)) {
                if (dropOldRuns) {
                    DroppedRuns dropped = claims.dropOtherRuns();
                    if (!quiet.quiet) {
                        err.println("--drop-old-runs: " + dropped.describe(claims.table()));
                    }
                }
                if (!quiet.quiet) {
                    err.println("--db: this run's rows in " + claims.table() + " have run_id '" + claims.runId()
                            + "'");
                    err.flush();
                }
                r = runWatched(scenario, strategy, progress, claims, heartbeat);
                heartbeat.end();
            } catch (ClaimStoreException e) {
                if (r != null) { // checked and right; only the registration stays behind, which the line says
                    write(r, how, spec.commandLine().getOut());
                    err.println("--db: " + shortened(e));
                    return 1;
                }
                err.println("--db: the run stopped: " + shortened(e));
                return 1;
            } finally {
                progress.close();
            }
        }
        write(r, how, spec.commandLine().getOut());
        return 0;
    }

    /**
     * Runs the simulation on the database, stopping at its next progress report (every few hundred jobs) once the
     * heartbeat failed or found the run's registration gone, and checks before the numbers are used that none of
     * the run's rows went missing.
     *
     * @throws ClaimStoreException if the database failed, or the run's rows were deleted under it
     */
    private static StrategyResult runWatched(Scenario scenario, Strategy strategy, TerminalProgress progress,
                                             JdbcClaimStore claims, RunHeartbeat heartbeat) {
        RunControl control = new RunControl() {
            @Override
            public boolean isCancelled() {
                return heartbeat.stopped() || progress.isCancelled();
            }

            @Override
            public void jobsFinished(long jobsDone) {
                progress.jobsFinished(jobsDone);
            }
        };
        try {
            StrategyResult r = new SignupSimulation(scenario, strategy, control, true, claims).run();
            heartbeat.check();
            return r;
        } catch (CancellationException e) {
            heartbeat.check(); // throws: why the run stopped
            throw e;
        }
    }

    /**
     * While a run on a database goes: Ctrl+C (or SIGTERM) deletes its registration ({@link RunHeartbeat#close()}),
     * so its rows are old at once, not 30 s after its last heartbeat.
     */
    private static final class Interrupted implements AutoCloseable {
        private final Thread hook;

        Interrupted(RunHeartbeat heartbeat) {
            hook = new Thread(heartbeat::close, "run: unregister on interrupt");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public void close() {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
        }
    }

    /** {@code --scenario FILE} or {@code --preset NAME}: every strategy of the file, on its scenario. */
    private int runFile() {
        ScenarioFile f;
        Scenario scenario;
        TableCommand.OutputFormat how;
        int threadCount;
        try {
            how = TableCommand.OutputFormat.read(format);
            if (options.strategyGiven()) {
                throw new IllegalArgumentException((options.retry != null ? "--retry" : options.providerKey != null
                        ? "--provider-key" : "--store") + ": the scenario names its strategies; give them in its "
                        + "file, or run without --scenario and --preset");
            }
            if (db != null) {
                throw new IllegalArgumentException("--db: runs one strategy on a database; give --store claim-table "
                        + "and the scenario's options instead of --scenario or --preset");
            }
            f = ScenarioSource.either(scenarioFile, preset);
            scenario = ScenarioOptions.readOnto(spec, f.scenario()); // options given change the file's values
            ScenarioOptions.refuseWithoutEffect(spec, scenario, f.strategies(), "");
            threadCount = threads.count();
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<StrategyResult> results;
        try (TerminalProgress progress = TerminalProgress.on(scenario.jobs() * f.strategies().size(), quiet.quiet,
                "run")) {
            results = Comparison.run(scenario, f.strategies(), threadCount, progress);
        }
        writeAll(results, how, spec.commandLine().getOut());
        return 0;
    }

    /**
     * @return {@code e}'s message with its URL, and any other quoted text of more than 60 characters (a SQLite
     *         file's folder), shown as every message shows a value ({@link ParameterException#quoted}: cut, with its
     *         length, control characters escaped): a URL may be kilobytes long, its line stays one screen line or two
     */
    static String shortened(ClaimStoreException e) {
        String url = e.url() == null || e.url().isEmpty() ? null : e.url();
        String m = e.getMessage();
        if (url != null) { // the URL may hold a quote: it is set aside first
            m = m.replace("'" + url + "'", QUOTED_URL).replace(url, URL_MARK);
        }
        m = LONG_QUOTE.matcher(m).replaceAll(q -> Matcher.quoteReplacement(ParameterException.quoted(q.group(1))));
        return url == null ? m : m.replace(QUOTED_URL, ParameterException.quoted(url))
                .replace(URL_MARK, ParameterException.shortened(url));
    }

    /** @return the fewest sign-ups that show a progress bar: fewer on a database ({@code db} not null). */
    static long progressFrom(String db) {
        return db == null ? TerminalProgress.AT_LEAST_JOBS : TerminalProgress.AT_LEAST_JOBS_ON_DATABASE;
    }

    /** @return the table's keys, then the further metrics; {@code duplicateSideEffects} maps step to count. */
    static Map<String, Object> row(StrategyResult r) {
        return ResultColumns.all(r);
    }

    /** @return {@link #row} as one flat row for CSV ({@link ResultColumns#flat}). */
    static Map<String, Object> flatRow(StrategyResult r) {
        return ResultColumns.flat(r);
    }

    private static void write(StrategyResult r, TableCommand.OutputFormat format, PrintWriter out) {
        writeAll(List.of(r), format, out);
    }

    /**
     * Writes results as {@code run} prints one: a JSON line each, a CSV header then a row each, or text blocks
     * ({@code key: value} lines; a map's entries indented below its key, {@code duplicatesByCause}'s only those not
     * 0, or "none") separated by an empty line.
     */
    static void writeAll(List<StrategyResult> results, TableCommand.OutputFormat format, PrintWriter out) {
        writeRows(results.stream().map(RunCommand::row).toList(), results.stream().map(RunCommand::flatRow).toList(),
                format, out);
    }

    /**
     * Writes rows as {@link #writeAll} writes results: for a command that adds keys of its own to {@link #row}
     * ({@code work}: the wall time and jobs per second).
     *
     * @param rows     one per result, as {@link #row} (for JSON and text)
     * @param flatRows the same, as {@link #flatRow} (for CSV), with the same keys added
     */
    static void writeRows(List<Map<String, Object>> rows, List<Map<String, Object>> flatRows,
                          TableCommand.OutputFormat format, PrintWriter out) {
        switch (format) {
            case json -> rows.forEach(r -> out.println(ResultWriter.json(r)));
            case text -> {
                for (int i = 0; i < rows.size(); i++) {
                    if (i > 0) {
                        out.println();
                    }
                    rows.get(i).forEach((k, v) -> {
                        if (v instanceof Map<?, ?> m) {
                            // by cause, only the causes that happened: most runs have one or two of a dozen
                            boolean nonZero = k.equals(Metric.DUPLICATES_BY_CAUSE.id());
                            boolean none = nonZero && m.values().stream().allMatch(n -> ((Number) n).longValue() == 0);
                            out.println(k + ":" + (none ? " none" : ""));
                            m.forEach((key, n) -> {
                                if (!nonZero || ((Number) n).longValue() != 0) {
                                    out.println("  " + key + ": " + n);
                                }
                            });
                        } else {
                            out.println(k + ": " + v);
                        }
                    });
                }
            }
            case csv -> {
                try {
                    CSVPrinter p = new CSVPrinter(out, CSVFormat.DEFAULT.builder()
                            .setHeader(flatRows.get(0).keySet().toArray(String[]::new))
                            .setRecordSeparator('\n').build());
                    for (Map<String, Object> r : flatRows) {
                        p.printRecord(r.values());
                    }
                    p.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        out.flush();
    }

}
