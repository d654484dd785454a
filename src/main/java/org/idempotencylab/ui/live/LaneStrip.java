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
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * The second lane, drawn compact ({@value #HEIGHT} px high) under the queue canvas: the waiting count, the ten
 * steps in one row (each with its side effects, the ones done again in red, and the jobs calling or backing off
 * there as small tokens), the worker process (a click crashes it, in both lanes), the provider's latest envelopes
 * (a click loses the next reply, in both lanes) and the finished count. The marks are the queue canvas's:
 * the same colours, "2nd" on a duplicate email, a grey suppressed one, and the "≠" mark where this lane differs
 * from lane A ({@link Lanes#differs}).
 */
public final class LaneStrip extends Pane {
    private static final Texts TEXTS = Texts.of(LaneStrip.class);
    /** The strip's height, px: fits two lanes and the key store at 1280 × 720. */
    static final double HEIGHT = 96;
    private static final double R = 7;          // token radius, px
    private static final double LEFT = 84;      // the queue column's width
    private static final double RIGHT = 92;     // the done column's width
    private static final double CELL_H = 54;
    private static final double ENVELOPE_W = 40;
    private static final double ENVELOPE_H = 20;

    private final Canvas canvas = new Canvas();
    private final CanvasInk ink = new CanvasInk(this, () -> {
        drawnVersion = -1;
        requestLayout();
    });
    private final Map<JobToken, double[]> drawnAt = new HashMap<>();
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

    public LaneStrip() {
        getChildren().add(canvas);
        getStyleClass().add("lane-strip");
        setMinSize(600, HEIGHT);
        setPrefHeight(HEIGHT);
        setMaxHeight(HEIGHT);
    }

    /** @return what the last frame drew: areas, text, tokens and shapes, in drawing order (for tests) */
    List<CanvasInk.Box> drawn() {
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
        cellW = (w - LEFT - RIGHT - 9 * 4) / SignupSteps.COUNT;
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
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(QueueCanvas.INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 12));
        g.fillText(TEXTS.get("strip.queue"), 6, 6);
        g.setFont(Font.font("System", 11));
        g.fillText(String.format(Locale.ROOT, "%,d", vm.waitingJobs()), 6, 21);
        List<Long> waiting = vm.waitingUsers(8);
        for (int i = 0; i < waiting.size(); i++) {
            JobToken known = vm.token(waiting.get(i));
            JobToken t = known != null ? known : new JobToken(waiting.get(i));
            drawToken(g, t, 6 + R + (i % 4) * (2 * R + 2), 40 + R + (i / 4) * (2 * R + 2));
        }
        double x = getWidth() - RIGHT + 8;
        long failed = 0;
        for (JobToken t : vm.tokens()) {
            failed += t.phase == JobToken.Phase.FAILED || t.phase == JobToken.Phase.LOST ? 1 : 0;
        }
        g.setFill(QueueCanvas.INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 12));
        g.fillText(TEXTS.format("strip.done", vm.finishedJobs() - failed), x, 6);
        g.setFill(failed > 0 ? QueueCanvas.FAILED : QueueCanvas.MUTED);
        g.setFont(Font.font("System", 11));
        g.fillText(TEXTS.format("strip.failed", failed), x, 22);
        g.setFill(QueueCanvas.MUTED);
        g.fillText(VirtualTime.format(vm.nowMs()), x, 40);
    }

    private void drawStations(GraphicsContext g, LiveViewModel vm) {
        int perCell = Math.max(1, (int) ((cellW - 4) / (2 * R + 2)));
        int[] shown = new int[SignupSteps.COUNT];
        for (int s = 0; s < SignupSteps.COUNT; s++) {
            double x = cellX(s);
            boolean email = s == SignupSteps.EMAIL;
            g.setFill(email ? Color.web("#eef5fb") : Color.web("#f4f6f8"));
            g.fillRoundRect(x, 4, cellW, CELL_H, 8, 8);
            g.setStroke(email ? QueueCanvas.CALLING : Color.web("#c5ccd3"));
            g.setLineWidth(email ? 2 : 1);
            g.strokeRoundRect(x, 4, cellW, CELL_H, 8, 8);
            CanvasInk.Box cell = ink.note(CanvasInk.Kind.AREA, "station", x, 4, cellW, CELL_H, null);
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.TOP);
            g.setFill(QueueCanvas.INK);
            ink.text(g, "step", Integer.toString(s + 1), Font.font("System", FontWeight.BOLD, 11), x + 4, 6, 0, cell);
            // the side effects done under the step's number; the ones done again in red beside the number
            g.setFont(Font.font("System", 10));
            g.setFill(QueueCanvas.MUTED);
            ink.text(g, "counter", String.format(Locale.ROOT, "%,d", vm.sideEffects(s)), Font.font("System", 10), x + 4,
                    20, 0, cell);
            if (vm.duplicates(s) > 0) { // a duplicate: the duplicate's ink and the "+N again" words
                g.setFill(Concept.DUPLICATE.ink());
                ink.textRight(g, "counter", TEXTS.format("strip.again", vm.duplicates(s)),
                        Font.font("System", FontWeight.BOLD, 10), x + cellW - 3, 7, cell);
            }
        }
        for (JobToken t : vm.tokens()) {
            if (t.phase != JobToken.Phase.CALLING && t.phase != JobToken.Phase.BACKOFF) {
                continue;
            }
            int s = Math.max(0, t.step);
            int i = shown[s]++;
            if (i >= perCell) {
                continue;
            }
            double tx = cellX(s) + 2 + R + i * (2 * R + 2);
            double ty = 4 + CELL_H - R - 4;
            drawToken(g, t, tx, ty);
        }
    }

    private void drawToken(GraphicsContext g, JobToken t, double x, double y) {
        Color fill = switch (t.phase) {
            case QUEUED -> QueueCanvas.WAITING;
            case CALLING -> QueueCanvas.CALLING;
            case BACKOFF -> QueueCanvas.BACKOFF;
            case DONE -> QueueCanvas.DONE;
            case FAILED -> QueueCanvas.FAILED;
            case REDELIVERY -> QueueCanvas.REDELIVERY;
            case SENT_BACK -> QueueCanvas.SENT_BACK;
            case LOST -> QueueCanvas.LOST;
        };
        g.setFill(fill);
        g.fillOval(x - R, y - R, 2 * R, 2 * R);
        if (t.faultArmed) {
            g.setStroke(QueueCanvas.INK);
            g.setLineWidth(1.5);
            g.strokeLine(x - R, y - R, x + R, y + R);
        }
        g.setFill(switch (t.phase) { // the number in a colour that reads on the token's fill, as on lane A
            case REDELIVERY, LOST -> QueueCanvas.INK;
            case BACKOFF -> QueueCanvas.CALLING;
            default -> Color.WHITE;
        });
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        Font number = Font.font("System", FontWeight.BOLD, t.user() < 100 ? 8 : 6);
        g.setFont(number);
        g.fillText(Long.toString(t.user()), x, y);
        CanvasInk.Box token = ink.note(CanvasInk.Kind.TOKEN, "token " + t.user(), x - R, y - R, 2 * R, 2 * R, null);
        ink.noteCentred("token number", Long.toString(t.user()), number, x, y, token);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        drawnAt.put(t, new double[] {x, y});
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
        CanvasInk.Box box = ink.note(CanvasInk.Kind.AREA, "workers", workersX, bottomY, workersW, h, null);
        g.setFill(QueueCanvas.INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 11));
        g.setTextBaseline(VPos.CENTER);
        String text = down ? TEXTS.get("strip.workersDown") + " "
                + VirtualTime.countdown(Math.max(0, vm.restartAtMs() - vm.nowMs())) : TEXTS.get("strip.workers");
        Font wf = Font.font("System", FontWeight.BOLD, 11);
        ink.text(g, "workers", text, wf, workersX + 6, bottomY + h / 2 - ink.lineHeight(wf) / 2, 0, box);
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
        CanvasInk.Box box = ink.note(CanvasInk.Kind.AREA, "provider", providerX, bottomY, providerW, h, null);
        g.setFill(QueueCanvas.INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 11));
        g.setTextBaseline(VPos.CENTER);
        Font pf = Font.font("System", FontWeight.BOLD, 11);
        ink.text(g, "provider", TEXTS.get("strip.provider"), pf, providerX + 6, bottomY + h / 2 - ink.lineHeight(pf) / 2,
                0, box);
        double ex = providerX + 62;
        int fit = Math.max(1, (int) ((providerX + providerW - 4 - ex) / (ENVELOPE_W + 6)));
        List<Envelope> all = new ArrayList<>();
        vm.envelopes().forEach(all::add);
        List<Envelope> shown = all.subList(Math.max(0, all.size() - fit), all.size());
        double ey = bottomY + (h - ENVELOPE_H) / 2;
        for (int i = 0; i < shown.size(); i++) {
            Envelope e = shown.get(i);
            double x = ex + i * (ENVELOPE_W + 6);
            Color c = e.suppressed() ? Concept.SUPPRESSED.fill() : e.duplicate() ? Concept.DUPLICATE.fill()
                    : Color.web("#fdfdfd");
            g.setFill(c);
            g.fillRect(x, ey, ENVELOPE_W, ENVELOPE_H);
            g.setStroke(e.duplicate() ? Concept.DUPLICATE.ink() : QueueCanvas.MUTED);
            g.setLineWidth(e.duplicate() ? 2 : 1);
            g.strokeRect(x, ey, ENVELOPE_W, ENVELOPE_H);
            CanvasInk.Box envelope = ink.note(CanvasInk.Kind.SHAPE, "envelope", x, ey, ENVELOPE_W, ENVELOPE_H, box);
            g.setFill(e.duplicate() ? Color.WHITE : QueueCanvas.INK);
            String label = TEXTS.format("canvas.envelope", e.user()) + (e.duplicate() ? " " + e.nth() + "×" : "");
            ink.text(g, "envelope", label, Font.font("System", 9), x + 3, ey + 5, 0, envelope);
            if (e.suppressed()) { // the key stopped it: the suppressed call's icon, as on lane A
                QueueCanvas.drawIcon(g, Concept.SUPPRESSED, x + ENVELOPE_W - 12, ey + 3, 10);
            }
            if (e.replyLost()) {
                QueueCanvas.drawIcon(g, Concept.REPLY_LOST, x + ENVELOPE_W - 12, ey - 6, 11);
            }
            if (lanes.differs(vm, e)) {
                QueueCanvas.drawDifferenceMark(g, x, ey, ENVELOPE_W, ENVELOPE_H);
            }
        }
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
            double dx = e.getValue()[0] - x;
            double dy = e.getValue()[1] - y;
            if (dx * dx + dy * dy <= (R + 2) * (R + 2)) {
                return e.getKey();
            }
        }
        return null;
    }
}
