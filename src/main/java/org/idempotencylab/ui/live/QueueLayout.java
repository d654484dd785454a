package org.idempotencylab.ui.live;

/**
 * The queue canvas laid out for one size and type: where the columns, the stations and the row under them go
 * ({@link QueueGrid}), and the words of each in the largest type that fits ({@link ColumnText},
 * {@link StationText}, {@link BottomRow}). Made again on a resize and when the window's type changes
 * (presentation mode); draws nothing.
 */
final class QueueLayout {
    final QueueGrid grid;
    final ColumnText columns;
    final StationText stations;
    final BottomRow bottom;

    private QueueLayout(CanvasInk ink, double w, double h, double k, double row, double titleFloor,
                        double counterFloor) {
        double stationW = QueueGrid.stationWidth(w);
        columns = new ColumnText(ink, k, QueueGrid.queueRoom(w), QueueGrid.doneRoom(w));
        bottom = new BottomRow(ink, row, stationW, QueueGrid.left(w), QueueGrid.right(w));
        double room = (h - QueueGrid.TOP - 2 * QueueGrid.GAP - bottom.need - QueueGrid.BOTTOM) / 2;
        stations = new StationText(ink, stationW, k, room, titleFloor, counterFloor);
        grid = new QueueGrid(w, h, stations.height, bottom.need);
    }

    /**
     * Lays a {@code w} × {@code h} canvas out in {@code scale} times the lab's plain type: each piece in the
     * largest type, up to that, in which it fits its room. In presentation mode ({@code scale} above 1) the
     * larger type of the row under the stations leaves them less height: that row's type is taken down, step by
     * step, until the stations' text is at least as large (and as whole) as in normal mode.
     */
    static QueueLayout of(CanvasInk ink, double w, double h, double scale) {
        double least = QueueCanvas.LEAST_TEXT;
        QueueLayout laid = new QueueLayout(ink, w, h, 1, 1, least, least);
        if (scale <= 1) {
            return laid;
        }
        double titleFloor = laid.stations.titleFont.getSize();
        double counterFloor = laid.stations.counterFont.getSize();
        int cut = laid.stations.cutTitles;
        double row = scale;
        for (; row > 1.001; row -= 0.05) {
            laid = new QueueLayout(ink, w, h, scale, row, titleFloor, counterFloor);
            if (laid.stations.cutTitles <= cut) {
                break;
            }
        }
        if (row <= 1.001) { // the row as in normal mode: the stations fit as they did there
            laid = new QueueLayout(ink, w, h, scale, 1, titleFloor, counterFloor);
        }
        return laid;
    }

    /** @return the centre {x, y} of the {@code i}th token in step {@code step}'s strip */
    double[] stripSlot(int step, int i) {
        return grid.stripSlot(step, i, stations.stripTop, stations.perStripRow);
    }

    /** @return the tokens a station's strip shows */
    int stripCapacity() {
        return stations.perStripRow * stations.stripRows;
    }

    /** @return the vertical centre of the last row of step {@code step}'s strip, px: where its "+N" goes */
    double lastStripRowY(int step) {
        return grid.stationY(step) + stations.stripTop + QueueGrid.STRIP_ROW / 2
                + (stations.stripRows - 1) * QueueGrid.SLOT;
    }

    /** @return how many envelopes {@code ew} px wide a row of the provider's box holds, 6 px apart */
    int envelopesPerRow(double ew) {
        return Math.max(1, (int) ((bottom.providerW - BottomRow.ENVELOPE_X - QueueGrid.PAD + 6) / (ew + 6)));
    }

    /** @return how many rows of envelopes the provider's box holds from {@code top}, px */
    int envelopeRows(double top) {
        return Math.max(1, (int) ((grid.bottomY + grid.bottomH - BottomRow.BOX_PAD - top + BottomRow.MARK_ROOM)
                / (bottom.envelopeH + BottomRow.MARK_ROOM)));
    }

    /** @return the top left {x, y} of the {@code i}th envelope shown, {@code perRow} a row from {@code top} */
    double[] envelopeSlot(int i, int perRow, double ew, double top) {
        return new double[] {bottom.providerX + BottomRow.ENVELOPE_X + (i % perRow) * (ew + 6),
            top + (i / perRow) * (bottom.envelopeH + BottomRow.MARK_ROOM)};
    }
}
