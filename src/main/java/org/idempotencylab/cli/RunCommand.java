package org.idempotencylab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.idempotencylab.engine.KeyMode;
import org.idempotencylab.engine.RetryScope;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.StoreKind;
import org.idempotencylab.engine.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.JdbcClaimStore;
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
 * {@code --db URL} on a real database ({@link JdbcClaimStore}), whose {@code processed_jobs} table the run empties
 * first. Exit codes as {@link Cli}: a URL that cannot be opened is bad input (2); a database that fails during the
 * run is 1, with one line on stderr.
 */
@Command(name = "run", mixinStandardHelpOptions = true, version = Cli.VERSION,
        description = "Runs one strategy with every engine parameter and prints its results: one JSON line, "
                + "or text or CSV.")
public final class RunCommand implements Callable<Integer> {
    private static final Scenario DEFAULTS = Scenario.article();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    ArticleOptions article = new ArticleOptions();

    @Option(names = "--retry", paramLabel = "SCOPE",
            description = "each-step, whole-job or whole-job-skip-finished (default: ${DEFAULT-VALUE})")
    String retry = RetryScope.EACH_STEP.cliName();

    @Option(names = "--provider-key", paramLabel = "MODE",
            description = "none, new-per-call or same (default: ${DEFAULT-VALUE})")
    String providerKey = KeyMode.NONE.cliName();

    @Option(names = "--store", paramLabel = "STORE",
            description = "none, memory (the first article's in-memory store), claim-table (the second article's "
                    + "processed_jobs with a lease; durable) or lock (SETNX with a TTL, no record of finished steps) "
                    + "(default: memory with whole-job-skip-finished, else none)")
    String store;

    @Option(names = "--db", paramLabel = "URL",
            description = "with --store claim-table only: run the claim table on this database, "
                    + "jdbc:sqlite:<file> or jdbc:postgresql://host[:port]/database[?user=...&password=...]; "
                    + "'default' is the SQLite file claims.db in the user's data folder. The run first deletes "
                    + "every row of its processed_jobs table, then leaves the run's own rows there. "
                    + "(default: the in-memory claim model)")
    String db;

    @Option(names = "--call-ms", paramLabel = "MS", description = "mean call time, virtual ms (default: 200)")
    String callMs = Long.toString(DEFAULTS.callMs());

    @Option(names = "--workers", paramLabel = "N", description = "jobs in progress at once, 1..1024 (default: 1)")
    String workers = Integer.toString(DEFAULTS.workers());

    @Option(names = "--arrival-rate", paramLabel = "R",
            description = "sign-ups per virtual second; 0 = all at once (default: 0)")
    String arrivalRate = Parameter.plain(DEFAULTS.arrivalRate());

    @Option(names = "--base-delay-ms", paramLabel = "MS", description = "first backoff, virtual ms (default: 100)")
    String baseDelayMs = Long.toString(DEFAULTS.baseDelayMs());

    @Option(names = "--max-delay-ms", paramLabel = "MS", description = "backoff cap, virtual ms (default: 2000)")
    String maxDelayMs = Long.toString(DEFAULTS.maxDelayMs());

    @Option(names = "--jitter", paramLabel = "true|false", description = "full jitter on backoffs (default: true)")
    String jitter = "true";

    @Option(names = "--ttl-ms", paramLabel = "MS",
            description = "in-memory store: how long it keeps a finished key, virtual ms (default: 86400000)")
    String ttlMs = Long.toString(DEFAULTS.ttlMs());

    @Option(names = "--lease-ms", paramLabel = "MS", description = "claim table: how long an in_progress claim "
            + "holds before another worker may reclaim it, virtual ms (default: 300000)")
    String leaseMs = Long.toString(DEFAULTS.leaseMs());

    @Option(names = "--lock-ttl-ms", paramLabel = "MS",
            description = "lock only: how long a job's lock lives unless released, virtual ms (default: 30000)")
    String lockTtlMs = Long.toString(DEFAULTS.lockTtlMs());

    @Option(names = "--provider-key-ttl-ms", paramLabel = "MS",
            description = "how long the email provider remembers a key, virtual ms (default: 86400000)")
    String providerKeyTtlMs = Long.toString(DEFAULTS.providerKeyTtlMs());

    @Option(names = "--p-duplicate", paramLabel = "P",
            description = "probability 0..1 that a sign-up is requested again (default: 0)")
    String pDuplicate = Parameter.plain(DEFAULTS.pDuplicate());

    @Option(names = "--duplicate-delay-ms", paramLabel = "MS|MIN..MAX",
            description = "when the repeated request arrives after the first, virtual ms (default: 30000)")
    String duplicateDelayMs = Long.toString(DEFAULTS.duplicateDelayMinMs());

    @Option(names = "--p-slow", paramLabel = "P", description = "probability 0..1 that a call is slow (default: 0)")
    String pSlow = Parameter.plain(DEFAULTS.pSlow());

    @Option(names = "--slow-call-ms", paramLabel = "MS", description = "mean slow call time, virtual ms "
            + "(default: 60000)")
    String slowCallMs = Long.toString(DEFAULTS.slowCallMs());

    @Option(names = "--p-different-payload", paramLabel = "P", description = "probability 0..1 that a repeated "
            + "request carries a different payload under the same key (default: 0)")
    String pDifferentPayload = Parameter.plain(DEFAULTS.pDifferentPayload());

    @Option(names = "--p-crash", paramLabel = "P", description = "probability 0..1, per call that did its side "
            + "effect, that the worker process dies before recording it (default: 0)")
    String pCrash = Parameter.plain(DEFAULTS.pCrash());

    @Option(names = "--restart-ms", paramLabel = "MS",
            description = "how long the crashed process takes to start again, virtual ms (default: 5000)")
    String restartMs = Long.toString(DEFAULTS.restartMs());

    @Option(names = "--queue", paramLabel = "QUEUE", description = "memory (a crash loses the waiting and running "
            + "jobs) or durable (a job not acknowledged within the visibility timeout is delivered again) "
            + "(default: memory)")
    String queue = DEFAULTS.queue().cliName();

    @Option(names = "--visibility-timeout-ms", paramLabel = "MS", description = "durable queue: how long after a "
            + "worker takes a job it is delivered again unless acknowledged, virtual ms (default: 30000)")
    String visibilityTimeoutMs = Long.toString(DEFAULTS.visibilityTimeoutMs());

    @Option(names = "--format", paramLabel = "FORMAT", description = "json, text or csv (default: ${DEFAULT-VALUE})")
    TableCommand.OutputFormat format = TableCommand.OutputFormat.json;

    @Override
    public Integer call() {
        Scenario scenario;
        Strategy strategy;
        try {
            RetryScope scope = choose("--retry", retry, RetryScope.values(), RetryScope::cliName);
            KeyMode keyMode = choose("--provider-key", providerKey, KeyMode.values(), KeyMode::cliName);
            StoreKind storeKind = store == null
                    ? (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED ? StoreKind.MEMORY : StoreKind.NONE)
                    : choose("--store", store, StoreKind.values(), StoreKind::cliName);
            if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !storeKind.recordsCompletion()) {
                throw new IllegalArgumentException("--store: " + storeKind.cliName() + " keeps no record of "
                        + "finished steps; --retry whole-job-skip-finished needs --store memory or claim-table");
            }
            if (db != null && storeKind != StoreKind.CLAIM_TABLE) {
                throw new IllegalArgumentException("--db: a database holds the claim table only; add --store "
                        + "claim-table (the store is " + storeKind.cliName() + ")");
            }
            strategy = Strategy.of(scope, keyMode, storeKind);
            long[] delay = delayRange(duplicateDelayMs);
            scenario = article.apply(DEFAULTS.toBuilder())
                    .callMs(Parameter.CALL_MS.parseLong(callMs))
                    .workers((int) Parameter.WORKERS.parseLong(workers))
                    .arrivalRate(Parameter.ARRIVAL_RATE.parse(arrivalRate))
                    .baseDelayMs(Parameter.BASE_DELAY_MS.parseLong(baseDelayMs))
                    .maxDelayMs(Parameter.MAX_DELAY_MS.parseLong(maxDelayMs))
                    .jitter(bool("--jitter", jitter))
                    .ttlMs(Parameter.TTL_MS.parseLong(ttlMs))
                    .providerKeyTtlMs(Parameter.PROVIDER_KEY_TTL_MS.parseLong(providerKeyTtlMs))
                    .pDuplicate(Parameter.P_DUPLICATE.parse(pDuplicate))
                    .duplicateDelayMs(delay[0], delay[1])
                    .pSlow(Parameter.P_SLOW.parse(pSlow))
                    .slowCallMs(Parameter.SLOW_CALL_MS.parseLong(slowCallMs))
                    .pDifferentPayload(Parameter.P_DIFFERENT_PAYLOAD.parse(pDifferentPayload))
                    .pCrash(Parameter.P_CRASH.parse(pCrash))
                    .restartMs(Parameter.RESTART_MS.parseLong(restartMs))
                    .queue(choose("--queue", queue, QueueKind.values(), QueueKind::cliName))
                    .visibilityTimeoutMs(Parameter.VISIBILITY_TIMEOUT_MS.parseLong(visibilityTimeoutMs))
                    .leaseMs(Parameter.LEASE_MS.parseLong(leaseMs))
                    .lockTtlMs(Parameter.LOCK_TTL_MS.parseLong(lockTtlMs))
                    .build();
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        StrategyResult r;
        if (db == null) {
            r = new SignupSimulation(scenario, strategy, RunControl.NONE, true).run();
        } else {
            JdbcClaimStore claims;
            try {
                claims = JdbcClaimStore.open(db.strip().equalsIgnoreCase("default")
                        ? JdbcClaimStore.defaultSqliteUrl() : db);
            } catch (ClaimStoreException | IllegalArgumentException e) {
                spec.commandLine().getErr().println("--db: " + e.getMessage());
                return Cli.BAD_INPUT;
            }
            try (claims) {
                claims.clear(); // the run starts from an empty processed_jobs (said in --help and the README)
                r = new SignupSimulation(scenario, strategy, RunControl.NONE, true, claims).run();
            } catch (ClaimStoreException e) {
                spec.commandLine().getErr().println("--db: the run stopped: " + e.getMessage());
                return 1;
            }
        }
        write(r, spec.commandLine().getOut());
        return 0;
    }

    /** @return the table's keys, then the further metrics; {@code duplicateSideEffects} maps step to count. */
    static Map<String, Object> row(StrategyResult r) {
        Map<String, Object> m = new LinkedHashMap<>(ResultWriter.row(r));
        Map<String, Long> byStep = new LinkedHashMap<>();
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            byStep.put(SignupSteps.NAMES.get(i), r.repeatedStepsByStep().get(i));
        }
        m.put("duplicateSideEffects", byStep);
        m.put("repeatedRequests", r.repeatedRequests());
        m.put("slowCalls", r.slowCalls());
        m.put("calls", r.calls());
        m.put("emailsSent", r.emailsSent());
        m.put("providerSuppressedSends", r.providerSuppressedSends());
        m.put("storeHits", r.storeHits());
        m.put("backoffWaits", r.backoffWaits());
        m.put("virtualTimeMs", r.virtualTimeMs());
        // the durable path (issue 4): the issue's order, with crashes and redeliveries beside lost jobs
        m.put("lostJobs", r.lostJobs());
        m.put("crashes", r.crashes());
        m.put("redeliveries", r.redeliveries());
        m.put("jobInProgressRejections", r.jobInProgressRejections());
        m.put("leaseReclaims", r.leaseReclaims());
        m.put("keyMismatches", r.keyMismatches());
        m.put("stuckInProgressMs", r.stuckInProgressMs());
        return m;
    }

    private void write(StrategyResult r, PrintWriter out) {
        Map<String, Object> row = row(r);
        switch (format) {
            case json -> out.println(ResultWriter.json(row));
            case text -> row.forEach((k, v) -> {
                if (v instanceof Map<?, ?> m) {
                    out.println(k + ":");
                    m.forEach((step, n) -> out.println("  " + step + ": " + n));
                } else {
                    out.println(k + ": " + v);
                }
            });
            case csv -> {
                // one flat row: duplicateSideEffects becomes one column per step
                Map<String, Object> flat = new LinkedHashMap<>();
                row.forEach((k, v) -> {
                    if (v instanceof Map<?, ?> m) {
                        m.forEach((step, n) -> flat.put(k + "." + step, n));
                    } else {
                        flat.put(k, v);
                    }
                });
                try {
                    CSVPrinter p = new CSVPrinter(out, CSVFormat.DEFAULT.builder()
                            .setHeader(flat.keySet().toArray(String[]::new)).setRecordSeparator('\n').build());
                    p.printRecord(flat.values());
                    p.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        out.flush();
    }

    private static <E> E choose(String option, String text, E[] values, java.util.function.Function<E, String> name) {
        for (E e : values) {
            if (name.apply(e).equalsIgnoreCase(text.strip())) {
                return e;
            }
        }
        throw new IllegalArgumentException(option + ": '" + text + "' is not one of "
                + Arrays.stream(values).map(name).collect(Collectors.joining(", ")));
    }

    private static boolean bool(String option, String text) {
        return switch (text.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(option + ": '" + text + "' is not one of true, false");
        };
    }

    /** Reads "30000" (a fixed delay) or "1000..60000" (uniform between), in virtual ms. */
    static long[] delayRange(String text) {
        String t = text.strip();
        String allowed = "; allowed a whole number of ms or MIN..MAX, each " + Parameter.DUPLICATE_DELAY_MIN_MS
                .rangeText();
        if (!t.matches("[0-9]+(\\.\\.[0-9]+)?")) {
            throw new IllegalArgumentException("--duplicate-delay-ms: '" + t + "' is not a delay" + allowed);
        }
        int dots = t.indexOf("..");
        try {
            if (dots < 0) {
                long v = Parameter.DUPLICATE_DELAY_MIN_MS.parseLong(t);
                return new long[] {v, v};
            }
            long min = Parameter.DUPLICATE_DELAY_MIN_MS.parseLong(t.substring(0, dots));
            long max = Parameter.DUPLICATE_DELAY_MAX_MS.parseLong(t.substring(dots + 2));
            if (min > max) {
                throw new IllegalArgumentException("--duplicate-delay-ms: '" + t + "' runs backwards; MIN must not be "
                        + "above MAX");
            }
            return new long[] {min, max};
        } catch (ParameterException e) {
            throw new IllegalArgumentException("--duplicate-delay-ms: '" + t + "' is out of range" + allowed);
        }
    }
}
