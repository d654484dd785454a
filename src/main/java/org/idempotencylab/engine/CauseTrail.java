package org.idempotencylab.engine;

import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryVia;

/**
 * Books each side effect done again to its {@link DuplicateCause}, by the rules written there. It keeps, per user
 * and step, what it needs of the last side effect: which request and delivery did it, what became of it right after
 * (its reply lost, its caller gone after the attempt timeout, the process crashed before it was recorded), how its
 * claim was got, and how many crashes had happened by then. It runs in every run, so that every run reports
 * {@link Metric#DUPLICATES_BY_CAUSE}: what it keeps lives beside the side-effect counts it explains
 * ({@link Job#trail}: the reused job's own in the article's runs, which allocate nothing per job; the user's ledger
 * when tracked, dropped with it). Not thread-safe.
 */
final class CauseTrail {
    /** The last side effect of one user's step; an entry of a reused ledger may be absent ({@link #kept} false). */
    static final class Last {
        boolean kept; // false: the step has done no side effect for this user since the ledger was cleared
        int delivery;
        Message msg;
        long crashes;
        long shutdowns;
        DuplicateCause fate;
        DuplicateCause pass;
        long claimedAtMs;

        /** Marks this entry absent, keeping no message alive. */
        void forget() {
            kept = false;
            msg = null;
        }
    }

    private final StepGates.Traits store;
    private final boolean providerKey;
    private final boolean requestKey; // the provider key is the request's own
    private final boolean retryViaQueue;
    private final boolean[] keyed; // per step: it sends the provider key
    private final RunMetrics metrics;

    /** @param keyed per step of the run's workflow: its call sends the provider key ({@link StepCalls}' own) */
    CauseTrail(RunContext ctx, boolean[] keyed) {
        this.store = StepGates.Traits.of(ctx.strategy().store());
        this.providerKey = ctx.strategy().keyMode() == KeyMode.SAME;
        this.requestKey = ctx.strategy().keyMode() == KeyMode.PER_REQUEST;
        this.retryViaQueue = ctx.scenario().retryVia() == RetryVia.DELAYED_MESSAGE;
        this.keyed = keyed;
        this.metrics = ctx.metrics();
    }

    /**
     * {@code job}'s call did {@code step}'s side effect for the first time: remembers it as the step's last. An
     * untracked job (the article's runs: {@code msg} null) keeps nothing here: it has one delivery and no crash,
     * claim or attempt timeout, so its last side effect differs from the next only by its fate, which
     * {@link #fate} writes and {@link Job#reset} clears. So the million sign-ups' side effects pay one test each.
     *
     * @param abandoned the call's caller had given up on it (an attempt timeout)
     */
    void first(Job job, int step, boolean abandoned) {
        if (job.msg != null) {
            remember(last(job, step), job, abandoned);
        }
    }

    /**
     * {@code job}'s call did {@code step}'s side effect again: says why, and remembers it as the step's last.
     *
     * @param abandoned the call's caller had given up on it (an attempt timeout)
     * @return why it was done again
     * @throws IllegalStateException if a tracked job's trail holds no earlier side effect of the step (its trail and
     *                               its side-effect counts came apart)
     */
    DuplicateCause again(Job job, int step, boolean abandoned) {
        Last last = job.trail[step];
        if (last == null || !last.kept) {
            if (job.msg != null) { // the trail and the counts live side by side: a second time follows a first
                throw new IllegalStateException("step " + step + " done again with no trail of its first time");
            }
            last = last(job, step); // untracked: the first time left nothing but what the job is now
            remember(last, job, false);
        }
        DuplicateCause cause = cause(job, step, abandoned, last);
        remember(last, job, abandoned);
        return cause;
    }

    /** @return the step's last side effect's entry in the job's trail, made on first use (maybe absent: not kept) */
    private static Last last(Job job, int step) {
        Last last = job.trail[step];
        if (last == null) {
            last = new Last();
            job.trail[step] = last;
        }
        return last;
    }

    /** Remembers {@code job}'s side effect, happening now, as {@code last}. */
    private void remember(Last last, Job job, boolean abandoned) {
        last.kept = true;
        last.delivery = job.delivery;
        last.msg = job.msg;
        last.crashes = metrics.get(Metric.CRASHES);
        last.shutdowns = metrics.get(Metric.SHUTDOWNS);
        last.fate = abandoned ? DuplicateCause.ATTEMPT_TIMEOUT : null;
        last.pass = job.gatePass;
        last.claimedAtMs = job.claimedAtMs;
    }

    /**
     * What became of {@code step}'s last side effect right after it: its reply was lost ({@link
     * DuplicateCause#LOST_REPLY}) or the process crashed before it was recorded ({@link DuplicateCause#CRASH}).
     */
    void fate(Job job, int step, DuplicateCause fate) {
        Last last = job.trail[step];
        if (job.msg == null && (last == null || !last.kept)) { // untracked: its first side effect kept nothing
            last = last(job, step);
            remember(last, job, false);
        }
        if (last != null && last.kept) {
            last.fate = fate;
            job.trailFated = true;
        }
    }

    private DuplicateCause cause(Job job, int step, boolean abandoned, Last prev) {
        if (abandoned) {
            return DuplicateCause.ATTEMPT_TIMEOUT;
        }
        if (job.gatePass != null) { // a lease taken over, a freed key, a lost race
            return job.gatePass;
        }
        if (prev.pass != null && job.claimedAtMs <= prev.claimedAtMs) { // this call's claim was overtaken
            return prev.pass;
        }
        if ((providerKey || requestKey && job.msg == prev.msg) && keyed[step]) {
            return DuplicateCause.EXPIRED_KEY; // the provider knew the key until it forgot it
        }
        boolean crashedSince = metrics.get(Metric.CRASHES) > prev.crashes;
        if (store.records()) { // a record was missing
            if (prev.fate != null) {
                return prev.fate; // never written
            }
            if (store.wipedByCrash() && crashedSince) {
                return DuplicateCause.CRASH;
            }
            // a graceful shutdown restarts the process too, with empty memory
            return store.wipedByCrash() && metrics.get(Metric.SHUTDOWNS) > prev.shutdowns ? DuplicateCause.SHUTDOWN
                    : DuplicateCause.EXPIRED_KEY;
        }
        boolean lock = store.lockOnly();
        if (job.msg != prev.msg) { // another request (each has a message of its own; untracked, none)
            return lock && prev.msg != null && !prev.msg.settled ? DuplicateCause.LOCK_GONE
                    : DuplicateCause.REPEATED_REQUEST;
        }
        boolean overlapping = job.msg != null && job.msg.running > 1;
        if (job.delivery != prev.delivery) {
            Message msg = job.msg;
            if (msg.returnedCause != null && msg.returnedDelivery >= prev.delivery) { // given back after it
                return msg.returnedCause;
            }
            if (crashedSince) {
                return DuplicateCause.CRASH;
            }
            if (lock && overlapping) {
                return DuplicateCause.LOCK_GONE;
            }
            if (!retryViaQueue || overlapping) { // a retry through the queue is a delivery of its own
                return DuplicateCause.VISIBILITY_TIMEOUT;
            }
        }
        return prev.fate == DuplicateCause.LOST_REPLY || prev.fate == DuplicateCause.ATTEMPT_TIMEOUT ? prev.fate
                : DuplicateCause.WHOLE_JOB_RETRY;
    }
}
