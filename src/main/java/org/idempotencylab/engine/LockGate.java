package org.idempotencylab.engine;

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
 * (until_executing; with a lock taken at the start too this protects nothing); or never, so it lives out its TTL
 * (until_expired). A request refused because another holds the lock ({@link OnConflict}) goes back and tries
 * again later (default), or is dropped and counted (the reject strategy).
 */
final class LockGate implements StepGate {
    private static final String HELD = "lock held by another delivery";
    private static final String GONE = "its lock was gone when a worker took it (expired after the lock TTL)";

    private final Simulator sim;
    private final long lockTtlMs;
    private final boolean atEnqueue;
    private final LockRelease release;
    private final boolean rejects;
    private final LockOnlyStore locks = new LockOnlyStore();

    LockGate(RunContext ctx) {
        this.sim = ctx.sim();
        this.lockTtlMs = ctx.scenario().lockTtlMs();
        this.atEnqueue = ctx.scenario().lockAt() == LockAt.ENQUEUE;
        this.release = ctx.scenario().lockRelease();
        this.rejects = ctx.scenario().onConflict() == OnConflict.REJECT;
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
        if (locks.acquire(lockKey(user), requestOwner(request), atMs, lockTtlMs)) {
            return Entry.IN;
        }
        return rejects ? Entry.DROPPED : Entry.LATER;
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
                    if (release == LockRelease.START) {
                        locks.release(key, owner); // until_executing: unlocked before the job runs, held or not
                        return true;
                    }
                    if (owner.equals(locks.holder(key, sim.nowMs()).orElse(null))) {
                        return true;
                    }
                    refusal = GONE;
                    drops = true; // whatever the conflict strategy: the job has no lock left to run under
                    return false;
                }
                if (!locks.acquire(key, owner, sim.nowMs(), lockTtlMs)) {
                    refusal = HELD;
                    drops = rejects;
                    return false;
                }
                if (release == LockRelease.START) {
                    locks.release(key, owner);
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
