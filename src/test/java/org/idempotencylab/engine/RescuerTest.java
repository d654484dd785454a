package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RescuerKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.JdbcClaimStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claim table's rescuer (River's JobRescuer, Oban's Lifeline): the atomic one frees a crashed worker's
 * claim for good; the read-then-update one acts on a stale read and wipes the claim that the redelivery
 * completed in between, so the step runs again (River's rescuer moving a just-completed job back to retryable).
 */
class RescuerTest {
    private static final Strategy CLAIMS =
            Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);

    /**
     * One sign-up on a durable queue, no failures; its worker process crashes during the first call (a click at 100 ms). Lease
     * 2 s, visibility timeout 5 s, restart 100 ms; the rescuer passes at 4,900 ms, 9,800 ms, ... and a
     * read-then-update one's delete lands 1,000 ms (the race window) after its read. The request is repeated
     * at 60 s, long after the job ended.
     */
    private static final Scenario CRASH_THEN_RESCUE = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0)
            .queue(QueueKind.DURABLE).visibilityTimeoutMs(5_000).leaseMs(2_000).restartMs(100)
            .pDuplicate(1).duplicateDelayMs(60_000, 60_000).rescueEveryMs(4_900).raceWindowMs(1_000).build();

    /**
     * Runs {@code s} with a crash clicked at 100 ms: with the article's seed the first call (save the user) runs
     * from 0 to 237 ms, so its claim, taken at 0 with locked_until 2,000, is left in_progress.
     */
    private static StrategyResult crashDuringTheFirstCall(Scenario s, ClaimStore db) {
        SignupSimulation sim = new SignupSimulation(s, CLAIMS, RunControl.NONE, false, db);
        List<SimulationEvent> events = new ArrayList<>();
        sim.setListener(events::add);
        sim.advanceTo(100, Integer.MAX_VALUE);
        SimulationEvent call = events.stream().filter(e -> e.kind() == Kind.CALL_STARTED).findFirst().orElseThrow();
        assertEquals(0, call.step());
        assertEquals(237, call.untilMs(), "the seed's first call time");
        assertTrue(sim.crashNow());
        while (!sim.isFinished()) {
            sim.step();
        }
        return sim.result();
    }

    @Test
    void aReadThenUpdateRescuerWipesAClaimCompletedAfterItsReadAndTheStepRunsTwice() {
        // None: "save the user" stays in_progress (locked_until 2,000) until the redelivery at 5,000 reclaims
        // it; the job completes its 10 steps by 8,000 and the repeat at 60 s skips them all.
        StrategyResult none = crashDuringTheFirstCall(CRASH_THEN_RESCUE, null);
        assertEquals(1, none.leaseReclaims());
        assertEquals(0, none.repeatedSteps());
        assertEquals(0, none.get(Metric.RESCUED_CLAIMS));
        assertEquals(4_900, none.stuckInProgressMs(), "from the crash at 100 to the reclaim at 5,000");

        // Atomic: the pass at 4,900 deletes the expired claim in one guarded statement (1 rescued). The
        // redelivery at 5,000 claims the key afresh, not a reclaim; the repeat skips all 10 completed rows.
        StrategyResult atomic = crashDuringTheFirstCall(
                CRASH_THEN_RESCUE.toBuilder().rescuer(RescuerKind.ATOMIC).build(), null);
        assertEquals(1, atomic.get(Metric.RESCUED_CLAIMS));
        assertEquals(0, atomic.get(Metric.COMPLETED_CLAIMS_OVERWRITTEN));
        assertEquals(0, atomic.leaseReclaims());
        assertEquals(0, atomic.repeatedSteps());
        assertEquals(4_800, atomic.stuckInProgressMs(), "from the crash at 100 to the rescue at 4,900");

        // Read-then-update: the pass at 4,900 reads the expired key; the redelivery at 5,000 reclaims it and
        // completes "save the user" by 5,300 (a call of 100..300 ms); the delete by key lands at 5,900, with no
        // status guard, and wipes that completed row (1 overwritten). The repeat at 60 s finds the key absent and
        // saves the user a second time: step 0 done twice, every other step once.
        StrategyResult readThenUpdate = crashDuringTheFirstCall(
                CRASH_THEN_RESCUE.toBuilder().rescuer(RescuerKind.READ_THEN_UPDATE).build(), null);
        assertEquals(1, readThenUpdate.get(Metric.RESCUED_CLAIMS));
        assertEquals(1, readThenUpdate.get(Metric.COMPLETED_CLAIMS_OVERWRITTEN));
        assertEquals(1, readThenUpdate.leaseReclaims());
        assertEquals(1, readThenUpdate.repeatedStepsByStep().get(0));
        assertEquals(1, readThenUpdate.repeatedSteps());
        assertEquals(none.calls() + 1, readThenUpdate.calls(), "the repeat's one call to save the user again");
        assertEquals(none.succeeded(), readThenUpdate.succeeded());
    }

    @Test
    void aRealDatabaseRescuesTheSameWay(@TempDir Path dir) {
        // The same statements on SQLite: the guarded DELETE ... RETURNING, and the SELECT then DELETE by key
        for (RescuerKind kind : List.of(RescuerKind.ATOMIC, RescuerKind.READ_THEN_UPDATE)) {
            Scenario s = CRASH_THEN_RESCUE.toBuilder().rescuer(kind).build();
            try (JdbcClaimStore db = JdbcClaimStore.open("jdbc:sqlite:" + dir.resolve(kind.cliName() + ".db"))) {
                assertEquals(crashDuringTheFirstCall(s, null), crashDuringTheFirstCall(s, db), kind.cliName());
            }
        }
    }

    @Test
    void theRescuerStopsWithTheRun() {
        // A batch run with the rescuer on ends (its passes stop once no job is left) and, with no crash and
        // calls far shorter than the 5-minute lease, finds nothing to rescue: the article's numbers for the job.
        Scenario calm = Scenario.article().toBuilder().jobs(200).rescuer(RescuerKind.READ_THEN_UPDATE)
                .rescueEveryMs(100).build();
        StrategyResult on = new SignupSimulation(calm, CLAIMS, RunControl.NONE).run();
        StrategyResult off = new SignupSimulation(calm.toBuilder().rescuer(RescuerKind.NONE).build(), CLAIMS,
                RunControl.NONE).run();
        assertEquals(0, on.get(Metric.RESCUED_CLAIMS));
        assertEquals(off, on);
    }
}
