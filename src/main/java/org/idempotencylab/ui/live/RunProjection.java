package org.idempotencylab.ui.live;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.store.LongIntHashMap;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Workflow;

/**
 * What one live run looks like, projected from its {@link SimulationEvent}s: a token per job (where it is, its
 * attempt, delivery and history), the provider's latest envelopes, each station's side effects and duplicates,
 * which job each worker runs, and whether the worker process is down. Plain Java: no JavaFX, so every rule of the
 * picture is tested without the toolkit.
 *
 * <p>Memory stays bounded however long the run: the provider keeps its {@value #ENVELOPE_LIMIT} latest envelopes,
 * and {@link #trimFinished} keeps the {@value #FINISHED_TOKENS_KEPT} latest finished tokens. Waiting sign-ups get
 * no token (the canvas draws them from the engine's queue) until a worker takes them or a person clicks one.
 */
final class RunProjection {
    /** Envelopes kept at the provider, the latest. */
    static final int ENVELOPE_LIMIT = 60;
    /** Finished tokens kept, the latest (active ones are always kept). */
    static final int FINISHED_TOKENS_KEPT = 2_000;

    private final QueueKind queue;
    private final long visibilityTimeoutMs;
    private final Map<Long, JobToken> tokens = new LinkedHashMap<>();
    private final ArrayDeque<Envelope> envelopes = new ArrayDeque<>();
    private final long[] sideEffects;
    private final long[] duplicates;
    /** The step the provider's envelopes and the emails per user count: the welcome email in the sign-up. */
    private final int keyStep;
    private final Workflow workflow;
    // welcome emails per user over the whole run (the tokens of finished jobs are trimmed), and the users who got
    // two or more, in the order they got their second: what two lanes compare
    private final LongIntHashMap emailsByUser = new LongIntHashMap();
    private final Map<Long, Integer> usersWithSeveralEmails = new LinkedHashMap<>();
    private final JobToken[] workerTokens;
    private int finishedTokens;
    private long lostJobs; // gone without running to their end (an in-memory queue's crash, a lock gone): not finished
    private boolean down;
    private long downUntilMs;

    /**
     * @param run the scenario the run plays: its workers, queue kind, visibility timeout and workflow (a counter
     *            per step) shape the picture
     */
    RunProjection(Scenario run) {
        this.queue = run.queue();
        this.visibilityTimeoutMs = run.visibilityTimeoutMs();
        this.workerTokens = new JobToken[run.workers()];
        this.sideEffects = new long[run.workflow().size()];
        this.duplicates = new long[run.workflow().size()];
        this.keyStep = run.workflow().keyStep();
        this.workflow = run.workflow();
    }

    /** @return the job the run plays: its steps are the stations */
    Workflow workflow() {
        return workflow;
    }

    /** An empty picture, before the first run. */
    static RunProjection none() {
        return new RunProjection(Scenario.article());
    }

    /** Applies one event of the run, in the order the simulation fired them. */
    void apply(SimulationEvent e) {
        if (e.kind() == Kind.ARRIVED) {
            return; // waiting sign-ups are drawn from the engine's queue; a token is made when a worker takes one
        }
        JobToken t = e.user() < 0 ? null : tokenOf(e.user(), e.repeat());
        if (t != null) {
            t.history().add(e);
        }
        switch (e.kind()) {
            case JOB_STARTED -> {
                if (!t.active()) {
                    finishedTokens--; // a redelivered copy of a job that had already ended runs again
                }
                t.phase = JobToken.Phase.QUEUED; // until its first call
                t.worker = e.worker();
                t.sinceMs = e.timeMs();
                t.delivery = Math.max(1, e.delivery());
                t.deliveredAtMs = e.timeMs();
                t.attempt = 1;
                if (e.worker() >= 0 && e.worker() < workerTokens.length) {
                    workerTokens[e.worker()] = t;
                }
            }
            case JOB_INTERRUPTED -> {
                leaveWorker(t);
                if (queue == QueueKind.DURABLE) { // delivered again when its visibility timeout runs out
                    t.phase = JobToken.Phase.REDELIVERY;
                    t.sinceMs = e.timeMs();
                    t.untilMs = Math.max(e.timeMs(), t.deliveredAtMs + visibilityTimeoutMs);
                } // an in-memory queue: JOB_LOST follows
            }
            case JOB_LOST, JOB_DROPPED -> { // gone without running to its end: drawn as lost
                leaveWorker(t);
                if (t.active()) {
                    finish(t, JobToken.Phase.LOST, e);
                    lostJobs++;
                }
            }
            case JOB_REDELIVERED -> {
                if (t.phase == JobToken.Phase.REDELIVERY) { // else still running: the copy waits in the queue
                    t.phase = JobToken.Phase.QUEUED;
                    t.sinceMs = e.timeMs();
                }
            }
            case JOB_IN_PROGRESS -> {
                leaveWorker(t);
                t.phase = JobToken.Phase.SENT_BACK;
                t.sinceMs = e.timeMs();
                t.untilMs = e.untilMs();
            }
            case WORKER_CRASHED -> {
                down = true;
                downUntilMs = e.untilMs();
                Arrays.fill(workerTokens, null);
            }
            case WORKER_RESTARTED -> down = false;
            case CALL_STARTED -> {
                t.phase = JobToken.Phase.CALLING;
                t.step = e.step();
                t.attempt = e.attempt();
                t.sinceMs = e.timeMs();
                t.untilMs = e.untilMs();
            }
            case CALL_FAILED -> t.faultArmed = false;
            case FAULT_ARMED -> {
                if (t != null) { // a clicked job (the provider's click has no user): its next call fails
                    t.faultArmed = true;
                }
            }
            case BACKOFF_STARTED -> {
                t.phase = JobToken.Phase.BACKOFF;
                t.sinceMs = e.timeMs();
                t.untilMs = e.untilMs();
            }
            case SIDE_EFFECT, DUPLICATE_SIDE_EFFECT -> {
                sideEffects[e.step()]++;
                if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                    duplicates[e.step()]++;
                }
                if (e.step() == keyStep) {
                    int before = emailsByUser.get(e.user());
                    int now = before == LongIntHashMap.MISSING ? 1 : before + 1;
                    emailsByUser.put(e.user(), now);
                    if (now >= 2) {
                        usersWithSeveralEmails.put(e.user(), now);
                    }
                    t.emails++;
                    addEnvelope(new Envelope(e.user(), t.emails, e.timeMs(), false));
                }
            }
            case EMAIL_SUPPRESSED -> addEnvelope(new Envelope(e.user(), 0, e.timeMs(), false));
            case REPLY_LOST -> markReplyLost(e.user());
            case STEP_SKIPPED -> t.step = e.step();
            case JOB_SUCCEEDED -> finish(t, JobToken.Phase.DONE, e);
            case JOB_FAILED -> finish(t, JobToken.Phase.FAILED, e);
            default -> {
            }
        }
    }

    /** The job left its worker (ended, interrupted, sent back). */
    private void leaveWorker(JobToken t) {
        if (t.worker >= 0 && t.worker < workerTokens.length && workerTokens[t.worker] == t) {
            workerTokens[t.worker] = null;
        }
    }

    private void finish(JobToken t, JobToken.Phase phase, SimulationEvent e) {
        leaveWorker(t);
        t.phase = phase;
        t.sinceMs = e.timeMs();
        t.faultArmed = false;
        finishedTokens++;
    }

    /** The reply to the user's latest envelope was lost: mark it, so a class sees why the retry comes. */
    private void markReplyLost(long user) {
        Envelope last = envelopes.peekLast();
        if (last != null && last.user() == user) {
            envelopes.pollLast();
            envelopes.addLast(last.withReplyLost());
        }
    }

    private void addEnvelope(Envelope envelope) {
        envelopes.addLast(envelope);
        while (envelopes.size() > ENVELOPE_LIMIT) {
            envelopes.removeFirst();
        }
    }

    /** Keeps the latest {@value #FINISHED_TOKENS_KEPT} finished tokens, and {@code keep} (the one followed). */
    void trimFinished(JobToken keep) {
        if (finishedTokens <= FINISHED_TOKENS_KEPT) {
            return;
        }
        Iterator<JobToken> it = tokens.values().iterator();
        while (finishedTokens > FINISHED_TOKENS_KEPT && it.hasNext()) {
            JobToken t = it.next();
            if (!t.active() && t != keep) {
                it.remove();
                finishedTokens--;
            }
        }
    }

    /** @return the token of {@code user}'s job (its repeated request's with {@code repeat}), made if new. */
    /** @return the welcome emails {@code user} got so far in this run (first job and repeat), 0 for none. */
    int emailsOf(long user) {
        int n = emailsByUser.get(user);
        return n == LongIntHashMap.MISSING ? 0 : n;
    }

    /** @return the users who got two or more welcome emails so far, in the order they got the second. */
    Iterable<Long> usersWithSeveralEmails() {
        return usersWithSeveralEmails.keySet();
    }

    JobToken tokenOf(long user, boolean repeat) {
        return tokens.computeIfAbsent(key(user, repeat), k -> new JobToken(user, repeat));
    }

    /** @return the token of {@code user}'s job (or its repeated request's), or null if none was made. */
    JobToken token(long user, boolean repeat) {
        return tokens.get(key(user, repeat));
    }

    /** A user's first job and its repeated request are two tokens. */
    private static long key(long user, boolean repeat) {
        return user * 2 + (repeat ? 1 : 0);
    }

    /** @return the tokens of the jobs seen so far (recent finished ones included), in the order they appeared. */
    Iterable<JobToken> tokens() {
        return tokens.values();
    }

    /** @return the latest envelopes at the provider, oldest first. */
    Iterable<Envelope> envelopes() {
        return envelopes;
    }

    /** @return side effects done at {@code step} (0..9) so far, first times and repeats. */
    long sideEffects(int step) {
        return sideEffects[step];
    }

    /** @return side effects done again at {@code step} (0..9) so far. */
    long duplicates(int step) {
        return duplicates[step];
    }

    /** @return the token each worker runs now (null: idle or down), indexed by worker; a copy. */
    JobToken[] workerTokens() {
        return workerTokens.clone();
    }

    /** @return true while the worker process is down after a crash. */
    /** @return jobs gone without running to their end so far: lost with an in-memory queue, or dropped */
    long lostJobs() {
        return lostJobs;
    }

    boolean workersDown() {
        return down;
    }

    /** @return when the crashed worker process starts again, virtual ms (meaningful while {@link #workersDown}). */
    long restartAtMs() {
        return downUntilMs;
    }
}
