package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.QueueGrid.PAD;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Draws what the marks of the durable path mean, under step 10: a redelivery due (pale, dashed), a job sent back
 * with "job in progress", a job lost in a crash (each with its concept's icon on its colour's dot) and the
 * delivery badge, as on a token.
 */
final class LegendPainter {
    private final CanvasInk ink;

    LegendPainter(CanvasInk ink) {
        this.ink = ink;
    }

    void draw(GraphicsContext g, QueueLayout l) {
        BottomRow row = l.bottom;
        double x = row.legendX;
        double y = l.grid.bottomY;
        g.setFill(Color.web("#f4f6f8"));
        g.fillRoundRect(x, y, row.legendW, l.grid.bottomH, 12, 12);
        Box box = ink.note(Kind.AREA, "legend", x, y, row.legendW, l.grid.bottomH, null);
        double r = 5;
        String[] names = BottomRow.legendNames();
        Color[] fills = {QueueCanvas.REDELIVERY, QueueCanvas.SENT_BACK, QueueCanvas.LOST, null};
        double lineH = row.legendLineH(ink);
        double textH = ink.lineHeight(row.legendFont);
        for (int i = 0; i < names.length; i++) {
            double cy = y + 4 + lineH * i + lineH / 2;
            double sx = x + PAD + 2; // the symbols' column
            if (fills[i] != null) {
                drawDot(g, fills[i], sx, cy, r);
            } else { // the delivery badge, as on a token
                TokenPainter.drawDeliveryBadge(g, sx + r - QueueGrid.R + 3, cy - QueueGrid.R + 3, QueueGrid.R, 2);
            }
            g.setFill(QueueCanvas.INK);
            ink.text(g, "legend", names[i], row.legendFont, x + BottomRow.LEGEND_TEXT_X, cy - textH / 2, 0, box);
        }
    }

    /** A dot of {@code fill} centred on (sx + r, cy): a redelivery dashed, the others with their concept's icon. */
    private static void drawDot(GraphicsContext g, Color fill, double sx, double cy, double r) {
        g.setFill(fill);
        g.fillOval(sx, cy - r, 2 * r, 2 * r);
        if (fill == QueueCanvas.REDELIVERY) {
            g.setStroke(QueueCanvas.SENT_BACK);
            g.setLineWidth(1.5);
            g.setLineDashes(3, 2);
            g.strokeOval(sx, cy - r, 2 * r, 2 * r);
            g.setLineDashes();
        }
        if (fill == QueueCanvas.SENT_BACK || fill == QueueCanvas.LOST) { // the concept's icon on its colour's dot
            Marks.icon(g, fill == QueueCanvas.SENT_BACK ? Concept.IN_PROGRESS : Concept.CRASH, sx, cy - r, 2 * r);
        }
    }
}
