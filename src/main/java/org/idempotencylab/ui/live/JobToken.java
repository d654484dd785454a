package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent;

/**
 * What the live view knows of one sign-up job: where its token is and what happened to it. Updated from
 * {@link SimulationEvent}s on the FX thread.
 */
public final class JobToken {
    /**
     * Where the token is. REDELIVERY: its worker process crashed and a durable queue will deliver it again when
     * the visibility timeout runs out ({@code untilMs}); SENT_BACK: refused with "job in progress" (claim table
     * or lock), back in the queue, visible again at {@code untilMs}; LOST: an in-memory queue died with the
     * process, the job never runs.
     */
    public enum Phase { QUEUED, CALLING, BACKOFF, REDELIVERY, SENT_BACK, DONE, FAILED, LOST }

    private final long user;
    private final boolean repeat;
    private final List<SimulationEvent> history = new ArrayList<>();
    Phase phase = Phase.QUEUED;
    int step = -1;        // the step being called or retried, -1 before the first call
    int attempt = 1;
    int worker = -1;
    int delivery = 1;      // 1 for the first delivery of its queue message, 2+ after a redelivery or a refusal
    long deliveredAtMs;    // virtual ms its worker took the current delivery
    long sinceMs;          // virtual ms the current phase began
    long untilMs;          // virtual ms the call or backoff ends
    boolean faultArmed;    // its next call will fail (clicked)
    int emails;            // welcome emails this user has received
    // drawing state: where the token is drawn, and the move in progress (real time)
    double x = Double.NaN;
    double y;
    double fromX;
    double fromY;
    double toX = Double.NaN;
    double toY;
    long moveStartNanos;

    JobToken(long user) {
        this(user, false);
    }

    JobToken(long user, boolean repeat) {
        this.user = user;
        this.repeat = repeat;
    }

    /** @return true for the job of a repeated request: the same user's second job. */
    public boolean repeat() {
        return repeat;
    }

    /** @return the user number: the job is {@code user_<n>}'s sign-up. */
    public long user() {
        return user;
    }

    public Phase phase() {
        return phase;
    }

    /** @return the step index 0..9 the job is at, or -1 before its first call. */
    public int step() {
        return step;
    }

    /** @return the attempt of the strategy's retry scope, 1-based. */
    public int attempt() {
        return attempt;
    }

    /** @return which delivery of the job's queue message runs or ran last: 1 for the first, 2+ after a crash. */
    public int delivery() {
        return delivery;
    }

    /** @return the virtual ms the current phase ends: a call, a backoff, a redelivery or a refusal's wait. */
    public long untilMs() {
        return untilMs;
    }

    /** @return the events of this job, oldest first. */
    public List<SimulationEvent> history() {
        return history;
    }

    /** @return welcome emails this user has received so far. */
    public int emails() {
        return emails;
    }

    /** @return true if a click armed a failure of its next call. */
    public boolean faultArmed() {
        return faultArmed;
    }

    /** @return true while the job is waiting, calling, backing off or on its way back to the queue. */
    public boolean active() {
        return phase != Phase.DONE && phase != Phase.FAILED && phase != Phase.LOST;
    }
}
