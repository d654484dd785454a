package org.idempotencylab.ui.live;

import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * The faults a person clicks into the live run: the provider loses its next reply, the worker process crashes, a
 * job's next call fails; and a click on a job follows it. Each clicked fault is recorded with the moment it was
 * clicked, so the timeline's replays make it again there ({@link RunHistory}). A click that can do nothing (every
 * job has ended, the process is down already) says why in the run's message.
 *
 * <p>Uses {@code javafx.beans} only: runs without the toolkit. Called on the FX thread.
 */
final class FaultClicks {
    private static final Texts TEXTS = Texts.of(FaultClicks.class);
    private final LiveRun run;
    private final SimulationRequests requests;
    private final Runnable reset;

    /**
     * @param run   the run the faults go into
     * @param reset starts over with the parameters shown (a crash clicked before any run)
     */
    FaultClicks(LiveRun run, Runnable reset) {
        this.run = run;
        this.requests = run.requests();
        this.reset = reset;
    }

    /** See {@link LiveViewModel#clickProvider}. */
    void clickProvider() {
        if (requests.busy()) {
            requests.whenIdle(this::clickProvider);
            return;
        }
        SignupSimulation sim = run.simulation();
        if (sim == null || sim.isFinished()) {
            run.say(TEXTS.get("message.providerAfterEnd"));
            return;
        }
        run.change(() -> {
            RunHistory.Position at = RunHistory.Position.of(run.simulation());
            run.simulation().loseNextReply();
            return at;
        }, at -> run.history().record(new RunHistory.Fault(at, RunHistory.FaultKind.REPLY_LOST, -1)));
    }

    /** See {@link LiveViewModel#crashWorkers}. */
    boolean crashWorkers() {
        if (run.simulation() == null) {
            reset.run();
        }
        if (run.simulation() == null) { // waiting for a database to open
            return false;
        }
        if (requests.busy()) {
            requests.whenIdle(this::crashWorkers);
            return true;
        }
        if (run.simulation().isDown()) {
            run.say(TEXTS.format("message.alreadyDown", VirtualTime.format(run.projection().restartAtMs())));
            return false;
        }
        boolean[] crashed = {true};
        run.change(() -> {
            RunHistory.Position at = RunHistory.Position.of(run.simulation());
            return run.simulation().crashNow() ? at : null;
        }, at -> {
            crashed[0] = at != null;
            run.say(at != null ? "" : TEXTS.get("message.crashAfterEnd"));
            if (at != null) {
                run.history().record(new RunHistory.Fault(at, RunHistory.FaultKind.WORKERS_CRASH, -1));
            }
        });
        return crashed[0];
    }

    /** See {@link LiveViewModel#clickJob}. */
    void clickJob(JobToken token, boolean injectFault) {
        if (requests.busy()) {
            requests.whenIdle(() -> clickJob(token, injectFault));
            return;
        }
        run.selectedProperty().set(token);
        if (!injectFault) {
            run.refresh(run.listeners().all()); // (nothing in the simulation changed: nothing to read)
            return;
        }
        boolean active = token.active();
        run.change(() -> {
            RunHistory.Position at = RunHistory.Position.of(run.simulation());
            return active && run.simulation().failNextCall(token.user()) ? at : null;
        }, at -> {
            if (at != null) {
                token.faultArmed = true;
                run.say("");
                run.history().record(new RunHistory.Fault(at, RunHistory.FaultKind.CALL_FAILS, token.user()));
            } else {
                run.say(TEXTS.format("message.jobEnded", token.user()));
            }
        });
    }

    /** See {@link LiveViewModel#clickWaiting}. */
    void clickWaiting(long user, boolean injectFault) {
        clickJob(run.projection().tokenOf(user, false), injectFault);
    }
}
