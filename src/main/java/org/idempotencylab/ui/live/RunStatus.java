package org.idempotencylab.ui.live;

import java.util.function.BooleanSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * What the live view says about its run, published with each frame, step, click and seek: the clock, the counters
 * (long and short), the failures, what the run still waits for after its last job, whether it is over, and the
 * timeline's position, reach and why it cannot seek. Uses {@code javafx.beans} only: runs without the toolkit.
 */
final class RunStatus {
    private static final Texts TEXTS = Texts.of(RunStatus.class);
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ReadOnlyStringWrapper clock = new ReadOnlyStringWrapper(this, "clock", VirtualTime.format(0));
    private final ReadOnlyStringWrapper counters = new ReadOnlyStringWrapper(this, "counters", "");
    private final ReadOnlyStringWrapper countersShort = new ReadOnlyStringWrapper(this, "countersShort", "");
    private final ReadOnlyStringWrapper failures = new ReadOnlyStringWrapper(this, "failures", "");
    private final ReadOnlyStringWrapper ending = new ReadOnlyStringWrapper(this, "ending", "");
    private final ReadOnlyLongWrapper timeMs = new ReadOnlyLongWrapper(this, "timeMs");
    private final ReadOnlyLongWrapper reachMs = new ReadOnlyLongWrapper(this, "reachMs");
    private final ReadOnlyStringWrapper timelineOff = new ReadOnlyStringWrapper(this, "timelineOff",
            TEXTS.get("timeline.offBeforeRun"));

    /**
     * Publishes the state of {@code sim}, the timeline reaching as far as {@code history} has been.
     *
     * @param over whether the run is over (jobs ended, keys expired)
     */
    void show(SignupSimulation sim, RunHistory history, BooleanSupplier over) {
        long now = sim.nowMs();
        clock.set(VirtualTime.format(now));
        finished.set(over.getAsBoolean());
        StrategyResult r = sim.result();
        Workflow flow = sim.scenario().workflow();
        // the short form before the long one, which its listeners read
        countersShort.set(EventText.counters(sim.finishedJobs(), r, flow, ".short"));
        counters.set(EventText.counters(sim.finishedJobs(), r, flow, ""));
        history.reached(now);
        reachMs.set(history.furthestMs()); // the timeline's range first, so its thumb can go there
        timeMs.set(now);
        failures.set(EventText.failures(r));
        ending.set(sim.isFinished() && sim.keysAlive() ? TEXTS.format("status.ending",
                VirtualTime.countdown(Math.max(0, sim.nextKeyExpiryMs() - now))) : "");
    }

    /** A new run: the timeline seeks, unless its claim table is on a database (whose rows cannot be rewound). */
    void started(boolean onDatabase) {
        timelineOff.set(onDatabase ? TEXTS.get("timeline.offOnDatabase") : "");
    }

    /** @return true while the timeline can seek */
    boolean timelineOn() {
        return timelineOff.get().isEmpty();
    }

    ReadOnlyBooleanProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    ReadOnlyStringProperty clockProperty() {
        return clock.getReadOnlyProperty();
    }

    ReadOnlyStringProperty countersProperty() {
        return counters.getReadOnlyProperty();
    }

    ReadOnlyStringProperty countersShortProperty() {
        return countersShort.getReadOnlyProperty();
    }

    ReadOnlyStringProperty failuresProperty() {
        return failures.getReadOnlyProperty();
    }

    ReadOnlyStringProperty endingProperty() {
        return ending.getReadOnlyProperty();
    }

    ReadOnlyLongProperty timeMsProperty() {
        return timeMs.getReadOnlyProperty();
    }

    ReadOnlyLongProperty reachMsProperty() {
        return reachMs.getReadOnlyProperty();
    }

    ReadOnlyStringProperty timelineOffProperty() {
        return timelineOff.getReadOnlyProperty();
    }
}
