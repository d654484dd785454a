package org.idempotencylab.engine;

import org.idempotencylab.scenario.Strategy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The engine driven the way the live view drives it: a slice of virtual time per frame, a listener, clicks. */
class LiveSimulationTest {

    static List<Strategy> strategies() {
        return Strategy.ARTICLE;
    }

    private static final Scenario BUSY = Scenario.article().toBuilder().jobs(3_000).pFail(0.05).lostReply(0.05)
            .seed(11).build();

    /** Advances like an animation frame: 500 virtual ms at a time, at most 50 events per frame. */
    private static void playToTheEnd(SignupSimulation live) {
        long t = 0;
        while (!live.isFinished()) {
            t += 500;
            live.advanceTo(Math.max(t, live.nowMs()), 50);
            t = live.nowMs();
        }
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void aLiveRunEndsWithTheBatchNumbers(Strategy strategy) {
        // One worker, everything arriving at once: the live run is the batch run cut into frames, so the final
        // metrics must be equal, whatever the frame size and with a listener attached.
        StrategyResult batch = new SignupSimulation(BUSY, strategy, RunControl.NONE, true).run();
        SignupSimulation live = new SignupSimulation(BUSY, strategy, RunControl.NONE);
        Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
        live.setListener(e -> counts.merge(e.kind(), 1, Integer::sum));
        playToTheEnd(live);
        assertEquals(batch, live.result());
        // the events tell the same story as the counters
        assertEquals(batch.calls(), counts.getOrDefault(Kind.CALL_STARTED, 0).longValue());
        assertEquals(batch.repeatedSteps(), counts.getOrDefault(Kind.DUPLICATE_SIDE_EFFECT, 0).longValue());
        assertEquals(batch.failedJobs(), counts.getOrDefault(Kind.JOB_FAILED, 0).longValue());
        assertEquals(BUSY.jobs() - batch.failedJobs(), counts.getOrDefault(Kind.JOB_SUCCEEDED, 0).longValue());
        assertEquals(batch.backoffWaits(), counts.getOrDefault(Kind.BACKOFF_STARTED, 0).longValue());
        assertEquals(batch.storeHits(), counts.getOrDefault(Kind.STEP_SKIPPED, 0).longValue());
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void arrivalsOverTimeChangeTimesButNotCountsWithOneWorker(Strategy strategy) {
        // With one worker the jobs still run one after another in user order; waiting for arrivals only moves
        // the clock, so every count is the same as with everything arriving at once.
        StrategyResult atOnce = new SignupSimulation(BUSY, strategy, RunControl.NONE, true).run();
        Scenario trickle = BUSY.toBuilder().arrivalRate(0.2).build(); // one sign-up every 5 s on average
        StrategyResult r = new SignupSimulation(trickle, strategy, RunControl.NONE, true).run();
        assertEquals(atOnce.calls(), r.calls());
        assertEquals(atOnce.failedJobs(), r.failedJobs());
        assertEquals(atOnce.repeatedSteps(), r.repeatedSteps());
        assertEquals(atOnce.usersWithDuplicateEmails(), r.usersWithDuplicateEmails());
        // 3,000 arrivals 5 s apart on average take about 15,000 s; the work (~2 s a job) fits in the gaps
        assertTrue(r.virtualTimeMs() > 13_000_000 && r.virtualTimeMs() < 17_000_000, "" + r.virtualTimeMs());
    }

    @Test
    void stepRunsExactlyOneEvent() {
        SignupSimulation live = new SignupSimulation(BUSY, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        List<SimulationEvent> seen = new ArrayList<>();
        live.setListener(seen::add);
        live.start(); // user_0 is taken and its first call starts
        assertEquals(List.of(Kind.JOB_STARTED, Kind.CALL_STARTED), seen.stream().map(SimulationEvent::kind).toList());
        seen.clear();
        assertTrue(live.step());
        // the one event is the end of that call: the clock is at its drawn duration, round(200 * (0.5 + u))
        long firstCallMs = Math.round(200 * (0.5 + RandomStreams.derived(BUSY.seed(),
                RandomStreams.Purpose.CALL_DURATION).nextDouble()));
        assertEquals(firstCallMs, live.nowMs());
        long ended = seen.stream().filter(e -> e.kind() == Kind.CALL_SUCCEEDED || e.kind() == Kind.CALL_FAILED)
                .count();
        assertEquals(1, ended, "one call ended: " + seen);
        assertEquals(0, seen.get(0).user());
        // and the worker moved on at once (no time passes): the next call has started but not ended
        assertEquals(Kind.CALL_STARTED, seen.get(seen.size() - 1).kind());
        assertEquals(1, live.result().calls() - 1, "two calls started, one ended");
    }

    @Test
    void aClickedProviderLosesTheNextReplyAndTheRetrySendsAgainWithoutAKey() {
        // No random faults at all: the only duplicate is the one the click makes.
        Scenario calm = Scenario.article().toBuilder().jobs(5).pFail(0).lostReply(0).build();
        assertEquals(1, clickedProvider(calm, Strategy.EACH_STEP_NO_KEY).usersWithDuplicateEmails());
        assertEquals(1, clickedProvider(calm, Strategy.EACH_STEP_NO_KEY).repeatedSteps());
        // with the same key every time the provider sends nothing the second time
        StrategyResult keyed = clickedProvider(calm, Strategy.EACH_STEP_SAME_KEY);
        assertEquals(0, keyed.usersWithDuplicateEmails());
        assertEquals(1, keyed.providerSuppressedSends());
        assertEquals(0, keyed.failedJobs());
    }

    private static StrategyResult clickedProvider(Scenario s, Strategy strategy) {
        SignupSimulation live = new SignupSimulation(s, strategy, RunControl.NONE);
        live.setListener(e -> { });
        live.start();
        live.loseNextReply();
        assertTrue(live.isNextReplyLost());
        playToTheEnd(live);
        assertFalse(live.isNextReplyLost(), "used up by the first email call");
        return live.result();
    }

    @Test
    void aClickedJobFailsTheNextCallItStartsAndOnlyThatCall() {
        Scenario calm = Scenario.article().toBuilder().jobs(3).pFail(0).lostReply(0).build();
        SignupSimulation live = new SignupSimulation(calm, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        List<SimulationEvent> events = new ArrayList<>();
        live.setListener(events::add);
        live.start(); // one worker: user_0's first call is in flight, user_1 and user_2 wait in the queue
        assertTrue(live.failNextCall(0), "a job in progress");
        assertTrue(live.failNextCall(2), "a job still waiting in the queue");
        assertFalse(live.failNextCall(3), "no such sign-up");
        playToTheEnd(live);
        assertFalse(live.failNextCall(0), "a finished job has no next call");
        List<SimulationEvent> failures = events.stream().filter(e -> e.kind() == Kind.CALL_FAILED).toList();
        assertEquals(2, failures.size());
        // user_0's call in flight when clicked was not touched: the next one, "create the billing customer", fails
        assertEquals(0, failures.get(0).user());
        assertEquals(1, failures.get(0).step());
        // user_2 had not started: its very first call fails
        assertEquals(2, failures.get(1).user());
        assertEquals(0, failures.get(1).step());
        assertTrue(failures.stream().allMatch(e -> e.note().contains("clicked")));
        StrategyResult r = live.result();
        assertEquals(32, r.calls(), "30 calls plus the retries of the two failed ones");
        assertEquals(0, r.failedJobs());
        assertEquals(2, r.backoffWaits());
    }

    @Test
    void steppingPastTheLastJobExpiresTheKeysOneByOne() {
        // After the last event only keys are left; a step jumps the clock to the next expiry, so stepping can
        // always reach the end and the key store empties.
        Scenario s = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0).ttlMs(1_000)
                .providerKeyTtlMs(5_000).build();
        SignupSimulation live = new SignupSimulation(s, Strategy.WHOLE_JOB_SKIP_FINISHED, RunControl.NONE);
        List<SimulationEvent> events = new ArrayList<>();
        live.setListener(events::add);
        int steps = 0;
        while (live.step()) {
            steps++;
            assertTrue(steps < 100, "stepping ends");
        }
        assertFalse(live.keysAlive());
        // the store's keys go 1 s after each step finished; the provider's key, added when the email went out
        // (step 7 of 10), goes 5 s after that, later than any store key: the clock ends exactly there
        long emailAt = events.stream().filter(e -> e.kind() == Kind.SIDE_EFFECT && e.step() == SignupSteps.EMAIL)
                .findFirst().orElseThrow().timeMs();
        assertEquals(emailAt + 5_000, live.nowMs());
        assertEquals(0, live.store().liveKeys());
    }
}
