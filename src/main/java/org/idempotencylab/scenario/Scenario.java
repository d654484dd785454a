package org.idempotencylab.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Every parameter of one simulation, validated at construction.
 *
 * <p>Defaults ({@link #article()}) are the first article's: 1,000,000 sign-ups, every call fails 1% of the time,
 * the welcome email's reply is lost 0.5% of the time, 3 attempts, backoff 100 ms doubling to at most 2,000 ms
 * with full jitter, seed 1. Parameters the article does not have are chosen so that they leave its table
 * unchanged: one worker, all sign-ups arriving at once, a 24-hour key TTL (the article's store; Stripe keeps keys
 * at least 24 hours), and calls of 200 virtual ms on average (the article skips time; ours passes, so TTLs have a
 * clock to run on).
 *
 * @param jobs             sign-ups to simulate, 1..100,000,000 (users {@code user_0 .. user_{jobs-1}})
 * @param pFail            probability 0..1 that a call fails before doing anything
 * @param lostReply        probability 0..1 that the welcome email is sent but its reply is lost
 * @param maxAttempts      attempts in all, the first included, 1..100
 * @param seed             seed of every random stream, -2,147,483,648..2,147,483,647 (mulberry32 takes 32 bits,
 *                         as the article's {@code seededRandom} does, so a wider seed would only alias)
 * @param baseDelayMs      backoff before the second attempt, virtual ms, 0..86,400,000
 * @param maxDelayMs       cap on one backoff, virtual ms, 0..86,400,000
 * @param jitter           full jitter: each backoff is drawn uniformly from [0, the capped exponential delay)
 * @param callMs           mean virtual ms a call takes, 0..3,600,000; each call takes a duration drawn from its
 *                         own random stream, uniformly from [callMs/2, 3*callMs/2) unless {@code callTime} is
 *                         lognormal
 * @param ttlMs            how long the in-memory store remembers a finished key, virtual ms, 1..31 days
 * @param providerKeyTtlMs how long the email provider remembers a key, virtual ms, 1..31 days
 * @param workers          jobs in progress at once, 1..1024 (the article's numbers need 1)
 * @param arrivalRate      sign-ups arriving per virtual second at random (Poisson) times, 0..100,000;
 *                         0 means all at once at time 0, as in the article
 * @param pDuplicate       probability 0..1 that a sign-up is requested again (a repeated request, article 1):
 *                         a second job for the same user and keys; 0, the default, is off
 * @param duplicateDelayMinMs the repeated request arrives this many virtual ms or more after the first one
 * @param duplicateDelayMaxMs ... and at most this many (uniform in between), at least {@code duplicateDelayMinMs};
 *                         both 0..31 days
 * @param pSlow            probability 0..1 that a call is slow (a long tail of call times); 0, the default, is off
 * @param slowCallMs       mean virtual ms of a slow call, 0..86,400,000; each takes [slowCallMs/2, 3*slowCallMs/2)
 * @param pCrash           probability 0..1, per call that did its side effect, that the worker process dies
 *                         before the result is recorded (the second article's charge-then-crash); 0 is off
 * @param restartMs        virtual ms the crashed process takes to start again, 0..86,400,000 (default 5,000)
 * @param queue            where waiting jobs live: {@link QueueKind#MEMORY} (a crash loses them) or
 *                         {@link QueueKind#DURABLE} (redelivered after the visibility timeout)
 * @param visibilityTimeoutMs durable queue: virtual ms after a worker takes a job before it is delivered again
 *                         unless acknowledged, 1..43,200,000 (default 30,000, Amazon SQS's default)
 * @param leaseMs          claim table: virtual ms an {@code in_progress} claim holds ({@code locked_until}),
 *                         1..31 days (default 300,000: the second article's 5 minutes)
 * @param lockTtlMs        lock only: virtual ms a job's lock lives unless released, 1..31 days (default 30,000)
 * @param pDifferentPayload probability 0..1 that a repeated request carries a different payload under the same
 *                         key (Stripe answers that with HTTP 400 {@code idempotency_error}); 0 is off
 * @param backoffFactor    growth of the backoff per failed attempt, 1..10 (the article's 2 doubles it; 1 keeps
 *                         it constant)
 * @param maxReceives      durable queue: receives without an acknowledgement, every delivery counted ("job in
 *                         progress" refusals included), after which the job is moved to the dead-letter queue,
 *                         1..1,000 (default 10); Amazon SQS's redrive policy {@code maxReceiveCount}
 * @param repeats          most times a sign-up is sent again once {@code pDuplicate} fires, 1..100 (default 1,
 *                         once): the number is drawn uniformly from 1 to this, each repeat arriving the repeat
 *                         delay after the one before
 * @param lockAt           lock only: when a job's lock is taken, {@link LockAt#START} (today's lock) or
 *                         {@link LockAt#ENQUEUE} (sidekiq-unique-jobs' until_executed family, BullMQ deduplication)
 * @param lockRelease      lock only: when it is let go, {@link LockRelease#END} (default), {@link LockRelease#START}
 *                         (until_executing) or {@link LockRelease#TTL} (until_expired)
 * @param onConflict       lock only: a request refused by a held lock goes back, {@link OnConflict#REQUEUE}
 *                         (default), or is dropped and counted, {@link OnConflict#REJECT}
 * @param heartbeatMs      claim table: virtual ms between a live worker's renewals of its claim's lease while a
 *                         step's call runs, 0..86,400,000 (BullMQ's lockRenewTime); 0, the default, is off
 * @param claimRetentionMs claim table: virtual ms a completed row is kept after completing before it is deleted,
 *                         0..31 days (River's completed-job retention); 0, the default, keeps it forever
 * @param claim            claim table: how a step's key is claimed, {@link ClaimMode#ATOMIC} (the default, the
 *                         second article's one statement) or {@link ClaimMode#CHECK_THEN_INSERT}
 * @param raceWindowMs     claim table, check-then-insert only: virtual ms between the read that finds the key
 *                         absent and the insert, 0..60,000 (default 10: one database round trip)
 * @param callTime         how call times spread around their mean: {@link CallTimeShape#UNIFORM} (the default,
 *                         {@code [mean/2, 3*mean/2)}) or {@link CallTimeShape#LOGNORMAL} (the same mean, a long tail)
 * @param callTimeSigma    lognormal call times: the standard deviation of {@code ln(call time)}, 0..3 (default 1);
 *                         unused for uniform call times
 * @param attemptTimeoutMs virtual ms a caller waits for one call before it gives up and retries, 0..86,400,000;
 *                         the call goes on and still does its side effect when it ends (Temporal's
 *                         start-to-close timeout, an HTTP client's timeout); 0, the default, waits for every call
 * @param retryVia         where a failed attempt waits for its retry: {@link RetryVia#WORKER} (the default, the
 *                         worker holds the job through its backoff) or {@link RetryVia#DELAYED_MESSAGE} ({@code queue}:
 *                         a delayed message, Celery's retry countdown; see {@link RetryVia})
 * @param rescuer          claim table: the process that frees expired {@code in_progress} claims,
 *                         {@link RescuerKind#NONE} (the default), {@link RescuerKind#ATOMIC} or
 *                         {@link RescuerKind#READ_THEN_UPDATE} (its update lands {@code raceWindowMs} after its read)
 * @param rescueEveryMs    virtual ms between two passes of the rescuer, 1..86,400,000 (default 30,000)
 * @param pRollback        lock at enqueue: probability 0..1 that a sign-up's enqueue transaction rolls back after
 *                         taking its unique record (Oban's unique insert rolled back); 0, the default, is off
 * @param rollbackAfterMs  virtual ms such a transaction holds the record before it rolls back, 0..86,400,000
 *                         (default 1,000)
 * @throws ParameterException if any value is outside its range; the message names the field
 */
public record Scenario(long jobs, double pFail, double lostReply, int maxAttempts, long seed,
                       long baseDelayMs, long maxDelayMs, boolean jitter, long callMs, long ttlMs,
                       long providerKeyTtlMs, int workers, double arrivalRate, double pDuplicate,
                       long duplicateDelayMinMs, long duplicateDelayMaxMs, double pSlow, long slowCallMs,
                       double pCrash, long restartMs, QueueKind queue, long visibilityTimeoutMs, long leaseMs,
                       long lockTtlMs, double pDifferentPayload, double backoffFactor, int maxReceives,
                       int repeats, LockAt lockAt, LockRelease lockRelease, OnConflict onConflict, long heartbeatMs,
                       long claimRetentionMs, ClaimMode claim, long raceWindowMs,
                       CallTimeShape callTime, double callTimeSigma, long attemptTimeoutMs,
                       RetryVia retryVia, RescuerKind rescuer, long rescueEveryMs, double pRollback,
                       long rollbackAfterMs) {

    /** 24 hours in ms: the article's store TTL and the time Stripe keeps idempotency keys at least. */
    public static final long DAY_MS = 86_400_000L;

    /**
     * The slowest arrival rate but 0, per virtual second: a sign-up about every 11.6 virtual days, so 100 million of
     * them still end within a long's virtual milliseconds.
     */
    public static final double MIN_ARRIVAL_RATE = 0.000001;

    public Scenario {
        Parameter.JOBS.check(jobs);
        Parameter.P_FAIL.check(pFail);
        Parameter.LOST_REPLY.check(lostReply);
        Parameter.MAX_ATTEMPTS.check(maxAttempts);
        Parameter.SEED.check(seed);
        Parameter.BASE_DELAY_MS.check(baseDelayMs);
        Parameter.MAX_DELAY_MS.check(maxDelayMs);
        Parameter.CALL_MS.check(callMs);
        Parameter.TTL_MS.check(ttlMs);
        Parameter.PROVIDER_KEY_TTL_MS.check(providerKeyTtlMs);
        Parameter.WORKERS.check(workers);
        Parameter.ARRIVAL_RATE.check(arrivalRate);
        if (arrivalRate > 0 && arrivalRate < MIN_ARRIVAL_RATE) { // the gaps between arrivals would overflow a long ms
            throw ParameterException.outOfRange(Parameter.ARRIVAL_RATE, Parameter.plain(arrivalRate),
                    "0 (all at once), or " + Parameter.plain(MIN_ARRIVAL_RATE) + " to 100,000");
        }
        Parameter.P_DUPLICATE.check(pDuplicate);
        Parameter.DUPLICATE_DELAY_MIN_MS.check(duplicateDelayMinMs);
        Parameter.DUPLICATE_DELAY_MAX_MS.check(duplicateDelayMaxMs);
        Parameter.P_SLOW.check(pSlow);
        Parameter.SLOW_CALL_MS.check(slowCallMs);
        Parameter.P_CRASH.check(pCrash);
        Parameter.RESTART_MS.check(restartMs);
        Objects.requireNonNull(queue, "queue");
        Parameter.VISIBILITY_TIMEOUT_MS.check(visibilityTimeoutMs);
        Parameter.LEASE_MS.check(leaseMs);
        Parameter.LOCK_TTL_MS.check(lockTtlMs);
        Parameter.P_DIFFERENT_PAYLOAD.check(pDifferentPayload);
        Parameter.BACKOFF_FACTOR.check(backoffFactor);
        Parameter.MAX_RECEIVES.check(maxReceives);
        Parameter.REPEATS.check(repeats);
        Objects.requireNonNull(lockAt, "lockAt");
        Objects.requireNonNull(lockRelease, "lockRelease");
        Objects.requireNonNull(onConflict, "onConflict");
        Parameter.HEARTBEAT_MS.check(heartbeatMs);
        Parameter.CLAIM_RETENTION_MS.check(claimRetentionMs);
        Objects.requireNonNull(claim, "claim");
        Parameter.RACE_WINDOW_MS.check(raceWindowMs);
        Objects.requireNonNull(callTime, "callTime");
        Parameter.CALL_TIME_SIGMA.check(callTimeSigma);
        Parameter.ATTEMPT_TIMEOUT_MS.check(attemptTimeoutMs);
        Objects.requireNonNull(retryVia, "retryVia");
        Objects.requireNonNull(rescuer, "rescuer");
        Parameter.RESCUE_EVERY_MS.check(rescueEveryMs);
        Parameter.P_ROLLBACK.check(pRollback);
        Parameter.ROLLBACK_AFTER_MS.check(rollbackAfterMs);
        if (duplicateDelayMaxMs < duplicateDelayMinMs) {
            throw ParameterException.outOfRange(Parameter.DUPLICATE_DELAY_MAX_MS, Long.toString(duplicateDelayMaxMs),
                    String.format(Locale.ROOT, "%,d (the shortest delay) to %,d", duplicateDelayMinMs,
                            Parameter.DUPLICATE_DELAY_MAX_MS.max()));
        }
    }

    /** @return the first article's parameters: every {@link Parameter}'s default (see the class comment). */
    public static Scenario article() {
        return ARTICLE;
    }

    private static final Scenario ARTICLE = new Builder().build();

    /**
     * @return the parameters whose value here differs from {@code base}'s, in declaration order (for the
     *         window's "differs from the article" line)
     */
    public List<Parameter> differencesFrom(Scenario base) {
        return Arrays.stream(Parameter.values()).filter(p -> !p.get(this).equals(p.get(base))).toList();
    }

    /** @return a builder that starts from these values. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Changes some values of a scenario; {@link #build()} validates them all at once. Every setter has its
     * {@link Parameter}'s unit; whole-number setters take a long and are range-checked before narrowing.
     */
    public static final class Builder {
        private long jobs;
        private double pFail;
        private double lostReply;
        private long maxAttempts;
        private long seed;
        private long baseDelayMs;
        private long maxDelayMs;
        private boolean jitter;
        private double backoffFactor;
        private long callMs;
        private long ttlMs;
        private long providerKeyTtlMs;
        private long workers;
        private double arrivalRate;
        private double pDuplicate;
        private long duplicateDelayMinMs;
        private long duplicateDelayMaxMs;
        private double pSlow;
        private long slowCallMs;
        private double pCrash;
        private long restartMs;
        private QueueKind queue;
        private long visibilityTimeoutMs;
        private long leaseMs;
        private long lockTtlMs;
        private double pDifferentPayload;
        private long maxReceives;
        private long repeats;
        private LockAt lockAt;
        private LockRelease lockRelease;
        private OnConflict onConflict;
        private long heartbeatMs;
        private long claimRetentionMs;
        private ClaimMode claim;
        private long raceWindowMs;
        private CallTimeShape callTime;
        private double callTimeSigma;
        private long attemptTimeoutMs;
        private RetryVia retryVia;
        private RescuerKind rescuer;
        private long rescueEveryMs;
        private double pRollback;
        private long rollbackAfterMs;

        /** Every parameter at its default. */
        private Builder() {
            for (Parameter p : Parameter.values()) {
                p.set(this, p.defaultValue());
            }
        }

        private Builder(Scenario s) {
            for (Parameter p : Parameter.values()) {
                p.set(this, p.get(s));
            }
        }

        /** Sets {@code p} to {@code value} (see {@link Parameter#set}). */
        public Builder set(Parameter p, Object value) {
            return p.set(this, value);
        }

        public Builder jobs(long v) { jobs = v; return this; }
        public Builder pFail(double v) { pFail = v; return this; }
        public Builder lostReply(double v) { lostReply = v; return this; }
        public Builder maxAttempts(long v) { maxAttempts = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder baseDelayMs(long v) { baseDelayMs = v; return this; }
        public Builder maxDelayMs(long v) { maxDelayMs = v; return this; }
        public Builder jitter(boolean v) { jitter = v; return this; }
        public Builder backoffFactor(double v) { backoffFactor = v; return this; }
        public Builder callMs(long v) { callMs = v; return this; }
        public Builder ttlMs(long v) { ttlMs = v; return this; }
        public Builder providerKeyTtlMs(long v) { providerKeyTtlMs = v; return this; }
        public Builder workers(long v) { workers = v; return this; }
        public Builder arrivalRate(double v) { arrivalRate = v; return this; }
        public Builder pDuplicate(double v) { pDuplicate = v; return this; }
        public Builder duplicateDelayMinMs(long v) { duplicateDelayMinMs = v; return this; }
        public Builder duplicateDelayMaxMs(long v) { duplicateDelayMaxMs = v; return this; }
        public Builder pSlow(double v) { pSlow = v; return this; }
        public Builder slowCallMs(long v) { slowCallMs = v; return this; }
        public Builder pCrash(double v) { pCrash = v; return this; }
        public Builder restartMs(long v) { restartMs = v; return this; }
        public Builder queue(QueueKind v) { queue = v; return this; }
        public Builder visibilityTimeoutMs(long v) { visibilityTimeoutMs = v; return this; }
        public Builder leaseMs(long v) { leaseMs = v; return this; }
        public Builder lockTtlMs(long v) { lockTtlMs = v; return this; }
        public Builder pDifferentPayload(double v) { pDifferentPayload = v; return this; }
        public Builder maxReceives(long v) { maxReceives = v; return this; }
        public Builder repeats(long v) { repeats = v; return this; }
        public Builder lockAt(LockAt v) { lockAt = v; return this; }
        public Builder lockRelease(LockRelease v) { lockRelease = v; return this; }
        public Builder onConflict(OnConflict v) { onConflict = v; return this; }

        public Builder heartbeatMs(long v) { heartbeatMs = v; return this; }
        public Builder claimRetentionMs(long v) { claimRetentionMs = v; return this; }
        public Builder claim(ClaimMode v) { claim = v; return this; }
        public Builder raceWindowMs(long v) { raceWindowMs = v; return this; }
        public Builder callTime(CallTimeShape v) { callTime = v; return this; }
        public Builder callTimeSigma(double v) { callTimeSigma = v; return this; }
        public Builder attemptTimeoutMs(long v) { attemptTimeoutMs = v; return this; }
        public Builder retryVia(RetryVia v) { retryVia = v; return this; }
        public Builder rescuer(RescuerKind v) { rescuer = v; return this; }
        public Builder rescueEveryMs(long v) { rescueEveryMs = v; return this; }
        public Builder pRollback(double v) { pRollback = v; return this; }
        public Builder rollbackAfterMs(long v) { rollbackAfterMs = v; return this; }

        /** Sets both ends of the repeated request's delay: {@code minMs..maxMs}, equal for a fixed delay. */
        public Builder duplicateDelayMs(long minMs, long maxMs) {
            duplicateDelayMinMs = minMs;
            duplicateDelayMaxMs = maxMs;
            return this;
        }

        /** @throws ParameterException naming the first field out of range */
        public Scenario build() {
            // the int components are checked before narrowing, so 2^32 + 3 attempts is refused, not read as 3
            return new Scenario(jobs, pFail, lostReply, (int) Parameter.MAX_ATTEMPTS.check(maxAttempts), seed,
                    baseDelayMs, maxDelayMs, jitter, callMs, ttlMs, providerKeyTtlMs,
                    (int) Parameter.WORKERS.check(workers), arrivalRate, pDuplicate, duplicateDelayMinMs,
                    duplicateDelayMaxMs, pSlow, slowCallMs, pCrash, restartMs, queue, visibilityTimeoutMs, leaseMs,
                    lockTtlMs, pDifferentPayload, backoffFactor, (int) Parameter.MAX_RECEIVES.check(maxReceives),
                    (int) Parameter.REPEATS.check(repeats), lockAt, lockRelease, onConflict, heartbeatMs,
                    claimRetentionMs, claim, raceWindowMs, callTime, callTimeSigma, attemptTimeoutMs, retryVia,
                    rescuer, rescueEveryMs, pRollback, rollbackAfterMs);
        }
    }
}
