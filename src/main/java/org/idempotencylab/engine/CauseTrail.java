package org.idempotencylab.engine;

import java.util.HashMap;
import java.util.Map;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryVia;

/**
 * Books each side effect done again to its {@link DuplicateCause}, by the rules written there. It keeps, per user
 * and step, what it needs of the last side effect: which request and delivery did it, what became of it right after
 * (its reply lost, its caller gone after the attempt timeout, the process crashed before it was recorded), how its
 * claim was got, and how many crashes had happened by then. Kept only while someone listens to the run (the live
 * view, a lesson): a batch run keeps nothing and pays nothing. Not thread-safe.
 */
final class CauseTrail {
    /** The last side effect of one user's step. */
    private static final class Last {
        int delivery;
        Message msg;
        long crashes;
        long shutdowns;
        DuplicateCause fate;
        DuplicateCause pass;
        long claimedAtMs;
    }

    private final StepGates.Traits store;
    private final boolean providerKey;
    private final boolean requestKey; // the provider key is the request's own
    private final boolean retryViaQueue;
    private final int stepCount;
    private final boolean[] keyed; // per step: it sends the provider key
    private final RunMetrics metrics;
    private final Map<Long, Last[]> byUser = new HashMap<>();

    CauseTrail(RunContext ctx) {
        this.store = StepGates.Traits.of(ctx.strategy().store());
        this.providerKey = ctx.strategy().keyMode() == KeyMode.SAME;
        this.requestKey = ctx.strategy().keyMode() == KeyMode.PER_REQUEST;
        this.retryViaQueue = ctx.scenario().retryVia() == RetryVia.DELAYED_MESSAGE;
        this.stepCount = ctx.scenario().workflow().size();
        this.keyed = new boolean[stepCount];
        for (int i = 0; i < stepCount; i++) {
            keyed[i] = ctx.scenario().workflow().step(i).providerKey();
        }
        this.metrics = ctx.metrics();
    }

    /**
     * {@code job}'s call did {@code step}'s side effect for the {@code times}-th time: books it and remembers it as
     * the step's last.
     *
     * @param abandoned the call's caller had given up on it (an attempt timeout)
     * @return why it was done again, or null for the first time
     */
    DuplicateCause sideEffect(Job job, int step, int times, boolean abandoned) {
        Last[] steps = byUser.computeIfAbsent(job.user, u -> new Last[stepCount]);
        Last last = steps[step];
        DuplicateCause cause = times > 1 && last != null ? cause(job, step, abandoned, last) : null;
        if (last == null) {
            last = new Last();
            steps[step] = last;
        }
        last.delivery = job.delivery;
        last.msg = job.msg;
        last.crashes = metrics.get(Metric.CRASHES);
        last.shutdowns = metrics.get(Metric.SHUTDOWNS);
        last.fate = abandoned ? DuplicateCause.ATTEMPT_TIMEOUT : null;
        last.pass = job.gatePass;
        last.claimedAtMs = job.claimedAtMs;
        return cause;
    }

    /**
     * What became of {@code step}'s last side effect right after it: its reply was lost ({@link
     * DuplicateCause#LOST_REPLY}) or the process crashed before it was recorded ({@link DuplicateCause#CRASH}).
     */
    void fate(Job job, int step, DuplicateCause fate) {
        Last[] steps = byUser.get(job.user);
        if (steps != null && steps[step] != null) {
            steps[step].fate = fate;
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
