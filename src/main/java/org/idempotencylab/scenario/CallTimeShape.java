package org.idempotencylab.scenario;

/**
 * How the time one call takes is spread around its mean ({@code callMs}, or {@code slowCallMs} for a slow call).
 * Every shape has the same mean, so a change of shape changes the spread only.
 */
public enum CallTimeShape implements Choice {
    /** Uniform in {@code [mean/2, 3*mean/2)}: no call takes more than one and a half times the mean. */
    UNIFORM,
    /**
     * Lognormal with the same mean and shape {@code sigma}: {@code ln(time)} is normal with standard deviation
     * sigma and mean {@code ln(mean) - sigma^2/2}. Service and job times are skewed this way: most calls are quick,
     * a few take many times the mean (a job that usually runs 9 minutes and sometimes 47).
     */
    LOGNORMAL,
    /**
     * Every call takes exactly the mean: no spread at all. The explorer's default, so that the calls of two workers
     * end at the same instant and the order of those events is one of the choices it tries.
     */
    FIXED;
}
