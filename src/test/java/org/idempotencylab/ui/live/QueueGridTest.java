package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.QueueGrid.R;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.idempotencylab.engine.SignupSteps;
import org.junit.jupiter.api.Test;

/** Where the queue canvas's parts and tokens go, without the toolkit: plain arithmetic on px. */
class QueueGridTest {
    private static final double STATION_H = 90;
    private static final double BOTTOM_NEED = 80;

    @Test
    void aThousandPxCanvasHasThreeTokensAcrossEachColumnAndFiveStationsBetweenThem() {
        QueueGrid g = new QueueGrid(1000, 560, STATION_H, BOTTOM_NEED);
        // from 900 px on, 3 tokens across: the waiting line ends after 8 px, two pitches of 30, a token (24) and 6 px
        assertEquals(3, g.sideColumns);
        assertEquals(8 + 2 * 30 + 24 + 6, g.queueEdge, 1e-9);
        // the Done column: 8 px margin, two pitches of 28 and a token, then a gap of 6 from the right edge
        assertEquals(1000 - 8 - (2 * 28 + 24) - 6, g.binX, 1e-9);
        // the stations from queueEdge + 6 to binX - 6, five with four gaps of 6: (900 - 104 - 24) / 5
        assertEquals(154.4, g.stationW, 1e-9);
        assertEquals(5, QueueGrid.perStripRow(g.stationW)); // (154.4 - 10 + 4) / 28 = 5.3
    }

    @Test
    void stationsTileTheirTwoRowsWithoutOverlapAndTheRowUnderThemTakesTheRest() {
        for (double w : new double[] {640, 899, 900, 1440}) {
            QueueGrid g = new QueueGrid(w, 600, STATION_H, BOTTOM_NEED);
            for (int i = 0; i < SignupSteps.COUNT; i++) {
                assertTrue(g.stationX(i) > g.queueEdge && g.stationX(i) + g.stationW < g.binX, w + " px, step " + i);
                if (i % 5 > 0) {
                    assertEquals(g.stationX(i - 1) + g.stationW + QueueGrid.STATION_GAP, g.stationX(i), 1e-9);
                }
                assertEquals(i < 5 ? QueueGrid.TOP : QueueGrid.TOP + STATION_H + QueueGrid.GAP, g.stationY(i), 1e-9);
            }
            // 6 px above the stations, two rows of 90 and two gaps of 6: the row starts at 198 and reaches 6 px
            // above the bottom (600 - 6 - 198 = 396, more than the 80 it needs)
            assertEquals(198, g.bottomY, 1e-9);
            assertEquals(396, g.bottomH, 1e-9);
        }
    }

    @Test
    void aWorkflowOfOneToFiveStepsTakesOneRowOfWiderStationsCentred() {
        for (int steps = 1; steps <= 5; steps++) {
            QueueGrid.Across across = QueueGrid.Across.of(1000, R, 0, QueueGrid.Across.columns(steps));
            QueueGrid g = new QueueGrid(across, 600, STATION_H, BOTTOM_NEED, steps);
            // the stations span 104 to 900 px (as in a row of five, 154.4 px each); a row of fewer is as wide as
            // its stations fill, (796 - gaps) / steps, up to twice 154.4 = 308.8: one step 308.8, two 395 → 308.8,
            // three (796 - 12) / 3 = 261.3, four 194.5, five 154.4
            double[] expected = {308.8, 308.8, 784.0 / 3, 778.0 / 4, 154.4};
            assertEquals(expected[steps - 1], g.stationW, 1e-9, steps + " steps");
            for (int i = 0; i < steps; i++) {
                assertEquals(QueueGrid.TOP, g.stationY(i), 1e-9, "one row: step " + i + " of " + steps);
            }
            // centred between 104 and 900: as much room left of the first as right of the last
            double leftRoom = g.stationX(0) - 104;
            double rightRoom = 900 - (g.stationX(steps - 1) + g.stationW);
            assertEquals(leftRoom, rightRoom, 1e-9, steps + " steps");
            assertTrue(leftRoom >= -1e-9, steps + " steps");
            // the row under the stations right under the one row: 6 + 90 + 6
            assertEquals(102, g.bottomY, 1e-9);
        }
        // six steps: the article's rows of five, two rows
        QueueGrid six = new QueueGrid(QueueGrid.Across.of(1000, R, 0, QueueGrid.Across.columns(6)), 600, STATION_H,
                BOTTOM_NEED, 6);
        assertEquals(154.4, six.stationW, 1e-9);
        assertEquals(198, six.bottomY, 1e-9);
    }

    @Test
    void theRowUnderTheStationsKeepsItsLeastHeightInALowCanvas() {
        QueueGrid g = new QueueGrid(1000, 250, STATION_H, BOTTOM_NEED);
        assertEquals(BOTTOM_NEED, g.bottomH, 1e-9); // 250 - 6 - 198 = 46 would cut its words
    }

    @Test
    void tokensStayInsideTheirColumnAndTheirStation() {
        QueueGrid g = new QueueGrid(1024, 600, STATION_H, BOTTOM_NEED);
        double top = 30;
        int waiting = g.waitingSlots(top, 500);
        // rows of 30 px from 30 to 500 (+6: the last token's margin): 15 rows of 3
        assertEquals(45, waiting);
        for (int i = 0; i < waiting; i++) {
            double[] at = g.waitingSlot(i, top);
            assertTrue(at[0] - R >= 0 && at[0] + R <= g.queueEdge, "waiting slot " + i + " at x " + at[0]);
            assertTrue(at[1] - R >= top && at[1] + R <= 500 + 6, "waiting slot " + i + " at y " + at[1]);
        }
        for (int j = 0; j < g.doneSlots(top, 500); j++) {
            double[] at = g.doneSlot(j, top);
            assertTrue(at[0] - R >= g.binX && at[0] + R <= g.width, "done slot " + j + " at x " + at[0]);
        }
        int perRow = QueueGrid.perStripRow(g.stationW);
        for (int step = 0; step < SignupSteps.COUNT; step++) {
            for (int i = 0; i < perRow; i++) {
                double[] at = g.stripSlot(step, i, 20, perRow);
                assertTrue(at[0] - R >= g.stationX(step) && at[0] + R <= g.stationX(step) + g.stationW,
                        "step " + step + ", slot " + i + " at x " + at[0]);
            }
        }
    }
}
