package org.idempotencylab.ui.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.Test;

/**
 * The key store connected to the live run as the lab connects them (a {@code LiveRunListener} at
 * {@link KeyStoreViewModel#FLUSHES_PER_SECOND} while playing), without the toolkit: it shows each new run, its
 * keys at once after a step, and takes at most ten flushes a second while the run plays.
 */
class KeyStoreFollowsTheLiveRunTest {
    private static final long FRAME_NANOS = 16_666_667; // 60 frames a second
    /** One calm sign-up whose every step goes through the in-memory store. */
    private static final Scenario ONE = LiveViewModel.classroomDefaults().toBuilder().jobs(1).pFail(0).lostReply(0)
            .build();

    private final LiveViewModel live = new LiveViewModel(ONE);
    private final KeyStoreViewModel keys = new KeyStoreViewModel();

    KeyStoreFollowsTheLiveRunTest() {
        live.addFrameListener(keys, KeyStoreViewModel.FLUSHES_PER_SECOND); // what App does
        live.strategyProperty().set(Strategy.WHOLE_JOB_SKIP_FINISHED);
    }

    @Test
    void eachResetShowsTheNewRunAndEachStepItsKeysAtOnce() {
        live.reset();
        SignupSimulation first = live.simulation();
        assertSame(first, keys.simulation());
        assertTrue(keys.storeInUse().get());
        while (keys.storeRows().isEmpty()) {
            live.stepOnce();
        }
        // the first step's key appears with the step that started it, not at the next tenth of a second
        assertEquals("save the user:user_0", keys.storeRows().get(0).keyText());
        assertEquals(live.nowMs(), keys.nowMsProperty().get());
        live.reset();
        assertNotSame(first, keys.simulation());
        assertSame(live.simulation(), keys.simulation());
        assertTrue(keys.storeRows().isEmpty(), "a new run starts with an empty store");
    }

    @Test
    void whilePlayingTheKeyTablesTakeAtMostTenFlushesASecond() {
        live.reset();
        AtomicInteger flushes = new AtomicInteger();
        keys.nowMsProperty().addListener((o, was, now) -> flushes.incrementAndGet()); // each flush moves it
        live.togglePlay();
        long t = 0;
        for (int frame = 0; frame < 60; frame++) { // one real second at 1x
            t += FRAME_NANOS;
            live.frame(FRAME_NANOS, t);
        }
        assertTrue(flushes.get() >= 9 && flushes.get() <= 11, "about ten in a second, not sixty: " + flushes.get());
        live.togglePlay(); // pause: the tables show where the run stopped
        assertEquals(live.nowMs(), keys.nowMsProperty().get());
    }
}
