package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * Lognormal call times ({@code --call-time lognormal}): the same mean as the uniform draw, and a long tail the
 * uniform draw cannot have (it never exceeds 1.5 times the mean).
 */
class CallTimeShapeTest {
    private static final int DRAWS = 200_000;

    private static long[] draws(Scenario s) {
        StepCalls calls = new StepCalls(new PartsFixture(s, Strategy.EACH_STEP_NO_KEY).ctx);
        long[] d = new long[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            d[i] = calls.durationMs(0);
        }
        Arrays.sort(d);
        return d;
    }

    private static double mean(long[] d) {
        return Arrays.stream(d).average().orElseThrow();
    }

    @Test
    void lognormalKeepsTheMeanAndHasALongTail() {
        Scenario s = Scenario.article().toBuilder().seed(5).callMs(1_000).callTime(CallTimeShape.LOGNORMAL)
                .callTimeSigma(1).build();
        long[] d = draws(s);
        // Mean: exp(mu + sigma^2/2) = 1,000 ms by the choice of mu. The standard deviation of one draw is
        // 1,000 * sqrt(e^1 - 1) = 1,311 ms, so the mean of 200,000 draws has a standard error of 1,311 / 447 = 2.9
        // ms; 15 ms is five standard errors (rounding to whole ms moves the mean by far less than 1 ms).
        assertEquals(1_000, mean(d), 15);
        // 99th percentile: exp(mu + 2.326 sigma) = 1,000 * exp(-0.5 + 2.326) = 6,210 ms, four times the uniform
        // draw's largest possible 1,500 ms. The sample's 99th percentile is within about 2% of it at this size.
        long p99 = d[DRAWS * 99 / 100];
        assertEquals(6_210, p99, 200);
        // the median is exp(mu) = 1,000 * exp(-0.5) = 607 ms: most calls are shorter than the mean
        assertEquals(607, d[DRAWS / 2], 10);
    }

    @Test
    void uniformStaysInsideHalfToOneAndAHalfTimesTheMean() {
        long[] d = draws(Scenario.article().toBuilder().seed(5).callMs(1_000).build());
        assertEquals(1_000, mean(d), 5); // sd 1,000/sqrt(12) = 289 ms, standard error 0.65 ms
        assertEquals(500, d[0], 1);
        assertTrue(d[DRAWS - 1] <= 1_500, "uniform in [500, 1500), rounded: " + d[DRAWS - 1]);
    }

    @Test
    void sigmaZeroMakesEveryCallTheMean() {
        // exp(ln(c) - 0 + 0 * z) = c exactly, whatever z is
        long[] d = draws(Scenario.article().toBuilder().callMs(777).callTime(CallTimeShape.LOGNORMAL)
                .callTimeSigma(0).build());
        assertEquals(777, d[0]);
        assertEquals(777, d[DRAWS - 1]);
    }

    @Test
    void theSameSeedGivesTheSameCallTimesFromTheCallDurationStreamOnly() {
        Scenario s = Scenario.article().toBuilder().seed(3).callTime(CallTimeShape.LOGNORMAL).build();
        StepCalls calls = new StepCalls(new PartsFixture(s, Strategy.EACH_STEP_NO_KEY).ctx);
        Mulberry32 ref = RandomStreams.derived(3, RandomStreams.Purpose.CALL_DURATION);
        for (int i = 0; i < 1_000; i++) {
            double z = StepCalls.standardNormal(ref); // two uniform draws per call, nothing else
            assertEquals(Math.round(Math.exp(Math.log(200) - 0.5 + z)), calls.durationMs(0), "call " + i);
        }
    }

    @Test
    void boxMullerGivesAStandardNormal() {
        Mulberry32 u = new Mulberry32(11);
        int n = 200_000;
        double sum = 0;
        double squares = 0;
        int beyond196 = 0;
        for (int i = 0; i < n; i++) {
            double z = StepCalls.standardNormal(u);
            sum += z;
            squares += z * z;
            if (Math.abs(z) > 1.96) {
                beyond196++;
            }
        }
        assertEquals(0, sum / n, 0.01);        // standard error 1/447 = 0.0022
        assertEquals(1, squares / n, 0.015);   // variance of z^2 is 2: standard error 0.0032
        assertEquals(0.05 * n, beyond196, 500); // 10,000 expected, binomial sd 97
    }
}
