package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.scenario.BatchFailure;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;

/**
 * One worker's batch ({@code batchSize > 1}, durable queue): up to {@code batchSize} messages received together, as
 * an SQS {@code ReceiveMessage} with {@code MaxNumberOfMessages} or a Lambda event source hands them to one
 * invocation. Every delivery starts (and its visibility timeout starts) when the batch is received; the worker runs
 * the jobs one after another and acknowledges them only when the batch ends: if a job failed, {@code whole} gives
 * every message back and {@code partial} only the failed ones ({@code ReportBatchItemFailures}); a message given
 * back is visible again when its visibility timeout ends ({@link WorkerProcess#endBatch}). A job that ends on its
 * own (sent back as "job in progress", dropped, or retried through the queue) leaves the batch then. Not
 * thread-safe.
 */
final class Batch {
    private final Job[] jobs;
    private final Outcome[] outcomes;
    private final boolean whole;
    private int taken;   // deliveries received in this batch
    private int started; // of them, the ones a worker has started
    private boolean failed;

    private Batch(int size, int steps, boolean whole) {
        this.jobs = new Job[size];
        this.outcomes = new Outcome[size];
        for (int i = 0; i < size; i++) {
            jobs[i] = new Job(steps);
        }
        this.whole = whole;
    }

    /** @return a batch for one worker, or null if the worker takes one message at a time */
    static Batch of(Scenario s) {
        int size = (int) s.whole(Parameter.BATCH_SIZE);
        if (size <= 1 || s.queue() != QueueKind.DURABLE) {
            return null;
        }
        return new Batch(size, s.workflow().size(), s.get(Parameter.BATCH_FAILURE) == BatchFailure.WHOLE);
    }

    /**
     * Receives up to the batch size from {@code queue} (the batch must be empty).
     *
     * @return false if no job was waiting
     */
    boolean receive(JobQueue queue) {
        while (taken < jobs.length && queue.takeNext(jobs[taken])) {
            taken++;
        }
        return taken > 0;
    }

    /** @return the next job of the batch to run, or null once every one has started */
    Job next() {
        return started < taken ? jobs[started++] : null;
    }

    /** The job a worker ran ended with {@code outcome}; it is acknowledged (or given back) when the batch ends. */
    void ended(Job job, Outcome outcome) {
        for (int i = 0; i < started; i++) {
            if (jobs[i] == job) {
                outcomes[i] = outcome;
                failed |= outcome == Outcome.FAILED;
                return;
            }
        }
        throw new IllegalStateException("a job not of this batch ended");
    }

    /** @return how many of the batch's jobs have started: the ones {@link #job} and {@link #outcome} cover */
    int ended() {
        return started;
    }

    Job job(int i) {
        return jobs[i];
    }

    /** @return the outcome job {@code i} ended with, or null if it has not ended, or left the batch on its own */
    Outcome outcome(int i) {
        return outcomes[i];
    }

    /** @return true if a job of the batch failed (ran out of attempts) */
    boolean anyFailed() {
        return failed;
    }

    /** @return true if a failed job gives the whole batch back, false if only itself */
    boolean returnsWhole() {
        return whole;
    }

    /** @return true while the batch holds a delivery (one not started, or ended and not yet acknowledged) */
    boolean holds() {
        return taken > 0;
    }

    /** Empties the batch once it has been acknowledged or given back. */
    void clear() {
        java.util.Arrays.fill(outcomes, null);
        taken = 0;
        started = 0;
        failed = false;
    }

    /**
     * The worker stopped (a crash, a shutdown): the deliveries it still holds besides the one in hand, which are
     * not acknowledged. Empties the batch.
     *
     * @param inHand the job the worker was running (already let go of), or null
     */
    List<Job> release(Job inHand) {
        List<Job> held = new ArrayList<>();
        for (int i = 0; i < taken; i++) {
            if (jobs[i] != inHand && (i >= started || outcomes[i] != null)) {
                held.add(jobs[i]);
            }
        }
        clear();
        return held;
    }
}
