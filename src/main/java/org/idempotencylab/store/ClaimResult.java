package org.idempotencylab.store;

import java.util.Objects;

/**
 * The answer to one {@link ClaimStore#claim} call: the second article's claim rules plus Stripe's key-mismatch
 * check.
 *
 * <p>Only {@link Kind#CLAIMED} and {@link Kind#RECLAIMED} give the caller the key: it must do the work and then
 * {@link ClaimStore#complete} or {@link ClaimStore#release} it. Every other kind means "do not do the work".
 *
 * @param kind          what happened
 * @param key           the idempotency key asked for
 * @param result        the saved result; set only for {@link Kind#COMPLETED} (may still be null if the work saved
 *                      none). Never set for {@link Kind#KEY_MISMATCH}: the first request's result is never handed
 *                      to a request with a different payload.
 * @param holder        for {@link Kind#IN_PROGRESS}, the owner holding the lease (it may be the caller itself);
 *                      for {@link Kind#CLAIMED}/{@link Kind#RECLAIMED}, the caller; otherwise null
 * @param lockedUntilMs for {@link Kind#CLAIMED}, {@link Kind#RECLAIMED} and {@link Kind#IN_PROGRESS}, the virtual
 *                      ms the lease runs to (inclusive: another owner can reclaim only once {@code now >
 *                      lockedUntilMs}); otherwise 0
 */
public record ClaimResult(Kind kind, String key, String result, String holder, long lockedUntilMs) {

    /** Stripe's error type for the same key sent with a different request (HTTP 400). */
    public static final String IDEMPOTENCY_ERROR = "idempotency_error";

    /** The HTTP status Stripe answers a key mismatch with. */
    public static final int KEY_MISMATCH_HTTP_STATUS = 400;

    /** What a claim call found. */
    public enum Kind {
        /** The key was free: the caller owns it now and does the work. */
        CLAIMED,
        /** The key was {@code in_progress} but its lease had expired (its holder vanished): the caller owns it. */
        RECLAIMED,
        /** The key was completed before: its saved result is returned and the work is not done again. */
        COMPLETED,
        /** Another run holds a lease that has not expired: "job in progress", the queue retries later. */
        IN_PROGRESS,
        /**
         * The key was used with a different request fingerprint: an error, as Stripe's HTTP 400
         * {@code idempotency_error}. No work, and never the first request's result.
         */
        KEY_MISMATCH
    }

    public ClaimResult {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
        if (kind != Kind.COMPLETED && result != null) {
            throw new IllegalArgumentException("only a COMPLETED claim carries a result, not " + kind);
        }
    }

    static ClaimResult claimed(String key, String owner, long lockedUntilMs) {
        return new ClaimResult(Kind.CLAIMED, key, null, owner, lockedUntilMs);
    }

    static ClaimResult reclaimed(String key, String owner, long lockedUntilMs) {
        return new ClaimResult(Kind.RECLAIMED, key, null, owner, lockedUntilMs);
    }

    static ClaimResult completed(String key, String result) {
        return new ClaimResult(Kind.COMPLETED, key, result, null, 0);
    }

    static ClaimResult inProgress(String key, String holder, long lockedUntilMs) {
        return new ClaimResult(Kind.IN_PROGRESS, key, null, holder, lockedUntilMs);
    }

    static ClaimResult keyMismatch(String key) {
        return new ClaimResult(Kind.KEY_MISMATCH, key, null, null, 0);
    }

    /** @return true if the caller now owns the key and must do the work (CLAIMED or RECLAIMED). */
    public boolean owned() {
        return kind == Kind.CLAIMED || kind == Kind.RECLAIMED;
    }

    /**
     * @return for {@link Kind#KEY_MISMATCH}, a message in the spirit of Stripe's {@code idempotency_error};
     *         otherwise null
     */
    public String errorMessage() {
        return kind == Kind.KEY_MISMATCH
                ? IDEMPOTENCY_ERROR + " (HTTP " + KEY_MISMATCH_HTTP_STATUS + "): key '" + key
                        + "' was already used with a different request; use a new key for a different request"
                : null;
    }
}
