package org.idempotencylab.engine;

import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.RetryVia;

/**
 * One worker of the {@link WorkerProcess}: takes the next job from the {@link JobQueue}, runs its workflow's steps in
 * order through its lane of the {@link StepGate}, and waits its backoffs (docs/simulation.md, "Jobs, calls and
 * retries"). A state machine driven by its {@link ScheduledEvent}s (a call ends, its attempt times out, a backoff
 * ends) and by the gate (a run it shared
 * ended). A crash stops it for good: events it had scheduled then do nothing, and the restarted process has new
 * workers.
 *
 * <p>Attempts count as the strategy's {@link RetryScope} says: per step (a step that exhausts
 * {@code maxAttempts} fails the job), or per job (the first failing step ends the attempt and the job starts
 * again from step 1, through the gate, which may skip the steps that finished).
 *
 * <p>A retry waits where the scenario's {@link RetryVia} says: on this worker, which holds the job through the
 * backoff (the default), or in the queue as a delayed message that carries where the job resumes (the step and the
 * attempts), while this worker takes the next job (Celery's {@code self.retry(countdown=...)}).
 */
final class Worker implements StepGate.Caller {
    private final int id;
    private final WorkerProcess process;
    private final JobQueue queue;
    private final StepCalls calls;
    private final Simulator sim;
    private final RunMetrics metrics;
    private final Emitter emitter;
    private final boolean eachStep;
    private final int maxAttempts;
    private final int stepCount;          // the workflow's steps: a job ends after the last
    private final boolean writesInClaim;  // some step is a local write committed with its claim
    private final WorkflowSteps steps;
    private final StepGate.Lane lane;
    private final boolean callsEveryStep; // the lane neither decides before a call nor answers after it
    private final ScheduledEvent callEnds = new ScheduledEvent.CallEnds(this);
    private final ScheduledEvent backoffEnds = new ScheduledEvent.BackoffEnds(this);
    private final ScheduledEvent attemptTimesOut = new ScheduledEvent.AttemptTimesOut(this);
    private final long attemptTimeoutMs; // 0: wait for every call
    private final boolean retryViaQueue;  // a retry is a delayed message, not a wait on this worker
    private long callRunsOnMs;         // how long the call in flight goes on after its attempt timeout
    private final Job reusable;
    private final Batch batch;         // null: one message at a time
    private Job job;                   // the job in progress, or null
    private int step;
    private int stepAttempt;
    private int jobAttempt;
    private boolean doomed;            // this call fails (a click armed it before the call started)
    private boolean failed;            // the job failed (out of attempts, or refused for good): advance() ends it
    private boolean refused;           // ... refused for good by the gate (a key mismatch), not out of attempts
    private boolean dead;              // its process crashed

    /** @param id the worker's number in its process, 0-based */
    Worker(int id, RunContext ctx, WorkerProcess process, JobQueue queue, StepGate gate, StepCalls calls) {
        this.id = id;
        this.process = process;
        this.queue = queue;
        this.calls = calls;
        this.sim = ctx.sim();
        this.metrics = ctx.metrics();
        this.emitter = ctx.emitter();
        this.eachStep = ctx.strategy().scope() == RetryScope.EACH_STEP;
        this.maxAttempts = ctx.scenario().maxAttempts();
        this.steps = ctx.steps();
        this.stepCount = steps.count();
        this.reusable = new Job(stepCount);
        this.writesInClaim = calls.writesInClaim();
        this.attemptTimeoutMs = ctx.scenario().attemptTimeoutMs();
        this.retryViaQueue = ctx.scenario().retryVia() == RetryVia.DELAYED_MESSAGE;
        this.lane = gate.lane(this);
        this.callsEveryStep = lane.callsEveryStep();
        this.batch = Batch.of(ctx.scenario());
    }

    @Override
    public int workerId() {
        return id;
    }

    @Override
    public int attempt() {
        return eachStep ? stepAttempt : jobAttempt;
    }

    @Override
    public boolean stopped() {
        return dead;
    }

    /** @return "worker 2's call of save the user for user_0 " + {@code what}: an event of this worker, described */
    String describeCall(String what) {
        return "worker " + (id + 1) + "'s call" + (job == null ? "" : " of " + steps.name(step)
                + " for user_" + job.user) + " " + what;
    }

    /** @return this worker's lane through the gate. */
    StepGate.Lane lane() {
        return lane;
    }

    /** @return true if this worker runs a job of {@code user} now. */
    boolean runs(long user) {
        return job != null && job.user == user;
    }

    /** @return true if this live worker holds delivery {@code delivery} of {@code msg} now (its heartbeat goes on). */
    boolean holds(Message msg, int delivery) {
        return !dead && job != null && job.msg == msg && job.delivery == delivery;
    }

    /** @return true if this worker holds a job: one it runs, or, in a batch, one received and not acknowledged */
    boolean busy() {
        return job != null || (batch != null && batch.holds());
    }

    /**
     * Makes every move that needs no virtual time: the job's end, the next job, the next step, skipped steps.
     *
     * <p>Shaped for the JIT: this loop runs once per call (ten times per job), so it holds only the step's own
     * moves; a job's end and the next job's start ({@link #nextJob}) are a separate, colder method, and a lane that
     * {@link StepGate.Lane#callsEveryStep calls every step} goes straight to the call.
     */
    void advance() {
        while (!dead) {
            if (job == null || failed || step == stepCount) {
                if (!nextJob()) {
                    return;
                }
                continue;
            }
            if (callsEveryStep) {
                startCall();
                return;
            }
            switch (lane.beforeCall(job, step)) {
                case CALL -> {
                    startCall();
                    return;
                }
                case SHARE -> {
                    return; // the gate answers when the run in flight ends
                }
                case WAIT -> {
                    return; // the gate starts the call when its wait ends
                }
                case SKIP -> {
                    step++; // finished before: skip the work
                    stepAttempt = 1;
                }
                case SEND_BACK -> process.sendBack(letGo(), id, lane.refusal());
                case FAIL -> {
                    failed = true;
                    refused = true;
                }
            }
        }
    }

    /**
     * Ends the job in hand if there is one (it succeeded, or failed), then takes the next job from the queue. Every
     * job ends here, so the code that runs per call holds no copy of a job's end (acknowledgement, keys forgotten).
     *
     * @return false if no job could be taken now (the worker waits for one, or all are done); true if the worker
     *         holds a new job, or had one refused at its start and may take another
     */
    private boolean nextJob() {
        if (job != null) {
            Outcome outcome = !failed ? Outcome.SUCCEEDED : refused ? Outcome.REFUSED : Outcome.FAILED;
            failed = false;
            refused = false;
            if (batch != null) {
                batch.ended(letGo(), outcome); // acknowledged, or given back, when the batch ends
            } else {
                process.finish(letGo(), outcome, this);
            }
        }
        if (!takeJob()) {
            if (process.draining()) {
                process.idleWhileDraining(); // a graceful shutdown: no new job
            } else if (queue.moreToCome()) {
                process.waitForWork(this); // more sign-ups will arrive: wait for one
            }
            return false;
        }
        process.taken(this, job);
        jobAttempt = 1;
        step = 0;
        stepAttempt = 1;
        if (retryViaQueue && job.msg.resumeJobAttempt > 0) { // a retry published through the queue
            jobAttempt = job.msg.resumeJobAttempt;
            step = job.msg.resumeStep;
            stepAttempt = job.msg.resumeStepAttempt;
        }
        if (emitter.listening()) {
            tellJobStarted();
        }
        if (!process.admits(job)) { // its key's concurrency limit: back to the queue, as "job in progress"
            process.sendBack(letGo(), id, KeyConcurrency.REFUSAL);
        } else if (!lane.jobStarts(job)) {
            if (lane.dropsRefused()) {
                process.drop(letGo(), id, lane.refusal());
            } else {
                process.sendBack(letGo(), id, lane.refusal());
            }
        }
        return true;
    }

    /**
     * Takes the next job into {@link #job}: from the queue, or the next of its batch (receiving a new batch once the
     * last one has ended and been acknowledged). Takes nothing new from the queue while the process drains.
     *
     * @return false if no job was taken
     */
    private boolean takeJob() {
        if (batch == null) {
            if (process.draining() || !queue.takeNext(reusable)) {
                return false;
            }
            job = reusable;
            return true;
        }
        Job next = batch.next();
        if (next == null) {
            if (batch.holds()) {
                process.endBatch(batch, this);
            }
            if (process.draining() || !batch.receive(queue)) {
                return false;
            }
            next = batch.next();
        }
        job = next;
        return true;
    }

    private void tellJobStarted() {
        emitter.emit(Kind.JOB_STARTED, job, -1, 1, id, sim.nowMs(), job.repeat ? "repeated request"
                : job.delivery > 1 ? "delivery " + job.delivery : "");
    }

    /** @return the job in progress, which this worker no longer holds. */
    private Job letGo() {
        Job j = job;
        job = null;
        return j;
    }

    private void startCall() {
        metrics.count(Metric.CALLS);
        if (!job.running) {
            process.deliveryRuns(job);
        }
        if (process.takeArmedFault(job.user)) {
            doomed = true; // the click was for the next call to start: this one
        }
        long durationMs = calls.durationMs(step);
        if (attemptTimeoutMs > 0 && durationMs > attemptTimeoutMs) {
            timedCall(durationMs);
            return;
        }
        emitter.emit(Kind.CALL_STARTED, job, step, attempt(), id, sim.nowMs() + durationMs, "");
        sim.schedule(durationMs, callEnds);
    }

    /** A call longer than the attempt timeout: the worker waits only until the timeout. */
    private void timedCall(long durationMs) {
        callRunsOnMs = durationMs - attemptTimeoutMs;
        emitter.emit(Kind.CALL_STARTED, job, step, attempt(), id, sim.nowMs() + attemptTimeoutMs,
                "takes " + durationMs + " ms: longer than the attempt timeout");
        sim.schedule(attemptTimeoutMs, attemptTimesOut);
    }

    /**
     * The attempt timeout ran out before the call ended ({@link ScheduledEvent.AttemptTimesOut}): the worker gives
     * up on it, and the step fails as if the call had (a retry follows, or the job fails); the call goes on and
     * does its side effect when it ends, beside the retry.
     */
    void attemptTimesOut() {
        if (dead) {
            return;
        }
        boolean forced = doomed;
        doomed = false;
        metrics.count(Metric.ATTEMPT_TIMEOUTS);
        process.abandonCall(job, step, attempt(), id, forced, callRunsOnMs);
        emitter.emit(Kind.CALL_FAILED, job, step, attempt(), id, sim.nowMs(), StepCalls.TIMED_OUT
                + "; the call goes on for " + callRunsOnMs + " ms");
        if (callsEveryStep || !lane.afterCall(job, step, StepCalls.TIMED_OUT)) {
            stepFailed(StepCalls.TIMED_OUT);
        }
    }

    /** The call in flight ended ({@link ScheduledEvent.CallEnds}): its outcome decides the step. */
    void callEnds() {
        if (dead) {
            return; // scheduled before its process crashed
        }
        boolean forced = doomed;
        doomed = false;
        String failure = calls.outcome(job, step, attempt(), id, forced);
        if (failure == StepCalls.CRASHED) {
            crashedAfterSideEffect();
            return;
        }
        boolean inClaim = writesInClaim && failure == null && calls.writesInClaim(step); // before the step moves on
        boolean answered = !callsEveryStep && lane.afterCall(job, step, failure); // a run others share
        if (inClaim && lane.committed()) {
            calls.localWriteCommits(job, step, attempt(), id);
        }
        if (!answered) {
            if (failure == null) {
                stepSucceeded();
            } else {
                stepFailed(failure);
            }
        }
    }

    /** The process died after this worker's call did its side effect (its note built here, off the call's path). */
    private void crashedAfterSideEffect() {
        process.crash(id, "worker process crashed after " + steps.name(step)
                + " did its side effect, before the result was recorded");
    }

    /** A backoff ended ({@link ScheduledEvent.BackoffEnds}): retry the step, or the job from step 1. */
    void backoffEnds() {
        if (dead) {
            return;
        }
        if (eachStep) {
            stepAttempt++;
        } else {
            jobAttempt++;
            step = 0;
            stepAttempt = 1;
        }
        advance();
    }

    @Override
    public void callNow() {
        if (!dead) {
            startCall();
        }
    }

    @Override
    public void stepSucceeded() {
        emitter.emit(Kind.CALL_SUCCEEDED, job, step, attempt(), id, sim.nowMs(), "");
        step++;
        stepAttempt = 1;
        advance();
    }

    @Override
    public void stepFailed(String reason) {
        int attempt = attempt();
        if (attempt >= maxAttempts) {
            failed = true;
            advance();
            return;
        }
        metrics.count(Metric.BACKOFF_WAITS);
        long waitMs = process.backoffMs(attempt);
        if (retryViaQueue) {
            retryThroughTheQueue(waitMs, reason);
            return;
        }
        emitter.emit(Kind.BACKOFF_STARTED, job, step, attempt, id, sim.nowMs() + waitMs, reason);
        sim.schedule(waitMs, backoffEnds);
    }

    /**
     * Publishes the retry as a delayed message visible after {@code waitMs}, resuming where {@link #backoffEnds}
     * would (the step's next attempt, or the job's from step 1), lets go of the job and takes the next one. A
     * delivery whose request another delivery has already ended (a redelivered or held copy) publishes nothing
     * and ends, as a delivery that ends after the first one does.
     */
    private void retryThroughTheQueue(long waitMs, String reason) {
        Message msg = job.msg;
        if (msg.settled) { // another delivery has ended the request: a retry could count no outcome
            failed = true;
            advance();
            return;
        }
        emitter.emit(Kind.BACKOFF_STARTED, job, step, attempt(), id, sim.nowMs() + waitMs,
                reason + "; the retry waits in the queue, the worker takes the next job");
        msg.resumeStep = eachStep ? step : 0;
        msg.resumeStepAttempt = eachStep ? stepAttempt + 1 : 1;
        msg.resumeJobAttempt = eachStep ? jobAttempt : jobAttempt + 1;
        doomed = false;
        process.retryViaQueue(letGo(), waitMs, this);
        advance();
    }

    /**
     * Its process crashed (or shut down, or this worker crashed alone): the worker stops where it is, without
     * recording anything.
     *
     * @param why what the job's interruption says, e.g. "its worker process crashed"
     * @return the job it was running, or null
     */
    Job stop(String why) {
        dead = true;
        if (job == null) {
            return null;
        }
        Job stopped = letGo();
        lane.interrupted();
        emitter.emit(Kind.JOB_INTERRUPTED, stopped, step, attempt(), id, sim.nowMs(), why);
        return stopped;
    }

    /**
     * @param inHand the job {@link #stop} returned, or null
     * @return the deliveries its batch still holds besides {@code inHand}, unacknowledged (empty without batches)
     */
    java.util.List<Job> releaseBatch(Job inHand) {
        return batch == null ? java.util.List.of() : batch.release(inHand);
    }
}
