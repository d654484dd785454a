package org.idempotencylab.ui.live;

import java.util.List;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;

/**
 * Which line of the code panel's program ({@link CodeProgram}) decided an event, and which event of a job's last
 * moment decided what happened to it. Pure functions of the strategy and the events, no toolkit: the panel and the
 * caption light and say the same thing after Step, Play, Reset or a seek, since they depend on nothing but "the
 * events of job X up to now".
 *
 * <p>The rules follow the program's parts: the retry loop (a failure or a lost reply backs off and retries, the last
 * attempt fails the job), the first article's in-memory store (a finished key returns its saved result, a running
 * key shares that run, otherwise the call runs), the second article's claim table (claimed, an expired lease
 * reclaimed, completed with a saved result, "job in progress", a key mismatch), the lock (held: "job in progress";
 * taken: the steps run), and the provider's key check (a key it knew: nothing sent).
 *
 * <p>A side effect done again lights the branch that let it through ({@link #letThrough}), from its
 * {@link DuplicateCause}: the store's branch that found no record, the reclaimed lease, the lock taken, or, where
 * nothing records the step, the call that runs every time (the provider's send for the welcome email).
 */
final class CodeMap {
    /**
     * Rank of what stays the moment's news whatever follows it in the same ms: a side effect done again (the
     * class must see it, not the retry after it), a refusal that ends the job by itself (a key mismatch).
     */
    static final int ENDS = 3;
    /** Rank of an event that says what happened (a failure, a lost reply, a saved result, a refusal, an end). */
    static final int DECIDES = 2;
    /** Rank of an event every call has (a call starting or returning, a backoff beginning). */
    static final int ROUTINE = 1;
    /** Rank of an event that says nothing beyond the ones around it (a side effect of a step other than the email). */
    static final int SILENT = 0;

    private CodeMap() {
    }

    /**
     * @return the id of the program line of {@code strategy} that decided {@code e} (see {@code program.txt}), or
     *         null if no line of the program decides it (a click arming a fault, a job lost with the queue)
     */
    static String line(Strategy strategy, SimulationEvent e) {
        return line(strategy, Workflow.SIGNUP, e);
    }

    /** As {@link #line(Strategy, SimulationEvent)} in a run of {@code flow}: its steps with a key call the provider. */
    static String line(Strategy strategy, Workflow flow, SimulationEvent e) {
        StoreLook store = StoreLook.of(strategy.store());
        boolean email = sendsKey(flow, e.step());
        return switch (e.kind()) {
            case CALL_STARTED -> switch (store) { // a new look does not compile until it has its lines
                case MEMORY -> "memory.run";
                case CLAIM_TABLE -> "claim.claimed";
                case NONE, LOCK -> "store.call";
            };
            case CALL_SUCCEEDED -> "retry.call";
            case CALL_FAILED, REPLY_LOST, BACKOFF_STARTED -> "retry.error";
            case SIDE_EFFECT -> email ? "provider.send" : "retry.call";
            case DUPLICATE_SIDE_EFFECT -> letThrough(strategy, flow, e);
            case EMAIL_SUPPRESSED -> strategy.keyMode() == KeyMode.NONE ? null : "provider.known";
            case STEP_SKIPPED -> store == StoreLook.CLAIM_TABLE ? "claim.completed" : "memory.saved";
            case RUN_SHARED -> "memory.share";
            case LEASE_RECLAIMED -> "claim.reclaimed";
            case KEY_MISMATCH -> "claim.mismatch";
            case JOB_IN_PROGRESS -> store == StoreLook.LOCK ? "lock.held" : "claim.progress";
            case JOB_DROPPED -> store == StoreLook.LOCK ? "lock.held" : null;
            case JOB_STARTED -> store == StoreLook.LOCK ? "lock.taken" : "retry.loop";
            case JOB_SUCCEEDED -> "retry.done";
            case JOB_FAILED -> "retry.giveUp";
            default -> null; // ARRIVED, FAULT_ARMED, crashes and restarts, interrupted, lost, redelivered
        };
    }

    /**
     * @return the id of the line of {@code strategy}'s program that let the side effect {@code dup} be done again:
     *         the provider's send where the provider held the same key every time (it had forgotten it); the
     *         in-memory store's "else: run" (it found no record); the claim table's reclaim of an expired lease, or
     *         its claim of a key with no row; the lock taken by another job or delivery; else, where nothing records
     *         the step, the provider's send (the welcome email) or the call every step makes
     */
    static String letThrough(Strategy strategy, SimulationEvent dup) {
        return letThrough(strategy, Workflow.SIGNUP, dup);
    }

    /** As {@link #letThrough(Strategy, SimulationEvent)} in a run of {@code flow}. */
    static String letThrough(Strategy strategy, Workflow flow, SimulationEvent dup) {
        boolean email = sendsKey(flow, dup.step());
        DuplicateCause cause = dup.cause();
        if (email && (strategy.keyMode() == KeyMode.SAME || strategy.keyMode() == KeyMode.PER_REQUEST)) {
            return "provider.send";
        }
        String runs = email ? "provider.send" : "store.call";
        return switch (StoreLook.of(strategy.store())) {
            case MEMORY -> "memory.run";
            case CLAIM_TABLE -> cause == DuplicateCause.LEASE_EXPIRED ? "claim.reclaimed" : "claim.claimed";
            case LOCK -> cause == DuplicateCause.LOCK_GONE || cause == DuplicateCause.REPEATED_REQUEST
                    || cause == DuplicateCause.CRASH || cause == DuplicateCause.VISIBILITY_TIMEOUT ? "lock.taken"
                    : runs;
            case NONE -> runs;
        };
    }

    /**
     * @return how much {@code e} says about what happened to its job: {@link #ENDS}, {@link #DECIDES},
     *         {@link #ROUTINE} or {@link #SILENT}; the decisive event of a moment is its latest of the highest rank
     */
    static int rank(Strategy strategy, SimulationEvent e) {
        return rank(strategy, Workflow.SIGNUP, e);
    }

    /** As {@link #rank(Strategy, SimulationEvent)} in a run of {@code flow}. */
    static int rank(Strategy strategy, Workflow flow, SimulationEvent e) {
        return switch (e.kind()) {
            case CALL_STARTED, CALL_SUCCEEDED, BACKOFF_STARTED -> ROUTINE;
            case JOB_STARTED -> StoreLook.of(strategy.store()) == StoreLook.LOCK ? DECIDES : ROUTINE;
            case SIDE_EFFECT -> sendsKey(flow, e.step()) ? DECIDES : SILENT;
            case ARRIVED -> SILENT;
            case KEY_MISMATCH, DUPLICATE_SIDE_EFFECT -> ENDS;
            default -> DECIDES;
        };
    }

    /**
     * The job's last moment: its events at the virtual ms of its last one (one call ending and what follows it: a
     * lost reply and its backoff, a step's success and the next step's call).
     *
     * @param history a job's events, oldest first ({@link JobToken#history})
     * @return the events of its last moment, oldest first; empty for an empty history
     */
    static List<SimulationEvent> lastMoment(List<SimulationEvent> history) {
        int end = history.size();
        if (end == 0) {
            return List.of();
        }
        long at = history.get(end - 1).timeMs();
        int from = end - 1;
        while (from > 0 && history.get(from - 1).timeMs() == at) {
            from--;
        }
        return history.subList(from, end);
    }

    /**
     * @return the event of the job's last moment that decided what happened: the latest of the highest
     *         {@link #rank}; null for an empty history
     */
    static SimulationEvent decisive(Strategy strategy, List<SimulationEvent> history) {
        return decisive(strategy, Workflow.SIGNUP, history);
    }

    /** As {@link #decisive(Strategy, List)} in a run of {@code flow}. */
    static SimulationEvent decisive(Strategy strategy, Workflow flow, List<SimulationEvent> history) {
        SimulationEvent best = null;
        int bestRank = -1;
        for (SimulationEvent e : lastMoment(history)) {
            int r = rank(strategy, flow, e);
            if (r >= bestRank) {
                best = e;
                bestRank = r;
            }
        }
        return best;
    }

    /** @return the id of the line that decided the job's last moment, or null (nothing yet, or no line decides it) */
    static String litLine(Strategy strategy, List<SimulationEvent> history) {
        return litLine(strategy, Workflow.SIGNUP, history);
    }

    /** As {@link #litLine(Strategy, List)} in a run of {@code flow}. */
    static String litLine(Strategy strategy, Workflow flow, List<SimulationEvent> history) {
        SimulationEvent e = decisive(strategy, flow, history);
        return e == null ? null : line(strategy, flow, e);
    }

    /**
     * @return true if step {@code step} of {@code flow} calls the provider with a key (the program's
     *         {@code sendWelcomeEmail} part: the sign-up's welcome email, a checkout's charge and receipt)
     */
    static boolean sendsKey(Workflow flow, int step) {
        return step >= 0 && step < flow.size() && flow.step(step).providerKey();
    }
}
