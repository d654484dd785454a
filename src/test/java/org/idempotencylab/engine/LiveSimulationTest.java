package org.idempotencylab.engine;

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
        live.start();
        int before = seen.size(); // starting emits the first job's start and first call
        long fired = live.eventsFired();
        assertTrue(live.step());
        assertEquals(fired + 1, live.eventsFired());
        // the first event is the end of user_0's first call (200 ms on average): it ends, then the next starts
        assertTrue(seen.size() > before);
        assertEquals(seen.get(seen.size() - 1).kind(), Kind.CALL_STARTED);
        assertTrue(live.nowMs() >= 100 && live.nowMs() < 300, "one call of 100..300 ms: " + live.nowMs());
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
    void aClickedJobFailsItsNextCallAndOnlyThatCall() {
        Scenario calm = Scenario.article().toBuilder().jobs(3).pFail(0).lostReply(0).build();
        SignupSimulation live = new SignupSimulation(calm, Strategy.EACH_STEP_NO_KEY, RunControl.NONE);
        List<SimulationEvent> events = new ArrayList<>();
        live.setListener(events::add);
        live.start();
        assertFalse(live.failNextCall(2), "user_2 is still waiting in the queue: nothing to click");
        assertTrue(live.failNextCall(0));
        playToTheEnd(live);
        List<SimulationEvent> failures = events.stream().filter(e -> e.kind() == Kind.CALL_FAILED).toList();
        assertEquals(1, failures.size());
        assertEquals(0, failures.get(0).user());
        assertEquals(0, failures.get(0).step(), "user_0's first call: save the user");
        assertTrue(failures.get(0).note().contains("clicked"));
        StrategyResult r = live.result();
        assertEquals(31, r.calls(), "30 calls plus the retry of the clicked one");
        assertEquals(0, r.failedJobs());
        assertEquals(1, r.backoffWaits());
    }
}
