package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.QueueGrid.PAD;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;
import org.idempotencylab.ui.live.StageKeys.Chip;
import org.idempotencylab.ui.live.StageKeys.Look;

/**
 * Draws the records the stage shows ({@link StageKeys}): in each station's band and in the provider's, a chip per
 * key, the latest first, as many as fit and "+N" for the others held there. A chip is the key shortened to its user
 * ("user_1", "u1" where that does not fit) after its concept's icon, on its concept's colour: a running key or an
 * {@code in_progress} claim the hourglass on reddish purple, a remembered key or a completed claim the key on sky
 * blue, a lock or a lease that ran out the clock on orange; a bar along its foot shows the TTL or lease left. A
 * record a retry just met is outlined in bold. A record gone is an empty outline, dashed, its user struck through,
 * with the sign of what took it: the key's outline for a TTL that ran out, the crash's bolt for a wipe, "✗" for a
 * run not kept (a lock released).
 */
final class KeyPainter {
    /** The bar of time left along a chip's foot, px. */
    static final double BAR = 3;
    /** Between two chips, px. */
    private static final double CHIP_GAP = 4;
    /** Inside a chip, left and right, px. */
    private static final double CHIP_PAD = 3;
    private final CanvasInk ink;

    KeyPainter(CanvasInk ink) {
        this.ink = ink;
    }

    /** Each station's band of keys, when the run's steps keep a record. */
    void drawStations(GraphicsContext g, QueueLayout l, StageKeys.Shown shown, long nowMs, StationPainter stations) {
        if (!l.stations.keys) {
            return;
        }
        for (int s = 0; s < l.grid.stations(); s++) {
            double x = l.grid.stationX(s) + PAD;
            double y = l.grid.stationY(s) + l.stations.keysTop;
            drawBand(g, shown.station(s), l.stations.keyFont, l.stations.chipH, x, y, l.grid.stationW - 2 * PAD,
                    nowMs, stations.box(s));
        }
    }

    /**
     * A band of chips from ({@code x}, {@code y}), {@code width} px long, inside {@code within}.
     *
     * @return the chips drawn
     */
    int drawBand(GraphicsContext g, StageKeys.Band band, Font font, double chipH, double x, double y,
                 double width, long nowMs, Box within) {
        double right = x + width;
        double at = x;
        int drawn = 0;
        int heldDrawn = 0;
        for (int i = 0; i < band.chips().size(); i++) {
            Chip c = band.chips().get(i);
            int heldLeft = band.held() - heldDrawn - (c.look().gone() ? 0 : 1);
            double more = heldLeft > 0 ? CHIP_GAP + ink.width(more(heldLeft), font) : 0;
            String label = c.label(); // "user_12", else "u12" where that leaves no room for the "+N" after it
            if (at + chipWidth(label, font) + more > right + 0.01) {
                label = "u" + c.user();
            }
            double w = chipWidth(label, font);
            // the first chip is drawn wherever it fits alone: its "+N" then takes a smaller type in what is left
            if (at + w + (drawn == 0 ? 0 : more) > right + 0.01) {
                break;
            }
            drawChip(g, c, label, font, at, y, w, chipH, nowMs, within);
            at += w + CHIP_GAP;
            drawn++;
            heldDrawn += c.look().gone() ? 0 : 1;
        }
        int rest = band.held() - heldDrawn;
        if (rest > 0) {
            String more = more(rest);
            Font f = ink.fit(more, font, QueueCanvas.LEAST_TEXT, right - at);
            if (ink.width(more, f) > right - at + 0.01) {
                return drawn; // not even in the least type: the station's strip and counters still tell it
            }
            g.setFill(QueueCanvas.MUTED);
            ink.text(g, "key count", more, f, at,
                    y + (chipH - BAR - ink.lineHeight(f)) / 2, 0, within);
        }
        return drawn;
    }

    private static String more(int n) {
        return "+" + n;
    }

    /** @return a chip's width with {@code label} in {@code font}: its pads, its icon, its text, px */
    double chipWidth(String label, Font font) {
        return CHIP_PAD + font.getSize() + 3 + ink.width(label, font) + CHIP_PAD;
    }

    private void drawChip(GraphicsContext g, Chip c, String label, Font font, double x, double y, double w, double h,
                          long nowMs, Box within) {
        Look look = c.look();
        Concept concept = concept(look);
        boolean gone = look.gone();
        g.setFill(gone ? Color.WHITE : Color.WHITE.interpolate(concept.fill(), 0.28));
        g.fillRoundRect(x, y, w, h, 6, 6);
        g.setStroke(gone ? QueueCanvas.MUTED : concept.ink());
        g.setLineWidth(c.justMet(nowMs) ? 3 : look == Look.LEASE_RAN_OUT ? 2 : 1.2);
        if (gone || look == Look.LEASE_RAN_OUT) {
            g.setLineDashes(4, 3);
        }
        g.strokeRoundRect(x, y, w, h, 6, 6);
        g.setLineDashes();
        Box chip = ink.note(Kind.SHAPE, "key chip", x, y, w, h, within);
        double size = font.getSize();
        double textH = ink.lineHeight(font);
        double top = y + 2;
        drawSign(g, look, concept, x + CHIP_PAD, top + (textH - size) / 2, size);
        g.setFill(gone ? QueueCanvas.MUTED : QueueCanvas.INK);
        Box text = ink.text(g, "key", label, font, x + CHIP_PAD + size + 3, top, 0, chip);
        if (gone) { // struck through: the record is not there
            g.setStroke(QueueCanvas.MUTED);
            g.setLineWidth(1.2);
            double mid = top + textH / 2;
            g.strokeLine(text.x(), mid, text.x() + text.w(), mid);
        } else if (c.spanMs() > 0 && c.untilMs() != Long.MAX_VALUE) { // the TTL or lease left
            double left = Math.max(0, Math.min(1, (c.untilMs() - nowMs) / (double) c.spanMs()));
            g.setFill(concept == Concept.IN_PROGRESS ? Concept.LEASE.fill() : concept.fill());
            g.fillRect(x + 2, y + h - BAR - 1, (w - 4) * left, BAR);
        }
        g.setTextBaseline(VPos.TOP);
    }

    /** @return the concept whose look a record in {@code look} takes */
    static Concept concept(Look look) {
        return switch (look) {
            case RUNNING, IN_PROGRESS -> Concept.IN_PROGRESS;
            case LEASE_RAN_OUT, LOCKED -> Concept.LEASE;
            case WIPED -> Concept.CRASH;
            default -> Concept.KEY_REMEMBERED;
        };
    }

    /** The chip's sign: its concept's icon; for a gone key the key's outline, or "✗". */
    private void drawSign(GraphicsContext g, Look look, Concept concept, double x, double y, double size) {
        switch (look) {
            case EXPIRED -> Marks.outline(g, Concept.KEY_REMEMBERED, x, y, size);
            case NOT_KEPT -> {
                g.setFill(QueueCanvas.MUTED);
                g.setFont(CanvasInk.bold(size));
                g.setTextBaseline(VPos.TOP);
                g.fillText("✗", x + 1, y - 1);
            }
            default -> Marks.icon(g, concept, x, y, size);
        }
    }
}
