package org.idempotencylab.ui.work;

import static org.idempotencylab.ui.work.WorkTexts.TEXTS;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.work.WorkRun;
import org.idempotencylab.work.WorkRun.ProcessState;

/**
 * One worker process's box in the Workers box: its slot, the operating system's process id of its current (or
 * last) JVM, what it is doing (running, starting, restarting after a kill, killed with the restart's countdown,
 * ended), the jobs it took (every start of the slot, and this process id's), and how often it was killed. Updated
 * in place by {@link WorkViewModel} on the FX thread.
 */
public final class ProcessRow {
    private final int slot;
    private final ReadOnlyLongWrapper pid = new ReadOnlyLongWrapper(this, "pid", -1);
    private final ReadOnlyObjectWrapper<ProcessState> state = new ReadOnlyObjectWrapper<>(this, "state",
            ProcessState.STARTING);
    private final ReadOnlyBooleanWrapper down = new ReadOnlyBooleanWrapper(this, "down");
    private final ReadOnlyStringWrapper stateText = new ReadOnlyStringWrapper(this, "stateText",
            TEXTS.get("box.starting"));
    private final ReadOnlyStringWrapper jobsText = new ReadOnlyStringWrapper(this, "jobsText",
            TEXTS.format("box.jobs", 0L, 0L));
    private final ReadOnlyStringWrapper killsText = new ReadOnlyStringWrapper(this, "killsText", "");

    ProcessRow(int slot) {
        this.slot = slot;
    }

    /** Takes what the run says of this slot now. */
    void update(WorkRun.WorkerOsProcessView v) {
        pid.set(v.pid());
        state.set(v.state());
        down.set(v.state() == ProcessState.KILLED);
        stateText.set(switch (v.state()) {
            case RUNNING -> TEXTS.get("box.running");
            case STARTING -> TEXTS.get(v.incarnation() > 0 ? "box.restarting" : "box.starting");
            case KILLED -> v.restartInMs() < 0 ? TEXTS.get("box.killedEnd")
                    : TEXTS.format("box.killed", VirtualTime.countdown(v.restartInMs()));
            case ENDED -> TEXTS.get("box.ended");
        });
        killsText.set(v.kills() == 0 ? "" : TEXTS.format("box.kills", v.kills()));
    }

    /** @param slotJobs jobs every start of this slot took; {@code pidJobs} those of the current process id */
    void jobs(long slotJobs, long pidJobs) {
        jobsText.set(TEXTS.format("box.jobs", slotJobs, pidJobs));
    }

    /** The run was stopped: every process was killed with it and none starts again. */
    void stopped() {
        state.set(ProcessState.ENDED);
        down.set(false);
        stateText.set(TEXTS.get("box.stopped"));
    }

    /** A click asked for a kill: the box looks down at once, before the kill is confirmed. */
    void killing() {
        down.set(true);
    }

    /** @return the slot, 0-based: the box of {@code p<slot>} */
    public int slot() {
        return slot;
    }

    /** @return the box's title, e.g. {@code Worker process p1} */
    public String title() {
        return TEXTS.format("box.title", slot);
    }

    /** @return the process id of the slot's current (or last) JVM; -1 before its first start */
    public ReadOnlyLongProperty pidProperty() {
        return pid.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ProcessState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** @return true while killed (or asked to be, by a click): the box is drawn down, grey and dashed */
    public ReadOnlyBooleanProperty downProperty() {
        return down.getReadOnlyProperty();
    }

    /** @return what it is doing, e.g. {@code running} or {@code KILLED — restarts in 0.4 s} */
    public ReadOnlyStringProperty stateTextProperty() {
        return stateText.getReadOnlyProperty();
    }

    /** @return e.g. {@code took 42 jobs (this PID 7)} */
    public ReadOnlyStringProperty jobsTextProperty() {
        return jobsText.getReadOnlyProperty();
    }

    /** @return e.g. {@code killed 2×}; empty before the first kill */
    public ReadOnlyStringProperty killsTextProperty() {
        return killsText.getReadOnlyProperty();
    }

    @Override
    public String toString() {
        return "p" + slot + " " + pid.get() + " " + state.get();
    }
}
