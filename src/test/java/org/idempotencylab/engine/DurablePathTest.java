package org.idempotencylab.engine;

import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Strategy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The second article's lessons in numbers, each with a fixed seed: crashes, queues, the claim
 * table with its lease, lock only, and a key sent with another payload. Every run is made twice, forgetting keys
 * early and keeping them for their TTL, and must come out the same (see {@link #run}); every job must end,
 * succeeded, failed or lost.
 */
class DurablePathTest {
    private static final Scenario BASE = Scenario.article().toBuilder().jobs(2_000).build();
    /** Charge-then-crash: 1% of calls that did their side effect are followed by the process dying. */
    private static final Scenario CRASHING = BASE.toBuilder().pCrash(0.01).queue(QueueKind.DURABLE).build();

    private static Strategy skipFinished(KeyMode key, StoreKind store) {
        return Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, key, store);
    }

    private static StrategyResult run(Scenario s, Strategy strategy) {
        SignupSimulation batch = new SignupSimulation(s, strategy, RunControl.NONE, true);
        StrategyResult r = batch.run();
        // jobs() counts the sign-ups only; every job run, repeats included, ends once (OutcomeIdentityTest)
        assertEquals(r.jobsRun(), batch.finishedJobs(), "every job ends: succeeded, failed or lost");
        // Forgetting really happened: nothing of any user is held at the end, so memory stays flat.
        assertEquals(0, batch.openUsers());
        assertEquals(0, batch.claimStore() == null ? 0 : batch.claimStore().size(), "claim rows");
        assertEquals(0, batch.lockStore() == null ? 0 : batch.lockStore().size(), "locks");
        assertEquals(0, batch.store() == null ? 0 : batch.store().liveKeys(), "in-memory store keys");
        assertEquals(0, batch.provider().rememberedKeys(), "provider keys");
        assertEquals(r, new SignupSimulation(s, strategy, RunControl.NONE, false).run(),
                "forgetting a user's keys after the last job changes nothing");
        return r;
    }

    @Test
    void aCrashWithTheInMemoryStoreSendsTheEmailAgain() {
        // The durable queue redelivers the interrupted job; the restarted process has an empty store, so the
        // job redoes every step it had done, the email included (no provider key).
        StrategyResult r = run(CRASHING, skipFinished(KeyMode.NONE, StoreKind.MEMORY));
        assertTrue(r.crashes() > 0);
        assertEquals(r.crashes(), r.redeliveries(), "one worker: each crash interrupts exactly one job");
        assertEquals(0, r.lostJobs());
        assertTrue(r.usersWithDuplicateEmails() > 0, "redelivered jobs send the email again");
        assertTrue(r.repeatedSteps() > r.crashes(), "a crash at step k repeats steps 1..k, not just step k");
    }

    @Test
    void anInMemoryQueueLosesItsJobsWithTheProcess() {
        // All 2,000 sign-ups wait in the process's queue at time 0, so the first crash loses all but the jobs
        // done before it; they are counted, never dropped silently, and are not "succeeded".
        StrategyResult r = run(BASE.toBuilder().pCrash(0.01).build(), Strategy.EACH_STEP_NO_KEY);
        assertTrue(r.crashes() >= 1);
        assertTrue(r.lostJobs() > 1_000, "lost: " + r.lostJobs());
        assertEquals(0, r.redeliveries());
        // The first crash comes during the sixth job (seed 1): 5 jobs done, 1,995 lost, none failed, so 5 of
        // 2,000 succeeded: 0.250%, not the 100.000% that counting only failures would give.
        assertEquals(1_995, r.lostJobs());
        assertEquals(0, r.failedJobs());
        assertEquals("0.250%", r.succeeded());
    }

    @Test
    void theClaimTableWaitsOutTheLeaseThenRunsTheCrashedStepAgain() {
        // Every "job in progress" refusal is a receive, and a refused delivery stays invisible until its 30 s
        // visibility timeout ends: with the default 10 receives the refused job is dead-lettered about 270 s after
        // the crash, before the 5 min lease runs out (MaxReceivesTest). 1,000 receives outlast the lease, so the
        // job waits it out.
        Scenario patient = CRASHING.toBuilder().maxReceives(1_000).build();
        StrategyResult claim = run(patient, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE));
        StrategyResult memory = run(CRASHING, skipFinished(KeyMode.SAME, StoreKind.MEMORY));
        assertTrue(claim.crashes() > 0);
        // The crashed step's claim stays in_progress: the redelivered job is refused ("job in progress") until
        // the lease runs out, then reclaims it and does that one step again.
        assertEquals(claim.crashes(), claim.leaseReclaims(), "each crashed claim is reclaimed once");
        assertTrue(claim.jobInProgressRejections() > 0);
        assertTrue(claim.repeatedSteps() > 0, "the claim table alone does not stop the post-crash duplicate");
        assertTrue(claim.repeatedSteps() <= claim.leaseReclaims(), "only the reclaimed step runs again");
        // Stuck time per crash runs from the crash to the reclaim. The claim was taken when the call started and
        // the crash comes when it ends (100..300 ms later), and a reclaim needs locked_until < now, so each key is
        // stuck at least 300,000 - 300 ms. The redelivered job is refused and stays invisible until its delivery's
        // visibility timeout ends, at most 30 s later (as on SQS), then keeps its place in line, so the one worker
        // takes it once the job in hand ends (ten calls of at most 300 ms: 3 s): it is reclaimed within 33 s after
        // the lease, under 333,000 ms per crash.
        assertTrue(claim.stuckInProgressMs() >= claim.crashes() * (300_000L - 300), "" + claim.stuckInProgressMs());
        assertTrue(claim.stuckInProgressMs() < claim.crashes() * 333_000L, "" + claim.stuckInProgressMs());
        // Only a key that reaches the provider stops the email's duplicate.
        assertEquals(0, claim.usersWithDuplicateEmails());
        assertEquals(0, claim.repeatedStepsByStep().get(SignupSteps.EMAIL));
        // The in-memory store forgets every finished step with the process: far more steps run again.
        assertTrue(memory.repeatedSteps() > 3 * claim.repeatedSteps(),
                memory.repeatedSteps() + " vs " + claim.repeatedSteps());
    }

    @Test
    void atScaleARedeliveredJobKeepsItsPlaceSoTheProvidersKeyStillKnowsIt() {
        // 100,000 sign-ups at 2 s each are 55 virtual hours of backlog. A redelivered job that had to wait behind
        // all of it would reach the email step after the provider's 24 h key TTL and send it again; keeping its
        // place in line, it is redone within minutes and the same key stops the email every time.
        // (1,000 receives: the refused job must wait out its crashed claim's lease, not be dead-lettered first)
        Scenario big = CRASHING.toBuilder().jobs(100_000).maxReceives(1_000).build();
        StrategyResult r = new SignupSimulation(big, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE),
                RunControl.NONE, true).run();
        assertTrue(r.crashes() > 5_000, "crashes: " + r.crashes());
        assertEquals(0, r.usersWithDuplicateEmails());
    }

    @Test
    void aJobWhoseEveryDeliveryCrashesGoesToTheDeadLetterQueue() {
        // pCrash 1: the process dies after every side effect, so no delivery is ever acknowledged. After
        // maxReceives (10, the default) deliveries the queue gives up on the job: 5 jobs, 10 crashes each, 9 redeliveries
        // each, all dead-lettered (an outcome of its own, apart from jobs that ran out of attempts); the run ends.
        Scenario poison = BASE.toBuilder().jobs(5).pFail(0).lostReply(0).pCrash(1).restartMs(100)
                .visibilityTimeoutMs(1_000).build();
        StrategyResult r = run(poison.toBuilder().queue(QueueKind.DURABLE).build(), Strategy.EACH_STEP_NO_KEY);
        assertEquals(5, r.deadLetteredJobs());
        assertEquals(0, r.failedJobs());
        assertEquals(5L * poison.maxReceives(), r.crashes());
        assertEquals(5L * (poison.maxReceives() - 1), r.redeliveries());
        assertEquals("0.000%", r.succeeded());
    }

    @Test
    void aJobIsNeverInTheQueueTwice() {
        // The visibility timeout puts a slow job back while it still runs; then that running delivery is refused
        // "job in progress" and sent back too. One copy must stay in the queue, not two.
        Scenario busy = BASE.toBuilder().jobs(300).arrivalRate(3).workers(4).pDuplicate(0.5)
                .duplicateDelayMs(0, 3_000).pSlow(0.1).slowCallMs(3_000).leaseMs(1_000).pCrash(0.01)
                .queue(QueueKind.DURABLE).visibilityTimeoutMs(1_500).build();
        SignupSimulation sim = new SignupSimulation(busy, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE),
                RunControl.NONE, true);
        while (!sim.isFinished()) {
            sim.step();
            assertFalse(sim.queueHoldsACopy(), "at " + sim.nowMs() + " ms");
        }
        assertTrue(sim.result().redeliveries() > 0 && sim.result().jobInProgressRejections() > 0);
        assertEquals(sim.result().jobsRun(), sim.finishedJobs());
    }

    @Test
    void aRepeatTakenInTheMillisecondItArrivesIsNotLost() {
        // Seed 51: user_70's repeat becomes visible at 14,381 ms and a worker waking in that same ms takes it
        // before the repeat's own "arrives" event runs. That event must not book the running message as waiting
        // again: the crash clicked 20 ms later loses the running delivery, and its redelivery (visibility timeout)
        // would then be skipped as "already in the queue", so the job would never end (449 of 450 before).
        Scenario s = BASE.toBuilder().seed(51).jobs(300).workers(4).arrivalRate(5).pDuplicate(0.5)
                .duplicateDelayMs(0, 2_000).callMs(20).queue(QueueKind.DURABLE).build();
        SignupSimulation sim = new SignupSimulation(s, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE),
                RunControl.NONE, true);
        sim.start();
        while (sim.nowMs() < 14_401) {
            sim.step();
        }
        assertTrue(sim.crashNow());
        while (!sim.isFinished()) {
            sim.step();
            assertFalse(sim.queueHoldsACopy(), "at " + sim.nowMs() + " ms");
        }
        StrategyResult r = sim.result();
        assertEquals(450, r.jobsRun(), "300 originals and 150 repeats");
        assertEquals(r.jobsRun(), sim.finishedJobs(), "every original and every repeat ended");
        assertEquals(0, r.lostJobs(), "a durable queue loses nothing in a crash");
    }

    @Test
    void stuckTimeRunsFromTheCrashToTheReclaim() {
        // One sign-up, a 1 s lease, a 60 s visibility timeout: the crash (a click during the first call) leaves
        // the claim in_progress; the job comes back only after 60 s and reclaims it at once. The key was stuck
        // from the crash to that reclaim, far longer than the 1 s lease that remained.
        Scenario s = BASE.toBuilder().jobs(1).pFail(0).lostReply(0).leaseMs(1_000).restartMs(100)
                .queue(QueueKind.DURABLE).visibilityTimeoutMs(60_000).build();
        SignupSimulation sim = new SignupSimulation(s, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE),
                RunControl.NONE);
        List<SimulationEvent> events = new ArrayList<>();
        sim.setListener(events::add);
        while (events.stream().noneMatch(e -> e.kind() == Kind.CALL_STARTED)) {
            sim.step();
        }
        long crashAt = sim.nowMs();
        assertTrue(sim.crashNow());
        assertEquals(1_000, sim.result().stuckInProgressMs(), "not reclaimed yet: counted to the lease's end");
        while (!sim.isFinished()) {
            sim.step();
        }
        long reclaimAt = events.stream().filter(e -> e.kind() == Kind.LEASE_RECLAIMED).findFirst().orElseThrow()
                .timeMs();
        assertEquals(60_000, reclaimAt, "redelivered when the visibility timeout ran out, 60 s after time 0");
        assertEquals(reclaimAt - crashAt, sim.result().stuckInProgressMs());
    }

    @Test
    void theClaimTableWithAProviderKeyLeavesNoDuplicate() {
        // Lost replies, repeated requests running beside their originals (4 workers, repeats after 0..3 s) and
        // no crash: completed keys answer with their saved result, a key in progress sends the repeat back to the
        // queue, and the provider's key stops the email resent after a lost reply.
        Scenario s = BASE.toBuilder().pDuplicate(0.3).duplicateDelayMs(0, 3_000).workers(4).build();
        StrategyResult withKey = run(s, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE));
        assertTrue(withKey.repeatedRequests() > 0);
        assertTrue(withKey.jobInProgressRejections() > 0, "some repeats met their original still running");
        assertEquals(0, withKey.repeatedSteps());
        assertEquals(0, withKey.usersWithDuplicateEmails());
        // Without the provider key, a lost reply releases the claim (a failure is not remembered) and the retry
        // sends the email again.
        StrategyResult noKey = run(s, skipFinished(KeyMode.NONE, StoreKind.CLAIM_TABLE));
        assertTrue(noKey.usersWithDuplicateEmails() > 0);
        assertEquals(noKey.repeatedSteps(), (long) noKey.repeatedStepsByStep().get(SignupSteps.EMAIL),
                "only the email runs twice");
    }

    /** Half the sign-ups sent again 1..20 s later, 5% of calls taking 30..90 s, 4 workers. */
    private static final Scenario SLOW = BASE.toBuilder().pDuplicate(0.5).duplicateDelayMs(1_000, 20_000)
            .workers(4).pSlow(0.05).slowCallMs(60_000).build();

    @Test
    void aLeaseShorterThanTheSlowestCallLetsASecondWorkerDoTheStepToo() {
        // 10 s lease, calls up to 90 s: a repeat finds an in_progress claim whose lease ran out while its
        // holder's call is still running, reclaims it, and does the step a second time.
        StrategyResult shortLease = run(SLOW.toBuilder().leaseMs(10_000).build(),
                skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE));
        assertTrue(shortLease.leaseReclaims() > 0);
        assertTrue(shortLease.repeatedSteps() > 0);
        assertEquals(0, shortLease.crashes());
        // A 10-minute lease outlives every call: no duplicate, but the repeats are refused while it holds.
        StrategyResult longLease = run(SLOW.toBuilder().leaseMs(600_000).build(),
                skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE));
        assertEquals(0, longLease.repeatedSteps());
        assertEquals(0, longLease.leaseReclaims());
        assertTrue(longLease.jobInProgressRejections() > 0);
    }

    /**
     * Sign-ups arrive 2 a second; half are sent again 0.5..1.5 s later, while the original (about 2 s) runs.
     * Nothing fails, so every duplicate comes from the repeats.
     */
    private static final Scenario OVERLAPPING = BASE.toBuilder().arrivalRate(2).workers(4).pDuplicate(0.5)
            .duplicateDelayMs(500, 1_500).pFail(0).lostReply(0).build();

    @Test
    void aLockIsNotAnIdempotencyRecord() {
        Strategy lock = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK);
        // A 100 ms lock expires long before the 2 s job ends: the repeat takes it and runs beside the original.
        StrategyResult shortTtl = run(OVERLAPPING.toBuilder().lockTtlMs(100).build(), lock);
        assertTrue(shortTtl.repeatedSteps() > 0);

        // A lock that outlives the job keeps the repeat out while the original runs ("job in progress") ...
        StrategyResult longTtl = run(OVERLAPPING.toBuilder().lockTtlMs(600_000).build(), lock);
        assertTrue(longTtl.jobInProgressRejections() > 0);
        // The 100 ms lock keeps a repeat out only when the two are taken within 100 ms of each other; every other
        // repeat ran beside its original.
        assertTrue(shortTtl.jobInProgressRejections() * 10 < longTtl.jobInProgressRejections(),
                shortTtl.jobInProgressRejections() + " vs " + longTtl.jobInProgressRejections());
        // ... and then the original releases it, nothing records completion, and the repeat does it all again:
        // every repeat repeats all ten steps.
        assertEquals(longTtl.repeatedRequests() * SignupSteps.COUNT, longTtl.repeatedSteps());
        // The claim table, same traffic: no step twice.
        assertEquals(0, run(OVERLAPPING, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE)).repeatedSteps());
    }

    @Test
    void theSameKeyWithAnotherPayloadIsAKeyMismatchNotTheFirstResult() {
        // Every repeated request carries a changed payload under the same keys (pDifferentPayload 1).
        Scenario s = BASE.toBuilder().pDuplicate(0.5).pDifferentPayload(1).build();
        StrategyResult claim = run(s, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE));
        assertTrue(claim.repeatedRequests() > 0);
        // The fingerprint check answers each repeat's first claim with HTTP 400; the repeat is refused, not
        // retried. It is a repeat's own outcome, so no sign-up failed (failedJobs counted the refused repeats
        // before, when it mixed sign-ups and repeated requests).
        assertEquals(claim.repeatedRequests(), claim.keyMismatches());
        assertEquals(claim.repeatedRequests(), claim.ended(true, Outcome.REFUSED));
        assertEquals(0, claim.failedJobs());
        assertEquals(0, claim.repeatedSteps());
        // The first article's store has no fingerprint: it silently answers with the first request's results.
        StrategyResult memory = run(s, skipFinished(KeyMode.SAME, StoreKind.MEMORY));
        assertEquals(0, memory.keyMismatches());
        assertEquals(0, memory.failedJobs());
    }

    @Test
    void aVisibilityTimeoutShorterThanTheJobDeliversItTwiceWhileItRuns() {
        // 2% of calls take 30..90 s, the visibility timeout is 30 s: the queue hands the still-running job to a
        // second worker. Without a store both do the steps; the claim table refuses the second delivery.
        Scenario s = BASE.toBuilder().queue(QueueKind.DURABLE).pSlow(0.02).slowCallMs(60_000).workers(4).build();
        StrategyResult none = run(s, Strategy.EACH_STEP_NO_KEY);
        assertTrue(none.redeliveries() > 0);
        assertTrue(none.repeatedSteps() > 0);
        assertEquals(0, none.crashes());
        StrategyResult claim = run(s, skipFinished(KeyMode.SAME, StoreKind.CLAIM_TABLE));
        assertTrue(claim.redeliveries() > 0);
        assertEquals(0, claim.repeatedSteps());
        assertTrue(claim.jobInProgressRejections() > 0);
    }

    @Test
    void aDurableQueueWithNothingToRedeliverGivesTheArticlesNumbers() {
        // Jobs of about 2 s never reach the 30 s visibility timeout: the tracked path (messages, ledgers,
        // acknowledgements) must count exactly as the article's untracked one, strategy by strategy.
        Scenario durable = BASE.toBuilder().jobs(20_000).queue(QueueKind.DURABLE).build();
        for (Strategy st : Strategy.ARTICLE) {
            StrategyResult plain = new SignupSimulation(BASE.toBuilder().jobs(20_000).build(), st, RunControl.NONE,
                    true).run();
            assertEquals(plain, run(durable, st), st.name());
        }
    }

    @Test
    void aClickCrashesTheProcessNowAndItRestarts() {
        Scenario s = BASE.toBuilder().jobs(5).pFail(0).lostReply(0).restartMs(5_000).build();
        SignupSimulation sim = new SignupSimulation(s, Strategy.WHOLE_JOB_SKIP_FINISHED, RunControl.NONE);
        List<SimulationEvent> events = new ArrayList<>();
        sim.setListener(events::add);
        while (sim.store() == null || sim.store().liveKeys() < 3) {
            sim.step(); // until user_0 has finished a few steps
        }
        long crashAt = sim.nowMs();
        assertTrue(sim.crashNow());
        assertTrue(sim.isDown());
        assertFalse(sim.crashNow(), "a process that is down cannot crash again");
        assertEquals(0, sim.store().liveKeys(), "the in-memory store died with the process");
        // In-memory queue: the running job and the four waiting ones are lost.
        assertEquals(5, sim.result().lostJobs());
        assertTrue(events.stream().anyMatch(e -> e.kind() == Kind.WORKER_CRASHED && e.untilMs() == crashAt + 5_000));
        assertEquals(1, events.stream().filter(e -> e.kind() == Kind.JOB_INTERRUPTED).count());
        assertEquals(5, events.stream().filter(e -> e.kind() == Kind.JOB_LOST).count());
        assertTrue(sim.isFinished(), "nothing is left to run");
        assertEquals(1, sim.result().crashes());
    }

    @Test
    void afterAClickedCrashADurableQueueRedeliversAndTheRunEnds() {
        Scenario s = BASE.toBuilder().jobs(5).pFail(0).lostReply(0).restartMs(5_000)
                .queue(QueueKind.DURABLE).visibilityTimeoutMs(10_000).build();
        SignupSimulation sim = new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        List<SimulationEvent> events = new ArrayList<>();
        sim.setListener(events::add);
        for (int i = 0; i < 8; i++) {
            sim.step();
        }
        assertTrue(sim.crashNow());
        while (!sim.isFinished()) {
            sim.step();
        }
        StrategyResult r = sim.result();
        assertEquals(0, r.lostJobs());
        assertEquals(1, r.redeliveries(), "the interrupted job, 10 s after it was taken");
        assertEquals(0, r.failedJobs());
        assertTrue(r.repeatedSteps() > 0, "its redelivery redoes the steps it had done");
        assertTrue(events.stream().anyMatch(e -> e.kind() == Kind.WORKER_RESTARTED));
        assertTrue(events.stream().anyMatch(e -> e.kind() == Kind.JOB_STARTED && e.delivery() == 2));
    }
}
