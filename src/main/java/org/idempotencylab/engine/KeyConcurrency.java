package org.idempotencylab.engine;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.store.LongIntHashMap;

/**
 * Runs of one key at once, the key being the user's (every request and delivery of {@code user_<n>}'s sign-up):
 * counts a run that begins while another of the same key still runs ({@link Metric#SAME_KEY_OVERLAPS}), and, with
 * {@code maxConcurrentPerKey} above 0, refuses a delivery that would go over that many at once.
 *
 * <p>A refused delivery is requeued: it goes back to the queue as "job in progress" and tries again after the retry
 * policy's backoff for its n-th refusal (counted in {@link Metric#JOB_IN_PROGRESS_REJECTIONS}; on a durable queue
 * it is a receive like any other, so {@code maxReceives} still applies). That is sidekiq-unique-jobs' while_executing
 * lock with a {@code lock_limit} and its reschedule conflict strategy. Solid Queue's {@code limits_concurrency} keeps
 * such a job blocked instead and releases it the moment a slot frees (or its {@code duration} runs out); the lab
 * polls with the backoff, so a refused job may start a little after the slot freed, never before. A delivery takes
 * its slot when a worker takes it (before the gate) and gives it back when it stops, however it stops (ended, sent
 * back, dropped, crashed, its retry published through the queue).
 *
 * <p>Only tracked runs (a message per request) can run a key twice; an untracked job (the article's runs) is one
 * request with one delivery, and is neither counted nor limited. Not thread-safe.
 */
final class KeyConcurrency {
    /** Why a delivery over the limit went back to the queue. */
    static final String REFUSAL = "its key's concurrency limit is reached: another run of the user's job holds it";

    private final RunMetrics metrics;
    private final long limit;                                  // 0: no limit
    private final LongIntHashMap holding = new LongIntHashMap(); // user -> deliveries holding a slot (limit only)
    private final Set<Job> holders = Collections.newSetFromMap(new IdentityHashMap<>());

    KeyConcurrency(RunContext ctx) {
        this.metrics = ctx.metrics();
        this.limit = ctx.scenario().whole(Parameter.MAX_CONCURRENT_PER_KEY);
    }

    /**
     * A worker took {@code job}: with a limit, it takes one of its key's slots if one is free.
     *
     * @return false if the key already has {@code maxConcurrentPerKey} deliveries going: the job goes back
     */
    boolean admits(Job job) {
        if (limit == 0 || job.msg == null) {
            return true;
        }
        int held = Math.max(0, holding.get(job.user));
        if (held >= limit) {
            return false;
        }
        holding.put(job.user, held + 1);
        holders.add(job);
        return true;
    }

    /** {@code job}'s delivery makes its first call: a run of its key begins, overlapping any still going. */
    void runStarts(Job job) {
        if (job.msg == null) {
            return;
        }
        if (job.ledger.running++ > 0) { // the user's ledger counts its runs going: no look-up per run
            metrics.count(Metric.SAME_KEY_OVERLAPS);
        }
    }

    /** {@code job}'s delivery stopped (call before the queue clears {@code job.running}): its run and slot end. */
    void deliveryEnds(Job job) {
        if (job.msg == null) {
            return;
        }
        if (job.running) {
            job.ledger.running--;
        }
        if (!holders.isEmpty() && holders.remove(job)) {
            decrement(holding, job.user);
        }
    }

    private static void decrement(LongIntHashMap counts, long user) {
        int left = counts.get(user) - 1;
        if (left > 0) {
            counts.put(user, left);
        } else {
            counts.remove(user); // nothing kept for a key with no run: memory stays flat over a long run
        }
    }
}
