package org.idempotencylab.engine;

import org.idempotencylab.engine.SimulationEvent.Kind;

/**
 * Where the parts of a sign-up simulation tell what happened: the simulation turns each call into a
 * {@link SimulationEvent} for its {@link SimulationListener}, and makes nothing when no one listens (batch runs).
 */
interface Emitter {

    /** @return true if someone listens: build a note that costs something only then. */
    boolean listening();

    /**
     * Tells one thing that happened now.
     *
     * @param user     the user number, or -1 for events of no job
     * @param step     step index 0..9, or -1
     * @param attempt  the retry scope's attempt, 1-based, or 0
     * @param worker   the worker, 0-based, or -1
     * @param untilMs  virtual ms at which what started ends (a call, a wait, a restart); else now
     * @param note     a short human text, or ""
     * @param delivery the delivery of the job's message, 1-based, or 0 for events of no delivery
     * @param cause    why a side effect was done again ({@link Kind#DUPLICATE_SIDE_EFFECT}), else null
     */
    void emit(Kind kind, long user, boolean repeat, int step, int attempt, int worker, long untilMs, String note,
              int delivery, DuplicateCause cause);

    /** Tells one thing that happened now, of no cause (see the method above). */
    default void emit(Kind kind, long user, boolean repeat, int step, int attempt, int worker, long untilMs,
                      String note, int delivery) {
        emit(kind, user, repeat, step, attempt, worker, untilMs, note, delivery, null);
    }

    /** Tells what happened to a user's sign-up outside any delivery (arrived, lost while waiting, ...). */
    default void emit(Kind kind, long user, int step, int attempt, int worker, long untilMs, String note) {
        emit(kind, user, false, step, attempt, worker, untilMs, note, 0);
    }

    /** Tells what happened to one delivery of a job. */
    default void emit(Kind kind, Job job, int step, int attempt, int worker, long untilMs, String note) {
        if (listening()) {
            emit(kind, job.user, job.repeat, step, attempt, worker, untilMs, note, job.delivery, null);
        }
    }
}
