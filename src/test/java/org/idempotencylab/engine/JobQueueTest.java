package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** The queue alone, driven by hand: order, one copy, redelivery, the dead-letter limit, dying with the process. */
class JobQueueTest {
    private static final Scenario FIVE = Scenario.article().toBuilder().jobs(5).build();

    private final List<Long> closedUsers = new ArrayList<>();
    private int wakeUps;

    private JobQueue queue(PartsFixture f, boolean tracked) {
        JobQueue q = new JobQueue(f.ctx, tracked, false, new JobQueue.Hooks() {
            @Override
            public void jobVisible() {
                wakeUps++;
            }

            @Override
            public void userClosed(long user) {
                closedUsers.add(user);
            }
        });
        q.start();
        return q;
    }

    /** Takes every job visible now; returns their users in the order taken. */
    private static List<Long> takeAll(JobQueue q) {
        List<Long> users = new ArrayList<>();
        Job job = new Job();
        while (q.takeNext(job)) {
            users.add(job.user);
        }
        return users;
    }

    @Test
    void theArticlesQueueHandsOutUsersInOrderAndNothingElse() {
        PartsFixture f = new PartsFixture(FIVE, Strategy.EACH_STEP_NO_KEY);
        JobQueue q = queue(f, false);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), takeAll(q));
        assertFalse(q.moreToCome(), "all arrived at once and were taken");
        assertEquals(0, f.sim.pendingEvents(), "an untracked queue schedules nothing");
    }

    @Test
    void aJobSentBackKeepsItsPlaceInLine() {
        // All five arrive at time 0. user_0 is taken and refused; when it is visible again it has waited since
        // time 0 like user_1..4, and entered the queue before them, so it is taken before user_1.
        PartsFixture f = new PartsFixture(FIVE.toBuilder().queue(QueueKind.DURABLE).build(),
                Strategy.EACH_STEP_NO_KEY);
        JobQueue q = queue(f, true);
        Job first = new Job();
        assertTrue(q.takeNext(first));
        assertEquals(0, first.user);
        assertEquals(1, q.countRefusal(first));
        q.deliveryEnded(first);
        q.sendBack(first, 5);
        f.sim.runUntil(5);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), takeAll(q));
    }

    @Test
    void aMessageIsInTheQueueOnceHoweverOftenItIsPutBack() {
        PartsFixture f = new PartsFixture(FIVE.toBuilder().queue(QueueKind.DURABLE).build(),
                Strategy.EACH_STEP_NO_KEY);
        JobQueue q = queue(f, true);
        Job first = new Job();
        q.takeNext(first);
        q.deliveryEnded(first);
        q.sendBack(first, 5);
        q.sendBack(first, 7); // "job in progress" twice, or a visibility timeout on top: one copy stays
        assertFalse(q.holdsACopy());
        f.sim.runUntil(10);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), takeAll(q), "user_0 delivered once more, not twice");
    }

    @Test
    void anUnacknowledgedJobIsRedeliveredThenDeadLettered() {
        // One job whose deliveries never end: each visibility timeout (1 s after its delivery) makes it visible
        // again. Timeouts 1..9 redeliver; the 10th (maxReceives, 10 by default) moves it to the dead-letter queue: an outcome of
        // its own, dead-lettered (no longer counted among the failed jobs, which ran out of attempts).
        PartsFixture f = new PartsFixture(FIVE.toBuilder().jobs(1).queue(QueueKind.DURABLE)
                .visibilityTimeoutMs(1_000).build(), Strategy.EACH_STEP_NO_KEY);
        JobQueue q = queue(f, true);
        Job job = new Job();
        int deliveries = 0;
        while (q.takeNext(job)) {
            deliveries++;
            assertEquals(deliveries, job.delivery);
            f.sim.step(); // the visibility timeout of this delivery runs out before it was acknowledged
            if (q.moreToCome()) {
                q.deliveryEnded(job); // its worker crashed later; the job waits for its next delivery
            }
        }
        assertEquals(Scenario.article().maxReceives(), deliveries);
        assertEquals(Scenario.article().maxReceives() - 1, f.metrics.get(Metric.REDELIVERIES));
        assertEquals(1, f.metrics.get(Metric.DEAD_LETTERED_JOBS));
        assertEquals(0, f.metrics.get(Metric.FAILED_JOBS));
        assertEquals(1, f.progress.finished());
        assertTrue(f.events(Kind.JOB_FAILED).get(0).note().contains("dead-letter"));
        assertFalse(q.moreToCome());
        assertTrue(closedUsers.isEmpty(), "the last delivery still runs: the user is not closed yet");
        q.deliveryEnded(job);
        assertEquals(List.of(0L), closedUsers);
    }

    @Test
    void anInMemoryQueueDiesWithTheProcessAndCountsWhatItLoses() {
        // pCrash on makes the queue tracked; it stays in memory. user_0 runs, user_1..4 wait when it dies.
        PartsFixture f = new PartsFixture(FIVE.toBuilder().pCrash(0.5).build(), Strategy.EACH_STEP_NO_KEY);
        JobQueue q = queue(f, true);
        Job running = new Job();
        q.takeNext(running);
        q.loseRunning(running);
        q.deliveryEnded(running);
        q.processDied();
        assertEquals(5, f.metrics.get(Metric.LOST_JOBS), "the running job and the four waiting");
        assertEquals(5, f.progress.finished());
        assertEquals(5, f.events(Kind.JOB_LOST).size());
        assertFalse(q.moreToCome());
        assertFalse(q.jobsOpen());
        assertEquals(0, q.openUsers());
    }

    @Test
    void aBatchRunHandsAClosedUsersLedgerToTheNextUserWithNothingOfItsOwn() {
        // user_0's delivery does step 3's side effect twice (the trail keeps the last one), ends and is
        // acknowledged: nothing of user_0 is open, so its ledger closes. In a batch run (keys forgotten as users
        // close) user_1, taken next, gets that ledger back (the run allocates no ledger per user) with no side
        // effect counted and no last side effect kept: a side effect of user_1's step 3 "done again" finds no first
        // time of its own, where a ledger still holding user_0's entry would book it to a cause.
        PartsFixture f = new PartsFixture(FIVE.toBuilder().pCrash(0.5).build(), Strategy.EACH_STEP_NO_KEY);
        RunContext batch = new RunContext(f.ctx.scenario(), f.ctx.strategy(), f.sim, f.metrics, f.ctx.emitter(),
                f.progress, true);
        Job job = new Job();
        int[] user0Counts = closeUser0AndTakeUser1(batch, job);
        assertSame(user0Counts, job.sideEffects, "user_0's ledger, handed on");
        assertArrayEquals(new int[SignupSteps.COUNT], job.sideEffects, "nothing of user_0's counted for user_1");
        CauseTrail causes = new CauseTrail(batch, new boolean[SignupSteps.COUNT]);
        assertThrows(IllegalStateException.class, () -> causes.again(job, 3, false));
        // A run someone inspects (the explorer digests every object it holds) gives user_1 a new ledger, so no
        // closed user's ledger is part of its state
        Job inspected = new Job();
        assertNotSame(closeUser0AndTakeUser1(f.ctx, inspected), inspected.sideEffects);
    }

    /** user_0's delivery does step 3's side effect twice and ends; then user_1 is taken into {@code job}. */
    private int[] closeUser0AndTakeUser1(RunContext ctx, Job job) {
        JobQueue q = new JobQueue(ctx, true, false, new JobQueue.Hooks() {
            @Override
            public void jobVisible() {
            }

            @Override
            public void userClosed(long user) {
                closedUsers.add(user);
            }
        });
        q.start();
        q.takeNext(job);
        int[] user0Counts = job.sideEffects;
        job.sideEffects[3] = 2;
        new CauseTrail(ctx, new boolean[SignupSteps.COUNT]).first(job, 3, false);
        q.settle(job.msg);
        q.deliveryEnded(job);
        assertEquals(List.of(0L), closedUsers, "user_0 closed");
        closedUsers.clear();
        q.takeNext(job);
        assertEquals(1, job.user);
        return user0Counts;
    }

    @Test
    void aDurableQueueKeepsItsJobsWhenTheProcessDies() {
        PartsFixture f = new PartsFixture(FIVE.toBuilder().queue(QueueKind.DURABLE).build(),
                Strategy.EACH_STEP_NO_KEY);
        JobQueue q = queue(f, true);
        Job running = new Job();
        q.takeNext(running);
        q.loseRunning(running);
        q.deliveryEnded(running);
        q.processDied();
        assertEquals(0, f.metrics.get(Metric.LOST_JOBS));
        assertEquals(List.of(1L, 2L, 3L, 4L), q.waitingUsers(10));
    }

    /**
     * The users whose sign-up is sent again, by the rule: in user order, one draw from the DUPLICATES stream per
     * user ({@code < pDuplicate}), and for a repeat one more draw for its delay.
     */
    private static List<Long> expectedRepeats(Scenario s) {
        Mulberry32 draws = RandomStreams.derived(s.seed(), RandomStreams.Purpose.DUPLICATES);
        List<Long> users = new ArrayList<>();
        for (long u = 0; u < s.jobs(); u++) {
            if (draws.nextDouble() < s.pDuplicate()) {
                draws.nextDouble(); // its delay
                users.add(u);
            }
        }
        return users;
    }

    @Test
    void repeatsAreDecidedInUserOrderFromTheirOwnStream() {
        Scenario s = FIVE.toBuilder().jobs(200).pDuplicate(0.3).duplicateDelayMs(0, 0).build();
        PartsFixture f = new PartsFixture(s, Strategy.EACH_STEP_NO_KEY);
        JobQueue q = queue(f, true);
        List<Long> taken = takeAll(q);
        List<Long> repeated = f.events(Kind.ARRIVED).stream().filter(SimulationEvent::repeat)
                .map(SimulationEvent::user).toList();
        assertEquals(expectedRepeats(s), repeated);
        assertEquals(repeated.size(), f.metrics.get(Metric.REPEATED_REQUESTS));
        // a repeat sent with no delay arrives while its original is taken, and waits behind the originals
        // that arrived at time 0 with it: 200 originals first, then the repeats in user order
        assertEquals(200 + repeated.size(), taken.size());
        assertEquals(repeated, taken.subList(200, taken.size()));

        // changed payloads draw from their own stream: the same users are sent again
        Scenario changed = s.toBuilder().pDifferentPayload(0.5).build();
        PartsFixture g = new PartsFixture(changed, Strategy.EACH_STEP_NO_KEY);
        takeAll(queue(g, true));
        assertEquals(repeated, g.events(Kind.ARRIVED).stream().filter(SimulationEvent::repeat)
                .map(SimulationEvent::user).toList());
    }
}
