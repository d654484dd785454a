package org.idempotencylab.ui.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SymlogScaleTest {

    @Test
    void zeroOneAndPowersOfTenSitOnWholePositions() {
        assertEquals(0, SymlogScale.toAxis(0), 0.0);
        assertEquals(1, SymlogScale.toAxis(1), 0.0);
        assertEquals(2, SymlogScale.toAxis(10), 1e-12);
        assertEquals(6, SymlogScale.toAxis(100_000), 1e-12);
        // the article's 464,233 and 4,939 are two decades apart: about 6.67 and 4.69
        assertEquals(1 + Math.log10(464_233), SymlogScale.toAxis(464_233), 1e-12);
        for (double v : new double[] {0, 1, 7, 4_939, 464_233}) {
            assertEquals(v, SymlogScale.fromAxis(SymlogScale.toAxis(v)), 1e-6 * Math.max(1, v));
        }
    }

    @Test
    void tickLabelsReadAsCounts() {
        var labels = SymlogScale.tickLabels();
        assertEquals("0", labels.toString(0));
        assertEquals("1", labels.toString(1));
        assertEquals("100", labels.toString(3));
        assertEquals("1k", labels.toString(4));
        assertEquals("100k", labels.toString(6));
        assertEquals("1M", labels.toString(7));
        assertEquals("", labels.toString(2.5), "no label between decades");
        assertEquals("4.9k", SymlogScale.compact(4_939));
        assertEquals("464.2k", SymlogScale.compact(464_233));
    }

    @Test
    void linearAxisEndsOnARoundNumber() {
        assertEquals(150_000, DuplicatesChart.niceUpper(120_000), 0.0);
        // the article's largest bar, 464,233, with 20% headroom for its label: 557,080 -> 600k, not 1M
        assertEquals(600_000, DuplicatesChart.niceUpper(557_080), 0.0);
        assertEquals(1_000_000, DuplicatesChart.niceUpper(800_001), 0.0);
        assertEquals(10, DuplicatesChart.niceUpper(0), 0.0);
    }
}
