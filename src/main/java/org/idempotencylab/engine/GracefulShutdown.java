package org.idempotencylab.engine;

import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;

/**
 * Graceful shutdowns of the worker process ({@code shutdownEveryMs > 0}, durable queue): a deploy or a scale-in at
 * every multiple of {@code shutdownEveryMs} virtual ms. The workers stop taking jobs (a batch already received is
 * run to its end) and the process waits up to {@code shutdownTimeoutMs} for the jobs in hand; it ends as soon as no
 * worker holds one, or at the timeout, when every delivery still held is pushed back to the queue, visible again at
 * once and in its place: its side effects so far stay done, and the steps the next delivery does again are booked to
 * {@link DuplicateCause#SHUTDOWN} (Sidekiq's shutdown: quiet, wait {@code -t} seconds, push unfinished jobs back to
 * Redis; Celery's warm shutdown; Kubernetes' termination grace period). The process then restarts after
 * {@code restartMs} with new workers and empty memory, as after a crash. A shutdown due while the process is down
 * is skipped. Not thread-safe.
 */
final class GracefulShutdown {
    private final Simulator sim;
    private final RunMetrics metrics;
    private final Emitter emitter;
    private final WorkerProcess process;
    private final JobQueue queue;
    private final long everyMs;
    private final long timeoutMs;
    private final ScheduledEvent begins = new ScheduledEvent.ShutdownBegins(this);
    private long nextAtMs;
    private boolean draining;

    private GracefulShutdown(RunContext ctx, WorkerProcess process, JobQueue queue) {
        Scenario s = ctx.scenario();
        this.sim = ctx.sim();
        this.metrics = ctx.metrics();
        this.emitter = ctx.emitter();
        this.process = process;
        this.queue = queue;
        this.everyMs = s.whole(Parameter.SHUTDOWN_EVERY_MS);
        this.timeoutMs = s.whole(Parameter.SHUTDOWN_TIMEOUT_MS);
    }

    /** @return the shutdowns the scenario asks for, or null for none (off, or an in-memory queue) */
    static GracefulShutdown of(RunContext ctx, WorkerProcess process, JobQueue queue) {
        Scenario s = ctx.scenario();
        boolean on = s.whole(Parameter.SHUTDOWN_EVERY_MS) > 0 && s.queue() == QueueKind.DURABLE;
        return on ? new GracefulShutdown(ctx, process, queue) : null;
    }

    /** Schedules the first shutdown. */
    void start() {
        nextAtMs = everyMs;
        sim.scheduleAt(nextAtMs, begins);
    }

    /** @return true while the process waits for its jobs: no worker takes a new one */
    boolean draining() {
        return draining;
    }

    /** A shutdown is due ({@link ScheduledEvent.ShutdownBegins}); the next one is scheduled while jobs remain. */
    void begin() {
        boolean workLeft = queue.originalsLeft() || queue.jobsOpen();
        if (workLeft) {
            nextAtMs += everyMs;
            sim.scheduleAt(nextAtMs, begins);
        }
        if (process.isDown() || draining || !workLeft) {
            return;
        }
        draining = true;
        metrics.count(Metric.SHUTDOWNS);
        metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        emitter.emit(Kind.WORKER_CRASHED, -1, -1, 0, -1, sim.nowMs() + timeoutMs,
                "graceful shutdown: the workers stop taking jobs and wait up to " + timeoutMs + " ms");
        long generation = process.generation();
        if (busyWorkers() == 0) {
            sim.schedule(0, new ScheduledEvent.ShutdownEnds(this, generation));
        } else {
            sim.schedule(timeoutMs, new ScheduledEvent.ShutdownEnds(this, generation));
        }
    }

    /** A worker let go of its last job while draining: once none holds one, the shutdown ends now. */
    void workerIdle() {
        if (draining && busyWorkers() == 0) {
            sim.schedule(0, new ScheduledEvent.ShutdownEnds(this, process.generation()));
        }
    }

    /**
     * The wait is over ({@link ScheduledEvent.ShutdownEnds}): every delivery still held is pushed back and the
     * process goes down until its restart.
     *
     * @param generation the process's life the shutdown began in: if it crashed since, its restart has taken over
     */
    void end(long generation) {
        if (!draining || generation != process.generation()) {
            return; // it ended already, or a crash took the process down meanwhile
        }
        draining = false;
        process.goDown(DuplicateCause.SHUTDOWN, "pushed back to the queue at a graceful shutdown");
    }

    /** The process went down (a crash, or this shutdown's end): a shutdown it was draining for is over. */
    void processDown() {
        draining = false;
    }

    private long busyWorkers() {
        return process.workers().stream().filter(Worker::busy).count();
    }
}
