package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * The serial run (plain loops where nothing can overlap) gives the event engine's metrics to the last count, and
 * only runs it can reproduce take it.
 */
class SerialRunTest {

    /** The strategies the serial run takes: no store for each step and the whole job, the memory store to skip. */
    static List<Strategy> plainStrategies() {
        List<Strategy> all = new ArrayList<>();
        for (RetryScope scope : RetryScope.values()) {
            for (KeyMode key : KeyMode.values()) {
                all.add(Strategy.of(scope, key,
                        scope == RetryScope.WHOLE_JOB_SKIP_FINISHED ? StoreKind.MEMORY : StoreKind.NONE));
            }
        }
        return all;
    }

    /**
     * Random values of every parameter the serial run reproduces, over most of their ranges (high failure and
     * lost-reply rates so that retries, exhausted jobs, duplicates and suppressed emails all happen), key TTLs
     * long enough for the run to qualify.
     */
    private static Scenario randomEligible(Random rnd) {
        return Scenario.article().toBuilder()
                .jobs(1 + rnd.nextInt(2_000))
                .pFail(rnd.nextInt(8) == 0 ? 0 : rnd.nextDouble() * 0.6)
                .lostReply(rnd.nextInt(8) == 0 ? 1 : rnd.nextDouble() * 0.7)
                .maxAttempts(1 + rnd.nextInt(6))
                .seed(rnd.nextInt())
                .baseDelayMs(rnd.nextInt(3_000))
                .maxDelayMs(rnd.nextInt(20_000))
                .backoffFactor(rnd.nextBoolean() ? 2 : 1 + rnd.nextDouble() * 3)
                .jitter(rnd.nextBoolean())
                .callMs(rnd.nextInt(5) == 0 ? 0 : 1 + rnd.nextInt(2_000))
                .ttlMs(Scenario.DAY_MS + rnd.nextInt(1_000_000))
                .set(Parameter.PROVIDER_KEY_TTL_MS, Scenario.DAY_MS * (1 + rnd.nextInt(3)))
                .build();
    }

    @Test
    void givesTheEnginesMetricsOnRandomEligibleRuns() {
        Random rnd = new Random(20261205);
        for (int i = 0; i < 60; i++) {
            Scenario s = randomEligible(rnd);
            for (Strategy strategy : plainStrategies()) {
                assertTrue(SerialRun.handles(s, strategy), strategy.name() + " on " + s);
                StrategyResult engine = new SignupSimulation(s, strategy, RunControl.NONE, true).run();
                StrategyResult serial = SerialRun.run(s, strategy, RunControl.NONE);
                // equals compares every counter (virtual time, calls, backoffs, emails, store hits...) and the
                // duplicates per step
                assertEquals(engine, serial, "set " + i + ", " + strategy.name() + " on " + s);
            }
        }
    }

    @Test
    void theArticlesTableTakesTheSerialRun() {
        for (Strategy strategy : Strategy.ARTICLE) {
            assertTrue(SerialRun.handles(Scenario.article(), strategy), strategy.name());
        }
    }

    /**
     * Every parameter outside the handled set, moved alone off the article's value, sends the run to the engine:
     * a parameter the serial run knows nothing of (one added later included) cannot take it by accident.
     */
    @Test
    void anyOtherParameterSendsTheRunToTheEngine() {
        int checked = 0;
        for (Parameter p : Parameter.values()) {
            if (SerialRun.HANDLED.contains(p)) {
                continue;
            }
            Scenario s = movedOffDefault(p);
            if (s == null) {
                continue; // no other value builds alone (a rule between two parameters)
            }
            checked++;
            for (Strategy strategy : plainStrategies()) {
                assertFalse(SerialRun.handles(s, strategy), p.id() + " = " + s.get(p) + ", " + strategy.name());
            }
        }
        assertTrue(checked >= 20, "parameters checked: " + checked);
    }

    /** @return the article's scenario with {@code p} at another valid value, or null if none builds alone */
    private static Scenario movedOffDefault(Parameter p) {
        Object d = Scenario.article().get(p);
        List<Object> candidates = new ArrayList<>();
        if (d instanceof Boolean b) {
            candidates.add(!b);
        } else if (d instanceof Choice) {
            candidates.addAll(p.choices());
        } else if (d instanceof Long l) {
            candidates.addAll(List.of(l + 1, l - 1, l * 2, (long) p.max()));
        } else if (d instanceof Double x) {
            candidates.addAll(List.of(x + 0.5, x / 2, 0.25, (double) p.max()));
        }
        for (Object v : candidates) {
            try {
                Scenario s = Scenario.article().toBuilder().set(p, v).build();
                if (!s.get(p).equals(d)) {
                    return s;
                }
            } catch (IllegalArgumentException outOfRange) {
                // try the next value
            }
        }
        return null;
    }

    @Test
    void keysThatCouldExpireDuringAJobSendTheRunToTheEngine() {
        // the longest job: 10 steps x 3 attempts x (2 x 200 + 1 + 2,000) ms = 72,030 ms
        Scenario shortTtl = Scenario.article().toBuilder().ttlMs(72_030).build();
        Scenario shortProviderTtl = Scenario.article().toBuilder().set(Parameter.PROVIDER_KEY_TTL_MS, 72_030L).build();
        Scenario longEnough = Scenario.article().toBuilder().ttlMs(72_031)
                .set(Parameter.PROVIDER_KEY_TTL_MS, 72_031L).build();
        for (Strategy strategy : plainStrategies()) {
            assertFalse(SerialRun.handles(shortTtl, strategy), strategy.name());
            assertFalse(SerialRun.handles(shortProviderTtl, strategy), strategy.name());
            assertTrue(SerialRun.handles(longEnough, strategy), strategy.name());
        }
    }

    @Test
    void strategiesWithSettingsOrOtherStoresGoToTheEngine() {
        Scenario s = Scenario.article();
        assertFalse(SerialRun.handles(s, Strategy.of(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.MEMORY)));
        assertFalse(SerialRun.handles(s, Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
                StoreKind.CLAIM_TABLE)));
        assertFalse(SerialRun.handles(s, Strategy.of(RetryScope.WHOLE_JOB, KeyMode.NONE, StoreKind.LOCK)));
        Strategy plain = Strategy.ARTICLE.get(0);
        assertFalse(SerialRun.handles(s, new Strategy(plain.name(), plain.scope(), plain.keyMode(), plain.store(),
                Map.of(Parameter.HEARTBEAT_MS, 1_000L))));
    }
}
