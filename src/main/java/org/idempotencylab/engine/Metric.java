package org.idempotencylab.engine;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every number a run reports, declared once: its id (the JSON key, the CSV column, the scenario file's
 * {@code watch} name), the label a person reads, its unit, and how it is read from a {@link StrategyResult}. The
 * command line's JSON and CSV, the window's tables, the Sweep tab's "Plot" choice, the teaching note's watched
 * number and the Live status bar all take their metrics from here, in this order (the order of {@code run}'s
 * JSON keys).
 *
 * <p>Most metrics are counters the engine adds to while it runs ({@link RunMetrics#count}); {@link #SUCCEEDED}
 * and {@link #CALLS_PER_JOB} are computed from counters, as the first article computes them, and
 * {@link #DUPLICATE_SIDE_EFFECTS} has one count per step. Adding a metric is one row here and the engine code
 * that counts it.
 */
public enum Metric {
    /** First article's column: percent of jobs neither failed nor lost, printed as {@code toFixed(3)} and "%". */
    SUCCEEDED("succeeded", "Succeeded", "%", Kind.PERCENT, true, Status.NEVER, null,
            "share of jobs that neither failed nor were lost, repeated requests included"),
    /** First article's column. */
    FAILED_JOBS("failedJobs", "Failed jobs", "jobs", Kind.COUNT, true, Status.ALWAYS, "failed",
            "jobs that ran out of attempts, were refused with a key mismatch, or went to the dead-letter queue"),
    /** First article's column: calls per job rounded to 2 decimals as {@code Math.round(x * 100) / 100}. */
    CALLS_PER_JOB("callsPerJob", "Calls per job", "calls", Kind.DECIMAL, true, Status.NEVER, null,
            "calls made to any step, per job"),
    /** First article's column: side effects beyond the first, summed over users and steps. */
    REPEATED_STEPS("repeatedSteps", "Steps done again", "steps", Kind.COUNT, true, Status.NEVER, null,
            "side effects done again: beyond the first, summed over users and steps"),
    /** First article's column. */
    USERS_WITH_DUPLICATE_EMAILS("usersWithDuplicateEmails", "Users with 2+ welcome emails", "users", Kind.COUNT,
            true, Status.ALWAYS, "users with 2+ emails", "users who got the welcome email twice or more"),
    /** {@link #REPEATED_STEPS} per step, in the order of {@link SignupSteps#NAMES}. */
    DUPLICATE_SIDE_EFFECTS("duplicateSideEffects", "Steps done again, by step", "steps", Kind.BY_STEP, false,
            Status.NEVER, null, "side effects done again, per step (a duplicate charge, a second email, ...)"),
    /** Sign-ups the client sent again (first article's "repeated request"), each a second job. */
    REPEATED_REQUESTS("repeatedRequests", "Repeated requests", "requests", Kind.COUNT, false, Status.NEVER, null,
            "sign-ups sent again by their client, each run as a second job for the same user"),
    /** Calls that took the slow-call time. */
    SLOW_CALLS("slowCalls", "Slow calls", "calls", Kind.COUNT, false, Status.NEVER, null,
            "calls that took the slow-call time"),
    /** Calls made to any step; skipped steps make none. */
    CALLS("calls", "Calls", "calls", Kind.COUNT, false, Status.ALWAYS, "calls",
            "calls made to any step (a skipped step makes none)"),
    /** Welcome emails that went out. */
    EMAILS_SENT("emailsSent", "Welcome emails sent", "emails", Kind.COUNT, false, Status.NEVER, null,
            "welcome emails the provider sent"),
    /** Email calls the provider answered without sending, because it knew the idempotency key. */
    PROVIDER_SUPPRESSED_SENDS("providerSuppressedSends", "Sends the provider suppressed", "sends", Kind.COUNT,
            false, Status.NEVER, null, "email calls the provider answered without sending, as it knew the key"),
    /** Steps skipped because a store had their saved result. */
    STORE_HITS("storeHits", "Store hits", "steps", Kind.COUNT, false, Status.NEVER, null,
            "steps skipped because the store had their saved result"),
    /** Backoff waits taken. */
    BACKOFF_WAITS("backoffWaits", "Backoff waits", "waits", Kind.COUNT, false, Status.NEVER, null,
            "backoff waits taken before a retry"),
    /** Virtual time at which the last job ended. */
    VIRTUAL_TIME_MS("virtualTimeMs", "Virtual time", "virtual ms", Kind.MILLIS, false, Status.NEVER, null,
            "virtual time at which the last job ended"),
    /** Jobs lost when an in-memory queue died with its worker process (second article). */
    LOST_JOBS("lostJobs", "Lost jobs", "jobs", Kind.COUNT, false, Status.WHEN_NONZERO, "lost",
            "jobs lost when an in-memory queue died with its worker process"),
    /** Times the worker process crashed. */
    CRASHES("crashes", "Worker crashes", "crashes", Kind.COUNT, false, Status.WHEN_NONZERO, "crashes",
            "times the worker process crashed"),
    /** Times a durable queue delivered a job again after its visibility timeout (at-least-once delivery). */
    REDELIVERIES("redeliveries", "Redeliveries", "deliveries", Kind.COUNT, false, Status.WHEN_NONZERO,
            "redeliveries", "times a durable queue delivered a job again after its visibility timeout"),
    /** Claims or locks refused because another delivery held the key (second article's JOB_IN_PROGRESS). */
    JOB_IN_PROGRESS_REJECTIONS("jobInProgressRejections", "\"Job in progress\" refusals", "refusals", Kind.COUNT,
            false, Status.WHEN_NONZERO, "in-progress refusals",
            "claims or locks refused because another delivery held the key; the job went back to the queue"),
    /** {@code in_progress} claims taken over after their lease ran out (second article's {@code locked_until}). */
    LEASE_RECLAIMS("leaseReclaims", "Lease reclaims", "claims", Kind.COUNT, false, Status.WHEN_NONZERO,
            "lease reclaims", "in_progress claims taken over after their lease ran out"),
    /** Requests refused because their key came with a different payload (Stripe's HTTP 400). */
    KEY_MISMATCHES("keyMismatches", "Key mismatches", "requests", Kind.COUNT, false, Status.WHEN_NONZERO,
            "key mismatches", "requests refused because their key came with a different payload"),
    /** Virtual ms that claims of crashed workers stayed {@code in_progress}, summed over claims. */
    STUCK_IN_PROGRESS_MS("stuckInProgressMs", "Time stuck in progress", "virtual ms", Kind.MILLIS, false,
            Status.NEVER, null, "virtual ms that claims of crashed workers stayed in_progress, summed over claims"),
    /** Calls whose caller gave up after the attempt timeout and retried; each call went on running. */
    ATTEMPT_TIMEOUTS("attemptTimeouts", "Attempt timeouts", "calls", Kind.COUNT, false, Status.WHEN_NONZERO,
            "attempt timeouts", "calls the caller gave up on after the attempt timeout; each went on running and "
                    + "did its side effect when it ended, beside the retry");

    /** What kind of value a metric is. */
    public enum Kind {
        /** A whole number of things. */
        COUNT,
        /** Whole virtual milliseconds. */
        MILLIS,
        /** A percentage, written as the first article prints it ("99.999%"). */
        PERCENT,
        /** A decimal, written as the first article prints it ("10.11"). */
        DECIMAL,
        /** One count per step, in step order. */
        BY_STEP
    }

    /** When the Live tab's status bar shows a metric. */
    public enum Status {
        /** Not in the status bar. */
        NEVER,
        /** Always. */
        ALWAYS,
        /** Once it is not zero: the durable path's counters, which most lessons never see. */
        WHEN_NONZERO
    }

    private final String id;
    private final String label;
    private final String unit;
    private final Kind kind;
    private final boolean article;
    private final Status status;
    private final String statusName;
    private final String meaning;

    Metric(String id, String label, String unit, Kind kind, boolean article, Status status, String statusName,
           String meaning) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.kind = kind;
        this.article = article;
        this.status = status;
        this.statusName = statusName;
        this.meaning = meaning;
    }

    /** @return the JSON key, CSV column and scenario-file name, e.g. {@code usersWithDuplicateEmails}. */
    public String id() {
        return id;
    }

    /** @return the name a person reads, e.g. "Users with 2+ welcome emails". */
    public String label() {
        return label;
    }

    /** @return what one unit of it counts, e.g. "users", "virtual ms" or "%". */
    public String unit() {
        return unit;
    }

    /** @return the label with its unit, for a chart's value axis, e.g. "Steps done again (steps)". */
    public String axisLabel() {
        return label + " (" + unit + ")";
    }

    /** @return what it counts, in a few words. */
    public String meaning() {
        return meaning;
    }

    public Kind kind() {
        return kind;
    }

    /** @return true for the first article's five columns. */
    public boolean inArticleTable() {
        return article;
    }

    /** @return when the Live status bar shows it. */
    public Status status() {
        return status;
    }

    /** @return its short name in the Live status bar, e.g. "lease reclaims"; null if it is never shown there. */
    public String statusName() {
        return statusName;
    }

    /** @return true if it is a counter the engine adds to (counts and virtual ms). */
    public boolean isCounter() {
        return kind == Kind.COUNT || kind == Kind.MILLIS;
    }

    /** @return true if it is one number (every kind but {@link Kind#BY_STEP}), so it can be plotted or watched. */
    public boolean isNumber() {
        return kind != Kind.BY_STEP;
    }

    /**
     * @return its value in {@code r} as the command line writes it: a Long for counters, "99.999%" for
     *         {@link #SUCCEEDED}, a plain BigDecimal for {@link #CALLS_PER_JOB}, a map of step name to count for
     *         {@link #DUPLICATE_SIDE_EFFECTS}
     */
    public Object value(StrategyResult r) {
        return switch (kind) {
            case COUNT, MILLIS -> r.get(this);
            case PERCENT -> r.succeeded();
            case DECIMAL -> new BigDecimal(r.callsPerJobText());
            case BY_STEP -> {
                Map<String, Long> byStep = new LinkedHashMap<>();
                for (int i = 0; i < SignupSteps.COUNT; i++) {
                    byStep.put(SignupSteps.NAMES.get(i), r.repeatedStepsByStep().get(i));
                }
                yield byStep;
            }
        };
    }

    /**
     * @return its value in {@code r} as CSV writes it: {@link #value}, except that {@link #SUCCEEDED} is a plain
     *         decimal of percent with the article's 3 decimals ({@code 99.999}, no "%"), so a spreadsheet or a
     *         plotting script reads a number
     */
    public Object csvValue(StrategyResult r) {
        if (kind == Kind.PERCENT) {
            String text = r.succeeded();
            return new BigDecimal(text.substring(0, text.length() - 1));
        }
        return value(r);
    }

    /**
     * @return its value in {@code r} as one number, for a chart or a teaching note
     * @throws IllegalStateException for {@link #DUPLICATE_SIDE_EFFECTS}, which is one number per step
     */
    public double number(StrategyResult r) {
        return switch (kind) {
            case COUNT, MILLIS -> r.get(this);
            case PERCENT -> 100.0 * (r.jobs() - r.failedJobs() - r.lostJobs()) / r.jobs();
            case DECIMAL -> r.callsPerJob();
            case BY_STEP -> throw new IllegalStateException(id + " is one number per step");
        };
    }

    /** @return its value in {@code r} as text a person reads: "4,939", "99.999%", "10.11". */
    public String text(StrategyResult r) {
        return switch (kind) {
            case COUNT, MILLIS -> String.format(Locale.ROOT, "%,d", r.get(this));
            case PERCENT -> r.succeeded();
            case DECIMAL -> r.callsPerJobText();
            case BY_STEP -> value(r).toString();
        };
    }

    /** @return the first article's five columns, in its order. */
    public static List<Metric> articleTable() {
        return Arrays.stream(values()).filter(Metric::inArticleTable).toList();
    }

    /** @return the metrics that are one number, in order: those a chart can plot and a note can watch. */
    public static List<Metric> numbers() {
        return Arrays.stream(values()).filter(Metric::isNumber).toList();
    }

    /** @return every id, in order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Metric::id).toList();
    }

    /** @return the ids of {@link #numbers()}, in order: the names a scenario file's {@code watch} may take. */
    public static List<String> watchNames() {
        return numbers().stream().map(Metric::id).toList();
    }

    /** @return the metric with this id, if any. */
    public static Optional<Metric> byId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }
}
