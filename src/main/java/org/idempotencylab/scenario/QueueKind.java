package org.idempotencylab.scenario;

/**
 * Where the job queue keeps its messages, which decides what a worker crash does to them (after the second
 * article's "the queue does not receive an acknowledgement, it redelivers the job").
 */
public enum QueueKind implements Choice {
    /**
     * The queue lives in the worker process: a crash loses the jobs waiting in it and the jobs running. They are
     * counted as lost jobs, never dropped silently. There is no redelivery.
     */
    MEMORY("in-memory"),
    /**
     * A durable broker (for example Amazon SQS): a job taken by a worker stays in the queue, invisible, until the
     * worker acknowledges it at the job's end. If no acknowledgement comes within the visibility timeout (the
     * worker crashed, or the job is still running), the job is delivered again: at-least-once delivery.
     */
    DURABLE("durable");

    private final String label;

    QueueKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
