package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RescuerKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * A strategy's own settings put a field case's fix beside its bug: the strategy with the setting runs exactly as
 * the scenario with that value would, number for number, next to the same strategy on the scenario as it is.
 */
class StrategySettingsTest {
    private static final Strategy CLAIMS = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED,
            KeyMode.SAME, StoreKind.CLAIM_TABLE);

    /** Slow calls against a short lease on a durable queue: redeliveries take claims over, unless renewed. */
    private static final Scenario SLOW = Scenario.article().toBuilder().jobs(2_000).workers(4).pSlow(0.05)
            .slowCallMs(60_000).queue(QueueKind.DURABLE).visibilityTimeoutMs(10_000).leaseMs(10_000).build();

    @Test
    void aSettingRunsExactlyAsTheScenarioWithThatValue() {
        Strategy fixed = CLAIMS.withSettings(Map.of(Parameter.HEARTBEAT_MS, 5_000L));
        List<StrategyResult> side = Comparison.run(SLOW, List.of(CLAIMS, fixed), 2, RunControl.NONE);
        StrategyResult alone = Comparison.run(SLOW.toBuilder().heartbeatMs(5_000).build(), List.of(CLAIMS), 1,
                RunControl.NONE).get(0);
        StrategyResult plain = Comparison.run(SLOW, List.of(CLAIMS), 1, RunControl.NONE).get(0);
        for (Metric m : Metric.values()) {
            assertEquals(m.value(alone), m.value(side.get(1)), m.id() + ": the fix beside the bug, as if run alone");
            assertEquals(m.value(plain), m.value(side.get(0)), m.id() + ": the bug is untouched by its neighbour");
        }
        // and the setting matters here, so the equality above is not two runs of the same thing
        assertTrue(side.get(0).leaseReclaims() > 100, "reclaims without a heartbeat: " + side.get(0).leaseReclaims());
        assertEquals(0, side.get(1).leaseReclaims());
        assertNotEquals(side.get(0).strategy().name(), side.get(1).strategy().name());
        assertTrue(side.get(1).strategy().name().endsWith(" · heartbeat 5,000 ms"), side.get(1).strategy().name());
    }

    @Test
    void aSweepOfTheParameterAStrategySetsGivesItAFlatLine() {
        // the strategy's setting wins over each point's value, so its numbers do not move with the sweep
        Strategy fixed = CLAIMS.withSettings(Map.of(Parameter.LEASE_MS, 120_000L));
        Sweep.Result r = Sweep.of(SLOW.toBuilder().jobs(500).build(), Parameter.LEASE_MS, 5_000, 120_000, 3,
                List.of(CLAIMS, fixed)).run(2, RunControl.NONE);
        assertNotEquals(r.get(0, 0).leaseReclaims(), r.get(2, 0).leaseReclaims(), "the plain strategy moves");
        assertEquals(r.get(2, 1).get(Metric.REPEATED_STEPS), r.get(0, 1).get(Metric.REPEATED_STEPS));
        assertEquals(r.get(2, 0).get(Metric.REPEATED_STEPS), r.get(0, 1).get(Metric.REPEATED_STEPS),
                "at 120,000 ms the plain strategy is the fixed one");
    }

    @Test
    void settingsAreCheckedAndCannotChangeTheNumberOfSignUps() {
        assertThrows(ParameterException.class, () -> CLAIMS.withSettings(Map.of(Parameter.LEASE_MS, 0L)));
        assertThrows(IllegalArgumentException.class, () -> CLAIMS.withSettings(Map.of(Parameter.JOBS, 10L)));
        assertThrows(IllegalArgumentException.class,
                () -> CLAIMS.withSettings(Map.of(Parameter.RESCUER, QueueKind.DURABLE)));
        Strategy s = CLAIMS.withSettings(Map.of(Parameter.RESCUER, RescuerKind.ATOMIC));
        assertEquals(RescuerKind.ATOMIC, s.on(SLOW).rescuer());
        assertEquals(SLOW, CLAIMS.on(SLOW), "no settings: the scenario itself");
    }
}
