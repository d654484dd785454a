package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.Simulator;
import org.idempotencylab.store.InMemoryIdempotencyStore.Completion;
import org.idempotencylab.store.InMemoryIdempotencyStore.Entry;
import org.idempotencylab.store.InMemoryIdempotencyStore.Source;
import org.idempotencylab.store.InMemoryIdempotencyStore.State;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The first article's {@code IdempotencyStore.once} contract, on the engine's virtual clock:
 * a finished key returns its saved value and skips the work; a key running now shares that run; a run that
 * throws is not remembered; a finished key is alive while {@code expiresAt > now}, with
 * {@code expiresAt = finish time + ttlMs}.
 */
class InMemoryIdempotencyStoreTest {
    private static final long TTL_MS = 1_000;
    private static final long KEY = 42;

    private Simulator sim;
    private InMemoryIdempotencyStore<String> store;
    private int workStarted;

    /** What one caller got back. */
    private record Answer(String value, String failure, Source source, long atMs) {
    }

    /** A callback that records its answers. */
    private final class Caller implements InMemoryIdempotencyStore.Callback<String> {
        final List<Answer> answers = new ArrayList<>();

        @Override
        public void succeeded(String value, Source source) {
            answers.add(new Answer(value, null, source, sim.nowMs()));
        }

        @Override
        public void failed(String reason, Source source) {
            answers.add(new Answer(null, reason, source, sim.nowMs()));
        }

        Answer only() {
            assertEquals(1, answers.size(), "answers: " + answers);
            return answers.get(0);
        }
    }

    @BeforeEach
    void setUp() {
        sim = new Simulator();
        store = new InMemoryIdempotencyStore<>(TTL_MS, sim::nowMs);
        workStarted = 0;
    }

    /** Work that takes {@code durationMs} of virtual time, then succeeds with {@code value}. */
    private InMemoryIdempotencyStore.Work<String> succeedsAfter(long durationMs, String value) {
        return done -> {
            workStarted++;
            sim.schedule(durationMs, () -> done.succeed(value));
        };
    }

    /** Work that takes {@code durationMs} of virtual time, then fails with {@code reason}. */
    private InMemoryIdempotencyStore.Work<String> failsAfter(long durationMs, String reason) {
        return done -> {
            workStarted++;
            sim.schedule(durationMs, () -> done.fail(reason));
        };
    }

    @Test
    void firstCallRunsTheWork() {
        Caller c = new Caller();
        store.once(KEY, succeedsAfter(200, "sent"), c);
        assertEquals(1, workStarted);
        assertTrue(c.answers.isEmpty(), "the work takes virtual time, so no answer before it ends");
        sim.run();
        assertEquals(new Answer("sent", null, Source.RAN, 200), c.only());
        assertEquals(1, store.runs());
        assertEquals(0, store.hits());
    }

    @Test
    void wipeLosesRunningAndFinishedKeysAsACrashedProcessWould() {
        store.once(7, succeedsAfter(100, "done"), new Caller());
        sim.run(); // key 7 finished at 100
        List<Completion<String>> inFlight = new ArrayList<>();
        Caller owner = new Caller();
        store.once(KEY, inFlight::add, owner); // key 42 running, never ended
        List<String> heard = new ArrayList<>();
        store.setListener(new InMemoryIdempotencyStore.Listener<>() {
            @Override
            public void wiped() {
                heard.add("wiped");
            }
        });
        assertEquals(2, store.liveKeys());

        store.wipe();
        assertEquals(List.of("wiped"), heard);
        assertEquals(0, store.liveKeys());
        assertNull(store.get(7));
        assertNull(store.get(KEY));
        assertTrue(owner.answers.isEmpty(), "the caller died with the process: nobody is called back");
        assertThrows(IllegalStateException.class, () -> inFlight.get(0).succeed("late"));
        // Both keys run their work again, and the counters keep the whole run's totals.
        int before = workStarted;
        store.once(7, succeedsAfter(100, "again"), new Caller());
        store.once(KEY, succeedsAfter(100, "again"), new Caller());
        assertEquals(before + 2, workStarted);
        assertEquals(4, store.runs());
        sim.run();
        assertEquals(2, store.liveKeys());
    }

    @Test
    void finishedKeyReturnsTheSavedValueAndSkipsTheWork() {
        store.once(KEY, succeedsAfter(200, "sent"), new Caller());
        sim.run();

        Caller second = new Caller();
        store.once(KEY, succeedsAfter(200, "sent AGAIN"), second);
        // Answered synchronously from the saved value: no work, no event.
        assertEquals(1, workStarted);
        assertEquals(new Answer("sent", null, Source.SAVED, 200), second.only());
        assertEquals(0, sim.pendingEvents());

        store.once(KEY, succeedsAfter(200, "x"), new Caller());
        assertEquals(1, workStarted);
        assertEquals(2, store.hits());
        assertEquals(1, store.runs());
        assertEquals(2, store.get(KEY).hits());
    }

    @Test
    void secondCallWhileRunningSharesTheRun() {
        Caller owner = new Caller();
        Caller sharer = new Caller();
        store.once(KEY, succeedsAfter(200, "sent"), owner);
        sim.runUntil(50);
        store.once(KEY, succeedsAfter(200, "must not run"), sharer);
        assertEquals(1, workStarted, "the second call must not start the work");
        assertEquals(1, store.shares());
        assertEquals(1, store.get(KEY).shares());

        sim.run();
        // Both get the owner's value when the one run ends, at 200; the owner first (class comment).
        assertEquals(new Answer("sent", null, Source.RAN, 200), owner.only());
        assertEquals(new Answer("sent", null, Source.SHARED, 200), sharer.only());
        assertEquals(1, workStarted);
        assertEquals(1, store.runs());
    }

    @Test
    void aFailedRunIsSharedAsAFailure() {
        Caller owner = new Caller();
        Caller sharer = new Caller();
        store.once(KEY, failsAfter(200, "timeout, reply lost"), owner);
        store.once(KEY, succeedsAfter(200, "must not run"), sharer);
        sim.run();
        assertEquals(1, workStarted);
        assertEquals(new Answer(null, "timeout, reply lost", Source.RAN, 200), owner.only());
        assertEquals(new Answer(null, "timeout, reply lost", Source.SHARED, 200), sharer.only());
    }

    @Test
    void aFailedRunIsNotRemembered() {
        Caller first = new Caller();
        store.once(KEY, failsAfter(200, "503 service unavailable"), first);
        sim.run();
        assertEquals("503 service unavailable", first.only().failure());
        assertNull(store.get(KEY), "a run that throws is not remembered");
        assertEquals(0, store.liveKeys());

        Caller retry = new Caller();
        store.once(KEY, succeedsAfter(200, "sent"), retry);
        assertEquals(2, workStarted, "the retry runs the work again");
        sim.run();
        assertEquals(new Answer("sent", null, Source.RAN, 400), retry.only());
        assertEquals(0, store.hits());
    }

    @Test
    void finishedKeyIsAliveWhileExpiresAtIsAfterNow() {
        store.once(KEY, succeedsAfter(200, "sent"), new Caller()); // finishes at 200, expires at 200 + 1000
        sim.run();
        assertEquals(200 + TTL_MS, store.get(KEY).expiresAtMs());

        sim.runUntil(200 + TTL_MS - 1); // expiresAt (1200) > now (1199): still a hit
        Caller late = new Caller();
        store.once(KEY, succeedsAfter(200, "x"), late);
        assertEquals(Source.SAVED, late.only().source());
        assertEquals(1, workStarted);
        assertEquals(0, store.expirations());

        sim.runUntil(200 + TTL_MS); // expiresAt (1200) > now (1200) is false: forgotten, the work runs again
        Caller expired = new Caller();
        store.once(KEY, succeedsAfter(200, "sent again"), expired);
        assertEquals(2, workStarted);
        assertEquals(1, store.expirations());
        sim.run();
        assertEquals(new Answer("sent again", null, Source.RAN, 200 + TTL_MS + 200), expired.only());
        // The new run starts a fresh TTL from its own finish time.
        assertEquals(200 + TTL_MS + 200 + TTL_MS, store.get(KEY).expiresAtMs());
    }

    @Test
    void ttlCountsFromTheFinishNotTheStart() {
        // The article sets expiresAt = now() + ttlMs in the .then of the work, i.e. when it finishes.
        store.once(KEY, succeedsAfter(5_000, "slow"), new Caller()); // starts at 0, finishes at 5000
        sim.run();
        Entry<String> e = store.get(KEY);
        assertEquals(0, e.createdAtMs());
        assertEquals(5_000 + TTL_MS, e.expiresAtMs());
        sim.runUntil(5_000 + TTL_MS - 1);
        Caller c = new Caller();
        store.once(KEY, succeedsAfter(1, "x"), c);
        assertEquals(Source.SAVED, c.only().source());
    }

    @Test
    void expiryForgetsOnlyKeysWhoseTimeHasCome() {
        store.once(1, succeedsAfter(100, "a"), new Caller()); // finished at 100, expires 1100
        sim.run();
        store.once(2, succeedsAfter(300, "b"), new Caller()); // finished at 400, expires 1400
        sim.run();
        store.expire(1_100);
        assertNull(store.get(1));
        assertNotNull(store.get(2));
        assertEquals(1, store.expirations());
        assertEquals(1, store.liveKeys());
    }

    @Test
    void completingARunTwiceThrows() {
        List<Completion<String>> completions = new ArrayList<>();
        store.once(KEY, completions::add, new Caller());
        Completion<String> done = completions.get(0);
        done.succeed("sent");
        assertThrows(IllegalStateException.class, () -> done.succeed("sent"));
        assertThrows(IllegalStateException.class, () -> done.fail("late failure"));
        assertEquals("sent", store.get(KEY).value(), "the saved value is the first one");

        List<Completion<String>> failing = new ArrayList<>();
        Caller c = new Caller();
        store.once(KEY + 1, failing::add, c);
        failing.get(0).fail("boom");
        assertThrows(IllegalStateException.class, () -> failing.get(0).succeed("too late"));
        assertNull(store.get(KEY + 1), "a late success after a failure must not be remembered");
        assertEquals(1, c.answers.size(), "the caller is answered once");
    }

    @Test
    void forgetDropsAFinishedKeyEarly() {
        store.once(KEY, succeedsAfter(200, "sent"), new Caller());
        sim.run();
        assertTrue(store.forget(KEY));
        assertNull(store.get(KEY));
        assertEquals(0, store.liveKeys());
        assertFalse(store.forget(KEY), "already forgotten");

        Caller again = new Caller();
        store.once(KEY, succeedsAfter(200, "sent again"), again);
        assertEquals(2, workStarted);
        sim.run();
        assertEquals(Source.RAN, again.only().source());
        assertEquals(0, store.expirations(), "forgetting is not an expiry");
    }

    @Test
    void forgetLeavesRunningAndUnknownKeysAlone() {
        store.once(KEY, succeedsAfter(200, "sent"), new Caller());
        assertFalse(store.forget(KEY), "a running key is not forgotten");
        assertFalse(store.forget(KEY + 1));
        sim.run();
        assertEquals(State.FINISHED, store.get(KEY).state());
    }

    @Test
    void forgettingOneKeyKeepsTheOthersAndTheirExpiryOrder() {
        // Three keys finish at 100, 200, 300; the middle one is forgotten. The ring keeps the others' order.
        for (long k = 1; k <= 3; k++) {
            store.once(k, succeedsAfter(100, "v" + k), new Caller());
            sim.run();
        }
        assertTrue(store.forget(2));
        assertEquals(List.of(1L, 3L), store.entries().stream().map(Entry::key).toList());
        store.expire(100 + TTL_MS); // only key 1 is due
        assertEquals(List.of(3L), store.entries().stream().map(Entry::key).toList());
        assertEquals(1, store.expirations());
        store.expire(300 + TTL_MS);
        assertTrue(store.entries().isEmpty());
        assertEquals(2, store.expirations(), "the forgotten key is not counted as expired");
    }

    @Test
    void entriesShowRunningThenFinishedWithVirtualTimes() {
        sim.runUntil(1_000);
        store.once(KEY, succeedsAfter(250, "sent"), new Caller());

        Entry<String> running = store.get(KEY);
        assertEquals(new Entry<>(KEY, State.RUNNING, null, 1_000, Long.MAX_VALUE, 0, 0), running);
        assertEquals(List.of(running), store.entries());

        sim.run(); // finishes at 1250
        Entry<String> finished = store.get(KEY);
        assertEquals(new Entry<>(KEY, State.FINISHED, "sent", 1_000, 1_250 + TTL_MS, 0, 0), finished);
        assertEquals(List.of(finished), store.entries());
    }

    @Test
    void entriesListRunsInFlightFirstThenFinishedOldestFirst() {
        store.once(10, succeedsAfter(100, "a"), new Caller());
        store.once(20, succeedsAfter(200, "b"), new Caller());
        sim.run(); // 10 finished at 100, 20 at 200
        store.once(30, succeedsAfter(500, "c"), new Caller()); // running
        List<Entry<String>> entries = store.entries();
        assertEquals(List.of(30L, 10L, 20L), entries.stream().map(Entry::key).toList());
        assertEquals(List.of(State.RUNNING, State.FINISHED, State.FINISHED),
                entries.stream().map(Entry::state).toList());
        assertEquals(3, store.liveKeys());
        assertEquals(3, store.peakKeys());
    }

    @Test
    void manyKeysSurviveRingGrowthWithTheirValues() {
        // 1,000 keys, finishing one per ms: the ring grows from 16 slots several times and must keep every
        // key's value and position.
        for (long k = 0; k < 1_000; k++) {
            store.once(k * 7919, succeedsAfter(1, "v" + k), new Caller());
            sim.run();
        }
        assertEquals(1_000, store.liveKeys());
        for (long k = 0; k < 1_000; k++) {
            Caller c = new Caller();
            store.once(k * 7919, succeedsAfter(1, "wrong"), c);
            assertEquals(new Answer("v" + k, null, Source.SAVED, 1_000), c.only());
        }
        assertEquals(1_000, workStarted);
        // Key k finished at k + 1 and expires at k + 1 + TTL; at 500 + TTL keys 0..499 are gone.
        store.expire(500 + TTL_MS);
        assertEquals(500, store.liveKeys());
        assertNull(store.get(499 * 7919));
        assertNotNull(store.get(500 * 7919));
    }

    @Test
    void ttlBelowOneIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new InMemoryIdempotencyStore<String>(0, sim::nowMs));
    }

    @Test
    void inspectingTheStoreForgetsExpiredKeysFirst() {
        Caller c = new Caller();
        store.once(KEY, succeedsAfter(10, "v"), c);
        sim.run(); // finished at 10, expires at 10 + TTL_MS
        assertEquals(1, store.liveKeys());
        sim.runUntil(10 + TTL_MS); // no call to once(): the view alone must not show an expired key
        assertEquals(0, store.liveKeys());
        assertNull(store.get(KEY));
        assertTrue(store.entries().isEmpty());
        assertEquals(1, store.expirations());
    }
}
