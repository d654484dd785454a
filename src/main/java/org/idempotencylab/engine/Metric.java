package org.idempotencylab.engine;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.idempotencylab.scenario.Workflow;

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
    /**
     * First article's column: {@link #SUCCEEDED_JOBS} out of the sign-ups, in percent, printed as
     * {@code toFixed(3)} and "%" (once the run ends, the article's "percent of jobs not failed", since every
     * sign-up ends in exactly one outcome). Repeated requests are not sign-ups: they have outcomes of their own
     * ({@link #REPEATS_SUCCEEDED} and after).
     */
    SUCCEEDED("succeeded", "Succeeded", "%", Kind.PERCENT, true, Status.NEVER, null,
            "share of sign-ups that succeeded (repeated requests are counted apart)"),
    /** First article's column: sign-ups that failed. */
    FAILED_JOBS("failedJobs", "Failed jobs", "jobs", Kind.COUNT, true, Status.ALWAYS, "failed",
            "sign-ups that ran out of attempts or were refused with a key mismatch"),
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
    /** Virtual time of the run's last event: the end of the last delivery, crash or refusal. */
    VIRTUAL_TIME_MS("virtualTimeMs", "Virtual time", "virtual ms", Kind.MILLIS, false, Status.NEVER, null,
            "virtual time of the run's last event"),
    /**
     * Sign-ups that succeeded. Every sign-up ends in exactly one outcome: this, {@link #FAILED_JOBS},
     * {@link #LOST_JOBS}, {@link #DROPPED_JOBS} or {@link #DEAD_LETTERED_JOBS}; the five add up to the sign-ups.
     */
    SUCCEEDED_JOBS("succeededJobs", "Succeeded jobs", "jobs", Kind.COUNT, false, Status.NEVER, null,
            "sign-ups whose every step succeeded"),
    /** Sign-ups lost when an in-memory queue died with its worker process (second article). */
    LOST_JOBS("lostJobs", "Lost jobs", "jobs", Kind.COUNT, false, Status.WHEN_NONZERO, "lost",
            "sign-ups lost when an in-memory queue died with its worker process"),
    /** Sign-ups refused as a duplicate, or dropped because their lock was gone: counted, never silently gone. */
    DROPPED_JOBS("droppedJobs", "Dropped jobs", "jobs", Kind.COUNT, false, Status.WHEN_NONZERO, "dropped",
            "sign-ups refused as a duplicate, or dropped because their lock was gone"),
    /**
     * Sign-ups a durable queue moved to its dead-letter queue after {@code maxReceives} receives without an
     * acknowledgement (Amazon SQS's redrive policy).
     */
    DEAD_LETTERED_JOBS("deadLetteredJobs", "Dead-lettered jobs", "jobs", Kind.COUNT, false, Status.WHEN_NONZERO,
            "dead-lettered", "sign-ups moved to the dead-letter queue after the most receives allowed"),
    /**
     * Repeated requests that succeeded. Every repeated request ends in exactly one outcome: this or one of the five
     * below; the six add up to {@link #REPEATED_REQUESTS}.
     */
    REPEATS_SUCCEEDED("repeatsSucceeded", "Repeats succeeded", "requests", Kind.COUNT, false, Status.NEVER, null,
            "repeated requests whose every step succeeded (or was answered from the store)"),
    /** Repeated requests that ran out of attempts. */
    REPEATS_FAILED("repeatsFailed", "Repeats failed", "requests", Kind.COUNT, false, Status.NEVER, null,
            "repeated requests that ran out of attempts"),
    /** Repeated requests refused for good with a key mismatch (a changed payload; Stripe's HTTP 400). */
    REPEATS_REFUSED("repeatsRefused", "Repeats refused", "requests", Kind.COUNT, false, Status.NEVER, null,
            "repeated requests refused with a key mismatch: their payload changed under the same key"),
    /** Repeated requests lost when an in-memory queue died with its worker process. */
    REPEATS_LOST("repeatsLost", "Repeats lost", "requests", Kind.COUNT, false, Status.NEVER, null,
            "repeated requests lost when an in-memory queue died with its worker process"),
    /** Repeated requests refused as a duplicate, or dropped because their lock was gone. */
    REPEATS_DROPPED("repeatsDropped", "Repeats dropped", "requests", Kind.COUNT, false, Status.NEVER, null,
            "repeated requests refused as a duplicate, or dropped because their lock was gone"),
    /** Repeated requests a durable queue moved to its dead-letter queue. */
    REPEATS_DEAD_LETTERED("repeatsDeadLettered", "Repeats dead-lettered", "requests", Kind.COUNT, false,
            Status.NEVER, null, "repeated requests moved to the dead-letter queue after the most receives allowed"),
    /** Times the worker process crashed. */
    CRASHES("crashes", "Worker crashes", "crashes", Kind.COUNT, false, Status.WHEN_NONZERO, "crashes",
            "times the worker process crashed"),
    /**
     * Deliveries a worker took of a job whose visibility timeout had run out (at-least-once delivery); a copy
     * acknowledged by an earlier delivery before any worker took it is not a delivery.
     */
    REDELIVERIES("redeliveries", "Redeliveries", "deliveries", Kind.COUNT, false, Status.WHEN_NONZERO,
            "redeliveries", "deliveries a worker took again after a job's visibility timeout ran out"),
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
    /**
     * Times a delivery of a job began running (its first call) while another delivery of the same job was still
     * running: the job really ran twice at once. A repeated request is another job, not another delivery.
     */
    OVERLAPPING_RUNS("overlappingRuns", "Overlapping runs", "deliveries", Kind.COUNT, false, Status.WHEN_NONZERO,
            "overlapping runs", "deliveries that began running while another delivery of the same job still ran"),
    /**
     * Requests the in-memory store answered, for at least one step, with a result saved (or being made) for
     * another payload under the same key: the store has no fingerprint check, so a changed payload gets the first
     * request's result without an error (where the claim table answers a key mismatch, as Stripe's HTTP 400).
     */
    SILENT_WRONG_RESULTS("silentWrongResults", "Silently wrong results", "requests", Kind.COUNT, false,
            Status.WHEN_NONZERO, "silently wrong results",
            "requests answered from the store with the result of another payload under the same key"),
    /** Heartbeats that moved a live worker's {@code locked_until} on (BullMQ's lock renewal). */
    LEASE_RENEWALS("leaseRenewals", "Lease renewals", "renewals", Kind.COUNT, false, Status.WHEN_NONZERO,
            "lease renewals", "heartbeats that moved a live worker's claim's locked_until on while its call ran"),
    /** Check-then-insert claims whose insert met another delivery's row, and whose step ran anyway. */
    CLAIM_RACES_LOST("claimRacesLost", "Claim races lost", "claims", Kind.COUNT, false, Status.WHEN_NONZERO,
            "claim races lost", "check-then-insert: deliveries that read the key absent, met another delivery's "
                    + "row when they inserted it, and ran the step anyway"),
    /** Calls whose caller gave up after the attempt timeout and retried; each call went on running. */
    ATTEMPT_TIMEOUTS("attemptTimeouts", "Attempt timeouts", "calls", Kind.COUNT, false, Status.WHEN_NONZERO,
            "attempt timeouts", "calls the caller gave up on after the attempt timeout; each went on running and "
                    + "did its side effect when it ended, beside the retry"),
    /** Claims the rescuer freed because their lease had run out (River's rescued jobs, Oban's Lifeline). */
    RESCUED_CLAIMS("rescuedClaims", "Rescued claims", "claims", Kind.COUNT, false, Status.WHEN_NONZERO,
            "rescued claims", "in_progress claims whose lease had run out and that the rescuer freed for a later "
                    + "delivery"),
    /** Completed claims a read-then-update rescuer wiped because it acted on a stale read: their step runs again. */
    COMPLETED_CLAIMS_OVERWRITTEN("completedClaimsOverwritten", "Completed claims overwritten", "claims", Kind.COUNT,
            false, Status.WHEN_NONZERO, "completed claims overwritten", "claims that completed between the "
                    + "read-then-update rescuer's read and its update, and that it wiped all the same"),
    /** Sign-ups whose enqueue transaction rolled back after taking the unique record: the job never ran. */
    ROLLED_BACK_ENQUEUES("rolledBackEnqueues", "Rolled-back enqueues", "sign-ups", Kind.COUNT, false,
            Status.WHEN_NONZERO, "rolled-back enqueues", "sign-ups whose enqueue transaction rolled back after "
                    + "taking the unique record; each ends dropped, its job never run"),
    /** Repeats rejected as duplicates of an enqueue that then rolled back: deduplicated against nothing. */
    DEDUPED_AGAINST_ROLLBACK("dedupedAgainstRollback", "Deduplicated against a rollback", "requests", Kind.COUNT,
            false, Status.WHEN_NONZERO, "deduplicated against a rollback", "repeats rejected as duplicates of a "
                    + "sign-up whose enqueue then rolled back: a request that looked done and never ran"),
    /**
     * Deliveries dropped unrun because the lock their request took at enqueue had expired by the time a worker took
     * them (sidekiq-unique-jobs' until_executed lock outlived by the job's wait): part of {@link #DROPPED_JOBS} and
     * {@link #REPEATS_DROPPED}, told apart from the duplicates refused.
     */
    LOCK_GONE_DROPS("lockGoneDrops", "Dropped, lock gone", "deliveries", Kind.COUNT, false, Status.WHEN_NONZERO,
            "dropped with their lock gone", "deliveries dropped unrun because the lock their request took at enqueue "
                    + "had expired before a worker took them (not duplicates)"),
    /**
     * Sign-ups that ended in any outcome but success (failed, lost, dropped or dead-lettered) while some of their
     * steps' side effects were done and others not, at the moment their outcome was counted: a customer billed
     * with no workspace, a workspace with no welcome email, which someone has to finish or undo by hand. Repeated
     * requests are not counted (their user's steps are the sign-up's).
     */
    PARTLY_DONE_JOBS("partlyDoneJobs", "Partly done jobs", "jobs", Kind.COUNT, false, Status.NEVER, null,
            "sign-ups that ended unsucceeded with some steps' side effects done and others not"),
    /**
     * Calls a provider that checks payloads answered with an error because their key came with another payload than
     * the first (Stripe's HTTP 400 {@code idempotency_error}): nothing done, the first result not replayed.
     */
    PROVIDER_KEY_MISMATCHES("providerKeyMismatches", "Provider key mismatches", "calls", Kind.COUNT, false,
            Status.WHEN_NONZERO, "provider key mismatches", "calls the provider answered with an error (HTTP 400) "
                    + "because their key came with another payload than the first"),
    /**
     * Times a run of a user's job began (its delivery's first call) while another run of the same user's job was
     * still going: any request (a repeat) and any delivery (a redelivery), so never fewer than
     * {@link #OVERLAPPING_RUNS}, which counts deliveries of one request only.
     */
    SAME_KEY_OVERLAPS("sameKeyOverlaps", "Same-key overlaps", "runs", Kind.COUNT, false, Status.WHEN_NONZERO,
            "same-key overlaps", "runs of a user's job that began while another run of the same user's job (any "
                    + "request, any delivery) still ran"),
    /** Graceful shutdowns of the worker process ({@code shutdownEveryMs}). */
    SHUTDOWNS("shutdowns", "Graceful shutdowns", "shutdowns", Kind.COUNT, false, Status.WHEN_NONZERO, "shutdowns",
            "graceful shutdowns: the workers stopped taking jobs, waited, and pushed back the jobs still running"),
    /** Deliveries a graceful shutdown pushed back to the queue unfinished. */
    PUSHED_BACK_JOBS("pushedBackJobs", "Pushed back at shutdown", "deliveries", Kind.COUNT, false,
            Status.WHEN_NONZERO, "pushed back", "deliveries still running at a shutdown's timeout, pushed back to "
                    + "the queue with their side effects so far done"),
    /** Messages given back unacknowledged when their batch ended with a failed job. */
    BATCH_RETURNED_MESSAGES("batchReturnedMessages", "Returned with their batch", "messages", Kind.COUNT, false,
            Status.WHEN_NONZERO, "returned with batch", "messages given back to the queue when their batch had a "
                    + "failed job (all of them with --batch-failure whole, the failed ones with partial)"),
    /**
     * {@link #REPEATED_STEPS} by why each was done again: every side effect done again is booked to exactly one
     * {@link DuplicateCause} (by the rules written there), so the causes add up to the steps done again, and to the
     * sum of {@link #DUPLICATE_SIDE_EFFECTS} over steps.
     */
    DUPLICATES_BY_CAUSE("duplicatesByCause", "Steps done again, by cause", "steps", Kind.BY_CAUSE, false,
            Status.NEVER, null, "side effects done again, by why: lost reply, crash, visibility timeout, ...");

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
        BY_STEP,
        /** One count per {@link DuplicateCause}, in its order. */
        BY_CAUSE
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

    /**
     * @return the name a person reads in a run of {@code flow}: {@link #label()}, except that the count of users
     *         whose key step was done 2+ times names a declared workflow's key step ({@link Workflow#keyStep()}),
     *         e.g. {@code Users with "charge the card" done 2+ times}; the sign-up, or a workflow with no external
     *         step, keeps "Users with 2+ welcome emails". The live status bar's counter uses these same words.
     */
    public String label(Workflow flow) {
        int key = flow.keyStep();
        if (this != USERS_WITH_DUPLICATE_EMAILS || flow.equals(Workflow.SIGNUP) || key < 0) {
            return label;
        }
        return "Users with \"" + flow.step(key).name() + "\" done 2+ times";
    }

    /** @return {@link #label(Workflow)} with its unit, for a chart's value axis. */
    public String axisLabel(Workflow flow) {
        return label(flow) + " (" + unit + ")";
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

    /**
     * @return true if it is one number (every kind but {@link Kind#BY_STEP} and {@link Kind#BY_CAUSE}), so it can be
     *         plotted or watched
     */
    public boolean isNumber() {
        return kind != Kind.BY_STEP && kind != Kind.BY_CAUSE;
    }

    /**
     * @return its value in {@code r} as the command line writes it: a Long for counters, "99.999%" for
     *         {@link #SUCCEEDED}, a plain BigDecimal for {@link #CALLS_PER_JOB}, a map of step name to count for
     *         {@link #DUPLICATE_SIDE_EFFECTS}, a map of every cause's {@link DuplicateCause#id() id} to its count
     *         (zeros included, in the enum's order) for {@link #DUPLICATES_BY_CAUSE}
     */
    public Object value(StrategyResult r) {
        return switch (kind) {
            case COUNT, MILLIS -> r.get(this);
            case PERCENT -> r.succeeded();
            case DECIMAL -> new BigDecimal(r.callsPerJobText());
            case BY_STEP -> {
                Map<String, Long> byStep = new LinkedHashMap<>();
                List<Long> counts = r.repeatedStepsByStep();
                for (int i = 0; i < counts.size(); i++) {
                    byStep.put(r.stepNames().get(i), counts.get(i));
                }
                yield byStep;
            }
            case BY_CAUSE -> {
                Map<String, Long> byCause = new LinkedHashMap<>();
                for (DuplicateCause c : DuplicateCause.values()) {
                    byCause.put(c.id(), r.repeatedSteps(c));
                }
                yield byCause;
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
     * @throws IllegalStateException for {@link #DUPLICATE_SIDE_EFFECTS} and {@link #DUPLICATES_BY_CAUSE}, which are
     *                               one number per step or cause
     */
    public double number(StrategyResult r) {
        return switch (kind) {
            case COUNT, MILLIS -> r.get(this);
            case PERCENT -> r.succeededPercent();
            case DECIMAL -> r.callsPerJob();
            case BY_STEP, BY_CAUSE -> throw new IllegalStateException(id + " is one number per step or cause");
        };
    }

    /**
     * @return its value in {@code r} as text a person reads: "4,939", "99.999%", "10.11"; by cause, the causes that
     *         are not 0, most first, e.g. "lost reply 4,971", or "none"
     */
    public String text(StrategyResult r) {
        return switch (kind) {
            case COUNT, MILLIS -> String.format(Locale.ROOT, "%,d", r.get(this));
            case PERCENT -> r.succeeded();
            case DECIMAL -> r.callsPerJobText();
            case BY_STEP -> value(r).toString();
            case BY_CAUSE -> causesText(r);
        };
    }

    private static String causesText(StrategyResult r) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<DuplicateCause, Long> e : nonZeroCauses(r).entrySet()) {
            b.append(b.length() == 0 ? "" : ", ").append(e.getKey().label())
                    .append(String.format(Locale.ROOT, " %,d", e.getValue()));
        }
        return b.length() == 0 ? "none" : b.toString();
    }

    /**
     * @return the causes {@code r}'s side effects done again were booked to, most first (ties in
     *         {@link DuplicateCause}'s order), each with its count; empty when nothing was done again
     */
    public static Map<DuplicateCause, Long> nonZeroCauses(StrategyResult r) {
        Map<DuplicateCause, Long> m = new LinkedHashMap<>();
        Arrays.stream(DuplicateCause.values()).filter(c -> r.repeatedSteps(c) > 0)
                .sorted((a, b) -> Long.compare(r.repeatedSteps(b), r.repeatedSteps(a)))
                .forEach(c -> m.put(c, r.repeatedSteps(c)));
        return m;
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
