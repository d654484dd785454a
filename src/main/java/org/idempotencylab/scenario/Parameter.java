package org.idempotencylab.scenario;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Every parameter a {@link Scenario} has, with its allowed range and unit: the one place the UI, the command
 * line and scenario files take their limits from.
 *
 * <p>Probabilities are in 0..1 (the UI shows them as percent); times are virtual milliseconds; counts are whole
 * numbers.
 */
public enum Parameter {
    JOBS("jobs", "--jobs", "Sign-ups", Kind.COUNT, 1, 100_000_000, "how many sign-up jobs to simulate, one per user, user_0 to user_{N-1}"),
    P_FAIL("pFail", "--p-fail", "Failure rate", Kind.PROBABILITY, 0, 1,
            "the chance that a call to any step fails before doing anything"),
    LOST_REPLY("lostReply", "--lost-reply", "Lost-reply rate", Kind.PROBABILITY, 0, 1,
            "the chance that the welcome email goes out but its reply is lost, so the caller sees a timeout and retries"),
    MAX_ATTEMPTS("maxAttempts", "--attempts", "Max attempts", Kind.COUNT, 1, 100,
            "how many times a call (or the whole job) is tried in all, the first attempt included"),
    SEED("seed", "--seed", "Seed", Kind.COUNT, Integer.MIN_VALUE, Integer.MAX_VALUE,
            "seed of the random streams; the same seed gives the same numbers (32 bits, as the article's "
                    + "seededRandom takes)"),
    BASE_DELAY_MS("baseDelayMs", "--base-delay-ms", "Base backoff", Kind.MILLIS, 0, 86_400_000,
            "the wait before the 2nd attempt, doubling after each further failure"),
    MAX_DELAY_MS("maxDelayMs", "--max-delay-ms", "Max backoff", Kind.MILLIS, 0, 86_400_000,
            "the longest one backoff wait can be"),
    CALL_MS("callMs", "--call-ms", "Call time", Kind.MILLIS, 0, 3_600_000,
            "how long each call to a step takes"),
    TTL_MS("ttlMs", "--ttl-ms", "Key TTL", Kind.MILLIS, 1, 31L * 86_400_000,
            "how long the in-memory store remembers a finished key"),
    PROVIDER_KEY_TTL_MS("providerKeyTtlMs", "--provider-key-ttl-ms", "Provider key TTL", Kind.MILLIS, 1,
            31L * 86_400_000, "how long the email provider remembers a key it has seen"),
    WORKERS("workers", "--workers", "Workers", Kind.COUNT, 1, 1024, "how many jobs are in progress at once"),
    ARRIVAL_RATE("arrivalRate", "--arrival-rate", "Arrival rate", Kind.RATE, 0, 100_000,
            "how many sign-ups arrive per virtual second, at random (Poisson) times; 0 means all at once"),
    P_DUPLICATE("pDuplicate", "--p-duplicate", "Repeated requests", Kind.PROBABILITY, 0, 1,
            "the chance that a sign-up is sent again (its client timed out and retried): a second job for the "
                    + "same user, with the same keys"),
    DUPLICATE_DELAY_MIN_MS("duplicateDelayMinMs", "--duplicate-delay-ms", "Repeat after (min)", Kind.MILLIS, 0,
            31L * 86_400_000, "the shortest time after the first request that the repeated one arrives"),
    DUPLICATE_DELAY_MAX_MS("duplicateDelayMaxMs", "--duplicate-delay-ms", "Repeat after (max)", Kind.MILLIS, 0,
            31L * 86_400_000, "the longest time after the first request that the repeated one arrives; the delay "
                    + "is drawn uniformly between the two"),
    P_SLOW("pSlow", "--p-slow", "Slow calls", Kind.PROBABILITY, 0, 1,
            "the chance that a call is slow: the long tail of call times that can outlive a lease"),
    SLOW_CALL_MS("slowCallMs", "--slow-call-ms", "Slow call time", Kind.MILLIS, 0, 86_400_000,
            "how long a slow call takes on average; each one takes between half and one and a half times this"),
    P_CRASH("pCrash", "--p-crash", "Worker crashes", Kind.PROBABILITY, 0, 1,
            "the chance that the worker process dies after a call's side effect and before its result is "
                    + "recorded (charge-then-crash); every worker in it stops and its in-memory store is lost"),
    RESTART_MS("restartMs", "--restart-ms", "Restart time", Kind.MILLIS, 0, 86_400_000,
            "how long the crashed worker process takes to start again"),
    VISIBILITY_TIMEOUT_MS("visibilityTimeoutMs", "--visibility-timeout-ms", "Visibility timeout", Kind.MILLIS, 1,
            43_200_000, "durable queue only: a job not acknowledged this long after a worker took it is delivered "
                    + "again (Amazon SQS: 30 s by default, at most 12 h)"),
    LEASE_MS("leaseMs", "--lease-ms", "Lease", Kind.MILLIS, 1, 31L * 86_400_000,
            "claim table only: how long an in_progress claim holds (locked_until) before another worker may "
                    + "reclaim it"),
    LOCK_TTL_MS("lockTtlMs", "--lock-ttl-ms", "Lock TTL", Kind.MILLIS, 1, 31L * 86_400_000,
            "lock only: how long a job's lock (SETNX with a TTL) lives if it is not released"),
    P_DIFFERENT_PAYLOAD("pDifferentPayload", "--p-different-payload", "Changed payloads", Kind.PROBABILITY, 0, 1,
            "the chance that a repeated request carries a different payload under the same idempotency key "
                    + "(a client bug); the claim table answers it with a key mismatch");

    /** How a value is written and read. */
    public enum Kind {
        /** A whole number. */
        COUNT,
        /** A probability 0..1 (the window shows percent). */
        PROBABILITY,
        /** Whole virtual milliseconds. */
        MILLIS,
        /** A decimal number per virtual second. */
        RATE;

        /** @return true for kinds that take decimals. */
        public boolean isDecimal() {
            return this == PROBABILITY || this == RATE;
        }
    }

    private final String id;
    private final String cliOption;
    private final String label;
    private final Kind kind;
    private final long min;
    private final long max;
    private final String meaning;

    Parameter(String id, String cliOption, String label, Kind kind, long min, long max, String meaning) {
        this.id = id;
        this.cliOption = cliOption;
        this.label = label;
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.meaning = meaning;
    }

    /** @return the field name in scenario files and JSON, e.g. {@code pFail}. */
    public String id() {
        return id;
    }

    /** @return the command-line option, e.g. {@code --p-fail}. */
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

    /** @return the unit in model terms: "probability 0..1", "virtual ms" or "whole number". */
    public String unit() {
        return switch (kind) {
            case PROBABILITY -> "probability 0..1";
            case MILLIS -> "virtual ms";
            case COUNT -> "whole number";
            case RATE -> "per virtual second";
        };
    }

    public Kind kind() {
        return kind;
    }

    /** @return the smallest allowed value (0 for probabilities). */
    public long min() {
        return min;
    }

    /** @return the largest allowed value (1 for probabilities). */
    public long max() {
        return max;
    }

    /** @return the allowed range as a person reads it, e.g. "0 to 1" or "1 to 100,000,000". */
    public String rangeText() {
        return String.format(Locale.ROOT, "%,d to %,d", min, max);
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

    /** @return "a number" or "a whole number", as the kind needs. */
    public String kindText() {
        return kind.isDecimal() ? "a number" : "a whole number";
    }

    /**
     * Reads typed text as this parameter's kind and checks the range.
     *
     * @param text as typed; surrounding spaces are ignored, thousands separators are not accepted
     * @return the value (a whole number for counts and times)
     * @throws ParameterException if the text is not a number of this kind or lies outside the range
     */
    public double parse(String text) {
        String t = text == null ? "" : text.strip();
        if (kind.isDecimal()) {
            double v;
            try {
                v = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw ParameterException.notANumber(this, t);
            }
            if (Double.isNaN(v) || !t.matches("[-+]?[0-9.]+([eE][-+]?[0-9]+)?")) {
                throw ParameterException.notANumber(this, t);
            }
            if (!(v >= min && v <= max)) {
                throw ParameterException.outOfRange(this, t); // as typed: "1e309", not "Infinity"
            }
            return v;
        }
        return check(parseLong(t));
    }

    /**
     * Reads typed text as a whole number and checks the range.
     *
     * @throws ParameterException if the text is not a whole number or lies outside the range
     */
    public long parseLong(String text) {
        String t = text == null ? "" : text.strip();
        try {
            return check(Long.parseLong(t));
        } catch (NumberFormatException e) {
            if (t.matches("[-+]?[0-9]+")) { // a whole number too large for a long is still out of range
                throw ParameterException.outOfRange(this, t);
            }
            throw ParameterException.notANumber(this, t);
        }
    }

    /** @return the shortest decimal that reads back as {@code value}, without exponent ("0.005", not "5.0E-3"). */
    public static String plain(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }
}
