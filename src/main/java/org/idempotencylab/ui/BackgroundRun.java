package org.idempotencylab.ui;

import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.BooleanProperty;
import javafx.beans.binding.Bindings;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;
import org.idempotencylab.engine.RunControl;

/**
 * A long simulation run off the FX thread, as the Compare and Sweep views run theirs: one {@link Task} at a time
 * on the given executor, its progress (jobs done over jobs in all) and a status line, Cancel, and the last
 * finished result, which a cancelled or failed run leaves as it was. Starting again while a run is going starts
 * nothing, whatever the path (the button, a shortcut, a preset). The FX thread never runs the simulation.
 *
 * <p>Work that cannot say beforehand how many jobs it will report (an exploration, which learns its schedules as it
 * goes) starts with {@link #UNKNOWN_TOTAL}: its progress is indeterminate, and {@link #jobsDoneProperty()} counts
 * the jobs reported so far.
 *
 * <p>Every method must be called on the FX thread. What the status line says comes from the feature
 * ({@link Messages}), from its own texts.
 *
 * @param <T> the finished run's result
 */
public final class BackgroundRun<T> {
    /** The simulation to run; it reports progress and checks for cancelling through its {@link RunControl}. */
    @FunctionalInterface
    public interface Work<T> {
        /** @throws CancellationException when the control says the run was cancelled */
        T run(RunControl control);
    }

    /** The feature's words for the status line. */
    public interface Messages<T> {
        /** @return the line while it runs, e.g. "Running 5 strategies × 1,000,000 sign-ups…" */
        String running();

        /** @return the line once it finished, e.g. "Compared 5 strategies × 1,000,000 sign-ups in 4.2 s" */
        String finished(T result, double seconds);

        /** @return the line after Cancel, which says the last finished result is still shown */
        String cancelled();

        /** @return the line when the run threw */
        String failed(Throwable error);
    }

    /** The total of jobs of work that cannot say it beforehand: progress is then indeterminate (-1). */
    public static final long UNKNOWN_TOTAL = -1;

    private final Executor executor;
    private final ObjectProperty<T> result = new SimpleObjectProperty<>();
    private final BooleanProperty running = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty status = new SimpleStringProperty("");
    private final LongProperty jobsDone = new SimpleLongProperty(0);
    private Task<T> task;
    private Messages<T> messages;

    /** @param executor runs the work off the FX thread (one daemon thread in the window) */
    public BackgroundRun(Executor executor) {
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /**
     * Starts {@code work} in the background, unless a run is going.
     *
     * @param totalJobs the jobs the work will report in all (progress is jobs done over this), at least 1; or
     *                  {@link #UNKNOWN_TOTAL}
     * @return true if it started; false if a run was already going (nothing else happens then)
     */
    public boolean start(long totalJobs, Work<T> work, Messages<T> messages) {
        if (running.get()) {
            return false;
        }
        long started = System.nanoTime();
        boolean known = totalJobs != UNKNOWN_TOTAL;
        // an unknown total still counts the jobs done: over a total no run reaches, so the count is never clamped
        double total = known ? Math.max(1, totalJobs) : Long.MAX_VALUE;
        Task<T> t = new Task<>() {
            @Override
            protected T call() {
                AtomicLong done = new AtomicLong();
                return work.run(new RunControl() {
                    @Override
                    public boolean isCancelled() {
                        return isCancelledTask();
                    }

                    @Override
                    public void jobsFinished(long n) {
                        updateProgress(done.addAndGet(n), total);
                    }
                });
            }

            private boolean isCancelledTask() {
                return isCancelled();
            }
        };
        t.setOnSucceeded(e -> {
            if (task == t) { // not a run that clear() already dropped
                result.set(t.getValue());
                finished(messages.finished(t.getValue(), (System.nanoTime() - started) / 1e9));
            }
        });
        t.setOnCancelled(e -> {
            if (task == t) {
                finished(messages.cancelled());
            }
        });
        t.setOnFailed(e -> {
            if (task == t) {
                finished(messages.failed(t.getException()));
            }
        });
        task = t;
        this.messages = messages;
        running.set(true);
        if (known) {
            progress.bind(t.progressProperty());
        } else {
            progress.set(-1);
        }
        // the task's updates are coalesced to the FX thread: at most one a pulse, however fast the jobs come
        jobsDone.bind(Bindings.createLongBinding(() -> Math.max(0, (long) t.getWorkDone()), t.workDoneProperty()));
        status.set(messages.running());
        executor.execute(t);
        return true;
    }

    /** Stops the run going, if any; the last finished result stays. */
    public void cancel() {
        if (task != null) {
            task.cancel(false); // on the FX thread its onCancelled runs now: running is false on return
        }
    }

    /**
     * Stops the run going and forgets the last result (a new scenario was loaded: the old numbers no longer belong
     * to what the fields show). A run that had just finished is dropped too.
     */
    public void clear() {
        cancel();
        if (task != null) { // it finished before the cancel, and its result is on its way: drop it
            finished(messages.cancelled());
        }
        result.set(null);
    }

    private void finished(String line) {
        task = null;
        progress.unbind();
        progress.set(0);
        jobsDone.unbind(); // the count stays: the status line may say how far a cancelled run got
        running.set(false);
        status.set(line);
    }

    /** @return the last finished run's result; null before the first, or after {@link #clear()} */
    public ReadOnlyObjectProperty<T> resultProperty() {
        return result;
    }

    /** @return true while a run is going */
    public ReadOnlyBooleanProperty runningProperty() {
        return running;
    }

    /** @return 0..1 while running (-1 while unknown), 0 otherwise */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }

    /** @return the jobs the run going (or the last run) reported so far; 0 before it reported one */
    public ReadOnlyLongProperty jobsDoneProperty() {
        return jobsDone;
    }

    /** @return one line on what happened last (a run, an export, a copy) */
    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /** Shows {@code text} as the status line, e.g. where an export went. */
    public void setStatus(String text) {
        status.set(text);
    }
}
