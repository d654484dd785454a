package org.idempotencylab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.LessonRun;
import org.idempotencylab.scenario.LessonFrame;
import org.idempotencylab.scenario.Lessons;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.junit.jupiter.api.Test;

/**
 * The lesson player over the real live view's model (no toolkit: the live view is stepped event by event, as its
 * Step button does): every frame of every shipped lesson pauses the live run at its moment with the answer the
 * headless run measures, a Reset replays the frame to its moment, Back and Continue load the frames' runs, and an
 * unknown -Dlab.lesson name says which lessons there are.
 */
class LessonPlayerTest {
    private final LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
    private final ScenarioKit kit = App.kit(new CompareViewModel(Scenario.article(), Runnable::run, 1), live,
            new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1), LabPrefs.memory());
    private final LessonPlayer player = App.lessons(live, kit);

    /** Steps the live run, as Step → does, until the frame paused at its moment (at most {@code max} events). */
    private void stepToTheMoment(int max) {
        for (int i = 0; i < max && player.state() != LessonPlayer.State.REVEALED; i++) {
            live.stepOnce();
        }
        assertEquals(LessonPlayer.State.REVEALED, player.state(), player.statusText());
    }

    /**
     * Played in frames of a virtual second (as the window plays at speed), a frame's moment falls inside a frame:
     * the pause goes back to the moment itself on the timeline, so the clock, the caption and the code panel show
     * that moment and not a later event.
     */
    @Test
    void playedInWholeFramesThePauseComesBackToTheMomentItself() {
        Lessons.Entry first = player.lessons().get(0);
        player.open(first);
        LessonFrame f = player.current();
        LessonRun.Outcome headless = LessonRun.play(f);
        player.primary();
        live.speedProperty().set(1000);
        long now = 0;
        for (int i = 0; i < 10_000 && player.state() != LessonPlayer.State.REVEALED; i++) {
            now += 1_000_000L; // 1 ms of real time: 1 s of virtual time at 1000×
            live.lanes().frame(1_000_000L, now);
        }
        assertEquals(LessonPlayer.State.REVEALED, player.state(), player.statusText());
        assertFalse(live.playingProperty().get());
        assertEquals(headless.atMs(), live.nowMs(), "the clock stands at the moment, not a frame after it");
        assertEquals(headless.measured(), player.measured());
        assertEquals(LessonPlayer.State.REVEALED, player.state(), "going back to the moment is no Reset of the frame");
    }

    /**
     * Lesson 3, frame 3 ("A claim table that survives") waits for the first step skipped. Played at 1000× (Play
     * pressed again after each pause at a new duplicate), it pauses at that moment, where other jobs' events come in
     * the same virtual ms: the caption and the lit line tell the job that skipped its step, the one the frame waited
     * for, not the job of the moment's last event (another user's claim).
     */
    @Test
    void thePauseAtAFramesMomentTellsTheJobOfTheEventItWaitedFor() {
        assertTrue(player.open("crash-and-claim-table:3"));
        org.idempotencylab.engine.SimulationEvent[] skipped = {null}; // the first step skipped of the run played
        live.addFrameListener(new org.idempotencylab.ui.LiveRunListener() {
            @Override
            public void attached(org.idempotencylab.engine.SignupSimulation simulation) {
                skipped[0] = null;
                simulation.addListener(e -> {
                    if (skipped[0] == null && e.kind() == org.idempotencylab.engine.SimulationEvent.Kind.STEP_SKIPPED) {
                        skipped[0] = e;
                    }
                });
            }

            @Override
            public void frame(long nowMs) {
            }
        });
        player.primary();
        live.speedProperty().set(1000);
        long now = 0;
        for (int i = 0; i < 100_000 && player.state() != LessonPlayer.State.REVEALED; i++) {
            if (!live.playingProperty().get()) {
                player.primary(); // on after a pause at a duplicate
            }
            now += 1_000_000L;
            live.lanes().frame(1_000_000L, now);
        }
        assertEquals(LessonPlayer.State.REVEALED, player.state(), player.statusText());
        org.idempotencylab.engine.SimulationEvent waited = skipped[0];
        assertEquals(waited.timeMs(), live.nowMs(), "paused at the moment");
        assertEquals(List.of(waited.user(), waited.repeat()),
                List.of(live.storyJob().user(), live.storyJob().repeat()), "the code panel and the caption tell it");
        assertEquals(waited, live.spotlit());
    }

    @Test
    void everyFramePausesTheLiveRunAtItsMomentWithTheHeadlessAnswer() {
        List<String> seen = new ArrayList<>();
        for (Lessons.Entry e : player.lessons()) {
            player.open(e);
            for (int i = 0; i < e.lesson().frames().size(); i++) {
                LessonFrame f = player.current();
                // a frame of the same run as the one before goes on from that one's moment, any other from 0
                long before = i == 0 ? 0 : LessonRun.play(e.lesson().frames().get(i - 1)).atMs();
                long from = i > 0 && LessonPlayer.sameRun(e.lesson().frames().get(i - 1), f)
                        && LessonRun.play(f).atMs() > before ? before : 0;
                assertEquals(from, live.nowMs(), e.fileName() + " frame " + (i + 1) + " starts there");
                assertEquals(LessonPlayer.State.READY, player.state());
                if (f.predict() != null) {
                    player.choose(f.predict().answer());
                }
                player.primary();
                assertTrue(live.playingProperty().get(), "Play to the moment plays the live view");
                stepToTheMoment(200_000);
                assertFalse(live.playingProperty().get(), "paused at the moment");
                LessonRun.Outcome headless = LessonRun.play(f);
                assertEquals(headless.measured(), player.measured(), e.fileName() + " frame " + (i + 1));
                assertTrue(live.nowMs() >= headless.atMs(), "not before the moment");
                if (f.predict() != null) {
                    assertTrue(player.revealText().startsWith("✓ You predicted"), player.revealText());
                    assertTrue(player.optionText(f.predict().answer()).endsWith("✓ your prediction: right"));
                }
                assertFalse(player.explainText().isEmpty() && !f.explain().isEmpty());
                seen.add(e.fileName() + " " + (i + 1));
                player.primary(); // Continue (the last frame: finish)
            }
            assertFalse(player.openProperty().get(), "Finish the lesson closes it");
        }
        assertTrue(seen.size() >= 15, seen.toString());
    }

    @Test
    void aResetInTheLiveViewReplaysTheFrameToItsMomentAndBackGoesToThePreviousFrame() {
        assertTrue(player.open("stuck-in-progress"));
        player.primary(); // frame 1 to its crash
        stepToTheMoment(200_000);
        player.primary(); // Continue: frame 2, at its start
        player.primary(); // Play to the moment
        stepToTheMoment(200_000);
        long measured = player.measured();
        live.reset();
        assertEquals(LessonPlayer.State.READY, player.state(), "the same run again: its moment to come");
        stepToTheMoment(200_000);
        assertEquals(measured, player.measured());
        assertEquals("Frame 2 of 4", player.frameCountText());
        player.back();
        assertEquals("Frame 1 of 4", player.frameCountText());
        assertEquals(0, live.nowMs());
        assertEquals(LessonPlayer.State.READY, player.state());
    }

    @Test
    void aNameWithAFrameNumberOpensThere() {
        assertTrue(player.open("whole-job-retry:3"));
        assertEquals("Frame 3 of 4", player.frameCountText());
        assertFalse(player.open("whole-job-retry:9"));
        assertTrue(player.notice().contains("frame 9"), player.notice());
    }

    @Test
    void anUnknownLessonNameSaysWhichThereAreAndAPresetClosesALesson() {
        assertFalse(player.open("nope"));
        assertTrue(player.openProperty().get());
        assertTrue(player.notice().startsWith("There is no lesson named nope. The lessons are: lost-reply.json, "),
                player.notice());
        assertTrue(player.open("lost-reply.json"));
        kit.applyPreset("lost-reply.json");
        assertFalse(player.openProperty().get(), "a preset loaded meanwhile closes the lesson");
    }
}
