package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Backoff before attempt n+1 is min(maxDelayMs, baseDelayMs * factor^(n-1)), the article's factor 2 by default,
 * with full jitter when on (docs/simulation.md).
 */
class RetryPolicyTest {

    @Test
    void withoutJitterBackoffDoublesUpToTheCap() {
        RetryPolicy p = new RetryPolicy(10, 100, 2_000, false);
        // n = 1..7: 100*2^0, 100*2^1, 100*2^2, 100*2^3, 100*2^4 = 1600, then 3200 and 6400 capped at 2000.
        long[] expected = {100, 200, 400, 800, 1_600, 2_000, 2_000};
        for (int n = 1; n <= expected.length; n++) {
            assertEquals(expected[n - 1], p.backoffMs(n, null), "after attempt " + n);
        }
    }

    @Test
    void anotherFactorGrowsTheWaitByThatMuchRoundedDown() {
        // factor 1.5 from 100 ms: 100, 150, 225, 337.5, 506.25, 759.375, 1139.06, 1708.59, then 2562.9 capped
        RetryPolicy p = new RetryPolicy(10, 100, 2_000, false, 1.5);
        long[] expected = {100, 150, 225, 337, 506, 759, 1_139, 1_708, 2_000, 2_000};
        for (int n = 1; n <= expected.length; n++) {
            assertEquals(expected[n - 1], p.backoffMs(n, null), "after attempt " + n);
        }
        RetryPolicy constant = new RetryPolicy(10, 100, 2_000, false, 1);
        for (int n = 1; n <= 50; n++) {
            assertEquals(100, constant.backoffMs(n, null), "factor 1 keeps every wait at the base");
        }
        assertEquals(2_000, new RetryPolicy(10, 100, 2_000, false, 10).backoffMs(Integer.MAX_VALUE, null));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(3, 100, 2_000, false, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(3, 100, 2_000, false, Double.NaN));
    }

    @Test
    void theArticlesFactorIsTheDoublingOne() {
        RetryPolicy article = new RetryPolicy(10, 100, 2_000, true);
        assertEquals(2, article.factor());
        assertEquals(new RetryPolicy(10, 100, 2_000, true, 2), article);
    }

    @Test
    void withoutJitterTheJitterStreamIsNotDrawn() {
        // Jitter off must not consume jitter draws (the stream would shift for other users of it).
        RetryPolicy p = new RetryPolicy(3, 100, 2_000, false);
        Mulberry32 used = new Mulberry32(5);
        p.backoffMs(1, used);
        p.backoffMs(2, used);
        assertEquals(new Mulberry32(5).nextDouble(), used.nextDouble(), 0.0);
    }

    @Test
    void withJitterEveryWaitLiesInZeroToCapAndVaries() {
        RetryPolicy p = new RetryPolicy(10, 100, 2_000, true);
        Mulberry32 jitter = new Mulberry32(3);
        for (int n = 1; n <= 7; n++) {
            long cap = Math.min(2_000, 100L << (n - 1));
            Set<Long> distinct = new HashSet<>();
            for (int i = 0; i < 1_000; i++) {
                long wait = p.backoffMs(n, jitter);
                assertTrue(wait >= 0 && wait < cap, "attempt " + n + ": " + wait + " not in [0, " + cap + ")");
                distinct.add(wait);
            }
            // 1,000 uniform draws over 100..2,000 whole values: far more than a handful distinct, and never
            // constant (a policy that returned the cap, or 0, would give one value).
            assertTrue(distinct.size() > 50, "attempt " + n + ": only " + distinct.size() + " distinct waits");
        }
    }

    @Test
    void withJitterTheWaitIsTheDrawTimesTheCapRoundedDown() {
        // Full jitter as documented: floor(u * cap) with u the next value of the jitter stream.
        RetryPolicy p = new RetryPolicy(3, 100, 2_000, true);
        Mulberry32 reference = new Mulberry32(9);
        Mulberry32 jitter = new Mulberry32(9);
        for (int n = 1; n <= 6; n++) {
            long cap = Math.min(2_000, 100L << (n - 1));
            assertEquals((long) (reference.nextDouble() * cap), p.backoffMs(n, jitter));
        }
    }

    @Test
    void hugeAttemptNumbersDoNotOverflow() {
        RetryPolicy p = new RetryPolicy(100, 100, 2_000, false);
        for (int n : new int[] {30, 54, 55, 62, 63, 64, 65, 100, 1_000, Integer.MAX_VALUE}) {
            // 100 * 2^(n-1) overflows a long from n = 58 on; the answer is still the cap.
            assertEquals(2_000, p.backoffMs(n, null), "after attempt " + n);
        }

        RetryPolicy uncapped = new RetryPolicy(100, 3, Long.MAX_VALUE, false);
        long previous = 0;
        for (int n = 1; n <= 200; n++) {
            long wait = uncapped.backoffMs(n, null);
            assertTrue(wait > 0, "after attempt " + n + ": " + wait);
            assertTrue(wait >= previous, "backoff shrank after attempt " + n + ": " + previous + " -> " + wait);
            previous = wait;
        }
        assertEquals(3L << 39, uncapped.backoffMs(40, null)); // exact while it fits: 3 * 2^39
    }

    @Test
    void zeroBaseDelayNeverWaits() {
        RetryPolicy p = new RetryPolicy(5, 0, 2_000, true);
        Mulberry32 jitter = new Mulberry32(1);
        for (int n = 1; n <= 70; n++) {
            assertEquals(0, p.backoffMs(n, jitter));
        }
    }

    @Test
    void invalidPoliciesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(0, 100, 2_000, true));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(3, -1, 2_000, true));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(3, 100, -1, true));
    }
}
