package org.idempotencylab.ui.live;

import java.util.List;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.idempotencylab.ui.Texts;

/**
 * The words of the waiting line and the Done column: their headings and the labels under them ("12 waiting",
 * "3 finished"), each in the largest type, from the window's down to the layout's least, in which it fits its
 * column on lines of whole words; and where their tokens begin and end, px.
 */
final class ColumnText {
    private static final Texts TEXTS = Texts.of(ColumnText.class);

    final Font queueHeadingFont;
    final Font doneHeadingFont;
    final String[] doneHeading;
    final Font labelFont;
    final int queueLabelLines;
    final int doneLabelLines;
    /** Where the waiting line's and the Done column's first row of tokens begins, px from the top. */
    final double queueTop;
    final double doneTop;
    /** A label line's height, px. */
    final double labelH;

    /**
     * @param k         the type's scale: 1 in normal mode, larger in presentation mode
     * @param least     the least size of the words, px
     * @param queueRoom the waiting line's width for words, px
     * @param doneRoom  the Done column's, px
     */
    ColumnText(CanvasInk ink, double k, double least, double queueRoom, double doneRoom) {
        queueHeadingFont = ink.fitting(TEXTS.get("canvas.queue"), FontWeight.BOLD, 14 * k, least, queueRoom);
        Font heading;
        List<String> headingLines;
        for (double s = 14 * k; ; s = CanvasInk.smaller(s)) {
            heading = CanvasInk.bold(Math.max(least, s));
            headingLines = ink.wrap(TEXTS.get("canvas.done"), heading, doneRoom);
            if (s <= least || headingLines.size() <= 2 && ink.allFit(headingLines, heading, doneRoom)) {
                break;
            }
        }
        doneHeadingFont = heading;
        doneHeading = headingLines.toArray(String[]::new);
        // the labels under the columns: their longest (100,000 sign-ups) on lines of whole words
        String waiting = TEXTS.format("canvas.waiting", LiveViewModel.MAX_LIVE_JOBS);
        String finished = TEXTS.format("canvas.finished", LiveViewModel.MAX_LIVE_JOBS);
        Font label;
        List<String> q;
        List<String> d;
        for (double s = 12 * k; ; s = CanvasInk.smaller(s)) {
            label = CanvasInk.plain(Math.max(least, s));
            q = ink.wrap(waiting, label, queueRoom);
            d = ink.wrap(finished, label, doneRoom);
            if (s <= least || ink.allFit(q, label, queueRoom) && ink.allFit(d, label, doneRoom)) {
                break;
            }
        }
        labelFont = label;
        queueLabelLines = q.size();
        doneLabelLines = d.size();
        queueTop = QueueGrid.TOP + ink.lineHeight(queueHeadingFont) + 8;
        doneTop = QueueGrid.TOP + doneHeading.length * ink.lineHeight(doneHeadingFont) + 8;
        labelH = ink.lineHeight(labelFont);
    }

    /**
     * @return the least width a side column needs for its words in {@code least} px type, px: the widest of its
     *         headings' and labels' words (a label's number and word may go on lines of their own)
     */
    static double leastWidth(CanvasInk ink, double least) {
        double widest = ink.width(TEXTS.get("canvas.queue"), CanvasInk.bold(least));
        for (String word : TEXTS.get("canvas.done").split(" ")) {
            widest = Math.max(widest, ink.width(word, CanvasInk.bold(least)));
        }
        for (String label : new String[] {TEXTS.format("canvas.waiting", LiveViewModel.MAX_LIVE_JOBS),
            TEXTS.format("canvas.finished", LiveViewModel.MAX_LIVE_JOBS)}) {
            for (String word : label.split(" ")) {
                widest = Math.max(widest, ink.width(word, CanvasInk.plain(least)));
            }
        }
        return Math.ceil(widest) + 4;
    }

    /** @return where the waiting line's tokens end in a canvas {@code height} px high: above its label */
    double queueBottom(double height) {
        return height - QueueGrid.BOTTOM - queueLabelLines * labelH - 4;
    }

    /** @return where the Done column's tokens end in a canvas {@code height} px high: above its label */
    double doneBottom(double height) {
        return height - QueueGrid.BOTTOM - doneLabelLines * labelH - 4;
    }
}
