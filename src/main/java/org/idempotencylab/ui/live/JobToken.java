package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent;

/**
 * What the live view knows of one sign-up job: where its token is and what happened to it. Updated from
 * {@link SimulationEvent}s on the FX thread.
 */
public final class JobToken {
    /** Where the token is. */
    public enum Phase { QUEUED, CALLING, BACKOFF, DONE, FAILED }

    private final long user;
    private final boolean repeat;
    private final List<SimulationEvent> history = new ArrayList<>();
    Phase phase = Phase.QUEUED;
    int step = -1;        // the step being called or retried, -1 before the first call
    int attempt = 1;
    int worker = -1;
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

    /** @return true while the job is waiting, calling or backing off. */
    public boolean active() {
        return phase != Phase.DONE && phase != Phase.FAILED;
    }
}
