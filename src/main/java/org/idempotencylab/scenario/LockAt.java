package org.idempotencylab.scenario;

/**
 * When the lock-only store takes a job's lock (sidekiq-unique-jobs' lock types: until_executed and the others lock
 * "when the client pushes the job to the queue", while_executing locks when the server starts the job; BullMQ's
 * deduplication keeps a second job with the same id out of the queue).
 */
public enum LockAt implements Choice {
    /**
     * A worker takes the lock when the job starts (the second article's lock, and sidekiq-unique-jobs'
     * while_executing): repeated requests all get into the queue, and one arriving while the lock is held is only
     * refused when a worker takes it.
     */
    START("when the job starts"),
    /**
     * The lock is taken when the request is put on the queue (sidekiq-unique-jobs' until_executed,
     * until_executing and until_expired; BullMQ deduplication): a repeated request arriving while the lock is held
     * is refused at the door. A job that waited longer than the lock TTL finds its lock gone when a worker takes
     * it, and is dropped, as sidekiq-unique-jobs does (counted here, never silently gone).
     */
    ENQUEUE("when the request is queued");

    private final String label;

    LockAt(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
