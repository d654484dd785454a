package org.idempotencylab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.stream.Stream;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;

/**
 * The job queue: sign-ups {@code user_0 .. user_{N-1}} arriving all at once (the first article) or over time,
 * taken first come, first served; repeated requests; and, for a durable queue, acknowledgements, visibility
 * timeouts, redeliveries and the dead-letter queue.
 *
 * <p>Rules every feature keeps:
 * <ul>
 *   <li><b>Order.</b> Jobs are taken in the order they first arrived. A job that comes back (redelivered, or sent
 *       back as "job in progress") keeps its place, as in a FIFO queue, instead of waiting behind the backlog.
 *       At the same instant an original goes before a repeated request.</li>
 *   <li><b>One copy.</b> A message is in the queue once at most: putting it back while it waits changes
 *       nothing.</li>
 *   <li><b>Repeated requests</b> (first article, "Where the duplicates come from") are decided in user order from
 *       their own random stream, when the original arrives (or, all at once, when it is taken); the repeat
 *       arrives {@code duplicateDelay} after the original and may carry another payload
 *       ({@code pDifferentPayload}, from its own stream), under the same key. With {@code repeats} above 1 the
 *       client sends it 1 to {@code repeats} times, each {@code duplicateDelay} after the one before.</li>
 *   <li><b>Durable queue</b> ({@link QueueKind#DURABLE}): a delivery is acknowledged when its job ends; if not
 *       {@code visibilityTimeoutMs} after it was taken, the job is visible again and delivered again. Once it has
 *       been received {@code maxReceives} times without an acknowledgement, the next time it would be visible
 *       again (a visibility timeout ran out, or a "job in progress" refusal sent it back) the queue moves it to its
 *       dead-letter queue instead, an outcome of its own. Every delivery counts as a receive, a refused one
 *       included: Amazon SQS counts every {@code ReceiveMessage} that returns a message
 *       ({@code ApproximateReceiveCount}) and moves it once that count exceeds the redrive policy's
 *       {@code maxReceiveCount}, whatever the consumer did with it. Without the limit a job whose every delivery
 *       crashes would be delivered forever. An in-memory queue has no dead-letter queue.</li>
 *   <li><b>In-memory queue</b> ({@link QueueKind#MEMORY}): it dies with the worker process; every job waiting in
 *       it, and every job running, is lost (counted, never dropped silently).</li>
 * </ul>
 *
 * <p>Untracked mode (the article's runs: nothing can be delivered twice and no store needs an owner) hands out
 * user numbers and allocates nothing per job. Tracked mode makes a {@link Message} per request and keeps a ledger
 * per user: the user's side effects over all of the user's deliveries and how much of the user is still open.
 * Not thread-safe.
 */
final class JobQueue {
    /** What the queue needs from the rest of the simulation. */
    interface Hooks {
        /** A job became visible now: wake a waiting worker, if any. */
        void jobVisible();

        /** Nothing of {@code user}'s is open any more (no message, no delivery): its keys may be forgotten. */
        void userClosed(long user);
    }

    /**
     * Decides, as a request reaches the queue, whether it gets in: what a lock taken at enqueue needs, in one
     * method (sidekiq-unique-jobs' client middleware, BullMQ's deduplication on {@code add}).
     */
    interface Door {
        /**
         * @param msg  the request, or null for a sign-up's first request (its message is made when a worker takes
         *             it; nothing of its user came before it)
         * @param atMs virtual ms at which it reaches the queue: now, or earlier for the repeat of a sign-up that
         *             arrived with all the others at 0 and is looked at when a worker takes it
         * @return 0 if it gets in; -1 if it is dropped (counted by the door); else the virtual ms after which it
         *         tries again
         */
        long knock(long user, Message msg, long atMs);
    }

    private final Scenario scenario;
    private final int stepCount; // the steps of the workflow, for a user's ledger
    private final Simulator sim;
    private final RunMetrics metrics;
    private final Emitter emitter;
    private final Progress progress;
    private final Hooks hooks;
    private final boolean tracked;
    private final boolean durable;
    private final boolean repeatsOn;
    private final int maxReceives;
    private final boolean namesOwners;
    private final Mulberry32 arrivals;
    private final RepeatDraws repeatDraws;
    private final ScheduledEvent arrival = new ScheduledEvent.Arrival(this);
    private final ScheduledEvent visible = new ScheduledEvent.MessageVisible(this);
    // Messages waiting or on their way (repeats not yet sent, redeliveries, jobs sent back as "in progress").
    private final PriorityQueue<Message> laterQueue = new PriorityQueue<>(Message.VISIBLE_ORDER);
    // Messages visible now, in the order they first arrived.
    private final PriorityQueue<Message> readyQueue = new PriorityQueue<>(Message.ARRIVAL_ORDER);
    // Arrival times of the originals waiting for a worker (tracked, arrivals over time; all at once means 0).
    private final ArrayDeque<Long> originalArrivals = new ArrayDeque<>();
    private final Map<Long, UserLedger> ledgers = new HashMap<>();
    // Ledgers of closed users, handed to the next users (open ledgers stay few, so a batch run allocates few); null
    // in a run someone inspects (the live view, the explorer, whose state digest walks every object): there a closed
    // user's ledger is left to the garbage collector, so no stale ledger is part of the state
    private final ArrayDeque<UserLedger> spareLedgers;
    private long arrived;
    private long nextUser;
    private double nextArrivalMs;
    private long messageSeq;
    private long openMessages;
    private long inFlight;
    private long deliverySerial;
    private long repeatSerial;
    private Door door; // null unless requests pass the gate as they reach the queue

    /**
     * @param tracked     give every request a {@link Message} and every user a ledger (needed once a job can be
     *                    delivered twice, or a store needs an owner per delivery)
     * @param namesOwners give every delivery a unique owner ({@code delivery-<n>}) for the store's claims or locks
     */
    JobQueue(RunContext ctx, boolean tracked, boolean namesOwners, Hooks hooks) {
        this.scenario = ctx.scenario();
        this.stepCount = scenario.workflow().size();
        this.sim = ctx.sim();
        this.metrics = ctx.metrics();
        this.emitter = ctx.emitter();
        this.progress = ctx.progress();
        this.hooks = hooks;
        this.tracked = tracked;
        this.namesOwners = namesOwners;
        this.durable = scenario.queue() == QueueKind.DURABLE;
        this.repeatsOn = ctx.mayHappen(FaultKind.REPEAT, scenario.pDuplicate());
        this.maxReceives = scenario.maxReceives();
        this.arrivals = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.ARRIVALS);
        this.repeatDraws = new RepeatDraws(ctx);
        this.spareLedgers = ctx.forgetKeysOfFinishedJobs() ? new ArrayDeque<>() : null;
    }

    /** From now on every request passes {@code door} as it reaches the queue (a lock taken at enqueue). */
    void setDoor(Door door) {
        this.door = door;
    }

    /** Lets the sign-ups in: all at once now (the article), or the first arrival at time 0. */
    void start() {
        if (scenario.arrivalRate() == 0) {
            arrived = scenario.jobs();
        } else {
            sim.schedule(0, arrival);
        }
    }

    /** The next sign-up arrives; the one after it is scheduled an exponential gap later (its own stream). */
    void arrive() {
        long user = arrived++;
        if (tracked) {
            originalArrivals.addLast(sim.nowMs());
            UserLedger ledger = openLedger(user);
            ledger.open++;
            if (door != null) {
                door.knock(user, null, sim.nowMs()); // the first request of its user: it always gets in
            }
            if (repeatsOn) {
                repeatDraws.decide(user, sim.nowMs(), (at, different) -> addRepeat(user, ledger, at, different));
            }
        }
        emitter.emit(Kind.ARRIVED, user, -1, 0, -1, sim.nowMs(), "");
        hooks.jobVisible();
        if (arrived < scenario.jobs()) {
            // exponential gaps summed in fractions of a ms, so high rates keep their rate
            nextArrivalMs += -Math.log(1 - arrivals.nextDouble()) * 1000 / scenario.arrivalRate();
            sim.scheduleAt(Math.max(sim.nowMs(), (long) Math.floor(nextArrivalMs)), arrival);
        }
    }

    /**
     * Takes the next job in arrival order (originals waiting, then repeats, redeliveries and retried jobs that
     * became visible after them). With repeated requests on, decides whether an original taken from an
     * all-at-once queue will be sent again. A durable queue starts the delivery's visibility timeout.
     *
     * @param into the worker's reusable job, reset to the delivery taken
     * @return false if no job is waiting
     */
    boolean takeNext(Job into) {
        if (!tracked) {
            if (nextUser < arrived) {
                into.reset(nextUser++, false, null);
                return true;
            }
            return false;
        }
        while (!laterQueue.isEmpty() && laterQueue.peek().visibleAtMs <= sim.nowMs()) {
            Message m = laterQueue.poll();
            if (m.settled && m.etaCopies == 0) {
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
                    ledger = openLedger(user);
                    ledger.open++;
                    if (door != null) { // it reached the queue at 0; nothing of its user could look before now
                        door.knock(user, null, 0);
                    }
                    if (repeatsOn) {
                        UserLedger l = ledger;
                        repeatDraws.decide(user, 0, (at, different) -> addRepeat(user, l, at, different)); // user order
                    }
                } else {
                    originalArrivals.pollFirst();
                    ledger = ledgers.get(user);
                }
            } else if (later) {
                msg = readyQueue.poll();
                msg.inQueue = false;
                boolean held = msg.etaCopies > 0; // reserved by a worker while it waited for its ETA: it runs
                if (held && --msg.etaCopies > 0) {
                    msg.inQueue = true; // the next holder's copy: it runs beside this one if a worker is free
                    readyQueue.add(msg);
                    sim.schedule(0, visible);
                }
                if (msg.settled && !held) {
                    continue; // a redelivered copy of a job another delivery has acknowledged since
                }
                ledger = ledgers.get(msg.user);
                if (held && msg.etaTaken) { // an extra holder: a reservation the broker redelivered
                    ledger.open--;          // its hold becomes the delivery counted below
                    inFlight--;
                    msg.redelivered = true;
                }
                msg.etaTaken |= held;
                if (msg.redelivered) { // counted when a worker takes it: a copy acknowledged meanwhile is none
                    msg.redelivered = false;
                    metrics.count(Metric.REDELIVERIES);
                }
            } else {
                return false;
            }
            into.reset(msg.user, msg.repeat, ledger);
            into.msg = msg;
            into.delivery = ++msg.deliveries;
            if (namesOwners) {
                into.owner = "delivery-" + (++deliverySerial);
            }
            ledger.open++;
            inFlight++;
            if (durable) {
                msg.invisibleUntilMs = sim.nowMs() + scenario.visibilityTimeoutMs();
                sim.schedule(scenario.visibilityTimeoutMs(),
                        new ScheduledEvent.VisibilityTimeout(this, msg, msg.deliveries));
            }
            return true;
        }
    }

    /** The visibility timeout of one delivery ran out: unless acknowledged, the job is visible again. */
    void visibilityTimeout(Message msg, int delivery) {
        if (msg.settled || msg.inQueue || msg.deliveries != delivery) {
            return; // acknowledged, already back in the queue, or delivered again since
        }
        if (msg.invisibleUntilMs > sim.nowMs()) { // a heartbeat renewed the message since (MessageRenewal)
            sim.scheduleAt(msg.invisibleUntilMs, new ScheduledEvent.VisibilityTimeout(this, msg, delivery));
            return;
        }
        if (msg.deliveries >= maxReceives) { // a poison job: it never gets acknowledged
            deadLetter(msg);
            return;
        }
        msg.redelivered = true;
        emitter.emit(Kind.JOB_REDELIVERED, msg.user, msg.repeat, -1, 0, -1, sim.nowMs(),
                "no acknowledgement within the visibility timeout", msg.deliveries);
        enqueue(msg, sim.nowMs());
    }

    /**
     * A delivery of {@code job} was refused ("job in progress"): counts the refusal.
     *
     * @return how many times its message has been refused, 1 to 62 (the backoff's exponent caps there)
     */
    int countRefusal(Job job) {
        return countRefusal(job.msg);
    }

    /** Counts a refusal of {@code msg}, at a worker or at the door: @return as {@link #countRefusal(Job)}. */
    int countRefusal(Message msg) {
        return Math.min(++msg.rejections, 62);
    }

    /** @return true for a durable queue, whose messages come back after their visibility timeout. */
    boolean durable() {
        return durable;
    }

    /**
     * A graceful shutdown pushes back {@code job}'s delivery, which has ended: its message is visible again now, in its
     * place (a durable queue keeps every message; Sidekiq pushes unfinished jobs back to Redis at shutdown).
     */
    void pushBack(Job job) {
        if (!job.msg.settled) {
            enqueue(job.msg, sim.nowMs());
        }
    }

    /**
     * Puts a refused job back, visible again at {@code atMs} (virtual ms, now or later); one copy at most. A durable
     * queue that has delivered it {@code maxReceives} times moves it to the dead-letter queue instead: the refused
     * delivery was a receive like any other.
     */
    void sendBack(Job job, long atMs) {
        if (durable && !job.msg.settled && job.msg.deliveries >= maxReceives) {
            deadLetter(job.msg);
            return;
        }
        enqueue(job.msg, atMs);
    }

    /**
     * A failed attempt's retry is published as a new delayed message ({@code retryVia = queue}), visible after
     * {@code countdownMs}; the delivery that failed has ended. Celery's {@code self.retry(countdown=...)} publishes
     * the task again with an ETA and acknowledges the original, Sidekiq moves it to its retry set, an SQS consumer
     * calls {@code ChangeMessageVisibility}: the worker is free meanwhile.
     *
     * <p>A durable queue treats it as Celery's ETA message on Redis or SQS: a worker reserves it at once and holds
     * it unacknowledged until the ETA, and the broker's visibility timeout counts from that reservation. Each
     * timeout that runs out before the ETA (at {@code V, 2V, ...} while below the countdown) makes the broker
     * deliver it to one more worker, which holds it too; every holder runs it once the ETA comes, so the job runs
     * {@code ceil(countdown / V)} times (Celery's Redis broker caveats: "tasks with an ETA/countdown/retry that
     * exceed the visibility timeout ... will be executed again, and again in a loop"). The extra holders are
     * counted in {@link Metric#REDELIVERIES} as they start and, running together, in
     * {@link Metric#OVERLAPPING_RUNS}; their side effects repeat unless a store stops them. Simplified: the
     * reservations are receives when the copies are taken, at most {@code maxReceives} of them, and each copy's
     * visibility timeout counts from then.
     *
     * @param countdownMs virtual ms until the retry is visible, 0 or more
     */
    void publishRetry(Message msg, long countdownMs) {
        if (msg.inQueue) {
            return; // another holder's copy still waits: it runs the job anyway
        }
        if (durable && countdownMs > scenario.visibilityTimeoutMs()) {
            long extra = (countdownMs - 1) / scenario.visibilityTimeoutMs(); // timeouts at k*V < countdown
            int more = (int) Math.min(extra, Math.max(0, maxReceives - 1));
            if (more > 0) {
                msg.etaCopies = 1 + more;
                msg.etaTaken = false;
                UserLedger ledger = ledgers.get(msg.user);
                ledger.open += more; // each extra holder is a delivery in flight: the user and the run stay open
                inFlight += more;
                emitter.emit(Kind.JOB_REDELIVERED, msg.user, msg.repeat, -1, 0, -1, sim.nowMs(),
                        "retry countdown of " + countdownMs + " ms outlasts the visibility timeout: " + more
                                + " more worker(s) reserve it and run it at its ETA", msg.deliveries);
            }
        }
        enqueue(msg, sim.nowMs() + countdownMs);
    }

    /** Moves a message received {@code maxReceives} times without an acknowledgement to the dead-letter queue. */
    private void deadLetter(Message msg) {
        settle(msg);
        metrics.ended(msg.repeat, Outcome.DEAD_LETTERED, ledgers.get(msg.user).sideEffects);
        metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        emitter.emit(Kind.JOB_FAILED, msg.user, msg.repeat, -1, 0, -1, sim.nowMs(),
                "moved to the dead-letter queue after " + msg.deliveries + " receives without an acknowledgement",
                msg.deliveries);
        closeIfDone(msg.user, ledgers.get(msg.user));
        progress.jobEnded();
    }

    /**
     * Puts a message in the queue, visible from {@code atMs}, and wakes a worker then. A message already in the
     * queue stays as it is: one copy at most, and never re-sorted while inside a heap.
     */
    void enqueue(Message msg, long atMs) {
        if (msg.inQueue) {
            return;
        }
        msg.visibleAtMs = atMs;
        msg.seq = messageSeq++;
        msg.inQueue = true;
        laterQueue.add(msg);
        if (atMs > sim.nowMs()) {
            sim.scheduleAt(atMs, visible);
        } else {
            hooks.jobVisible();
        }
    }

    /** A message sent back earlier is visible now. */
    void messageVisible() {
        hooks.jobVisible();
    }

    /** Books one repeated request of {@code user}, arriving at {@code at} (virtual ms, now or later). */
    private void addRepeat(long user, UserLedger ledger, long at, boolean different) {
        Message msg = new Message(user, true, different);
        msg.arrivalMs = at;
        ledger.open++;
        openMessages++;
        metrics.count(Metric.REPEATED_REQUESTS);
        msg.visibleAtMs = at;
        msg.request = scenario.jobs() + repeatSerial++; // its own number: its enqueue lock's, its provider key's
        if (door == null) { // else it enters the queue only once the door lets it in
            msg.seq = messageSeq++;
            laterQueue.add(msg);
        }
        if (at > sim.nowMs()) {
            sim.scheduleAt(at, new ScheduledEvent.RepeatArrives(this, msg));
        } else {
            repeatArrives(msg); // it arrived while the original still waited
        }
    }

    /** A repeated request reached the queue (or, refused at the door before, tries again). */
    void repeatArrives(Message msg) {
        if (door != null) {
            knockAtTheDoor(msg);
            return;
        }
        // a worker waking in this same ms may have taken it already: then it runs, and is not in the queue
        if (msg.deliveries == 0 && !msg.settled) {
            msg.inQueue = true;
        }
        tellRepeatArrived(msg);
        hooks.jobVisible();
    }

    private void tellRepeatArrived(Message msg) {
        emitter.emit(Kind.ARRIVED, msg.user, true, -1, 0, -1, sim.nowMs(), msg.differentPayload
                ? "repeated request with a different payload, same key" : "repeated request: the client sent it again",
                0);
    }

    /**
     * A repeat reaches a guarded queue at {@code msg.visibleAtMs}: let in, it waits its turn from then (a request
     * refused before arrives anew); dropped, it is settled; refused, it tries again after the door's wait.
     */
    private void knockAtTheDoor(Message msg) {
        tellRepeatArrived(msg);
        long waitMs = door.knock(msg.user, msg, msg.visibleAtMs);
        if (waitMs == 0) {
            if (msg.rejections > 0) {
                msg.arrivalMs = sim.nowMs();
            }
            enqueue(msg, sim.nowMs());
        } else if (waitMs < 0) {
            settle(msg);
            closeIfDone(msg.user, ledgers.get(msg.user));
            progress.jobEnded();
        } else {
            msg.visibleAtMs = sim.nowMs() + waitMs;
            sim.scheduleAt(msg.visibleAtMs, new ScheduledEvent.RepeatArrives(this, msg));
        }
    }

    /**
     * Marks a message settled (its job counted as ended).
     *
     * @param msg the message, or null for an untracked job (settled once, here)
     * @return false if it was settled already
     */
    boolean settle(Message msg) {
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

    /**
     * {@code job}'s delivery makes its first call: if another delivery of the same message is running too, the job
     * really runs twice at once ({@link Metric#OVERLAPPING_RUNS}).
     */
    void deliveryRuns(Job job) {
        job.running = true;
        if (job.msg != null && job.msg.running++ > 0) {
            metrics.count(Metric.OVERLAPPING_RUNS);
        }
    }

    /**
     * A call of {@code job}'s delivery goes on after its worker let go of it (its caller gave up after the attempt
     * timeout): it counts as a delivery still running, so the user stays open (its keys are not forgotten and the
     * run does not end) until the call ends and {@link #deliveryEnded} is called for it. Tracked mode only.
     */
    void holdOpen(Job job) {
        inFlight++;
        ledgers.get(job.user).open++;
    }

    /** A delivery stopped (ended, crashed or sent back): closes the user once nothing of it is open. */
    void deliveryEnded(Job job) {
        if (!tracked) {
            hooks.userClosed(job.user); // one job per user: nothing can ask for its keys again
            return;
        }
        if (job.running) {
            job.msg.running--;
            job.running = false;
        }
        inFlight--;
        UserLedger ledger = job.ledger; // the user's, open while this delivery is
        ledger.open--;
        if (!job.msg.settled) {
            return;
        }
        closeIfDone(job.user, ledger);
    }

    private void closeIfDone(long user, UserLedger ledger) {
        if (ledger.open == 0) {
            ledgers.remove(user);
            hooks.userClosed(user);
            if (spareLedgers != null) {
                spareLedgers.push(ledger); // nothing of the user's runs any more: no call can count into it
            }
        }
    }

    /** @return {@code user}'s ledger, opened now if it has none: a closed user's, cleared (batch runs), or a new one */
    private UserLedger openLedger(long user) {
        Long key = user; // boxed once for both look-ups
        UserLedger ledger = ledgers.get(key);
        if (ledger == null) {
            ledger = spareLedgers == null ? null : spareLedgers.poll();
            if (ledger == null) {
                ledger = new UserLedger(stepCount);
            } else {
                ledger.clear();
            }
            ledgers.put(key, ledger);
        }
        return ledger;
    }

    /**
     * The worker process died while {@code job} ran: an in-memory queue loses the job (counted as lost, the first
     * time its message ends); a durable queue keeps it for its visibility timeout.
     */
    void loseRunning(Job job) {
        if (durable || !settle(job.msg)) {
            return;
        }
        metrics.ended(job.repeat, Outcome.LOST, job.sideEffects);
        emitter.emit(Kind.JOB_LOST, job, -1, 0, -1, sim.nowMs(), "the in-memory queue died with the worker process");
        progress.jobEnded();
    }

    /**
     * The worker process died: an in-memory queue dies with it, and every job waiting in it is lost (repeats still
     * on their way are not); a durable queue keeps everything.
     */
    void processDied() {
        if (durable) {
            return;
        }
        long waiting = arrived - nextUser;
        for (long u = nextUser; u < arrived; u++) {
            if (emitter.listening()) {
                emitter.emit(Kind.JOB_LOST, u, false, -1, 0, -1, sim.nowMs(),
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
        metrics.add(Metric.LOST_JOBS, waiting); // originals not yet taken: sign-ups
        if (waiting > 0) {
            metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
        }
        for (long i = 0; i < waiting; i++) {
            progress.jobEnded();
        }
        List<Message> gone = new ArrayList<>(readyQueue.stream().filter(m -> !m.settled).toList());
        gone.addAll(laterQueue.stream().filter(m -> m.inQueue && !m.settled).toList());
        readyQueue.clear();
        laterQueue.removeIf(m -> m.inQueue || m.settled);
        for (Message m : gone) {
            m.inQueue = false;
            settle(m);
            metrics.ended(m.repeat, Outcome.LOST, ledgers.get(m.user).sideEffects);
            metrics.set(Metric.VIRTUAL_TIME_MS, sim.nowMs());
            emitter.emit(Kind.JOB_LOST, m.user, m.repeat, -1, 0, -1, sim.nowMs(),
                    "the in-memory queue died with the worker process", m.deliveries);
            closeIfDone(m.user, ledgers.get(m.user));
            progress.jobEnded();
        }
    }

    /**
     * @return true while more jobs may come: originals still to arrive, or (tracked) any job not yet settled,
     *         which a repeat, a redelivery or a retry after "job in progress" may bring back to the queue
     */
    boolean moreToCome() {
        return arrived < scenario.jobs() || openMessages > 0;
    }

    /** @return true while originals are still to arrive or wait to be taken. */
    boolean originalsLeft() {
        return nextUser < arrived || arrived < scenario.jobs();
    }

    /** @return true while some message is not settled or some delivery still runs (tracked mode). */
    boolean jobsOpen() {
        return openMessages > 0 || inFlight > 0;
    }

    /** @return true if every request gets a {@link Message} and every user a ledger. */
    boolean tracked() {
        return tracked;
    }

    /** @return true if {@code user}'s original sign-up has arrived and waits to be taken for the first time. */
    boolean originalWaiting(long user) {
        return user >= nextUser && user < arrived;
    }

    /** @return sign-ups that arrived and wait for a worker (repeats, redeliveries and retries included). */
    long waitingJobs() {
        return arrived - nextUser + visibleMessages().count();
    }

    /**
     * @param max how many at most, 0 or more
     * @return the user numbers of the sign-ups waiting for a worker: originals first, then repeated requests,
     *         redeliveries and jobs sent back as "in progress", in arrival order
     */
    List<Long> waitingUsers(int max) {
        List<Long> out = new ArrayList<>();
        for (long u = nextUser; u < arrived && out.size() < max; u++) {
            out.add(u);
        }
        visibleMessages().sorted(Message.ARRIVAL_ORDER).limit(Math.max(0, max - out.size()))
                .forEach(m -> out.add(m.user));
        return out;
    }

    /** @return the user number of the first sign-up waiting for a worker (the next one taken). */
    long firstWaitingUser() {
        List<Long> first = waitingUsers(1);
        return first.isEmpty() ? nextUser : first.get(0);
    }

    /** @return the messages a worker could take now, not yet promoted to the ready queue included. */
    private Stream<Message> visibleMessages() {
        return Stream.concat(readyQueue.stream(),
                laterQueue.stream().filter(m -> m.inQueue && m.visibleAtMs <= sim.nowMs()))
                .filter(m -> !m.settled);
    }

    /** @return true if some message sits in the waiting queues twice (a bug: tests check it never does). */
    boolean holdsACopy() {
        Set<Message> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        return !Stream.concat(readyQueue.stream(), laterQueue.stream()).allMatch(seen::add);
    }

    /** @return users whose jobs are not all settled and ended (tracked mode), for tests of memory use. */
    int openUsers() {
        return ledgers.size();
    }
}
