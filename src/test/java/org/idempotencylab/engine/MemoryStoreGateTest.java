package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.idempotencylab.engine.PartsFixture.FakeCaller;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.engine.StepGate.Before;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.junit.jupiter.api.Test;

/** The first article's in-memory store as a gate: saved value, shared run, run; wiped with the process. */
class MemoryStoreGateTest {
    private final PartsFixture f = new PartsFixture(Scenario.article().toBuilder().ttlMs(1_000).build(),
            Strategy.WHOLE_JOB_SKIP_FINISHED);
    private final MemoryStoreGate gate = new MemoryStoreGate(f.ctx);
    private final FakeCaller a = new FakeCaller(0);
    private final FakeCaller b = new FakeCaller(1);
    private final StepGate.Lane laneA = gate.lane(a);
    private final StepGate.Lane laneB = gate.lane(b);
    private final Job job = new Job();

    MemoryStoreGateTest() {
        job.reset(7, false, null);
    }

    @Test
    void aFinishedStepIsSkippedWithItsSavedValue() {
        assertEquals(Before.CALL, laneA.beforeCall(job, 0), "a key never seen: the call runs");
        assertTrue(laneA.afterCall(job, 0, null), "the store answers the run's owner itself");
        assertEquals(List.of("ok"), a.answers);
        InMemoryIdempotencyStore.Entry<String> saved = gate.memoryStore().get(SignupKeys.step(0, 7));
        assertEquals("save the user: done", saved.value());

        assertEquals(Before.SKIP, laneB.beforeCall(job, 0), "finished before: skip the work");
        assertTrue(b.answers.isEmpty(), "a skipped step needs no answer: the worker moves on");
        assertEquals("saved result", f.events(Kind.STEP_SKIPPED).get(0).note());
        RunMetrics outside = new RunMetrics();
        gate.countInto(outside);
        assertEquals(1, outside.get(Metric.STORE_HITS));
    }

    @Test
    void aKeyRunningNowSharesTheRunAndAFailureIsNotRemembered() {
        assertEquals(Before.CALL, laneA.beforeCall(job, 1));
        assertEquals(Before.SHARE, laneB.beforeCall(job, 1), "the same key is in flight on worker 0");
        assertTrue(laneA.afterCall(job, 1, "503 service unavailable"));
        // the owner hears first, then the sharer, the same failure
        assertEquals(List.of("503 service unavailable"), a.answers);
        assertEquals(List.of("503 service unavailable"), b.answers);
        assertEquals("shared run failed: 503 service unavailable", f.events(Kind.RUN_SHARED).get(0).note());
        assertEquals(Before.CALL, laneB.beforeCall(job, 1), "a run that throws is not remembered: retry it");
    }

    @Test
    void aStoppedWorkerHearsNothing() {
        laneA.beforeCall(job, 2);
        laneB.beforeCall(job, 2);
        b.stopped = true;
        laneA.afterCall(job, 2, null);
        assertEquals(List.of("ok"), a.answers);
        assertTrue(b.answers.isEmpty());
    }

    @Test
    void aCrashWipesTheStore() {
        laneA.beforeCall(job, 0);
        laneA.afterCall(job, 0, null);
        laneA.beforeCall(job, 1); // a run in flight when the process dies
        gate.processDied();
        assertEquals(0, gate.liveKeys());
        assertEquals(Before.CALL, laneB.beforeCall(job, 0), "the restarted process remembers nothing");
    }

    @Test
    void aFinishedKeyExpiresAfterItsTtl() {
        laneA.beforeCall(job, 0);
        laneA.afterCall(job, 0, null); // finished at 0 ms, TTL 1,000 ms
        assertEquals(1_000, gate.nextExpiryMs());
        assertEquals(1_000, gate.lastExpiryMs());
        f.sim.runUntil(999);
        assertEquals(Before.SKIP, laneB.beforeCall(job, 0), "alive while expiresAt > now");
        f.sim.runUntil(1_000);
        gate.expire(1_000);
        assertEquals(0, gate.liveKeys());
        assertEquals(Long.MAX_VALUE, gate.nextExpiryMs());
        assertEquals(Before.CALL, laneB.beforeCall(job, 0));
    }

    @Test
    void forgettingAUserDropsAllItsKeys() {
        for (int step = 0; step < SignupSteps.COUNT; step++) {
            laneA.beforeCall(job, step);
            laneA.afterCall(job, step, null);
        }
        assertEquals(SignupSteps.COUNT, gate.liveKeys());
        gate.forgetUser(7);
        assertEquals(0, gate.liveKeys());
    }
}
