package org.idempotencylab.engine;

/**
 * Exponential backoff with a cap and optional full jitter.
 *
 * <p>The wait before attempt {@code n+1} is {@code min(maxDelayMs, baseDelayMs * 2^(n-1))}; with full jitter it
 * is drawn uniformly from {@code [0, that)} and rounded down to whole ms ("Exponential Backoff And Jitter", AWS
 * Architecture Blog, 2015). The article's retry options: 3 attempts, 100 ms base, 2,000 ms cap, jitter on.
 *
 * @param maxAttempts attempts in all, the first included, at least 1
 * @param baseDelayMs wait before the second attempt, virtual ms, 0 or more
 * @param maxDelayMs  cap on one wait, virtual ms, 0 or more
 * @param jitter      whether to apply full jitter
 */
public record RetryPolicy(int maxAttempts, long baseDelayMs, long maxDelayMs, boolean jitter) {

    public RetryPolicy {
        if (maxAttempts < 1 || baseDelayMs < 0 || maxDelayMs < 0) {
            throw new IllegalArgumentException("maxAttempts >= 1 and delays >= 0 required: " + maxAttempts + ", "
                    + baseDelayMs + ", " + maxDelayMs);
        }
    }

    /**
     * @param failedAttempt the attempt that just failed, 1-based
     * @param jitterStream  where the jitter is drawn from (not the outcome stream); unused without jitter
     * @return the wait in virtual ms before attempt {@code failedAttempt + 1}
     */
    public long backoffMs(int failedAttempt, Mulberry32 jitterStream) {
        int shift = Math.min(failedAttempt - 1, 62);
        long exp = baseDelayMs > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : baseDelayMs << shift;
        long cap = Math.min(maxDelayMs, exp);
        return jitter ? (long) (jitterStream.nextDouble() * cap) : cap;
    }
}
