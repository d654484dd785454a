package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimRow;
import org.junit.jupiter.api.Test;

/** A crash of the worker process: every worker stops, claims stay in_progress, the restart has new workers. */
class WorkerProcessTest {

    @Test
    void aCrashStopsEveryWorkerAndTheRestartTakesTheNextJobs() {
        // Three workers, a durable queue, the claim table: at the start each worker has claimed step 1 of its
        // job (users 0, 1, 2) and is in its call.
        Scenario s = Scenario.article().toBuilder().jobs(20).workers(3).pFail(0).lostReply(0).restartMs(1_000)
                .queue(QueueKind.DURABLE).build();
        SignupSimulation sim = new SignupSimulation(s,
                Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE),
                RunControl.NONE);
        List<SimulationEvent> events = new ArrayList<>();
        sim.setListener(events::add);
        sim.start();
        events.clear();
        assertTrue(sim.crashNow());

        assertEquals(Kind.WORKER_CRASHED, events.get(0).kind());
        assertEquals(List.of(0L, 1L, 2L), events.stream().filter(e -> e.kind() == Kind.JOB_INTERRUPTED)
                .map(SimulationEvent::user).toList());
        assertEquals(0, events.stream().filter(e -> e.kind() == Kind.JOB_LOST).count(), "a durable queue keeps them");
        // the claim table lives outside the process: the three claims stay in_progress
        assertEquals(3, sim.claimStore().rows(10).stream()
                .filter(r -> r.status() == ClaimRow.Status.IN_PROGRESS).count());
        assertTrue(sim.isDown());

        // The dead workers' calls still end on the clock, and do nothing: the next thing told is the restart.
        events.clear();
        while (events.isEmpty()) {
            sim.step();
        }
        assertEquals(Kind.WORKER_RESTARTED, events.get(0).kind());
        assertEquals(1_000, sim.nowMs());
        // users 0..2 stay invisible until their visibility timeout: the new workers take users 3, 4, 5
        assertEquals(List.of(3L, 4L, 5L), events.stream().filter(e -> e.kind() == Kind.JOB_STARTED)
                .map(SimulationEvent::user).toList());

        while (!sim.isFinished()) {
            sim.step();
        }
        StrategyResult r = sim.result();
        assertEquals(20, sim.finishedJobs());
        assertEquals(0, r.failedJobs());
        assertEquals(3, r.redeliveries(), "each interrupted job once, after its visibility timeout");
    }
}
