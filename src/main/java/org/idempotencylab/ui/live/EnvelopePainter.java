package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Draws the provider's latest envelopes, newest last, in rows: each as wide as the longest label among them
 * ("u12 2nd"), white, a duplicate in its concept's colour, a suppressed send with its icon; a lost reply's tab and
 * the "≠" of a difference between two lanes stand out of its top edge into the room kept above it.
 */
final class EnvelopePainter {
    private static final Texts TEXTS = Texts.of(EnvelopePainter.class);
    private final CanvasInk ink;

    EnvelopePainter(CanvasInk ink) {
        this.ink = ink;
    }

    /**
     * @param marked  which envelopes to draw with the "≠" mark
     * @param spotlit the envelope the run is paused at (a duplicate): a thick ring in the duplicate's look
     * @param box     the provider's box, which the envelopes stay inside
     * @param top     where the first row begins, px
     */
    void draw(GraphicsContext g, QueueLayout l, Iterable<Envelope> envelopes, Predicate<Envelope> marked,
              Predicate<Envelope> spotlit, Box box, double top) {
        List<Envelope> all = new ArrayList<>();
        envelopes.forEach(all::add);
        BottomRow row = l.bottom;
        double labelW = 0;
        boolean suppressed = false;
        for (Envelope e : all) {
            labelW = Math.max(labelW, ink.width(label(e), row.envelopeFont));
            suppressed |= e.suppressed();
        }
        double ew = Math.max(44, 4 + labelW + 4 + (suppressed ? 14 : 0));
        int perRow = l.envelopesPerRow(ew);
        List<Envelope> shown = all.subList(Math.max(0, all.size() - perRow * l.envelopeRows(top)), all.size());
        for (int i = 0; i < shown.size(); i++) {
            double[] at = l.envelopeSlot(i, perRow, ew, top);
            if (spotlit.test(shown.get(i))) { // under the envelope: its tab and marks stay on top
                drawRing(g, at[0], at[1], ew, row.envelopeH);
            }
            drawOne(g, row, shown.get(i), marked.test(shown.get(i)), at[0], at[1], ew, box);
        }
    }

    private void drawOne(GraphicsContext g, BottomRow row, Envelope e, boolean marked, double x, double y, double ew,
                         Box box) {
        double eh = row.envelopeH;
        double labelH = ink.lineHeight(row.envelopeFont);
        drawBody(g, e, x, y, ew, eh);
        double labelY = y + eh - labelH - 2;
        g.strokeLine(x, y, x + ew / 2, labelY - 1); // the flap, above the label
        g.strokeLine(x + ew, y, x + ew / 2, labelY - 1);
        Box envelope = ink.note(Kind.SHAPE, "envelope", x, y, ew, eh, box);
        g.setFill(e.duplicate() ? Color.WHITE : QueueCanvas.INK);
        ink.text(g, "envelope", label(e), row.envelopeFont, x + 4, labelY, 0, envelope);
        if (e.suppressed()) { // the key stopped it: the suppressed call's icon
            Marks.icon(g, Concept.SUPPRESSED, x + ew - 14, labelY + (labelH - 11) / 2, 11);
        }
        if (marked) { // differs from the other lane (Lanes): an outline and "≠", not colour alone
            drawDifferenceMark(g, x, y, ew, eh);
            ink.note(Kind.SHAPE, "difference mark", x - 6, y - 8, 14, 14, box);
        }
        if (e.replyLost()) { // the caller never heard back: the lost reply's icon on a white tab
            g.setFill(Color.WHITE);
            g.fillRect(x + ew - 15, y - 8, 14, 12);
            Marks.icon(g, Concept.REPLY_LOST, x + ew - 14, y - 8, 12);
            ink.note(Kind.SHAPE, "reply lost mark", x + ew - 15, y - 8, 14, 12, box);
        }
    }

    /** The ring round the duplicate the run is paused at: wide, in the duplicate's colour, beside its own outline. */
    private static void drawRing(GraphicsContext g, double x, double y, double w, double h) {
        g.setStroke(Concept.DUPLICATE.ink());
        g.setLineWidth(3);
        g.strokeRoundRect(x - 5, y - 5, w + 10, h + 10, 8, 8);
    }

    /**
     * An envelope's body at (x, y), {@code w} × {@code h} px, on both lanes: white, a duplicate in its concept's
     * colour with a thicker outline, a suppressed send in its concept's colour. The stroke stays set for the flap.
     */
    static void drawBody(GraphicsContext g, Envelope e, double x, double y, double w, double h) {
        g.setFill(e.suppressed() ? Concept.SUPPRESSED.fill() : e.duplicate() ? Concept.DUPLICATE.fill()
                : Color.web("#fdfdfd"));
        g.fillRect(x, y, w, h);
        g.setStroke(e.duplicate() ? Concept.DUPLICATE.ink() : QueueCanvas.MUTED);
        g.setLineWidth(e.duplicate() ? 2 : 1);
        g.strokeRect(x, y, w, h);
    }

    private static String label(Envelope e) {
        return TEXTS.format("canvas.envelope", e.user()) + (e.duplicate() ? " " + ordinal(e.nth()) : "");
    }

    private static String ordinal(int n) {
        return n == 2 ? TEXTS.get("canvas.second") : n == 3 ? TEXTS.get("canvas.third")
                : TEXTS.format("canvas.nth", n);
    }

    /**
     * The mark of a difference between two lanes on an envelope at (x, y), {@code w} × {@code h} px: a thick dark
     * outline and a "≠" badge on its top left corner (shape and sign, not colour alone).
     */
    static void drawDifferenceMark(GraphicsContext g, double x, double y, double w, double h) {
        g.setStroke(QueueCanvas.INK);
        g.setLineWidth(2.5);
        g.strokeRect(x - 2, y - 2, w + 4, h + 4);
        // top left: the top right holds a lost reply's icon; no concept's colour: the sign and the outline say it
        Marks.sign(g, x + 1, y - 1, 7, 1.2, 11, TEXTS.get("strip.differs"));
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
    }
}
