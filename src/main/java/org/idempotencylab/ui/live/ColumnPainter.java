package org.idempotencylab.ui.live;

import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Draws the waiting line's and the Done column's frame: the lines between them and the stations, their headings
 * and, once their tokens are drawn, the labels under them ("12 waiting", "3 finished"). Keeps the areas the last
 * frame drew, which the tokens in them must stay inside.
 */
final class ColumnPainter {
    private static final Texts TEXTS = Texts.of(ColumnPainter.class);
    private final CanvasInk ink;
    private Box queueBox;
    private Box doneBox;

    ColumnPainter(CanvasInk ink) {
        this.ink = ink;
    }

    /** The columns' lines, areas and headings in a canvas {@code w} × {@code h} px. */
    void drawFrame(GraphicsContext g, QueueLayout l, double w, double h) {
        QueueGrid grid = l.grid;
        ColumnText text = l.columns;
        g.setStroke(Color.web("#d7dce1"));
        g.setLineWidth(1);
        g.strokeLine(grid.binX, 8, grid.binX, h - 8);
        g.strokeLine(grid.queueEdge, 8, grid.queueEdge, h - 8);
        queueBox = ink.note(Kind.AREA, "waiting line", 0, 0, grid.queueEdge - 1, h, null);
        doneBox = ink.note(Kind.AREA, "done column", grid.binX + 1, 0, w - grid.binX - 1, h, null);
        g.setFill(QueueCanvas.INK);
        ink.text(g, "heading", TEXTS.get("canvas.queue"), text.queueHeadingFont, QueueGrid.QUEUE_X, QueueGrid.TOP, 0,
                queueBox);
        for (int line = 0; line < text.doneHeading.length; line++) {
            ink.text(g, "heading", text.doneHeading[line], text.doneHeadingFont, grid.binX + 8,
                    QueueGrid.TOP + line * ink.lineHeight(text.doneHeadingFont), 0, doneBox);
        }
    }

    /**
     * The Done column's "+N" in its first row, where the earliest finished jobs would be: the jobs it has no room
     * for, in the stations' "+N" look, as large as fits the row.
     */
    void drawDoneBadge(GraphicsContext g, QueueLayout l, String badge) {
        double x = l.grid.binX + 8;
        double width = l.grid.sideColumns * l.grid.slot - 4;
        Font font = ink.fit(badge, l.stations.badgeFont, l.least, width);
        double[] first = l.grid.doneSlot(0, l.columns.doneTop);
        g.setFill(QueueCanvas.CALLING);
        ink.text(g, "count badge", badge, font, x, first[1] - ink.lineHeight(font) / 2, 0, doneBox);
    }

    /** The labels under the columns: the sign-ups waiting and the jobs finished. */
    void drawLabels(GraphicsContext g, QueueLayout l, long waiting, long finished, double w, double h) {
        g.setFill(QueueCanvas.MUTED);
        drawLabel(g, l, TEXTS.format("canvas.waiting", waiting), QueueGrid.QUEUE_X, h - QueueGrid.BOTTOM,
                l.grid.queueEdge - QueueGrid.QUEUE_X - 4, queueBox, "waiting");
        drawLabel(g, l, TEXTS.format("canvas.finished", finished), l.grid.binX + 8, h - QueueGrid.BOTTOM,
                w - l.grid.binX - 12, doneBox, "finished");
    }

    /** A column's label, on lines of whole words ending at {@code bottom}. */
    private void drawLabel(GraphicsContext g, QueueLayout l, String text, double x, double bottom, double width,
                           Box within, String role) {
        Font font = l.columns.labelFont;
        List<String> lines = ink.wrap(text, font, width);
        double lineH = ink.lineHeight(font);
        for (int i = 0; i < lines.size(); i++) {
            Font f = ink.fit(lines.get(i), font, QueueCanvas.LEAST_TEXT, width);
            ink.text(g, role, lines.get(i), f, x, bottom - (lines.size() - i) * lineH, 0, within);
        }
    }

    /** @return the waiting line's area as the last frame drew it */
    Box queueBox() {
        return queueBox;
    }

    /** @return the Done column's area as the last frame drew it */
    Box doneBox() {
        return doneBox;
    }
}
