package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.BottomRow.BOX_PAD;
import static org.idempotencylab.ui.live.QueueGrid.PAD;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Draws the worker process under step 6: what each worker runs and the click's hint ("click: crash"), or, while
 * it is down, the crash's hazard yellow, pale, with a dashed outline and the restart's countdown.
 */
final class WorkersPainter {
    private static final Texts TEXTS = Texts.of(WorkersPainter.class);
    private final CanvasInk ink;

    WorkersPainter(CanvasInk ink) {
        this.ink = ink;
    }

    void draw(GraphicsContext g, QueueLayout l, LiveViewModel vm) {
        boolean down = vm.workersDown();
        BottomRow row = l.bottom;
        double x = row.workersX;
        double y = l.grid.bottomY;
        double w = row.workersW;
        double h = l.grid.bottomH;
        g.setFill(down ? Color.web("#faf6c8") : Color.web("#eef7f3")); // down: the crash's hazard yellow, pale
        g.fillRoundRect(x, y, w, h, 12, 12);
        g.setStroke(down ? Concept.CRASH.ink() : QueueCanvas.DONE);
        g.setLineWidth(2);
        if (down) {
            g.setLineDashes(6, 4);
        }
        g.strokeRoundRect(x, y, w, h, 12, 12);
        g.setLineDashes();
        Box box = ink.note(Kind.AREA, "workers", x, y, w, h, null);
        g.setFill(QueueCanvas.INK);
        if (down) {
            drawDown(g, row, x, y, box, vm.restartAtMs() - vm.nowMs());
        } else {
            drawRunning(g, row, x, y, h, box, vm.workerTokens());
        }
    }

    /** The crash's icon before "Workers DOWN", "restarting in" and the countdown to the restart. */
    private void drawDown(GraphicsContext g, BottomRow row, double x, double y, Box box, long untilRestartMs) {
        double inner = row.workersW - 2 * PAD;
        double titleH = ink.lineHeight(row.workersTitleFont);
        double lineH = ink.lineHeight(row.workerFont);
        Marks.icon(g, Concept.CRASH, x + PAD - 1, y + BOX_PAD + (titleH - 14) / 2, 14);
        for (int l = 0; l < row.workersDownTitle.length; l++) {
            ink.text(g, "workers", row.workersDownTitle[l], row.workersTitleFont, x + PAD, y + BOX_PAD + l * titleH,
                    l == 0 ? 16 : 0, box);
        }
        double top = y + BOX_PAD + row.workersDownTitle.length * titleH + 2;
        String restarting = TEXTS.get("canvas.restarting");
        ink.text(g, "workers", restarting, ink.fit(restarting, row.workerFont, row.least, inner),
                x + PAD, top, 0, box);
        ink.text(g, "workers", VirtualTime.countdown(Math.max(0, untilRestartMs)), row.countdownFont, x + PAD,
                top + lineH, 0, box);
    }

    /** "Workers", a line per worker (as many as fit, then "+N more") and the click's hint at the bottom. */
    private void drawRunning(GraphicsContext g, BottomRow row, double x, double y, double h, Box box,
                             JobToken[] running) {
        double inner = row.workersW - 2 * PAD;
        double titleH = ink.lineHeight(row.workersTitleFont);
        double lineH = ink.lineHeight(row.workerFont);
        ink.text(g, "workers", TEXTS.get("canvas.workers"), row.workersTitleFont, x + PAD, y + BOX_PAD, 0, box);
        double hintH = ink.lineHeight(row.hintFont) * row.hint.length;
        double hintY = y + h - BOX_PAD - hintH;
        double top = y + BOX_PAD + titleH + 2;
        int rows = Math.max(1, (int) ((hintY - 2 - top) / lineH));
        for (int i = 0; i < running.length && i < rows; i++) {
            boolean last = i == rows - 1 && running.length > rows;
            String text = last ? TEXTS.format("canvas.moreWorkers", running.length - i)
                    : TEXTS.format("canvas.worker", i + 1, running[i] == null ? TEXTS.get("canvas.idle")
                    : "user_" + running[i].user());
            if (!last && running[i] != null && ink.width(text, row.workerFont) > inner) { // "W1 u15516" first
                text = TEXTS.format("canvas.worker", i + 1, "u" + running[i].user());
            }
            g.setFill(running[i] == null || last ? QueueCanvas.MUTED : QueueCanvas.INK);
            Font f = ink.fit(text, row.workerFont, row.least, inner);
            ink.text(g, "workers", ink.shortened(text, f, inner), f, x + PAD, top + i * lineH, 0, box);
        }
        double size = row.hintFont.getSize();
        double hintLineH = ink.lineHeight(row.hintFont);
        Marks.icon(g, Concept.CRASH, x + PAD, hintY + (hintLineH - size) / 2, size);
        g.setFill(Concept.CRASH.ink());
        for (int i = 0; i < row.hint.length; i++) {
            ink.text(g, "hint", row.hint[i], row.hintFont, x + PAD, hintY + i * hintLineH, size + 3, box);
        }
    }
}
