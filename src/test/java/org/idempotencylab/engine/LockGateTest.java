package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.engine.PartsFixture.FakeCaller;
import org.idempotencylab.engine.StepGate.Before;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.LockAt;
import org.idempotencylab.scenario.OnConflict;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** Lock only (SETNX + TTL per job, released at its end): mutual exclusion while held, no record after. */
class LockGateTest {
    private final PartsFixture f = new PartsFixture(Scenario.article().toBuilder().lockTtlMs(500).build(),
            Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK));
    private final LockGate gate = new LockGate(f.ctx);
    private final StepGate.Lane laneA = gate.lane(new FakeCaller(0));
    private final StepGate.Lane laneB = gate.lane(new FakeCaller(1));
    private final Job first = PartsFixture.delivery(3, "delivery-1", false);
    private final Job second = PartsFixture.delivery(3, "delivery-2", false);

    @Test
    void aHeldLockSendsTheOtherDeliveryBackAndItsReleaseLetsItIn() {
        assertTrue(laneA.jobStarts(first));
        assertFalse(laneB.jobStarts(second));
        assertEquals("lock held by another delivery", laneB.refusal());
        assertEquals(Before.CALL, laneA.beforeCall(first, 0), "a lock checks nothing per step");
        laneA.jobEnds(first);
        assertTrue(laneB.jobStarts(second), "released: the next delivery takes it and runs every step again");
    }

    @Test
    void aLockThatOutlivesItsTtlIsTakenByTheNextDelivery() {
        assertTrue(laneA.jobStarts(first)); // at 0 ms, TTL 500 ms: gone at 500 ms
        f.sim.runUntil(499);
        assertFalse(laneB.jobStarts(second));
        f.sim.runUntil(500);
        assertTrue(laneB.jobStarts(second));
        laneA.jobEnds(first); // the late first holder cannot free the second's lock
        assertEquals("delivery-2", gate.lockStore().holder("signup:user_3", 500).orElseThrow());
    }

    @Test
    void aCrashLeavesTheLockToItsTtl() {
        assertTrue(laneA.jobStarts(first));
        laneA.interrupted();
        gate.processDied();
        assertFalse(laneB.jobStarts(second), "the lock store lives outside the process");
    }

    @Test
    void rejectDropsTheDeliveryThatFindsTheLockHeld() {
        PartsFixture rf = new PartsFixture(f.ctx.scenario().toBuilder().onConflict(OnConflict.REJECT).build(),
                f.ctx.strategy());
        LockGate rejecting = new LockGate(rf.ctx);
        StepGate.Lane a = rejecting.lane(new FakeCaller(0));
        StepGate.Lane b = rejecting.lane(new FakeCaller(1));
        assertTrue(a.jobStarts(first));
        assertFalse(b.jobStarts(second));
        assertTrue(b.dropsRefused(), "reject: the duplicate is dropped, not sent back");
        assertTrue(laneA.jobStarts(first));
        assertFalse(laneB.jobStarts(second));
        assertFalse(laneB.dropsRefused(), "requeue (the default) sends it back");
    }

    @Test
    void aLockTakenAtEnqueueIsTheRequestsAndAJobWhoseLockIsGoneIsDropped() {
        PartsFixture ef = new PartsFixture(f.ctx.scenario().toBuilder().lockAt(LockAt.ENQUEUE).build(),
                f.ctx.strategy());
        LockGate enqueue = new LockGate(ef.ctx);
        StepGate.Lane lane = enqueue.lane(new FakeCaller(0));
        assertTrue(enqueue.guardsTheQueue());
        assertEquals(StepGate.Entry.IN, enqueue.entering(3, 3, 0)); // user 3's sign-up, at 0 ms, TTL 500 ms
        assertEquals(StepGate.Entry.LATER, enqueue.entering(3, 1_000, 100), "its repeat is refused at the door");
        assertTrue(lane.jobStarts(first), "a worker at 0 ms: the request's own lock, whichever delivery runs it");
        lane.jobEnds(first);
        assertEquals(StepGate.Entry.IN, enqueue.entering(3, 1_001, 100), "released at the end: the next gets in");
        ef.sim.runUntil(600); // request-1001's lock, taken at 100 ms, is gone at 600 ms
        Job repeat = PartsFixture.delivery(3, "delivery-9", false);
        repeat.msg.request = 1_001;
        assertFalse(lane.jobStarts(repeat));
        assertTrue(lane.dropsRefused(), "a job whose lock is gone is dropped, whatever the conflict strategy");
    }
}
