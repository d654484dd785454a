package org.idempotencylab.ui.live;

import org.idempotencylab.engine.SignupSteps;

/**
 * Where the parts of the queue canvas go in a canvas {@code width} × {@code height} px: the waiting line at the
 * left, the ten steps as stations in two rows of five, the Done column at the right, the row of boxes under the
 * stations; and where a token stands in the waiting line, in a station's strip and in the Done column. Plain
 * arithmetic on px: the heights that depend on the type (a station's, the row under the stations') come from
 * {@link QueueLayout}, which fits the text. No JavaFX: testable without the toolkit.
 */
final class QueueGrid {
    /** A token's radius, px. */
    static final double R = 12;
    /** A token with its marks takes a square of 2R + 4: the pitch of a station's strip and of the Done column. */
    static final double SLOT = 2 * R + 4;
    /** The waiting line's pitch, px. */
    static final double WAIT_SLOT = 2 * R + 6;
    /** A strip's row: a token and its countdown ring ({@link #RING} + 1.25 px) within the bands' gaps. */
    static final double STRIP_ROW = 2 * R + 6;
    /** The radius of a token's countdown ring, px. */
    static final double RING = R + 2.5;
    /** Inside a station or a box, left and right, px. */
    static final double PAD = 5;
    /** Between rows and boxes, px. */
    static final double GAP = 6;
    /** Between the stations of a row, px. */
    static final double STATION_GAP = 6;
    /** Above the stations and the columns' headings, px. */
    static final double TOP = 6;
    /** Under the row of boxes and the columns' labels, px. */
    static final double BOTTOM = 6;
    /** The waiting line's left edge, px. */
    static final double QUEUE_X = 8;

    final double width;
    final double height;
    /** Tokens across the waiting line and the Done column: 3 from 900 px on, else 2. */
    final int sideColumns;
    /** The line between the waiting line and the stations, px. */
    final double queueEdge;
    /** The line between the stations and the Done column, px. */
    final double binX;
    final double stationW;
    final double stationH;
    private final double[] stationX = new double[SignupSteps.COUNT];
    private final double[] stationY = new double[SignupSteps.COUNT];
    /** The row under the stations (the workers, the provider, the legend): its top and height, px. */
    final double bottomY;
    final double bottomH;

    /**
     * @param stationH   a station's height, px (its title, strip and counters in the type chosen)
     * @param bottomNeed the least height of the row under the stations, px; it takes what the stations leave
     */
    QueueGrid(double width, double height, double stationH, double bottomNeed) {
        this.width = width;
        this.height = height;
        this.sideColumns = sideColumns(width);
        this.queueEdge = queueEdge(sideColumns);
        this.binX = binX(width, sideColumns);
        this.stationW = stationWidth(width);
        this.stationH = stationH;
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            stationX[i] = left(width) + (i % 5) * (stationW + STATION_GAP);
            stationY[i] = TOP + (i / 5) * (stationH + GAP);
        }
        this.bottomY = TOP + 2 * (stationH + GAP);
        this.bottomH = Math.max(bottomNeed, height - BOTTOM - bottomY);
    }

    static int sideColumns(double width) {
        return width >= 900 ? 3 : 2;
    }

    private static double queueEdge(int sideColumns) {
        return QUEUE_X + (sideColumns - 1) * WAIT_SLOT + 2 * R + 6;
    }

    private static double binX(double width, int sideColumns) {
        return width - 8 - ((sideColumns - 1) * SLOT + 2 * R) - GAP;
    }

    /** @return where the stations and the row under them begin, px */
    static double left(double width) {
        return queueEdge(sideColumns(width)) + GAP;
    }

    /** @return where the stations and the row under them end, px */
    static double right(double width) {
        return binX(width, sideColumns(width)) - GAP;
    }

    /** @return a station's width in a canvas {@code width} px wide: five stations and their gaps between the columns */
    static double stationWidth(double width) {
        return (right(width) - left(width) - 4 * STATION_GAP) / 5;
    }

    /** @return the room for the waiting line's heading and label, px */
    static double queueRoom(double width) {
        return queueEdge(sideColumns(width)) - QUEUE_X - 4;
    }

    /** @return the room for the Done column's heading and label, px */
    static double doneRoom(double width) {
        return width - binX(width, sideColumns(width)) - 12;
    }

    /** @return tokens across a station's strip of {@code stationW} px */
    static int perStripRow(double stationW) {
        return Math.max(1, (int) ((stationW - 2 * PAD + 4) / SLOT));
    }

    double stationX(int step) {
        return stationX[step];
    }

    double stationY(int step) {
        return stationY[step];
    }

    /** @return the number of tokens the waiting line shows between {@code top} and {@code bottom}, px */
    int waitingSlots(double top, double bottom) {
        return sideColumns * Math.max(1, (int) ((bottom - top + 6) / WAIT_SLOT));
    }

    /** @return the centre {x, y} of the waiting line's {@code i}th token, its rows from {@code top} */
    double[] waitingSlot(int i, double top) {
        return new double[] {QUEUE_X + R + (i % sideColumns) * WAIT_SLOT, top + R + (i / sideColumns) * WAIT_SLOT};
    }

    /**
     * @param stripTop where the strip begins, px below the station's top
     * @param perRow   tokens in a row of the strip
     * @return the centre {x, y} of the {@code i}th token in step {@code step}'s strip
     */
    double[] stripSlot(int step, int i, double stripTop, int perRow) {
        return new double[] {stationX[step] + PAD + R + (i % perRow) * SLOT,
            stationY[step] + stripTop + STRIP_ROW / 2 + (i / perRow) * SLOT};
    }

    /** @return the number of tokens the Done column shows between {@code top} and {@code bottom}, px */
    int doneSlots(double top, double bottom) {
        return sideColumns * Math.max(1, (int) ((bottom - top + 4) / SLOT));
    }

    /** @return the centre {x, y} of the Done column's {@code j}th token shown, its rows from {@code top} */
    double[] doneSlot(int j, double top) {
        return new double[] {binX + 8 + R + (j % sideColumns) * SLOT, top + R + (j / sideColumns) * SLOT};
    }
}
