package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.CauseScenarios;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * "Pause at each new duplicate", without the toolkit: playing stops right after a job's first side effect done
 * again, at any speed, with the clock at the duplicate, its envelope the provider's newest, and the caption, the code
 * panel and the story line all about that job; Play goes on; a job pauses once; off, the run plays through.
 */
class DuplicatePauseTest {
    private static final long FRAME_NANOS = 16_666_667; // 60 frames a second

    /** The opening scene: three sign-ups, user_0's reply is lost, the retry sends a second welcome email. */
    private static LiveViewModel opening(double speed) {
        CauseScenarios.Case c = CauseScenarios.all().get(0);
        LiveViewModel vm = new LiveViewModel(c.scenario());
        vm.apply(c.scenario(), c.strategy());
        vm.speedProperty().set(speed);
        return vm;
    }

    /** Plays frames of 1/60 s until the run pauses or {@code frames} have passed; @return the frames played */
    private static int playUntilPaused(LiveViewModel vm, int frames) {
        if (!vm.playingProperty().get()) {
            vm.togglePlay();
        }
        long t = 0;
        for (int i = 1; i <= frames; i++) {
            t += FRAME_NANOS;
            vm.frame(FRAME_NANOS, t);
            if (!vm.playingProperty().get()) {
                return i;
            }
        }
        return frames;
    }

    private static Envelope newest(LiveViewModel vm) {
        List<Envelope> all = new ArrayList<>();
        vm.envelopes().forEach(all::add);
        return all.get(all.size() - 1);
    }

    /**
     * At 1000× one frame is 16.7 virtual seconds, the whole opening scene (its duplicate comes at 0:01.535): without
     * the pause the first frame plays past it and on to the end. With it, the run stops at 0:01.535 itself, user_0's
     * second envelope the newest (ringed on the canvas), and the caption, the lit line and the story's newest entry
     * all about user_0 and why.
     */
    @Test
    void at1000xTheRunStopsAtTheDuplicateItselfAndEverythingTellsIt() {
        for (double speed : new double[] {50, 1000}) {
            LiveViewModel vm = opening(speed);
            playUntilPaused(vm, 600);
            assertFalse(vm.playingProperty().get(), speed + "×: paused");
            SimulationEvent dup = vm.spotlit();
            assertNotNull(dup, speed + "×: paused at a duplicate");
            assertEquals(Kind.DUPLICATE_SIDE_EFFECT, dup.kind());
            assertEquals(List.of(0L, 1_535L), List.of(dup.user(), dup.timeMs()));
            assertEquals(1_535, vm.nowMs(), speed + "×: the clock stands at the duplicate, not a frame later");
            Envelope e = newest(vm);
            assertEquals(List.of(0L, 2), List.of(e.user(), e.nth()), "user_0's second email is the newest");
            JobToken job = vm.storyJob();
            assertEquals(0, job.user());
            Strategy s = vm.simulation().strategy();
            assertEquals("provider.send", CodeMap.litLine(s, job.history()), "the send that runs every time");
            assertTrue(Caption.of(s, job.history()).startsWith("user_0 got ANOTHER welcome email: the reply was lost"),
                    Caption.of(s, job.history()));
            List<StoryLine.Entry> story = vm.story();
            StoryLine.Entry last = story.get(story.size() - 1);
            assertTrue(last.duplicate() && last.event().cause() == DuplicateCause.LOST_REPLY, "story: " + story);
            assertTrue(story.stream().anyMatch(x -> x.event().kind() == Kind.REPLY_LOST && x.event().user() == 0),
                    "the lost reply that led to it is still in the story: " + story);
        }
    }

    @Test
    void playGoesOnAndAJobPausesOnlyOnce() {
        LiveViewModel vm = opening(1000);
        playUntilPaused(vm, 600);
        assertEquals(1_535, vm.nowMs());
        playUntilPaused(vm, 600);
        assertTrue(vm.nowMs() > 1_535, "Play went on past the duplicate");
        assertNull(vm.spotlit(), "the pause's moment is gone once the run moved");
        assertTrue(vm.simulation().isFinished(), "the opening scene has one duplicate: it plays to the end");
    }

    @Test
    void offTheRunPlaysThrough() {
        LiveViewModel vm = opening(1000);
        vm.pauseAtDuplicatesProperty().set(false);
        playUntilPaused(vm, 600);
        assertTrue(vm.simulation().isFinished(), "no pause: the run plays to its end");
        assertNull(vm.spotlit());
    }

    /**
     * Classroom defaults (20 sign-ups, one reply in five lost): each pause is at a job's first duplicate, no job
     * pauses twice, and every duplicate of the run is either a pause or a job's later one.
     */
    @Test
    void eachPauseIsANewJobsFirstDuplicate() {
        Scenario s = LiveViewModel.classroomDefaults();
        LiveViewModel vm = new LiveViewModel(s);
        vm.apply(s, Strategy.EACH_STEP_NO_KEY);
        vm.speedProperty().set(1000);
        List<String> paused = new ArrayList<>();
        for (int i = 0; i < 100 && !vm.simulation().isFinished(); i++) {
            playUntilPaused(vm, 100);
            SimulationEvent at = vm.spotlit();
            if (at != null) {
                assertEquals(at.timeMs(), vm.nowMs());
                String job = EventText.user(at.user(), at.repeat());
                assertFalse(paused.contains(job), job + " paused twice");
                paused.add(job);
            }
        }
        assertTrue(paused.size() >= 2, "several jobs ran a step twice: " + paused);
        assertEquals(vm.simulation().result().usersWithDuplicateEmails(), paused.size(),
                "each step retried alone with no key: only the email is done again, once per user who got two");
    }

    /** The timeline back before a pause: playing over it again pauses there again. */
    @Test
    void aSeekBackMakesTheDuplicateNewAgain() {
        LiveViewModel vm = opening(1000);
        playUntilPaused(vm, 600);
        vm.seek(1_000); // before the duplicate at 1,535
        playUntilPaused(vm, 600);
        assertEquals(1_535, vm.nowMs(), "paused at the same duplicate again");
        assertNotNull(vm.spotlit());
    }

    /** Two lanes on one clock: lane B stops at the moment lane A paused at. */
    @Test
    void withTwoLanesLaneBStopsAtTheSameMoment() {
        LiveViewModel vm = opening(1000);
        Lanes lanes = vm.lanes();
        lanes.secondOnProperty().set(true);
        lanes.togglePlay();
        long t = 0;
        for (int i = 0; i < 600 && vm.playingProperty().get(); i++) {
            t += FRAME_NANOS;
            lanes.frame(FRAME_NANOS, t);
        }
        assertEquals(1_535, vm.nowMs());
        assertEquals(1_535, lanes.laneB().nowMs(), "lane B at the same virtual time");
    }

    /**
     * Every way a step runs again (each cause's run, forced faults replayed): at the pause the job's token stands at
     * the station whose side effect it did again, not at the next one the engine already moved it to in the same
     * instant. Measured: 8 causes have their job at a station at the pause, and in all 8 the engine's token is
     * already one station further, so the placement is what keeps it there.
     */
    @Test
    void atThePauseTheTokenStandsAtTheStationItDidAgain() {
        int movedOn = 0;
        int checked = 0;
        for (CauseScenarios.Case c : CauseScenarios.all()) {
            LiveViewModel vm = new LiveViewModel(c.scenario());
            vm.apply(c.scenario(), c.strategy(),
                    c.faults() == null ? null : new LiveViewModel.FaultPlan(c.kinds(), c.faults()));
            vm.speedProperty().set(50);
            playUntilPaused(vm, 20_000);
            SimulationEvent dup = vm.spotlit();
            assertNotNull(dup, c.name() + ": paused at a duplicate");
            JobToken job = vm.spotlightJob();
            if (job == null || !(job.phase == JobToken.Phase.CALLING || job.phase == JobToken.Phase.BACKOFF)) {
                continue; // finished, or back in the queue: drawn in its column, not at a station
            }
            checked++;
            assertEquals(dup.step(), TokenPlacer.HeldAt.of(vm).step(job), c.name());
            movedOn += job.step != dup.step() ? 1 : 0;
        }
        assertTrue(checked >= 3, "causes whose job stands at a station at the pause: " + checked);
        assertTrue(movedOn >= 1, "no cause had its token moved on: the test would pass without the placement");
    }
}
