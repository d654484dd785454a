package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.ui.LiveRunListener;
import org.junit.jupiter.api.Test;

/**
 * What the views that follow the live run hear, without the toolkit: every new run, and the frames after the
 * run moved, at most so many a second while playing for a view that asks (the key store's ten), every step and
 * click at once, and the frame it missed when the run pauses.
 */
class LiveViewModelFramesTest {
    private static final long FRAME_NANOS = 16_666_667; // 60 frames a second

    /** Remembers what it heard. */
    private static final class Heard implements LiveRunListener {
        final List<SignupSimulation> runs = new ArrayList<>();
        final List<Long> frames = new ArrayList<>();

        @Override
        public void attached(SignupSimulation simulation) {
            runs.add(simulation);
        }

        @Override
        public void frame(long nowMs) {
            frames.add(nowMs);
        }

        long last() {
            return frames.get(frames.size() - 1);
        }
    }

    /** Plays {@code frames} frames of 1/60 s from real time {@code fromNanos}; returns the time after them. */
    private static long play(LiveViewModel vm, int frames, long fromNanos) {
        long t = fromNanos;
        for (int i = 0; i < frames; i++) {
            t += FRAME_NANOS;
            vm.frame(FRAME_NANOS, t);
        }
        return t;
    }

    @Test
    void whilePlayingALimitedViewHearsTenFramesASecondAndEveryOtherViewEveryFrame() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        Heard every = new Heard();
        Heard tenASecond = new Heard();
        vm.addFrameListener(every);
        vm.addFrameListener(tenASecond, 10);
        vm.reset();
        assertEquals(1, tenASecond.runs.size(), "a new run");
        assertSame(vm.simulation(), tenASecond.runs.get(0));
        int before = tenASecond.frames.size();
        vm.togglePlay();
        play(vm, 120, 0); // two seconds at 1x: the 20 sign-ups arrive one a second, so every frame moves
        assertEquals(before + 120, every.frames.size());
        // frames 1, 7, 13, ...: the first, then each one at least 100 ms after the last heard
        int heard = tenASecond.frames.size() - before;
        assertTrue(heard >= 19 && heard <= 21, "ten a second over two seconds: " + heard);
    }

    @Test
    void aPauseTellsALimitedViewTheFrameItMissed() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        Heard tenASecond = new Heard();
        vm.addFrameListener(tenASecond, 10);
        vm.reset();
        vm.togglePlay();
        long t = play(vm, 1, 0); // heard
        play(vm, 3, t);          // 50 ms more: not heard
        assertTrue(tenASecond.last() < vm.nowMs(), "the view is a few frames behind while playing");
        vm.togglePlay();          // pause
        assertFalse(vm.playingProperty().get());
        assertEquals(vm.nowMs(), tenASecond.last(), "paused: the view shows the run where it stopped");
    }

    @Test
    void aStepOrAClickIsHeardAtOnceEvenRightAfterAFrame() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        Heard tenASecond = new Heard();
        vm.addFrameListener(tenASecond, 10);
        vm.reset();
        vm.togglePlay();
        play(vm, 1, 0);
        int heard = tenASecond.frames.size();
        vm.stepOnce(); // pauses, runs one event
        vm.stepOnce();
        assertEquals(heard + 2, tenASecond.frames.size(), "each step at once");
        assertEquals(vm.nowMs(), tenASecond.last());
        vm.clickProvider();
        assertEquals(heard + 3, tenASecond.frames.size(), "a click at once");
    }

    @Test
    void aViewAddedDuringARunHearsItAtOnce() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        Heard late = new Heard();
        vm.addFrameListener(late, 10);
        assertEquals(List.of(vm.simulation()), late.runs);
    }
}
