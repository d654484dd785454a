package org.idempotencylab.scenario;

/**
 * Where a failed attempt waits out its backoff before the retry.
 */
public enum RetryVia implements Choice {
    /** The worker holds the job and waits its backoff itself: it takes nothing else meanwhile (the default). */
    WORKER,
    /**
     * {@code queue}: the retry is published as a new delayed message and the worker lets go of the job and takes the next one,
     * as Celery's {@code self.retry(countdown=...)} re-publishes the task with an ETA, Sidekiq puts it in its retry
     * set, and an SQS consumer calls {@code ChangeMessageVisibility}. On a durable queue the message behaves as
     * Celery's ETA message on Redis or SQS does: a worker reserves it at once and holds it unacknowledged until the
     * ETA, so every visibility timeout that runs out before the ETA delivers it to one more worker, and each of
     * them runs it at the ETA (Celery's Redis broker caveats).
     */
    DELAYED_MESSAGE;

    /** @return the name on the command line and in files: {@code worker} or {@code queue}. */
    @Override
    public String cliName() {
        return this == DELAYED_MESSAGE ? "queue" : Choice.super.cliName();
    }
}
