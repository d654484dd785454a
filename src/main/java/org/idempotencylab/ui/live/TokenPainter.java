package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.QueueGrid.R;
import static org.idempotencylab.ui.live.QueueGrid.RING;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.ArcType;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.idempotencylab.ui.Concept;

/**
 * Draws a job's token and its marks, all inside its square of {@link QueueGrid#SLOT} px: the fill of its phase
 * (the colours of {@link QueueCanvas}), a ring that empties as its call, backoff or wait runs out, the attempt
 * ("#2") on a tab at the top right, a failed job's "✗" or a lost job's crash icon there instead, a repeated
 * request's "R" at the bottom left and the delivery's badge at the bottom right.
 */
final class TokenPainter {
    private static final double BADGE_R = 5;

    private TokenPainter() {
    }

    /**
     * @param nowMs    the virtual time, ms: how far the ring has emptied
     * @param selected the job a person clicked: a thick outline
     * @param detailed whether to draw the countdown ring (skipped with many jobs on screen)
     */
    static void draw(GraphicsContext g, JobToken t, long nowMs, boolean selected, boolean detailed) {
        g.setFill(fill(t.phase));
        g.fillOval(t.x - R, t.y - R, 2 * R, 2 * R);
        if (t.phase == JobToken.Phase.REDELIVERY) {
            g.setStroke(QueueCanvas.SENT_BACK);
            g.setLineWidth(2);
            g.setLineDashes(4, 3);
            g.strokeOval(t.x - R, t.y - R, 2 * R, 2 * R);
            g.setLineDashes();
        }
        if (detailed && t.active() && t.untilMs > t.sinceMs && t.phase != JobToken.Phase.QUEUED) {
            drawRing(g, t, nowMs);
        }
        if (t.faultArmed) {
            g.setStroke(QueueCanvas.INK);
            g.setLineWidth(2);
            g.strokeLine(t.x - R, t.y - R, t.x + R, t.y + R);
        }
        if (selected) {
            g.setStroke(QueueCanvas.INK);
            g.setLineWidth(3);
            g.strokeOval(t.x - R - 2, t.y - R - 2, 2 * R + 4, 2 * R + 4);
        }
        g.setFill(numberInk(t.phase));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(numberFont(t.user()));
        g.fillText(Long.toString(t.user()), t.x, t.y);
        drawMarks(g, t);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
    }

    /** @return the fill of a token in {@code phase}, on both lanes */
    static Color fill(JobToken.Phase phase) {
        return switch (phase) {
            case QUEUED -> QueueCanvas.WAITING;
            case CALLING -> QueueCanvas.CALLING;
            case BACKOFF -> QueueCanvas.BACKOFF;
            case DONE -> QueueCanvas.DONE;
            case FAILED -> QueueCanvas.FAILED;
            case REDELIVERY -> QueueCanvas.REDELIVERY;
            case SENT_BACK -> QueueCanvas.SENT_BACK;
            case LOST -> QueueCanvas.LOST;
        };
    }

    /** @return the colour of the user number on a token in {@code phase}: one that reads on its fill */
    static Color numberInk(JobToken.Phase phase) {
        return switch (phase) {
            case REDELIVERY, LOST -> QueueCanvas.INK;
            case BACKOFF -> QueueCanvas.CALLING;
            default -> Color.WHITE;
        };
    }

    /** A ring that empties as the call, the wait or the time until the job is visible again runs out. */
    private static void drawRing(GraphicsContext g, JobToken t, long nowMs) {
        double left = Math.max(0, Math.min(1, (t.untilMs - nowMs) / (double) (t.untilMs - t.sinceMs)));
        g.setStroke(switch (t.phase) {
            case BACKOFF -> QueueCanvas.CALLING;
            case REDELIVERY, SENT_BACK -> Color.web("#8c3f6b");
            default -> Color.web("#9cc7e6");
        });
        g.setLineWidth(2.5);
        g.strokeArc(t.x - RING, t.y - RING, 2 * RING, 2 * RING, 90, 360 * left, ArcType.OPEN);
    }

    /** The repeat's "R", the delivery's badge, and the crash's icon, the "✗" or the attempt's tab. */
    private static void drawMarks(GraphicsContext g, JobToken t) {
        if (t.repeat()) { // a repeated request: the same user's second job
            drawCornerMark(g, t.x - R + 3, t.y + R - 3, "R");
        }
        if (t.delivery() > 1) { // delivered again after a crash or a "job in progress" refusal
            drawDeliveryBadge(g, t.x, t.y, t.delivery());
        }
        if (t.phase == JobToken.Phase.LOST) { // lost in the crash: the crash's icon
            Marks.icon(g, Concept.CRASH, t.x + R - 10, t.y - R - 2, 12);
        } else if (t.phase == JobToken.Phase.FAILED) { // out of attempts
            drawCornerMark(g, t.x + R - 3, t.y - R + 3, "✗");
        } else if (t.attempt() > 1 && t.active()) {
            drawAttemptTab(g, t.x, t.y, t.attempt());
        }
    }

    /** @return the font of a token's user number: as large as fits the token */
    static Font numberFont(long user) {
        return Font.font("System", FontWeight.BOLD, user < 100 ? 11 : user < 1_000 ? 9 : user < 10_000 ? 7.5 : 6);
    }

    /** A one-letter mark in a white disc centred on (cx, cy), inside a token's square. */
    private static void drawCornerMark(GraphicsContext g, double cx, double cy, String mark) {
        Marks.sign(g, cx, cy, 5.5, 1, 8.5, mark);
    }

    /** The attempt ("#2") on a white tab at the token's top right, inside its square. */
    private static void drawAttemptTab(GraphicsContext g, double x, double y, int attempt) {
        String text = "#" + attempt;
        double w = attempt < 10 ? 15 : 20;
        double h = 11;
        double left = x + R + 2 - w;
        double top = y - R - 2;
        g.setFill(Color.WHITE);
        g.fillRoundRect(left, top, w, h, 6, 6);
        g.setStroke(QueueCanvas.INK);
        g.setLineWidth(1);
        g.strokeRoundRect(left, top, w, h, 6, 6);
        g.setFill(QueueCanvas.INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 8.5));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(text, left + w / 2, top + h / 2);
    }

    /**
     * Where a token's delivery number goes: a small badge on the token's lower right, at most 2 px outside the
     * token's own square, so it never reaches the neighbouring tokens of the waiting line, a station or the Done
     * column (tokens sit {@code 2R + 4} apart at the least).
     *
     * @return {x, y, width, height} of the badge for a token centred on (x, y)
     */
    static double[] deliveryBadge(double x, double y) {
        double cx = x + R - 3;
        double cy = y + R - 3;
        return new double[] {cx - BADGE_R, cy - BADGE_R, 2 * BADGE_R, 2 * BADGE_R};
    }

    /** The delivery's number (2 for the second) in a badge on the lower right of a token centred on (x, y). */
    static void drawDeliveryBadge(GraphicsContext g, double x, double y, int delivery) {
        double[] b = deliveryBadge(x, y);
        g.setFill(QueueCanvas.SENT_BACK.darker());
        g.fillOval(b[0], b[1], b[2], b[3]);
        g.setStroke(Color.WHITE);
        g.setLineWidth(1.2);
        g.strokeOval(b[0], b[1], b[2], b[3]);
        g.setFill(Color.WHITE);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(Font.font("System", FontWeight.BOLD, delivery < 10 ? 8 : 6));
        g.fillText(Integer.toString(delivery), b[0] + b[2] / 2, b[1] + b[3] / 2);
    }
}
