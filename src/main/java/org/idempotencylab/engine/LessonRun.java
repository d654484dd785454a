package org.idempotencylab.engine;

import org.idempotencylab.scenario.LessonFrame;

/**
 * Plays a lesson frame headlessly, event by event, until its condition is met or the run ends, with the same
 * {@link FrameWatch} the live view uses: what the class will see when the frame pauses. Lesson tests and
 * {@code check --lesson} run every frame this way. For the live view's sizes (at most 100,000 sign-ups) it takes
 * milliseconds to a few seconds.
 */
public final class LessonRun {
    private LessonRun() {
    }

    /**
     * What a frame's run came to.
     *
     * @param reached     true if the condition was met before the run ended
     * @param atMs        virtual ms at which it was (the run's last event's time if never)
     * @param measured    the prediction's measure at that moment (0 without a prediction)
     * @param finishedRun true if every sign-up had ended by then
     */
    public record Outcome(boolean reached, long atMs, long measured, boolean finishedRun) {
    }

    /** @return the frame played until its condition, or to the end of the run if it is never met */
    public static Outcome play(LessonFrame frame) {
        SignupSimulation sim = new SignupSimulation(frame.scenario(), frame.strategy(), RunControl.NONE);
        FrameWatch watch = new FrameWatch(frame);
        sim.addListener(watch);
        sim.start();
        while (!watch.check(sim.nowMs(), sim.isFinished())) {
            if (sim.isFinished() || !sim.step()) {
                watch.check(sim.nowMs(), true);
                break;
            }
        }
        return new Outcome(watch.reached(), watch.reached() ? watch.reachedAtMs() : sim.nowMs(), watch.measured(),
                sim.isFinished());
    }
}
