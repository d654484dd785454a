package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * The explorer: every schedule of at most K faults, checked against claims worked out by hand from the rules in
 * docs/simulation.md. One sign-up runs the ten steps in order; with one worker there is never a race.
 */
class ExplorerTest {
    private static final Set<FaultKind> ALL = EnumSet.allOf(FaultKind.class);
    private static final int EMAIL = SignupSteps.EMAIL; // step 7 of 10, index 6

    /** One sign-up, fixed call times (200 ms), no jitter: what the explore command runs by default. */
    private static Scenario oneSignup() {
        return Scenario.article().toBuilder().jobs(1).callTime(CallTimeShape.FIXED).jitter(false).build();
    }

    private static Strategy strategy(RetryScope scope, KeyMode key, StoreKind store) {
        return Strategy.of(scope, key, store);
    }

    /** @return every schedule, run in full (no reduction), with its faults and end */
    private static List<Explorer.Schedule> everySchedule(Scenario s, Strategy st, Set<FaultKind> kinds, int k) {
        List<Explorer.Schedule> out = new ArrayList<>();
        Explorer.explore(s, st, kinds, k, false, RunControl.NONE, out::add);
        return out;
    }

    private static String describe(List<Fault> faults) {
        return faults.stream().map(f -> f.kind().cliName() + ":" + (f.step() < 0 ? "-" : f.step()) + ":" + f.attempt())
                .collect(Collectors.joining(","));
    }

    /**
     * Each step, no key, one sign-up, K = 1, in-memory queue. The one schedule without a fault, then one fault at each
     * choice point of that run: a failure at each of the 10 calls, a crash after each of the 10 side effects, a lost
     * reply of the email, and a repeat: 23 schedules. A failure is retried before anything happened: no duplicate.
     * A crash loses the job with the in-memory queue (10 lost). The email is sent twice by exactly the lost reply
     * (the retry sends it again, no key stops it) and the repeat (a second job runs all ten steps).
     */
    @Test
    void eachStepNoKeyDuplicatesTheEmailByALostReplyOrARepeatAlone() {
        Strategy st = strategy(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.NONE);
        List<Explorer.Schedule> all = everySchedule(oneSignup(), st, ALL, 1);
        assertEquals(23, all.size());
        Set<String> emailTwice = new TreeSet<>();
        for (Explorer.Schedule sc : all) {
            if (sc.result().repeatedStepsByStep().get(EMAIL) > 0) {
                emailTwice.add(describe(sc.faults()));
            }
        }
        assertEquals(Set.of("lost-reply:6:1", "repeat:-:0"), emailTwice);
        Explorer.Result r = Explorer.explore(oneSignup(), st, ALL, 1, RunControl.NONE);
        assertEquals(23, r.schedules());
        assertEquals(2, r.duplicateSchedules().get(EMAIL));
        assertEquals(10, r.lostSchedules(), "a crash with the in-memory queue loses the job");
    }

    /**
     * The same with a durable queue: a crash no longer loses the job; the visibility timeout delivers it again and,
     * with no store, it runs from step 1, so every step whose side effect happened runs again. The email is sent
     * twice by a crash at any point after it went out and before the job was acknowledged: after the email's own
     * side effect or after any of the three steps after it (indices 6 to 9), besides the lost reply and the repeat.
     */
    @Test
    void withADurableQueueACrashAfterTheEmailWentOutSendsItAgain() {
        Scenario durable = oneSignup().toBuilder().queue(QueueKind.DURABLE).build();
        Strategy st = strategy(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.NONE);
        Set<String> emailTwice = new TreeSet<>();
        for (Explorer.Schedule sc : everySchedule(durable, st, ALL, 1)) {
            if (sc.result().repeatedStepsByStep().get(EMAIL) > 0) {
                emailTwice.add(describe(sc.faults()));
            }
            assertEquals(0, sc.result().lostJobs() + sc.result().deadLetteredJobs(), "durable: nothing lost");
        }
        assertEquals(Set.of("lost-reply:6:1", "repeat:-:0", "crash:6:1", "crash:7:1", "crash:8:1", "crash:9:1"),
                emailTwice);
    }

    /**
     * The claim table with the same provider key, each step, durable queue, a lease of 10 s shorter than the time
     * the queue keeps a crashed job going (receives up to 100). No schedule of at most two faults sends the email
     * twice: a lost reply's retry finds the claim completed or, if the claim was never completed, the provider knows
     * the key; a repeat finds every claim completed. A crash still makes the step it interrupted run again: its
     * claim stays in_progress, the redelivery is refused until the lease runs out, then reclaims it and calls again.
     */
    @Test
    void theClaimTableWithTheSameKeyNeverSendsTheEmailTwiceYetACrashRepeatsItsStep() {
        Scenario s = oneSignup().toBuilder().queue(QueueKind.DURABLE).leaseMs(10_000).maxReceives(100).build();
        Strategy st = strategy(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        Explorer.Result r = Explorer.explore(s, st, ALL, 2, RunControl.NONE);
        assertEquals(0, r.duplicateSchedules().get(EMAIL), "no schedule of two faults sends the email twice");
        assertEquals(0, r.lostSchedules());
        // a single crash after step 3's side effect: step 3 (index 2) is done again, nothing else
        List<Explorer.Schedule> crashes = everySchedule(s, st, EnumSet.of(FaultKind.CRASH), 1);
        for (Explorer.Schedule sc : crashes) {
            if (sc.faults().isEmpty()) {
                continue;
            }
            int crashed = sc.faults().get(0).step();
            List<Integer> again = IntStream.range(0, SignupSteps.COUNT)
                    .filter(i -> sc.result().repeatedStepsByStep().get(i) > 0).boxed().toList();
            assertEquals(crashed == EMAIL ? List.of() : List.of(crashed), again,
                    "a crash after step " + crashed + " (the email's key stops its own repeat)");
            assertEquals(1, sc.result().leaseReclaims());
        }
        assertEquals(11, crashes.size());
    }

    /**
     * Whole-job retry with the same key, K = 1 failures only: a failure at step n (1-based) ends the attempt, and the
     * retry runs steps 1 to n-1 again before step n succeeds; the email among them is stopped by its key.
     */
    @Test
    void wholeJobRetryRunsTheStepsBeforeAFailureAgainButTheEmail() {
        Strategy st = strategy(RetryScope.WHOLE_JOB, KeyMode.SAME, StoreKind.NONE);
        List<Explorer.Schedule> all = everySchedule(oneSignup(), st, EnumSet.of(FaultKind.FAIL), 1);
        assertEquals(11, all.size());
        for (Explorer.Schedule sc : all) {
            if (sc.faults().isEmpty()) {
                continue;
            }
            int n = sc.faults().get(0).step() + 1; // 1-based
            List<Integer> expected = IntStream.range(0, n - 1).filter(i -> i != EMAIL).boxed().toList();
            List<Integer> again = IntStream.range(0, SignupSteps.COUNT)
                    .filter(i -> sc.result().repeatedStepsByStep().get(i) > 0).boxed().toList();
            assertEquals(expected, again, "a failure at step " + n);
        }
    }

    /**
     * Reduction by states is sound: exploring with it gives every count and the same shortest counterexample as
     * running every schedule in full, on stores, queues and races (two sign-ups on two workers make events due at
     * once: the order choices). Fewer schedules run with it where states meet.
     */
    @Test
    void reductionByStatesChangesNoCount() {
        Scenario one = oneSignup();
        Scenario durable = one.toBuilder().queue(QueueKind.DURABLE).leaseMs(10_000).maxReceives(100).build();
        Scenario two = one.toBuilder().jobs(2).workers(2).build();
        List<Strategy> strategies = new ArrayList<>(Strategy.ARTICLE);
        strategies.add(strategy(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE));
        strategies.add(strategy(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK));
        long saved = 0;
        for (Strategy st : strategies) {
            for (Scenario s : List.of(one, durable, two)) {
                int k = s == two ? 1 : 2;
                Explorer.Result with = Explorer.explore(s, st, ALL, k, true, RunControl.NONE, null);
                Explorer.Result without = Explorer.explore(s, st, ALL, k, false, RunControl.NONE, null);
                String where = st.name() + " on " + (s == one ? "one" : s == durable ? "durable" : "two") + ", K=" + k;
                assertEquals(without.schedules(), with.schedules(), where);
                assertEquals(without.runs(), without.schedules(), where + ": without reduction every schedule runs");
                assertEquals(without.duplicateSchedules(), with.duplicateSchedules(), where);
                assertEquals(without.schedulesWithDuplicate(), with.schedulesWithDuplicate(), where);
                assertEquals(without.lostSchedules(), with.lostSchedules(), where);
                assertEquals(without.failedSchedules(), with.failedSchedules(), where);
                assertEquals(without.shortestCounterexample(), with.shortestCounterexample(), where);
                saved += without.runs() - with.runs();
            }
        }
        assertTrue(saved > 0, "states met twice were explored once");
    }

    /**
     * Every shortest counterexample the explorer reports, played back through the engine with its faults forced and
     * nothing else failing, ends with the same steps done twice, and every fault met its choice point.
     */
    @Test
    void everyCounterexamplePlaysBackToTheSameDuplicate() {
        Scenario one = oneSignup();
        Scenario durable = one.toBuilder().queue(QueueKind.DURABLE).build();
        Scenario two = one.toBuilder().jobs(2).workers(2).build();
        int found = 0;
        for (Strategy st : Strategy.ARTICLE) {
            for (Scenario s : List.of(one, durable, two)) {
                for (Set<FaultKind> kinds : List.of(ALL, EnumSet.of(FaultKind.FAIL, FaultKind.LOST_REPLY,
                        FaultKind.CRASH))) {
                    Explorer.Result r = Explorer.explore(s, st, kinds, 2, RunControl.NONE);
                    if (!r.hasCounterexample()) {
                        continue;
                    }
                    found++;
                    ForcedFaults forced = new ForcedFaults(kinds, r.shortestCounterexample());
                    StrategyResult replay = new SignupSimulation(s, st, RunControl.NONE, forced).run();
                    List<Integer> again = IntStream.range(0, SignupSteps.COUNT)
                            .filter(i -> replay.repeatedStepsByStep().get(i) > 0).boxed().toList();
                    assertEquals(r.counterexampleDuplicates(), again, st.name() + " " + r.shortestCounterexample());
                    assertEquals(List.of(), forced.unused(), "every fault met its choice point");
                }
            }
        }
        assertTrue(found >= 20, "counterexamples checked: " + found);
    }

    /**
     * Without repeats, the fifth strategy (whole job, skip finished steps, memory store) survives failures and lost
     * replies: its shortest counterexample needs a crash, which wipes the in-memory store; with a durable queue the
     * redelivered job then runs the finished steps again. With failures and lost replies only, it has none.
     */
    @Test
    void skippingFinishedStepsInMemoryNeedsACrashToDuplicate() {
        Strategy fifth = Strategy.ARTICLE.get(4);
        Scenario durable = oneSignup().toBuilder().queue(QueueKind.DURABLE).build();
        Explorer.Result safe = Explorer.explore(durable, fifth, EnumSet.of(FaultKind.FAIL, FaultKind.LOST_REPLY), 3,
                RunControl.NONE);
        assertFalse(safe.hasCounterexample());
        assertEquals(List.of(), safe.shortestCounterexample());
        Explorer.Result crash = Explorer.explore(durable, fifth, EnumSet.of(FaultKind.FAIL, FaultKind.LOST_REPLY,
                FaultKind.CRASH), 2, RunControl.NONE);
        assertEquals(1, crash.shortestCounterexample().size());
        assertEquals(FaultKind.CRASH, crash.shortestCounterexample().get(0).kind());
    }

    /**
     * The same two checks on scenarios drawn at random over the mechanisms the explorer meets (queues, stores,
     * leases, heartbeats, retention, check-then-insert claims, rescuers, lock placement and release, attempt
     * timeouts, retries through the queue, TTLs, repeats, restarts), strategies and kinds of fault: the reduction
     * changes no count, every state digests (no part of the simulation it cannot read), and every counterexample
     * plays back to its duplicate. Seeded, so a failure names a configuration that fails again.
     */
    @Test
    void onRandomScenariosReductionAndPlaybackAgree() {
        java.util.Random rnd = new java.util.Random(20261203);
        for (int i = 0; i < 25; i++) {
            Scenario s = Scenario.article().toBuilder().jobs(1 + rnd.nextInt(2)).workers(1 + rnd.nextInt(2))
                    .callTime(rnd.nextBoolean() ? CallTimeShape.FIXED : CallTimeShape.UNIFORM).jitter(rnd.nextBoolean())
                    .queue(rnd.nextBoolean() ? QueueKind.DURABLE : QueueKind.MEMORY)
                    .leaseMs(rnd.nextBoolean() ? 300_000 : 1_000).maxReceives(1 + rnd.nextInt(20))
                    .visibilityTimeoutMs(rnd.nextBoolean() ? 30_000 : 1_000).restartMs(rnd.nextInt(3) * 1_000L)
                    .duplicateDelayMs(rnd.nextInt(2) * 500L, 1_000 + rnd.nextInt(3) * 1_000L)
                    .ttlMs(rnd.nextBoolean() ? 86_400_000 : 1_000).attemptTimeoutMs(rnd.nextInt(3) == 0 ? 150 : 0)
                    .heartbeatMs(rnd.nextInt(3) == 0 ? 300 : 0).claimRetentionMs(rnd.nextInt(3) == 0 ? 500 : 0)
                    .claim(rnd.nextBoolean() ? org.idempotencylab.scenario.ClaimMode.ATOMIC
                            : org.idempotencylab.scenario.ClaimMode.CHECK_THEN_INSERT)
                    .rescuer(org.idempotencylab.scenario.RescuerKind.values()[rnd.nextInt(3)]).rescueEveryMs(700)
                    .lockAt(org.idempotencylab.scenario.LockAt.values()[rnd.nextInt(2)])
                    .lockRelease(org.idempotencylab.scenario.LockRelease.values()[rnd.nextInt(3)])
                    .onConflict(org.idempotencylab.scenario.OnConflict.values()[rnd.nextInt(2)])
                    .lockTtlMs(rnd.nextBoolean() ? 30_000 : 300)
                    .retryVia(rnd.nextBoolean() ? org.idempotencylab.scenario.RetryVia.WORKER
                            : org.idempotencylab.scenario.RetryVia.DELAYED_MESSAGE).build();
            RetryScope scope = RetryScope.values()[rnd.nextInt(3)];
            StoreKind store = StoreKind.values()[rnd.nextInt(StoreKind.values().length)];
            if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !store.recordsCompletion()) {
                store = StoreKind.MEMORY;
            }
            Strategy st = Strategy.of(scope, KeyMode.values()[rnd.nextInt(3)], store);
            Set<FaultKind> kinds = EnumSet.noneOf(FaultKind.class);
            for (FaultKind kind : FaultKind.values()) {
                if (rnd.nextInt(3) > 0) {
                    kinds.add(kind);
                }
            }
            int k = 1 + rnd.nextInt(2);
            String where = "configuration " + i + ": " + st.name() + ", " + kinds + ", K=" + k + ", " + s;
            Explorer.Result with = Explorer.explore(s, st, kinds, k, true, RunControl.NONE, null);
            Explorer.Result without = Explorer.explore(s, st, kinds, k, false, RunControl.NONE, null);
            assertEquals(without.schedules(), with.schedules(), where);
            assertEquals(without.duplicateSchedules(), with.duplicateSchedules(), where);
            assertEquals(without.lostSchedules(), with.lostSchedules(), where);
            assertEquals(without.failedSchedules(), with.failedSchedules(), where);
            assertEquals(without.shortestCounterexample(), with.shortestCounterexample(), where);
            if (with.hasCounterexample()) {
                ForcedFaults forced = new ForcedFaults(kinds, with.shortestCounterexample());
                StrategyResult replay = new SignupSimulation(s, st, RunControl.NONE, forced).run();
                List<Integer> again = IntStream.range(0, SignupSteps.COUNT)
                        .filter(n -> replay.repeatedStepsByStep().get(n) > 0).boxed().toList();
                assertEquals(with.counterexampleDuplicates(), again, where);
                assertEquals(List.of(), forced.unused(), where);
            }
        }
    }

    /**
     * Two sign-ups on two workers, fixed 200 ms calls: both workers' calls end together at 200, 400, ... 2,000 ms, so
     * every race the explorer tries is at one of those times, and its fault says which event went first and which it
     * overtook (a worker's call end).
     */
    @Test
    void racesAreAtTheTimeTheEventsAreDue() {
        Scenario two = oneSignup().toBuilder().jobs(2).workers(2).build();
        List<Explorer.Schedule> all = everySchedule(two, Strategy.ARTICLE.get(0), EnumSet.of(FaultKind.ORDER), 1);
        assertEquals(11, all.size(), "no fault, or the other worker's call end first at each of the 10 times");
        for (Explorer.Schedule sc : all) {
            for (Fault f : sc.faults()) {
                assertTrue(f.atMs() > 0 && f.atMs() % 200 == 0 && f.atMs() <= 2_000, f.describe());
                assertTrue(f.first().startsWith("worker 2's call") && f.overtaken().startsWith("worker 1's call"),
                        f.describe());
            }
        }
    }

    /**
     * A schedule that never ends within the cap stops the exploration with the faults that made it, in the order they
     * happen: a lock that lives 31 days, and a repeat refused every few seconds until it is gone.
     */
    @Test
    void aScheduleThatDoesNotEndIsNamed() {
        Scenario s = oneSignup().toBuilder().lockRelease(org.idempotencylab.scenario.LockRelease.TTL)
                .lockTtlMs(31L * Scenario.DAY_MS).build();
        Strategy lock = strategy(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK);
        Explorer.EndlessScheduleException e = assertThrows(Explorer.EndlessScheduleException.class,
                () -> Explorer.explore(s, lock, EnumSet.of(FaultKind.REPEAT), 1, true, RunControl.NONE, null, 10_000));
        assertEquals(FaultKind.REPEAT, e.faults().get(0).kind());
        assertTrue(e.getMessage().startsWith("a schedule ran past 10,000 events without ending with the faults at "
                + "30,000 ms: user_0 is sent again"), e.getMessage());
    }

    /** K = 0 is the one schedule without a fault; a schedule count grows with K; results do not depend on threads. */
    @Test
    void budgetsAndThreads() {
        Strategy st = Strategy.ARTICLE.get(0);
        Explorer.Result none = Explorer.explore(oneSignup(), st, ALL, 0, RunControl.NONE);
        assertEquals(1, none.schedules());
        assertFalse(none.hasCounterexample());
        Scenario two = oneSignup().toBuilder().jobs(2).workers(2).build();
        List<Explorer.Result> one = Explorer.exploreAll(two, Strategy.ARTICLE, ALL, 1, 1, RunControl.NONE);
        List<Explorer.Result> three = Explorer.exploreAll(two, Strategy.ARTICLE, ALL, 1, 3, RunControl.NONE);
        assertEquals(one, three);
        assertThrows(IllegalArgumentException.class,
                () -> Explorer.explore(oneSignup(), st, ALL, Explorer.MAX_FAULTS + 1, RunControl.NONE));
        RunControl cancelled = new RunControl() {
            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThrows(CancellationException.class, () -> Explorer.explore(oneSignup(), st, ALL, 2, cancelled));
    }
}
