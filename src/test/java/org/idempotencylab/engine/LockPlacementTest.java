package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.LockAt;
import org.idempotencylab.scenario.LockRelease;
import org.idempotencylab.scenario.OnConflict;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * Where the lock-only store takes and lets go of its lock, and what it does with a duplicate: sidekiq-unique-jobs'
 * until_executing / until_executed / until_expired locks and its reject strategy, on one fixed-seed workload.
 *
 * <p>The workload: 1,000 sign-ups arriving at once, every one sent again 11 s later, no failures, one worker,
 * calls of 200 ms on average (100 to 300 ms, seed 1). A job is ten calls, about 2 s (give or take 0.2 s), so the
 * worker ends user k's original at about 2(k+1) s: by the repeats' 11 s it has ended users 0..4 (user 4 at about
 * 10 s), is running user 5 (from about 10 s to 12 s) and has not started user 6 (about 12 s). 11 s sits more than
 * two standard deviations from each of those edges. The lock TTL is 1 h: a lock taken at enqueue is at most
 * about 2,000 s old (1,000 originals x 2 s ahead of it) when its job starts, so nothing expires unless a test says
 * so.
 */
class LockPlacementTest {
    private static final Strategy LOCK = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK);
    private static final Scenario WORKLOAD = Scenario.article().toBuilder().jobs(1_000).pFail(0).lostReply(0)
            .pDuplicate(1).duplicateDelayMs(11_000, 11_000).lockTtlMs(3_600_000).build();

    private static StrategyResult run(Scenario s) {
        return new SignupSimulation(s, LOCK, RunControl.NONE).run();
    }

    private static Scenario locks(LockAt at, LockRelease release, OnConflict onConflict) {
        return WORKLOAD.toBuilder().lockAt(at).lockRelease(release).onConflict(onConflict).build();
    }

    @Test
    void aLockTakenAtTheStartKeepsOutNoRepeatThatWaitsBehindItsOriginal() {
        // Today's lock (taken at the start, released at the end), even with reject: each repeat enters the queue at
        // 11 s behind all 1,000 originals, so its original has ended and released the lock when the worker takes
        // it. Every repeat runs all ten steps again and nothing is dropped.
        StrategyResult r = run(locks(LockAt.START, LockRelease.END, OnConflict.REJECT));
        assertEquals(1_000, r.repeatedRequests());
        assertEquals(0, r.get(Metric.REPEATS_DROPPED));
        assertEquals(0, r.get(Metric.DROPPED_JOBS), "a dropped repeat is not a dropped sign-up");
        assertEquals(1_000 * SignupSteps.COUNT, r.repeatedSteps());
    }

    @Test
    void aLockTakenAtEnqueueRejectsEveryRepeatWhoseOriginalHasNotEnded() {
        // until_executed + reject: each original holds its lock from 0 s until it ends. At 11 s the originals of
        // users 0..4 have ended (lock released): those 5 repeats get in and run all ten steps again (a lock is no
        // record). The other 995 originals still hold their lock (user 5 runs, 6..999 wait): 995 repeats are
        // dropped at the door, each counted, none run.
        StrategyResult r = run(locks(LockAt.ENQUEUE, LockRelease.END, OnConflict.REJECT));
        assertEquals(995, r.get(Metric.REPEATS_DROPPED));
        assertEquals(0, r.get(Metric.DROPPED_JOBS), "a dropped repeat is not a dropped sign-up");
        assertEquals(0, r.get(Metric.LOCK_GONE_DROPS), "duplicates refused, no lock ran out (1 h TTL)");
        assertEquals(5 * SignupSteps.COUNT, r.repeatedSteps());
        assertEquals(5, r.usersWithDuplicateEmails());
        assertEquals(0, r.jobInProgressRejections(), "reject never sends a request back");
    }

    @Test
    void requeueAtEnqueueLetsEveryRepeatInOnceItsOriginalHasEnded() {
        // until_executed + requeue: the 995 repeats refused at 11 s try again after the backoff, again and again,
        // until their original has ended; then they get in and run all ten steps again. None is dropped, all 1,000
        // repeats run again, and every refusal is counted (at least one per refused repeat).
        StrategyResult r = run(locks(LockAt.ENQUEUE, LockRelease.END, OnConflict.REQUEUE));
        assertEquals(0, r.get(Metric.REPEATS_DROPPED));
        assertEquals(0, r.get(Metric.DROPPED_JOBS), "a dropped repeat is not a dropped sign-up");
        assertEquals(1_000 * SignupSteps.COUNT, r.repeatedSteps());
        assertTrue(r.jobInProgressRejections() >= 995, Long.toString(r.jobInProgressRejections()));
    }

    @Test
    void releasedAtTheStartARepeatArrivingDuringTheRunRunsAgain() {
        // until_executing + reject: a lock is let go as its job starts. At 11 s users 0..4 have ended and user 5's
        // job is running, its lock already let go: those 6 repeats get in and run all ten steps again, user 5's
        // while its original still runs (one worker: it waits its turn). Users 6..999 have not started, their
        // locks are held: 994 repeats dropped.
        StrategyResult r = run(locks(LockAt.ENQUEUE, LockRelease.START, OnConflict.REJECT));
        assertEquals(994, r.get(Metric.REPEATS_DROPPED));
        assertEquals(0, r.get(Metric.DROPPED_JOBS), "a dropped repeat is not a dropped sign-up");
        assertEquals(6 * SignupSteps.COUNT, r.repeatedSteps());
    }

    @Test
    void aLockLeftToItsTtlRejectsEveryRepeatWithinTheTtl() {
        // until_expired + reject: no lock is released; all 1,000 were taken at 0 s with a 1 h TTL, so at 11 s every
        // repeat finds its user's lock held, even those whose original ended: 1,000 dropped, no step twice.
        StrategyResult r = run(locks(LockAt.ENQUEUE, LockRelease.TTL, OnConflict.REJECT));
        assertEquals(1_000, r.get(Metric.REPEATS_DROPPED));
        assertEquals(0, r.get(Metric.DROPPED_JOBS), "a dropped repeat is not a dropped sign-up");
        assertEquals(0, r.repeatedSteps());
    }

    @Test
    void aJobThatWaitedLongerThanItsLockTtlIsDroppedAndCounted() {
        // until_executed with an 11 s TTL and no repeats: every lock is taken at 0 s (enqueue) and gone at 11 s.
        // The worker starts users 0..5 before 11 s (user 5 at about 10 s) and runs them; it takes user 6 at about
        // 12 s and finds its lock gone, as every later one: 994 jobs dropped (sidekiq-unique-jobs drops such a job
        // without running it), each counted in dropped jobs, and only 6 x 10 calls made.
        Scenario s = WORKLOAD.toBuilder().pDuplicate(0).lockTtlMs(11_000).lockAt(LockAt.ENQUEUE).build();
        StrategyResult r = run(s);
        assertEquals(994, r.get(Metric.DROPPED_JOBS));
        assertEquals(994, r.get(Metric.LOCK_GONE_DROPS), "no repeats: every drop is a lock gone, none a duplicate");
        assertEquals(6 * SignupSteps.COUNT, r.get(Metric.CALLS));
        // Taken at the start, the same TTL drops nothing: each lock lives 11 s from its own job's start.
        StrategyResult atStart = run(s.toBuilder().lockAt(LockAt.START).build());
        assertEquals(0, atStart.get(Metric.DROPPED_JOBS));
        assertEquals(0, atStart.get(Metric.LOCK_GONE_DROPS));
        assertEquals(1_000 * SignupSteps.COUNT, atStart.get(Metric.CALLS));
    }
    @Test
    void startIfHeldRunsAJobOnlyIfItsEnqueueLockOutlivedItsWait() {
        // until_and_while_executing, no repeats, an 11 s TTL: every lock is taken at 0 s (enqueue) and gone at 11 s.
        // As in the until_executed case above, the worker starts users 0..5 before 11 s (user 5 at about 10 s), each
        // still holding its lock, which it lets go and runs; from user 6 (about 12 s) on every lock is gone: 994 jobs
        // dropped, each a lock-gone drop, and 6 x 10 calls made.
        Scenario s = WORKLOAD.toBuilder().pDuplicate(0).lockTtlMs(11_000).lockAt(LockAt.ENQUEUE)
                .lockRelease(LockRelease.START_IF_HELD).build();
        StrategyResult r = run(s);
        assertEquals(994, r.get(Metric.DROPPED_JOBS));
        assertEquals(994, r.get(Metric.LOCK_GONE_DROPS));
        assertEquals(6 * SignupSteps.COUNT, r.get(Metric.CALLS));
        // until_executing (start) unlocks whatever the lock's state: nothing dropped, every job runs
        StrategyResult start = run(s.toBuilder().lockRelease(LockRelease.START).build());
        assertEquals(0, start.get(Metric.DROPPED_JOBS));
        assertEquals(1_000 * SignupSteps.COUNT, start.get(Metric.CALLS));
    }

    @Test
    void startIfHeldLetsGoAsTheJobStartsSoARepeatDuringTheRunGetsIn() {
        // until_and_while_executing + reject, 1 h TTL (no lock runs out): as until_executing above, users 0..5 have
        // started by the repeats' 11 s and let their locks go, so those 6 repeats get in and run all ten steps again;
        // users 6..999 still hold theirs: 994 repeats dropped at the door, none a lock-gone drop. until_executed
        // (end) keeps user 5's lock through its run: 995 dropped, 5 run again.
        StrategyResult r = run(locks(LockAt.ENQUEUE, LockRelease.START_IF_HELD, OnConflict.REJECT));
        assertEquals(994, r.get(Metric.REPEATS_DROPPED));
        assertEquals(0, r.get(Metric.LOCK_GONE_DROPS));
        assertEquals(6 * SignupSteps.COUNT, r.repeatedSteps());
        assertEquals(5 * SignupSteps.COUNT, run(locks(LockAt.ENQUEUE, LockRelease.END, OnConflict.REJECT))
                .repeatedSteps());
    }
}
