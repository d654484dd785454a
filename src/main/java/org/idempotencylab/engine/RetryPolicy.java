package org.idempotencylab.engine;

import org.idempotencylab.scenario.Scenario;

/**
 * Exponential backoff with a cap and optional full jitter.
 *
 * <p>The wait before attempt {@code n+1} is {@code min(maxDelayMs, baseDelayMs * factor^(n-1))}, rounded down to
 * whole ms; with full jitter it is drawn uniformly from {@code [0, that)} and rounded down ("Exponential Backoff
 * And Jitter", AWS Architecture Blog, 2015). The article's retry options: 3 attempts, 100 ms base, factor 2,
 * 2,000 ms cap, jitter on. With factor 2 every wait is a whole number of ms, exactly {@code baseDelayMs << (n-1)}
 * below the cap, so the article's numbers do not depend on floating point.
 *
 * @param maxAttempts attempts in all, the first included, at least 1
 * @param baseDelayMs wait before the second attempt, virtual ms, 0 or more
 * @param maxDelayMs  cap on one wait, virtual ms, 0 or more
 * @param jitter      whether to apply full jitter
 * @param factor      growth of the wait per failed attempt, 1 or more (2 doubles it)
 * @throws IllegalArgumentException if an argument is outside the range above
 */
public record RetryPolicy(int maxAttempts, long baseDelayMs, long maxDelayMs, boolean jitter, double factor) {

    public RetryPolicy {
        if (maxAttempts < 1 || baseDelayMs < 0 || maxDelayMs < 0 || !(factor >= 1)) {
            throw new IllegalArgumentException("maxAttempts >= 1, delays >= 0 and factor >= 1 required: "
                    + maxAttempts + ", " + baseDelayMs + ", " + maxDelayMs + ", " + factor);
        }
    }

    /** The article's doubling backoff. */
    public RetryPolicy(int maxAttempts, long baseDelayMs, long maxDelayMs, boolean jitter) {
        this(maxAttempts, baseDelayMs, maxDelayMs, jitter, 2);
    }

    /**
     * @return the retry options of {@code s} (attempts, base and max backoff, jitter, backoff factor): the one place
     *         the simulated and the real workers take them from
     */
    public static RetryPolicy of(Scenario s) {
        return new RetryPolicy(s.maxAttempts(), s.baseDelayMs(), s.maxDelayMs(), s.jitter(), s.backoffFactor());
    }

    /**
     * @param failedAttempt the attempt that just failed, 1-based
     * @param jitterStream  where the jitter is drawn from (not the outcome stream); unused without jitter
     * @return the wait in virtual ms before attempt {@code failedAttempt + 1}
     */
    public long backoffMs(int failedAttempt, Mulberry32 jitterStream) {
        long cap;
        if (factor == 2) { // whole numbers all the way: the article's table stays exact
            int shift = Math.min(failedAttempt - 1, 62);
            long exp = baseDelayMs > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : baseDelayMs << shift;
            cap = Math.min(maxDelayMs, exp);
        } else {
            double exp = baseDelayMs * Math.pow(factor, failedAttempt - 1);
            cap = exp >= maxDelayMs ? maxDelayMs : (long) exp;
        }
        return jitter ? (long) (jitterStream.nextDouble() * cap) : cap;
    }
}
