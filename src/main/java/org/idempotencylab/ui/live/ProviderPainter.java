package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.BottomRow.BOX_PAD;
import static org.idempotencylab.ui.live.QueueGrid.PAD;

import java.util.function.Predicate;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Draws the email provider under the email step: its box (outlined in the lost reply's look, dashed, while a
 * click has set its next reply to be lost), its title, the legend of its envelopes' marks with each concept's
 * icon, the keys it remembers ({@link KeyPainter}) and the envelopes it sent ({@link EnvelopePainter}).
 */
final class ProviderPainter {
    private static final Texts TEXTS = Texts.of(ProviderPainter.class);
    private final CanvasInk ink;
    private final EnvelopePainter envelopes;
    private final KeyPainter keys;

    ProviderPainter(CanvasInk ink, KeyPainter keys) {
        this.ink = ink;
        this.envelopes = new EnvelopePainter(ink);
        this.keys = keys;
    }

    /** @param marked the envelopes to draw with the "≠" of a difference between two lanes */
    void draw(GraphicsContext g, QueueLayout l, LiveViewModel vm, Predicate<Envelope> marked) {
        BottomRow row = l.bottom;
        boolean armed = vm.providerArmed();
        double x = row.providerX;
        double y0 = l.grid.bottomY;
        g.setFill(Color.web("#fbf7ee"));
        g.fillRoundRect(x, y0, row.providerW, l.grid.bottomH, 12, 12);
        g.setStroke(armed ? Concept.REPLY_LOST.fill() : QueueCanvas.PROVIDER_FRAME); // armed: the lost reply's look
        g.setLineWidth(armed ? 3 : 2);
        if (armed) {
            g.setLineDashes(8, 4);
        }
        g.strokeRoundRect(x, y0, row.providerW, l.grid.bottomH, 12, 12);
        g.setLineDashes();
        Box box = ink.note(Kind.AREA, "provider", x, y0, row.providerW, l.grid.bottomH, null);
        Font font = armed ? row.providerArmedFont : row.providerFont;
        double titleH = ink.lineHeight(font);
        if (armed) {
            Marks.icon(g, Concept.REPLY_LOST, x + PAD, y0 + BOX_PAD + (titleH - 14) / 2, 14);
        }
        g.setFill(QueueCanvas.INK);
        String[] title = armed ? row.providerArmedTitle : row.providerTitle;
        for (int i = 0; i < title.length; i++) {
            ink.text(g, "provider", title[i], font, x + PAD, y0 + BOX_PAD + i * titleH, armed ? 18 : 0, box);
        }
        double legendTop = y0 + BOX_PAD + row.providerTitleH(ink) + 2;
        drawLegend(g, row, legendTop, box);
        double legendH = ink.lineHeight(row.providerLegendFont);
        double keysTop = legendTop + legendH * row.providerLegend.length;
        if (row.chipH > 0) { // the keys it remembers, when the run sends it one
            keysTop += 2;
            keys.drawBand(g, vm.stageKeys().provider(), row.keyFont, row.chipH, x + PAD, keysTop,
                    row.providerW - 2 * PAD, vm.nowMs(), box);
        }
        envelopes.draw(g, l, vm.envelopes(), marked, e -> pausedAt(vm, e), box,
                keysTop + row.chipH + BottomRow.MARK_ROOM);
    }

    /** The legend's lines from {@code top}, each {@link BottomRow#ICON_ROOM} holding the next concept's icon. */
    private void drawLegend(GraphicsContext g, BottomRow row, double top, Box box) {
        g.setFill(QueueCanvas.MUTED);
        Font font = row.providerLegendFont;
        double legendH = ink.lineHeight(font);
        double iconSize = font.getSize() * 1.1;
        int icon = 0;
        for (int line = 0; line < row.providerLegend.length; line++) {
            double y = top + legendH * line;
            ink.text(g, "provider legend", row.providerLegend[line], font, row.providerX + PAD, y, 0, box);
            for (double at : row.providerLegendIcons[line]) {
                if (icon < BottomRow.PROVIDER_LEGEND_ICONS.length) {
                    Marks.icon(g, BottomRow.PROVIDER_LEGEND_ICONS[icon++], row.providerX + PAD + at,
                            y + (legendH - iconSize) / 2, iconSize);
                }
            }
            g.setFill(QueueCanvas.MUTED);
        }
    }

    /** @return true for the envelope of the duplicate the run stands paused at */
    private static boolean pausedAt(LiveViewModel vm, Envelope e) {
        SimulationEvent at = vm.spotlit();
        return at != null && at.kind() == SimulationEvent.Kind.DUPLICATE_SIDE_EFFECT && e.duplicate()
                && e.user() == at.user() && e.atMs() == at.timeMs();
    }
}
