package org.idempotencylab.engine;

import java.util.Arrays;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Workflow;

/**
 * The calls the ten steps make: how long each takes, how it ends, and the side effects it has, the welcome email
 * through an {@link EmailProvider} that honours idempotency keys.
 *
 * <p>The draw order (docs/simulation.md; the first article's {@code simulate.ts}) lives in
 * {@link #outcome} alone: the outcome stream, bit-compatible with the article's {@code seededRandom}, draws per
 * call first "does it fail before doing anything?" ({@code < pFail}); if not, the side effect happens; then, for
 * the welcome email only, "is the reply lost?" ({@code < lostReply}). Every other random quantity has its own
 * stream (durations, slow calls, crashes), drawn only when its feature is on, so turning a feature off never
 * shifts an outcome draw. A forced fault (a click) still draws the numbers its call would have drawn.
 */
final class StepCalls {
    /** What a call that fails before doing anything answers. */
    static final String FAILED = "503 service unavailable";
    /** What a call whose reply was lost answers (the work was done). */
    static final String LOST = "timeout, reply lost";
    /** What a caller that stopped waiting after the attempt timeout sees (the call itself goes on). */
    static final String TIMED_OUT = "attempt timed out";
    /** The outcome of a call after which the process died (compared by identity). */
    static final String CRASHED = new String("crashed");

    private final Scenario scenario;
    private final KeyMode keyMode;
    private final Simulator sim;
    private final RunMetrics metrics;
    private final Emitter emitter;
    private final boolean recordFreshKeys;
    private final Mulberry32 outcomes;
    private final Mulberry32 durations;
    private final Mulberry32 crashDraws;
    private final EmailProvider provider;  // the key step's (the welcome email's), for the metrics and views
    private final EmailProvider[] providers; // per step: the provider of a step that goes through one, else null
    private final WorkflowSteps steps;      // the run's steps: their names in the events' notes
    private final byte[] kinds;             // per step: WorkflowSteps.PLAIN, PROVIDER or LOCAL_IN_CLAIM
    private final double[] pFail;           // per step: the step's own, else the scenario's
    private final double[] lostReply;       // per step: the step's own, else the scenario's
    private final boolean[] drawsLost;      // per step: a call draws "is the reply lost?" after its side effect
    private final boolean[] keyed;          // per step: a call sends the strategy's provider key
    private final int[] keyedSteps;         // the steps whose calls send it, in order: whose keys a user forgets
    private final long[] callMs;            // per step: the step's own mean call time, else the scenario's
    private final int keyStep;              // the step users-with-duplicate-emails counts, or -1
    private final boolean lognormal;
    private final boolean fixed;
    private final FaultChooser faults; // null: the random draws decide
    private final CauseTrail causes;   // why a side effect was done again
    private final ProviderKeys[] payloadChecks; // per keyed step; null unless providers check a key's payload
    private final boolean slowCalls;   // pSlow above 0: a call draws whether it is slow
    private long freshKeyCounter;
    private boolean loseNextReply;
    private boolean abandoned;         // the call ending now is one its caller gave up on

    /** Calls whose local steps write on their own, as under every store but the claim table. */
    StepCalls(RunContext ctx) {
        this(ctx, false);
    }

    /** @param localWritesInClaim a local step's write commits with the gate's claim ({@link StepGate#commitsLocalWrites}) */
    StepCalls(RunContext ctx, boolean localWritesInClaim) {
        this.scenario = ctx.scenario();
        this.keyMode = ctx.strategy().keyMode();
        this.sim = ctx.sim();
        this.metrics = ctx.metrics();
        this.emitter = ctx.emitter();
        this.recordFreshKeys = ctx.forgetKeysOfFinishedJobs();
        this.outcomes = RandomStreams.outcomes(scenario.seed());
        this.durations = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.CALL_DURATION);
        this.crashDraws = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.CRASHES);
        this.steps = ctx.steps();
        int n = steps.count();
        this.kinds = steps.kinds(localWritesInClaim);
        this.providers = new EmailProvider[n];
        this.pFail = new double[n];
        this.lostReply = new double[n];
        this.drawsLost = new boolean[n];
        this.keyed = new boolean[n];
        this.callMs = new long[n];
        for (int i = 0; i < n; i++) {
            Workflow.Step st = steps.workflow().step(i);
            providers[i] = kinds[i] == WorkflowSteps.PROVIDER ? new EmailProvider(scenario.providerKeyTtlMs()) : null;
            pFail[i] = st.pFail() != null ? st.pFail() : scenario.pFail();
            lostReply[i] = st.lostReply() != null ? st.lostReply() : scenario.lostReply();
            drawsLost[i] = st.drawsLostReply();
            keyed[i] = st.providerKey();
            callMs[i] = st.callMs() != null ? st.callMs() : scenario.callMs();
        }
        this.keyedSteps = java.util.stream.IntStream.range(0, n).filter(i -> keyed[i]).toArray();
        this.keyStep = steps.keyStep();
        this.provider = keyStep >= 0 ? providers[keyStep] : new EmailProvider(scenario.providerKeyTtlMs());
        this.lognormal = scenario.callTime() == CallTimeShape.LOGNORMAL;
        this.fixed = scenario.callTime() == CallTimeShape.FIXED;
        this.faults = ctx.faults();
        this.causes = new CauseTrail(ctx, keyed);
        this.payloadChecks = scenario.flag(Parameter.PROVIDER_CHECKS_PAYLOAD) ? new ProviderKeys[n] : null;
        for (int i = 0; payloadChecks != null && i < n; i++) {
            // each provider remembers the payloads of its own keys; a step that sends no key has none to check
            payloadChecks[i] = keyed[i] ? new ProviderKeys(metrics) : null;
        }
        this.slowCalls = scenario.pSlow() > 0;
    }

    /**
     * Draws how long the next call of {@code step} takes, where c is its {@code callMs} (the step's own, else the
     * scenario's), or {@code slowCallMs} with probability
     * {@code pSlow} (that draw is made only when slow calls are on): uniform in [c/2, 3c/2) rounded to whole ms;
     * or, with lognormal call times, {@code exp(mu + sigma * z)} rounded, where z is a standard normal draw and
     * {@code mu = ln(c) - sigma^2/2}, so that the mean is still c (the mean of a lognormal is
     * {@code exp(mu + sigma^2/2)}); or, with fixed call times, c itself. They draw from the call-duration stream
     * only.
     *
     * @return virtual ms, 0 or more
     */
    long durationMs(int step) {
        long c = callMs[step];
        if (slowCalls && durations.nextDouble() < scenario.pSlow()) {
            c = scenario.slowCallMs();
            metrics.count(Metric.SLOW_CALLS);
        }
        if (c == 0 || fixed) {
            return c;
        }
        if (lognormal) {
            double sigma = scenario.callTimeSigma();
            return Math.round(Math.exp(Math.log(c) - sigma * sigma / 2 + sigma * standardNormal(durations)));
        }
        return Math.round(c * (0.5 + durations.nextDouble()));
    }

    /**
     * A standard normal draw by the Box-Muller transform (Box and Muller, 1958) from two uniform draws of
     * {@code from}, so a seed gives the same call times on every machine. The second normal the transform gives
     * is not kept: one call, two draws, always, which keeps the stream's position easy to reason about.
     */
    static double standardNormal(Mulberry32 from) {
        double u1 = 1.0 - from.nextDouble(); // in (0, 1]: its logarithm is finite
        double u2 = from.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
    }

    /**
     * A call of {@code step} for {@code job} ends: draws its outcome and applies its side effect.
     *
     * @param attempt the retry scope's attempt, 1-based, for the events
     * @param worker  the worker making the call, for the events
     * @param doomed  a click made this call fail: it still draws what it would have drawn
     * @return null on success, {@link #CRASHED} if the process dies after the side effect and before the result
     *         is recorded, else the failure the caller sees
     */
    String outcome(Job job, int step, int attempt, int worker, boolean doomed) {
        // Shaped for the JIT: the common case (a step other than the email, not clicked) stays small enough to be
        // inlined into the worker's call end; a click and the email's own draws are methods of their own.
        boolean fails = faults == null ? outcomes.nextDouble() < pFail[step]
                : chosen(FaultKind.FAIL, job, step, attempt, worker);
        if (doomed) {
            return doomedOutcome(job, step, attempt, worker, fails);
        }
        if (fails) {
            emitter.emit(Kind.CALL_FAILED, job, step, attempt, worker, sim.nowMs(), FAILED);
            return FAILED; // failed before doing anything
        }
        if (kinds[step] == WorkflowSteps.PLAIN) {
            sideEffect(job, step, attempt, worker);
            return crashAfterSideEffect(job, step, attempt, worker) ? crashed(job, step) : null;
        }
        return emailOutcome(job, step, attempt, worker);
    }

    /** A clicked call fails, after the draws it would have made: the lost-reply draw of an email that went out. */
    private String doomedOutcome(Job job, int step, int attempt, int worker, boolean fails) {
        if (!fails && drawsLost[step] && faults == null) {
            outcomes.nextDouble(); // the lost-reply draw this call would have made
        }
        emitter.emit(Kind.CALL_FAILED, job, step, attempt, worker, sim.nowMs(), FAILED + " (clicked)");
        return FAILED + " (clicked)";
    }

    /**
     * The rest of a call through a provider (the welcome email's) that did not fail first ({@link #outcome}'s draw
     * order): the provider sends unless it knew the key, then the lost-reply draw (if the step makes one), then the
     * crash draw. A local write under the claim table comes here too: only its crash draw, the write waiting for the
     * claim's commit.
     */
    private String emailOutcome(Job job, int step, int attempt, int worker) {
        if (kinds[step] == WorkflowSteps.LOCAL_IN_CLAIM) { // the write waits for the claim's commit (localWriteCommits)
            return crashAfterSideEffect(job, step, attempt, worker) ? CRASHED : null; // a crash rolls it back
        }
        boolean answered = sendEmail(job, step, attempt, worker);
        if (!drawsLost[step]) { // a step that declares it never loses a reply draws nothing
            if (!answered) {
                return mismatch(job, step, attempt, worker);
            }
            return crashAfterSideEffect(job, step, attempt, worker) ? crashed(job, step) : null;
        }
        boolean lost = faults == null ? outcomes.nextDouble() < lostReply[step]
                : chosen(FaultKind.LOST_REPLY, job, step, attempt, worker);
        if (!answered) { // a key mismatch: drawn as any call, then the error, before the crash draw of a side effect
            return mismatch(job, step, attempt, worker);
        }
        if (crashAfterSideEffect(job, step, attempt, worker)) {
            return crashed(job, step);
        }
        if (loseNextReply) {
            loseNextReply = false;
            replyLost(job, step);
            emitter.emit(Kind.REPLY_LOST, job, step, attempt, worker, sim.nowMs(), LOST + " (clicked)");
            return LOST + " (clicked)";
        }
        if (lost) {
            replyLost(job, step);
            emitter.emit(Kind.REPLY_LOST, job, step, attempt, worker, sim.nowMs(), LOST);
            return LOST;
        }
        return null;
    }

    /** The provider answered a key mismatch ({@link ProviderKeys#MISMATCH}): the call failed, nothing was done. */
    private String mismatch(Job job, int step, int attempt, int worker) {
        emitter.emit(Kind.CALL_FAILED, job, step, attempt, worker, sim.nowMs(), ProviderKeys.MISMATCH);
        return ProviderKeys.MISMATCH;
    }

    /** The process dies after {@code step}'s side effect, before it is recorded: @return {@link #CRASHED} */
    private String crashed(Job job, int step) {
        causes.fate(job, step, DuplicateCause.CRASH);
        return CRASHED;
    }

    /** The welcome email's reply is lost: whatever runs it again was let through by a record never written. */
    private void replyLost(Job job, int step) {
        causes.fate(job, step, DuplicateCause.LOST_REPLY);
    }

    /**
     * The provider sends the welcome email unless it knew the call's key: the email step's side effect.
     *
     * @return false if the provider answered a key mismatch instead ({@link ProviderKeys#MISMATCH}): nothing sent
     */
    private boolean sendEmail(Job job, int step, int attempt, int worker) {
        long key = switch (keyMode) {
            case NONE -> EmailProvider.NO_KEY;
            case NEW_PER_CALL -> freshKey(job);
            case SAME -> SignupKeys.providerSame(job.user);
            case PER_REQUEST -> ProviderKeys.perRequest(job);
        };
        if (!keyed[step]) {
            key = EmailProvider.NO_KEY;
        }
        if (payloadChecks != null && keyed[step] && payloadChecks[step].mismatch(providers[step], key, job, sim.nowMs())) {
            return false;
        }
        if (providers[step].send(key, sim.nowMs())) {
            sideEffect(job, step, attempt, worker);
        } else if (emitter.listening()) {
            emitter.emit(Kind.EMAIL_SUPPRESSED, job, step, attempt, worker, sim.nowMs(),
                    "provider knew " + steps.describeKey(key, step));
        }
        return true;
    }

    /**
     * A call whose caller gave up after the attempt timeout ends now: the service finishes the work it was
     * asked for whatever became of the caller (Temporal's start-to-close timeout fails the attempt on the server
     * and schedules a retry, but does not stop the activity still running; an HTTP client's timeout closes only
     * its own end). It draws from the outcome stream as any call does, first "does it fail?", then for the email
     * "is the reply lost?", and its side effect counts as a duplicate when the retry did it too. No one waits for
     * its answer, so there is no result to record and no crash draw, and a lost reply changes nothing.
     *
     * @param doomed a click made this call fail: it still draws what it would have drawn
     */
    void abandonedCallEnds(Job job, int step, int attempt, int worker, boolean doomed) {
        boolean fails = faults == null ? outcomes.nextDouble() < pFail[step]
                : chosen(FaultKind.FAIL, job, step, attempt, worker);
        if (fails || doomed) {
            if (!fails && drawsLost[step] && faults == null) {
                outcomes.nextDouble(); // the lost-reply draw this call would have made
            }
            emitter.emit(Kind.CALL_FAILED, job, step, attempt, worker, sim.nowMs(),
                    FAILED + " (a call its caller had given up on)");
            return;
        }
        abandoned = true;
        try {
            if (kinds[step] == WorkflowSteps.PROVIDER) {
                sendEmail(job, step, attempt, worker);
                if (faults == null && drawsLost[step]) {
                    outcomes.nextDouble(); // the lost-reply draw: no one waits for the reply
                }
            } else if (kinds[step] == WorkflowSteps.PLAIN) { // not a local write in a claim's transaction: that
                sideEffect(job, step, attempt, worker);      // rolls back with the attempt that gave up on it
            }
        } finally {
            abandoned = false;
        }
    }

    /** The crash draw, from its own stream and only when crashes are on, so "off" shifts nothing. */
    private boolean crashAfterSideEffect(Job job, int step, int attempt, int worker) {
        if (faults != null) {
            return chosen(FaultKind.CRASH, job, step, attempt, worker);
        }
        return scenario.pCrash() > 0 && crashDraws.nextDouble() < scenario.pCrash();
    }

    /** The chooser's answer at a call's choice point, in place of a draw: false for a kind it does not allow. */
    private boolean chosen(FaultKind kind, Job job, int step, int attempt, int worker) {
        return faults.allows(kind) && faults.choose(ChoicePoint.ofCall(kind, job, step, attempt, worker,
                sim.nowMs())) != 0;
    }

    /**
     * Counts a side effect the moment it happens, so live counters and final totals agree, and books one done again
     * to its cause where it is counted, so the causes add up to the steps done again in every run.
     */
    private void sideEffect(Job job, int step, int attempt, int worker) {
        int times = ++job.sideEffects[step];
        DuplicateCause cause = null;
        if (times == 1) { // the common case stays small, for the JIT; a duplicate is booked in a method of its own
            causes.first(job, step, abandoned);
        } else {
            cause = doneAgain(job, step, times);
        }
        if (emitter.listening()) { // the note's text is built in a method of its own, off the per-call code
            tellSideEffect(job, step, attempt, worker, times, cause);
        }
    }

    /** Counts a side effect done again ({@code times} 2 or more) and books it to its cause: @return the cause */
    private DuplicateCause doneAgain(Job job, int step, int times) {
        DuplicateCause cause = causes.again(job, step, abandoned);
        metrics.repeatedSideEffect(step, cause);
        if (step == keyStep && times == 2) {
            metrics.count(Metric.USERS_WITH_DUPLICATE_EMAILS);
        }
        return cause;
    }

    private void tellSideEffect(Job job, int step, int attempt, int worker, int times, DuplicateCause cause) {
        emitter.emit(times > 1 ? Kind.DUPLICATE_SIDE_EFFECT : Kind.SIDE_EFFECT, job.user, job.repeat, step, attempt,
                worker, sim.nowMs(), times > 1 ? "done " + times + " times" : "", job.delivery, cause);
    }

    /** A provider key never used before (the article's global {@code freshKey} counter), kept to forget it later. */
    private long freshKey(Job job) {
        long key = SignupKeys.providerFresh(job.user, ++freshKeyCounter);
        if (recordFreshKeys) {
            if (job.freshKeys == null) {
                job.freshKeys = new long[4];
            } else if (job.freshKeyCount == job.freshKeys.length) {
                job.freshKeys = Arrays.copyOf(job.freshKeys, job.freshKeyCount * 2);
            }
            job.freshKeys[job.freshKeyCount++] = key;
        }
        return key;
    }

    /** Forgets the fresh provider keys {@code job}'s calls made: no job ever sends them again. */
    void forgetFreshKeys(Job job) {
        // newest first; a loop on the field rather than a counted loop, whose loop-limit predicate failed (and
        // threw away the compiled Worker.advance it was inlined in) when the first job with fresh keys ended
        while (job.freshKeyCount > 0) {
            long key = job.freshKeys[--job.freshKeyCount];
            for (int i : keyedSteps) {
                providers[i].forget(key);
            }
        }
    }

    /**
     * Forgets {@code user}'s provider keys ({@code welcome-email:user_<n>}, or its sign-up request's), once nothing
     * can send them again; a repeated request's own key lives out its TTL.
     */
    void forgetUser(long user) {
        long key = keyMode == KeyMode.SAME ? SignupKeys.providerSame(user)
                : keyMode == KeyMode.PER_REQUEST ? SignupKeys.providerRequest(user, user) : EmailProvider.NO_KEY;
        if (key == EmailProvider.NO_KEY) {
            return;
        }
        for (int i : keyedSteps) {
            providers[i].forget(key);
            if (payloadChecks != null) {
                payloadChecks[i].forget(key);
            }
        }
    }

    /** @return true if some step's side effect is a local write committed with its claim's completion */
    boolean writesInClaim() {
        for (byte k : kinds) {
            if (k == WorkflowSteps.LOCAL_IN_CLAIM) {
                return true;
            }
        }
        return false;
    }

    /** @return true if {@code step}'s side effect is a local write committed with its claim's completion */
    boolean writesInClaim(int step) {
        return kinds[step] == WorkflowSteps.LOCAL_IN_CLAIM;
    }

    /**
     * A local step's write committed with the claim's completion (the second article: the write and
     * {@code status = 'completed'} in one transaction): its side effect happens now, once.
     */
    void localWriteCommits(Job job, int step, int attempt, int worker) {
        sideEffect(job, step, attempt, worker);
    }

    /** Makes the provider lose the reply of the next welcome-email call that reaches it (a click). */
    void loseNextReply() {
        loseNextReply = true;
    }

    /** @return true if the provider's next reply will be lost. */
    boolean isNextReplyLost() {
        return loseNextReply;
    }

    /** @return the email provider. */
    EmailProvider provider() {
        return provider;
    }
}
