package org.idempotencylab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.CrashScope;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;

/**
 * The worker process: {@code workers} concurrent {@link Worker}s sharing one queue, one gate and one provider;
 * what happens when a job ends; and crashes and restarts (second article, "Handling the stuck in_progress case";
 * first article, "a replay ... running it again after a crash").
 *
 * <p>A crash (with probability {@code pCrash} after a call's side effect, before its result is recorded, or a
 * click) stops every worker at once without recording anything: claims they held stay {@code in_progress}, the
 * gate's in-memory store is wiped, an in-memory queue loses its waiting and running jobs, a durable queue keeps
 * them for their visibility timeout. After {@code restartMs} the process starts again with new workers and empty
 * memory. The claim table, the lock store and the email provider live outside the process and keep their keys.
 * With {@code crashScope = worker} a crash after a side effect stops only the worker whose call crashed: the job it
 * ran is killed (lost on an in-memory queue, kept for its visibility timeout on a durable one), the worker starts
 * again after {@code restartMs}, and the queue, the in-memory store and the other workers go on. A graceful
 * shutdown ({@link GracefulShutdown}) takes the process down and up again the same way, pushing back its jobs.
 */
final class WorkerProcess {
    private final RunContext ctx;
    private final Scenario scenario;
    private final Simulator sim;
    private final RunMetrics metrics;
    private final Emitter emitter;
    private final Progress progress;
    private final JobQueue queue;
    private final StepGate gate;
    private final StepCalls calls;
    private final RetryPolicy retry;
    private final KeyConcurrency keyRuns;
    private final Mulberry32 jitter;
    private final List<Worker> workers = new ArrayList<>();
    private final ArrayDeque<Worker> idle = new ArrayDeque<>();
    private final Set<Long> failNextCall = new HashSet<>();
    private final ScheduledEvent restart = new ScheduledEvent.Restart(this);
    private final boolean workerScope;
    private final MessageRenewal renewal; // null: a heartbeat renews no message
    private final GracefulShutdown shutdown; // null: no shutdowns
    private boolean down;
    private long generation; // counts the times the process went down: a lone worker's restart due before is void

    WorkerProcess(RunContext ctx, JobQueue queue, StepGate gate, StepCalls calls) {
        this.ctx = ctx;
        this.scenario = ctx.scenario();
        this.sim = ctx.sim();
        this.metrics = ctx.metrics();
        this.emitter = ctx.emitter();
        this.progress = ctx.progress();
        this.queue = queue;
        this.gate = gate;
        this.calls = calls;
        this.retry = RetryPolicy.of(scenario);
        this.jitter = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.JITTER);
        this.keyRuns = new KeyConcurrency(ctx);
        this.workerScope = scenario.get(Parameter.CRASH_SCOPE) == CrashScope.WORKER;
        this.renewal = MessageRenewal.of(ctx);
        this.shutdown = GracefulShutdown.of(ctx, this, queue);
    }

    /** Starts the workers; each takes a job if one waits. */
    void start() {
        if (shutdown != null) {
            shutdown.start();
        }
        spawnWorkers();
        for (Worker w : workers) {
            w.advance();
        }
    }

    private void spawnWorkers() {
        for (int i = 0; i < scenario.workers(); i++) {
            workers.add(new Worker(i, ctx, this, queue, gate, calls));
        }
    }

    /** {@code worker} took {@code job}'s delivery: with message renewal on, its heartbeats start. */
    void taken(Worker worker, Job job) {
        if (renewal != null) {
            renewal.taken(worker, job);
        }
    }

    /** @return true while a graceful shutdown waits for the running jobs: no worker takes a new one. */
    boolean draining() {
        return shutdown != null && shutdown.draining();
    }

    /** {@code worker} let go of its last job while the process drains: the shutdown may end now. */
    void idleWhileDraining() {
        shutdown.workerIdle();
    }

    /** A job became visible: the worker that has waited longest takes it. */
    void wakeIdleWorker() {
        Worker w = idle.poll();
        if (w != null) {
            w.advance();
        }
    }

    /** {@code w} found the queue empty while more jobs may come: it waits for one. */
    void waitForWork(Worker w) {
        idle.add(w);
    }

    /**
     * @param failedAttempt the attempt (or refusal) that just failed, 1-based
     * @return the wait before the next one in virtual ms, from the retry policy (jitter from its own stream)
     */
    long backoffMs(int failedAttempt) {
        return retry.backoffMs(failedAttempt, jitter);
    }

    /** Makes the next call that {@code user}'s job starts fail (a click). */
    void armFault(long user) {
        failNextCall.add(user);
    }

    /** @return true (and disarms it) if a click armed a fault for {@code user}'s next call. */
    boolean takeArmedFault(long user) {
        return !failNextCall.isEmpty() && failNextCall.remove(user);
    }

    /**
     * A delivery ended: its job succeeded, failed or was refused on {@code worker}. The first delivery of a message
     * to end acknowledges it and counts the request's outcome; a later one only ends.
     */
    void finish(Job job, Outcome outcome, Worker worker) {
        if (!failNextCall.isEmpty()) {
            failNextCall.remove(job.user); // an armed fault dies with its job
        }
        worker.lane().jobEnds(job);
        boolean counts = queue.settle(job.msg);
        if (counts) {
            metrics.ended(job.repeat, outcome, job.sideEffects);
        }
        metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs()); // a later delivery's end is still an event of the run
        emitter.emit(outcome == Outcome.SUCCEEDED ? Kind.JOB_SUCCEEDED : Kind.JOB_FAILED, job, -1, 0,
                worker.workerId(), sim.nowMs(), counts ? "" : "another delivery had already ended this job");
        endDelivery(job);
        if (counts) {
            progress.jobEnded();
        }
    }

    /**
     * {@code job}'s attempt failed and its retry goes through the queue ({@code retryVia = queue}): the delivery
     * ends without an acknowledgement of the request (its outcome is still to come), and the retry is published as a
     * delayed message visible after {@code countdownMs} virtual ms ({@link JobQueue#publishRetry}), as Celery's
     * {@code self.retry(countdown=...)} does; the worker is free to take the next job.
     */
    void retryViaQueue(Job job, long countdownMs, Worker worker) {
        worker.lane().retryPublished(job);
        if (!failNextCall.isEmpty()) {
            failNextCall.remove(job.user); // an armed fault dies with the delivery that held it
        }
        endDelivery(job);
        queue.publishRetry(job.msg, countdownMs);
    }

    /**
     * A job sent back because another delivery holds its key ("job in progress"): the delivery ends, and the job
     * is visible again after the retry policy's backoff for its n-th refusal, at least 1 ms. On a durable queue the
     * refused delivery is a message left unacknowledged, as an SQS consumer leaves it: it stays invisible until its
     * visibility timeout ends (at least 1 ms from now), and no backoff is drawn.
     */
    void sendBack(Job job, int worker, String why) {
        metrics.count(Metric.JOB_IN_PROGRESS_REJECTIONS);
        metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        int refusals = queue.countRefusal(job);
        long waitMs = queue.durable() ? Math.max(1, job.msg.invisibleUntilMs - sim.nowMs())
                : Math.max(1, backoffMs(refusals));
        emitter.emit(Kind.JOB_IN_PROGRESS, job, -1, 0, worker, sim.nowMs() + waitMs, why);
        endDelivery(job); // a refused delivery holds no lock: acquiring it, or the claim table, refused it
        queue.sendBack(job, sim.nowMs() + waitMs); // its visibility timeout may have put it back already
    }

    /**
     * A job refused at its start for good (a duplicate rejected, or its lock was gone): the delivery ends and its
     * request is dropped, counted once in dropped jobs (a copy of a request that another delivery has already ended
     * only ends).
     */
    void drop(Job job, int worker, String why) {
        boolean counts = queue.settle(job.msg);
        if (counts) {
            metrics.ended(job.repeat, Outcome.DROPPED, job.sideEffects);
            metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        }
        emitter.emit(Kind.JOB_DROPPED, job, -1, 0, worker, sim.nowMs(), why);
        endDelivery(job);
        if (counts) {
            progress.jobEnded();
        }
    }

    /**
     * A request reaches the queue that the gate guards (a lock taken at enqueue): it gets in, is dropped (counted
     * in dropped jobs), or is refused until the retry policy's backoff for its n-th refusal has passed, at least
     * 1 ms (counted as a "job in progress" refusal), as sidekiq-unique-jobs' reschedule strategy sends a duplicate
     * again later.
     *
     * @param msg  the request, or null for a sign-up's first request, whose message is made when a worker takes
     *             it (nothing of its user came before it, so it always gets in)
     * @param atMs virtual ms at which it reaches the queue, 0 or more
     * @return 0 if it got in, -1 if it was dropped, else the virtual ms to wait before it tries again
     * @throws IllegalStateException if a sign-up's first request is refused (the gate is wrong)
     */
    long knock(long user, Message msg, long atMs) {
        StepGate.Entry entry = gate.entering(user, msg == null ? user : msg.request, atMs);
        if (entry == StepGate.Entry.IN) {
            return 0;
        }
        if (msg == null) {
            throw new IllegalStateException("the first request of user_" + user + " was refused at enqueue");
        }
        if (entry == StepGate.Entry.DROPPED) {
            metrics.ended(msg.repeat, Outcome.DROPPED);
            metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
            emitter.emit(Kind.JOB_DROPPED, user, msg.repeat, -1, 0, -1, sim.nowMs(),
                    "rejected at enqueue: another request holds the lock", 0);
            return -1;
        }
        metrics.count(Metric.JOB_IN_PROGRESS_REJECTIONS);
        long waitMs = Math.max(1, backoffMs(queue.countRefusal(msg)));
        emitter.emit(Kind.JOB_IN_PROGRESS, user, msg.repeat, -1, 0, -1, sim.nowMs() + waitMs,
                "refused at enqueue: another request holds the lock", 0);
        return waitMs;
    }

    /**
     * Nothing of {@code user}'s is open any more: in a batch run ({@code forgetKeysOfFinishedJobs}) its keys are
     * forgotten, in the gate's store and at the provider, since no later call can ask for them.
     */
    void forgetUser(long user) {
        if (ctx.forgetKeysOfFinishedJobs()) {
            gate.forgetUser(user);
            calls.forgetUser(user);
        }
    }

    /**
     * {@code worker}'s caller gave up on its call of {@code step} after the attempt timeout; the call goes on and
     * ends {@code runsOnMs} later ({@link #abandonedCallEnds}). A copy of the delivery keeps the user open till then.
     */
    void abandonCall(Job job, int step, int attempt, int worker, boolean doomed, long runsOnMs) {
        Job call = job.copyOfDelivery();
        queue.holdOpen(call);
        sim.schedule(runsOnMs, new ScheduledEvent.AbandonedCallEnds(this, call, step, attempt, worker, doomed));
    }

    /** @return the run's workflow's name of {@code step} (0-based, below its step count): for describing events */
    String stepName(int step) {
        return scenario.workflow().step(step).name();
    }

    /** A call its caller gave up on ends ({@link ScheduledEvent.AbandonedCallEnds}): its side effect happens now. */
    void abandonedCallEnds(Job call, int step, int attempt, int worker, boolean doomed) {
        calls.abandonedCallEnds(call, step, attempt, worker, doomed);
        endDelivery(call);
    }

    /** @return true if {@code job}, just taken, is within its key's concurrency limit ({@link KeyConcurrency}) */
    boolean admits(Job job) {
        return keyRuns.admits(job);
    }

    /** {@code job}'s delivery makes its first call: a run of its message and of its key begins. */
    void deliveryRuns(Job job) {
        queue.deliveryRuns(job);
        keyRuns.runStarts(job);
    }

    /**
     * {@code job}'s delivery gives its message back before it ended, unacknowledged: pushed back at a graceful
     * shutdown ({@link DuplicateCause#SHUTDOWN}, visible again now) or returned with its batch
     * ({@link DuplicateCause#BATCH_RETURNED}, visible again when its visibility timeout ends). Its side effects so
     * far stay done; a step the next delivery does again is booked to {@code cause}.
     */
    void giveBack(Job job, int worker, DuplicateCause cause, String why) {
        if (!failNextCall.isEmpty()) {
            failNextCall.remove(job.user);
        }
        metrics.count(cause == DuplicateCause.SHUTDOWN ? Metric.PUSHED_BACK_JOBS : Metric.BATCH_RETURNED_MESSAGES);
        metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        job.msg.returnedCause = cause;
        job.msg.returnedDelivery = job.delivery;
        emitter.emit(Kind.JOB_INTERRUPTED, job, -1, 0, worker, sim.nowMs(), why);
        endDelivery(job);
        if (cause == DuplicateCause.SHUTDOWN) {
            queue.pushBack(job);
        }
    }

    /**
     * {@code worker}'s batch ended: with no failed job, or with {@code partial}, the jobs that did not fail are
     * acknowledged and counted as {@link #finish} does; the others go back ({@link #giveBack}).
     */
    void endBatch(Batch batch, Worker worker) {
        boolean failed = batch.anyFailed();
        for (int i = 0; i < batch.ended(); i++) {
            Job job = batch.job(i);
            Outcome outcome = batch.outcome(i);
            if (outcome == null) {
                continue; // it ended on its own (sent back, dropped, retried through the queue)
            }
            if (failed && (batch.returnsWhole() || outcome == Outcome.FAILED)) {
                worker.lane().jobEnds(job); // the job ran to its end: what it held is let go as at any end
                giveBack(job, worker.workerId(), DuplicateCause.BATCH_RETURNED, outcome == Outcome.FAILED
                        ? "its job failed: the message goes back to the queue"
                        : "another job of its batch failed: the whole batch goes back to the queue");
            } else {
                finish(job, outcome, worker);
            }
        }
        batch.clear();
    }

    /** A delivery stopped (ended, crashed or sent back): forget what only it used, close the user if done. */
    private void endDelivery(Job job) {
        keyRuns.deliveryEnds(job);
        if (ctx.forgetKeysOfFinishedJobs()) {
            calls.forgetFreshKeys(job); // its fresh provider keys are never sent again, by any job
        }
        queue.deliveryEnded(job);
    }

    /**
     * The worker process dies now (see the class comment); it starts again after {@code restartMs}.
     *
     * @param worker the worker whose call crashed it, or -1 for a click
     */
    void crash(int worker, String note) {
        metrics.count(Metric.CRASHES);
        metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        if (workerScope && worker >= 0) {
            crashWorker(worker, note);
            return;
        }
        down = true; // already down as a listener hears the crash
        emitter.emit(Kind.WORKER_CRASHED, -1, -1, 0, worker, sim.nowMs() + scenario.restartMs(), note);
        goDown(null, "its worker process crashed");
    }

    /**
     * Every worker stops where it is, without recording anything; the gate's memory dies; after {@code restartMs}
     * the process starts again. A crash loses the jobs in hand (an in-memory queue loses its jobs, a durable queue
     * keeps them for their visibility timeout); a shutdown ({@code pushBack} not null) pushes them back.
     */
    void goDown(DuplicateCause pushBack, String why) {
        down = true;
        generation++;
        if (shutdown != null) {
            shutdown.processDown();
        }
        List<Worker> stopped = new ArrayList<>(workers);
        workers.clear();
        idle.clear();
        if (pushBack == null) {
            failNextCall.clear();
        }
        for (Worker w : stopped) {
            Job job = w.stop(why);
            if (job != null) {
                release(job, w.workerId(), pushBack);
            }
            for (Job held : w.releaseBatch(job)) {
                release(held, w.workerId(), pushBack);
            }
        }
        gate.processDied();
        if (pushBack == null) {
            queue.processDied();
        }
        sim.schedule(scenario.restartMs(), restart);
    }

    private void release(Job job, int worker, DuplicateCause pushBack) {
        if (pushBack != null) {
            giveBack(job, worker, pushBack, "pushed back to the queue at a graceful shutdown");
        } else {
            queue.loseRunning(job);
            endDelivery(job);
        }
    }

    /** Only worker {@code id} dies ({@code crashScope = worker}): its job is killed, the rest go on. */
    private void crashWorker(int id, String note) {
        emitter.emit(Kind.WORKER_CRASHED, -1, -1, 0, id, sim.nowMs() + scenario.restartMs(),
                note + "; only this worker stops");
        Worker w = workers.stream().filter(x -> x.workerId() == id).findFirst().orElseThrow();
        workers.remove(w);
        idle.remove(w);
        Job job = w.stop("its worker crashed");
        w.lane().ownerGone();
        if (job != null) {
            failNextCall.remove(job.user);
            release(job, id, null);
        }
        for (Job held : w.releaseBatch(job)) {
            release(held, id, null);
        }
        sim.schedule(scenario.restartMs(), new ScheduledEvent.WorkerRestart(this, id, generation));
        if (draining()) {
            idleWhileDraining();
        }
    }

    /** Worker {@code id} starts again ({@link ScheduledEvent.WorkerRestart}), unless its process went down since. */
    void restartWorker(int id, long since) {
        if (since != generation) {
            return; // the process went down meanwhile: its restart brings every worker back
        }
        emitter.emit(Kind.WORKER_RESTARTED, -1, -1, 0, id, sim.nowMs(), "worker " + (id + 1) + " started again");
        Worker w = new Worker(id, ctx, this, queue, gate, calls);
        workers.add(w);
        w.advance();
    }

    /** @return the workers of the process now, for a shutdown that waits for them. */
    List<Worker> workers() {
        return workers;
    }

    /** @return counts the times the process went down, for events due in one life of it. */
    long generation() {
        return generation;
    }

    /** The process starts again ({@link ScheduledEvent.Restart}): new workers, empty memory. */
    void restart() {
        down = false;
        emitter.emit(Kind.WORKER_RESTARTED, -1, -1, 0, -1, sim.nowMs(),
                "the worker process started again, memory empty");
        spawnWorkers();
        for (Worker w : new ArrayList<>(workers)) {
            if (!w.stopped()) {
                w.advance();
            }
        }
    }

    /** @return true while the process is down after a crash. */
    boolean isDown() {
        return down;
    }

    /** @return true if some worker runs a job of {@code user} now. */
    boolean runs(long user) {
        for (Worker w : workers) {
            if (w.runs(user)) {
                return true;
            }
        }
        return false;
    }
}
