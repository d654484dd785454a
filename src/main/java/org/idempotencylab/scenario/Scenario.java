package org.idempotencylab.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

import static org.idempotencylab.scenario.Parameter.*;

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
 * <p>The values are kept by {@link Parameter}, one slot per row, so the row is the one declaration of a
 * parameter's name, kind, unit, range and default: {@link #get(Parameter)} reads any of them, and the typed getters
 * below read their row's slot in the unit and range that row declares (counts and times as whole numbers, times in
 * virtual ms, probabilities 0..1). Every value is checked in one loop over the rows when the scenario is built,
 * then the two rules between parameters: an arrival rate is 0 or at least {@link #MIN_ARRIVAL_RATE}, and a
 * repeated request's longest delay is not shorter than its shortest ({@link Builder#build()} throws otherwise).
 */
public final class Scenario {

    /** 24 hours in ms: the article's store TTL and the time Stripe keeps idempotency keys at least. */
    public static final long DAY_MS = 86_400_000L;

    /**
     * The slowest arrival rate but 0, per virtual second: a sign-up about every 11.6 virtual days, so 100 million of
     * them still end within a long's virtual milliseconds.
     */
    public static final double MIN_ARRIVAL_RATE = 0.000001;

    private static final Parameter[] ROWS = Parameter.values();

    /** Each row's value at its ordinal, as {@link Parameter#normalise} gives it: Long, Double, Boolean or Choice. */
    private final Object[] values;
    /** The job every sign-up runs; null: the article's ten-step sign-up ({@link Workflow#SIGNUP}). */
    private final Workflow workflow;

    private Scenario(Object[] values, Workflow workflow) {
        this.workflow = workflow;
        for (Parameter p : ROWS) {
            values[p.ordinal()] = p.checkValue(values[p.ordinal()]);
        }
        this.values = values;
        double arrivalRate = decimal(ARRIVAL_RATE);
        if (arrivalRate > 0 && arrivalRate < MIN_ARRIVAL_RATE) { // the gaps between arrivals would overflow a long ms
            throw ParameterException.outOfRange(ARRIVAL_RATE, Parameter.plain(arrivalRate),
                    "0 (all at once), or " + Parameter.plain(MIN_ARRIVAL_RATE) + " to 100,000");
        }
        if (whole(DUPLICATE_DELAY_MAX_MS) < whole(DUPLICATE_DELAY_MIN_MS)) {
            throw ParameterException.outOfRange(DUPLICATE_DELAY_MAX_MS, Long.toString(whole(DUPLICATE_DELAY_MAX_MS)),
                    String.format(Locale.ROOT, "%,d (the shortest delay) to %,d", whole(DUPLICATE_DELAY_MIN_MS),
                            DUPLICATE_DELAY_MAX_MS.max()));
        }
    }

    /** @return the first article's parameters: every {@link Parameter}'s default (see the class comment). */
    public static Scenario article() {
        return ARTICLE;
    }

    private static final Scenario ARTICLE = new Builder().build();

    /** @return {@code p}'s value: a Long for whole numbers, a Double for decimals, a Boolean or a {@link Choice} */
    public Object get(Parameter p) {
        return values[p.ordinal()];
    }

    /**
     * @return a whole-number parameter's value (a count, or virtual ms)
     * @throws ClassCastException if {@code p} is not a whole number
     */
    public long whole(Parameter p) {
        return (Long) get(p);
    }

    /**
     * @return a decimal parameter's value (a probability 0..1, a rate per virtual second, a factor)
     * @throws ClassCastException if {@code p} is not a decimal
     */
    public double decimal(Parameter p) {
        return (Double) get(p);
    }

    /**
     * @return a flag's value
     * @throws ClassCastException if {@code p} is not a flag
     */
    public boolean flag(Parameter p) {
        return (Boolean) get(p);
    }

    // the typed getters: each reads its row (see the row for its unit and range)
    public long jobs() { return whole(JOBS); }
    public double pFail() { return decimal(P_FAIL); }
    public double lostReply() { return decimal(LOST_REPLY); }
    public int maxAttempts() { return (int) whole(MAX_ATTEMPTS); }
    public long seed() { return whole(SEED); }
    public long baseDelayMs() { return whole(BASE_DELAY_MS); }
    public long maxDelayMs() { return whole(MAX_DELAY_MS); }
    public double backoffFactor() { return decimal(BACKOFF_FACTOR); }
    public RetryVia retryVia() { return (RetryVia) get(RETRY_VIA); }
    public boolean jitter() { return flag(JITTER); }
    public long callMs() { return whole(CALL_MS); }
    public int workers() { return (int) whole(WORKERS); }
    public double arrivalRate() { return decimal(ARRIVAL_RATE); }
    public double pSlow() { return decimal(P_SLOW); }
    public long slowCallMs() { return whole(SLOW_CALL_MS); }
    public CallTimeShape callTime() { return (CallTimeShape) get(CALL_TIME); }
    public double callTimeSigma() { return decimal(CALL_TIME_SIGMA); }
    public long attemptTimeoutMs() { return whole(ATTEMPT_TIMEOUT_MS); }
    public long ttlMs() { return whole(TTL_MS); }
    public long providerKeyTtlMs() { return whole(PROVIDER_KEY_TTL_MS); }
    public double pDuplicate() { return decimal(P_DUPLICATE); }
    public long duplicateDelayMinMs() { return whole(DUPLICATE_DELAY_MIN_MS); }
    public long duplicateDelayMaxMs() { return whole(DUPLICATE_DELAY_MAX_MS); }
    public double pDifferentPayload() { return decimal(P_DIFFERENT_PAYLOAD); }
    public int repeats() { return (int) whole(REPEATS); }
    public double pCrash() { return decimal(P_CRASH); }
    public long restartMs() { return whole(RESTART_MS); }
    public QueueKind queue() { return (QueueKind) get(QUEUE); }
    public long visibilityTimeoutMs() { return whole(VISIBILITY_TIMEOUT_MS); }
    public long leaseMs() { return whole(LEASE_MS); }
    public LockAt lockAt() { return (LockAt) get(LOCK_AT); }
    public LockRelease lockRelease() { return (LockRelease) get(LOCK_RELEASE); }
    public OnConflict onConflict() { return (OnConflict) get(ON_CONFLICT); }
    public long lockTtlMs() { return whole(LOCK_TTL_MS); }
    public int maxReceives() { return (int) whole(MAX_RECEIVES); }
    public long heartbeatMs() { return whole(HEARTBEAT_MS); }
    public long claimRetentionMs() { return whole(CLAIM_RETENTION_MS); }
    public ClaimMode claim() { return (ClaimMode) get(CLAIM); }
    public long raceWindowMs() { return whole(RACE_WINDOW_MS); }
    public RescuerKind rescuer() { return (RescuerKind) get(RESCUER); }
    public long rescueEveryMs() { return whole(RESCUE_EVERY_MS); }
    public double pRollback() { return decimal(P_ROLLBACK); }
    public long rollbackAfterMs() { return whole(ROLLBACK_AFTER_MS); }

    /** @return the job every sign-up runs: the declared workflow, else the article's ({@link Workflow#SIGNUP}) */
    public Workflow workflow() {
        return workflow == null ? Workflow.SIGNUP : workflow;
    }

    /** @return the workflow a scenario file declared, or null for the article's ten-step sign-up */
    public Workflow declaredWorkflow() {
        return workflow;
    }

    /**
     * @return the parameters whose value here differs from {@code base}'s, in declaration order (for the
     *         window's "differs from the article" line)
     */
    public List<Parameter> differencesFrom(Scenario base) {
        return Arrays.stream(ROWS).filter(p -> !get(p).equals(base.get(p))).toList();
    }

    /** @return a builder that starts from these values. */
    public Builder toBuilder() {
        return new Builder(values).workflow(workflow);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scenario s && Arrays.equals(values, s.values) && Objects.equals(workflow, s.workflow);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values) * 31 + Objects.hashCode(workflow);
    }

    /** @return "Scenario[jobs=1000000, pFail=0.01, ...]", every row in declaration order */
    @Override
    public String toString() {
        return Arrays.stream(ROWS).map(p -> p.id() + "=" + get(p))
                .collect(Collectors.joining(", ", "Scenario[", workflow == null ? "]" : ", workflow=" + workflow + "]"));
    }

    /**
     * Changes some values of a scenario; {@link #build()} validates them all at once. Every setter has its
     * {@link Parameter}'s unit; whole numbers are kept as longs, so 2^32 + 3 attempts is refused, not read as 3.
     */
    public static final class Builder {
        private final Object[] values;
        private Workflow workflow;

        /** Every parameter at its default. */
        private Builder() {
            values = new Object[ROWS.length];
            for (int i = 0; i < ROWS.length; i++) {
                values[i] = ROWS[i].defaultValue();
            }
        }

        private Builder(Object[] from) {
            values = from.clone();
        }

        /**
         * Sets {@code p} to {@code value}; ranges are checked when the builder builds.
         *
         * @param value a Number for numeric kinds (whole-number kinds take it rounded), a Boolean for a flag, one
         *              of {@link Parameter#choices()} for a choice
         * @throws IllegalArgumentException if the value is not of this parameter's kind
         */
        public Builder set(Parameter p, Object value) {
            values[p.ordinal()] = p.normalise(value);
            return this;
        }

        public Builder jobs(long v) { return set(JOBS, v); }
        public Builder pFail(double v) { return set(P_FAIL, v); }
        public Builder lostReply(double v) { return set(LOST_REPLY, v); }
        public Builder maxAttempts(long v) { return set(MAX_ATTEMPTS, v); }
        public Builder seed(long v) { return set(SEED, v); }
        public Builder baseDelayMs(long v) { return set(BASE_DELAY_MS, v); }
        public Builder maxDelayMs(long v) { return set(MAX_DELAY_MS, v); }
        public Builder backoffFactor(double v) { return set(BACKOFF_FACTOR, v); }
        public Builder retryVia(RetryVia v) { return set(RETRY_VIA, v); }
        public Builder jitter(boolean v) { return set(JITTER, v); }
        public Builder callMs(long v) { return set(CALL_MS, v); }
        public Builder workers(long v) { return set(WORKERS, v); }
        public Builder arrivalRate(double v) { return set(ARRIVAL_RATE, v); }
        public Builder pSlow(double v) { return set(P_SLOW, v); }
        public Builder slowCallMs(long v) { return set(SLOW_CALL_MS, v); }
        public Builder callTime(CallTimeShape v) { return set(CALL_TIME, v); }
        public Builder callTimeSigma(double v) { return set(CALL_TIME_SIGMA, v); }
        public Builder attemptTimeoutMs(long v) { return set(ATTEMPT_TIMEOUT_MS, v); }
        public Builder ttlMs(long v) { return set(TTL_MS, v); }
        public Builder providerKeyTtlMs(long v) { return set(PROVIDER_KEY_TTL_MS, v); }
        public Builder pDuplicate(double v) { return set(P_DUPLICATE, v); }
        public Builder duplicateDelayMinMs(long v) { return set(DUPLICATE_DELAY_MIN_MS, v); }
        public Builder duplicateDelayMaxMs(long v) { return set(DUPLICATE_DELAY_MAX_MS, v); }
        public Builder pDifferentPayload(double v) { return set(P_DIFFERENT_PAYLOAD, v); }
        public Builder repeats(long v) { return set(REPEATS, v); }
        public Builder pCrash(double v) { return set(P_CRASH, v); }
        public Builder restartMs(long v) { return set(RESTART_MS, v); }
        public Builder queue(QueueKind v) { return set(QUEUE, v); }
        public Builder visibilityTimeoutMs(long v) { return set(VISIBILITY_TIMEOUT_MS, v); }
        public Builder leaseMs(long v) { return set(LEASE_MS, v); }
        public Builder lockAt(LockAt v) { return set(LOCK_AT, v); }
        public Builder lockRelease(LockRelease v) { return set(LOCK_RELEASE, v); }
        public Builder onConflict(OnConflict v) { return set(ON_CONFLICT, v); }
        public Builder lockTtlMs(long v) { return set(LOCK_TTL_MS, v); }
        public Builder maxReceives(long v) { return set(MAX_RECEIVES, v); }
        public Builder heartbeatMs(long v) { return set(HEARTBEAT_MS, v); }
        public Builder claimRetentionMs(long v) { return set(CLAIM_RETENTION_MS, v); }
        public Builder claim(ClaimMode v) { return set(CLAIM, v); }
        public Builder raceWindowMs(long v) { return set(RACE_WINDOW_MS, v); }
        public Builder rescuer(RescuerKind v) { return set(RESCUER, v); }
        public Builder rescueEveryMs(long v) { return set(RESCUE_EVERY_MS, v); }
        public Builder pRollback(double v) { return set(P_ROLLBACK, v); }
        public Builder rollbackAfterMs(long v) { return set(ROLLBACK_AFTER_MS, v); }

        /** Sets both ends of the repeated request's delay: {@code minMs..maxMs}, equal for a fixed delay. */
        public Builder duplicateDelayMs(long minMs, long maxMs) {
            return set(DUPLICATE_DELAY_MIN_MS, minMs).set(DUPLICATE_DELAY_MAX_MS, maxMs);
        }

        /** Sets the job every sign-up runs; null for the article's ten-step sign-up ({@link Workflow#SIGNUP}). */
        public Builder workflow(Workflow w) {
            workflow = w;
            return this;
        }

        /** @throws ParameterException naming the first field out of range, in declaration order */
        public Scenario build() {
            return new Scenario(values.clone(), workflow);
        }
    }
}
