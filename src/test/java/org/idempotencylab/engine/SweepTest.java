package org.idempotencylab.engine;

import java.util.Arrays;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Spacing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** {@link Sweep}: the grid of (point, strategy) results, independent of the thread count. */
class SweepTest {
    private static final Scenario BASE = Scenario.article().toBuilder().jobs(4_000).build();

    @Test
    void oneThreadAndTwoThreadsGiveTheSameGridCellByCell() {
        Sweep sweep = Sweep.of(BASE, Parameter.LOST_REPLY, 0, 0.2, 4, Strategy.ARTICLE);
        Sweep.Result one = sweep.run(1, RunControl.NONE);
        Sweep.Result two = sweep.run(2, RunControl.NONE);
        Sweep.Result three = sweep.run(3, RunControl.NONE);
        for (int p = 0; p < sweep.values().size(); p++) {
            for (int s = 0; s < Strategy.ARTICLE.size(); s++) {
                assertEquals(one.get(p, s), two.get(p, s), "point " + p + ", strategy " + s);
                assertEquals(one.get(p, s), three.get(p, s), "point " + p + ", strategy " + s);
            }
        }
        assertEquals(one, two);
        // and the cells do differ, so equality above is not vacuous
        assertTrue(one.get(0, 0).usersWithDuplicateEmails() < one.get(3, 0).usersWithDuplicateEmails());
    }

    @Test
    void eachCellIsTheSimulationRunWouldDoWithThatValue() {
        Scenario base = BASE.toBuilder().pDuplicate(0.3).duplicateDelayMs(0, 90_000).build();
        Sweep sweep = Sweep.of(base, Parameter.TTL_MS, 1_000, 120_000, 3, Strategy.ARTICLE);
        assertEquals(List.of(1_000.0, 60_500.0, 120_000.0), sweep.values());
        Sweep.Result r = sweep.run(2, RunControl.NONE);
        for (int p = 0; p < 3; p++) {
            Scenario at = base.toBuilder().ttlMs(sweep.values().get(p).longValue()).build();
            assertEquals(at, sweep.scenarios().get(p));
            for (int s = 0; s < Strategy.ARTICLE.size(); s++) {
                assertEquals(new SignupSimulation(at, Strategy.ARTICLE.get(s), RunControl.NONE, true).run(),
                        r.get(p, s), "ttlMs " + sweep.values().get(p) + ", " + Strategy.ARTICLE.get(s).name());
            }
        }
    }

    @Test
    void logPointsHaveTheSameRatioAndExactEnds() {
        // a lease from 1 s to 1 h over 5 points: ratio 3,600^(1/4) = 7.746 between neighbours
        Sweep lease = Sweep.of(BASE, Parameter.LEASE_MS, 1_000, 3_600_000, 5, Strategy.ARTICLE,
                Spacing.LOG);
        assertEquals(List.of(1_000.0, 7_746.0, 60_000.0, 464_758.0, 3_600_000.0), lease.values());
        assertEquals(Spacing.LOG, lease.spacing());
        // decimals to 15 significant digits: 0.001, 0.01, 0.1 as typed, not 0.009999999999999998
        assertEquals(List.of(0.001, 0.01, 0.1), Sweep.of(BASE, Parameter.P_FAIL, 0.001, 0.1, 3, Strategy.ARTICLE,
                Spacing.LOG).values());
        // whole numbers rounded and repeats dropped: 1, 1.26, 1.59, 2, 2.52, 3.17, 4 attempts are 1, 2, 3, 4
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0), Sweep.of(BASE, Parameter.MAX_ATTEMPTS, 1, 4, 7, Strategy.ARTICLE,
                Spacing.LOG).values());
        // downwards too
        assertEquals(List.of(100.0, 10.0, 1.0), Sweep.of(BASE, Parameter.BASE_DELAY_MS, 100, 1, 3,
                Strategy.ARTICLE, Spacing.LOG).values());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sweep.of(BASE,
                Parameter.P_FAIL, 0, 0.1, 3, Strategy.ARTICLE, Spacing.LOG));
        assertEquals("from: 0 is not above 0; a log spacing needs both ends above 0", e.getMessage());
        assertEquals(Spacing.LINEAR, Sweep.of(BASE, Parameter.P_FAIL, 0, 0.1, 3, Strategy.ARTICLE).spacing());
    }

    @Test
    void pointsAreEvenlySpacedWithExactEnds() {
        double[] v = Sweep.points(Parameter.P_FAIL, 0, 0.05, 20);
        assertEquals(20, v.length);
        assertEquals(0.0, v[0]);
        assertEquals(0.05, v[19]); // exactly, not 0.05000000000000001
        for (int i = 1; i < 20; i++) {
            assertEquals(0.05 / 19, v[i] - v[i - 1], 1e-15, "step " + i);
        }
        // in decimal: the points are the values a person would type
        assertEquals(Arrays.toString(new double[] {0, 0.01, 0.02, 0.03, 0.04, 0.05}),
                Arrays.toString(Sweep.points(Parameter.LOST_REPLY, 0, 0.05, 6)));
        // downwards too, ends exact
        double[] down = Sweep.points(Parameter.LOST_REPLY, 0.3, 0.1, 3);
        assertEquals(0.3, down[0]);
        assertEquals(0.2, down[1], 1e-15);
        assertEquals(0.1, down[2]);
    }

    @Test
    void wholeNumberParametersAreRoundedAndRepeatsDropped() {
        assertEquals(List.of(1.0, 2.0, 3.0), Sweep.of(BASE, Parameter.MAX_ATTEMPTS, 1, 3, 20, Strategy.ARTICLE)
                .values());
        // 0, 333.33, 666.67, 1000 -> 0, 333, 667, 1000
        assertEquals(List.of(0.0, 333.0, 667.0, 1_000.0),
                Sweep.of(BASE, Parameter.CALL_MS, 0, 1_000, 4, Strategy.ARTICLE).values());
        // 1, 1.5, 2 -> 1, 2 (1.5 rounds half up to 2, already there)
        assertEquals(List.of(1.0, 2.0), Sweep.of(BASE, Parameter.WORKERS, 1, 2, 3, Strategy.ARTICLE).values());
    }

    @Test
    void aDuplicateDelayPointSetsBothEnds() {
        Sweep sweep = Sweep.of(BASE, Parameter.DUPLICATE_DELAY_MIN_MS, 1_000, 3_000, 2, Strategy.ARTICLE);
        assertEquals(3_000, sweep.scenarios().get(1).duplicateDelayMinMs());
        assertEquals(3_000, sweep.scenarios().get(1).duplicateDelayMaxMs());
        Scenario widened = BASE.toBuilder().duplicateDelayMs(0, 100_000).build();
        Scenario at = Sweep.with(widened, Parameter.DUPLICATE_DELAY_MAX_MS, 500);
        assertEquals(500, at.duplicateDelayMinMs());
        assertEquals(500, at.duplicateDelayMaxMs());
    }

    /**
     * With no key, every lost reply the retry gets past sends the welcome email again, so users with 2+ emails
     * is 0 at a lost-reply rate of 0 and grows with it: at 20,000 users about 20,000 × rate (200 more per 1%,
     * far above the noise of about √200 ≈ 14). With the same key every time the provider stops each duplicate,
     * so that strategy stays at 0 at every point.
     */
    @Test
    void duplicateEmailsGrowWithTheLostReplyRateWithoutAKeyAndStayZeroWithOne() {
        Scenario base = Scenario.article().toBuilder().jobs(20_000).build();
        Sweep sweep = Sweep.of(base, Parameter.LOST_REPLY, 0, 0.05, 6,
                List.of(Strategy.EACH_STEP_NO_KEY, Strategy.EACH_STEP_SAME_KEY));
        Sweep.Result r = sweep.run(2, RunControl.NONE);
        assertEquals(0, r.get(0, 0).usersWithDuplicateEmails());
        for (int p = 1; p < 6; p++) {
            long prev = r.get(p - 1, 0).usersWithDuplicateEmails();
            long now = r.get(p, 0).usersWithDuplicateEmails();
            assertTrue(now > prev, "lostReply " + sweep.values().get(p) + ": " + now + " after " + prev);
            assertEquals(20_000 * sweep.values().get(p), now, 20_000 * 0.01 / 2);
            assertEquals(0, r.get(p, 1).usersWithDuplicateEmails());
        }
    }

    @Test
    void aRangeOutsideTheParametersLimitsGetsItsNamedError() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> Sweep.of(BASE, Parameter.P_FAIL, 0, 1.5, 5, Strategy.ARTICLE));
        assertEquals("pFail: 1.5 is outside the allowed range 0 to 1", e.getMessage());
        e = assertThrows(ParameterException.class,
                () -> Sweep.of(BASE, Parameter.JOBS, 0, 10, 5, Strategy.ARTICLE));
        assertEquals("jobs: 0 is outside the allowed range 1 to 100,000,000", e.getMessage());
        // 0.4 ms is in no range of whole milliseconds from 1: named before rounding
        e = assertThrows(ParameterException.class,
                () -> Sweep.of(BASE, Parameter.LEASE_MS, 0.4, 10, 5, Strategy.ARTICLE));
        assertEquals("leaseMs: 0.4 is outside the allowed range 1 to 2,678,400,000", e.getMessage());
        IllegalArgumentException points = assertThrows(IllegalArgumentException.class,
                () -> Sweep.of(BASE, Parameter.P_FAIL, 0, 1, 1, Strategy.ARTICLE));
        assertEquals("points: 1 is outside the allowed range 2 to 2147483647", points.getMessage());
    }

    @Test
    void progressAddsUpToTheTotalAndCancelStopsEarly() {
        Sweep sweep = Sweep.of(BASE, Parameter.P_FAIL, 0, 0.1, 3, Strategy.ARTICLE);
        assertEquals(3L * 5 * 4_000, sweep.totalJobs());
        AtomicLong done = new AtomicLong();
        sweep.run(2, new RunControl() {
            @Override
            public void jobsFinished(long jobsDone) {
                done.addAndGet(jobsDone);
            }
        });
        assertEquals(sweep.totalJobs(), done.get());

        Sweep big = Sweep.of(Scenario.article().toBuilder().jobs(200_000).build(), Parameter.P_FAIL, 0, 0.1, 10,
                Strategy.ARTICLE);
        for (int threads : new int[] {1, 2}) {
            AtomicLong reported = new AtomicLong();
            RunControl cancelSoon = new RunControl() {
                @Override
                public boolean isCancelled() {
                    return reported.get() >= 50_000;
                }

                @Override
                public void jobsFinished(long jobsDone) {
                    reported.addAndGet(jobsDone);
                }
            };
            long t0 = System.nanoTime();
            assertThrows(CancellationException.class, () -> big.run(threads, cancelSoon));
            assertTrue(reported.get() < big.totalJobs() / 10, threads + " threads: " + reported.get() + " of "
                    + big.totalJobs() + " jobs ran");
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "stopped within seconds");
        }
    }
}
