package org.idempotencylab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.idempotencylab.store.InMemoryIdempotencyStore.Completion;
import org.idempotencylab.store.InMemoryIdempotencyStore.Source;

/**
 * The first article's sign-up simulation on the discrete-event {@link Simulator}: {@code jobs} sign-ups, taken
 * first-in first-out by {@code workers} workers, each running the ten {@link SignupSteps} with one
 * {@link Strategy}.
 *
 * <p>The rules (DESIGN.md, "Simulation semantics") that make the article's table come out exactly:
 * <ul>
 *   <li>A call takes a duration drawn uniformly from [callMs/2, 3*callMs/2) (its own random stream). When it
 *       ends, the outcome stream draws "did it fail before doing anything?" ({@code < pFail}); if not, the side
 *       effect happens, and for the welcome email only, a second draw decides whether the reply is lost
 *       ({@code < lostReply}).</li>
 *   <li>A failed attempt waits its backoff on the virtual clock (jitter from its own stream), then retries the
 *       step or the whole job, as the strategy's {@link RetryScope} says.</li>
 *   <li>With a memory store ({@link StoreKind#MEMORY}, as the skip-finished strategy has) every step goes through an
 *       {@link InMemoryIdempotencyStore} with TTL {@code ttlMs}; the provider remembers keys for
 *       {@code providerKeyTtlMs}. Both forget on the virtual clock.</li>
 *   <li>Sign-ups arrive all at once at time 0 (the article), or at {@code arrivalRate} per virtual second with
 *       exponential gaps drawn from their own stream. With one worker, times do not change any count.</li>
 * </ul>
 *
 * <p>Key retention: by default every key lives out its TTL, as the live view shows it. A batch run may instead
 * forget a user's keys as soon as the user's job ends ({@code forgetKeysOfFinishedJobs}): every user has exactly
 * one job here, so no later call can ask for those keys, and the results are the same, while memory holds only
 * the keys of jobs in progress instead of a whole TTL's worth (the article starts a fresh store every 10,000
 * sign-ups for the same reason).
 *
 * <p>Two ways to drive it: {@link #run()} runs to the end (batch); {@link #step()} and {@link #advanceTo} move it
 * an event or a stretch of virtual time at a time (the live view), with a {@link SimulationListener} hearing
 * every event and faults armed by clicks ({@link #failNextCall}, {@link #loseNextReply}). A forced fault still
 * draws the random numbers its call would have drawn. Not thread-safe.
 */
public final class SignupSimulation {
    private static final String FAILED = "503 service unavailable";
    private static final String LOST = "timeout, reply lost";
    private static final int REPORT_EVERY = 4096;
    /** The value the store saves for each step: constant text, so saving allocates nothing. */
    private static final String[] SAVED_VALUE = SignupSteps.NAMES.stream().map(n -> n + ": done")
            .toArray(String[]::new);

    private final Scenario scenario;
    private final Strategy strategy;
    private final RunControl control;
    private final Simulator sim = new Simulator();
    private final Mulberry32 outcomes;
    private final Mulberry32 jitter;
    private final Mulberry32 durations;
    private final Mulberry32 arrivals;
    private final RetryPolicy retry;
    private final EmailProvider provider;
    private final InMemoryIdempotencyStore<String> store;
    private final boolean forgetKeysOfFinishedJobs;
    private final List<Worker> workers = new ArrayList<>();
    private final ArrayDeque<Worker> idle = new ArrayDeque<>();
    private final Mulberry32 repeats;
    private final boolean repeatsOn;
    // Repeated requests, waiting or on their way, in order of arrival: {arrival ms, sequence, user}.
    private final java.util.PriorityQueue<long[]> repeatQueue = new java.util.PriorityQueue<>(
            (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    private long repeatSeq;
    // Arrival times of the originals waiting for a worker (arrivals over time only; all at once means time 0).
    private final ArrayDeque<Long> originalArrivals = new ArrayDeque<>();
    // With repeated requests, a user's side effects are counted across all of the user's jobs.
    private final java.util.Map<Long, UserLedger> ledgers = new java.util.HashMap<>();
    private long repeatedRequests;
    private long slowCalls;
    private final long[] repeatedByStep = new long[SignupSteps.COUNT];
    private final Set<Long> failNextCall = new HashSet<>();
    private SimulationListener listener;
    private boolean loseNextReply;

    private long arrived;
    private long nextUser;
    private long freshKeyCounter;
    private long finishedJobs;
    private long unreportedJobs;
    private long failedJobs;
    private long calls;
    private long repeatedSteps;
    private long usersWithDuplicateEmails;
    private long backoffWaits;
    private long lastFinishMs;
    private boolean started;

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
        this.forgetKeysOfFinishedJobs = forgetKeysOfFinishedJobs;
        this.scenario = scenario;
        this.strategy = strategy;
        this.control = control;
        this.outcomes = RandomStreams.outcomes(scenario.seed());
        this.jitter = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.JITTER);
        this.durations = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.CALL_DURATION);
        this.arrivals = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.ARRIVALS);
        this.repeats = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.DUPLICATES);
        this.repeatsOn = scenario.pDuplicate() > 0;
        this.retry = new RetryPolicy(scenario.maxAttempts(), scenario.baseDelayMs(), scenario.maxDelayMs(),
                scenario.jitter());
        this.provider = new EmailProvider(scenario.providerKeyTtlMs());
        this.store = strategy.store() == StoreKind.MEMORY
                ? new InMemoryIdempotencyStore<>(scenario.ttlMs(), sim::nowMs) : null;
    }

    /**
     * Sets who hears every event from now on; null for no one. Set it before {@link #start()} to hear them all.
     */
    public void setListener(SimulationListener listener) {
        this.listener = listener;
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
        if (control.isCancelled()) {
            throw new CancellationException("cancelled before the first job");
        }
        start();
        sim.run();
        if (unreportedJobs > 0) {
            control.jobsFinished(unreportedJobs);
        }
        if (control.isCancelled()) { // a run shorter than one report interval still honours a cancel
            throw new CancellationException("cancelled after " + finishedJobs + " jobs");
        }
        return result();
    }

    /** Starts the workers and the arrivals at virtual time 0; does nothing if started already. */
    public void start() {
        if (started) {
            return;
        }
        started = true;
        if (scenario.arrivalRate() == 0) {
            arrived = scenario.jobs(); // all at once, as in the article
        } else {
            sim.schedule(0, this::arrive);
        }
        for (int i = 0; i < scenario.workers(); i++) {
            workers.add(new Worker(i));
        }
        for (Worker w : workers) {
            w.advance();
        }
    }

    /**
     * Runs exactly one event (starting the simulation first if needed).
     *
     * @return false if nothing was left to run
     */
    public boolean step() {
        start();
        if (sim.pendingEvents() > 0) {
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

    /** @return true while the store or the provider still remembers a key. */
    public boolean keysAlive() {
        return (store != null && store.liveKeys() > 0) || provider.rememberedKeys() > 0;
    }

    /** @return virtual ms at which the next remembered key expires, or {@link Long#MAX_VALUE} if none is kept. */
    public long nextKeyExpiryMs() {
        long s = store == null ? Long.MAX_VALUE : store.nextExpiryMs();
        return Math.min(s, provider.nextExpiryMs());
    }

    private void expireKeys() {
        if (store != null) {
            store.expire(sim.nowMs()); // keys disappear from the view when their TTL runs out, not later
        }
        provider.expire(sim.nowMs());
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
        while (n < maxEvents && sim.nextEventTimeMs() <= timeMs) {
            sim.step();
            n++;
        }
        if (sim.nextEventTimeMs() > timeMs && timeMs > sim.nowMs()) {
            // time passes between events, and after the last job while keys count down; once nothing is left
            // the clock stops at the last thing that happened
            long lastExpiry = Math.max(store == null ? Long.MIN_VALUE : store.lastExpiryMs(),
                    provider.lastExpiryMs());
            long until = sim.pendingEvents() > 0 ? timeMs : Math.min(timeMs, lastExpiry);
            if (until > sim.nowMs()) {
                sim.runUntil(until);
            }
        }
        expireKeys();
        return n;
    }

    /** @return true once started and no event is left: every job has ended. */
    public boolean isFinished() {
        return started && sim.pendingEvents() == 0;
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
        // every job run counts, repeats included: "succeeded" is the share of jobs that did not fail
        return new StrategyResult(strategy, scenario.jobs() + repeatedRequests, failedJobs, calls, repeatedSteps,
                usersWithDuplicateEmails, provider.emailsSent(), provider.sendsSuppressed(),
                store == null ? 0 : store.hits(), backoffWaits, lastFinishMs, repeatedRequests, slowCalls,
                Arrays.stream(repeatedByStep).boxed().toList());
    }

    /** @return jobs that ended so far, succeeded or failed. */
    public long finishedJobs() {
        return finishedJobs;
    }

    /** @return the scenario simulated. */
    public Scenario scenario() {
        return scenario;
    }

    /** @return the strategy simulated. */
    public Strategy strategy() {
        return strategy;
    }

    /** @return the in-memory idempotency store, or null if the strategy uses none. */
    public InMemoryIdempotencyStore<String> store() {
        return store;
    }

    /** @return the email provider. */
    public EmailProvider provider() {
        return provider;
    }

    /**
     * Makes the next call that {@code user}'s job starts fail before doing anything (a click on its token); a
     * call already in flight is not touched. Works for a job in progress or still waiting in the queue.
     *
     * @return true if the fault was armed, false if the job has ended or has not arrived
     */
    public boolean failNextCall(long user) {
        if (!(user >= nextUser && user < arrived) && !inProgress(user)) {
            return false;
        }
        failNextCall.add(user);
        emit(Kind.FAULT_ARMED, user, -1, 0, -1, sim.nowMs(), "next call fails (clicked)");
        return true;
    }

    /** Makes the provider lose the reply of the next welcome-email call that reaches it (a click on it). */
    public void loseNextReply() {
        loseNextReply = true;
        emit(Kind.FAULT_ARMED, -1, SignupSteps.EMAIL, 0, -1, sim.nowMs(), "next email reply is lost (clicked)");
    }

    /** @return true if the provider's next reply will be lost. */
    public boolean isNextReplyLost() {
        return loseNextReply;
    }

    /** @return the simulator, for tests that look at the clock. */
    Simulator simulator() {
        return sim;
    }

    private boolean inProgress(long user) {
        for (Worker w : workers) {
            if (w.job != null && w.job.user == user) {
                return true;
            }
        }
        return false;
    }

    /** @return sign-ups that arrived and wait for a worker. */
    public long waitingJobs() {
        long repeatsWaiting = repeatQueue.stream().filter(r -> r[0] <= sim.nowMs()).count();
        return arrived - nextUser + repeatsWaiting;
    }

    /** @return the user number of the first sign-up waiting for a worker (the next one taken). */
    public long firstWaitingUser() {
        return nextUser < arrived || repeatQueue.isEmpty() ? nextUser : repeatQueue.peek()[2];
    }

    /**
     * @param max how many at most
     * @return the user numbers of the sign-ups waiting for a worker: originals first, then repeated requests
     */
    public List<Long> waitingUsers(int max) {
        List<Long> out = new ArrayList<>();
        for (long u = nextUser; u < arrived && out.size() < max; u++) {
            out.add(u);
        }
        repeatQueue.stream().filter(r -> r[0] <= sim.nowMs())
                .sorted(repeatQueue.comparator()).limit(Math.max(0, max - out.size()))
                .forEach(r -> out.add(r[2]));
        return out;
    }

    private void arrive() {
        long user = arrived++;
        if (repeatsOn) {
            originalArrivals.addLast(sim.nowMs());
            UserLedger ledger = ledgers.computeIfAbsent(user, u -> new UserLedger());
            ledger.openJobs++;
            decideRepeat(user, ledger, sim.nowMs());
        }
        emit(Kind.ARRIVED, user, -1, 0, -1, sim.nowMs(), "");
        Worker w = idle.poll();
        if (w != null) {
            w.advance();
        }
        if (arrived < scenario.jobs()) {
            // exponential gaps summed in fractions of a ms, so high rates keep their rate
            nextArrivalMs += -Math.log(1 - arrivals.nextDouble()) * 1000 / scenario.arrivalRate();
            sim.scheduleAt(Math.max(sim.nowMs(), (long) Math.floor(nextArrivalMs)), this::arrive);
        }
    }

    private double nextArrivalMs;

    private void emit(Kind kind, long user, int step, int attempt, int worker, long untilMs, String note) {
        emit(kind, user, false, step, attempt, worker, untilMs, note);
    }

    private void emit(Kind kind, long user, boolean repeat, int step, int attempt, int worker, long untilMs,
                      String note) {
        if (listener != null) {
            listener.on(new SimulationEvent(sim.nowMs(), kind, user, repeat, step, attempt, worker, untilMs, note));
        }
    }

    /**
     * One sign-up: its user number and how many times each step's side effect really happened. A worker reuses
     * one Job for each sign-up it takes, so a million sign-ups allocate nothing per job.
     */
    private static final class Job {
        long user;
        boolean repeat;          // a repeated request: the user's second (or later) job
        private final int[] own = new int[SignupSteps.COUNT];
        int[] sideEffects = own; // the user's ledger when repeated requests are on, else this job's own counts
        long[] freshKeys;        // provider keys made for this job, kept only to forget them at its end
        int freshKeyCount;

        void reset(long user, boolean repeat, int[] ledger) {
            this.user = user;
            this.repeat = repeat;
            Arrays.fill(own, 0);
            sideEffects = ledger == null ? own : ledger;
            freshKeyCount = 0;
        }
    }

    /** A user's side effects over all of the user's jobs, and how many of them are not finished yet. */
    private static final class UserLedger {
        final int[] sideEffects = new int[SignupSteps.COUNT];
        int openJobs;
    }

    /**
     * Takes the next job in arrival order (originals waiting, then repeats that arrived after them), or returns
     * false if none is waiting. With repeated requests on, decides whether this original will be sent again.
     */
    private boolean takeNext(Job into) {
        boolean original = nextUser < arrived;
        boolean repeat = !repeatQueue.isEmpty() && repeatQueue.peek()[0] <= sim.nowMs();
        if (original && repeat) { // first come, first served
            long originalAt = scenario.arrivalRate() == 0 ? 0 : originalArrivals.peekFirst();
            original = originalAt <= repeatQueue.peek()[0];
        }
        if (original) {
            long user = nextUser++;
            if (!repeatsOn) {
                into.reset(user, false, null);
                return true;
            }
            UserLedger ledger;
            if (scenario.arrivalRate() == 0) { // all arrived at time 0: decide the repeat now, in user order
                ledger = ledgers.computeIfAbsent(user, u -> new UserLedger());
                ledger.openJobs++;
                decideRepeat(user, ledger, 0);
            } else {
                originalArrivals.pollFirst();
                ledger = ledgers.get(user);
            }
            into.reset(user, false, ledger.sideEffects);
            return true;
        }
        if (!repeat) {
            return false;
        }
        long user = repeatQueue.poll()[2];
        into.reset(user, true, ledgers.get(user).sideEffects);
        return true;
    }

    /**
     * Does the client send this sign-up again? Drawn in user order from its own stream; the repeat arrives
     * {@code duplicateDelay} after the original did, and then waits its turn like any job.
     */
    private void decideRepeat(long user, UserLedger ledger, long arrivedAtMs) {
        if (repeats.nextDouble() >= scenario.pDuplicate()) {
            return;
        }
        long span = scenario.duplicateDelayMaxMs() - scenario.duplicateDelayMinMs();
        long at = arrivedAtMs + scenario.duplicateDelayMinMs() + (long) (repeats.nextDouble() * (span + 1));
        ledger.openJobs++;
        repeatedRequests++;
        repeatQueue.add(new long[] {at, repeatSeq++, user});
        if (at > sim.nowMs()) {
            sim.scheduleAt(at, () -> repeatArrives(user));
        } else {
            repeatArrives(user); // it arrived while the original still waited
        }
    }

    private void repeatArrives(long user) {
        emit(Kind.ARRIVED, user, true, -1, 0, -1, sim.nowMs(), "repeated request: the client sent it again");
        Worker w = idle.poll();
        if (w != null) {
            w.advance();
        }
    }

    /** @return true while more jobs will come: originals still to arrive, or repeats on their way. */
    private boolean moreToCome() {
        return arrived < scenario.jobs() || !repeatQueue.isEmpty();
    }

    private void finish(Job job, boolean succeeded, int worker) {
        if (!succeeded) {
            failedJobs++;
        }
        boolean lastOfUser = true;
        if (repeatsOn) {
            UserLedger ledger = ledgers.get(job.user);
            lastOfUser = --ledger.openJobs == 0;
            if (lastOfUser) {
                ledgers.remove(job.user);
            }
        }
        if (forgetKeysOfFinishedJobs) {
            forgetKeys(job, lastOfUser);
        }
        if (!failNextCall.isEmpty()) {
            failNextCall.remove(job.user); // an armed fault dies with its job
        }
        if (listener != null) {
            emit(succeeded ? Kind.JOB_SUCCEEDED : Kind.JOB_FAILED, job.user, job.repeat, -1, 0, worker, sim.nowMs(), "");
        }
        lastFinishMs = sim.nowMs();
        finishedJobs++;
        if (++unreportedJobs == REPORT_EVERY) {
            control.jobsFinished(unreportedJobs);
            unreportedJobs = 0;
            if (control.isCancelled()) {
                throw new CancellationException("cancelled after " + finishedJobs + " jobs");
            }
        }
    }

    /** Counts a side effect the moment it happens, so live counters and final totals agree. */
    private void sideEffect(Job job, int step, int attempt, int worker) {
        int times = ++job.sideEffects[step];
        if (times > 1) {
            repeatedSteps++;
            repeatedByStep[step]++;
            if (step == SignupSteps.EMAIL && times == 2) {
                usersWithDuplicateEmails++;
            }
        }
        if (listener != null) {
            emit(times > 1 ? Kind.DUPLICATE_SIDE_EFFECT : Kind.SIDE_EFFECT, job.user, job.repeat, step, attempt, worker,
                    sim.nowMs(), times > 1 ? "done " + times + " times" : "");
        }
    }

    /** @param lastOfUser false while another job of the same user may still ask for its keys */
    private void forgetKeys(Job job, boolean lastOfUser) {
        if (!lastOfUser) {
            for (int i = job.freshKeyCount - 1; i >= 0; i--) {
                provider.forget(job.freshKeys[i]); // a fresh key is never sent again, by any job
            }
            return;
        }
        if (store != null) {
            // newest first: the store drops forgotten keys from the end of its expiry ring at once
            for (int step = SignupSteps.COUNT - 1; step >= 0; step--) {
                store.forget(SignupKeys.step(step, job.user));
            }
        }
        switch (strategy.keyMode()) {
            case SAME -> provider.forget(SignupKeys.providerSame(job.user));
            case NEW_PER_CALL -> {
                for (int i = job.freshKeyCount - 1; i >= 0; i--) {
                    provider.forget(job.freshKeys[i]);
                }
            }
            case NONE -> {
            }
        }
    }

    /**
     * A worker: takes the next job, runs its steps, waits its backoffs. A state machine driven by simulator
     * events (a call ending, a backoff ending) and by store callbacks (a run it shared ending).
     */
    private final class Worker implements Event, InMemoryIdempotencyStore.Callback<String>,
            InMemoryIdempotencyStore.Work<String> {
        private final int id;
        private final Job reusable = new Job();
        private Job job;                   // the job in progress, or null
        private int step;
        private int stepAttempt;
        private int jobAttempt;
        private boolean inCall;            // the pending event ends a call (else it ends a backoff)
        private Completion<String> run;    // the store run this call owns, if any
        private boolean savedHit;          // set when the store answered synchronously from a saved value
        private boolean doomed;            // this call fails (a click armed it before the call started)

        Worker(int id) {
            this.id = id;
        }

        private int attempt() {
            return strategy.scope() == RetryScope.EACH_STEP ? stepAttempt : jobAttempt;
        }

        /** Makes every move that needs no virtual time: next job, next step, skipped steps. */
        void advance() {
            while (true) {
                if (job == null) {
                    if (!takeNext(reusable)) {
                        if (moreToCome()) {
                            idle.add(this); // more sign-ups will arrive: wait for one
                        }
                        return;
                    }
                    job = reusable;
                    jobAttempt = 1;
                    step = 0;
                    stepAttempt = 1;
                    if (listener != null) {
                        emit(Kind.JOB_STARTED, job.user, job.repeat, -1, 1, id, sim.nowMs(),
                                job.repeat ? "repeated request" : "");
                    }
                }
                if (step == SignupSteps.COUNT) {
                    Job done = job;
                    job = null;
                    finish(done, true, id);
                    continue;
                }
                if (store == null) {
                    startCall(null);
                    return;
                }
                savedHit = false;
                store.once(SignupKeys.step(step, job.user), this, this);
                if (!savedHit) {
                    return; // a call of ours, or a shared run, is in flight
                }
                if (listener != null) {
                    emit(Kind.STEP_SKIPPED, job.user, job.repeat, step, attempt(), id, sim.nowMs(), "saved result");
                }
                step++; // finished before: skip the work
                stepAttempt = 1;
            }
        }

        @Override
        public void start(Completion<String> done) {
            startCall(done);
        }

        private void startCall(Completion<String> ownedRun) {
            calls++;
            if (!failNextCall.isEmpty() && failNextCall.remove(job.user)) {
                doomed = true; // the click was for the next call to start: this one
            }
            run = ownedRun;
            inCall = true;
            long c = scenario.callMs();
            // the slow-call draw is only made when slow calls are on, so "off" leaves every duration unchanged
            if (scenario.pSlow() > 0 && durations.nextDouble() < scenario.pSlow()) {
                c = scenario.slowCallMs();
                slowCalls++;
            }
            long durationMs = c == 0 ? 0 : Math.round(c * (0.5 + durations.nextDouble()));
            if (listener != null) {
                emit(Kind.CALL_STARTED, job.user, job.repeat, step, attempt(), id, sim.nowMs() + durationMs, "");
            }
            sim.schedule(durationMs, this);
        }

        @Override
        public void fire() {
            if (!inCall) { // a backoff ended: retry the step, or the job from step 1
                if (strategy.scope() == RetryScope.EACH_STEP) {
                    stepAttempt++;
                } else {
                    jobAttempt++;
                    step = 0;
                    stepAttempt = 1;
                }
                advance();
                return;
            }
            inCall = false;
            String failure = callOutcome();
            Completion<String> owned = run;
            run = null;
            if (owned != null) { // tell the store; it calls succeeded/failed on this worker and any sharers
                if (failure == null) {
                    owned.succeed(SAVED_VALUE[step]);
                } else {
                    owned.fail(failure);
                }
            } else if (failure == null) {
                stepSucceeded();
            } else {
                stepFailed(failure);
            }
        }

        /** Draws the call's outcome and applies its side effect; returns null on success, else the failure. */
        private String callOutcome() {
            boolean fails = outcomes.nextDouble() < scenario.pFail();
            if (doomed) {
                doomed = false;
                if (!fails && step == SignupSteps.EMAIL) {
                    outcomes.nextDouble(); // the lost-reply draw this call would have made
                }
                emit(Kind.CALL_FAILED, job.user, job.repeat, step, attempt(), id, sim.nowMs(), FAILED + " (clicked)");
                return FAILED + " (clicked)";
            }
            if (fails) {
                emit(Kind.CALL_FAILED, job.user, job.repeat, step, attempt(), id, sim.nowMs(), FAILED);
                return FAILED; // failed before doing anything
            }
            if (step != SignupSteps.EMAIL) {
                sideEffect(job, step, attempt(), id);
                return null;
            }
            long key = switch (strategy.keyMode()) {
                case NONE -> EmailProvider.NO_KEY;
                case NEW_PER_CALL -> freshKey(job);
                case SAME -> SignupKeys.providerSame(job.user);
            };
            if (provider.send(key, sim.nowMs())) {
                sideEffect(job, step, attempt(), id);
            } else if (listener != null) {
                emit(Kind.EMAIL_SUPPRESSED, job.user, job.repeat, step, attempt(), id, sim.nowMs(),
                        "provider knew " + SignupKeys.describe(key));
            }
            boolean lost = outcomes.nextDouble() < scenario.lostReply();
            if (loseNextReply) {
                loseNextReply = false;
                emit(Kind.REPLY_LOST, job.user, job.repeat, step, attempt(), id, sim.nowMs(), LOST + " (clicked)");
                return LOST + " (clicked)";
            }
            if (lost) {
                emit(Kind.REPLY_LOST, job.user, job.repeat, step, attempt(), id, sim.nowMs(), LOST);
                return LOST;
            }
            return null;
        }

        private long freshKey(Job job) {
            long key = SignupKeys.providerFresh(job.user, ++freshKeyCounter);
            if (forgetKeysOfFinishedJobs) {
                if (job.freshKeys == null) {
                    job.freshKeys = new long[4];
                } else if (job.freshKeyCount == job.freshKeys.length) {
                    job.freshKeys = Arrays.copyOf(job.freshKeys, job.freshKeyCount * 2);
                }
                job.freshKeys[job.freshKeyCount++] = key;
            }
            return key;
        }

        @Override
        public void succeeded(String value, Source source) {
            if (source == Source.SAVED) {
                savedHit = true; // answered inside store.once: advance() moves on
                return;
            }
            if (source == Source.SHARED && listener != null) {
                emit(Kind.RUN_SHARED, job.user, job.repeat, step, attempt(), id, sim.nowMs(), "shared a run in flight");
            }
            stepSucceeded();
        }

        @Override
        public void failed(String reason, Source source) {
            if (source == Source.SHARED && listener != null) {
                emit(Kind.RUN_SHARED, job.user, job.repeat, step, attempt(), id, sim.nowMs(), "shared run failed: " + reason);
            }
            stepFailed(reason);
        }

        private void stepSucceeded() {
            if (listener != null) {
                emit(Kind.CALL_SUCCEEDED, job.user, job.repeat, step, attempt(), id, sim.nowMs(), "");
            }
            step++;
            stepAttempt = 1;
            advance();
        }

        private void stepFailed(String reason) {
            int attempt = attempt();
            if (attempt >= retry.maxAttempts()) {
                Job done = job;
                job = null;
                finish(done, false, id);
                advance();
                return;
            }
            backoffWaits++;
            long waitMs = retry.backoffMs(attempt, jitter);
            if (listener != null) {
                emit(Kind.BACKOFF_STARTED, job.user, job.repeat, step, attempt, id, sim.nowMs() + waitMs, reason);
            }
            sim.schedule(waitMs, this);
        }
    }
}
