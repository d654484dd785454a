package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@code succeeded} is the sign-ups that succeeded out of all sign-ups, not 100 % less the failed: a run whose
 * sign-ups never ended (a run cut short, or {@code work}'s queue rows deleted under it, where nothing counts as
 * failed either) succeeded in nothing, and says 0.000 %, not 100.000 %.
 */
class SucceededShareTest {
    private static final Strategy STRATEGY = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.NONE);

    @Test
    void noSignUpSucceededIsZeroPercentEvenWithNoneFailed() {
        RunMetrics m = new RunMetrics();
        StrategyResult r = m.result(STRATEGY, 100, null);
        assertEquals(0, r.failedJobs());
        assertEquals("0.000%", r.succeeded());
        assertEquals(0.0, Metric.SUCCEEDED.number(r));
    }

    @Test
    void itIsSucceededJobsOutOfJobsWhateverTheOtherOutcomes() {
        RunMetrics m = new RunMetrics();
        m.add(Metric.SUCCEEDED_JOBS, 2);
        m.add(Metric.FAILED_JOBS, 1);
        // 2 of 3 sign-ups succeeded, 1 failed: 66.667 % (toFixed(3) of 66.666...); a third still open changes
        // nothing but the denominator: 2 of 4 is 50.000 %, where "100 % less the failed" would say 75.000 %
        assertEquals("66.667%", m.result(STRATEGY, 3, null).succeeded());
        assertEquals("50.000%", m.result(STRATEGY, 4, null).succeeded());
    }
}
