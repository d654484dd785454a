package org.idempotencylab.engine;

import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Strategy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.InMemoryClaimTable;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.idempotencylab.store.LockOnlyStore;
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
 * <p>The durable path (issue 4, the second article), each part off by default:
 * <ul>
 *   <li><b>Crashes.</b> With probability {@code pCrash} a call that did its side effect is followed by the worker
 *       process dying before the result is recorded (charge-then-crash), or a click crashes it now
 *       ({@link #crashNow}). Every worker in the process stops; the in-memory store is wiped; after
 *       {@code restartMs} the process starts again with empty memory. The claim table, the lock store and the
 *       email provider live outside the process and keep their keys.</li>
 *   <li><b>Queue.</b> {@link QueueKind#MEMORY}: the queue dies with the process, and its waiting and running
 *       jobs are counted as lost. {@link QueueKind#DURABLE}: a job taken by a worker is acknowledged when it ends;
 *       if that has not happened {@code visibilityTimeoutMs} after the delivery (a crash, or a job still
 *       running), the job becomes visible again and is delivered again from step 1.</li>
 *   <li><b>Claim table.</b> Each step claims {@code <step>:user_<n>} in a {@link ClaimStore} with a lease of
 *       {@code leaseMs}: a completed key skips the step with its saved result, a key held by another delivery
 *       answers "job in progress" and the job goes back to the queue (visible again after the retry policy's
 *       backoff for its n-th refusal, at least 1 ms), an expired lease is reclaimed, a key sent with another
 *       payload fails the job with a key mismatch (HTTP 400, not retried). A failed call releases its claim
 *       (first article: a failure is not remembered); a crash leaves it {@code in_progress} until its lease
 *       runs out.</li>
 *   <li><b>Lock only.</b> A delivery takes {@code signup:user_<n>} with SETNX and a TTL of {@code lockTtlMs},
 *       or goes back to the queue like a "job in progress"; it releases the lock at its end. Nothing records
 *       completion, so a later delivery runs every step again.</li>
 *   <li><b>Repeated requests</b> may carry a different payload (probability {@code pDifferentPayload}), under the
 *       same key.</li>
 * </ul>
 * A job's side effects are counted per user over all of its deliveries and repeated requests, so a redelivery
 * that charges again shows as a duplicate. "Succeeded" is the share of jobs neither failed nor lost; when
 * several deliveries of one job run, the first to end decides whether it succeeded.
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
    /** The outcome of a call after which the process died (compared by identity). */
    private static final String CRASHED = new String("crashed");
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
    private final Mulberry32 crashDraws;
    private final Mulberry32 payloads;
    private final boolean repeatsOn;
    // Tracked mode: every job is a Message with deliveries and an acknowledgement, and every user has a ledger.
    // Needed as soon as one job can be delivered more than once or a store needs an owner per delivery; the
    // article's runs stay untracked and allocate nothing per job.
    private final boolean tracked;
    private final boolean durable;
    private final ClaimStore claims;
    private final boolean forgetClaimRows;
    private final LockOnlyStore locks;
    // Messages waiting or on their way (repeats not yet sent, redeliveries, jobs sent back as "in progress"),
    // in the order they become visible.
    private final java.util.PriorityQueue<Message> laterQueue = new java.util.PriorityQueue<>(
            (a, b) -> a.visibleAtMs != b.visibleAtMs ? Long.compare(a.visibleAtMs, b.visibleAtMs)
                    : Long.compare(a.seq, b.seq));
    // Messages visible now, in the order they first arrived: a job that comes back (redelivered, or sent back as
    // "in progress") keeps its place, as in a FIFO queue, instead of waiting behind the whole backlog.
    private static final java.util.Comparator<Message> ARRIVAL_ORDER = java.util.Comparator
            .comparingLong((Message m) -> m.arrivalMs).thenComparing(m -> m.repeat)
            .thenComparingLong(m -> m.user).thenComparingLong(m -> m.seq);
    private final java.util.PriorityQueue<Message> readyQueue = new java.util.PriorityQueue<>(ARRIVAL_ORDER);
    // Claims whose holder crashed and that nobody has reclaimed yet: key -> {crash ms, locked_until ms}.
    private final java.util.Map<String, long[]> crashedClaims = new java.util.HashMap<>();
    private long messageSeq;
    private long openMessages;
    private long activeDeliveries;
    private long deliverySerial;
    // Arrival times of the originals waiting for a worker (tracked, arrivals over time; all at once means 0).
    private final ArrayDeque<Long> originalArrivals = new ArrayDeque<>();
    // A user's side effects over all of the user's jobs and deliveries (tracked mode).
    private final java.util.Map<Long, UserLedger> ledgers = new java.util.HashMap<>();
    private boolean down;
    private final RunMetrics metrics = new RunMetrics();
    private final Set<Long> failNextCall = new HashSet<>();
    private SimulationListener listener;
    private boolean loseNextReply;

    private long arrived;
    private long nextUser;
    private long freshKeyCounter;
    private long finishedJobs;
    private long unreportedJobs;
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
        this.crashDraws = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.CRASHES);
        this.payloads = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.PAYLOADS);
        this.durable = scenario.queue() == QueueKind.DURABLE;
        boolean claimTable = strategy.store() == StoreKind.CLAIM_TABLE;
        this.claims = claimTable ? (claimStore != null ? claimStore : new InMemoryClaimTable()) : null;
        this.forgetClaimRows = claimTable && claimStore == null && forgetKeysOfFinishedJobs;
        this.locks = strategy.store() == StoreKind.LOCK ? new LockOnlyStore() : null;
        this.tracked = repeatsOn || durable || scenario.pCrash() > 0 || claims != null || locks != null;
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
        if (tracked) {
            while (workLeft()) { // a durable queue leaves visibility timers of acknowledged jobs: skip them
                sim.step();
            }
        } else {
            sim.run();
        }
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
            long until = workLeft() ? timeMs : Math.min(timeMs, lastExpiry);
            if (until > sim.nowMs()) {
                sim.runUntil(until);
            }
        }
        expireKeys();
        return n;
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
        if (!tracked) { // after a crash (a click) only the restart may be pending, with every job lost
            return !down || nextUser < arrived || arrived < scenario.jobs();
        }
        return nextUser < arrived || arrived < scenario.jobs() || openMessages > 0 || activeDeliveries > 0;
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
        // every job run counts, repeats included: "succeeded" is the share of jobs neither failed nor lost
        RunMetrics outside = new RunMetrics(); // what the provider and the store count themselves
        outside.add(Metric.EMAILS_SENT, provider.emailsSent());
        outside.add(Metric.PROVIDER_SUPPRESSED_SENDS, provider.sendsSuppressed());
        outside.add(Metric.STORE_HITS, store == null ? 0 : store.hits());
        outside.add(Metric.STUCK_IN_PROGRESS_MS, stuckOfUnreclaimedMs());
        return metrics.result(strategy, scenario.jobs() + metrics.get(Metric.REPEATED_REQUESTS), outside);
    }

    /**
     * @return virtual ms that claims nobody has reclaimed (yet) stay {@code in_progress} after their holder
     *         crashed, until their lease runs out, summed over claims (reclaimed ones are counted when reclaimed)
     */
    private long stuckOfUnreclaimedMs() {
        long stuck = 0;
        for (long[] c : crashedClaims.values()) {
            stuck += c[1] - c[0];
        }
        return stuck;
    }

    /** @return jobs that ended so far, succeeded, failed or lost. */
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

    /** @return true if some message sits in the waiting queues twice (a bug: tests check it never does). */
    boolean queueHoldsACopy() {
        java.util.Set<Message> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        return !java.util.stream.Stream.concat(readyQueue.stream(), laterQueue.stream()).allMatch(seen::add);
    }

    /** @return users whose jobs are not all settled and ended (tracked mode), for tests of memory use. */
    int openUsers() {
        return ledgers.size();
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

    /** @return sign-ups that arrived and wait for a worker (repeats, redeliveries and retries included). */
    public long waitingJobs() {
        return arrived - nextUser + visibleMessages().count();
    }

    /** @return the messages a worker could take now, not yet promoted to the ready queue included. */
    private java.util.stream.Stream<Message> visibleMessages() {
        return java.util.stream.Stream.concat(readyQueue.stream(),
                laterQueue.stream().filter(m -> m.inQueue && m.visibleAtMs <= sim.nowMs()))
                .filter(m -> !m.settled);
    }

    /** @return the user number of the first sign-up waiting for a worker (the next one taken). */
    public long firstWaitingUser() {
        List<Long> first = waitingUsers(1);
        return first.isEmpty() ? nextUser : first.get(0);
    }

    /**
     * @param max how many at most
     * @return the user numbers of the sign-ups waiting for a worker: originals first, then repeated requests,
     *         redeliveries and jobs sent back as "in progress"
     */
    public List<Long> waitingUsers(int max) {
        List<Long> out = new ArrayList<>();
        for (long u = nextUser; u < arrived && out.size() < max; u++) {
            out.add(u);
        }
        visibleMessages().sorted(ARRIVAL_ORDER).limit(Math.max(0, max - out.size())).forEach(m -> out.add(m.user));
        return out;
    }

    /** @return true while the worker process is down after a crash. */
    public boolean isDown() {
        return down;
    }

    /** @return the claim table the steps go through, or null unless the store is {@link StoreKind#CLAIM_TABLE}. */
    public ClaimStore claimStore() {
        return claims;
    }

    /** @return the lock store, or null unless the store is {@link StoreKind#LOCK}. */
    public LockOnlyStore lockStore() {
        return locks;
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
        if (down || isFinished()) {
            return false;
        }
        crash(-1, "worker process crashed (clicked)");
        return true;
    }

    private void arrive() {
        long user = arrived++;
        if (tracked) {
            originalArrivals.addLast(sim.nowMs());
            UserLedger ledger = ledgers.computeIfAbsent(user, u -> new UserLedger());
            ledger.open++;
            if (repeatsOn) {
                decideRepeat(user, ledger, sim.nowMs());
            }
        }
        emit(Kind.ARRIVED, user, -1, 0, -1, sim.nowMs(), "");
        wakeIdleWorker();
        if (arrived < scenario.jobs()) {
            // exponential gaps summed in fractions of a ms, so high rates keep their rate
            nextArrivalMs += -Math.log(1 - arrivals.nextDouble()) * 1000 / scenario.arrivalRate();
            sim.scheduleAt(Math.max(sim.nowMs(), (long) Math.floor(nextArrivalMs)), this::arrive);
        }
    }

    private void wakeIdleWorker() {
        Worker w = idle.poll();
        if (w != null) {
            w.advance();
        }
    }

    private double nextArrivalMs;

    private void emit(Kind kind, long user, int step, int attempt, int worker, long untilMs, String note) {
        emit(kind, user, false, step, attempt, worker, untilMs, note, 0);
    }

    private void emit(Kind kind, Job job, int step, int attempt, int worker, long untilMs, String note) {
        if (listener != null) {
            emit(kind, job.user, job.repeat, step, attempt, worker, untilMs, note, job.delivery);
        }
    }

    private void emit(Kind kind, long user, boolean repeat, int step, int attempt, int worker, long untilMs,
                      String note, int delivery) {
        if (listener != null) {
            listener.on(new SimulationEvent(sim.nowMs(), kind, user, repeat, step, attempt, worker, untilMs, note,
                    delivery));
        }
    }

    /**
     * One delivery of a sign-up to a worker: its user number and how many times each step's side effect really
     * happened. A worker reuses one Job for each sign-up it takes, so a million sign-ups allocate nothing per job.
     */
    private static final class Job {
        long user;
        boolean repeat;          // a repeated request: the user's second (or later) job
        Message msg;             // tracked mode: the queue message this delivery belongs to
        int delivery;            // 1 for the message's first delivery, 2 for the next, ...
        String owner;            // tracked mode: the claim or lock owner, unique per delivery
        private final int[] own = new int[SignupSteps.COUNT];
        int[] sideEffects = own; // the user's ledger in tracked mode, else this job's own counts
        long[] freshKeys;        // provider keys made for this job, kept only to forget them at its end
        int freshKeyCount;

        void reset(long user, boolean repeat, int[] ledger) {
            this.user = user;
            this.repeat = repeat;
            Arrays.fill(own, 0);
            sideEffects = ledger == null ? own : ledger;
            freshKeyCount = 0;
            msg = null;
            delivery = 1;
            owner = null;
        }
    }

    /**
     * One request in the queue (tracked mode): a sign-up or its repeated request. It is settled once: acknowledged
     * by the first delivery to end, or lost with an in-memory queue.
     */
    private static final class Message {
        final long user;
        final boolean repeat;
        final boolean differentPayload; // a repeated request whose payload differs under the same key
        long visibleAtMs;
        long arrivalMs;                 // when it first entered the queue: its place in line
        long seq;
        int timeouts;                   // visibility timeouts that ran out on it
        int deliveries;
        int rejections;                 // "job in progress" answers so far
        boolean inQueue;                // in the queue now (a repeat on its way is not yet)
        boolean settled;

        Message(long user, boolean repeat, boolean differentPayload) {
            this.user = user;
            this.repeat = repeat;
            this.differentPayload = differentPayload;
        }
    }

    /**
     * A user's side effects over all of the user's jobs and deliveries, and how much is still open: messages not
     * settled plus deliveries running. At 0 nothing can ask for the user's keys again.
     */
    private static final class UserLedger {
        final int[] sideEffects = new int[SignupSteps.COUNT];
        int open;
    }

    /**
     * Takes the next job in arrival order (originals waiting, then repeats, redeliveries and retried jobs that
     * became visible after them), or returns false if none is waiting. With repeated requests on, decides whether
     * an original taken from an all-at-once queue will be sent again.
     */
    private boolean takeNext(Job into) {
        if (!tracked) {
            if (nextUser < arrived) {
                into.reset(nextUser++, false, null);
                return true;
            }
            return false;
        }
        while (!laterQueue.isEmpty() && laterQueue.peek().visibleAtMs <= sim.nowMs()) {
            Message m = laterQueue.poll();
            if (m.settled) {
                m.inQueue = false; // a copy of a job another delivery has acknowledged since
            } else {
                readyQueue.add(m);
            }
        }
        while (true) {
            boolean original = nextUser < arrived;
            Message head = readyQueue.peek();
            boolean later = head != null;
            long originalAt = !original || scenario.arrivalRate() == 0 ? 0 : originalArrivals.peekFirst();
            if (original && later) { // first come, first served; a tie goes to the one that entered the queue first
                original = originalAt < head.arrivalMs || (originalAt == head.arrivalMs && head.repeat);
            }
            Message msg;
            UserLedger ledger;
            if (original) {
                long user = nextUser++;
                msg = new Message(user, false, false);
                msg.arrivalMs = originalAt;
                openMessages++;
                if (scenario.arrivalRate() == 0) { // all arrived at time 0: the ledger starts when taken
                    ledger = ledgers.computeIfAbsent(user, u -> new UserLedger());
                    ledger.open++;
                    if (repeatsOn) {
                        decideRepeat(user, ledger, 0); // in user order
                    }
                } else {
                    originalArrivals.pollFirst();
                    ledger = ledgers.get(user);
                }
            } else if (later) {
                msg = readyQueue.poll();
                msg.inQueue = false;
                if (msg.settled) {
                    continue; // a redelivered copy of a job another delivery has acknowledged since
                }
                ledger = ledgers.get(msg.user);
            } else {
                return false;
            }
            into.reset(msg.user, msg.repeat, ledger.sideEffects);
            into.msg = msg;
            into.delivery = ++msg.deliveries;
            if (claims != null || locks != null) { // only a store needs to know who holds a key
                into.owner = "delivery-" + (++deliverySerial);
            }
            ledger.open++;
            activeDeliveries++;
            if (durable) {
                int delivery = msg.deliveries;
                sim.schedule(scenario.visibilityTimeoutMs(), () -> visibilityTimeout(msg, delivery));
            }
            return true;
        }
    }

    /** The visibility timeout of one delivery ran out: unless acknowledged, the job is visible again. */
    private void visibilityTimeout(Message msg, int delivery) {
        if (msg.settled || msg.inQueue || msg.deliveries != delivery) {
            return; // acknowledged, already back in the queue, or delivered again since
        }
        if (++msg.timeouts >= MAX_RECEIVES) { // a poison job: it never gets acknowledged
            settle(msg);
            metrics.count(Metric.FAILED_JOBS);
            metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
            emit(Kind.JOB_FAILED, msg.user, msg.repeat, -1, 0, -1, sim.nowMs(), "moved to the dead-letter queue after "
                    + MAX_RECEIVES + " deliveries without an acknowledgement", msg.deliveries);
            closeIfDone(msg.user, ledgers.get(msg.user));
            jobEnded();
            return;
        }
        metrics.count(Metric.REDELIVERIES);
        emit(Kind.JOB_REDELIVERED, msg.user, msg.repeat, -1, 0, -1, sim.nowMs(),
                "no acknowledgement within the visibility timeout", msg.deliveries);
        enqueue(msg, sim.nowMs());
    }

    /**
     * Deliveries without an acknowledgement after which a durable queue gives up on a job and moves it to its
     * dead-letter queue, counted as failed: Amazon SQS's redrive policy ({@code maxReceiveCount}). Without it a job
     * whose every delivery crashes would be delivered forever.
     */
    public static final int MAX_RECEIVES = 10;

    /**
     * Puts a message in the queue, visible from {@code atMs}, and wakes a worker then. A message already in the
     * queue stays as it is: one copy at most, and never re-sorted while inside a heap.
     */
    private void enqueue(Message msg, long atMs) {
        if (msg.inQueue) {
            return;
        }
        msg.visibleAtMs = atMs;
        msg.seq = messageSeq++;
        msg.inQueue = true;
        laterQueue.add(msg);
        if (atMs > sim.nowMs()) {
            sim.scheduleAt(atMs, this::wakeIdleWorker);
        } else {
            wakeIdleWorker();
        }
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
        // the payload draw is only made when changed payloads are on, so "off" leaves every other draw alone
        boolean different = scenario.pDifferentPayload() > 0 && payloads.nextDouble() < scenario.pDifferentPayload();
        Message msg = new Message(user, true, different);
        msg.arrivalMs = at;
        ledger.open++;
        openMessages++;
        metrics.count(Metric.REPEATED_REQUESTS);
        msg.visibleAtMs = at;
        msg.seq = messageSeq++;
        laterQueue.add(msg);
        if (at > sim.nowMs()) {
            sim.scheduleAt(at, () -> repeatArrives(msg));
        } else {
            repeatArrives(msg); // it arrived while the original still waited
        }
    }

    private void repeatArrives(Message msg) {
        msg.inQueue = true;
        emit(Kind.ARRIVED, msg.user, true, -1, 0, -1, sim.nowMs(), msg.differentPayload
                ? "repeated request with a different payload, same key" : "repeated request: the client sent it again",
                0);
        wakeIdleWorker();
    }

    /**
     * @return true while more jobs may come: originals still to arrive, or (tracked) any job not yet settled,
     *         which a repeat, a redelivery or a retry after "job in progress" may bring back to the queue
     */
    private boolean moreToCome() {
        return arrived < scenario.jobs() || openMessages > 0;
    }

    /**
     * A delivery ended: its job succeeded or failed. The first delivery of a message to end acknowledges it and
     * counts the job; a later one only ends.
     */
    private void finish(Job job, boolean succeeded, int worker) {
        if (!failNextCall.isEmpty()) {
            failNextCall.remove(job.user); // an armed fault dies with its job
        }
        if (locks != null) {
            locks.release(lockKey(job.user), job.owner); // a late holder cannot free another's lock
        }
        boolean counts = settle(job.msg);
        if (counts) {
            if (!succeeded) {
                metrics.count(Metric.FAILED_JOBS);
            }
            metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        }
        emit(succeeded ? Kind.JOB_SUCCEEDED : Kind.JOB_FAILED, job, -1, 0, worker, sim.nowMs(),
                counts ? "" : "another delivery had already ended this job");
        endDelivery(job);
        if (counts) {
            jobEnded();
        }
    }

    /** Marks a message settled; returns false if it was already (untracked jobs are settled once, here). */
    private boolean settle(Message msg) {
        if (msg == null) {
            return true;
        }
        if (msg.settled) {
            return false;
        }
        msg.settled = true;
        openMessages--;
        ledgers.get(msg.user).open--; // the caller closes the user's ledger once its deliveries end too
        return true;
    }

    /** A delivery stopped (ended, crashed or sent back): forget what only it used, close the user if done. */
    private void endDelivery(Job job) {
        if (!tracked) {
            if (forgetKeysOfFinishedJobs) {
                forgetKeys(job.user, job, true);
            }
            return;
        }
        activeDeliveries--;
        if (forgetKeysOfFinishedJobs) {
            forgetKeys(job.user, job, false); // its fresh provider keys are never sent again, by any job
        }
        UserLedger ledger = ledgers.get(job.user);
        ledger.open--;
        if (!job.msg.settled) {
            return;
        }
        closeIfDone(job.user, ledger);
    }

    private void closeIfDone(long user, UserLedger ledger) {
        if (ledger.open == 0) {
            ledgers.remove(user);
            if (forgetKeysOfFinishedJobs) {
                forgetKeys(user, null, true);
            }
        }
    }

    /** Counts one more job ended (succeeded, failed or lost) for progress and cancellation. */
    private void jobEnded() {
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
            metrics.repeatedSideEffect(step);
            if (step == SignupSteps.EMAIL && times == 2) {
                metrics.count(Metric.USERS_WITH_DUPLICATE_EMAILS);
            }
        }
        emit(times > 1 ? Kind.DUPLICATE_SIDE_EFFECT : Kind.SIDE_EFFECT, job, step, attempt, worker,
                sim.nowMs(), times > 1 ? "done " + times + " times" : "");
    }

    /**
     * @param job        the delivery whose fresh provider keys to forget, or null
     * @param lastOfUser true once nothing can ask for the user's keys again: forget them all
     */
    private void forgetKeys(long user, Job job, boolean lastOfUser) {
        if (job != null && strategy.keyMode() == KeyMode.NEW_PER_CALL) {
            for (int i = job.freshKeyCount - 1; i >= 0; i--) {
                provider.forget(job.freshKeys[i]); // a fresh key is never sent again, by any job
            }
            job.freshKeyCount = 0;
        }
        if (!lastOfUser) {
            return;
        }
        if (store != null) {
            // newest first: the store drops forgotten keys from the end of its expiry ring at once
            for (int step = SignupSteps.COUNT - 1; step >= 0; step--) {
                store.forget(SignupKeys.step(step, user));
            }
        }
        if (forgetClaimRows) {
            for (int step = 0; step < SignupSteps.COUNT; step++) {
                String key = claimKey(step, user);
                long[] crashed = crashedClaims.remove(key);
                if (crashed != null) { // never reclaimed: stuck until its lease ran out
                    metrics.add(Metric.STUCK_IN_PROGRESS_MS, crashed[1] - crashed[0]);
                }
                claims.delete(key);
            }
        }
        if (locks != null) {
            locks.forget(lockKey(user));
        }
        if (strategy.keyMode() == KeyMode.SAME) {
            provider.forget(SignupKeys.providerSame(user));
        }
    }

    /** @return the claim table's key for a step: {@code <step name>:user_<n>}, as the article's {@code charge:order_12345}. */
    static String claimKey(int step, long user) {
        return SignupSteps.NAMES.get(step) + ":user_" + user;
    }

    /** @return the lock-only store's key for a user's job. */
    static String lockKey(long user) {
        return "signup:user_" + user;
    }

    /** The request fingerprint a claim carries: the payload's version (its hash, in a real system). */
    private static String fingerprint(Message msg) {
        return msg.differentPayload ? "payload-v2" : "payload-v1";
    }

    /**
     * The worker process dies now. Every worker stops without recording anything; claims they held stay
     * {@code in_progress} until their lease runs out; the in-memory store is wiped; an in-memory queue loses the
     * jobs running and waiting; a durable queue keeps them and redelivers the running ones after their
     * visibility timeout. The process starts again after {@code restartMs}.
     */
    private void crash(int worker, String note) {
        metrics.count(Metric.CRASHES);
        down = true;
        emit(Kind.WORKER_CRASHED, -1, -1, 0, worker, sim.nowMs() + scenario.restartMs(), note);
        List<Worker> stopped = new ArrayList<>(workers);
        workers.clear();
        idle.clear();
        failNextCall.clear();
        for (Worker w : stopped) {
            w.dead = true;
            if (w.job == null) {
                continue;
            }
            Job job = w.job;
            w.job = null;
            if (w.heldClaimKey != null) { // stuck until someone reclaims it (see stuckOfUnreclaimedMs)
                crashedClaims.put(w.heldClaimKey, new long[] {sim.nowMs(), w.heldClaimUntilMs});
            }
            emit(Kind.JOB_INTERRUPTED, job, w.step, w.attempt(), w.id, sim.nowMs(), "its worker process crashed");
            if (!durable && settle(job.msg)) {
                lose(job);
            }
            endDelivery(job);
        }
        if (store != null) {
            store.wipe();
        }
        if (!durable) {
            loseQueue();
        }
        sim.schedule(scenario.restartMs(), this::restart);
    }

    private void lose(Job job) {
        metrics.count(Metric.LOST_JOBS);
        emit(Kind.JOB_LOST, job, -1, 0, -1, sim.nowMs(), "the in-memory queue died with the worker process");
        jobEnded();
    }

    /** An in-memory queue died: every job waiting in it is lost (repeats still on their way are not). */
    private void loseQueue() {
        long waiting = arrived - nextUser;
        for (long u = nextUser; u < arrived; u++) {
            if (listener != null) {
                emit(Kind.JOB_LOST, u, false, -1, 0, -1, sim.nowMs(),
                        "the in-memory queue died with the worker process", 0);
            }
            UserLedger ledger = tracked && scenario.arrivalRate() > 0 ? ledgers.get(u) : null;
            if (ledger != null) { // arrived over time: its ledger was opened on arrival
                ledger.open--;
                closeIfDone(u, ledger);
            }
        }
        nextUser = arrived;
        originalArrivals.clear();
        metrics.add(Metric.LOST_JOBS, waiting);
        for (long i = 0; i < waiting; i++) {
            jobEnded();
        }
        List<Message> gone = new ArrayList<>(readyQueue.stream().filter(m -> !m.settled).toList());
        gone.addAll(laterQueue.stream().filter(m -> m.inQueue && !m.settled).toList());
        readyQueue.clear();
        laterQueue.removeIf(m -> m.inQueue || m.settled);
        for (Message m : gone) {
            m.inQueue = false;
            settle(m);
            metrics.count(Metric.LOST_JOBS);
            emit(Kind.JOB_LOST, m.user, m.repeat, -1, 0, -1, sim.nowMs(),
                    "the in-memory queue died with the worker process", m.deliveries);
            closeIfDone(m.user, ledgers.get(m.user));
            jobEnded();
        }
    }

    private void restart() {
        down = false;
        emit(Kind.WORKER_RESTARTED, -1, -1, 0, -1, sim.nowMs(), "the worker process started again, memory empty");
        for (int i = 0; i < scenario.workers(); i++) {
            workers.add(new Worker(i));
        }
        for (Worker w : new ArrayList<>(workers)) {
            if (!w.dead) {
                w.advance();
            }
        }
    }

    /**
     * A job sent back because another delivery holds its key ("job in progress"): the delivery ends, and the job
     * is visible again after the retry policy's backoff for its n-th refusal, at least 1 ms.
     */
    private void sendBack(Job job, int worker, String why) {
        metrics.count(Metric.JOB_IN_PROGRESS_REJECTIONS);
        Message msg = job.msg;
        int n = Math.min(++msg.rejections, 62);
        long waitMs = Math.max(1, retry.backoffMs(n, jitter));
        emit(Kind.JOB_IN_PROGRESS, job, -1, 0, worker, sim.nowMs() + waitMs, why);
        endDelivery(job); // a refused delivery holds no lock: acquiring it, or the claim table, refused it
        enqueue(msg, sim.nowMs() + waitMs); // its visibility timeout may have put it back already
    }

    /**
     * A worker: takes the next job, runs its steps, waits its backoffs. A state machine driven by simulator
     * events (a call ending, a backoff ending) and by store callbacks (a run it shared ending). A crash marks it
     * dead: events it had scheduled then do nothing, and the restarted process has new workers.
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
        private boolean dead;              // its process crashed
        private String heldClaimKey;       // the claim this call holds, if any
        private long heldClaimUntilMs;     // ... and the end of its lease

        Worker(int id) {
            this.id = id;
        }

        private int attempt() {
            return strategy.scope() == RetryScope.EACH_STEP ? stepAttempt : jobAttempt;
        }

        /** Makes every move that needs no virtual time: next job, next step, skipped steps. */
        void advance() {
            while (!dead) {
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
                    emit(Kind.JOB_STARTED, job, -1, 1, id, sim.nowMs(), job.repeat ? "repeated request"
                            : job.delivery > 1 ? "delivery " + job.delivery : "");
                    if (locks != null && !locks.acquire(lockKey(job.user), job.owner, sim.nowMs(),
                            scenario.lockTtlMs())) {
                        Job refused = job;
                        job = null;
                        sendBack(refused, id, "lock held by another delivery");
                        continue;
                    }
                }
                if (step == SignupSteps.COUNT) {
                    Job done = job;
                    job = null;
                    finish(done, true, id);
                    continue;
                }
                if (store != null) {
                    savedHit = false;
                    store.once(SignupKeys.step(step, job.user), this, this);
                    if (!savedHit) {
                        return; // a call of ours, or a shared run, is in flight
                    }
                    emit(Kind.STEP_SKIPPED, job, step, attempt(), id, sim.nowMs(), "saved result");
                    step++; // finished before: skip the work
                    stepAttempt = 1;
                    continue;
                }
                if (claims != null && !claim()) {
                    continue; // skipped with a saved result, or the job was sent back or refused
                }
                startCall(null);
                return;
            }
        }

        /**
         * Claims the step's key (second article). Returns true if this delivery owns it and must make the call;
         * otherwise the step was skipped (completed) or the job left this worker (in progress, key mismatch).
         */
        private boolean claim() {
            String key = claimKey(step, job.user);
            ClaimResult r = claims.claim(key, fingerprint(job.msg), job.owner, sim.nowMs(), scenario.leaseMs());
            switch (r.kind()) {
                case CLAIMED, RECLAIMED -> {
                    if (r.kind() == ClaimResult.Kind.RECLAIMED) {
                        metrics.count(Metric.LEASE_RECLAIMS);
                        long[] crashed = crashedClaims.remove(key);
                        if (crashed != null) {
                            metrics.add(Metric.STUCK_IN_PROGRESS_MS, sim.nowMs() - crashed[0]);
                        }
                        emit(Kind.LEASE_RECLAIMED, job, step, attempt(), id, r.lockedUntilMs(),
                                "lease ran out: this job takes the key over");
                    }
                    heldClaimKey = key;
                    heldClaimUntilMs = r.lockedUntilMs();
                    return true;
                }
                case COMPLETED -> {
                    metrics.count(Metric.STORE_HITS);
                    emit(Kind.STEP_SKIPPED, job, step, attempt(), id, sim.nowMs(), "completed: saved result");
                    step++;
                    stepAttempt = 1;
                    return false;
                }
                case IN_PROGRESS -> {
                    Job refused = job;
                    job = null;
                    sendBack(refused, id, "job in progress: " + r.holder() + " holds " + key);
                    return false;
                }
                default -> { // KEY_MISMATCH: a client error, not retried
                    metrics.count(Metric.KEY_MISMATCHES);
                    emit(Kind.KEY_MISMATCH, job, step, attempt(), id, sim.nowMs(), r.errorMessage());
                    Job refused = job;
                    job = null;
                    finish(refused, false, id);
                    return false;
                }
            }
        }

        @Override
        public void start(Completion<String> done) {
            startCall(done);
        }

        private void startCall(Completion<String> ownedRun) {
            metrics.count(Metric.CALLS);
            if (!failNextCall.isEmpty() && failNextCall.remove(job.user)) {
                doomed = true; // the click was for the next call to start: this one
            }
            run = ownedRun;
            inCall = true;
            long c = scenario.callMs();
            // the slow-call draw is only made when slow calls are on, so "off" leaves every duration unchanged
            if (scenario.pSlow() > 0 && durations.nextDouble() < scenario.pSlow()) {
                c = scenario.slowCallMs();
                metrics.count(Metric.SLOW_CALLS);
            }
            long durationMs = c == 0 ? 0 : Math.round(c * (0.5 + durations.nextDouble()));
            emit(Kind.CALL_STARTED, job, step, attempt(), id, sim.nowMs() + durationMs, "");
            sim.schedule(durationMs, this);
        }

        @Override
        public void fire() {
            if (dead) {
                return; // scheduled before its process crashed
            }
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
            if (failure == CRASHED) {
                crash(id, "worker process crashed after " + SignupSteps.NAMES.get(step)
                        + " did its side effect, before the result was recorded");
                return;
            }
            if (heldClaimKey != null) { // record the result, or forget the failed run (first article)
                if (failure == null) {
                    claims.complete(heldClaimKey, job.owner, SAVED_VALUE[step], sim.nowMs());
                } else {
                    claims.release(heldClaimKey, job.owner);
                }
                heldClaimKey = null;
            }
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

        /**
         * Draws the call's outcome and applies its side effect; returns null on success, {@link #CRASHED} if the
         * process dies after the side effect, else the failure.
         */
        private String callOutcome() {
            boolean fails = outcomes.nextDouble() < scenario.pFail();
            if (doomed) {
                doomed = false;
                if (!fails && step == SignupSteps.EMAIL) {
                    outcomes.nextDouble(); // the lost-reply draw this call would have made
                }
                emit(Kind.CALL_FAILED, job, step, attempt(), id, sim.nowMs(), FAILED + " (clicked)");
                return FAILED + " (clicked)";
            }
            if (fails) {
                emit(Kind.CALL_FAILED, job, step, attempt(), id, sim.nowMs(), FAILED);
                return FAILED; // failed before doing anything
            }
            if (step != SignupSteps.EMAIL) {
                sideEffect(job, step, attempt(), id);
                return crashAfterSideEffect() ? CRASHED : null;
            }
            long key = switch (strategy.keyMode()) {
                case NONE -> EmailProvider.NO_KEY;
                case NEW_PER_CALL -> freshKey(job);
                case SAME -> SignupKeys.providerSame(job.user);
            };
            if (provider.send(key, sim.nowMs())) {
                sideEffect(job, step, attempt(), id);
            } else {
                emit(Kind.EMAIL_SUPPRESSED, job, step, attempt(), id, sim.nowMs(),
                        "provider knew " + SignupKeys.describe(key));
            }
            boolean lost = outcomes.nextDouble() < scenario.lostReply();
            if (crashAfterSideEffect()) {
                return CRASHED;
            }
            if (loseNextReply) {
                loseNextReply = false;
                emit(Kind.REPLY_LOST, job, step, attempt(), id, sim.nowMs(), LOST + " (clicked)");
                return LOST + " (clicked)";
            }
            if (lost) {
                emit(Kind.REPLY_LOST, job, step, attempt(), id, sim.nowMs(), LOST);
                return LOST;
            }
            return null;
        }

        /** The crash draw, from its own stream and only when crashes are on, so "off" shifts nothing. */
        private boolean crashAfterSideEffect() {
            return scenario.pCrash() > 0 && crashDraws.nextDouble() < scenario.pCrash();
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
            if (dead) {
                return;
            }
            if (source == Source.SAVED) {
                savedHit = true; // answered inside store.once: advance() moves on
                return;
            }
            if (source == Source.SHARED) {
                emit(Kind.RUN_SHARED, job, step, attempt(), id, sim.nowMs(), "shared a run in flight");
            }
            stepSucceeded();
        }

        @Override
        public void failed(String reason, Source source) {
            if (dead) {
                return;
            }
            if (source == Source.SHARED) {
                emit(Kind.RUN_SHARED, job, step, attempt(), id, sim.nowMs(), "shared run failed: " + reason);
            }
            stepFailed(reason);
        }

        private void stepSucceeded() {
            emit(Kind.CALL_SUCCEEDED, job, step, attempt(), id, sim.nowMs(), "");
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
            metrics.count(Metric.BACKOFF_WAITS);
            long waitMs = retry.backoffMs(attempt, jitter);
            emit(Kind.BACKOFF_STARTED, job, step, attempt, id, sim.nowMs() + waitMs, reason);
            sim.schedule(waitMs, this);
        }
    }
}
