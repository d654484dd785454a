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
import org.junit.jupiter.api.Test;

/**
 * The metrics that say how a job really ran: {@code redeliveries} (deliveries a worker took after a visibility
 * timeout), {@code overlappingRuns} (two deliveries of one job running at once), {@code silentWrongResults} (a
 * changed payload answered with another payload's result) and {@code virtualTimeMs} (the run's last event).
 */
class DeliveryMetricsTest {
    /**
     * One sign-up on a durable queue with the default 30 s visibility timeout, nothing failing, calls of 20 s on
     * average: each call takes 10 to 30 s, so a delivery's ten calls take at least 100 s, longer than three
     * visibility timeouts.
     */
    private static final Scenario SLOW_JOB = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0)
            .callMs(20_000).queue(QueueKind.DURABLE).build();

    private static final Strategy CLAIM = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
            StoreKind.CLAIM_TABLE);
    private static final Strategy MEMORY = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
            StoreKind.MEMORY);

    /** @return the run's result, with the time of every event of {@code kind} in {@code times}. */
    private static StrategyResult run(Scenario s, Strategy strategy, Kind kind, List<Long> times) {
        SignupSimulation sim = new SignupSimulation(s, strategy, RunControl.NONE, true);
        sim.setListener(e -> {
            if (e.kind() == kind) {
                times.add(e.timeMs());
            }
        });
        return sim.run();
    }

    @Test
    void aCopyAcknowledgedBeforeAnyWorkerTookItIsNoRedelivery() {
        // One worker. At 30 s the job's visibility timeout runs out and its copy is visible again, but the only
        // worker is still running the first delivery (at least 100 s). That delivery then ends and acknowledges
        // the job; the worker finds the copy acknowledged and drops it. No worker ever took a second delivery:
        // 0 redeliveries (the old count said 1) and nothing ran twice.
        StrategyResult r = run(SLOW_JOB, Strategy.EACH_STEP_NO_KEY, Kind.JOB_REDELIVERED, new ArrayList<>());
        assertEquals(0, r.redeliveries());
        assertEquals(0, r.overlappingRuns());
        assertEquals(0, r.repeatedSteps());
        assertEquals(1, r.succeededJobs());
    }

    @Test
    void aSecondWorkerTakesTheCopyAndTheJobRunsTwiceAtOnce() {
        // Two workers. At 30 s the copy goes to the idle worker: delivery 2, a redelivery, which starts its first
        // call while delivery 1 still runs: 1 overlapping run. At 60 s delivery 2's own timeout runs out too and
        // a third copy is visible, but both workers are busy until delivery 1 ends (at 100 s or later) and
        // acknowledges the job, so no worker takes it: 1 redelivery (the old count said 2). With no store both
        // deliveries do all ten steps: 10 steps done again.
        List<Long> ends = new ArrayList<>();
        StrategyResult r = run(SLOW_JOB.toBuilder().workers(2).build(), Strategy.EACH_STEP_NO_KEY,
                Kind.JOB_SUCCEEDED, ends);
        assertEquals(1, r.redeliveries());
        assertEquals(1, r.overlappingRuns());
        assertEquals(10, r.repeatedSteps());
        assertEquals(1, r.succeededJobs(), "the first delivery to end decides the outcome, once");
        // Both deliveries end; the run's last event is the second one's end (started at 30 s, at least 100 s
        // long), not the first one's, which acknowledged the job.
        assertEquals(2, ends.size());
        assertTrue(ends.get(1) >= 130_000 && ends.get(1) > ends.get(0), ends.toString());
        assertEquals(ends.get(1), r.virtualTimeMs());
    }

    @Test
    void theClaimTableRefusesTheCopySoNothingOverlaps() {
        // Same two workers, but every step claims its key with the default 5 min lease. At 30 s delivery 1 has
        // finished one to three steps (calls of 10 to 30 s) and holds the next step's claim: delivery 2 skips the
        // completed steps and is refused "job in progress" on the held one before making any call, and so is
        // every later delivery (until the refusals use up the receives: MaxReceivesTest). Nothing runs twice.
        StrategyResult r = run(SLOW_JOB.toBuilder().workers(2).build(), CLAIM, Kind.JOB_IN_PROGRESS,
                new ArrayList<>());
        assertTrue(r.redeliveries() >= 1);
        assertTrue(r.jobInProgressRejections() >= 1);
        assertEquals(0, r.overlappingRuns());
        assertEquals(0, r.repeatedSteps());
    }

    @Test
    void theInMemoryStoreAnswersAChangedPayloadWithTheFirstResultSilently() {
        // 100 sign-ups, each sent again 30 s later with a changed payload under the same keys. One worker takes
        // the 100 originals first (all arrived at 0; about 200 s of work), then the repeats, well within the 24 h
        // TTL: the in-memory store, which keeps no fingerprint, answers every step of every repeat with the
        // original's saved result and no error: 100 silently wrong results, 100 repeats "succeeded".
        Scenario changed = Scenario.article().toBuilder().jobs(100).pFail(0).lostReply(0).pDuplicate(1)
                .pDifferentPayload(1).build();
        StrategyResult memory = run(changed, MEMORY, Kind.JOB_SUCCEEDED, new ArrayList<>());
        assertEquals(100, memory.repeatedRequests());
        assertEquals(100, memory.silentWrongResults());
        assertEquals(100, memory.ended(true, Outcome.SUCCEEDED));
        // The claim table compares the fingerprint: every repeat refused with a key mismatch, none answered wrong.
        StrategyResult claim = run(changed, CLAIM, Kind.JOB_SUCCEEDED, new ArrayList<>());
        assertEquals(0, claim.silentWrongResults());
        assertEquals(100, claim.ended(true, Outcome.REFUSED));
        // The same payload sent again is answered right: its own saved result is the correct answer.
        StrategyResult same = run(changed.toBuilder().pDifferentPayload(0).build(), MEMORY, Kind.JOB_SUCCEEDED,
                new ArrayList<>());
        assertEquals(0, same.silentWrongResults());
        assertEquals(100, same.storeHits() / 10, "every step of every repeat answered from the store");
    }

    @Test
    void virtualTimeIsTheLastEventEvenWhenEveryJobWasLost() {
        // pCrash 1 on an in-memory queue: user_0's first call does its side effect and the process dies, losing
        // the running job and the four waiting. No job ever ended by itself, yet time passed until the crash:
        // virtualTimeMs is the crash's time (it read 0 before), the first call's duration, 100 to 300 ms.
        Scenario s = Scenario.article().toBuilder().jobs(5).pFail(0).lostReply(0).pCrash(1).build();
        List<Long> crashes = new ArrayList<>();
        StrategyResult r = run(s, Strategy.EACH_STEP_NO_KEY, Kind.WORKER_CRASHED, crashes);
        assertEquals(5, r.lostJobs());
        assertEquals(1, crashes.size());
        assertEquals(crashes.get(0), r.virtualTimeMs());
        assertTrue(r.virtualTimeMs() >= 100 && r.virtualTimeMs() < 300, "time: " + r.virtualTimeMs());
    }
}
