package org.idempotencylab.work;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.JdbcUrls;

/**
 * The scenario parameters real workers have, named in one place (the command line only iterates them): their
 * options, ranges and messages are the simulation's, their times wall-clock ms.
 */
public final class WorkParameters {
    /** The parameters {@code work} takes, in the help's order. */
    public static final List<Parameter> PARAMETERS = List.of(Parameter.JOBS, Parameter.WORKERS, Parameter.P_FAIL,
            Parameter.LOST_REPLY, Parameter.MAX_ATTEMPTS, Parameter.SEED, Parameter.CALL_MS,
            Parameter.BASE_DELAY_MS, Parameter.MAX_DELAY_MS, Parameter.BACKOFF_FACTOR, Parameter.JITTER,
            Parameter.VISIBILITY_TIMEOUT_MS, Parameter.MAX_RECEIVES, Parameter.LEASE_MS, Parameter.LOCK_TTL_MS,
            Parameter.TTL_MS, Parameter.RESTART_MS);

    /**
     * {@code work}'s defaults where they differ from the article's: a run of seconds, and leases and timeouts that
     * a killed worker's jobs come back from in a second or two (the article's 5-minute lease would hold a killed
     * worker's claim for 5 minutes of real time). The queue is durable: it is a table.
     */
    public static final Scenario DEFAULTS = Scenario.article().toBuilder().jobs(2_000).workers(2).callMs(2)
            .queue(QueueKind.DURABLE).visibilityTimeoutMs(2_000).leaseMs(1_000).lockTtlMs(2_000).restartMs(500)
            .build();

    /** What a parameter means in {@code work}, where its help differs from the simulation's. */
    public static final Map<Parameter, String> MEANINGS = Map.of(
            Parameter.CALL_MS, "how long one call takes on average: the worker sleeps uniformly between half and "
                    + "one and a half times it",
            Parameter.WORKERS, "worker threads in each worker process, each with its own database connection",
            Parameter.RESTART_MS, "with --kill-every-ms: how long a killed worker process stays down before it is "
                    + "started again",
            Parameter.VISIBILITY_TIMEOUT_MS, "how long a taken job stays invisible in the queue table; a job its "
                    + "worker has not acknowledged by then is taken again by another (pg-boss's expireInSeconds)",
            Parameter.MAX_RECEIVES, "how many times a job may be taken without an acknowledgement before it is "
                    + "dead-lettered; \"job in progress\" refusals count (Amazon SQS's maxReceiveCount)");

    /** Most worker processes a run may start. */
    public static final int MAX_PROCESSES = 64;
    /** Shortest mean gap between two kills of the chaos loop, wall-clock ms (0 is no kills). */
    public static final long MIN_KILL_EVERY_MS = 100;
    /** Longest mean gap between two kills of the chaos loop, wall-clock ms (a day). */
    public static final long MAX_KILL_EVERY_MS = 86_400_000;
    /**
     * The values {@link #killEveryMs} takes, as its message and {@code work --help} say them (one constant, so the
     * help's range is the one checked).
     */
    public static final String KILL_EVERY_RANGE = "0 (no kills) or " + MIN_KILL_EVERY_MS + " to 86,400,000 ms";

    private WorkParameters() {
    }

    /**
     * Reads the number of worker processes as typed (the command line's {@code --processes}, the window's field).
     *
     * @param field the name the message gives the value, e.g. {@code --processes}
     * @param text  as typed; surrounding spaces are ignored; ASCII digits only
     * @return 1 to {@value #MAX_PROCESSES}
     * @throws IllegalArgumentException "{@code --processes: 0 is outside the allowed range 1 to 64}", or "{@code
     *                                  --processes: 'x' is not a whole number; allowed 1 to 64}"
     */
    public static int processes(String field, String text) {
        return (int) wholeNumber(field, text, 1, MAX_PROCESSES, "1 to " + MAX_PROCESSES);
    }

    /**
     * Reads the chaos loop's mean gap between kills as typed ({@code --kill-every-ms}, the window's field).
     *
     * @param field the name the message gives the value, e.g. {@code --kill-every-ms}
     * @param text  as typed; surrounding spaces are ignored; ASCII digits only
     * @return 0 (no kills) or {@value #MIN_KILL_EVERY_MS} to {@value #MAX_KILL_EVERY_MS} wall-clock ms: a killed
     *         worker process needs about a second of CPU to start again, so kills faster than that would stop every
     *         process before it takes a job, and the run would never end
     * @throws IllegalArgumentException naming the field, the value and the allowed range
     */
    public static long killEveryMs(String field, String text) {
        String range = KILL_EVERY_RANGE + " (a restarted worker process needs about a second to take jobs again)";
        long v = wholeNumber(field, text, 0, MAX_KILL_EVERY_MS, range);
        if (v > 0 && v < MIN_KILL_EVERY_MS) {
            throw new IllegalArgumentException(field + ": " + v + " is outside the allowed range " + range);
        }
        return v;
    }

    /**
     * Checks a database URL for {@code work}, which needs PostgreSQL ({@code FOR UPDATE SKIP LOCKED}).
     *
     * @param field     the name the message gives the value, e.g. {@code --db}
     * @param url       as typed; surrounding spaces are ignored
     * @param otherwise what the message offers instead, e.g. {@code no --db for an embedded one}
     * @return the URL, stripped
     * @throws IllegalArgumentException naming the field and the URL (its password hidden, at most
     *                                  {@link ParameterException#shortened} of it) if it is not
     *                                  {@code jdbc:postgresql:...}, or if {@link JdbcUrls#problem} finds a mistake
     *                                  in it (a port out of range, a {@code user:password@host})
     */
    public static String postgresUrl(String field, String url, String otherwise) {
        String u = url == null ? "" : url.strip();
        if (!u.toLowerCase(java.util.Locale.ROOT).startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException(field + ": " + ParameterException.quoted(
                    JdbcClaimStore.redact(u)) + " is not a PostgreSQL URL; work needs "
                    + "PostgreSQL (FOR UPDATE SKIP LOCKED): jdbc:postgresql://host[:port]/database[?user=...], or "
                    + otherwise);
        }
        JdbcUrls.problem(u).ifPresent(problem -> {
            throw new IllegalArgumentException(field + ": " + ParameterException.quoted(JdbcClaimStore.redact(u))
                    + ": " + problem);
        });
        return u;
    }

    private static long wholeNumber(String field, String text, long min, long max, String range) {
        String t = text == null ? "" : text.strip();
        if (!t.matches("[-+]?[0-9]+")) {
            throw new IllegalArgumentException(field + ": " + ParameterException.quoted(t)
                    + " is not a whole number; allowed " + range);
        }
        java.math.BigInteger v = new java.math.BigInteger(t); // any length: 10^40 is out of range, not an overflow
        if (v.compareTo(java.math.BigInteger.valueOf(min)) < 0 || v.compareTo(java.math.BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException(field + ": " + ParameterException.shortened(t)
                    + " is outside the allowed range " + range);
        }
        return v.longValueExact();
    }

    /**
     * @param killEveryMs the chaos loop's mean gap, wall-clock ms (0: no kills)
     * @return why {@code p} changes nothing in this run, if it does not: the restart time without kills, else the
     *         parameter's own need ({@link Parameter#unmetNeed}, on a durable queue)
     */
    public static Optional<String> withoutEffect(Parameter p, Scenario s, Strategy strategy, long killEveryMs) {
        if (p == Parameter.RESTART_MS) {
            return killEveryMs > 0 ? Optional.empty() : Optional.of("--kill-every-ms above 0");
        }
        return p.unmetNeed(s, List.of(strategy));
    }

    /**
     * @return the configuration of a run of {@code strategy} on {@code s}'s values
     * @throws IllegalArgumentException as {@link WorkConfig}
     */
    public static WorkConfig config(String url, String runId, long epochMs, int processes, Scenario s,
                                    Strategy strategy) {
        return new WorkConfig(url, runId, epochMs, processes, s, strategy.scope(), strategy.keyMode(),
                strategy.store());
    }

    /** @return the chaos loop's settings: a kill every {@code killEveryMs} on average, {@code s}'s restart time */
    public static WorkRun.Chaos chaos(long killEveryMs, Scenario s) {
        return new WorkRun.Chaos(killEveryMs, s.restartMs());
    }
}
