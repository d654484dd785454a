package org.idempotencylab.engine;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.ClaimMode;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.LockRelease;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;

/**
 * One run per {@link DuplicateCause} whose first side effect done again has that cause: a built-in preset, the
 * Explore tab's shortest counterexample (its faults forced, nothing else failing), or a small scenario made for it,
 * each with a fixed seed. Shared by the engine's test of the causes and the live view's walk over them (the lit line
 * and the caption at the pause).
 */
public final class CauseScenarios {
    /**
     * @param name     what the run is, for a failure's message
     * @param scenario the scenario, the strategy's own settings applied
     * @param strategy the strategy, without settings
     * @param kinds    the kinds of fault the exploration allowed, or null for the random draws
     * @param faults   the counterexample's faults to force, or null for the random draws
     * @param cause    the cause of the run's first duplicate
     */
    public record Case(String name, Scenario scenario, Strategy strategy, Set<FaultKind> kinds, List<Fault> faults,
                       DuplicateCause cause) {
        /** @return a new simulation of this run, its faults forced if it has any */
        public SignupSimulation simulation() {
            return faults == null ? new SignupSimulation(scenario, strategy, RunControl.NONE)
                    : new SignupSimulation(scenario, strategy, RunControl.NONE, new ForcedFaults(kinds, faults));
        }
    }

    private static final Presets PRESETS = new Presets(new ScenarioFiles(Metric.watchNames()));

    private CauseScenarios() {
    }

    /** @return a run for every cause, in {@link DuplicateCause}'s order */
    public static List<Case> all() {
        // small runs for the live view: five sign-ups, one a second, two workers, nothing failing by itself
        Scenario small = Scenario.article().toBuilder().jobs(5).workers(2).arrivalRate(1).pFail(0).lostReply(0)
                .build();
        Set<FaultKind> every = EnumSet.allOf(FaultKind.class);
        return List.of(
                // the opening scene: user_0's reply is lost, the retry sends the welcome email again
                preset("opening-no-key.json", 0, DuplicateCause.LOST_REPLY),
                // one sign-up, the fifth strategy, an in-memory queue: the crash loses the job and wipes the store,
                // and the repeat 30 s later finds no record of the steps the crash took with it
                explored("crash and repeat", QueueKind.MEMORY, Strategy.WHOLE_JOB_SKIP_FINISHED, every,
                        DuplicateCause.CRASH),
                // pg-boss's expiry: a 60 s call outlives the 10 s visibility timeout, the job is delivered again
                preset("field-pgboss-expiry.json", 0, DuplicateCause.VISIBILITY_TIMEOUT),
                // a 2 s lease on 200 ms calls, some slow: a slow call's claim runs out and another delivery takes it
                preset("short-lease.json", 0, DuplicateCause.LEASE_EXPIRED),
                // the lock is let go as the job starts (until_executing): the repeat 300 ms later gets in and runs
                // the steps the first job is still running
                new Case("lock released at start", small.toBuilder().pDuplicate(1).duplicateDelayMinMs(300)
                        .duplicateDelayMaxMs(300).lockRelease(LockRelease.START).build(),
                        Strategy.of(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.LOCK), null, null,
                        DuplicateCause.LOCK_GONE),
                // one sign-up, each step with the same key: only a repeat (30 s later) does a step twice
                explored("repeat", QueueKind.MEMORY, Strategy.EACH_STEP_SAME_KEY, every,
                        DuplicateCause.REPEATED_REQUEST),
                // keys kept 60 s, repeats 90 s later: the repeat finds the keys expired
                preset("ttl-shorter-than-repeat.json", 0, DuplicateCause.EXPIRED_KEY),
                // dust#: a 30 s attempt timeout on calls that sometimes take longer; the call goes on beside the retry
                preset("field-dust-timed-out-attempt.json", 1, DuplicateCause.ATTEMPT_TIMEOUT),
                // check, then insert, 50 ms apart: the sign-up and its repeat, sent at once, both read "absent"
                new Case("check-then-insert", small.toBuilder().pDuplicate(1).duplicateDelayMinMs(0)
                        .duplicateDelayMaxMs(0).claim(ClaimMode.CHECK_THEN_INSERT).raceWindowMs(50).build(),
                        Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE), null,
                        null, DuplicateCause.CLAIM_RACE),
                // river#1302 with the atomic rescuer: a crashed holder's claim is freed, the redelivery runs it again
                preset("field-river-rescuer.json", 1, DuplicateCause.RESCUER),
                // one sign-up, the whole job with the same key: one failure of step 2 retries the job from step 1
                explored("whole-job retry", QueueKind.MEMORY, Strategy.WHOLE_JOB_SAME_KEY, every,
                        DuplicateCause.WHOLE_JOB_RETRY),
                // two sign-ups, one worker, 100 ms calls: the shutdown at 1,550 ms waits 200 ms, pushes back
                // user_1 after step 7, and its next delivery does steps 1 to 7 again (GracefulShutdownTest)
                new Case("graceful shutdown", Scenario.article().toBuilder().jobs(2).pFail(0).lostReply(0)
                        .callTime(CallTimeShape.FIXED).callMs(100).queue(QueueKind.DURABLE).restartMs(100)
                        .set(Parameter.SHUTDOWN_EVERY_MS, 1_550L).set(Parameter.SHUTDOWN_TIMEOUT_MS, 200L).build(),
                        Strategy.EACH_STEP_NO_KEY, null, null, DuplicateCause.SHUTDOWN),
                // batches of 5 on a durable queue, one attempt: a batch with a failed job goes back whole, and its
                // succeeded jobs run again once their visibility timeout ends (nothing else repeats a step here)
                new Case("batch returned", Scenario.article().toBuilder().jobs(20).pFail(0.01).lostReply(0)
                        .maxAttempts(1).queue(QueueKind.DURABLE).set(Parameter.BATCH_SIZE, 5L).build(),
                        Strategy.EACH_STEP_NO_KEY, null, null, DuplicateCause.BATCH_RETURNED));
    }

    /** The preset's strategy number {@code strategy}, on its scenario with that strategy's settings. */
    private static Case preset(String fileName, int strategy, DuplicateCause cause) {
        ScenarioFile f = PRESETS.load(fileName);
        Strategy s = f.strategies().get(strategy);
        return new Case(fileName, s.on(f.scenario()), s.withSettings(java.util.Map.of()), null, null, cause);
    }

    /** The Explore tab's defaults (one sign-up, one worker) on {@code queue}: its shortest counterexample of K = 2. */
    private static Case explored(String name, QueueKind queue, Strategy strategy, Set<FaultKind> kinds,
                                 DuplicateCause cause) {
        Scenario s = ExplorerScenario.mayHappen(ExplorerScenario.DEFAULTS.toBuilder().queue(queue).build(), kinds);
        Explorer.Result r = Explorer.explore(s, strategy, kinds, 2, RunControl.NONE);
        return new Case(name + " (explored)", s, strategy, kinds, r.shortestCounterexample(), cause);
    }
}
