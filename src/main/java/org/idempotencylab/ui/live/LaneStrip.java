package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * The second lane, drawn compact ({@value #HEIGHT} px high) under the queue canvas: the waiting count, the ten
 * steps in one row (each with its side effects, the ones done again in red, and the jobs calling or backing off
 * there as small tokens, "+N" for those that do not fit), the worker process (a click crashes it, in both lanes),
 * the provider's latest envelopes (a click loses the next reply, in both lanes) and the finished count. The marks
 * are the queue canvas's: the same colours, "2×" on a duplicate email, a grey suppressed one, and the "≠" mark
 * where this lane differs from lane A ({@link Lanes#differs}).
 *
 * <p>Small, not tiny: a token is a pill as wide as its user number, and every text is at least
 * {@link QueueCanvas#LEAST_TEXT} px (a little larger in presentation mode), lane A's least.
 */
public final class LaneStrip extends Pane {
    private static final Texts TEXTS = Texts.of(LaneStrip.class);
    /** The strip's height, px: fits two lanes and the key store at 1280 × 720. */
    static final double HEIGHT = 96;
    private static final double LEFT = 84;      // the queue column's width
    private static final double RIGHT = 92;     // the done column's width
    private static final double CELL_H = 54;
    /** Presentation mode's text over normal mode's, at most: the strip keeps its height. */
    private static final double MOST_SCALE = 1.1;

    private final Canvas canvas = new Canvas();
    private final CanvasInk ink = new CanvasInk(this, () -> {
        drawnVersion = -1;
        requestLayout();
    });
    private final Map<JobToken, double[]> drawnAt = new HashMap<>(); // a token's pill: x, y, width, height
    private Lanes lanes;
    private long drawnVersion = -1;
    private long drawnLanes = -1;
    private double drawnW = -1;
    private double cellW;
    private double workersX;
    private double workersW;
    private double providerX;
    private double providerW;
    private double bottomY;
    // the frame's fonts: the window's type, up to MOST_SCALE times the normal sizes
    private Font headFont;
    private Font numberFont;
    private Font countFont;
    private Font tokenFont;
    private double pillH;

    public LaneStrip() {
        getChildren().add(canvas);
        getStyleClass().add("lane-strip");
        setMinSize(600, HEIGHT);
        setPrefHeight(HEIGHT);
        setMaxHeight(HEIGHT);
    }

    /** @return what the last frame drew: areas, text, tokens and shapes, in drawing order (for tests) */
    List<Box> drawn() {
        return ink.boxes();
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        drawnVersion = -1;
        if (lanes != null) {
            draw(lanes);
        }
    }

    /** Redraws lane B of {@code lanes} if anything shown may have changed. */
    public void draw(Lanes lanes) {
        this.lanes = lanes;
        LiveViewModel vm = lanes.laneB();
        double w = getWidth();
        if (w <= 0 || vm.version() == drawnVersion && lanes.version() == drawnLanes && w == drawnW) {
            return;
        }
        drawnVersion = vm.version();
        drawnLanes = lanes.version();
        drawnW = w;
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, getHeight());
        ink.clear();
        double k = Math.min(MOST_SCALE, ink.scale());
        double least = QueueCanvas.LEAST_TEXT;
        headFont = CanvasInk.bold(12 * k);
        numberFont = CanvasInk.bold(11 * k);
        countFont = CanvasInk.plain(Math.max(least, 10 * k));
        tokenFont = CanvasInk.bold(least); // as small as lane A's least text: cells keep a token and a "+N"
        pillH = ink.lineHeight(tokenFont) + 3;
        // cells as wide as the sign-up's ten (or narrower for 11 or 12): the workers' box takes two of them
        int cells = Math.max(10, vm.workflow().size());
        cellW = (w - LEFT - RIGHT - (cells - 1) * 4) / cells;
        bottomY = 4 + CELL_H + 6;
        workersX = LEFT;
        workersW = cellW * 2 + 4;
        providerX = workersX + workersW + 8;
        providerW = w - RIGHT - providerX;
        drawnAt.clear();
        drawColumns(g, vm);
        drawStations(g, vm);
        drawWorkers(g, vm);
        drawProvider(g, vm, lanes);
    }

    private double cellX(int step) {
        return LEFT + step * (cellW + 4);
    }

    private void drawColumns(GraphicsContext g, LiveViewModel vm) {
        double least = QueueCanvas.LEAST_TEXT;
        Box queue = ink.note(Kind.AREA, "waiting line", 0, 0, LEFT - 2, getHeight(), null);
        g.setFill(QueueCanvas.INK);
        ink.text(g, "heading", TEXTS.get("strip.queue"), headFont, 6, 4, 0, queue);
        String waiting = String.format(Locale.ROOT, "%,d", vm.waitingJobs());
        double countY = 4 + ink.lineHeight(headFont);
        ink.text(g, "waiting", waiting, fitted(waiting, countFont, LEFT - 10), 6, countY, 0, queue);
        // the first waiting sign-ups, as many pills as the column holds
        double y = countY + ink.lineHeight(countFont) + 3;
        double x = 6;
        for (long user : vm.waitingUsers(8)) {
            double pw = pillWidth(user);
            if (x + pw > LEFT - 6) {
                x = 6;
                y += pillH + 2;
            }
            if (y + pillH > getHeight() - 2) {
                break;
            }
            JobToken known = vm.token(user);
            drawToken(g, known != null ? known : new JobToken(user), x, y, queue);
            x += pw + 3;
        }
        double dx = getWidth() - RIGHT + 8;
        Box done = ink.note(Kind.AREA, "done column", getWidth() - RIGHT + 2, 0, RIGHT - 2, getHeight(), null);
        long failed = 0;
        for (JobToken t : vm.tokens()) {
            failed += t.phase == JobToken.Phase.FAILED ? 1 : 0;
        }
        double room = RIGHT - 10;
        g.setFill(QueueCanvas.INK);
        String finished = TEXTS.format("strip.done", vm.finishedJobs() - failed);
        Font head = ink.fitting(finished, FontWeight.BOLD, headFont.getSize(), least, room);
        ink.text(g, "finished", finished, head, dx, 4, 0, done);
        long lost = vm.lostJobs();
        g.setFill(failed + lost > 0 ? QueueCanvas.FAILED : QueueCanvas.MUTED);
        double lineY = 4 + ink.lineHeight(head) + 1;
        // a job lost in a crash neither finished nor failed: said apart
        String failures = lost > 0 ? TEXTS.format("strip.failedLost", failed, lost)
                : TEXTS.format("strip.failed", failed);
        ink.text(g, "finished", failures, fitted(failures, countFont, room), dx, lineY, 0, done);
        g.setFill(QueueCanvas.MUTED);
        String clock = VirtualTime.format(vm.nowMs());
        ink.text(g, "finished", clock, fitted(clock, countFont, room), dx, lineY + ink.lineHeight(countFont) + 2, 0,
                done);
    }

    /** @return {@code font}, or a smaller one down to lane A's least text, in which {@code text} fits */
    private Font fitted(String text, Font font, double width) {
        return ink.fit(text, font, QueueCanvas.LEAST_TEXT, width);
    }

    private void drawStations(GraphicsContext g, LiveViewModel vm) {
        List<List<JobToken>> at = new ArrayList<>();
        for (int s = 0; s < vm.workflow().size(); s++) {
            at.add(new ArrayList<>());
        }
        for (JobToken t : vm.tokens()) {
            if (t.phase == JobToken.Phase.CALLING || t.phase == JobToken.Phase.BACKOFF) {
                at.get(Math.max(0, t.step)).add(t);
            }
        }
        double numberH = ink.lineHeight(numberFont);
        for (int s = 0; s < vm.workflow().size(); s++) {
            double x = cellX(s);
            StationPainter.drawBox(g, StationPainter.meetsProvider(vm.workflow(), s), x, 4, cellW, CELL_H, 8);
            Box cell = ink.note(Kind.AREA, "station", x, 4, cellW, CELL_H, null);
            double inner = cellW - 6;
            g.setFill(QueueCanvas.INK);
            Box number = ink.text(g, "step", Integer.toString(s + 1), numberFont, x + 3, 5, 0, cell);
            // the side effects under the step's number; the ones done again in red beside the number, else in the
            // count's place
            String count = String.format(Locale.ROOT, "%,d", vm.sideEffects(s));
            g.setFill(QueueCanvas.MUTED);
            double countY = 5 + numberH;
            String again = vm.duplicates(s) > 0 ? TEXTS.format("strip.again", vm.duplicates(s)) : null;
            Font againFont = again == null ? null : fitted(again, CanvasInk.bold(countFont.getSize()), inner);
            boolean besideNumber = again != null && number.w() + 4 + ink.width(again, againFont) <= inner;
            if (again == null || besideNumber) {
                ink.text(g, "counter", count, fitted(count, countFont, inner), x + 3, countY, 0, cell);
            }
            if (again != null) { // a duplicate: the duplicate's ink and the "+N again" words
                g.setFill(Concept.DUPLICATE.ink());
                ink.textRight(g, "counter", again, againFont, x + cellW - 3, besideNumber ? 5 : countY, cell);
            }
            drawCellTokens(g, at.get(s), x, cell);
        }
    }

    /** A cell's tokens in a row at its bottom, as many as fit beside the "+N" of the others. */
    private void drawCellTokens(GraphicsContext g, List<JobToken> tokens, double x, Box cell) {
        double left = x + 3;
        double room = cellW - 6;
        int shown = tokens.size();
        while (shown > 0 && rowWidth(tokens, shown) > room) {
            shown--;
        }
        double ty = 4 + CELL_H - 3 - pillH;
        for (int i = 0; i < shown; i++) {
            drawToken(g, tokens.get(i), left, ty, cell);
            left += pillWidth(tokens.get(i).user()) + 3;
        }
        if (shown < tokens.size()) {
            g.setFill(QueueCanvas.CALLING);
            ink.text(g, "count badge", "+" + (tokens.size() - shown), tokenFont, left,
                    ty + (pillH - ink.lineHeight(tokenFont)) / 2, 0, cell);
        }
    }

    /** @return the width of the first {@code shown} tokens' pills and, for the rest, a "+N" */
    private double rowWidth(List<JobToken> tokens, int shown) {
        double w = 0;
        for (int i = 0; i < shown; i++) {
            w += pillWidth(tokens.get(i).user()) + 3;
        }
        return shown == tokens.size() ? w - 3 : w + ink.width("+" + (tokens.size() - shown), tokenFont);
    }

    private double pillWidth(long user) {
        return Math.max(pillH, ink.width(Long.toString(user), tokenFont) + 6);
    }

    /** A token as a pill with its top left corner at (x, y), as wide as its user number. */
    private void drawToken(GraphicsContext g, JobToken t, double x, double y, Box within) {
        double w = pillWidth(t.user());
        g.setFill(TokenPainter.fill(t.phase));
        g.fillRoundRect(x, y, w, pillH, pillH, pillH);
        if (t.phase == JobToken.Phase.BACKOFF) { // pale: its outline in the calling colour, as lane A's ring
            g.setStroke(QueueCanvas.CALLING);
            g.setLineWidth(1);
            g.strokeRoundRect(x, y, w, pillH, pillH, pillH);
        }
        if (t.faultArmed) {
            g.setStroke(QueueCanvas.INK);
            g.setLineWidth(1.5);
            g.strokeLine(x + 2, y, x + w - 2, y + pillH);
        }
        Box pill = ink.note(Kind.TOKEN, "token", x, y, w, pillH, within);
        g.setFill(TokenPainter.numberInk(t.phase)); // as on lane A
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(tokenFont);
        g.fillText(Long.toString(t.user()), x + w / 2, y + pillH / 2);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        ink.noteCentred("token number", Long.toString(t.user()), tokenFont, x + w / 2, y + pillH / 2, pill);
        drawnAt.put(t, new double[] {x, y, w, pillH});
    }

    private void drawWorkers(GraphicsContext g, LiveViewModel vm) {
        boolean down = vm.workersDown();
        double h = getHeight() - bottomY - 4;
        g.setFill(down ? Color.web("#faf6c8") : Color.web("#eef7f3")); // down: the crash's look, as on lane A
        g.fillRoundRect(workersX, bottomY, workersW, h, 8, 8);
        g.setStroke(down ? Concept.CRASH.ink() : QueueCanvas.DONE);
        g.setLineWidth(2);
        if (down) {
            g.setLineDashes(5, 3);
        }
        g.strokeRoundRect(workersX, bottomY, workersW, h, 8, 8);
        g.setLineDashes();
        Box box = ink.note(Kind.AREA, "workers", workersX, bottomY, workersW, h, null);
        g.setFill(QueueCanvas.INK);
        String text = down ? TEXTS.get("strip.workersDown") + " "
                + VirtualTime.countdown(Math.max(0, vm.restartAtMs() - vm.nowMs())) : TEXTS.get("strip.workers");
        Font font = ink.fitting(text, FontWeight.BOLD, numberFont.getSize(), QueueCanvas.LEAST_TEXT, workersW - 10);
        ink.text(g, "workers", ink.shortened(text, font, workersW - 10), font, workersX + 5,
                bottomY + (h - ink.lineHeight(font)) / 2, 0, box);
    }

    private void drawProvider(GraphicsContext g, LiveViewModel vm, Lanes lanes) {
        double h = getHeight() - bottomY - 4;
        boolean armed = vm.providerArmed();
        g.setFill(Color.web("#fbf7ee"));
        g.fillRoundRect(providerX, bottomY, providerW, h, 8, 8);
        g.setStroke(armed ? Concept.REPLY_LOST.fill() : QueueCanvas.PROVIDER_FRAME);
        g.setLineWidth(armed ? 3 : 2);
        if (armed) {
            g.setLineDashes(8, 4);
        }
        g.strokeRoundRect(providerX, bottomY, providerW, h, 8, 8);
        g.setLineDashes();
        Box box = ink.note(Kind.AREA, "provider", providerX, bottomY, providerW, h, null);
        g.setFill(QueueCanvas.INK);
        Box name = ink.text(g, "provider", TEXTS.get("strip.provider"), numberFont, providerX + 6,
                bottomY + (h - ink.lineHeight(numberFont)) / 2, 0, box);
        // the latest envelopes that fit, newest last, each as wide as its label
        Font font = countFont;
        double eh = ink.lineHeight(font) + 5;
        double ey = bottomY + (h - eh) / 2 + 1;
        double left = name.x() + name.w() + 10; // the first "≠" stands 6 px out of its envelope
        double right = providerX + providerW - 4;
        List<Envelope> all = new ArrayList<>();
        vm.envelopes().forEach(all::add);
        List<Envelope> shown = new ArrayList<>();
        double used = 0;
        for (int i = all.size() - 1; i >= 0; i--) {
            double ew = envelopeWidth(all.get(i), font);
            if (left + used + ew > right) {
                break;
            }
            shown.add(0, all.get(i));
            used += ew + 8;
        }
        double x = left;
        for (Envelope e : shown) {
            double ew = envelopeWidth(e, font);
            EnvelopePainter.drawBody(g, e, x, ey, ew, eh);
            Box envelope = ink.note(Kind.SHAPE, "envelope", x, ey, ew, eh, box);
            g.setFill(e.duplicate() ? Color.WHITE : QueueCanvas.INK);
            ink.text(g, "envelope", envelopeLabel(e), font, x + LABEL_X, ey + (eh - ink.lineHeight(font)) / 2, 0,
                    envelope);
            if (e.suppressed()) { // the key stopped it: the suppressed call's icon, as on lane A
                Marks.icon(g, Concept.SUPPRESSED, x + ew - 13, ey + (eh - 10) / 2, 10);
            }
            if (e.replyLost()) { // on a white tab above its top right corner, clear of the label
                g.setFill(Color.WHITE);
                g.fillRect(x + ew - 13, ey - 8, 12, 9);
                Marks.icon(g, Concept.REPLY_LOST, x + ew - 12, ey - 8, 9);
                ink.note(Kind.SHAPE, "reply lost mark", x + ew - 13, ey - 8, 12, 9, null);
            }
            if (lanes.differs(vm, e)) {
                EnvelopePainter.drawDifferenceMark(g, x, ey, ew, eh);
                ink.note(Kind.SHAPE, "difference mark", x - 6, ey - 8, 14, 14, null);
            }
            x += ew + 8;
        }
    }

    private static String envelopeLabel(Envelope e) {
        return TEXTS.format("canvas.envelope", e.user()) + (e.duplicate() ? " " + e.nth() + "×" : "");
    }

    /** Where an envelope's label starts: after the room of a "≠" on its top left corner. */
    private static final double LABEL_X = 9;

    /** @return an envelope's width: its label, and the suppressed send's icon after it */
    private double envelopeWidth(Envelope e, Font font) {
        return LABEL_X + ink.width(envelopeLabel(e), font) + 4 + (e.suppressed() ? 12 : 0);
    }

    /** @return true if ({@code x}, {@code y}) is on the worker process box (a click crashes both lanes). */
    public boolean workersAt(double x, double y) {
        return x >= workersX && x <= workersX + workersW && y >= bottomY && y <= getHeight();
    }

    /** @return true if ({@code x}, {@code y}) is on the provider (a click loses the next reply in both lanes). */
    public boolean providerAt(double x, double y) {
        return x >= providerX && x <= providerX + providerW && y >= bottomY && y <= getHeight();
    }

    /** @return the centre of the provider box, in this pane's coordinates (tests click it). */
    public double[] providerCentre() {
        return new double[] {providerX + 30, bottomY + (getHeight() - bottomY) / 2};
    }

    /** @return the token drawn under ({@code x}, {@code y}), or null. */
    public JobToken tokenAt(double x, double y) {
        for (Map.Entry<JobToken, double[]> e : drawnAt.entrySet()) {
            double[] p = e.getValue();
            if (x >= p[0] - 2 && x <= p[0] + p[2] + 2 && y >= p[1] - 2 && y <= p[1] + p[3] + 2) {
                return e.getKey();
            }
        }
        return null;
    }
}
