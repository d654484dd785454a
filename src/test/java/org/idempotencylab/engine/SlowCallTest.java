package org.idempotencylab.engine;

import org.idempotencylab.scenario.Strategy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** Slow calls: a long tail of call times, off by default. */
class SlowCallTest {
    private static final Scenario CALM = Scenario.article().toBuilder().jobs(2_000).pFail(0).lostReply(0).build();

    @Test
    void offLeavesEveryCallTimeAsItWas() {
        // pSlow 0 makes no extra draw: the virtual time is the same as a run that never heard of slow calls,
        // which is the sum of the call-duration stream's draws (see SignupSimulationTest)
        StrategyResult off = new SignupSimulation(CALM.toBuilder().slowCallMs(99_000).build(),
                Strategy.EACH_STEP_NO_KEY, RunControl.NONE, true).run();
        StrategyResult plain = new SignupSimulation(CALM, Strategy.EACH_STEP_NO_KEY, RunControl.NONE, true).run();
        assertEquals(plain.virtualTimeMs(), off.virtualTimeMs());
        assertEquals(0, off.slowCalls());
    }

    @Test
    void aTenthOfCallsTakeTheSlowTimeAndOnlyTimeChanges() {
        Scenario slow = CALM.toBuilder().pSlow(0.1).slowCallMs(10_000).build();
        StrategyResult r = new SignupSimulation(slow, Strategy.EACH_STEP_NO_KEY, RunControl.NONE, true).run();
        StrategyResult plain = new SignupSimulation(CALM, Strategy.EACH_STEP_NO_KEY, RunControl.NONE, true).run();
        // 20,000 calls, each slow with probability 0.1: about 2,000 (3 standard deviations are about 130)
        assertEquals(2_000, r.slowCalls(), 130);
        // one worker: a slow call only takes longer; the counts do not change
        assertEquals(plain.calls(), r.calls());
        assertEquals(plain.repeatedSteps(), r.repeatedSteps());
        // ~2,000 calls of 10 s on average instead of 0.2 s: about 19,600 s more
        long extra = r.virtualTimeMs() - plain.virtualTimeMs();
        assertTrue(extra > 17_000_000 && extra < 22_000_000, "" + extra);
    }

    @Test
    void repeatedStepsAreCountedPerStep() {
        // lost replies only: with no key, the email step alone is ever done again
        Scenario lossy = CALM.toBuilder().lostReply(0.2).build();
        StrategyResult r = new SignupSimulation(lossy, Strategy.EACH_STEP_NO_KEY, RunControl.NONE, true).run();
        assertEquals(10, r.repeatedStepsByStep().size());
        for (int step = 0; step < 10; step++) {
            long expected = step == SignupSteps.EMAIL ? r.repeatedSteps() : 0;
            assertEquals(expected, r.repeatedStepsByStep().get(step), SignupSteps.NAMES.get(step));
        }
        assertTrue(r.repeatedSteps() > 0);
    }
}
