package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
    private Tiebreak tiebreak; // null: events due at one instant run first-in, first-out

    /** Decides which of the events due at one instant runs first, in place of first-in, first-out. */
    @FunctionalInterface
    public interface Tiebreak {
        /**
         * @param timeMs the virtual ms they are due at (the clock still shows the last event's time)
         * @param due    the events due at the earliest pending time, two or more, in the order they were scheduled
         * @return the index in {@code due} of the one to run now; 0 keeps first-in, first-out
         */
        int firstOf(long timeMs, List<Event> due);
    }

    /**
     * Lets {@code tiebreak} pick which of two or more events due at one instant runs first (the explorer's races);
     * null restores first-in, first-out. Runs without one never pay for it.
     */
    public void setTiebreak(Tiebreak tiebreak) {
        this.tiebreak = tiebreak;
    }

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
        put(siftUp(size++, timeMs, seq), timeMs, seq, event);
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
        if (tiebreak != null && size > 1) {
            int chosen = chooseAmongDue();
            if (chosen > 0) {
                fireAt(chosen);
                return true;
            }
        }
        long time = times[0];
        Event event = events[0];
        int last = --size;
        if (last > 0) {
            siftDown(0, times[last], seqs[last], events[last], last);
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

    /**
     * Asks the tiebreak which of the events due at the earliest time runs first.
     *
     * @return the heap index of the chosen event, 0 for the first-in one (or when only one is due)
     */
    private int chooseAmongDue() {
        long time = times[0];
        List<Integer> due = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (times[i] == time) {
                due.add(i);
            }
        }
        if (due.size() < 2) {
            return 0;
        }
        due.sort((a, b) -> Long.compare(seqs[a], seqs[b]));
        List<Event> inOrder = new ArrayList<>(due.size());
        for (int i : due) {
            inOrder.add(events[i]);
        }
        int pick = tiebreak.firstOf(time, inOrder);
        if (pick < 0 || pick >= due.size()) {
            throw new IllegalStateException("tiebreak chose " + pick + " of " + due.size() + " events");
        }
        return due.get(pick);
    }

    /** Removes the event at heap index {@code i} (not the root) and runs it. */
    private void fireAt(int i) {
        long time = times[i];
        Event event = events[i];
        int last = --size;
        if (i != last) { // the last element fills the hole, up or down from it
            long t = times[last];
            long s = seqs[last];
            Event e = events[last];
            events[last] = null;
            int up = siftUp(i, t, s);
            if (up != i) {
                put(up, t, s, e);
            } else {
                siftDown(i, t, s, e, size);
            }
        } else {
            events[last] = null;
        }
        nowMs = time;
        eventsFired++;
        event.fire();
    }

    /**
     * Feeds the pending events to {@code sink} in the order they would run (time, then scheduling order), as
     * (time, rank, event) with the rank 0, 1, 2, ... in place of the sequence number: two simulators holding the
     * same events in the same order give the same feed, whatever else they scheduled before. For
     * {@link StateDigest}.
     */
    void pendingInOrder(PendingSink sink) {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> before(times[a], seqs[a], times[b], seqs[b]) ? -1
                : before(times[b], seqs[b], times[a], seqs[a]) ? 1 : 0);
        for (int rank = 0; rank < size; rank++) {
            sink.accept(times[order[rank]], rank, events[order[rank]]);
        }
    }

    /** What {@link #pendingInOrder} feeds. */
    interface PendingSink {
        void accept(long timeMs, int rank, Event event);
    }

    /** Moves the hole at {@code i} up while (time, seq) goes before its parent; @return where it stops. */
    private int siftUp(int i, long time, long seq) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(time, seq, times[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        return i;
    }

    /** Puts (time, seq, event) in the hole at {@code i} of a heap of {@code n}, moving it down to where it belongs. */
    private void siftDown(int i, long time, long seq, Event event, int n) {
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
        put(i, time, seq, event);
    }

    private void put(int i, long time, long seq, Event event) {
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
