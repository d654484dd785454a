package org.idempotencylab.engine;

import java.util.concurrent.CancellationException;

/**
 * Counts the jobs that ended (succeeded, failed or lost) and reports them to a {@link RunControl} every
 * {@value #REPORT_EVERY} jobs, which is also when a cancel is noticed.
 */
final class Progress {
    /**
     * Jobs between two progress reports: often enough that {@link Comparison#warmUp}'s short simulations take the
     * report's branch (a branch never taken while the JIT profiles is compiled as a trap, and taking it later
     * throws away the compiled code it sits in), rarely enough to cost nothing.
     */
    static final int REPORT_EVERY = 256;

    private final RunControl control;
    private long finished;
    private long unreported;

    Progress(RunControl control) {
        this.control = control;
    }

    /**
     * Counts one more job ended.
     *
     * @throws CancellationException if the control asked to stop at this report
     */
    void jobEnded() {
        finished++;
        if (++unreported == REPORT_EVERY) {
            control.jobsFinished(unreported);
            unreported = 0;
            if (control.isCancelled()) {
                throw new CancellationException("cancelled after " + finished + " jobs");
            }
        }
    }

    /** Reports the jobs ended since the last report (a run shorter than one interval reports here). */
    void flush() {
        if (unreported > 0) {
            control.jobsFinished(unreported);
            unreported = 0;
        }
    }

    /** @return true if the control asks to stop. */
    boolean cancelled() {
        return control.isCancelled();
    }

    /** @return jobs ended so far. */
    long finished() {
        return finished;
    }
}
