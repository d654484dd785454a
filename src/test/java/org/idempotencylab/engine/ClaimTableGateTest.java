package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.engine.PartsFixture.FakeCaller;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.engine.StepGate.Before;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.InMemoryClaimTable;
import org.junit.jupiter.api.Test;

/**
 * The second article's claim table as a gate: claimed, completed, in progress, key mismatch, release on failure,
 * a crash's claim left in_progress until its lease runs out and another delivery reclaims it.
 */
class ClaimTableGateTest {
    private static final String KEY_0 = "save the user:user_0";

    private final PartsFixture f = new PartsFixture(Scenario.article().toBuilder().leaseMs(1_000).build(),
            Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE));
    private final ClaimTableGate gate = new ClaimTableGate(f.ctx, null);
    private final FakeCaller a = new FakeCaller(0);
    private final FakeCaller b = new FakeCaller(1);
    private final StepGate.Lane laneA = gate.lane(a);
    private final StepGate.Lane laneB = gate.lane(b);
    private final Job first = PartsFixture.delivery(0, "delivery-1", false);
    private final Job second = PartsFixture.delivery(0, "delivery-2", false);

    private ClaimRow row(String key) {
        return gate.claimStore().get(key).orElseThrow();
    }

    @Test
    void aClaimedStepCompletesAndThenAnswersWithItsSavedResult() {
        assertEquals(Before.CALL, laneA.beforeCall(first, 0));
        assertEquals(ClaimRow.Status.IN_PROGRESS, row(KEY_0).status());
        assertEquals(Before.SEND_BACK, laneB.beforeCall(second, 0), "the first delivery holds the key");
        assertEquals("job in progress: delivery-1 holds " + KEY_0, laneB.refusal());

        assertFalse(laneA.afterCall(first, 0, null), "the call's own outcome is the worker's answer");
        assertEquals(ClaimRow.Status.COMPLETED, row(KEY_0).status());
        assertEquals("save the user: done", row(KEY_0).result());
        assertEquals(Before.SKIP, laneB.beforeCall(second, 0), "completed: saved result");
        assertEquals(1, f.metrics.get(Metric.STORE_HITS));
        assertEquals("completed: saved result", f.events(Kind.STEP_SKIPPED).get(0).note());
    }

    @Test
    void aFailedCallReleasesItsClaim() {
        laneA.beforeCall(first, 1);
        assertFalse(laneA.afterCall(first, 1, "503 service unavailable"));
        assertTrue(gate.claimStore().get("create the billing customer:user_0").isEmpty());
        assertEquals(Before.CALL, laneB.beforeCall(second, 1), "a failure is not remembered: claimed at once");
    }

    @Test
    void theSameKeyWithAnotherPayloadFailsTheJob() {
        laneA.beforeCall(first, 0);
        laneA.afterCall(first, 0, null);
        Job changed = PartsFixture.delivery(0, "delivery-3", true);
        assertEquals(Before.FAIL, laneB.beforeCall(changed, 0));
        assertEquals(1, f.metrics.get(Metric.KEY_MISMATCHES));
        assertTrue(f.events(Kind.KEY_MISMATCH).get(0).note().startsWith("idempotency_error (HTTP 400)"));
    }

    @Test
    void aCrashedClaimStaysInProgressUntilItsLeaseRunsOutAndIsReclaimed() {
        assertEquals(Before.CALL, laneA.beforeCall(first, 0)); // at 0 ms: leased to 1,000 ms inclusive
        laneA.interrupted(); // the process died during the call
        assertEquals(ClaimRow.Status.IN_PROGRESS, row(KEY_0).status(), "a durable table keeps the claim");
        RunMetrics outside = new RunMetrics();
        gate.countInto(outside);
        assertEquals(1_000, outside.get(Metric.STUCK_IN_PROGRESS_MS), "not reclaimed yet: to the lease's end");

        f.sim.runUntil(1_000);
        assertEquals(Before.SEND_BACK, laneB.beforeCall(second, 0), "the lease still holds at 1,000 ms");
        f.sim.runUntil(1_001);
        assertEquals(Before.CALL, laneB.beforeCall(second, 0), "locked_until < now: reclaimed");
        assertEquals(1, f.metrics.get(Metric.LEASE_RECLAIMS));
        assertEquals(1_001, f.metrics.get(Metric.STUCK_IN_PROGRESS_MS), "from the crash to the reclaim");
        assertEquals("delivery-2", row(KEY_0).owner());
        RunMetrics after = new RunMetrics();
        gate.countInto(after);
        assertEquals(0, after.get(Metric.STUCK_IN_PROGRESS_MS), "counted once, when reclaimed");
        assertEquals(2_001, f.events(Kind.LEASE_RECLAIMED).get(0).untilMs(), "the new lease: 1,001 + 1,000");
    }

    @Test
    void forgettingAUserDeletesItsRowsOnlyInTheModelTable() {
        PartsFixture batch = new PartsFixture(f.ctx.scenario(), f.ctx.strategy());
        RunContext forgetting = new RunContext(batch.ctx.scenario(), batch.ctx.strategy(), batch.sim,
                batch.metrics, batch.ctx.emitter(), batch.progress, true);
        ClaimTableGate model = new ClaimTableGate(forgetting, null);
        StepGate.Lane lane = model.lane(a);
        lane.beforeCall(first, 0);
        lane.afterCall(first, 0, null);
        model.forgetUser(0);
        assertEquals(0, model.claimStore().size());

        ClaimTableGate given = new ClaimTableGate(forgetting, new InMemoryClaimTable());
        StepGate.Lane other = given.lane(a);
        other.beforeCall(first, 0);
        other.afterCall(first, 0, null);
        given.forgetUser(0);
        assertEquals(1, given.claimStore().size(), "a table the caller gave keeps its rows");
    }

    @Test
    void aLiveWorkersHeartbeatKeepsItsClaimAndACrashedOneStopsRenewing() {
        // lease 1,000 ms, heartbeat every 400 ms: renewals at 400 and 800 ms move locked_until to 1,400 and 1,800
        PartsFixture hb = new PartsFixture(f.ctx.scenario().toBuilder().heartbeatMs(400).build(), f.ctx.strategy());
        ClaimTableGate g = new ClaimTableGate(hb.ctx, null);
        StepGate.Lane la = g.lane(a);
        StepGate.Lane lb = g.lane(b);
        assertEquals(Before.CALL, la.beforeCall(first, 0)); // at 0 ms, leased to 1,000
        hb.sim.runUntil(900);
        assertEquals(2, hb.metrics.get(Metric.LEASE_RENEWALS), "at 400 and 800 ms");
        assertEquals(1_800, g.claimStore().get(KEY_0).orElseThrow().lockedUntilMs(), "800 + 1,000");
        hb.sim.runUntil(1_500);
        assertEquals(Before.SEND_BACK, lb.beforeCall(second, 0), "without the heartbeat reclaimed at 1,001");
        // 1,200 renewed it to 2,200. Then the process dies at 1,500: the renewal due at 1,600 does nothing, so the
        // claim runs out at 2,200 and is reclaimed at 2,201, not kept alive by a dead worker
        a.stopped = true;
        la.interrupted();
        hb.sim.runUntil(2_200);
        assertEquals(3, hb.metrics.get(Metric.LEASE_RENEWALS), "400, 800 and 1,200 ms; none after the crash");
        assertEquals(Before.SEND_BACK, lb.beforeCall(second, 0), "the last renewal holds to 2,200 inclusive");
        hb.sim.runUntil(2_201);
        assertEquals(Before.CALL, lb.beforeCall(second, 0), "a crashed worker's claim runs out");
        assertEquals(1, hb.metrics.get(Metric.LEASE_RECLAIMS));
    }

    @Test
    void aHeartbeatStopsWhenItsCallEnds() {
        // lease 1,000 ms, heartbeat 400 ms: the heartbeats at 400 and 800 ms both fall inside a lease, so only the
        // one at 800 is written (to 1,800); one that beats before its call ends counts all the same
        PartsFixture hb = new PartsFixture(f.ctx.scenario().toBuilder().heartbeatMs(400).build(), f.ctx.strategy());
        ClaimTableGate g = new ClaimTableGate(hb.ctx, null);
        StepGate.Lane la = g.lane(a);
        la.beforeCall(first, 0);
        hb.sim.runUntil(500); // beat once, at 400
        la.afterCall(first, 0, null);
        assertEquals(1, hb.metrics.get(Metric.LEASE_RENEWALS), "400 ms, counted as the call ends at 500");
        la.beforeCall(first, 1); // the next step's call, at 500: its own heartbeats at 900, 1,300, ...
        hb.sim.runUntil(1_400);
        // the first call's write due at 800 found its call ended and did nothing; the second's at 1,300 renewed
        assertEquals(3, hb.metrics.get(Metric.LEASE_RENEWALS), "400 (step 0), then 900 and 1,300 (step 1)");
        assertEquals(2_300, g.claimStore().get("create the billing customer:user_0").orElseThrow().lockedUntilMs());
    }

    @Test
    void aOneMillisecondHeartbeatOnALongCallCostsAWriteALeaseAndCountsEveryBeat() {
        // lease 1,000 ms, heartbeat 1 ms: written every 999 beats (the last before the lease runs out), so a call
        // of 10 s is 10 heartbeat events, not 10,000; every beat before the call ends (1 .. 9,999 ms) counts
        PartsFixture hb = new PartsFixture(f.ctx.scenario().toBuilder().heartbeatMs(1).build(), f.ctx.strategy());
        ClaimTableGate g = new ClaimTableGate(hb.ctx, null);
        StepGate.Lane la = g.lane(a);
        StepGate.Lane lb = g.lane(b);
        la.beforeCall(first, 0);
        for (long t = 500; t < 10_000; t += 500) {
            hb.sim.runUntil(t);
            assertEquals(Before.SEND_BACK, lb.beforeCall(second, 0), "a live holder keeps its claim at " + t);
            assertTrue(g.claimStore().get(KEY_0).orElseThrow().lockedUntilMs() >= t + 1);
        }
        hb.sim.runUntil(10_000);
        la.afterCall(first, 0, null);
        assertEquals(9_999, hb.metrics.get(Metric.LEASE_RENEWALS));
        assertEquals(0, hb.metrics.get(Metric.LEASE_RECLAIMS));
        assertEquals(10, hb.sim.eventsFired(), "writes at 999, 1,998, ... 9,990 ms");
    }

    @Test
    void aCrashBetweenWrittenRenewalsLeavesTheLeaseOfItsLastHeartbeat() {
        // heartbeat 100 ms, lease 1,000 ms: written at 900, 1,800 ...; the process dies at 1,250, its last beat
        // at 1,200, so the claim runs out at 2,200 (not 1,900, the last written), as if every beat had been written
        PartsFixture hb = new PartsFixture(f.ctx.scenario().toBuilder().heartbeatMs(100).build(), f.ctx.strategy());
        ClaimTableGate g = new ClaimTableGate(hb.ctx, null);
        StepGate.Lane la = g.lane(a);
        StepGate.Lane lb = g.lane(b);
        la.beforeCall(first, 0);
        hb.sim.runUntil(1_250);
        a.stopped = true;
        la.interrupted();
        assertEquals(12, hb.metrics.get(Metric.LEASE_RENEWALS), "100, 200, ... 1,200 ms");
        assertEquals(2_200, g.claimStore().get(KEY_0).orElseThrow().lockedUntilMs());
        hb.sim.runUntil(2_200);
        assertEquals(Before.SEND_BACK, lb.beforeCall(second, 0));
        hb.sim.runUntil(2_201);
        assertEquals(Before.CALL, lb.beforeCall(second, 0), "a crashed worker's claim runs out");
    }
}
