package org.idempotencylab.ui.live;

import java.util.List;
import org.idempotencylab.scenario.Workflow;

/**
 * The queue canvas laid out for one size and type: where the columns, the stations and the row under them go
 * ({@link QueueGrid}), the tokens' size, and the words of each in the largest type that fits ({@link ColumnText},
 * {@link StationText}, {@link BottomRow}). Made again on a resize, when the window's type changes (presentation
 * mode), when the run's bands of keys change (the stations' when its steps keep a record, the provider's when it
 * sends a key) and when its workflow does (a station per step); draws nothing.
 *
 * <p>Presentation mode enlarges what the class looks at: the tokens (16 px, their numbers in 16 px type), and every
 * text on the canvas at least {@value #PRESENTATION_LEAST} px, and never smaller than normal mode's on a canvas of
 * the same size.
 */
final class QueueLayout {
    /** The least size of text on the canvas in presentation mode, px: read from the back of a classroom. */
    static final double PRESENTATION_LEAST = 16;
    /** A token's radius in presentation mode, px: its number of two digits in 16 px type. */
    static final double PRESENTATION_R = 16;
    /**
     * The least width of the canvas in presentation mode, px: the width from which every text fits at
     * {@value #PRESENTATION_LEAST} px with both bands of keys, given the height {@link #neededHeight} says (measured:
     * 460 px high at this width; at 725 px wide not even 560 px of height is enough).
     */
    static final double PRESENTATION_WIDTH = 900;

    final QueueGrid grid;
    final ColumnText columns;
    final StationText stations;
    final BottomRow bottom;
    /** The least size of text on the canvas, px. */
    final double least;
    /** The bands of key chips laid out: the stations', the provider's. */
    final StageKeys.Bands bands;
    /** The tokens' size. */
    final TokenPainter.Size tokens;
    /** The job the stations show: one per step. */
    final Workflow workflow;

    /**
     * How a layout is made.
     *
     * @param k     the type's scale: 1 in normal mode, larger in presentation mode
     * @param least the least size of text, px
     * @param r     a token's radius, px
     * @param bands the bands of key chips: the stations', the provider's
     * @param flow  the workflow whose steps are the stations
     */
    private record Mode(double k, double least, double r, StageKeys.Bands bands, Workflow flow) {
    }

    /**
     * @return the layout with the provider's title by its steps' names ({@link ProviderWords#titles}), or in its
     *         generic form where the names' extra line would cut more of the stations' titles or leave the canvas
     */
    private static QueueLayout make(CanvasInk ink, double w, double h, Mode m, double row, double titleFloor,
                                    double counterFloor) {
        List<ProviderWords.Title> titles = ProviderWords.titles(m.flow());
        QueueLayout named = new QueueLayout(ink, w, h, m, row, titleFloor, counterFloor, titles);
        if (titles.size() == 1 || named.stations.cutTitles == 0 && named.fitsHeight(h)) {
            return named; // no generic form, or none that could do better
        }
        QueueLayout generic = new QueueLayout(ink, w, h, m, row, titleFloor, counterFloor,
                titles.subList(titles.size() - 1, titles.size()));
        boolean worse = named.stations.cutTitles > generic.stations.cutTitles
                || !named.fitsHeight(h) && generic.fitsHeight(h);
        return worse ? generic : named;
    }

    private QueueLayout(CanvasInk ink, double w, double h, Mode m, double row, double titleFloor,
                        double counterFloor, List<ProviderWords.Title> titles) {
        least = m.least();
        bands = m.bands();
        tokens = new TokenPainter.Size(m.r(), Math.max(11, m.least()));
        workflow = m.flow();
        QueueGrid.Across across = QueueGrid.Across.of(w, m.r(), ColumnText.leastWidth(ink, m.least()),
                QueueGrid.Across.columns(workflow.size()));
        columns = new ColumnText(ink, m.k(), m.least(), across.queueRoom(), across.doneRoom());
        bottom = new BottomRow(ink, row, m.least(), across.fiveW(), across.left(), across.right(),
                m.bands().provider(), titles);
        int rows = QueueGrid.Across.rows(workflow.size());
        double room = (h - QueueGrid.TOP - rows * QueueGrid.GAP - bottom.need - QueueGrid.BOTTOM) / rows;
        stations = new StationText(ink, across, m.k(), room, titleFloor, counterFloor, m.bands().stations(),
                workflow.names());
        grid = new QueueGrid(across, h, stations.height, bottom.need, workflow.size());
    }

    /**
     * Lays a {@code w} × {@code h} canvas out in {@code scale} times the lab's plain type: each piece in the
     * largest type, up to that, in which it fits its room. In presentation mode ({@code scale} above 1) the tokens
     * grow and no text is under {@value #PRESENTATION_LEAST} px where the canvas has room for that (its titles as
     * whole as in normal mode, its rows inside its height); else the tokens and the least type stay normal mode's.
     * Either way no text is under normal mode's size on this canvas, and the larger type of the row under the
     * stations leaves them less height: that row's type is taken down, step by step, until the stations' titles are
     * as whole as in normal mode.
     *
     * @param keys the bands of key chips to lay out (the stations' when the run's steps keep a record, the
     *             provider's when it sends a key)
     * @param flow the run's workflow: a station per step
     */
    static QueueLayout of(CanvasInk ink, double w, double h, double scale, StageKeys.Bands keys, Workflow flow) {
        double least = QueueCanvas.LEAST_TEXT;
        QueueLayout normal = make(ink, w, h, new Mode(1, least, QueueGrid.R, keys, flow), 1, least,
                least);
        if (scale <= 1) {
            return normal;
        }
        QueueLayout large = presentation(ink, w, h, scale, normal, new Mode(scale, PRESENTATION_LEAST,
                PRESENTATION_R, keys, flow));
        if (large.stations.cutTitles <= normal.stations.cutTitles && large.fitsHeight(h)) {
            return large;
        }
        return presentation(ink, w, h, scale, normal, new Mode(scale, least, QueueGrid.R, keys, flow));
    }

    /** @return the layout in presentation mode's type {@code m}, its text never under {@code normal}'s */
    private static QueueLayout presentation(CanvasInk ink, double w, double h, double scale, QueueLayout normal,
                                            Mode m) {
        double titleFloor = Math.max(m.least(), normal.stations.titleFont.getSize());
        double counterFloor = Math.max(m.least(), normal.stations.counterFont.getSize());
        int cut = normal.stations.cutTitles;
        QueueLayout laid = null;
        double row = scale;
        for (; row > 1.001; row -= 0.05) {
            laid = make(ink, w, h, m, row, titleFloor, counterFloor);
            if (laid.stations.cutTitles <= cut) {
                break;
            }
        }
        if (row <= 1.001) { // the row as in normal mode: the stations fit as they did there
            laid = make(ink, w, h, m, 1, titleFloor, counterFloor);
        }
        return laid;
    }

    /**
     * @return the least height, px, from {@code least} up to {@value #MOST_NEEDED}, in which a canvas {@code w} px
     *         wide lays out in presentation mode's type ({@code scale} above 1) with every text at least
     *         {@value #PRESENTATION_LEAST} px; {@code least} where no height up to that does (a canvas too narrow:
     *         more height would not help), and in normal mode
     */
    static double neededHeight(CanvasInk ink, double w, double least, double scale, StageKeys.Bands keys,
                               Workflow flow) {
        if (scale <= 1 || !large(ink, w, MOST_NEEDED, scale, keys, flow)) {
            return least;
        }
        double lo = least;
        double hi = MOST_NEEDED;
        while (hi - lo > 1) { // the 16 px layout fits at hi, not (or not known) at lo: halve to a pixel
            double mid = (lo + hi) / 2;
            if (large(ink, w, mid, scale, keys, flow)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return Math.ceil(hi);
    }

    /** The most height {@link #neededHeight} looks for, px: more than a 1440 × 900 window gives its canvas. */
    private static final double MOST_NEEDED = 900;

    private static boolean large(CanvasInk ink, double w, double h, double scale, StageKeys.Bands keys,
                                 Workflow flow) {
        return of(ink, w, h, scale, keys, flow).least >= PRESENTATION_LEAST;
    }

    /** @return true if the stations and the row under them end inside a canvas {@code h} px high */
    boolean fitsHeight(double h) {
        return grid.bottomY + grid.bottomH <= h - QueueGrid.BOTTOM + 0.5;
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
        return grid.stationY(step) + stations.stripTop + grid.stripRow / 2 + (stations.stripRows - 1) * grid.slot;
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
