package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.QueueGrid.PAD;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Draws the workflow's steps as stations: the box (a step that meets the provider, the sign-up's welcome email,
 * outlined in the calling colour: {@link #meetsProvider}), the title, the
 * counters in the bottom band and, once the tokens are drawn, the strip's "+N" for the jobs that do not fit. Keeps
 * the stations' areas the last frame drew, which their tokens must stay inside.
 */
final class StationPainter {
    private static final Texts TEXTS = Texts.of(StationPainter.class);
    private final CanvasInk ink;
    private final Box[] boxes = new Box[Workflow.MAX_STEPS];

    StationPainter(CanvasInk ink) {
        this.ink = ink;
    }

    /** Every station with its title and counters. */
    void draw(GraphicsContext g, QueueLayout l, LiveViewModel vm) {
        QueueGrid grid = l.grid;
        StationText text = l.stations;
        double titleH = ink.lineHeight(text.titleFont);
        for (int i = 0; i < grid.stations(); i++) {
            double x = grid.stationX(i);
            double y = grid.stationY(i);
            drawBox(g, meetsProvider(l.workflow, i), x, y, grid.stationW, grid.stationH, 12);
            boxes[i] = ink.note(Kind.AREA, "station", x, y, grid.stationW, grid.stationH, null);
            g.setFill(QueueCanvas.INK);
            for (int line = 0; line < text.titles[i].length; line++) {
                ink.text(g, "title", text.titles[i][line], text.titleFont, x + PAD,
                        y + StationText.TITLE_TOP + titleH * line, 0, boxes[i]);
            }
            // every side effect leaves a mark: how many times the step really did its work, and how many again
            drawCounters(g, l, i, vm.sideEffects(i), vm.duplicates(i));
        }
    }

    /**
     * @return true if step {@code step} calls the provider: an external step that can lose its reply or sends a key
     *         (the sign-up's welcome email alone; a checkout's card charge and receipt). Its station takes the
     *         provider's look; a local step (a write to the job's own database) and a call that never loses its
     *         reply look plain.
     */
    static boolean meetsProvider(Workflow flow, int step) {
        Workflow.Step s = flow.step(step);
        return s.effect() == Workflow.Effect.EXTERNAL && (s.providerKey() || s.drawsLostReply());
    }

    /** A station's box, {@code arc} px round: the provider's look (calling colour, 2 px) or the plain one. */
    static void drawBox(GraphicsContext g, boolean provider, double x, double y, double w, double h, double arc) {
        g.setFill(provider ? Color.web("#eef5fb") : Color.web("#f4f6f8"));
        g.fillRoundRect(x, y, w, h, arc, arc);
        g.setStroke(provider ? QueueCanvas.CALLING : Color.web("#c5ccd3"));
        g.setLineWidth(provider ? 2 : 1);
        g.strokeRoundRect(x, y, w, h, arc, arc);
    }

    /**
     * A station's counters in its bottom band: "done 12", and once a side effect was done again the duplicate's
     * icon and "again 2" in its ink, beside it or on the line under it as the layout has room for; a count too
     * long for the room is said shorter ("2" with the icon), then in a smaller type down to
     * {@link QueueCanvas#LEAST_TEXT} px.
     */
    private void drawCounters(GraphicsContext g, QueueLayout l, int i, long sideEffects, long duplicates) {
        QueueGrid grid = l.grid;
        Font counterFont = l.stations.counterFont;
        boolean oneLine = l.stations.countersOnOneLine;
        double inner = grid.stationW - 2 * PAD;
        double lineH = ink.lineHeight(counterFont);
        double x = grid.stationX(i) + PAD;
        double top = grid.stationY(i) + grid.stationH - StationText.BAND_BOTTOM - (oneLine ? 1 : 2) * lineH;
        String done = TEXTS.format("canvas.sideEffects", sideEffects);
        Font doneFont = ink.fit(done, counterFont, QueueCanvas.LEAST_TEXT, inner);
        g.setFill(QueueCanvas.MUTED);
        Box d = ink.text(g, "counter", done, doneFont, x, top, 0, boxes[i]);
        if (duplicates == 0) {
            return;
        }
        double ax = oneLine ? d.x() + d.w() + 6 : x;
        double ay = oneLine ? top : top + lineH;
        double room = grid.stationX(i) + grid.stationW - PAD - ax;
        String again = TEXTS.format("canvas.again", duplicates);
        if (StationText.againWidth(ink, again, counterFont) > room) {
            again = TEXTS.format("canvas.againShort", duplicates);
        }
        Font font = counterFont;
        while (font.getSize() > QueueCanvas.LEAST_TEXT && StationText.againWidth(ink, again, font) > room) {
            font = CanvasInk.plain(CanvasInk.smaller(font.getSize()));
        }
        Marks.icon(g, Concept.DUPLICATE, ax, ay + (lineH - font.getSize()) / 2, font.getSize());
        g.setFill(Concept.DUPLICATE.ink());
        ink.text(g, "counter", again, CanvasInk.bold(font.getSize()), ax, ay, font.getSize() + 3, boxes[i]);
    }

    /** The "+N" of each station's strip (null: all its jobs are drawn), right-aligned in its last row. */
    void drawBadges(GraphicsContext g, QueueLayout l, String[] badges) {
        Font font = l.stations.badgeFont;
        double badgeH = ink.lineHeight(font);
        g.setFill(QueueCanvas.CALLING);
        for (int s = 0; s < l.grid.stations(); s++) {
            if (badges[s] != null) {
                double right = l.grid.stationX(s) + l.grid.stationW - PAD;
                ink.textRight(g, "count badge", badges[s], font, right, l.lastStripRowY(s) - badgeH / 2, boxes[s]);
            }
        }
    }

    /** @return step {@code step}'s area as the last frame drew it */
    Box box(int step) {
        return boxes[step];
    }
}
