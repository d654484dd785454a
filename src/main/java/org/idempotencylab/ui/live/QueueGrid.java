package org.idempotencylab.ui.live;

import org.idempotencylab.engine.SignupSteps;

/**
 * Where the parts of the queue canvas go in a canvas {@code width} × {@code height} px: the waiting line at the
 * left, the workflow's steps as stations in two rows (of five for six to ten steps, of six for 11 or 12; a
 * workflow of one to five steps in one row of wider stations, centred), the Done column at the right, the row of boxes under the stations; and where a token stands in the waiting line, in a station's strip and in the Done column. Plain
 * arithmetic on px: the heights that depend on the type (a station's, the row under the stations') come from
 * {@link QueueLayout}, which fits the text, and so do the tokens' size (larger in presentation mode) and the least
 * width of the side columns (their headings in the least type). No JavaFX: testable without the toolkit.
 */
final class QueueGrid {
    /** A token's radius in normal mode, px. */
    static final double R = 12;
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

    /**
     * The canvas split across: the side columns (the waiting line, the Done column) and the stations between.
     *
     * @param width       the canvas's width, px
     * @param r           a token's radius, px ({@link #R} in normal mode)
     * @param sideColumns tokens across the waiting line and the Done column: 3 from 900 px on, else 2; larger
     *                    tokens need more room (3 from 1,000 px, 2 from 800 px, else 1)
     * @param queueEdge   the line between the waiting line and the stations, px
     * @param binX        the line between the stations and the Done column, px
     * @param columns     stations in a row: as many as the steps up to five (one row), 5 for six to ten steps, 6
     *                    for 11 or 12 ({@link #columns(int)})
     */
    record Across(double width, double r, int sideColumns, double queueEdge, double binX, int columns) {
        /** The widest a station of a short workflow's one row grows: this many times a row of five's, px / px. */
        static final double MOST_WIDENING = 2;

        /**
         * @return stations in a row for {@code steps} steps: all of them up to five (one row), 5 up to ten (the
         *         article's two rows), else 6
         */
        static int columns(int steps) {
            return steps <= 5 ? steps : Math.max(5, (steps + 1) / 2);
        }

        /** @return rows of stations for {@code steps} steps (1 to 12): one up to five, else two */
        static int rows(int steps) {
            return steps <= 5 ? 1 : 2;
        }

        /**
         * @param sideLeast the least width of a side column's words (its heading and label in the least type), px;
         *                  a column is as wide as its tokens, or as its words if they need more
         */
        static Across of(double width, double r, double sideLeast) {
            return of(width, r, sideLeast, 5);
        }

        /** As {@link #of(double, double, double)}, with {@code columns} stations in a row. */
        static Across of(double width, double r, double sideLeast, int columns) {
            int side = r <= R ? (width >= 900 ? 3 : 2) : width >= 1_000 ? 3 : width >= 800 ? 2 : 1;
            double tokens = (side - 1) * (2 * r + 6) + 2 * r;
            double queueEdge = QUEUE_X + Math.max(tokens, sideLeast) + 6;
            double binX = width - 8 - Math.max((side - 1) * (2 * r + 4) + 2 * r, sideLeast) - GAP;
            return new Across(width, r, side, queueEdge, binX, columns);
        }

        /** @return where the stations and the row under them begin, px */
        double left() {
            return queueEdge + GAP;
        }

        /** @return where the stations and the row under them end, px */
        double right() {
            return binX - GAP;
        }

        /**
         * @return a station's width: a row of {@link #columns} stations and their gaps between the columns, px; a
         *         row of fewer than five at most {@link #MOST_WIDENING} times a row of five's
         */
        double stationW() {
            double filled = (right() - left() - (columns - 1) * STATION_GAP) / columns;
            return columns >= 5 ? filled : Math.min(filled, MOST_WIDENING * fiveW());
        }

        /** @return the width of a station in a row of five, px: the worker process's box under the stations */
        double fiveW() {
            return (right() - left() - 4 * STATION_GAP) / 5;
        }

        /** @return where the row of stations begins, px: {@link #left()}, or further right to centre a short row */
        double rowLeft() {
            return left() + (right() - left() - columns * stationW() - (columns - 1) * STATION_GAP) / 2;
        }

        /** @return the room for the waiting line's heading and label, px */
        double queueRoom() {
            return queueEdge - QUEUE_X - 4;
        }

        /** @return the room for the Done column's heading and label, px */
        double doneRoom() {
            return width - binX - 12;
        }

        /** @return a strip's row: a token and its countdown ring within the bands' gaps, px */
        double stripRow() {
            return 2 * r + 6;
        }

        /** @return the pitch of a station's strip and of the Done column: a token with its marks, px */
        double slot() {
            return 2 * r + 4;
        }

        /** @return tokens across a station's strip of {@code stationW} px */
        int perStripRow(double stationW) {
            return Math.max(1, (int) ((stationW - 2 * PAD + 4) / slot()));
        }
    }

    final double width;
    final double height;
    /** A token's radius, px; its square with its marks ({@link #slot}) is the strips' and the Done column's pitch. */
    final double r;
    final double slot;
    /** The waiting line's pitch, px. */
    final double waitSlot;
    /** A strip's row: a token and its countdown ring ({@link #ring} + 1.25 px) within the bands' gaps. */
    final double stripRow;
    /** The radius of a token's countdown ring, px. */
    final double ring;
    /** Tokens across the waiting line and the Done column. */
    final int sideColumns;
    /** The line between the waiting line and the stations, px. */
    final double queueEdge;
    /** The line between the stations and the Done column, px. */
    final double binX;
    final double stationW;
    final double stationH;
    /** Where each step's station begins, px: as many as the workflow has steps. */
    private final double[] stationX;
    private final double[] stationY;
    /** The row under the stations (the workers, the provider, the legend): its top and height, px. */
    final double bottomY;
    final double bottomH;

    /** A grid of the sign-up's ten stations with normal mode's tokens and side columns as wide as their tokens. */
    QueueGrid(double width, double height, double stationH, double bottomNeed) {
        this(Across.of(width, R, 0), height, stationH, bottomNeed, SignupSteps.COUNT);
    }

    /**
     * @param across     the canvas split across
     * @param stationH   a station's height, px (its title, strip, keys and counters in the type chosen)
     * @param bottomNeed the least height of the row under the stations, px; it takes what the stations leave
     * @param steps      the workflow's steps, 1 to 12: one station each, {@code across.columns()} to a row,
     *                   {@link Across#rows(int)} rows
     */
    QueueGrid(Across across, double height, double stationH, double bottomNeed, int steps) {
        this.width = across.width();
        this.height = height;
        this.r = across.r();
        this.slot = across.slot();
        this.waitSlot = 2 * r + 6;
        this.stripRow = across.stripRow();
        this.ring = r + 2.5;
        this.sideColumns = across.sideColumns();
        this.queueEdge = across.queueEdge();
        this.binX = across.binX();
        this.stationW = across.stationW();
        this.stationH = stationH;
        stationX = new double[steps];
        stationY = new double[steps];
        for (int i = 0; i < steps; i++) {
            stationX[i] = across.rowLeft() + (i % across.columns()) * (stationW + STATION_GAP);
            stationY[i] = TOP + (i / across.columns()) * (stationH + GAP);
        }
        this.bottomY = TOP + Across.rows(steps) * (stationH + GAP);
        this.bottomH = Math.max(bottomNeed, height - BOTTOM - bottomY);
    }

    /** @return tokens across a station's strip of {@code stationW} px, with normal mode's tokens */
    static int perStripRow(double stationW) {
        return Across.of(0, R, 0).perStripRow(stationW);
    }

    /** @return the stations: the workflow's steps */
    int stations() {
        return stationX.length;
    }

    double stationX(int step) {
        return stationX[step];
    }

    double stationY(int step) {
        return stationY[step];
    }

    /** @return the number of tokens the waiting line shows between {@code top} and {@code bottom}, px */
    int waitingSlots(double top, double bottom) {
        return sideColumns * Math.max(1, (int) ((bottom - top + 6) / waitSlot));
    }

    /** @return the centre {x, y} of the waiting line's {@code i}th token, its rows from {@code top} */
    double[] waitingSlot(int i, double top) {
        return new double[] {QUEUE_X + r + (i % sideColumns) * waitSlot, top + r + (i / sideColumns) * waitSlot};
    }

    /**
     * @param stripTop where the strip begins, px below the station's top
     * @param perRow   tokens in a row of the strip
     * @return the centre {x, y} of the {@code i}th token in step {@code step}'s strip
     */
    double[] stripSlot(int step, int i, double stripTop, int perRow) {
        return new double[] {stationX[step] + PAD + r + (i % perRow) * slot,
            stationY[step] + stripTop + stripRow / 2 + (i / perRow) * slot};
    }

    /** @return the number of tokens the Done column shows between {@code top} and {@code bottom}, px */
    int doneSlots(double top, double bottom) {
        return sideColumns * Math.max(1, (int) ((bottom - top + 4) / slot));
    }

    /** @return the centre {x, y} of the Done column's {@code j}th token shown, its rows from {@code top} */
    double[] doneSlot(int j, double top) {
        return new double[] {binX + 8 + r + (j % sideColumns) * slot, top + r + (j / sideColumns) * slot};
    }
}
