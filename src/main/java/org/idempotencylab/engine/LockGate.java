package org.idempotencylab.engine;

import java.util.HashSet;
import java.util.Set;
import org.idempotencylab.scenario.LockAt;
import org.idempotencylab.scenario.LockRelease;
import org.idempotencylab.scenario.OnConflict;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.LockOnlyStore;

/**
 * {@link StoreKind#LOCK}: lock-only deduplication, the second article's counter-example, with the lock types and
 * conflict strategies of sidekiq-unique-jobs. The lock is {@code signup:user_<n>}, taken with SETNX and a TTL of
 * {@code lockTtlMs}. Nothing records completion, so a request let in after the lock is gone runs every step
 * again: "a lock is not an idempotency record". The lock store lives outside the worker process: a crash leaves
 * the lock to its TTL.
 *
 * <p>When it is taken ({@link LockAt}):
 * <ul>
 *   <li>{@link LockAt#START} (default): a delivery takes it when its job starts, owned by the delivery; a delivery
 *       that finds it held is refused.</li>
 *   <li>{@link LockAt#ENQUEUE}: a request takes it as it reaches the queue, owned by the request (every delivery
 *       of the request shares it); a repeat arriving while it is held is refused at the door. A worker that takes
 *       a request whose lock is gone (expired by its TTL while the job waited, perhaps taken by a later request
 *       since) drops the job, counted in dropped jobs, unless the lock is released at the start anyway. That is
 *       what sidekiq-unique-jobs does: its until_executed lock (v6) let a job whose key "is not locked ...
 *       silently complete" without running it, and its until_and_while_executing lock drops a job whose lock_ttl
 *       ran out before a worker took it (issues #788 and #862); the lab counts the job instead of losing it
 *       silently. Its until_executing lock unlocks and runs whatever the lock's state.</li>
 * </ul>
 * When it is let go ({@link LockRelease}): at the job's end (default, until_executed); at its start
 * (until_executing; with a lock taken at the start too this protects nothing); at its start if the job still holds
 * it, else the job is dropped (until_and_while_executing, without its runtime lock); or never, so it lives out its
 * TTL (until_expired). A request refused because another holds the lock ({@link OnConflict}) goes back and tries
 * again later (default), or is dropped and counted (the reject strategy).
 *
 * <p>With {@code pRollback > 0} and a lock at enqueue, a sign-up's enqueue may sit in a transaction that rolls
 * back (drawn on its own stream as the sign-up enters): its lock, the unique record, is held for
 * {@code rollbackAfterMs} and then goes with the rollback, and the job never runs. A real queue never shows an
 * uncommitted job; the lab drops it when a worker reaches it, so it ends counted as dropped
 * ({@link Metric#ROLLED_BACK_ENQUEUES}). A repeat that met the record before the rollback was told "duplicate":
 * rejected, it is dropped too, deduplicated against a job that no longer exists
 * ({@link Metric#DEDUPED_AGAINST_ROLLBACK}), and the sign-up is never done; requeued, it tries again and gets in
 * once the record is gone. This is Oban's unique insert in a transaction: a concurrent insert that found the
 * unique lock taken assumed the other would commit and inserted nothing, and the other rolled back.
 */
final class LockGate implements StepGate {
    private static final String HELD = "lock held by another delivery";
    private static final String ROLLED_BACK = "its enqueue transaction rolled back: the job never existed";
    private static final String GONE = "its lock was gone when a worker took it (expired after the lock TTL)";

    private final Simulator sim;
    private final long lockTtlMs;
    private final boolean atEnqueue;
    private final LockRelease release;
    private final boolean rejects;
    private final LockOnlyStore locks = new LockOnlyStore();
    private final RunMetrics metrics;
    private final long jobs;
    private final double pRollback;
    private final long rollbackAfterMs;
    private final Mulberry32 rollbacks; // drawn only when rollbacks are on, so no other stream shifts
    private final Set<String> rolledBack = new HashSet<>(); // owners (requests) whose enqueue rolled back

    LockGate(RunContext ctx) {
        this.sim = ctx.sim();
        this.lockTtlMs = ctx.scenario().lockTtlMs();
        this.atEnqueue = ctx.scenario().lockAt() == LockAt.ENQUEUE;
        this.release = ctx.scenario().lockRelease();
        this.rejects = ctx.scenario().onConflict() == OnConflict.REJECT;
        this.metrics = ctx.metrics();
        this.jobs = ctx.scenario().jobs();
        this.pRollback = atEnqueue ? ctx.scenario().pRollback() : 0;
        this.rollbackAfterMs = ctx.scenario().rollbackAfterMs();
        this.rollbacks = pRollback > 0
                ? RandomStreams.derived(ctx.scenario().seed(), RandomStreams.Purpose.ROLLBACKS) : null;
    }

    /** @return the lock-only store's key for a user's job: {@code signup:user_<n>}. */
    static String lockKey(long user) {
        return "signup:user_" + user;
    }

    /** @return the owner of a lock taken at enqueue: {@code request-<n>}, shared by the request's deliveries. */
    static String requestOwner(long request) {
        return "request-" + request;
    }

    @Override
    public boolean guardsTheQueue() {
        return atEnqueue;
    }

    @Override
    public Entry entering(long user, long request, long atMs) {
        String key = lockKey(user);
        String owner = requestOwner(request);
        if (locks.acquire(key, owner, atMs, lockTtlMs)) {
            // a sign-up (its request number is its user's), not a repeat, may be enqueued in a doomed transaction
            if (rollbacks != null && request < jobs && rollbacks.nextDouble() < pRollback) {
                rolledBack.add(owner);
                metrics.count(Metric.ROLLED_BACK_ENQUEUES);
                sim.schedule(rollbackAfterMs, new ScheduledEvent.EnqueueRollsBack(this, key, owner));
            }
            return Entry.IN;
        }
        if (rejects && !rolledBack.isEmpty()
                && locks.holder(key, atMs).map(rolledBack::contains).orElse(false)) {
            metrics.count(Metric.DEDUPED_AGAINST_ROLLBACK);
        }
        return rejects ? Entry.DROPPED : Entry.LATER;
    }

    /**
     * A doomed enqueue transaction rolls back ({@link ScheduledEvent.EnqueueRollsBack}): its unique record, the
     * lock {@code owner} took, goes with it (if still its own), so a later request gets in.
     */
    void enqueueRollsBack(String key, String owner) {
        locks.release(key, owner);
    }

    @Override
    public Lane lane(Caller caller) {
        return new Through() {
            private String refusal = "";
            private boolean drops;

            @Override
            public boolean jobStarts(Job job) {
                String key = lockKey(job.user);
                String owner = ownerOf(job);
                if (atEnqueue) {
                    if (rolledBack.contains(owner)) { // its enqueue never committed: there is no job to run
                        refusal = ROLLED_BACK;
                        drops = true;
                        return false;
                    }
                    if (release == LockRelease.START) {
                        locks.release(key, owner); // until_executing: unlocked before the job runs, held or not
                        return true;
                    }
                    if (owner.equals(locks.holder(key, sim.nowMs()).orElse(null))) {
                        if (release == LockRelease.START_IF_HELD) {
                            locks.release(key, owner); // until_and_while_executing: runs only if it could unlock
                        }
                        return true;
                    }
                    refusal = GONE;
                    drops = true; // whatever the conflict strategy: the job has no lock left to run under
                    metrics.count(Metric.LOCK_GONE_DROPS);
                    return false;
                }
                if (!locks.acquire(key, owner, sim.nowMs(), lockTtlMs)) {
                    refusal = HELD;
                    drops = rejects;
                    return false;
                }
                if (release == LockRelease.START || release == LockRelease.START_IF_HELD) {
                    locks.release(key, owner); // just taken, so held
                }
                return true;
            }

            @Override
            public boolean dropsRefused() {
                return drops;
            }

            @Override
            public String refusal() {
                return refusal;
            }

            @Override
            public void retryPublished(Job job) {
                if (!atEnqueue) {
                    jobEnds(job); // the delivery owned it; a lock taken at enqueue belongs to the request,
                }                 // held while its retry waits, as sidekiq-unique-jobs keeps a job's lock in the retry set
            }

            @Override
            public void jobEnds(Job job) {
                if (release == LockRelease.END) {
                    locks.release(lockKey(job.user), ownerOf(job)); // a late holder cannot free another's lock
                }
            }
        };
    }

    /** @return who owns the job's lock: its request, for a lock taken at enqueue; else the delivery. */
    private String ownerOf(Job job) {
        return atEnqueue ? requestOwner(job.msg.request) : job.owner;
    }

    @Override
    public boolean needsOwners() {
        return true;
    }

    @Override
    public void forgetUser(long user) {
        locks.forget(lockKey(user));
    }

    @Override
    public LockOnlyStore lockStore() {
        return locks;
    }
}
