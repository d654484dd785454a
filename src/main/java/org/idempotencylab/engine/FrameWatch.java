package org.idempotencylab.engine;

import java.util.HashMap;
import java.util.Map;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.LessonCount;
import org.idempotencylab.scenario.LessonFrame;
import org.idempotencylab.scenario.StopCondition;
import org.idempotencylab.scenario.Tally;

/**
 * Follows one run of a lesson frame: counts its {@link StopCondition}'s events and its prediction's measure from
 * the simulation's events, as they happen, and notes the moment the condition is met, with the measure's value
 * then (frozen: what happens after the pause does not change the answer). The live view adds it to its run
 * ({@link SignupSimulation#addListener}) and pauses when {@link #reached()}; {@link LessonRun} runs the same watch
 * headlessly, so a test proves every frame's condition is met and its answer right. Thread-safe: a run on a
 * database tells it events on a background thread.
 */
public final class FrameWatch implements SimulationListener {
    private final StopCondition until;
    private final Tally measure;
    private final Counter condition;
    private final Counter measured;
    private boolean reached;
    private long reachedAtMs = -1;
    private SimulationEvent reachedBy;
    private long answer;

    /** @param frame the frame whose condition and prediction (if any) are followed */
    public FrameWatch(LessonFrame frame) {
        this.until = frame.until();
        this.measure = frame.predict() == null ? null : frame.predict().measure();
        this.condition = until.tally() == null ? null : new Counter(until.tally());
        this.measured = measure == null ? null : new Counter(measure);
    }

    @Override
    public synchronized void on(SimulationEvent e) {
        if (!reached && until.kind() == StopCondition.Kind.TIME && e.timeMs() >= until.atMs()) {
            reach(until.atMs()); // before this event counts: the clock got there first
        }
        if (measured != null && !reached) {
            measured.on(e);
        }
        if (condition != null && !reached) {
            condition.on(e);
            if (condition.value >= until.times()) {
                reach(e.timeMs());
                reachedBy = e;
            }
        }
    }

    /**
     * Meets a condition of time or of the run's end, which no event brings: call after the simulation moved.
     *
     * @param nowMs    the simulation's virtual time, ms
     * @param finished true once every sign-up ended ({@link SignupSimulation#isFinished()})
     * @return {@link #reached()}
     */
    public synchronized boolean check(long nowMs, boolean finished) {
        if (!reached && (until.kind() == StopCondition.Kind.TIME && nowMs >= until.atMs()
                || until.kind() == StopCondition.Kind.END && finished)) {
            reach(until.kind() == StopCondition.Kind.TIME ? until.atMs() : nowMs);
        }
        return reached;
    }

    private void reach(long atMs) {
        reached = true;
        reachedAtMs = atMs;
        answer = measured == null ? 0 : measured.value;
    }

    /** @return true once the condition was met */
    public synchronized boolean reached() {
        return reached;
    }

    /** @return virtual ms at which the condition was met, or -1 before */
    public synchronized long reachedAtMs() {
        return reachedAtMs;
    }

    /** @return the event that met a condition of events (the frame's moment), or null: not yet, or time or end */
    public synchronized SimulationEvent reachedBy() {
        return reachedBy;
    }

    /** @return the prediction's measure when the condition was met (so far, before); 0 without a prediction */
    public synchronized long measured() {
        return reached ? answer : measured == null ? 0 : measured.value;
    }

    /** Counts one {@link Tally} from events. */
    private static final class Counter {
        private final Tally tally;
        private long value;
        /** Welcome emails per user, for {@link LessonCount#USER_WITH_DUPLICATE_EMAILS}. */
        private final Map<Long, Integer> emails = new HashMap<>();

        Counter(Tally tally) {
            this.tally = tally;
        }

        void on(SimulationEvent e) {
            if (!tally.matches(e.step(), e.user())) {
                return;
            }
            boolean effect = e.kind() == Kind.SIDE_EFFECT || e.kind() == Kind.DUPLICATE_SIDE_EFFECT;
            boolean counts = switch (tally.count()) {
                case SIDE_EFFECT -> effect;
                case DUPLICATE_SIDE_EFFECT -> e.kind() == Kind.DUPLICATE_SIDE_EFFECT;
                case WELCOME_EMAIL -> effect && e.step() == SignupSteps.EMAIL;
                case USER_WITH_DUPLICATE_EMAILS -> effect && e.step() == SignupSteps.EMAIL
                        && emails.merge(e.user(), 1, Integer::sum) == 2;
                case REPLY_LOST -> e.kind() == Kind.REPLY_LOST;
                case EMAIL_SUPPRESSED -> e.kind() == Kind.EMAIL_SUPPRESSED;
                case STEP_SKIPPED -> e.kind() == Kind.STEP_SKIPPED;
                case CALL_FAILED -> e.kind() == Kind.CALL_FAILED;
                case CRASH -> e.kind() == Kind.WORKER_CRASHED;
                case RESTART -> e.kind() == Kind.WORKER_RESTARTED;
                case REDELIVERY -> e.kind() == Kind.JOB_REDELIVERED;
                case JOB_IN_PROGRESS -> e.kind() == Kind.JOB_IN_PROGRESS;
                case LEASE_RECLAIMED -> e.kind() == Kind.LEASE_RECLAIMED;
                case JOB_SUCCEEDED -> e.kind() == Kind.JOB_SUCCEEDED;
                case JOB_FAILED -> e.kind() == Kind.JOB_FAILED;
                case JOB_LOST -> e.kind() == Kind.JOB_LOST;
            };
            if (counts) {
                value++;
            }
        }
    }
}
