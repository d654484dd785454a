package org.idempotencylab.engine;

import java.util.Arrays;

/**
 * A discrete-event simulator on a virtual clock in milliseconds.
 *
 * <p>Events run in order of time; events at the same time run first-in first-out (the order they were
 * scheduled). Waiting moves the clock only: nothing here sleeps. One instance per simulation, not thread-safe.
 *
 * <p>The queue is a binary heap over parallel arrays (time, sequence number, event), so scheduling allocates
 * nothing once the arrays have grown to the number of pending events.
 */
public final class Simulator {
    private long nowMs;
    private long nextSeq;
    private long eventsFired;
    private long[] times = new long[16];
    private long[] seqs = new long[16];
    private Event[] events = new Event[16];
    private int size;

    /** @return the current virtual time in ms (starts at 0, never decreases). */
    public long nowMs() {
        return nowMs;
    }

    /** @return how many events have run so far. */
    public long eventsFired() {
        return eventsFired;
    }

    /** @return how many events are scheduled and not yet run. */
    public int pendingEvents() {
        return size;
    }

    /** @return the time of the next event in virtual ms, or {@link Long#MAX_VALUE} when none is pending. */
    public long nextEventTimeMs() {
        return size == 0 ? Long.MAX_VALUE : times[0];
    }

    /**
     * Schedules {@code event} to run {@code delayMs} virtual ms from now.
     *
     * @param delayMs 0 or more; 0 runs after every event already scheduled for now
     * @throws IllegalArgumentException if {@code delayMs} is negative
     */
    public void schedule(long delayMs, Event event) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("delayMs must be >= 0, was " + delayMs);
        }
        scheduleAt(nowMs + delayMs, event);
    }

    /**
     * Schedules {@code event} at the absolute virtual time {@code timeMs}.
     *
     * @throws IllegalArgumentException if {@code timeMs} is before {@link #nowMs()}
     */
    public void scheduleAt(long timeMs, Event event) {
        if (timeMs < nowMs) {
            throw new IllegalArgumentException("timeMs " + timeMs + " is in the past (now " + nowMs + ")");
        }
        if (size == times.length) {
            int n = size * 2;
            times = Arrays.copyOf(times, n);
            seqs = Arrays.copyOf(seqs, n);
            events = Arrays.copyOf(events, n);
        }
        long seq = nextSeq++;
        int i = size++;
        while (i > 0) { // sift up
            int parent = (i - 1) >>> 1;
            if (!before(timeMs, seq, times[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        times[i] = timeMs;
        seqs[i] = seq;
        events[i] = event;
    }

    /**
     * Runs the earliest pending event, moving the clock to its time.
     *
     * @return false if no event was pending
     */
    public boolean step() {
        if (size == 0) {
            return false;
        }
        long time = times[0];
        Event event = events[0];
        int last = --size;
        if (last > 0) {
            siftDown(times[last], seqs[last], events[last], last);
        }
        events[last] = null;
        nowMs = time;
        eventsFired++;
        event.fire();
        return true;
    }

    /** Runs events until none is pending. */
    public void run() {
        while (step()) {
            // each step runs one event
        }
    }

    /**
     * Runs every event due at or before {@code timeMs}, then sets the clock to {@code timeMs}.
     *
     * @param timeMs virtual ms, not before {@link #nowMs()}
     * @throws IllegalArgumentException if {@code timeMs} is in the past
     */
    public void runUntil(long timeMs) {
        if (timeMs < nowMs) {
            throw new IllegalArgumentException("timeMs " + timeMs + " is in the past (now " + nowMs + ")");
        }
        while (size > 0 && times[0] <= timeMs) {
            step();
        }
        nowMs = timeMs;
    }

    private void siftDown(long time, long seq, Event event, int n) {
        int i = 0;
        int half = n >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < n && before(times[right], seqs[right], times[child], seqs[child])) {
                child = right;
            }
            if (!before(times[child], seqs[child], time, seq)) {
                break;
            }
            move(child, i);
            i = child;
        }
        times[i] = time;
        seqs[i] = seq;
        events[i] = event;
    }

    private void move(int from, int to) {
        times[to] = times[from];
        seqs[to] = seqs[from];
        events[to] = events[from];
    }

    private static boolean before(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }
}
