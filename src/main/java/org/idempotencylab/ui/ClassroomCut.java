package org.idempotencylab.ui;

import java.util.Map;
import java.util.function.Predicate;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.live.LiveViewModel;

/**
 * How a preset plays in "Watch it happen" so that a class sees what it teaches within half a minute at the speed
 * shown: a classroom-sized subset of its sign-ups (the first {@value #CLASS_JOBS}, more only when fewer never show it,
 * at most {@value #MOST_JOBS}; the same seed, so the first sign-ups meet the same draws as in the whole run) and the
 * slowest speed (1, 2, 5, 10, 20, ... ×) at which its phenomenon comes within {@value #TARGET_REAL_S} real seconds, or
 * the speed that plays the subset's whole run in about a minute where that is faster ({@link
 * LiveViewModel#lessonSpeed}). The phenomenon: with two lanes, the first moment the watched number differs between
 * them (the bug and its fix parting ways); with one lane, the first moment the watched number is above 0, or, for a
 * preset whose number stays 0 (the fix alone), the first time the fix acts (a send the provider suppressed, a step the
 * store skipped). The runs are played headlessly once, event by event, exactly as the live view plays them (lane A's
 * strategy with its settings in the fields, lane B's on lane A's scenario): milliseconds for these sizes.
 */
final class ClassroomCut {
    /** Sign-ups a cut starts with: enough for the rarer faults of the presets, few enough to follow. */
    static final long CLASS_JOBS = 200;
    /** The most sign-ups a cut plays (the live view plays up to 100,000, but no class follows that many). */
    static final long MOST_JOBS = 2_000;
    /** Real seconds within which the phenomenon comes at the speed chosen (the promise is 30 s). */
    static final double TARGET_REAL_S = 20;
    private static final double[] NICE_SPEEDS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

    private ClassroomCut() {
    }

    /**
     * What a preset plays as.
     *
     * @param scenario      the scenario loaded: the preset's, with at most {@link #MOST_JOBS} sign-ups
     * @param speed         virtual time per real time, 1 to 1000
     * @param phenomenonMs  virtual ms at which the phenomenon comes in that scenario, or -1 if it never does
     * @param presetJobs    the preset's own number of sign-ups
     */
    record Cut(Scenario scenario, double speed, long phenomenonMs, long presetJobs) {
        /** @return true if fewer sign-ups play than the preset has */
        boolean subset() {
            return scenario.jobs() < presetJobs;
        }

        /** @return real seconds until the phenomenon at {@link #speed}, or -1 if it never comes */
        double realSeconds() {
            return phenomenonMs < 0 ? -1 : phenomenonMs / 1000.0 / speed;
        }
    }

    /**
     * @param preset  the preset's scenario
     * @param a       lane A's strategy (the fields take its settings)
     * @param laneB   lane B's strategy as the live view sets it up, or null for one lane
     * @param watched the preset's watched number
     * @param speedIfNever the speed to keep when the phenomenon never comes (the live view's own choice for the
     *                     whole preset)
     * @return the subset and speed that show the phenomenon
     */
    static Cut of(Scenario preset, Strategy a, Strategy laneB, Metric watched, double speedIfNever) {
        long jobs = Math.min(preset.jobs(), CLASS_JOBS);
        while (true) {
            Scenario s = preset.toBuilder().jobs(jobs).build();
            long at = phenomenonMs(s, a, laneB, watched);
            if (at >= 0 || jobs >= Math.min(preset.jobs(), MOST_JOBS)) {
                // never slower than the subset's whole run in about a minute: its number comes then too
                return new Cut(s, at < 0 ? speedIfNever : Math.max(speedFor(at), LiveViewModel.lessonSpeed(s)), at,
                        preset.jobs());
            }
            jobs = Math.min(Math.min(preset.jobs(), MOST_JOBS), jobs * 2);
        }
    }

    /** @return the slowest nice speed at which {@code atMs} of virtual time pass in {@link #TARGET_REAL_S} */
    static double speedFor(long atMs) {
        double wanted = atMs / 1000.0 / TARGET_REAL_S;
        for (double nice : NICE_SPEEDS) {
            if (nice >= wanted) {
                return nice;
            }
        }
        return NICE_SPEEDS[NICE_SPEEDS.length - 1];
    }

    /** @return virtual ms of the phenomenon in {@code s}, or -1 if the runs end without it */
    static long phenomenonMs(Scenario s, Strategy a, Strategy laneB, Metric watched) {
        Scenario sa = a.on(s);
        if (laneB == null) {
            long at = firstMs(new SignupSimulation(sa, a.withSettings(Map.of()), RunControl.NONE),
                    r -> watched.number(r) > 0);
            return at >= 0 ? at : firstMs(new SignupSimulation(sa, a.withSettings(Map.of()), RunControl.NONE),
                    r -> r.get(Metric.PROVIDER_SUPPRESSED_SENDS) > 0 || r.get(Metric.STORE_HITS) > 0);
        }
        return firstDifferenceMs(new SignupSimulation(sa, a.withSettings(Map.of()), RunControl.NONE),
                new SignupSimulation(laneB.on(sa), laneB.withSettings(Map.of()), RunControl.NONE), watched);
    }

    /** @return virtual ms of the first event after which {@code seen} holds, or -1 if the run ends first */
    private static long firstMs(SignupSimulation sim, Predicate<StrategyResult> seen) {
        sim.start();
        while (!sim.isFinished() && sim.step()) {
            if (seen.test(sim.result())) {
                return sim.nowMs();
            }
        }
        return -1;
    }

    /**
     * @return virtual ms of the first event after which the lanes' watched numbers differ (both lanes on one clock,
     *         the earlier event first, as the live view plays them), or -1 if both end alike
     */
    private static long firstDifferenceMs(SignupSimulation simA, SignupSimulation simB, Metric watched) {
        simA.start();
        simB.start();
        while (!simA.isFinished() || !simB.isFinished()) {
            SignupSimulation next = simA.isFinished() ? simB : simB.isFinished() ? simA
                    : simA.nextEventTimeMs() <= simB.nextEventTimeMs() ? simA : simB;
            if (!next.step()) {
                break;
            }
            if (watched.number(simA.result()) != watched.number(simB.result())) {
                return next.nowMs();
            }
        }
        return -1;
    }
}
