package org.idempotencylab.cli;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code run} that {@code sweep} shares: the strategy ({@code --retry}, {@code --provider-key},
 * {@code --store}) and every engine parameter. Values are kept as text and read through {@link Parameter}, so a
 * bad one gets the same message as in the window and in scenario files; nothing is read until
 * {@link #strategy()} or {@link #scenario()}.
 */
final class RunOptions {
    private static final Scenario DEFAULTS = Scenario.article();

    @Mixin
    ArticleOptions article = new ArticleOptions();

    @Option(names = "--retry", paramLabel = "SCOPE",
            description = "each-step, whole-job or whole-job-skip-finished (default: each-step)")
    String retry;

    @Option(names = "--provider-key", paramLabel = "MODE",
            description = "none, new-per-call or same (default: none)")
    String providerKey;

    @Option(names = "--store", paramLabel = "STORE",
            description = "none, memory (the first article's in-memory store), claim-table (the second article's "
                    + "processed_jobs with a lease; durable) or lock (SETNX with a TTL, no record of finished steps) "
                    + "(default: memory with whole-job-skip-finished, else none)")
    String store;

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

    /** @return true if any of {@code --retry}, {@code --provider-key}, {@code --store} was given. */
    boolean strategyGiven() {
        return retry != null || providerKey != null || store != null;
    }

    /** @return the store {@code --store} names, or the one {@code --retry} implies (memory to skip finished steps) */
    StoreKind storeKind() {
        RetryScope scope = scope();
        return store == null
                ? (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED ? StoreKind.MEMORY : StoreKind.NONE)
                : choose("--store", store, StoreKind.values(), StoreKind::cliName);
    }

    private RetryScope scope() {
        return retry == null ? RetryScope.EACH_STEP
                : choose("--retry", retry, RetryScope.values(), RetryScope::cliName);
    }

    /**
     * @return the strategy the options name (the article's row name when it is one of its five)
     * @throws IllegalArgumentException naming the option, the value and the allowed ones
     */
    Strategy strategy() {
        RetryScope scope = scope();
        KeyMode keyMode = providerKey == null ? KeyMode.NONE
                : choose("--provider-key", providerKey, KeyMode.values(), KeyMode::cliName);
        StoreKind storeKind = storeKind();
        if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !storeKind.recordsCompletion()) {
            throw new IllegalArgumentException("--store: " + storeKind.cliName() + " keeps no record of "
                    + "finished steps; --retry whole-job-skip-finished needs --store memory or claim-table");
        }
        return Strategy.of(scope, keyMode, storeKind);
    }

    /**
     * @return the article's scenario with every option applied
     * @throws IllegalArgumentException naming the first bad option ({@link ParameterException} for a value out of
     *                                  its parameter's range)
     */
    Scenario scenario() {
        long[] delay = delayRange(duplicateDelayMs);
        return article.apply(DEFAULTS.toBuilder())
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
