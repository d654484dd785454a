package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** Playback's clock and frame budget, without the toolkit: frames are calls with a real time elapsed. */
class PlaybackTest {
    private static final long FRAME_NANOS = 16_666_667; // 60 frames a second

    private static SignupSimulation started(Scenario s) {
        SignupSimulation sim = new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        sim.setListener(e -> { });
        sim.start();
        return sim;
    }

    @Test
    void atATenthOfRealTimeASecondOfFramesIsATenthOfAVirtualSecond() {
        // 20 sign-ups arriving one a second keep events coming for 20 virtual s: the clock moves by the frames
        SignupSimulation sim = started(LiveViewModel.classroomDefaults());
        Playback p = new Playback(System::nanoTime);
        p.speedProperty().set(0.1);
        for (int frame = 0; frame < 60; frame++) {
            p.advance(sim, false, FRAME_NANOS); // 1.67 virtual ms a frame: the fractions carry over
        }
        assertEquals(100, sim.nowMs(), 1, "60 frames of 1/60 s at 0.1x: 100 virtual ms, not 60 (1 per frame)");
    }

    @Test
    void aFrameRunsAtMostFiveThousandEventsAndTheClockFallsBehind() {
        Scenario many = Scenario.article().toBuilder().jobs(10_000).workers(100).build(); // all at once
        SignupSimulation sim = started(many);
        Playback p = new Playback(System::nanoTime);
        p.speedProperty().set(Playback.MAX_SPEED);
        int ran = p.advance(sim, false, 1_000_000_000L); // a second of real time: 1,000 virtual s
        assertEquals(Playback.MAX_EVENTS_PER_FRAME, ran);
        assertTrue(p.behindProperty().get(), "the status bar says the speed is capped");
        assertTrue(sim.nowMs() < 1_000_000);
    }

    @Test
    void onADatabaseAFrameSpendsAtMostEightMillisecondsOnRoundTrips() {
        Scenario many = Scenario.article().toBuilder().jobs(10_000).workers(100).build();
        SignupSimulation sim = started(many);
        AtomicLong clock = new AtomicLong();
        // each look at the clock finds a millisecond gone: a batch of 16 events costs 1 ms of round trips
        Playback p = new Playback(() -> clock.addAndGet(1_000_000));
        p.speedProperty().set(Playback.MAX_SPEED);
        int ran = p.advance(sim, true, 1_000_000_000L);
        // the budget is read once (t0 + 8 ms), then looked at after each batch: 8 batches of 16 events
        assertEquals(8 * 16, ran);
        assertTrue(p.behindProperty().get());
    }

    @Test
    void theSpeedSliderIsLogarithmicWithTwoSignificantDigits() {
        assertEquals(0.1, Playback.speedAt(-1), 1e-12);
        assertEquals(1, Playback.speedAt(0), 1e-12);
        assertEquals(3.2, Playback.speedAt(0.5), 1e-12, "10^0.5 = 3.16...");
        assertEquals(1000, Playback.speedAt(3), 1e-12);
        assertEquals(1000, Playback.speedAt(3.2), 1e-12, "never above 1000x");
        assertEquals("0.1×", Playback.speedText(0.1));
        assertEquals("20×", Playback.speedText(20));
        assertEquals("1,000×", Playback.speedText(1000));
    }

    @Test
    void eventsPerSecondArePublishedOnceASecond() {
        SignupSimulation sim = started(LiveViewModel.classroomDefaults());
        Playback p = new Playback(System::nanoTime);
        assertEquals("0 events/s", p.eventsPerSecondProperty().get());
        p.measure(1_000_000_000L); // opens the first window
        p.speedProperty().set(100);
        int ran = 0;
        for (int frame = 1; frame <= 60; frame++) {
            ran += p.advance(sim, false, FRAME_NANOS);
            p.measure(1_000_000_000L + frame * FRAME_NANOS);
        }
        assertTrue(ran > 0);
        assertEquals(String.format(Locale.ROOT, "%,.0f events/s", ran / (60 * FRAME_NANOS / 1e9)),
                p.eventsPerSecondProperty().get());
        assertFalse(p.behindProperty().get(), "a classroom run at 100x keeps up");
    }
}
