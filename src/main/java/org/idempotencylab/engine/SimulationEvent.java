package org.idempotencylab.engine;

import java.util.List;

/**
 * One thing that happened in a {@link SignupSimulation}, for views and histories. Only made when a
 * {@link SimulationListener} is attached; batch runs make none.
 *
 * @param timeMs  virtual ms at which it happened
 * @param kind    what happened
 * @param user    the sign-up's user number ({@code user_<n>}), or -1 for events of no job
 * @param repeat  true for the job of a repeated request (the same user's second job)
 * @param step    step index 0..9 ({@link SignupSteps#NAMES}), or -1
 * @param attempt the attempt of the strategy's retry scope (the step's, or the whole job's), 1-based, or 0
 * @param worker  the worker running the job, 0-based, or -1
 * @param untilMs for {@link Kind#CALL_STARTED} when the call ends, for {@link Kind#BACKOFF_STARTED} when the wait
 *                ends, in virtual ms; otherwise equal to {@code timeMs}
 * @param note    a short human text, e.g. "503 service unavailable", or "" when there is nothing to add
 * @param delivery which delivery of the job's message this is: 1 for the first, 2 after one redelivery or one
 *                "job in progress" retry, ...; 0 for events of no delivery
 * @param cause   for {@link Kind#DUPLICATE_SIDE_EFFECT}, why the step was done again; null for every other kind
 */
public record SimulationEvent(long timeMs, Kind kind, long user, boolean repeat, int step, int attempt, int worker,
                              long untilMs, String note, int delivery, DuplicateCause cause) {

    /** An event with no cause: every kind but {@link Kind#DUPLICATE_SIDE_EFFECT}. */
    public SimulationEvent(long timeMs, Kind kind, long user, boolean repeat, int step, int attempt, int worker,
                           long untilMs, String note, int delivery) {
        this(timeMs, kind, user, repeat, step, attempt, worker, untilMs, note, delivery, null);
    }

    /** What happened. */
    public enum Kind {
        /** A sign-up entered the queue. */
        ARRIVED,
        /** A worker took the sign-up. */
        JOB_STARTED,
        /** A call to a step began; it ends at {@code untilMs}. */
        CALL_STARTED,
        /** The call failed before doing anything (or was made to fail by a click). */
        CALL_FAILED,
        /** The step's side effect happened for the first time for this user. */
        SIDE_EFFECT,
        /** The step's side effect happened again for this user: a duplicate. */
        DUPLICATE_SIDE_EFFECT,
        /** The email provider knew the idempotency key and sent nothing. */
        EMAIL_SUPPRESSED,
        /** The email went out (or was suppressed) but the reply was lost: the caller sees a timeout. */
        REPLY_LOST,
        /** The call returned its result. */
        CALL_SUCCEEDED,
        /** The idempotency store had a saved result: the step was skipped. */
        STEP_SKIPPED,
        /** The same key was running: this caller shared that run. */
        RUN_SHARED,
        /** A failed attempt waits its backoff until {@code untilMs}. */
        BACKOFF_STARTED,
        /** The job finished all ten steps. */
        JOB_SUCCEEDED,
        /** The job ran out of attempts. */
        JOB_FAILED,
        /** A fault was armed by a click: the job's next call fails, or the provider's next reply is lost. */
        FAULT_ARMED,
        /**
         * The worker process died (after a call's side effect, before its result was recorded, or by a click):
         * every worker stops, the in-memory store is lost; it starts again at {@code untilMs}.
         */
        WORKER_CRASHED,
        /** The worker process started again after a crash, with empty memory. */
        WORKER_RESTARTED,
        /** The job was running when its worker process crashed: this delivery ends without an acknowledgement. */
        JOB_INTERRUPTED,
        /** The job was lost with an in-memory queue: it will never run (counted in lost jobs). */
        JOB_LOST,
        /**
         * The request was dropped without running (counted in dropped jobs): refused as a duplicate by a held lock
         * ({@code --on-conflict reject}), or its lock taken at enqueue was gone when a worker took it.
         */
        JOB_DROPPED,
        /** A durable queue made an unacknowledged job visible again: it will be delivered again. */
        JOB_REDELIVERED,
        /**
         * The claim table (or the lock) answered "job in progress": another delivery holds the key. The job goes
         * back to the queue and becomes visible again at {@code untilMs}.
         */
        JOB_IN_PROGRESS,
        /** An {@code in_progress} claim whose lease had run out was taken over by this job. */
        LEASE_RECLAIMED,
        /** The key was used with a different payload: refused with HTTP 400 {@code idempotency_error}. */
        KEY_MISMATCH
    }

    /**
     * @return the step's name in the article's sign-up, or "" for events of no step; a step beyond the sign-up's ten
     *         (a scenario's own workflow has up to 12) is "step 11", never an exception: name it with
     *         {@link #stepName(List)}
     */
    public String stepName() {
        return step < SignupSteps.COUNT ? stepName(SignupSteps.NAMES) : "step " + (step + 1);
    }

    /** @return the step's name among {@code names} (the run's workflow's steps), or "" for events of no step */
    public String stepName(List<String> names) {
        return step < 0 ? "" : names.get(step);
    }
}
