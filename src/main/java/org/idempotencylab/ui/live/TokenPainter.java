package org.idempotencylab.ui.live;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.ArcType;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.idempotencylab.ui.Concept;

/**
 * Draws a job's token and its marks, all inside its square ({@link QueueGrid#slot} px): the fill of its phase
 * (the colours of {@link QueueCanvas}), a ring that empties as its call, backoff or wait runs out, the attempt
 * ("#2") on a tab at the top right, a failed job's "✗" or a lost job's crash icon there instead, a repeated
 * request's "R" at the bottom left and the delivery's badge at the bottom right. A token and its marks grow with
 * its radius (larger in presentation mode).
 */
final class TokenPainter {
    private static final double BADGE_R = 5;

    /**
     * A token's size.
     *
     * @param r      its radius, px ({@link QueueGrid#R} in normal mode)
     * @param number the type of a user number of up to two digits, px (longer numbers take less)
     */
    record Size(double r, double number) {
        /** Normal mode's tokens: 12 px, numbers in 11 px. */
        static final Size NORMAL = new Size(QueueGrid.R, 11);

        /** @return how much larger than normal mode's the token's marks are */
        double scale() {
            return r / QueueGrid.R;
        }
    }

    private TokenPainter() {
    }

    /**
     * @param size     the token's size
     * @param nowMs    the virtual time, ms: how far the ring has emptied
     * @param selected the job a person clicked: a thick outline
     * @param detailed whether to draw the countdown ring (skipped with many jobs on screen)
     */
    static void draw(GraphicsContext g, JobToken t, Size size, long nowMs, boolean selected, boolean detailed) {
        double r = size.r();
        g.setFill(fill(t.phase));
        g.fillOval(t.x - r, t.y - r, 2 * r, 2 * r);
        if (t.phase == JobToken.Phase.REDELIVERY) {
            g.setStroke(QueueCanvas.SENT_BACK);
            g.setLineWidth(2);
            g.setLineDashes(4, 3);
            g.strokeOval(t.x - r, t.y - r, 2 * r, 2 * r);
            g.setLineDashes();
        }
        if (detailed && t.active() && t.untilMs > t.sinceMs && t.phase != JobToken.Phase.QUEUED) {
            drawRing(g, t, r + 2.5, nowMs);
        }
        if (t.faultArmed) {
            g.setStroke(QueueCanvas.INK);
            g.setLineWidth(2);
            g.strokeLine(t.x - r, t.y - r, t.x + r, t.y + r);
        }
        if (selected) {
            g.setStroke(QueueCanvas.INK);
            g.setLineWidth(3);
            g.strokeOval(t.x - r - 2, t.y - r - 2, 2 * r + 4, 2 * r + 4);
        }
        g.setFill(numberInk(t.phase));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(numberFont(t.user(), size.number()));
        g.fillText(Long.toString(t.user()), t.x, t.y);
        drawMarks(g, t, r, size.scale());
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
    private static void drawRing(GraphicsContext g, JobToken t, double ring, long nowMs) {
        double left = Math.max(0, Math.min(1, (t.untilMs - nowMs) / (double) (t.untilMs - t.sinceMs)));
        g.setStroke(switch (t.phase) {
            case BACKOFF -> QueueCanvas.CALLING;
            case REDELIVERY, SENT_BACK -> Color.web("#8c3f6b");
            default -> Color.web("#9cc7e6");
        });
        g.setLineWidth(2.5);
        g.strokeArc(t.x - ring, t.y - ring, 2 * ring, 2 * ring, 90, 360 * left, ArcType.OPEN);
    }

    /** The repeat's "R", the delivery's badge, and the crash's icon, the "✗" or the attempt's tab. */
    private static void drawMarks(GraphicsContext g, JobToken t, double r, double k) {
        if (t.repeat()) { // a repeated request: the same user's second job
            drawCornerMark(g, t.x - r + 3 * k, t.y + r - 3 * k, k, "R");
        }
        if (t.delivery() > 1) { // delivered again after a crash or a "job in progress" refusal
            drawDeliveryBadge(g, t.x, t.y, r, t.delivery());
        }
        if (t.phase == JobToken.Phase.LOST) { // lost in the crash: the crash's icon
            Marks.icon(g, Concept.CRASH, t.x + r - 10 * k, t.y - r - 2 * k, 12 * k);
        } else if (t.phase == JobToken.Phase.FAILED) { // out of attempts
            drawCornerMark(g, t.x + r - 3 * k, t.y - r + 3 * k, k, "✗");
        } else if (t.attempt() > 1 && t.active()) {
            drawAttemptTab(g, t.x, t.y, r, k, t.attempt());
        }
    }

    /**
     * @param twoDigits the size of a number of up to two digits, px
     * @return the font of a token's user number: as large as fits the token
     */
    static Font numberFont(long user, double twoDigits) {
        double k = twoDigits / 11;
        return Font.font("System", FontWeight.BOLD,
                k * (user < 100 ? 11 : user < 1_000 ? 9 : user < 10_000 ? 7.5 : 6));
    }

    /** A one-letter mark in a white disc centred on (cx, cy), inside a token's square. */
    private static void drawCornerMark(GraphicsContext g, double cx, double cy, double k, String mark) {
        Marks.sign(g, cx, cy, 5.5 * k, 1, 8.5 * k, mark);
    }

    /** The attempt ("#2") on a white tab at the token's top right, inside its square. */
    private static void drawAttemptTab(GraphicsContext g, double x, double y, double r, double k, int attempt) {
        String text = "#" + attempt;
        double w = (attempt < 10 ? 15 : 20) * k;
        double h = 11 * k;
        double left = x + r + 2 * k - w;
        double top = y - r - 2 * k;
        g.setFill(Color.WHITE);
        g.fillRoundRect(left, top, w, h, 6, 6);
        g.setStroke(QueueCanvas.INK);
        g.setLineWidth(1);
        g.strokeRoundRect(left, top, w, h, 6, 6);
        g.setFill(QueueCanvas.INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 8.5 * k));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(text, left + w / 2, top + h / 2);
    }

    /**
     * Where a token's delivery number goes: a small badge on the token's lower right, at most 2 px outside the
     * token's own square, so it never reaches the neighbouring tokens of the waiting line, a station or the Done
     * column (tokens sit {@code 2R + 4} apart at the least).
     *
     * @param r the token's radius, px
     * @return {x, y, width, height} of the badge for a token centred on (x, y)
     */
    static double[] deliveryBadge(double x, double y, double r) {
        double k = r / QueueGrid.R;
        double cx = x + r - 3 * k;
        double cy = y + r - 3 * k;
        return new double[] {cx - BADGE_R * k, cy - BADGE_R * k, 2 * BADGE_R * k, 2 * BADGE_R * k};
    }

    /** The delivery's number (2 for the second) in a badge on the lower right of a token of radius r at (x, y). */
    static void drawDeliveryBadge(GraphicsContext g, double x, double y, double r, int delivery) {
        double k = r / QueueGrid.R;
        double[] b = deliveryBadge(x, y, r);
        g.setFill(QueueCanvas.SENT_BACK.darker());
        g.fillOval(b[0], b[1], b[2], b[3]);
        g.setStroke(Color.WHITE);
        g.setLineWidth(1.2);
        g.strokeOval(b[0], b[1], b[2], b[3]);
        g.setFill(Color.WHITE);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(Font.font("System", FontWeight.BOLD, (delivery < 10 ? 8 : 6) * k));
        g.fillText(Integer.toString(delivery), b[0] + b[2] / 2, b[1] + b[3] / 2);
    }
}
