package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.Lanes;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.junit.jupiter.api.Test;

/**
 * Every preset that plays in "Watch it happen" (a live preset, or a Compare preset with two lanes) shows what it
 * teaches within 30 s of real time at 1× wall-clock pace: loaded through the classroom kit as a teacher loads it, the
 * live view is played at the speed it set, in frames of 50 real ms (the clock moves 50 ms × the speed a frame, as the
 * window's animation timer moves it), until 30 real seconds' worth of virtual time, that is 30 s × the speed. By then:
 * with two lanes, the difference line names a difference ("≠ …", not "No difference between the lanes yet"); with one
 * lane, the watched number is above 0, or, for the fix alone (its number stays 0), the fix has acted (a suppressed
 * send, a skipped step). No preset plays more than a classroom's {@value ClassroomCut#MOST_JOBS} sign-ups, and one
 * that plays fewer than its own says so (the note shows the line beside the live view). No wall time is measured: the
 * virtual time is computed from the speed.
 */
class PresetsPlayWhatTheyTeachTest {
    /** A frame of real time, ns: 50 ms. */
    private static final long FRAME_NANOS = 50_000_000L;
    /** The promise: the phenomenon within 30 real seconds. */
    private static final double PROMISED_REAL_S = 30;

    @Test
    void everyPresetInWatchItHappenShowsItsPhenomenonWithinThirtySecondsAtTheSpeedItSets() {
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        ScenarioKit kit = App.kit(new CompareViewModel(Scenario.article(), Runnable::run, 1), live,
                new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1), LabPrefs.memory());
        List<String> seen = new ArrayList<>();
        List<String> late = new ArrayList<>();
        for (Presets.Preset p : kit.presets()) {
            ScenarioFile f = p.file();
            boolean twoLanes = !f.lanes().isEmpty();
            if (f.view() != ScenarioFile.View.LIVE && !twoLanes) {
                continue; // it never plays in the live view
            }
            kit.applyPreset(p);
            Lanes lanes = live.lanes();
            long jobs = live.simulation().scenario().jobs();
            assertTrue(jobs <= ClassroomCut.MOST_JOBS, p.fileName() + " plays " + jobs + " sign-ups");
            if (jobs < f.scenario().jobs()) {
                String note = live.playNoteProperty().get();
                assertTrue(note.startsWith(String.format(java.util.Locale.ROOT, "The first %,d of the preset's %,d",
                        jobs, f.scenario().jobs())), p.fileName() + ": " + note);
            }
            assertEquals(twoLanes, lanes.activeProperty().get(), p.fileName());
            double speed = live.speedProperty().get();
            long budgetMs = (long) (PROMISED_REAL_S * 1000 * speed);
            Metric watched = Metric.byId(f.watch()).orElseThrow();
            // the fix alone: its number stays 0 to the end of the run played, so what shows is the fix at work
            boolean fixAlone = !twoLanes && watched.number(new SignupSimulation(live.simulation().scenario(),
                    live.simulation().strategy(), RunControl.NONE).run()) == 0;
            live.togglePlay();
            long now = 0;
            boolean shown = false;
            while (!shown && live.nowMs() < budgetMs && (live.playingProperty().get() || live.spotlit() != null)) {
                if (!live.playingProperty().get()) {
                    live.togglePlay(); // paused at a duplicate: Play goes on, as a teacher clicks it
                }
                now += FRAME_NANOS;
                lanes.frame(FRAME_NANOS, now);
                shown = twoLanes ? lanes.differenceProperty().get().startsWith("≠") : shows(live, watched, fixAlone);
            }
            live.playingProperty().set(false);
            String at = p.fileName() + " at " + speed + "×, " + VirtualTime.format(live.nowMs()) + " (budget "
                    + VirtualTime.format(budgetMs) + "): " + (twoLanes ? lanes.differenceProperty().get() : "");
            (shown ? seen : late).add(at);
        }
        assertEquals(List.of(), late, "seen in time: " + seen);
        assertTrue(seen.size() >= 15, "the live presets and every preset with two lanes: " + seen);
    }

    /** One lane: the watched number above 0, or, when the preset is the fix alone, the fix at work. */
    private static boolean shows(LiveViewModel live, Metric watched, boolean fixAlone) {
        StrategyResult r = live.simulation().result();
        return fixAlone ? r.get(Metric.PROVIDER_SUPPRESSED_SENDS) > 0 || r.get(Metric.STORE_HITS) > 0
                : watched.number(r) > 0;
    }

    /** The Lost reply's 100,000 sign-ups at 1000×, as it played before: the cut plays a class's share, slower. */
    @Test
    void theLostReplyPlaysAClassroomSubsetAtASpeedAClassCanFollow() {
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        ScenarioKit kit = App.kit(new CompareViewModel(Scenario.article(), Runnable::run, 1), live,
                new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1), LabPrefs.memory());
        kit.applyPreset("lost-reply.json");
        assertEquals(ClassroomCut.CLASS_JOBS, live.simulation().scenario().jobs());
        assertTrue(live.speedProperty().get() <= 10, "not 1000×: " + live.speedProperty().get());
        assertTrue(live.playNoteProperty().get().startsWith("The first 200 of the preset's 100,000 sign-ups, at "),
                live.playNoteProperty().get());
    }
}
