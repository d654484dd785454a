package org.idempotencylab.engine;

import java.util.HashSet;
import java.util.Set;

/**
 * What a provider knows of a key beyond having seen it: the request's own key ({@code providerKey = per-request})
 * and, when the provider checks payloads ({@code providerChecksPayload}), which payload a key came with first. Not
 * tied to one step: any step's call that sends a key to a provider may use it.
 *
 * <p>The payload check is Stripe's: "the idempotency layer compares incoming parameters to those of the original
 * request and errors unless they're the same" (Stripe API reference, "Idempotent requests",
 * https://docs.stripe.com/api/idempotent_requests), an HTTP 400 {@code idempotency_error}; the first result is not
 * replayed and nothing is done. A repeated request with a changed payload under the same key meets it; a key per
 * request or per call never does. The caller takes the error as any failed call (it retries, and is answered the
 * same, until its attempts run out). Not thread-safe.
 */
final class ProviderKeys {
    /** What a call answered with a key mismatch sees. */
    static final String MISMATCH = "400 idempotency key reused with another payload";

    private final RunMetrics metrics;
    private final Set<Long> firstWithChangedPayload = new HashSet<>(); // remembered keys first sent with a changed one

    ProviderKeys(RunMetrics metrics) {
        this.metrics = metrics;
    }

    /**
     * @return the provider key of {@code job}'s request: the same on every attempt and delivery of it, a new one for
     *         a repeated request (its request number is its own; a sign-up's is its user number)
     */
    static long perRequest(Job job) {
        return SignupKeys.providerRequest(job.user, job.msg == null ? job.user : job.msg.request);
    }

    /**
     * A call with {@code key} reaches a provider that checks payloads: notes the payload of a key it does not know
     * yet (the call will make it known), or compares it with the one the key came with first.
     *
     * @param nowMs virtual ms of the call
     * @return true if the provider knows the key with another payload (counted in
     *         {@link Metric#PROVIDER_KEY_MISMATCHES}): it answers {@link #MISMATCH} and does nothing
     */
    boolean mismatch(EmailProvider provider, long key, Job job, long nowMs) {
        if (key == EmailProvider.NO_KEY) {
            return false;
        }
        boolean changed = job.differentPayload();
        if (!provider.knows(key, nowMs)) { // new, or expired: this call's payload is the one it will remember
            if (changed) {
                firstWithChangedPayload.add(key);
            } else {
                firstWithChangedPayload.remove(key);
            }
            return false;
        }
        if (firstWithChangedPayload.contains(key) == changed) {
            return false;
        }
        metrics.count(Metric.PROVIDER_KEY_MISMATCHES);
        return true;
    }

    /** Forgets the payload of {@code key}, which is never sent again. */
    void forget(long key) {
        firstWithChangedPayload.remove(key);
    }
}
