package org.idempotencylab.engine;

import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.LockOnlyStore;

/**
 * {@link StoreKind#LOCK}: lock-only deduplication, the second article's counter-example. A delivery takes
 * {@code signup:user_<n>} with SETNX and a TTL of {@code lockTtlMs} when its job starts, or goes back to the queue
 * like a "job in progress"; it releases the lock when the job ends. Nothing records completion, so a later
 * delivery runs every step again: "a lock is not an idempotency record". The lock store lives outside the worker
 * process: a crash leaves the lock to its TTL.
 */
final class LockGate implements StepGate {
    private final Simulator sim;
    private final long lockTtlMs;
    private final LockOnlyStore locks = new LockOnlyStore();

    LockGate(RunContext ctx) {
        this.sim = ctx.sim();
        this.lockTtlMs = ctx.scenario().lockTtlMs();
    }

    /** @return the lock-only store's key for a user's job: {@code signup:user_<n>}. */
    static String lockKey(long user) {
        return "signup:user_" + user;
    }

    @Override
    public Lane lane(Caller caller) {
        return new Through() {
            @Override
            public boolean jobStarts(Job job) {
                return locks.acquire(lockKey(job.user), job.owner, sim.nowMs(), lockTtlMs);
            }

            @Override
            public String refusal() {
                return "lock held by another delivery";
            }

            @Override
            public void jobEnds(Job job) {
                locks.release(lockKey(job.user), job.owner); // a late holder cannot free another's lock
            }
        };
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
