package org.idempotencylab.ui.live;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What a click on the queue canvas means: the token drawn there, the waiting sign-up, the worker process (a click
 * crashes it) or the email provider (a click loses its next reply). Knows where the last frame drew each token
 * (the token placement tells it, frame by frame) and where the boxes of the current layout are.
 */
final class QueueHits {
    /** How far from a token's centre a click still takes it: its radius and 3 px, squared (normal mode's at first). */
    private double reach = (QueueGrid.R + 3) * (QueueGrid.R + 3);
    private final Map<JobToken, double[]> drawnAt = new HashMap<>();
    private final Map<Long, double[]> waitingAt = new HashMap<>();
    private Map<Long, double[]> lastWaitingAt = new HashMap<>();
    private QueueLayout layout;

    /** The boxes are now where {@code l} puts them. */
    void laidOut(QueueLayout l) {
        layout = l;
        reach = (l.grid.r + 3) * (l.grid.r + 3);
    }

    /**
     * A new frame is drawn: the last frame's waiting line is kept (a job taken from it since glides out of its
     * place there) and the tokens are placed anew.
     *
     * @return the tokens the last frame drew
     */
    Set<JobToken> newFrame() {
        lastWaitingAt = new HashMap<>(waitingAt);
        waitingAt.clear();
        Set<JobToken> before = new HashSet<>(drawnAt.keySet());
        drawnAt.clear();
        return before;
    }

    /** {@code user}'s waiting sign-up is drawn centred on (x, y) in this frame. */
    void waiting(long user, double x, double y) {
        waitingAt.put(user, new double[] {x, y});
    }

    /** @return true if {@code user}'s sign-up is in this frame's waiting line */
    boolean isWaiting(long user) {
        return waitingAt.containsKey(user);
    }

    /** @return where {@code user}'s sign-up stands in this frame's waiting line, else in the last frame's; or null */
    double[] waitingPlace(long user) {
        double[] at = waitingAt.get(user);
        return at != null ? at : lastWaitingAt.get(user);
    }

    /** {@code t} is drawn where it stands now ({@link JobToken#x}, {@link JobToken#y}). */
    void drawn(JobToken t) {
        drawnAt.put(t, new double[] {t.x, t.y});
    }

    /** @return where {@code t} was last drawn, or null */
    double[] drawnAt(JobToken t) {
        return drawnAt.get(t);
    }

    /** @return the token drawn under ({@code x}, {@code y}), the nearest of those in reach, or null */
    JobToken tokenAt(double x, double y) {
        JobToken best = null;
        double bestD = reach;
        for (Map.Entry<JobToken, double[]> e : drawnAt.entrySet()) {
            double dx = e.getValue()[0] - x;
            double dy = e.getValue()[1] - y;
            double d = dx * dx + dy * dy;
            if (d <= bestD) {
                bestD = d;
                best = e.getKey();
            }
        }
        return best;
    }

    /** @return the user number of the waiting sign-up drawn under ({@code x}, {@code y}), or -1 */
    long waitingUserAt(double x, double y) {
        for (Map.Entry<Long, double[]> e : waitingAt.entrySet()) {
            double dx = e.getValue()[0] - x;
            double dy = e.getValue()[1] - y;
            if (dx * dx + dy * dy <= reach) {
                return e.getKey();
            }
        }
        return -1;
    }

    /** @return true if ({@code x}, {@code y}) is on the worker process box */
    boolean workersAt(double x, double y) {
        return layout != null && inBottomRow(x, y, layout.bottom.workersX, layout.bottom.workersW);
    }

    /** @return the centre of the worker process box, px; the origin before the first layout */
    double[] workersCentre() {
        return layout == null ? new double[2]
                : centre(layout.bottom.workersX, layout.bottom.workersW);
    }

    /** @return true if ({@code x}, {@code y}) is on the email provider */
    boolean providerAt(double x, double y) {
        return layout != null && inBottomRow(x, y, layout.bottom.providerX, layout.bottom.providerW);
    }

    /** @return the centre of the provider box, px; the origin before the first layout */
    double[] providerCentre() {
        return layout == null ? new double[2] : centre(layout.bottom.providerX, layout.bottom.providerW);
    }

    private boolean inBottomRow(double x, double y, double left, double width) {
        QueueGrid g = layout.grid;
        return x >= left && x <= left + width && y >= g.bottomY && y <= g.bottomY + g.bottomH;
    }

    private double[] centre(double left, double width) {
        return new double[] {left + width / 2, layout.grid.bottomY + layout.grid.bottomH / 2};
    }
}
