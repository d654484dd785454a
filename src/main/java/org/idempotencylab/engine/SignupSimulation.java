package org.idempotencylab.engine;

import java.util.List;
import java.util.concurrent.CancellationException;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryVia;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.idempotencylab.store.LockOnlyStore;

/**
 * The first article's sign-up simulation on the discrete-event {@link Simulator}: {@code jobs} sign-ups, taken
 * first come, first served by {@code workers} workers, each running the ten {@link SignupSteps} with one
 * {@link Strategy}. This class builds the parts, drives them and tells listeners what happened; the rules
 * (docs/simulation.md) live in the parts: {@link JobQueue} (arrivals, order, repeated requests,
 * visibility timeouts, redeliveries, dead letters, an in-memory queue dying with the process);
 * {@link WorkerProcess} and {@link Worker} (taking jobs, retries, crashes, restarts); {@link StepCalls} (call
 * durations, the one method that draws a call's outcome, side effects, the provider's keys); one
 * {@link StepGate} per {@link StoreKind}, made by {@link StepGates}; {@link RunMetrics}, which every part counts
 * into; and {@link ScheduledEvent}, everything scheduled in time.
 *
 * <p>A job's side effects are counted per user over all of its deliveries and repeated requests, so a redelivery
 * that charges again shows as a duplicate. Every request ends in exactly one {@link Outcome} (succeeded, failed,
 * refused, lost, dropped, dead-lettered), counted apart for sign-ups and repeated requests; "succeeded" is the
 * share of sign-ups that succeeded. When several deliveries of one job run, the first to end decides its outcome. By default every key lives
 * out its TTL, as the live view shows it; a batch run may forget a user's keys once nothing of the user is open
 * ({@code forgetKeysOfFinishedJobs}): no later call can ask for them, so the results are the same, while memory
 * holds only the keys of jobs in progress (the article starts a fresh store every 10,000 sign-ups for the same
 * reason).
 *
 * <p>Two ways to drive it: {@link #run()} runs to the end (batch); {@link #step()} and {@link #advanceTo} move it
 * an event or a stretch of virtual time at a time (the live view), with a {@link SimulationListener} hearing
 * every event and faults armed by clicks ({@link #failNextCall}, {@link #loseNextReply}, {@link #crashNow}).
 * Not thread-safe.
 */
public final class SignupSimulation {
    private final Scenario scenario;
    private final Strategy strategy;
    private final Simulator sim = new Simulator();
    private final RunMetrics metrics;
    private final Emitter emitter = new Emission();
    private final Progress progress;
    private final StepGate gate;
    private final StepCalls calls;
    private final JobQueue queue;
    private final WorkerProcess process;
    private SimulationListener listener;
    /** Who else hears every event (a lesson waiting for its condition), after {@link #listener}. */
    private final List<SimulationListener> observers = new java.util.ArrayList<>();
    private boolean started;
    private boolean held; // a listener asked advanceTo to stop after the event it heard

    /**
     * A simulation whose keys live out their TTLs.
     *
     * @param control progress and cancellation; {@link RunControl#NONE} for neither
     */
    public SignupSimulation(Scenario scenario, Strategy strategy, RunControl control) {
        this(scenario, strategy, control, false);
    }

    /**
     * @param control                  progress and cancellation; {@link RunControl#NONE} for neither
     * @param forgetKeysOfFinishedJobs forget a user's keys when the job ends (same results, less memory; see the
     *                                 class comment)
     */
    public SignupSimulation(Scenario scenario, Strategy strategy, RunControl control,
                            boolean forgetKeysOfFinishedJobs) {
        this(scenario, strategy, control, forgetKeysOfFinishedJobs, null);
    }

    /**
     * @param control                  progress and cancellation; {@link RunControl#NONE} for neither
     * @param forgetKeysOfFinishedJobs forget a user's keys when the user's last job ends (same results, less
     *                                 memory); rows of a {@code claimStore} given here are never deleted
     * @param claimStore               the claim table for {@link StoreKind#CLAIM_TABLE} (for example a
     *                                 {@code JdbcClaimStore}; the caller empties and closes it), or null for the
     *                                 in-memory model; ignored by other stores
     */
    public SignupSimulation(Scenario scenario, Strategy strategy, RunControl control,
                            boolean forgetKeysOfFinishedJobs, ClaimStore claimStore) {
        this(scenario, strategy, control, forgetKeysOfFinishedJobs, claimStore, null);
    }

    /**
     * A simulation whose faults a {@link FaultChooser} decides in place of the random draws: the explorer's runs,
     * and a counterexample played back with its faults forced ({@link ForcedFaults}). The scenario's
     * probabilities of failures, lost replies, crashes and repeats are then not used; the chooser says which kinds
     * can happen. With two or more workers it also decides which of the events due at one instant runs first.
     * Keys live out their TTLs; the claim table is the in-memory model.
     *
     * @param faults the chooser; null for the random draws (the constructors above)
     */
    public SignupSimulation(Scenario scenario, Strategy strategy, RunControl control, FaultChooser faults) {
        this(scenario, strategy, control, false, null, faults);
    }

    private SignupSimulation(Scenario scenario, Strategy strategy, RunControl control,
                             boolean forgetKeysOfFinishedJobs, ClaimStore claimStore, FaultChooser faults) {
        scenario = strategy.on(scenario); // the strategy's own settings (a heartbeat, a lease) win
        this.scenario = scenario;
        this.strategy = strategy;
        this.metrics = new RunMetrics(scenario.workflow().names());
        this.progress = new Progress(control);
        RunContext ctx = new RunContext(scenario, strategy, sim, metrics, emitter, progress,
                forgetKeysOfFinishedJobs, faults);
        if (faults != null && faults.allows(FaultKind.ORDER) && scenario.workers() > 1) {
            sim.setTiebreak((dueMs, events) -> faults.choose(new ChoicePoint(FaultKind.ORDER, -1, false, -1, 0, -1,
                    dueMs, events.size() - 1, List.of(), events.stream().map(SignupSimulation::describe)
                    .toList())));
        }
        this.gate = StepGates.of(strategy.store(), ctx, claimStore);
        this.calls = new StepCalls(ctx, gate.commitsLocalWrites());
        // Tracked (a message per job, a ledger per user) once a job can be delivered twice, a store needs an
        // owner per delivery, a call can outlive its worker's hold on the job (an attempt timeout) or a retry is a
        // message of its own; the article's runs stay untracked and allocate nothing per job.
        boolean tracked = ctx.mayHappen(FaultKind.REPEAT, scenario.pDuplicate())
                || scenario.queue() == QueueKind.DURABLE
                || ctx.mayHappen(FaultKind.CRASH, scenario.pCrash()) || gate.needsOwners() || scenario.attemptTimeoutMs() > 0
                || scenario.retryVia() == RetryVia.DELAYED_MESSAGE;
        this.queue = new JobQueue(ctx, tracked, gate.needsOwners(), new QueueHooks());
        this.process = new WorkerProcess(ctx, queue, gate, calls);
        if (gate.guardsTheQueue()) { // a lock taken at enqueue: every request passes the gate on its way in
            queue.setDoor(process::knock);
        }
    }

    private static String describe(Event e) {
        return e instanceof ScheduledEvent se ? se.describe() : e.getClass().getSimpleName();
    }

    /** Sets who hears every event from now on; null for no one. Set it before {@link #start()} to hear them all. */
    public void setListener(SimulationListener listener) {
        this.listener = listener;
    }

    /**
     * Adds one more listener, told every event after the one {@link #setListener} set (which it does not replace):
     * a view that follows the run beside the one that draws it. Add it before {@link #start()} to hear every event.
     */
    public void addListener(SimulationListener observer) {
        observers.add(java.util.Objects.requireNonNull(observer, "observer"));
    }

    /**
     * Runs every job to the end.
     *
     * @return the metrics
     * @throws CancellationException if the control asked to stop
     * @throws IllegalStateException if the simulation was started already
     */
    public StrategyResult run() {
        if (started) {
            throw new IllegalStateException("a simulation runs once");
        }
        if (progress.cancelled()) {
            throw new CancellationException("cancelled before the first job");
        }
        start();
        if (queue.tracked()) {
            while (workLeft()) { // a durable queue leaves visibility timers of acknowledged jobs: skip them
                sim.step();
            }
        } else {
            sim.run();
        }
        progress.flush();
        if (progress.cancelled()) { // a run shorter than one report interval still honours a cancel
            throw new CancellationException("cancelled after " + progress.finished() + " jobs");
        }
        return result();
    }

    /** Starts the workers and the arrivals at virtual time 0; does nothing if started already. */
    public void start() {
        if (started) {
            return;
        }
        started = true;
        queue.start();
        process.start();
        gate.startMaintenance(this::workLeft);
    }

    /**
     * Runs exactly one event (starting the simulation first if needed); once no job is left, jumps the clock to
     * the next key expiry instead.
     *
     * @return false if nothing was left to run
     */
    public boolean step() {
        start();
        if (workLeft()) {
            sim.step();
            expireKeys();
            return true;
        }
        long next = nextKeyExpiryMs();
        if (next == Long.MAX_VALUE) {
            return false;
        }
        sim.runUntil(Math.max(next, sim.nowMs())); // no job left: the next thing to happen is a key expiring
        expireKeys();
        return true;
    }

    /**
     * Runs the next event if a job can still run, then forgets the keys that expired: {@link #step()} without its
     * jump to the next key expiry once the jobs are done. The explorer's run, one event at a time.
     *
     * @return false once no job is left (nothing was run)
     */
    boolean runOneEvent() {
        if (!workLeft()) {
            return false;
        }
        sim.step();
        expireKeys();
        return true;
    }

    /** @return true while the store or the provider still remembers a key. */
    public boolean keysAlive() {
        return gate.liveKeys() > 0 || calls.provider().rememberedKeys() > 0;
    }

    /** @return virtual ms at which the next remembered key expires, or {@link Long#MAX_VALUE} if none is kept. */
    public long nextKeyExpiryMs() {
        return Math.min(gate.nextExpiryMs(), calls.provider().nextExpiryMs());
    }

    private void expireKeys() {
        gate.expire(sim.nowMs()); // keys disappear from the view when their TTL runs out, not later
        calls.provider().expire(sim.nowMs());
    }

    /**
     * Runs the events due up to {@code timeMs}, at most {@code maxEvents} of them, and moves the clock to
     * {@code timeMs} if they all ran (so a view can show time passing between events); after the last event no
     * further than the moment the last remembered key expires. Expired keys are then forgotten.
     *
     * @param timeMs    virtual ms, not before {@link #nowMs()}
     * @param maxEvents at least 1; a cap that keeps one animation frame short
     * @return the number of events run
     */
    public int advanceTo(long timeMs, int maxEvents) {
        start();
        int n = 0;
        while (n < maxEvents && !held && sim.nextEventTimeMs() <= timeMs) {
            sim.step();
            n++;
        }
        if (!held && sim.nextEventTimeMs() > timeMs && timeMs > sim.nowMs()) {
            // time passes between events, and after the last job while keys count down; once nothing is left
            // the clock stops at the last thing that happened
            long lastExpiry = Math.max(gate.lastExpiryMs(), calls.provider().lastExpiryMs());
            long until = workLeft() ? timeMs : Math.min(timeMs, lastExpiry);
            if (until > sim.nowMs()) {
                sim.runUntil(until);
            }
        }
        expireKeys();
        return n;
    }

    /**
     * Stops {@link #advanceTo} right after the event running now: a listener asks while it hears one of that event's
     * {@link SimulationEvent}s (the live view's pause at a duplicate, which stops at the duplicate itself whatever
     * the speed). The clock stays at that event's time, and advanceTo runs nothing until {@link #releaseHold};
     * {@link #step()} is not held.
     */
    public void holdAfterThisEvent() {
        held = true;
    }

    /** @return true if a hold stopped the run ({@link #holdAfterThisEvent}); the run moves freely again */
    public boolean releaseHold() {
        boolean was = held;
        held = false;
        return was;
    }

    /** @return true once started and every job has ended (succeeded, failed or lost). */
    public boolean isFinished() {
        return started && !workLeft();
    }

    /** @return true while a job can still run: events are pending and, when tracked, some job is not settled. */
    private boolean workLeft() {
        if (sim.pendingEvents() == 0) {
            return false;
        }
        if (!queue.tracked()) { // after a crash (a click) only the restart may be pending, with every job lost
            return !process.isDown() || queue.originalsLeft();
        }
        return queue.originalsLeft() || queue.jobsOpen();
    }

    /** @return the virtual time in ms. */
    public long nowMs() {
        return sim.nowMs();
    }

    /** @return the virtual time of the next event, or {@link Long#MAX_VALUE} if none is left. */
    public long nextEventTimeMs() {
        return sim.nextEventTimeMs();
    }

    /** @return events run so far. */
    public long eventsFired() {
        return sim.eventsFired();
    }

    /** @return the metrics so far; once {@link #isFinished()}, the final ones. */
    public StrategyResult result() {
        // "succeeded" is a share of the sign-ups; repeated requests have outcomes of their own
        RunMetrics outside = new RunMetrics(scenario.workflow().names()); // what the provider and the store count themselves
        outside.add(Metric.EMAILS_SENT, calls.provider().emailsSent());
        outside.add(Metric.PROVIDER_SUPPRESSED_SENDS, calls.provider().sendsSuppressed());
        gate.countInto(outside);
        return metrics.result(strategy, scenario.jobs(), outside);
    }

    /** @return jobs that ended so far, succeeded, failed or lost. */
    public long finishedJobs() {
        return progress.finished();
    }

    /** @return the scenario simulated. */
    public Scenario scenario() {
        return scenario;
    }

    /** @return the strategy simulated. */
    public Strategy strategy() {
        return strategy;
    }

    /** @return the in-memory idempotency store, or null unless the store is {@link StoreKind#MEMORY}. */
    public InMemoryIdempotencyStore<String> store() {
        return gate.memoryStore();
    }

    /** @return the claim table the steps go through, or null unless the store is {@link StoreKind#CLAIM_TABLE}. */
    public ClaimStore claimStore() {
        return gate.claimStore();
    }

    /** @return the lock store, or null unless the store is {@link StoreKind#LOCK}. */
    public LockOnlyStore lockStore() {
        return gate.lockStore();
    }

    /** @return the email provider. */
    public EmailProvider provider() {
        return calls.provider();
    }

    /**
     * Makes the next call that {@code user}'s job starts fail before doing anything (a click on its token); a
     * call already in flight is not touched. Works for a job in progress or still waiting in the queue.
     *
     * @return true if the fault was armed, false if the job has ended or has not arrived
     */
    public boolean failNextCall(long user) {
        if (!queue.originalWaiting(user) && !process.runs(user)) {
            return false;
        }
        process.armFault(user);
        emitter.emit(Kind.FAULT_ARMED, user, -1, 0, -1, sim.nowMs(), "next call fails (clicked)");
        return true;
    }

    /** Makes the provider lose the reply of the next welcome-email call that reaches it (a click on it). */
    public void loseNextReply() {
        calls.loseNextReply();
        emitter.emit(Kind.FAULT_ARMED, -1, scenario.workflow().keyStep(), 0, -1, sim.nowMs(),
                scenario.declaredWorkflow() == null ? "next email reply is lost (clicked)"
                        : "next provider reply is lost (clicked)");
    }

    /** @return true if the provider's next reply will be lost. */
    public boolean isNextReplyLost() {
        return calls.isNextReplyLost();
    }

    /**
     * Crashes the worker process now (a click on a worker): every worker stops mid-call without recording
     * anything, the in-memory store is wiped, an in-memory queue loses its jobs, and the process starts again
     * after {@code restartMs}. Starts the simulation first if needed.
     *
     * @return false if the process is already down or every job has ended
     */
    public boolean crashNow() {
        start();
        if (process.isDown() || isFinished()) {
            return false;
        }
        process.crash(-1, "worker process crashed (clicked)");
        return true;
    }

    /** @return true while the worker process is down after a crash. */
    public boolean isDown() {
        return process.isDown();
    }

    /** @return sign-ups that arrived and wait for a worker (repeats, redeliveries and retries included). */
    public long waitingJobs() {
        return queue.waitingJobs();
    }

    /** @return the user number of the first sign-up waiting for a worker (the next one taken). */
    public long firstWaitingUser() {
        return queue.firstWaitingUser();
    }

    /**
     * @param max how many at most, 0 or more
     * @return the user numbers of the sign-ups waiting for a worker: originals first, then repeated requests,
     *         redeliveries and jobs sent back as "in progress"
     */
    public List<Long> waitingUsers(int max) {
        return queue.waitingUsers(max);
    }

    /** @return true if some message sits in the waiting queues twice (a bug: tests check it never does). */
    boolean queueHoldsACopy() {
        return queue.holdsACopy();
    }

    /** @return users whose jobs are not all settled and ended (tracked mode), for tests of memory use. */
    int openUsers() {
        return queue.openUsers();
    }

    /** @return the simulator, for tests that look at the clock. */
    Simulator simulator() {
        return sim;
    }

    /** Turns what the parts tell into {@link SimulationEvent}s for the listener; makes none without one. */
    private final class Emission implements Emitter {
        @Override
        public boolean listening() {
            return listener != null || !observers.isEmpty();
        }

        @Override
        public void emit(Kind kind, long user, boolean repeat, int step, int attempt, int worker, long untilMs,
                         String note, int delivery, DuplicateCause cause) {
            if (listener == null && observers.isEmpty()) {
                return;
            }
            SimulationEvent e = new SimulationEvent(sim.nowMs(), kind, user, repeat, step, attempt, worker, untilMs,
                    note, delivery, cause);
            if (listener != null) {
                listener.on(e);
            }
            for (SimulationListener o : observers) {
                o.on(e);
            }
        }
    }

    /** What the queue asks of the worker process: wake a waiting worker; forget a closed user's keys. */
    private final class QueueHooks implements JobQueue.Hooks {
        @Override
        public void jobVisible() {
            process.wakeIdleWorker();
        }

        @Override
        public void userClosed(long user) {
            process.forgetUser(user);
        }
    }
}
