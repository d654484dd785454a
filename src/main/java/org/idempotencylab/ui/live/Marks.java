package org.idempotencylab.ui.live;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.FillRule;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.idempotencylab.ui.Concept;

/** The small signs the live view's canvases share: a concept's icon, and a sign in a white disc. */
final class Marks {
    private Marks() {
    }

    /**
     * Draws a concept's icon (its SVG path, {@link Concept#iconPath}) with its top-left corner at (x, y).
     *
     * @param size the icon's side in px
     */
    static void icon(GraphicsContext g, Concept c, double x, double y, double size) {
        iconPath(g, c, x, y, size);
        g.setFill(c.fill());
        g.fill();
        if (c.pale()) {
            g.setStroke(c.ink());
            g.setLineWidth(1);
            g.stroke();
        }
        g.restore();
    }

    /** A concept's icon as an outline only, in the muted ink: a record's shape with nothing in it (a record gone). */
    static void outline(GraphicsContext g, Concept c, double x, double y, double size) {
        iconPath(g, c, x, y, size);
        g.setStroke(QueueCanvas.MUTED);
        g.setLineWidth(1.2 * Concept.ICON_SIZE / size);
        g.stroke();
        g.restore();
    }

    /** Saves {@code g}, scales it to the icon's size at (x, y) and begins its path: the caller restores it. */
    private static void iconPath(GraphicsContext g, Concept c, double x, double y, double size) {
        g.save();
        g.translate(x, y);
        g.scale(size / Concept.ICON_SIZE, size / Concept.ICON_SIZE);
        g.beginPath();
        g.appendSVGPath(c.iconPath());
        g.setFillRule(FillRule.EVEN_ODD);
    }

    /**
     * A sign in bold ink in a white disc of radius {@code r} with an ink outline of {@code line} px, centred on
     * (cx, cy), in a type of {@code size} px.
     */
    static void sign(GraphicsContext g, double cx, double cy, double r, double line, double size, String sign) {
        g.setFill(Color.WHITE);
        g.fillOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setStroke(QueueCanvas.INK);
        g.setLineWidth(line);
        g.strokeOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setFill(QueueCanvas.INK);
        g.setFont(Font.font("System", FontWeight.BOLD, size));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(sign, cx, cy);
    }
}
