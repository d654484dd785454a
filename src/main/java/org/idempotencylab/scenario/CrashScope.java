package org.idempotencylab.scenario;

/**
 * What a crash after a call's side effect kills: the whole worker process (the second article's crash, the lab's
 * default) or only the worker whose call crashed, as a Celery prefork child, a Sidekiq thread's job or one
 * function invocation dies while the pool, the broker and the other workers go on.
 */
public enum CrashScope implements Choice {
    /** Every worker of the process stops, its in-memory store and an in-memory queue die with it (the default). */
    PROCESS,
    /**
     * Only the crashed worker stops: the job it ran is killed (lost on an in-memory queue, redelivered after the
     * visibility timeout on a durable one), the worker starts again after the restart time; the queue, the
     * in-memory store and the other workers go on.
     */
    WORKER
}
