package org.idempotencylab.engine;

/**
 * How a request ended. Every sign-up and every repeated request ends in exactly one outcome, counted once, by
 * the first of its deliveries to end (or by the queue that lost or dead-lettered it): a sign-up in
 * {@link #signUpMetric()}, a repeated request in {@link #repeatMetric()}. The sign-ups' outcomes add up to the
 * sign-ups, the repeats' to {@link Metric#REPEATED_REQUESTS}.
 */
public enum Outcome {
    /** Every step succeeded, or was answered from a store. */
    SUCCEEDED(Metric.SUCCEEDED_JOBS, Metric.REPEATS_SUCCEEDED),
    /** A step ran out of attempts. */
    FAILED(Metric.FAILED_JOBS, Metric.REPEATS_FAILED),
    /**
     * Refused for good with a key mismatch (its payload differs from the one the key was first used with: Stripe's
     * HTTP 400 {@code idempotency_error}). A sign-up refused so counts as failed; for a repeat it is the store
     * doing its job, counted apart.
     */
    REFUSED(Metric.FAILED_JOBS, Metric.REPEATS_REFUSED),
    /** Lost when an in-memory queue died with its worker process. */
    LOST(Metric.LOST_JOBS, Metric.REPEATS_LOST),
    /** Refused as a duplicate, or dropped because its lock was gone. */
    DROPPED(Metric.DROPPED_JOBS, Metric.REPEATS_DROPPED),
    /** Moved to a durable queue's dead-letter queue after the most receives allowed (SQS's maxReceiveCount). */
    DEAD_LETTERED(Metric.DEAD_LETTERED_JOBS, Metric.REPEATS_DEAD_LETTERED);

    private final Metric signUp;
    private final Metric repeat;

    Outcome(Metric signUp, Metric repeat) {
        this.signUp = signUp;
        this.repeat = repeat;
    }

    /** @return the metric that counts a sign-up ending so. */
    public Metric signUpMetric() {
        return signUp;
    }

    /** @return the metric that counts a repeated request ending so. */
    public Metric repeatMetric() {
        return repeat;
    }

    /** @return the metric that counts a request ending so: a repeated request's own, or a sign-up's. */
    public Metric metric(boolean repeatedRequest) {
        return repeatedRequest ? repeat : signUp;
    }
}
