package org.idempotencylab.scenario;

import java.util.Locale;

/**
 * What a lesson counts in a run, by the name a lesson file gives it: the events a frame can stop at
 * ({@link StopCondition}) and the numbers a prediction is checked against ({@link Tally}). Each is counted from the
 * simulation's events as they happen (the engine's {@code FrameWatch}), optionally only for one step or one user.
 * Sources: first article (side effects, lost replies, provider keys, the store's saved results), second article
 * (crashes, redelivery, "job in progress", lease reclaims).
 */
public enum LessonCount {
    /** A step's side effect happened (the first time or again). */
    SIDE_EFFECT,
    /** A step's side effect happened again for the same user: a duplicate (first article's "steps done again"). */
    DUPLICATE_SIDE_EFFECT,
    /** A welcome email went out (a side effect of step 7, first or again). */
    WELCOME_EMAIL,
    /** A user got a second welcome email: counts users, once each (first article's last column). */
    USER_WITH_DUPLICATE_EMAILS,
    /** The email went out but the reply was lost: the caller sees a timeout (first article). */
    REPLY_LOST,
    /** The provider knew the idempotency key and sent nothing (first article). */
    EMAIL_SUPPRESSED,
    /** A store had the step's saved result: the step was skipped. */
    STEP_SKIPPED,
    /** A call failed before doing anything. */
    CALL_FAILED,
    /** The worker process died (second article: after the side effect, before the result was recorded). */
    CRASH,
    /** The worker process started again, with empty memory. */
    RESTART,
    /** A durable queue delivered an unacknowledged job again. */
    REDELIVERY,
    /** The claim table (or a lock) answered "job in progress" (second article's JOB_IN_PROGRESS). */
    JOB_IN_PROGRESS,
    /** An {@code in_progress} claim whose lease ran out was taken over (second article's {@code locked_until}). */
    LEASE_RECLAIMED,
    /** A job finished all ten steps. */
    JOB_SUCCEEDED,
    /** A job ran out of attempts. */
    JOB_FAILED,
    /** A job was lost with an in-memory queue. */
    JOB_LOST;

    /** @return the name in lesson files: {@code duplicate-side-effect}, {@code lease-reclaimed}, ... */
    public String fileName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @return true if {@code step} may narrow it (the counts of steps' calls and side effects) */
    public boolean hasStep() {
        return switch (this) {
            case SIDE_EFFECT, DUPLICATE_SIDE_EFFECT, STEP_SKIPPED, CALL_FAILED, JOB_IN_PROGRESS, LEASE_RECLAIMED -> true;
            default -> false;
        };
    }
}
