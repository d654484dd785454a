package org.idempotencylab.ui.live;

import java.util.List;
import java.util.Set;
import javafx.scene.canvas.GraphicsContext;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Works out where each job's token belongs in a frame, glides it there and has it drawn: the waiting line from
 * the engine's queue (the first sign-ups that fit), a station's strip (the jobs calling it, then those waiting
 * their backoff; "+N" for the ones that do not fit), a job on its way back to the queue after the waiting ones,
 * and the latest finished jobs in the Done column. A token glides by elapsed real time (not per frame), so the
 * animation's speed does not depend on the frame rate.
 */
final class TokenPlacer {
    /** How long a glide takes, real ns. */
    static final long MOVE_NANOS = 280_000_000L;
    /** Jobs in flight up to which tokens get their countdown rings. */
    private static final int DETAILED_UP_TO = 150;

    private final CanvasInk ink;
    private final QueueHits hits;
    private final ColumnPainter columns;
    private final StationPainter stations;
    private long lastMoveStart;
    private long lastMoveStartNanos;

    TokenPlacer(CanvasInk ink, QueueHits hits, ColumnPainter columns, StationPainter stations) {
        this.ink = ink;
        this.hits = hits;
        this.columns = columns;
        this.stations = stations;
    }

    /** Where a token goes in this frame, and the area it is drawn in. */
    private record Target(double x, double y, Box within) {
    }

    /**
     * Where a job at a station is drawn: at its step, except the job the run is paused at for a duplicate, which
     * stands at the station whose side effect it did again. The engine moves a job on to its next step in the same
     * virtual instant its step ends, so without this the pause would show the token one station further, beside
     * another station's words, while the caption and the lit line speak of the duplicated step.
     *
     * @param job  the token of the job the run is paused at, or null
     * @param step the step it did again, or -1
     */
    record HeldAt(JobToken job, int step) {
        static final HeldAt NONE = new HeldAt(null, -1);

        static HeldAt of(LiveViewModel vm) {
            SimulationEvent e = vm.spotlit();
            JobToken job = vm.spotlightJob();
            if (e == null || job == null || e.kind() != SimulationEvent.Kind.DUPLICATE_SIDE_EFFECT || e.step() < 0) {
                return NONE;
            }
            return new HeldAt(job, e.step());
        }

        /** @return the station {@code t} is drawn at (it calls or backs off there) */
        int step(JobToken t) {
            return t == job ? step : Math.max(0, t.step);
        }
    }

    /** How many jobs are where: at each station, calling or backing off; in flight; finished. */
    private record Census(int[] calling, int[] backingOff, int active, int finished) {
        static Census of(Iterable<JobToken> tokens, HeldAt held) {
            int[] calling = new int[Workflow.MAX_STEPS];
            int[] backingOff = new int[Workflow.MAX_STEPS];
            int finished = 0;
            int active = 0;
            for (JobToken t : tokens) {
                if (!t.active()) {
                    finished++;
                } else if (t.phase != JobToken.Phase.QUEUED) {
                    active++;
                }
                if (t.phase == JobToken.Phase.CALLING) {
                    calling[held.step(t)]++;
                } else if (t.phase == JobToken.Phase.BACKOFF) {
                    backingOff[held.step(t)]++;
                }
            }
            return new Census(calling, backingOff, active, finished);
        }
    }

    /**
     * Places, glides and draws every token of {@code vm} for real time {@code nowNanos}; then the strips' "+N" and
     * the columns' labels.
     *
     * @param snap true to put every token straight at its place (a new layout): no glide across the stations
     * @param w    the canvas's width now, px
     * @param h    its height now, px
     */
    void place(GraphicsContext g, QueueLayout l, LiveViewModel vm, long nowNanos, boolean snap, double w, double h) {
        long nowMs = vm.nowMs();
        HeldAt held = HeldAt.of(vm);
        Census census = Census.of(vm.tokens(), held);
        String[] badges = new String[l.grid.stations()];
        int[] shownAt = strips(census, l, badges);
        // with many jobs on screen, skip the countdown rings: they cost the most to rasterize without a GPU
        boolean detailed = census.active() <= DETAILED_UP_TO;
        long waiting = vm.waitingJobs();
        int waitingSlots = l.grid.waitingSlots(l.columns.queueTop, l.columns.queueBottom(h));
        List<Long> waitingUsers = vm.waitingUsers(waitingSlots);
        Set<JobToken> drawnBefore = hits.newFrame();
        drawWaitingLine(g, l, vm, waitingUsers, nowMs, detailed);
        int doneSlots = l.grid.doneSlots(l.columns.doneTop, l.columns.doneBottom(h));
        // more finished than the column holds: its first row says how many earlier ones it has no room for
        int doneFirst = census.finished() > doneSlots && doneSlots > l.grid.sideColumns ? l.grid.sideColumns : 0;
        int hidden = Math.max(0, census.finished() - (doneSlots - doneFirst));
        Walk walk = new Walk(l, census, held, shownAt, waitingUsers.size(), waitingSlots, hidden, doneFirst);
        for (JobToken t : vm.tokens()) {
            if (!drawnBefore.contains(t) && t.phase != JobToken.Phase.QUEUED) {
                enter(t);
            }
            Target to = walk.target(t);
            if (to == null) {
                continue;
            }
            if (!Double.isNaN(t.x) && (to.x() != t.toX || to.y() != t.toY) && crossesWords(l, t.x, t.y, to.x(),
                    to.y())) {
                t.x = Double.NaN; // a glide over a station's words (another row, the far side): it appears there
            }
            glide(t, to.x(), to.y(), nowNanos, snap);
            lastMoveStartNanos = lastMoveStart;
            TokenPainter.draw(g, t, l.tokens, nowMs, followed(vm, t), detailed);
            hits.drawn(t);
            double r = l.grid.r;
            ink.note(Kind.TOKEN, "token", t.x - r - 2, t.y - r - 2, l.grid.slot, l.grid.slot,
                    t.x == to.x() && t.y == to.y() ? to.within() : null);
        }
        stations.drawBadges(g, l, badges);
        if (doneFirst > 0) {
            columns.drawDoneBadge(g, l, "+" + hidden);
        }
        columns.drawLabels(g, l, waiting, vm.finishedJobs(), w, h);
    }

    /** @return the real time the latest glide began, ns: the frame is settled {@link #MOVE_NANOS} after it */
    long lastMoveStartNanos() {
        return lastMoveStartNanos;
    }

    /**
     * How many of each station's jobs its strip shows: all that fit its capacity, less the last slots its "+N"
     * needs for the rest.
     *
     * @param badges filled with each station's "+N", null where all are shown
     * @return per station, the jobs its strip shows
     */
    private int[] strips(Census census, QueueLayout l, String[] badges) {
        int capacity = l.stripCapacity();
        int[] shownAt = new int[l.grid.stations()];
        for (int s = 0; s < shownAt.length; s++) {
            int there = census.calling()[s] + census.backingOff()[s];
            shownAt[s] = Math.min(there, capacity);
            while (shownAt[s] > 0 && there > shownAt[s]) { // the badge takes the last slots it needs
                badges[s] = "+" + (there - shownAt[s]);
                int slots = (int) Math.ceil((ink.width(badges[s], l.stations.badgeFont) + 4) / l.grid.slot);
                if (shownAt[s] <= capacity - slots) {
                    break;
                }
                shownAt[s] = Math.max(0, capacity - slots);
            }
            if (there > shownAt[s]) {
                badges[s] = "+" + (there - shownAt[s]);
            }
        }
        return shownAt;
    }

    /** The waiting line from the engine's queue, as grey tokens (a clicked one as its job's token). */
    private void drawWaitingLine(GraphicsContext g, QueueLayout l, LiveViewModel vm, List<Long> users, long nowMs,
                                 boolean detailed) {
        for (int i = 0; i < users.size(); i++) {
            long user = users.get(i);
            double[] at = l.grid.waitingSlot(i, l.columns.queueTop);
            double wx = at[0];
            double wy = at[1];
            hits.waiting(user, wx, wy);
            JobToken known = vm.token(user); // a waiting job someone clicked
            JobToken shown = known != null ? known : new JobToken(user);
            shown.x = wx;
            shown.y = wy;
            shown.toX = wx;
            shown.toY = wy;
            TokenPainter.draw(g, shown, l.tokens, nowMs, known != null && followed(vm, known), detailed);
            double r = l.grid.r;
            ink.note(Kind.TOKEN, "token", wx - r - 2, wy - r - 2, l.grid.slot, l.grid.slot, columns.queueBox());
        }
    }

    /** A token the last frame did not draw: where it starts from. */
    private void enter(JobToken t) {
        boolean atStation = t.phase == JobToken.Phase.CALLING || t.phase == JobToken.Phase.BACKOFF;
        double[] from = atStation ? hits.waitingPlace(t.user()) : null;
        if (from != null) { // taken from the queue to a station: glide out of the waiting line
            t.x = from[0];
            t.y = from[1];
            t.toX = from[0];
            t.toY = from[1];
        } else { // one of a station's "+N", a job finished below the Done column's latest or straight from the queue
            // (a fast run): it appears where it belongs, no glide over the stations' words
            t.x = Double.NaN;
        }
    }

    /** One frame's walk through the tokens: the next free slot of each strip, of the waiting line and of Done. */
    private final class Walk {
        private final QueueLayout l;
        private final Census census;
        private final HeldAt held;
        private final int[] shownAt;
        private final int[] callingSlot = new int[Workflow.MAX_STEPS];
        private final int[] backoffSlot = new int[Workflow.MAX_STEPS];
        private final int waitingSlots;
        private final int firstShown;
        /** The Done column's slots before its first token: its "+N" row. */
        private final int doneFirst;
        private int queueSlot; // jobs on their way back to the queue follow the waiting ones
        private int finished;

        Walk(QueueLayout l, Census census, HeldAt held, int[] shownAt, int waitingShown, int waitingSlots,
             int firstShown, int doneFirst) {
            this.held = held;
            this.doneFirst = doneFirst;
            this.l = l;
            this.census = census;
            this.shownAt = shownAt;
            this.queueSlot = waitingShown;
            this.waitingSlots = waitingSlots;
            this.firstShown = firstShown;
        }

        /** @return where {@code t} goes in this frame, or null where it is not drawn */
        Target target(JobToken t) {
            return switch (t.phase) {
                case QUEUED -> null; // drawn with the waiting line
                case CALLING, BACKOFF -> atStation(t);
                case REDELIVERY, SENT_BACK -> backToQueue(t);
                default -> done(t);
            };
        }

        private Target atStation(JobToken t) {
            int s = held.step(t);
            int i = t.phase == JobToken.Phase.CALLING ? callingSlot[s]++ : census.calling()[s] + backoffSlot[s]++;
            if (i >= shownAt[s]) {
                return null; // counted in the station's "+N"
            }
            double[] at = l.stripSlot(s, i);
            return new Target(at[0], at[1], stations.box(s));
        }

        private Target backToQueue(JobToken t) {
            if (!t.repeat() && hits.isWaiting(t.user())) {
                return null; // visible again: drawn in the waiting line
            }
            int i = queueSlot++;
            if (i >= waitingSlots) {
                return null;
            }
            double[] at = l.grid.waitingSlot(i, l.columns.queueTop);
            return new Target(at[0], at[1], columns.queueBox());
        }

        private Target done(JobToken t) {
            int i = finished++;
            if (i < firstShown) {
                return null;
            }
            double[] at = l.grid.doneSlot(i - firstShown + doneFirst, l.columns.doneTop);
            double binX = l.grid.binX;
            if (t.toX < binX && (t.x != t.toX || t.y != t.toY)) {
                // finished before its last glide ended (a fast run: the queue, the stations and the end between two
                // frames): it lands at once rather than fly over the stations' words
                t.x = Double.NaN;
            } else if (t.toX >= binX && (at[0] != t.toX || at[1] != t.toY)) {
                // already in the column, which moved on by the jobs finished since: it takes its new cell at once, so
                // the column stays a grid of readable numbers however fast jobs finish
                t.x = Double.NaN;
            }
            return new Target(at[0], at[1], columns.doneBox());
        }
    }

    /**
     * @return true if a token gliding straight from (x0, y0) to (x1, y1) would pass over a station's words: its
     *         title above its strip, or its keys and counters below it (checked every 2 px along the way)
     */
    static boolean crossesWords(QueueLayout l, double x0, double y0, double x1, double y1) {
        double r = l.grid.r;
        double stripBottom = l.stations.stripTop + l.grid.stripRow + (l.stations.stripRows - 1) * l.grid.slot;
        int steps = (int) Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 2);
        for (int i = 0; i <= steps; i++) {
            double f = steps == 0 ? 1 : i / (double) steps;
            double x = x0 + (x1 - x0) * f;
            double y = y0 + (y1 - y0) * f;
            for (int s = 0; s < l.grid.stations(); s++) {
                double sx = l.grid.stationX(s);
                double sy = l.grid.stationY(s);
                if (x + r <= sx || x - r >= sx + l.grid.stationW || y + r <= sy || y - r >= sy + l.grid.stationH) {
                    continue; // not over this station
                }
                if (y - r < sy + l.stations.stripTop - 1 || y + r > sy + stripBottom + 1) {
                    return true; // over its title, or over its keys and counters
                }
            }
        }
        return false;
    }

    /** Moves {@code t} towards (tx, ty): a new target starts a glide from where it is, eased in and out. */
    private void glide(JobToken t, double tx, double ty, long nowNanos, boolean snap) {
        if (Double.isNaN(t.x) || snap) { // first appearance, or a new layout: no glide (a glide under way ends)
            t.x = tx;
            t.y = ty;
            t.fromX = tx;
            t.fromY = ty;
            t.toX = tx;
            t.toY = ty;
            return;
        }
        if (tx != t.toX || ty != t.toY) {
            t.fromX = t.x;
            t.fromY = t.y;
            t.toX = tx;
            t.toY = ty;
            t.moveStartNanos = nowNanos;
        }
        lastMoveStart = Math.max(lastMoveStart, t.moveStartNanos);
        double f = Math.min(1, (nowNanos - t.moveStartNanos) / (double) MOVE_NANOS);
        f = f * f * (3 - 2 * f); // ease in and out
        t.x = t.fromX + (t.toX - t.fromX) * f;
        t.y = t.fromY + (t.toY - t.fromY) * f;
    }

    /** @return true for the job clicked, or the one the run is paused at (its duplicate): a thick outline */
    private static boolean followed(LiveViewModel vm, JobToken t) {
        return t == vm.selectedProperty().get() || t == vm.spotlightJob();
    }
}
