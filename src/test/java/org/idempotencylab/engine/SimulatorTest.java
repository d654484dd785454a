package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The discrete-event simulator's contract (its class comment; docs/simulation.md: "Waiting moves the clock only"). */
class SimulatorTest {

    /** One fired event: its label and the clock when it ran. */
    private record Fired(String label, long atMs) {
    }

    private static Event record(Simulator sim, List<Fired> log, String label) {
        return () -> log.add(new Fired(label, sim.nowMs()));
    }

    @Test
    void eventsRunInTimeOrderWhateverOrderTheyWereScheduled() {
        Simulator sim = new Simulator();
        List<Fired> log = new ArrayList<>();
        sim.schedule(300, record(sim, log, "c"));
        sim.schedule(100, record(sim, log, "a"));
        sim.schedule(200, record(sim, log, "b"));
        sim.schedule(0, record(sim, log, "now"));
        sim.run();
        assertEquals(List.of(new Fired("now", 0), new Fired("a", 100), new Fired("b", 200), new Fired("c", 300)),
                log);
        assertEquals(0, sim.pendingEvents());
        assertEquals(4, sim.eventsFired());
    }

    @Test
    void eventsAtTheSameTimeRunFirstInFirstOut() {
        Simulator sim = new Simulator();
        List<String> order = new ArrayList<>();
        // 100 events at one instant, interleaved with events at other times so the heap reorders a lot:
        // ties must still come out in scheduling order.
        for (int i = 0; i < 100; i++) {
            String label = "t" + i;
            sim.schedule(50, () -> order.add(label));
            sim.schedule(100 - i % 7, () -> { });
        }
        sim.run();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            expected.add("t" + i);
        }
        assertEquals(expected, order);
    }

    @Test
    void zeroDelayFromInsideAnEventRunsAfterEventsAlreadyScheduledForNow() {
        Simulator sim = new Simulator();
        List<String> order = new ArrayList<>();
        sim.schedule(10, () -> {
            order.add("first");
            sim.schedule(0, () -> order.add("scheduled by first"));
        });
        sim.schedule(10, () -> order.add("second"));
        sim.run();
        assertEquals(List.of("first", "second", "scheduled by first"), order);
        assertEquals(10, sim.nowMs());
    }

    @Test
    void randomScheduleMatchesASortByTimeThenSequence() {
        // A reference: sort (time, scheduling order). Many events with few distinct times exercise ties and the
        // heap's growth past its initial 16 slots.
        Simulator sim = new Simulator();
        Random random = new Random(7);
        List<long[]> expected = new ArrayList<>(); // {time, seq}
        List<long[]> actual = new ArrayList<>();
        for (int seq = 0; seq < 2_000; seq++) {
            long time = random.nextInt(50);
            long[] id = {time, seq};
            expected.add(id);
            sim.schedule(time, () -> actual.add(new long[] {sim.nowMs(), id[1]}));
        }
        expected.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        sim.run();
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i)[0], actual.get(i)[0], "time of event " + i);
            assertEquals(expected.get(i)[1], actual.get(i)[1], "event " + i);
        }
    }

    @Test
    void negativeDelayIsRejectedAndSchedulesNothing() {
        Simulator sim = new Simulator();
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(-1, () -> { }));
        assertEquals(0, sim.pendingEvents());
    }

    @Test
    void scheduleAtInThePastIsRejected() {
        Simulator sim = new Simulator();
        sim.runUntil(100);
        assertThrows(IllegalArgumentException.class, () -> sim.scheduleAt(99, () -> { }));
        sim.scheduleAt(100, () -> { }); // now itself is allowed
        assertEquals(1, sim.pendingEvents());
    }

    @Test
    void runUntilRunsOnlyDueEventsAndMovesTheClock() {
        Simulator sim = new Simulator();
        List<Fired> log = new ArrayList<>();
        sim.schedule(100, record(sim, log, "a"));
        sim.schedule(150, record(sim, log, "b"));
        sim.schedule(151, record(sim, log, "c"));

        sim.runUntil(150); // "at or before": b at exactly 150 runs, c at 151 does not
        assertEquals(List.of(new Fired("a", 100), new Fired("b", 150)), log);
        assertEquals(150, sim.nowMs());
        assertEquals(1, sim.pendingEvents());
        assertEquals(151, sim.nextEventTimeMs());

        sim.runUntil(1_000); // clock moves to the target even past the last event
        assertEquals(new Fired("c", 151), log.get(2));
        assertEquals(1_000, sim.nowMs());
        assertEquals(Long.MAX_VALUE, sim.nextEventTimeMs());

        sim.runUntil(5_000); // with nothing pending, the clock still moves
        assertEquals(5_000, sim.nowMs());
        assertThrows(IllegalArgumentException.class, () -> sim.runUntil(4_999));
        assertEquals(5_000, sim.nowMs());
    }

    @Test
    void delaysAreRelativeToTheClockAfterRunUntil() {
        Simulator sim = new Simulator();
        sim.runUntil(1_000);
        List<Fired> log = new ArrayList<>();
        sim.schedule(5, record(sim, log, "x"));
        sim.run();
        assertEquals(List.of(new Fired("x", 1_005)), log);
    }

    @Test
    void stepRunsExactlyOneEvent() {
        Simulator sim = new Simulator();
        List<Fired> log = new ArrayList<>();
        sim.schedule(10, record(sim, log, "a"));
        sim.schedule(10, record(sim, log, "b"));
        sim.schedule(20, record(sim, log, "c"));

        assertTrue(sim.step());
        assertEquals(List.of(new Fired("a", 10)), log);
        assertEquals(2, sim.pendingEvents());
        assertEquals(1, sim.eventsFired());

        assertTrue(sim.step());
        assertEquals(new Fired("b", 10), log.get(1));
        assertTrue(sim.step());
        assertEquals(new Fired("c", 20), log.get(2));

        assertFalse(sim.step()); // nothing pending: no event, clock unchanged
        assertEquals(20, sim.nowMs());
        assertEquals(3, sim.eventsFired());
    }

    @Test
    void clockNeverGoesBack() {
        Simulator sim = new Simulator();
        Random random = new Random(11);
        long[] last = {0};
        List<Long> seen = new ArrayList<>();
        // Events schedule further events at random delays (0 included) up to a budget.
        int[] budget = {5_000};
        Event[] chain = new Event[1];
        chain[0] = () -> {
            assertTrue(sim.nowMs() >= last[0], "clock went back from " + last[0] + " to " + sim.nowMs());
            last[0] = sim.nowMs();
            seen.add(sim.nowMs());
            for (int k = 0; k < 2 && budget[0] > 0; k++, budget[0]--) {
                sim.schedule(random.nextInt(20), chain[0]);
            }
        };
        sim.schedule(0, chain[0]);
        sim.run();
        assertEquals(5_001, seen.size()); // the first event plus the 5,000 it and its descendants scheduled
        assertEquals(last[0], sim.nowMs());
    }
}
