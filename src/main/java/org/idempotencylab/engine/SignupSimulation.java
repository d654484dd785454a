package org.idempotencylab.engine;

import java.util.Arrays;
import java.util.concurrent.CancellationException;
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
 *   <li>Each call takes {@code callMs} virtual ms. When it ends, the outcome stream draws "did it fail before
 *       doing anything?" ({@code < pFail}); if not, the side effect happens, and for the welcome email only, a
 *       second draw decides whether the reply is lost ({@code < lostReply}).</li>
 *   <li>A failed attempt waits its backoff on the virtual clock (jitter from its own stream), then retries the
 *       step or the whole job, as the strategy's {@link RetryScope} says.</li>
 *   <li>With {@link RetryScope#WHOLE_JOB_SKIP_FINISHED} every step goes through an
 *       {@link InMemoryIdempotencyStore} with TTL {@code ttlMs}; the provider remembers keys for
 *       {@code providerKeyTtlMs}. Both forget on the virtual clock, so memory holds only what the TTLs demand.</li>
 * </ul>
 * <p>Key retention: by default every key lives out its TTL, as the live view shows it. A batch run may instead
 * forget a user's keys as soon as the user's job ends ({@code forgetKeysOfFinishedJobs}): every user has exactly
 * one job here, so no later call can ask for those keys, and the results are the same, while memory holds only
 * the keys of jobs in progress instead of a whole TTL's worth (the article starts a fresh store every 10,000
 * sign-ups for the same reason).
 *
 * <p>One instance runs once; not thread-safe. Different instances may run on different threads.
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
    private final RetryPolicy retry;
    private final EmailProvider provider;
    private final InMemoryIdempotencyStore<String> store;
    private final boolean forgetKeysOfFinishedJobs;

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
    private boolean ran;

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
        this.retry = new RetryPolicy(scenario.maxAttempts(), scenario.baseDelayMs(), scenario.maxDelayMs(),
                scenario.jitter());
        this.provider = new EmailProvider(scenario.providerKeyTtlMs());
        this.store = strategy.scope() == RetryScope.WHOLE_JOB_SKIP_FINISHED
                ? new InMemoryIdempotencyStore<>(scenario.ttlMs(), sim::nowMs) : null;
    }

    /**
     * Runs every job to the end.
     *
     * @return the metrics
     * @throws CancellationException if the control asked to stop
     * @throws IllegalStateException if called twice
     */
    public StrategyResult run() {
        if (ran) {
            throw new IllegalStateException("a simulation runs once");
        }
        ran = true;
        if (control.isCancelled()) {
            throw new CancellationException("cancelled before the first job");
        }
        for (int i = 0; i < scenario.workers(); i++) {
            new Worker().advance();
        }
        sim.run();
        if (unreportedJobs > 0) {
            control.jobsFinished(unreportedJobs);
        }
        if (control.isCancelled()) { // a run shorter than one report interval still honours a cancel
            throw new CancellationException("cancelled after " + finishedJobs + " jobs");
        }
        long sent = provider.emailsSent();
        return new StrategyResult(strategy, scenario.jobs(), failedJobs, calls, repeatedSteps,
                usersWithDuplicateEmails, sent, provider.sendsSuppressed(), store == null ? 0 : store.hits(),
                backoffWaits, lastFinishMs);
    }

    /** @return the simulator, for tests that look at the clock. */
    Simulator simulator() {
        return sim;
    }

    /**
     * One sign-up: its user number and how many times each step's side effect really happened. A worker reuses
     * one Job for each sign-up it takes, so a million sign-ups allocate nothing per job.
     */
    private static final class Job {
        long user;
        final int[] sideEffects = new int[SignupSteps.COUNT];
        long[] freshKeys;   // provider keys made for this job, kept only to forget them at its end
        int freshKeyCount;

        void reset(long user) {
            this.user = user;
            Arrays.fill(sideEffects, 0);
            freshKeyCount = 0;
        }
    }

    private void finish(Job job, boolean succeeded) {
        if (!succeeded) {
            failedJobs++;
        }
        for (int n : job.sideEffects) {
            if (n > 1) {
                repeatedSteps += n - 1;
            }
        }
        if (job.sideEffects[SignupSteps.EMAIL] > 1) {
            usersWithDuplicateEmails++;
        }
        if (forgetKeysOfFinishedJobs) {
            forgetKeys(job);
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

    private void forgetKeys(Job job) {
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
        private final Job reusable = new Job();
        private Job job;                   // the job in progress, or null
        private int step;
        private int stepAttempt;
        private int jobAttempt;
        private boolean inCall;            // the pending event ends a call (else it ends a backoff)
        private Completion<String> run;    // the store run this call owns, if any
        private boolean savedHit;          // set when the store answered synchronously from a saved value

        /** Makes every move that needs no virtual time: next job, next step, skipped steps. */
        void advance() {
            while (true) {
                if (job == null) {
                    if (nextUser == scenario.jobs()) {
                        return; // queue empty: this worker is done
                    }
                    reusable.reset(nextUser++);
                    job = reusable;
                    jobAttempt = 1;
                    step = 0;
                    stepAttempt = 1;
                }
                if (step == SignupSteps.COUNT) {
                    finish(job, true);
                    job = null;
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
            run = ownedRun;
            inCall = true;
            sim.schedule(scenario.callMs(), this);
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
                stepFailed();
            }
        }

        /** Draws the call's outcome and applies its side effect; returns null on success, else the failure. */
        private String callOutcome() {
            if (outcomes.nextDouble() < scenario.pFail()) {
                return FAILED; // failed before doing anything
            }
            if (step != SignupSteps.EMAIL) {
                job.sideEffects[step]++;
                return null;
            }
            long key = switch (strategy.keyMode()) {
                case NONE -> EmailProvider.NO_KEY;
                case NEW_PER_CALL -> freshKey(job);
                case SAME -> SignupKeys.providerSame(job.user);
            };
            if (provider.send(key, sim.nowMs())) {
                job.sideEffects[step]++;
            }
            return outcomes.nextDouble() < scenario.lostReply() ? LOST : null;
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
            stepSucceeded();
        }

        @Override
        public void failed(String reason, Source source) {
            stepFailed();
        }

        private void stepSucceeded() {
            step++;
            stepAttempt = 1;
            advance();
        }

        private void stepFailed() {
            int attempt = strategy.scope() == RetryScope.EACH_STEP ? stepAttempt : jobAttempt;
            if (attempt >= retry.maxAttempts()) {
                finish(job, false);
                job = null;
                advance();
                return;
            }
            backoffWaits++;
            sim.schedule(retry.backoffMs(attempt, jitter), this);
        }
    }
}
