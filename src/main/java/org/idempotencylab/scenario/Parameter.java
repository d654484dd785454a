package org.idempotencylab.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.idempotencylab.scenario.ParameterSpecs.Spec;

import static org.idempotencylab.scenario.ParameterSpecs.*;

/**
 * Every parameter of a {@link Scenario}, declared once: its id (the field in scenario files and JSON), its
 * command-line option, the label a person reads, its kind and unit, its allowed range, its default (the first
 * article's value, or one that leaves the article's table unchanged), what it means, which section of a form it
 * belongs to, how a slider shows it. A {@link Scenario} keeps its values by these rows, so a row is all a
 * {@link Scenario} needs to hold, default and check a new parameter.
 *
 * <p>Everything else is derived from these rows with no per-parameter code: the options of the {@code run},
 * {@code sweep} and {@code table} commands and their help, scenario-file reading and writing and the fields their
 * messages allow, what a sweep may vary, the window's parameter panels (slider, exact field, tooltip, unit,
 * message) and the "differs from the article" line. Adding a parameter is its row here and the engine or store
 * code that reads it ({@link Scenario#whole}, {@link Scenario#decimal}, {@link Scenario#get}, or a one-line typed
 * getter on {@link Scenario}).
 *
 * <p>Units: probabilities are in 0..1 (the window shows percent); times are whole virtual milliseconds; counts
 * are whole numbers; a rate is a decimal per virtual second.
 */
public enum Parameter {
    // ---- the first article's parameters (always shown)
    JOBS(whole("jobs", "--jobs", "Sign-ups", Kind.COUNT, 1, 100_000_000, 1_000_000, Section.ARTICLE,
            "how many sign-up jobs to simulate, one per user, user_0 to user_{N-1}")
            .slider(Scale.LOG, 10, 1_000_000).explore(1_000, 20_000)),
    P_FAIL(decimal("pFail", "--p-fail", "Failure rate", Kind.PROBABILITY, 0, 1, 0.01, Section.ARTICLE,
            "the chance that a call to any step fails before doing anything").explore(0, 0.05)),
    LOST_REPLY(decimal("lostReply", "--lost-reply", "Lost-reply rate", Kind.PROBABILITY, 0, 1, 0.005,
            Section.ARTICLE, "the chance that the welcome email goes out but its reply is lost, so the caller sees "
                    + "a timeout and retries").explore(0, 0.05)),
    MAX_ATTEMPTS(whole("maxAttempts", "--attempts", "Max attempts", Kind.COUNT, 1, 100, 3, Section.ARTICLE,
            "how many times a call (or the whole job) is tried in all, the first attempt included")
            .slider(Scale.WHOLE, 1, 10).explore(1, 6)),
    SEED(whole("seed", "--seed", "Seed", Kind.COUNT, Integer.MIN_VALUE, Integer.MAX_VALUE, 1, Section.ARTICLE,
            "seed of the random streams; the same seed gives the same numbers (32 bits, as the article's "
                    + "seededRandom takes)").slider(Scale.NONE, 0, 0).plainDigits()),

    // ---- retries and backoff (the first article's retry options)
    BASE_DELAY_MS(whole("baseDelayMs", "--base-delay-ms", "Base backoff", Kind.MILLIS, 0, 86_400_000, 100,
            Section.BACKOFF, "the wait before the 2nd attempt, growing by the backoff factor after each further "
                    + "failure").slider(Scale.LOG, 10, 100_000)),
    MAX_DELAY_MS(whole("maxDelayMs", "--max-delay-ms", "Max backoff", Kind.MILLIS, 0, 86_400_000, 2_000,
            Section.BACKOFF, "the longest one backoff wait can be").slider(Scale.LOG, 100, 1_000_000)),
    BACKOFF_FACTOR(decimal("backoffFactor", "--backoff-factor", "Backoff factor", Kind.FACTOR, 1, 10, 2,
            Section.BACKOFF, "how much each wait grows over the one before: the wait before attempt n+1 is the base "
                    + "backoff times this to the power n-1, up to the max backoff (2 doubles it, as the article "
                    + "does; 1 keeps it constant)")
            .slider(Scale.WHOLE, 1, 4)),
    RETRY_VIA(choice("retryVia", "--retry-via", "Retry via", RetryVia.WORKER, RetryVia.values(), Section.BACKOFF,
            "where a failed attempt waits for its retry: worker (the worker holds the job through its backoff and "
                    + "takes nothing else) or queue (the retry is published as a delayed message, as Celery's "
                    + "retry countdown, Sidekiq's retry set or SQS's ChangeMessageVisibility do, and the worker "
                    + "takes other jobs meanwhile); on a durable queue a worker holds such a message unacknowledged "
                    + "until its countdown ends, so a countdown longer than the visibility timeout delivers it to "
                    + "more workers and it runs twice or more (Celery's Redis and SQS caveat)").needs(retries())),
    JITTER(flag("jitter", "--jitter", "Jitter", true, Section.BACKOFF,
            "full jitter: each backoff is drawn uniformly from 0 to the capped exponential delay (AWS "
                    + "Architecture Blog, \"Exponential Backoff And Jitter\")")),

    // ---- time and load
    CALL_MS(whole("callMs", "--call-ms", "Call time", Kind.MILLIS, 0, 3_600_000, 200, Section.TIME,
            "how long each call to a step takes on average; with uniform call times each one takes between half "
                    + "and one and a half times this").slider(Scale.LOG, 10, 100_000)),
    WORKERS(whole("workers", "--workers", "Workers", Kind.COUNT, 1, 1024, 1, Section.TIME,
            "how many jobs are in progress at once")
            .slider(Scale.LOG, 1, 1024).explore(1, 8)),
    ARRIVAL_RATE(decimal("arrivalRate", "--arrival-rate", "Arrival rate", Kind.RATE, 0, 100_000, 0, Section.TIME,
            "how many sign-ups arrive per virtual second, at random (Poisson) times; 0 means all at once")
            .slider(Scale.WHOLE, 0, 100)),
    P_SLOW(decimal("pSlow", "--p-slow", "Slow calls", Kind.PROBABILITY, 0, 1, 0, Section.TIME,
            "the chance that a call is slow: the long tail of call times that can outlive a lease")),
    SLOW_CALL_MS(whole("slowCallMs", "--slow-call-ms", "Slow call time", Kind.MILLIS, 0, 86_400_000, 60_000,
            Section.TIME, "how long a slow call takes on average; each one takes between half and one and a half "
                    + "times this")
            .slider(Scale.LOG, 1_000, 3_600_000).needs(above("pSlow"))),
    CALL_TIME(choice("callTime", "--call-time", "Call-time shape", CallTimeShape.UNIFORM, CallTimeShape.values(),
            Section.TIME, "how call times spread around their mean: uniform (half to one and a half times the "
                    + "mean), lognormal (the same mean, a long tail: most calls quick, a few many times longer) or "
                    + "fixed (every call exactly the mean)")),
    CALL_TIME_SIGMA(decimal("callTimeSigma", "--call-time-sigma", "Call-time sigma", Kind.FACTOR, 0, 3, 1,
            Section.TIME, "lognormal call times only: sigma, the standard deviation of the natural logarithm of a "
                    + "call's time (0 makes every call the mean; 1 puts one call in a hundred above 6 times the "
                    + "mean)").slider(Scale.WHOLE, 0, 3)
            .needs(is("callTime", CallTimeShape.LOGNORMAL))),
    ATTEMPT_TIMEOUT_MS(whole("attemptTimeoutMs", "--attempt-timeout-ms", "Attempt timeout", Kind.MILLIS, 0,
            86_400_000, 0, Section.TIME, "how long a caller waits for one call before it gives up and retries; the "
                    + "call it gave up on goes on running and still does its side effect when it ends (Temporal's "
                    + "start-to-close timeout, an HTTP client's timeout); 0 waits as long as the call takes")
            .slider(Scale.LOG, 10, 100_000)
            .explore(100, 1_000)),

    // ---- keys
    TTL_MS(whole("ttlMs", "--ttl-ms", "Key TTL", Kind.MILLIS, 1, 31L * Scenario.DAY_MS, Scenario.DAY_MS, Section.KEYS,
            "how long the in-memory store remembers a finished key")
            .slider(Scale.LOG, 1_000, Scenario.DAY_MS).explore(1_000, 60_000).needs(store(StoreKind.MEMORY))),
    PROVIDER_KEY_TTL_MS(whole("providerKeyTtlMs", "--provider-key-ttl-ms", "Provider key TTL", Kind.MILLIS, 1,
            31L * Scenario.DAY_MS, Scenario.DAY_MS, Section.KEYS,
            "how long the email provider remembers a key it has seen").slider(Scale.LOG, 1_000, Scenario.DAY_MS)
            .explore(1_000, 60_000).needs(sameProviderKey())),

    // ---- repeated requests (the first article's third source of duplicates)
    P_DUPLICATE(decimal("pDuplicate", "--p-duplicate", "Repeated requests", Kind.PROBABILITY, 0, 1, 0,
            Section.REPEATS, "the chance that a sign-up is sent again (its client timed out and retried): a second "
                    + "job for the same user, with the same keys")),
    DUPLICATE_DELAY_MIN_MS(whole("duplicateDelayMinMs", "--duplicate-delay-ms", "Repeat after (min)", Kind.MILLIS,
            0, 31L * Scenario.DAY_MS, 30_000, Section.REPEATS,
            "the shortest time after the first request that the repeated one arrives").slider(Scale.LOG, 100, 3_600_000)
            .explore(0, 10_000).needs(above("pDuplicate"))),
    DUPLICATE_DELAY_MAX_MS(whole("duplicateDelayMaxMs", "--duplicate-delay-ms", "Repeat after (max)", Kind.MILLIS,
            0, 31L * Scenario.DAY_MS, 30_000, Section.REPEATS,
            "the longest time after the first request that the repeated one arrives; the delay is drawn "
                    + "uniformly between the two").slider(Scale.LOG, 100, 3_600_000).rangeEndOf("duplicateDelayMinMs")
            .needs(above("pDuplicate"))),
    P_DIFFERENT_PAYLOAD(decimal("pDifferentPayload", "--p-different-payload", "Changed payloads",
            Kind.PROBABILITY, 0, 1, 0, Section.REPEATS, "the chance that a repeated request carries a different "
                    + "payload under the same idempotency key (a client bug); the claim table answers it with a key "
                    + "mismatch, as Stripe answers HTTP 400").needs(payloadStore())),
    REPEATS(whole("repeats", "--repeats", "Repeats per sign-up (most)", Kind.COUNT, 1, 100, 1, Section.REPEATS,
            "how many times a sign-up that is sent again may be sent: from 1 to this many times, drawn uniformly, "
                    + "each repeat the repeat delay after the one before (a client retrying a request it got no "
                    + "answer to, such as a Lambda event source retrying up to twice); 1 sends it again once")
            .slider(Scale.WHOLE, 1, 10).explore(1, 5)
            .needs(above("pDuplicate"))),

    // ---- failures and durability (the second article)
    P_CRASH(decimal("pCrash", "--p-crash", "Worker crashes", Kind.PROBABILITY, 0, 1, 0, Section.DURABILITY,
            "the chance that the worker process dies after a call's side effect and before its result is recorded "
                    + "(charge-then-crash); every worker in it stops and its in-memory store is lost")),
    RESTART_MS(whole("restartMs", "--restart-ms", "Restart time", Kind.MILLIS, 0, 86_400_000, 5_000,
            Section.DURABILITY, "how long the crashed (or shut down) worker process, or with the worker crash scope "
                    + "the crashed worker, takes to start again")
            .slider(Scale.LOG, 100, 316_228).explore(0, 10_000)
            .needs(restarts())),
    QUEUE(choice("queue", "--queue", "Queue", QueueKind.MEMORY, QueueKind.values(), Section.DURABILITY,
            "where waiting jobs live: memory (a crash loses them) or durable (a job not acknowledged within the "
                    + "visibility timeout is delivered again)")),
    VISIBILITY_TIMEOUT_MS(whole("visibilityTimeoutMs", "--visibility-timeout-ms", "Visibility timeout",
            Kind.MILLIS, 1, 43_200_000, 30_000, Section.DURABILITY, "durable queue only: a job not acknowledged "
                    + "this long after a worker took it is delivered again (Amazon SQS: 30 s by default, at most 12 h)")
            .slider(Scale.LOG, 1_000, 1_000_000)
            .explore(1_000, 30_000).needs(is("queue", QueueKind.DURABLE))),
    LEASE_MS(whole("leaseMs", "--lease-ms", "Lease", Kind.MILLIS, 1, 31L * Scenario.DAY_MS, 300_000, Section.DURABILITY,
            "claim table only: how long an in_progress claim holds (locked_until) before another worker may "
                    + "reclaim it (the second article's 5 minutes)")
            .slider(Scale.LOG, 1_000, 3_162_278).explore(1_000, 30_000).needs(store(StoreKind.CLAIM_TABLE))),
    LOCK_AT(choice("lockAt", "--lock-at", "Lock taken at", LockAt.START, LockAt.values(), Section.KEYS,
            "lock only: when a job's lock is taken: start (a worker takes it as the job starts) or enqueue (as the "
                    + "request is put on the queue, so a repeat arriving while it is held is refused at the door: "
                    + "sidekiq-unique-jobs' until_executed, BullMQ deduplication)").needs(store(StoreKind.LOCK))),
    LOCK_RELEASE(choice("lockRelease", "--lock-release", "Lock released", LockRelease.END, LockRelease.values(),
            Section.KEYS, "lock only: when the lock is let go: end (as the job ends: sidekiq-unique-jobs' "
                    + "until_executed), start (as the job starts: until_executing, so a repeat arriving during the "
                    + "run runs again), ttl (never: it expires after the lock TTL, until_expired) or start-if-held "
                    + "(as the job starts if it still holds it, else the job is dropped: until_and_while_executing)")
            .needs(store(StoreKind.LOCK))),
    ON_CONFLICT(choice("onConflict", "--on-conflict", "On a held lock", OnConflict.REQUEUE, OnConflict.values(),
            Section.KEYS, "lock only: what happens to a request refused because another holds the lock: requeue "
                    + "(it tries again after a backoff) or reject (it is dropped and counted, as "
                    + "sidekiq-unique-jobs' reject strategy moves it to the dead set)").needs(store(StoreKind.LOCK))),
    LOCK_TTL_MS(whole("lockTtlMs", "--lock-ttl-ms", "Lock TTL", Kind.MILLIS, 1, 31L * Scenario.DAY_MS, 30_000,
            Section.DURABILITY, "lock only: how long a job's lock (SETNX with a TTL) lives if it is not released")
            .slider(Scale.LOG, 100, 1_000_000).explore(1_000, 60_000)
            .needs(store(StoreKind.LOCK))),
    MAX_RECEIVES(whole("maxReceives", "--max-receives", "Max receives", Kind.COUNT, 1, 1_000, 10, Section.DURABILITY,
            "durable queue only: how many times a job may be received without an acknowledgement before the queue "
                    + "moves it to its dead-letter queue; every delivery counts, \"job in progress\" refusals "
                    + "included (Amazon SQS's maxReceiveCount, 1 to 1,000)").slider(Scale.LOG, 1, 1_000).explore(1, 100)
            .needs(is("queue", QueueKind.DURABLE))),
    HEARTBEAT_MS(whole("heartbeatMs", "--heartbeat-ms", "Heartbeat", Kind.MILLIS, 0, 86_400_000, 0,
            Section.DURABILITY, "claim table only: while a step's call runs, its live worker renews the claim "
                    + "(locked_until = now + lease) this often, so a slow call keeps its claim; a crashed worker "
                    + "stops renewing (BullMQ renews its job lock every lockRenewTime, half the lockDuration); "
                    + "0 is off; with renew message or both it extends the durable queue's visibility timeout")
            .slider(Scale.LOG, 100, 1_000_000).explore(0, 10_000).needs(heartbeat())),
    CLAIM_RETENTION_MS(whole("claimRetentionMs", "--claim-retention-ms", "Claim retention", Kind.MILLIS, 0,
            31L * Scenario.DAY_MS, 0, Section.DURABILITY, "claim table only: a completed row is deleted this long "
                    + "after it completed, so a request repeated later runs again: the durable store's dedup window "
                    + "(River's job cleaner deletes completed jobs after 24 h; BullMQ's removeOnComplete); 0 keeps "
                    + "rows forever")
            .slider(Scale.LOG, 1_000, Scenario.DAY_MS).explore(0, 60_000).needs(store(StoreKind.CLAIM_TABLE))),
    CLAIM(choice("claim", "--claim", "Claim", ClaimMode.ATOMIC, ClaimMode.values(), Section.DURABILITY,
            "claim table only: atomic (one INSERT ... ON CONFLICT, the second article's claim) or "
                    + "check-then-insert (a SELECT, then the insert the race window later, whose conflict naive code "
                    + "ignores: two deliveries that both read the key absent both run the step)")
            .needs(store(StoreKind.CLAIM_TABLE))),
    RACE_WINDOW_MS(whole("raceWindowMs", "--race-window-ms", "Race window", Kind.MILLIS, 0, 60_000, 10,
            Section.DURABILITY, "check-then-insert only: the time between the read that finds the key absent and "
                    + "the insert (a database round trip, or more under load); 0 leaves no gap, as the atomic claim")
            .slider(Scale.LOG, 1, 10_000).explore(0, 1_000)
            .needs(raceWindow())),
    RESCUER(choice("rescuer", "--rescuer", "Rescuer", RescuerKind.NONE, RescuerKind.values(), Section.DURABILITY,
            "claim table only: a maintenance process that, every rescue interval, frees in_progress claims whose "
                    + "lease (locked_until) has run out, so a later delivery runs the step: none; atomic (one "
                    + "DELETE guarded by status and lease, as River's fixed JobRescuer, Oban's Lifeline, pg-boss "
                    + "maintenance); read-then-update (a SELECT, then a DELETE by key the race window later with "
                    + "no guard, which can wipe a claim that completed in between)")
            .needs(store(StoreKind.CLAIM_TABLE))),
    RESCUE_EVERY_MS(whole("rescueEveryMs", "--rescue-every-ms", "Rescue every", Kind.MILLIS, 1, Scenario.DAY_MS,
            30_000, Section.DURABILITY, "rescuer only: virtual ms between two passes of the rescuer (River's "
                    + "RescueStuckJobsAfter check runs on an interval; Oban's Lifeline every minute)")
            .slider(Scale.LOG, 100, 3_600_000).explore(1_000, 300_000).needs(rescuer())),
    P_ROLLBACK(decimal("pRollback", "--p-rollback", "Enqueue rollbacks", Kind.PROBABILITY, 0, 1, 0,
            Section.DURABILITY, "lock at enqueue only: the chance that the transaction that enqueued a sign-up "
                    + "rolls back after taking its unique record (the enqueue lock): the job never runs, and a "
                    + "repeat that met the record before the rollback was deduplicated against nothing (Oban's "
                    + "unique insert in a transaction that rolled back)").needs(enqueueLock())),
    ROLLBACK_AFTER_MS(whole("rollbackAfterMs", "--rollback-after-ms", "Rollback after", Kind.MILLIS, 0,
            Scenario.DAY_MS, 1_000, Section.DURABILITY, "enqueue rollbacks only: virtual ms the rolled-back "
                    + "transaction stays open after the enqueue, holding the unique record, before it rolls back "
                    + "and the record goes")
            .slider(Scale.LOG, 1, 600_000).explore(0, 10_000).needs(above("pRollback"))),
    PROVIDER_CHECKS_PAYLOAD(flag("providerChecksPayload", "--provider-checks-payload", "Provider checks payload",
            false, Section.KEYS, "the provider remembers the payload sent with each key and answers a key it knows "
                    + "sent with another payload with an error (HTTP 400), not the first result, as Stripe does; "
                    + "counted in providerKeyMismatches").needs(providerPayloadCheck())),
    MAX_CONCURRENT_PER_KEY(whole("maxConcurrentPerKey", "--max-concurrent-per-key", "Max runs per key", Kind.COUNT,
            0, 1024, 0, Section.TIME, "how many runs of one user's job (any request, any delivery) may go at once; "
                    + "a delivery over it goes back to the queue as \"job in progress\" and tries again after the "
                    + "backoff (sidekiq-unique-jobs' lock_limit with reschedule; Solid Queue's limits_concurrency "
                    + "blocks it until a slot frees); 0 is no limit")
            .slider(Scale.WHOLE, 0, 8).explore(0, 4).needs(severalWorkers())),
    CRASH_SCOPE(choice("crashScope", "--crash-scope", "Crash scope", CrashScope.PROCESS, CrashScope.values(),
            Section.DURABILITY, "what a crash kills: process (every worker stops, the in-memory store and an "
                    + "in-memory queue die with it) or worker (only the job the crashed worker ran: the worker "
                    + "starts again after the restart time while the queue and the other workers go on, as a "
                    + "Celery child, a Sidekiq job's thread or one function invocation dies)").needs(above("pCrash"))),
    RENEW(choice("renew", "--renew", "Heartbeat renews", Renew.CLAIM, Renew.values(), Section.DURABILITY,
            "what a live worker's heartbeat renews: claim (the claim table's lease only), message (the durable "
                    + "queue's visibility timeout, pushed to a full timeout from each heartbeat, as SQS's "
                    + "ChangeMessageVisibility or Hangfire's sliding invisibility timeout) or both")
            .needs(messageRenewal())),
    BATCH_SIZE(whole("batchSize", "--batch-size", "Batch size", Kind.COUNT, 1, 100, 1, Section.DURABILITY,
            "durable queue only: how many messages a worker receives together (SQS's MaxNumberOfMessages, a "
                    + "Lambda event source's batch size); it runs them one after another and acknowledges them "
                    + "when the batch ends; 1 takes one at a time").slider(Scale.LOG, 1, 100).explore(1, 10)
            .needs(is("queue", QueueKind.DURABLE))),
    BATCH_FAILURE(choice("batchFailure", "--batch-failure", "On a failed job in a batch", BatchFailure.WHOLE,
            BatchFailure.values(), Section.DURABILITY, "batches only: what goes back to the queue when a job of a "
                    + "batch fails: whole (every message of the batch, visible again after its visibility timeout, "
                    + "so its succeeded jobs run again) or partial (only the failed ones, as Lambda's "
                    + "ReportBatchItemFailures)").needs(batches())),
    SHUTDOWN_EVERY_MS(whole("shutdownEveryMs", "--shutdown-every-ms", "Shutdown every", Kind.MILLIS, 0,
            31L * Scenario.DAY_MS, 0, Section.DURABILITY, "durable queue only: a graceful shutdown (a deploy) at "
                    + "every multiple of this: the workers stop taking jobs, wait up to the shutdown timeout, push "
                    + "back to the queue every job still running (its side effects so far stay done) and start "
                    + "again after the restart time; 0 is off")
            .slider(Scale.LOG, 1_000, Scenario.DAY_MS).explore(0, 60_000).needs(is("queue", QueueKind.DURABLE))),
    SHUTDOWN_TIMEOUT_MS(whole("shutdownTimeoutMs", "--shutdown-timeout-ms", "Shutdown timeout", Kind.MILLIS, 0,
            Scenario.DAY_MS, 25_000, Section.DURABILITY, "shutdowns only: how long the workers wait for their "
                    + "jobs to end before pushing them back (Sidekiq's -t, 25 s)")
            .slider(Scale.LOG, 100, 600_000).explore(0, 30_000).needs(above("shutdownEveryMs")));

    /** How a value is written and read. */
    public enum Kind {
        /** A whole number. */
        COUNT,
        /** A probability 0..1 (the window shows percent). */
        PROBABILITY,
        /** Whole virtual milliseconds. */
        MILLIS,
        /** A decimal number per virtual second. */
        RATE,
        /** A plain decimal multiplier, such as the backoff's growth per attempt. */
        FACTOR,
        /** true or false. */
        FLAG,
        /** One of a few named values (a {@link Choice}). */
        CHOICE;

        /** @return true for kinds that take decimals. */
        public boolean isDecimal() {
            return this == PROBABILITY || this == RATE || this == FACTOR;
        }

        /** @return true for decimals typed and shown as they are (not in percent). */
        public boolean isPlainDecimal() {
            return this == RATE || this == FACTOR;
        }

        /** @return true for kinds whose value is a number. */
        public boolean isNumber() {
            return this != FLAG && this != CHOICE;
        }
    }

    /** Where a parameter sits in a form; the first section is always shown, the others start collapsed. */
    public enum Section {
        /** The first article's simulation constants. */
        ARTICLE("The article's parameters", true),
        /** Retries and their backoff. */
        BACKOFF("Retries and backoff", false),
        /** Call times, workers and arrivals. */
        TIME("Time and load", false),
        /** How long keys are remembered. */
        KEYS("Keys", false),
        /** Repeated requests and changed payloads. */
        REPEATS("Repeated requests", false),
        /** Crashes, the queue and the second article's claim table and locks. */
        DURABILITY("Failures and durability", false);

        private final String title;
        private final boolean basic;

        Section(String title, boolean basic) {
            this.title = title;
            this.basic = basic;
        }

        /** @return the heading a form shows, e.g. "Failures and durability". */
        public String title() {
            return title;
        }

        /** @return true for the basic section, shown open; the others are advanced and start collapsed. */
        public boolean isBasic() {
            return basic;
        }

        /** @return the parameters in this section, in declaration order. */
        public List<Parameter> parameters() {
            return Arrays.stream(Parameter.values()).filter(p -> p.section == this).toList();
        }
    }

    /** How a slider shows a numeric value; the window maps it to its own slider. */
    public enum Scale {
        /** No slider: the exact field only (the seed). */
        NONE,
        /** Whole numbers, one per position. */
        WHOLE,
        /** A probability on a square-root slider, fine near 0 where the lessons are. */
        SQRT,
        /** Orders of magnitude: each power of ten takes the same length. */
        LOG
    }

    private final String id;
    private final String cliOption;
    private final String label;
    private final Kind kind;
    private final long min;
    private final long max;
    private final Object defaultValue;
    private final Section section;
    private final String meaning;
    private final Scale scale;
    private final double sliderMin;
    private final double sliderMax;
    private final String rangeStartId;
    private final double[] explore;
    private final boolean groupsDigits;
    private final List<? extends Choice> choices;
    private final Needs needs;

    Parameter(Spec s) {
        this.id = s.id;
        this.cliOption = s.cliOption;
        this.label = s.label;
        this.kind = s.kind;
        this.min = s.min;
        this.max = s.max;
        this.defaultValue = s.defaultValue;
        this.section = s.section;
        this.meaning = s.meaning;
        this.scale = s.scale;
        this.sliderMin = s.sliderMin;
        this.sliderMax = s.sliderMax;
        this.rangeStartId = s.rangeStartId;
        this.explore = s.explore;
        this.groupsDigits = s.groupsDigits;
        this.choices = s.choices;
        this.needs = s.needs;
    }

    /** @return the field name in scenario files and JSON, e.g. {@code pFail}. */
    public String id() {
        return id;
    }

    /**
     * @return the command-line option, e.g. {@code --p-fail}; both ends of a range share one
     *         ({@code --duplicate-delay-ms MS|MIN..MAX})
     */
    public String cliOption() {
        return cliOption;
    }

    /** @return the name a person reads in the window, e.g. "Failure rate". */
    public String label() {
        return label;
    }

    /** @return what the value means, without its unit (see {@link #unit()}). */
    public String meaning() {
        return meaning;
    }

    /** @return the unit in model terms, e.g. "probability 0..1" or "virtual ms". */
    public String unit() {
        return ParameterValues.unit(this);
    }

    public Kind kind() {
        return kind;
    }

    /** @return false for a number read as a name rather than a quantity (the seed): no thousands separators. */
    public boolean groupsDigits() {
        return groupsDigits;
    }

    /** @return the unit beside a field in the window: "%", "ms", "per s", or "" for counts, flags and choices. */
    public String windowUnit() {
        return ParameterValues.windowUnit(this);
    }

    /**
     * @return a range worth exploring, in model units, {from, to}: what a sweep starts from (0 to 5% for the
     *         first article's rates, 0 to 10% for other probabilities, else the slider's ends)
     */
    public double[] exploreRange() {
        if (explore != null) {
            return explore.clone();
        }
        return kind == Kind.PROBABILITY ? new double[] {0, 0.1} : new double[] {sliderMin, sliderMax};
    }

    /** @return the form section it belongs to. */
    public Section section() {
        return section;
    }

    /** @return how a slider shows it ({@link Scale#SQRT} for probabilities unless declared otherwise). */
    public Scale scale() {
        return scale;
    }

    /** @return the value at the slider's left end, in model units. */
    public double sliderMin() {
        return sliderMin;
    }

    /** @return the value at the slider's right end, in model units. */
    public double sliderMax() {
        return sliderMax;
    }

    /** @return the smallest allowed value (0 for probabilities; 0 for flags and choices, which have none). */
    public long min() {
        return min;
    }

    /** @return the largest allowed value (1 for probabilities). */
    public long max() {
        return max;
    }

    /** @return the default, the first article's value (a Long, Double, Boolean or {@link Choice}). */
    public Object defaultValue() {
        return defaultValue;
    }

    /** @return the named values of a {@link Kind#CHOICE} parameter, in order; empty for other kinds. */
    public List<? extends Choice> choices() {
        return choices;
    }

    /**
     * @return the parameter whose value is the low end of the range this one ends (a repeated request's delay
     *         runs from {@link #DUPLICATE_DELAY_MIN_MS} to {@link #DUPLICATE_DELAY_MAX_MS}), or null
     */
    public Parameter rangeStart() {
        return rangeStartId == null ? null : byId(rangeStartId);
    }

    /** @return the parameter that ends the range this one starts, or null. */
    public Parameter rangeEnd() {
        for (Parameter p : values()) {
            if (id.equals(p.rangeStartId)) {
                return p;
            }
        }
        return null;
    }

    /**
     * @return the name of the value a sweep varies: the id, or for the start of a range the range's own name
     *         ({@code duplicateDelayMs}), since a sweep sets both ends to one fixed value
     */
    public String sweepId() {
        return rangeEnd() == null ? id : id.replace("MinMs", "Ms");
    }

    /** @return the label of the value a sweep varies, e.g. "Repeat after (fixed delay)" for a range. */
    public String sweepLabel() {
        return rangeEnd() == null ? label : label.replace("(min)", "(fixed delay)");
    }

    /** @return true if a sweep can vary it: a number with an option of its own (not the end of a range). */
    public boolean isSweepable() {
        return kind.isNumber() && rangeStartId == null;
    }

    /** @return the allowed range as a person reads it, e.g. "0 to 1", "1 to 100,000,000" or "memory, durable". */
    public String rangeText() {
        return ParameterValues.rangeText(this);
    }

    /**
     * @return {@code n} with a comma between groups of three digits, "-2,147,483,648", exactly as
     *         {@code String.format(Locale.ROOT, "%,d", n)}, without the Formatter, whose first use costs some 35 ms
     *         of the command line's start-up (every option's help names its range)
     */
    public static String grouped(long n) {
        return ParameterValues.grouped(n);
    }

    /** @return "a number", "a whole number", "true or false" or "one of ...", as the kind needs. */
    public String kindText() {
        return ParameterValues.kindText(this);
    }

    // ---------------------------------------------------------------- reading and setting

    /** @return this parameter's value in {@code s}: a Long, a Double, a Boolean or a {@link Choice}. */
    public Object get(Scenario s) {
        return s.get(this);
    }

    /**
     * @return a numeric parameter's value in {@code s} as a double (exact: every allowed value fits in 53 bits)
     * @throws IllegalStateException for a flag or a choice
     */
    public double number(Scenario s) {
        if (!kind.isNumber()) {
            throw new IllegalStateException(id + " is not a number");
        }
        return ((Number) get(s)).doubleValue();
    }

    /**
     * Sets this parameter on {@code b}. Ranges are checked when the builder builds.
     *
     * @param value a Number for numeric kinds (whole-number kinds take it rounded), a Boolean for a flag, one of
     *              {@link #choices()} for a choice
     * @return {@code b}
     * @throws IllegalArgumentException if the value is not of this parameter's kind
     */
    public Scenario.Builder set(Scenario.Builder b, Object value) {
        return b.set(this, value);
    }

    /**
     * @return {@code value} as this parameter stores it: a Long for whole-number kinds (rounded), a Double for
     *         decimals, the Boolean or Choice itself
     * @throws IllegalArgumentException if it is not of this parameter's kind
     */
    public Object normalise(Object value) {
        return ParameterValues.normalise(this, value);
    }

    /**
     * @return {@code value} as {@link #normalise} gives it, if it lies in the range (numbers) or among the choices
     * @throws IllegalArgumentException if it is not of this parameter's kind
     * @throws ParameterException       naming this parameter, the value and the range if it lies outside
     */
    public Object checkValue(Object value) {
        Object v = normalise(value);
        if (v instanceof Long l) {
            check(l.longValue());
        } else if (v instanceof Double d) {
            check(d.doubleValue());
        }
        return v;
    }

    /**
     * @return {@code value} if it lies in the range
     * @throws ParameterException naming this parameter, the value and the range otherwise
     */
    public long check(long value) {
        if (value < min || value > max) {
            throw ParameterException.outOfRange(this, Long.toString(value));
        }
        return value;
    }

    /**
     * @return {@code value} if it is a number in the range
     * @throws ParameterException naming this parameter, the value and the range otherwise (NaN included)
     */
    public double check(double value) {
        if (!(value >= min && value <= max)) {
            throw ParameterException.outOfRange(this, plain(value));
        }
        return value;
    }

    /**
     * Reads text as this parameter's kind, as a command-line option or a typed value gives it, and checks the
     * range.
     *
     * @param text surrounding spaces are ignored; only ASCII digits; a flag takes true or false and a choice its
     *             name, in any case
     * @return the value: a Long for whole-number kinds, a Double for decimals, a Boolean, a {@link Choice}
     * @throws ParameterException if the text is not a value of this kind or lies outside the range
     */
    public Object parseValue(String text) {
        return ParameterValues.parseValue(this, text);
    }

    /**
     * Reads typed text as this numeric parameter's kind and checks the range.
     *
     * @param text as typed; surrounding spaces are ignored, thousands separators are not accepted
     * @return the value (a whole number for counts and times)
     * @throws ParameterException if the text is not a number of this kind or lies outside the range
     */
    public double parse(String text) {
        return ParameterValues.parse(this, text);
    }

    /**
     * Reads typed text as a whole number and checks the range.
     *
     * @throws ParameterException if the text is not a whole number (ASCII digits) or lies outside the range
     */
    public long parseLong(String text) {
        return ParameterValues.parseLong(this, text);
    }

    /**
     * @return {@code value} as the command line and files write it: "1000000", "0.005", "true", "durable"
     */
    public String format(Object value) {
        return ParameterValues.format(this, value);
    }

    /**
     * @return {@code value} as a person reads it in the window's units: "1%", "30,000 ms", "5 per s", "on",
     *         "durable"
     */
    public String displayText(Object value) {
        return ParameterValues.displayText(this, value);
    }

    /**
     * @return true if a strategy may carry its own value ({@link Strategy#settings()}); false for the number of
     *         sign-ups, which every strategy of a comparison shares (progress and every table count them)
     */
    public boolean isStrategySetting() {
        return this != JOBS;
    }

    /** @return the parameter whose {@link #id()} is {@code id}. */
    public static Parameter byId(String id) {
        for (Parameter p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("not a parameter: " + id);
    }

    /** @return every id, in declaration order: the fields a scenario file's {@code scenario} object takes. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Parameter::id).toList();
    }

    /** @return the shortest decimal that reads back as {@code value}, without exponent ("0.005", not "5.0E-3"). */
    public static String plain(double value) {
        return ParameterValues.plain(value);
    }

    /**
     * @param scenario   the run's scenario
     * @param strategies the strategies it runs (each with its own settings applied to the scenario)
     * @return the options that would give this parameter an effect, if no strategy meets its need (e.g.
     *         "--store claim-table"); empty if it changes the run of at least one
     */
    public Optional<String> unmetNeed(Scenario scenario, List<Strategy> strategies) {
        for (Strategy st : strategies) {
            if (needs.met(st.on(scenario), st)) {
                return Optional.empty();
            }
        }
        return Optional.of(needs.hint());
    }
}
