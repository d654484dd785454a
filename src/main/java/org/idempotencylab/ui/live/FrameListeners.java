package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.ui.LiveRunListener;

/**
 * The views that follow the live run ({@link LiveRunListener}s), each told of every new simulation and of the
 * frames after the simulation moved. A listener may ask for at most so many frames a second while the run plays
 * (the key store: relaying out a table of thousands of rows every frame costs more than the rest of the frame
 * together); it still hears every step, click and Reset at once, and the last frame it missed when the run pauses
 * or ends, so what it shows is never older than the paused run.
 */
final class FrameListeners {
    private final List<Entry> entries = new ArrayList<>();

    /** One listener, and when it last heard a frame while playing. */
    private static final class Entry {
        final LiveRunListener listener;
        final long periodNanos; // 0: every frame
        boolean heardOne;
        long lastNanos;
        boolean missed;         // a frame went by unheard since it last heard one

        Entry(LiveRunListener listener, long periodNanos) {
            this.listener = listener;
            this.periodNanos = periodNanos;
        }

        void frame(long nowMs) {
            missed = false;
            listener.frame(nowMs);
        }
    }

    /**
     * Adds {@code listener}; if a run is going ({@code current} not null) it hears it at once.
     *
     * @param maxFramesPerSecond the most frames a second it hears while the run plays; 0 for every frame
     * @throws IllegalArgumentException if {@code maxFramesPerSecond} is negative
     */
    void add(LiveRunListener listener, int maxFramesPerSecond, SignupSimulation current) {
        if (maxFramesPerSecond < 0) {
            throw new IllegalArgumentException("maxFramesPerSecond: " + maxFramesPerSecond
                    + " is outside the allowed range 0 (every frame) and up");
        }
        entries.add(new Entry(listener, maxFramesPerSecond == 0 ? 0 : 1_000_000_000L / maxFramesPerSecond));
        if (current != null) {
            listener.attached(current);
        }
    }

    /** A new run: every listener hears it. */
    void attached(SignupSimulation simulation) {
        for (Entry e : entries) {
            e.heardOne = false;
            e.listener.attached(simulation);
        }
    }

    /**
     * The listeners that hear one frame: {@link #read} them where the simulation moves, then {@link #frame} them
     * on the FX thread, with the same clock.
     */
    static final class Delivery {
        private final List<Entry> to;

        private Delivery(List<Entry> to) {
            this.to = to;
        }

        /** Each listener reads what its frame will show (on the thread that moves the simulation). */
        void read(long nowMs) {
            for (Entry e : to) {
                e.listener.read(nowMs);
            }
        }

        /** Each listener hears the frame (on the FX thread). */
        void frame(long nowMs) {
            for (Entry e : to) {
                e.frame(nowMs);
            }
        }

        boolean isEmpty() {
            return to.isEmpty();
        }
    }

    /**
     * A frame of the playing run at real time {@code nowNanos}: each listener hears it unless it heard one less than
     * its period ago (it is then marked as having missed one).
     */
    Delivery playingFrame(long nowNanos) {
        List<Entry> due = new ArrayList<>();
        for (Entry e : entries) {
            if (e.periodNanos == 0 || !e.heardOne || nowNanos - e.lastNanos >= e.periodNanos) {
                e.heardOne = true;
                e.lastNanos = nowNanos;
                due.add(e);
            } else {
                e.missed = true;
            }
        }
        return new Delivery(due);
    }

    /** Something changed outside playing (a step, a click, a Reset): every listener hears it now. */
    Delivery all() {
        return new Delivery(List.copyOf(entries));
    }

    /** The run paused or ended: a listener that missed the last frames hears the state it stopped in. */
    Delivery settle() {
        List<Entry> missed = new ArrayList<>();
        for (Entry e : entries) {
            if (e.missed) {
                missed.add(e);
            }
        }
        return new Delivery(missed);
    }
}
