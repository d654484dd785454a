package org.idempotencylab.ui.live;

import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;

/**
 * Plays the live run: play and pause, a frame's advance by the real time elapsed times the speed
 * ({@link Playback}), one step forward or back, and a seek to any moment of the timeline. A pause (the Pause button,
 * the run's end) lets the views that missed frames while playing catch up. Play, Step and a click before any run,
 * or after the run is over, start over first.
 *
 * <p>The timeline: {@link #seek} and {@link #stepBack} move the run to an earlier (or later) moment by replaying it
 * from time 0 with the faults clicked so far at the moments they were clicked ({@link LiveRun#replay}); off with
 * the claim table on a database. Uses {@code javafx.beans} only: runs without the toolkit. Called on the FX thread.
 *
 * <p>While playing, a job's first side effect done again pauses the run right after it ({@link DuplicatePause}):
 * the clock stands at the duplicate, and the code panel and the caption tell its job.
 */
final class RunPlayer {
    /** What a frame's request did: the events it ran, and the duplicate it paused at (null: none). */
    private record Ran(int events, SimulationEvent pausedAt) {
    }

    private final LiveRun run;
    private final Playback playback;
    private final SimulationRequests requests;
    private final Runnable reset;

    /**
     * @param run   the run played
     * @param reset starts over with the parameters shown (Play on a run that is over, Step before any run)
     */
    RunPlayer(LiveRun run, Runnable reset) {
        this.run = run;
        this.playback = run.playback();
        this.requests = run.requests();
        this.reset = reset;
        // a pause (the Pause button, the run's end): a view that missed frames while playing catches up
        playback.playingProperty().addListener((o, was, now) -> {
            if (!now) {
                requests.whenIdle(this::settle);
            }
        });
    }

    /** The views that missed frames while playing hear the state the run stopped in. */
    private void settle() {
        if (run.simulation() == null) {
            return;
        }
        FrameListeners.Delivery missed = run.listeners().settle();
        if (!missed.isEmpty()) {
            requests.run(() -> {
                missed.read(run.simulation().nowMs());
                return null;
            }, r -> missed.frame(run.simulation().nowMs()));
        }
    }

    /** See {@link LiveViewModel#frame}. */
    void frame(long realElapsedNanos, long nowNanos) {
        SignupSimulation sim = run.simulation();
        if (sim == null) {
            return;
        }
        if (requests.busy()) { // the last frame's request still runs: its time waits for the next one
            if (playback.isPlaying()) {
                playback.carry(realElapsedNanos);
            }
            playback.measure(nowNanos);
            return;
        }
        boolean moved = playback.isPlaying() && !run.over();
        playback.measure(nowNanos);
        if (!moved) {
            return; // paused: nothing changed, nothing to redraw or flush
        }
        boolean onDatabase = run.onDatabase();
        long target = playback.target(sim.nowMs(), realElapsedNanos);
        FrameListeners.Delivery due = run.listeners().playingFrame(nowNanos);
        runTowards(target, onDatabase, due, true, () -> {
            if (run.over()) {
                playback.playingProperty().set(false); // the views that missed the last frames hear it now
            }
        });
    }

    /**
     * Runs the simulation towards {@code target} (virtual ms) where it moves (a frame's share of events, the
     * clicked faults replayed on the way), then applies its events and tells {@code due}; {@code then} runs last,
     * on the FX thread.
     */
    private void runTowards(long target, boolean onDatabase, FrameListeners.Delivery due, boolean playing,
                            Runnable then) {
        DuplicatePause pause = run.pause();
        boolean mayPause = playing && pause.wanted();
        requests.run(() -> {
            SignupSimulation sim = run.simulation();
            pause.arm(mayPause);
            int ran = onDatabase ? playback.runTo(sim, target, true)
                    : run.history().runTo(sim, target, Playback.MAX_EVENTS_PER_FRAME);
            SimulationEvent pausedAt = pause.disarm(sim);
            due.read(sim.nowMs());
            return new Ran(ran, pausedAt);
        }, r -> {
            SimulationEvent pausedAt = r.failure() == null ? r.value().pausedAt() : null;
            if (r.failure() != null) {
                run.databaseFailed(r.failure());
            } else {
                // paused at a duplicate: the clock stands there, not behind the speed
                playback.ran(run.simulation(), pausedAt != null ? run.simulation().nowMs() : target,
                        r.value().events());
            }
            run.applyPending();
            if (pausedAt != null) {
                playback.playingProperty().set(false);
                run.spotlight(pausedAt);
            }
            run.refresh(due);
            then.run();
        });
    }

    /** See {@link LiveViewModel#advanceTo}. */
    void advanceTo(long targetMs, long nowNanos) {
        SignupSimulation sim = run.simulation();
        if (sim == null || run.broken()) {
            return;
        }
        if (requests.busy()) {
            requests.whenIdle(() -> advanceTo(targetMs, nowNanos));
            return;
        }
        boolean onDatabase = run.onDatabase();
        long target = Math.max(targetMs, sim.nowMs());
        boolean playing = playback.isPlaying();
        FrameListeners.Delivery due = playing ? run.listeners().playingFrame(nowNanos) : run.listeners().all();
        runTowards(target, onDatabase, due, playing, () -> { });
    }

    /** See {@link LiveViewModel#stepOnce}. */
    void stepOnce() {
        if (run.simulation() == null) {
            reset.run();
        }
        playback.playingProperty().set(false);
        if (requests.busy()) {
            requests.whenIdle(this::stepOnce);
            return;
        }
        if (run.simulation() == null || run.broken()) { // still connecting to a database, or it failed
            return;
        }
        FrameListeners.Delivery everyone = run.listeners().all();
        requests.run(() -> {
            boolean stepped = run.history().step(run.simulation());
            everyone.read(run.simulation().nowMs());
            return stepped;
        }, r -> {
            if (r.failure() != null) {
                run.databaseFailed(r.failure());
            } else if (r.value()) {
                playback.countStep();
            }
            run.applyPending();
            run.refresh(everyone);
        });
    }

    /** See {@link LiveViewModel#togglePlay}. */
    void togglePlay() {
        if (playback.isPlaying()) {
            playback.playingProperty().set(false);
            return;
        }
        if (requests.busy()) {
            requests.whenIdle(this::togglePlay);
            return;
        }
        if (run.simulation() == null || run.over()) {
            reset.run();
        }
        playback.playingProperty().set(true);
    }

    /** See {@link LiveViewModel#seek}. */
    void seek(long targetMs) {
        seekTo(RunHistory.Position.atTime(Math.max(0, targetMs)));
    }

    /** See {@link LiveViewModel#stepBack}. */
    void stepBack() {
        playback.playingProperty().set(false);
        if (requests.busy()) {
            requests.whenIdle(this::stepBack);
            return;
        }
        if (run.simulation() == null || !run.status().timelineOn()) {
            return;
        }
        RunHistory.Position back = run.history().momentBefore(RunHistory.Position.of(run.simulation()));
        if (back != null) {
            seekTo(back);
        }
    }

    private void seekTo(RunHistory.Position target) {
        if (requests.busy()) {
            requests.whenIdle(() -> seekTo(target));
            return;
        }
        if (run.simulation() == null || !run.status().timelineOn()) {
            return;
        }
        run.replay(target);
    }
}
