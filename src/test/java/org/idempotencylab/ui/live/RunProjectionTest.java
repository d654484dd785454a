package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * The live picture projected from a run's events, without the toolkit: tokens, envelopes, station counters, the
 * worker process. Events are either a real simulation's or written out by hand, one rule at a time.
 */
class RunProjectionTest {
    /** One sign-up, no random failure or lost reply: whatever happens twice comes from a click. */
    private static final Scenario CALM = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0).build();

    /** Plays {@code s} to its end, with the provider's first reply lost, through a projection. */
    private static RunProjection playWithALostReply(Strategy strategy) {
        SignupSimulation sim = new SignupSimulation(CALM, strategy, RunControl.NONE);
        RunProjection p = new RunProjection(CALM);
        sim.setListener(p::apply);
        sim.start();
        sim.loseNextReply();
        while (!sim.isFinished()) {
            sim.step();
        }
        return p;
    }

    private static List<Envelope> envelopes(RunProjection p) {
        List<Envelope> all = new ArrayList<>();
        p.envelopes().forEach(all::add);
        return all;
    }

    private static SimulationEvent event(long timeMs, Kind kind, long user, int step, int worker, long untilMs) {
        return new SimulationEvent(timeMs, kind, user, false, step, 1, worker, untilMs, "", 1);
    }

    @Test
    void aLostReplyWithoutAKeyMarksTheFirstEnvelopeAndTheRetrySendsARedSecondOne() {
        RunProjection p = playWithALostReply(Strategy.EACH_STEP_NO_KEY);
        List<Envelope> e = envelopes(p);
        assertEquals(2, e.size(), "the email, then the retry's email");
        assertTrue(e.get(0).replyLost() && e.get(0).nth() == 1 && !e.get(0).duplicate(), "LOST on the first");
        assertTrue(e.get(1).duplicate() && e.get(1).nth() == 2 && !e.get(1).replyLost(), "a red 2nd");
        // each station counts its side effects: the email step did its work twice, once again
        for (int step = 0; step < SignupSteps.COUNT; step++) {
            boolean email = step == SignupSteps.EMAIL;
            assertEquals(email ? 2 : 1, p.sideEffects(step), "step " + (step + 1));
            assertEquals(email ? 1 : 0, p.duplicates(step), "step " + (step + 1));
        }
        JobToken t = p.token(0, false);
        assertEquals(JobToken.Phase.DONE, t.phase());
        assertEquals(2, t.emails());
        assertEquals(SignupSteps.COUNT - 1, t.step(), "it ended at the last step");
    }

    @Test
    void withTheSameKeyTheProviderAnswersTheRetryWithAGreyEnvelope() {
        List<Envelope> e = envelopes(playWithALostReply(Strategy.EACH_STEP_SAME_KEY));
        assertEquals(2, e.size());
        assertTrue(e.get(0).replyLost());
        assertTrue(e.get(1).suppressed() && !e.get(1).duplicate(), "key known: not sent");
    }

    @Test
    void aWorkerShowsTheJobItRunsUntilTheJobLeavesIt() {
        RunProjection p = new RunProjection(CALM.toBuilder().workers(2).build());
        p.apply(event(0, Kind.JOB_STARTED, 7, -1, 1, 0));
        JobToken t = p.token(7, false);
        assertSame(t, p.workerTokens()[1]);
        assertNull(p.workerTokens()[0], "the other worker is idle");
        assertEquals(JobToken.Phase.QUEUED, t.phase(), "taken, before its first call");
        p.apply(event(10, Kind.CALL_STARTED, 7, 0, 1, 210));
        assertEquals(JobToken.Phase.CALLING, t.phase());
        assertEquals(210, t.untilMs());
        // the claim table says "job in progress": back to the queue until 2,000, and the worker is free
        p.apply(event(210, Kind.JOB_IN_PROGRESS, 7, 0, 1, 2_000));
        assertEquals(JobToken.Phase.SENT_BACK, t.phase());
        assertEquals(2_000, t.untilMs());
        assertNull(p.workerTokens()[1]);
    }

    @Test
    void aCrashTakesEveryWorkerDownAndADurableQueueWaitsOutTheVisibilityTimeout() {
        Scenario durable = CALM.toBuilder().workers(2).queue(QueueKind.DURABLE).visibilityTimeoutMs(3_000).build();
        RunProjection p = new RunProjection(durable);
        p.apply(event(100, Kind.JOB_STARTED, 0, -1, 0, 100));
        p.apply(event(100, Kind.JOB_STARTED, 1, -1, 1, 100));
        p.apply(event(500, Kind.WORKER_CRASHED, -1, -1, -1, 1_500));
        assertTrue(p.workersDown());
        assertEquals(1_500, p.restartAtMs(), "restarts at the crash's restart time");
        assertTrue(Arrays.stream(p.workerTokens()).allMatch(Objects::isNull), "no worker runs anything");
        p.apply(event(500, Kind.JOB_INTERRUPTED, 0, -1, 0, 500));
        JobToken t = p.token(0, false);
        assertEquals(JobToken.Phase.REDELIVERY, t.phase());
        assertEquals(100 + 3_000, t.untilMs(), "visible again a visibility timeout after it was taken");
        p.apply(event(1_500, Kind.WORKER_RESTARTED, -1, -1, -1, 1_500));
        assertFalse(p.workersDown());
        p.apply(event(3_100, Kind.JOB_REDELIVERED, 0, -1, -1, 3_100));
        assertEquals(JobToken.Phase.QUEUED, t.phase(), "back in the queue");
        p.apply(new SimulationEvent(3_200, Kind.JOB_STARTED, 0, false, -1, 1, 1, 3_200, "", 2));
        assertEquals(2, t.delivery(), "its second delivery: the badge shows 2");
        assertSame(t, p.workerTokens()[1]);
    }

    @Test
    void anInMemoryQueueLosesTheJobsWithItsProcess() {
        RunProjection p = new RunProjection(CALM.toBuilder().queue(QueueKind.MEMORY).build());
        p.apply(event(100, Kind.JOB_STARTED, 0, -1, 0, 100));
        p.apply(event(500, Kind.JOB_INTERRUPTED, 0, -1, 0, 500));
        assertEquals(JobToken.Phase.QUEUED, p.token(0, false).phase(), "no redelivery to wait for: LOST follows");
        p.apply(event(500, Kind.JOB_LOST, 0, -1, -1, 500));
        assertEquals(JobToken.Phase.LOST, p.token(0, false).phase());
        assertFalse(p.token(0, false).active());
    }

    @Test
    void aRepeatedRequestIsASecondTokenForTheSameUser() {
        RunProjection p = new RunProjection(CALM);
        p.apply(event(0, Kind.JOB_STARTED, 3, -1, 0, 0));
        p.apply(new SimulationEvent(500, Kind.JOB_STARTED, 3, true, -1, 1, 0, 500, "", 1));
        assertNotNull(p.token(3, false));
        assertNotNull(p.token(3, true));
        assertTrue(p.token(3, true).repeat());
        assertEquals(2, count(p.tokens()));
        assertNull(p.token(4, false), "a waiting sign-up gets a token only when taken or clicked");
        p.apply(event(600, Kind.ARRIVED, 4, -1, -1, 600));
        assertNull(p.token(4, false), "arriving is not being taken");
    }

    @Test
    void theProviderKeepsItsSixtyLatestEnvelopes() {
        RunProjection p = new RunProjection(CALM);
        for (int user = 0; user < 70; user++) {
            p.apply(event(user, Kind.SIDE_EFFECT, user, SignupSteps.EMAIL, 0, user));
        }
        List<Envelope> e = envelopes(p);
        assertEquals(RunProjection.ENVELOPE_LIMIT, e.size());
        assertEquals(10, e.get(0).user(), "the ten oldest went");
        assertEquals(69, e.get(e.size() - 1).user());
    }

    @Test
    void aLongRunKeepsTheLatestTwoThousandFinishedTokensAndTheOneFollowed() {
        RunProjection p = new RunProjection(CALM);
        for (int user = 0; user < 2_500; user++) {
            p.apply(event(user, Kind.JOB_STARTED, user, -1, 0, user));
            p.apply(event(user, Kind.JOB_SUCCEEDED, user, -1, 0, user));
        }
        JobToken followed = p.token(0, false);
        p.trimFinished(followed);
        // 2,500 finished, 500 too many: the oldest go, users 1 to 500, but not the one a person follows
        assertEquals(RunProjection.FINISHED_TOKENS_KEPT, count(p.tokens()));
        assertSame(followed, p.token(0, false));
        assertNull(p.token(500, false));
        assertNotNull(p.token(501, false));
    }

    private static int count(Iterable<JobToken> tokens) {
        int n = 0;
        for (JobToken ignored : tokens) {
            n++;
        }
        return n;
    }
}
