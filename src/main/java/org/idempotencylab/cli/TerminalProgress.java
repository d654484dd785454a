package org.idempotencylab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.idempotencylab.engine.RunControl;

/**
 * The progress of a long headless run, as a bar on stderr (me.tongfei's progressbar), shown only when stderr is
 * a terminal and {@code --quiet} is not given, so a pipe or a CI log gets nothing but the results. The count is
 * sign-ups finished over all the simulations of the command ({@code jobs × strategies}, times the points of a
 * sweep). Thread-safe: the simulations of a table or a sweep report from their pool threads.
 */
final class TerminalProgress implements RunControl, AutoCloseable {
    /** Runs this short finish before a bar could say anything useful; they show none. */
    static final long AT_LEAST_JOBS = 200_000;

    /**
     * The same for a run whose claim table is on a database: every claim is a round trip there, so 10,000
     * sign-ups already take seconds (a minute or more on PostgreSQL), and 100,000 take minutes.
     */
    static final long AT_LEAST_JOBS_ON_DATABASE = 10_000;

    private final ProgressBar bar;
    private final AtomicLong done = new AtomicLong();

    private TerminalProgress(ProgressBar bar) {
        this.bar = bar;
    }

    /**
     * @param totalJobs the sign-ups all simulations of the command will finish, at least 1
     * @param quiet     {@code --quiet}: never show a bar
     * @param what      the bar's label, e.g. "run" or "sweep"
     * @return a control that shows a bar on stderr if it is a terminal (and the run is long enough to need one), or
     *         one that shows nothing
     */
    static TerminalProgress on(long totalJobs, boolean quiet, String what) {
        return on(totalJobs, quiet, what, AT_LEAST_JOBS);
    }

    /**
     * @param atLeastJobs the shortest run, in sign-ups, that shows a bar: {@link #AT_LEAST_JOBS}, or
     *                    {@link #AT_LEAST_JOBS_ON_DATABASE} for a run on a database
     * @see #on(long, boolean, String)
     */
    static TerminalProgress on(long totalJobs, boolean quiet, String what, long atLeastJobs) {
        if (quiet || !stderrIsTerminal() || totalJobs < atLeastJobs) {
            return new TerminalProgress(null);
        }
        ProgressBar bar = new ProgressBarBuilder().setTaskName(what).setInitialMax(totalJobs)
                .setStyle(ProgressBarStyle.ASCII).setUnit(" sign-ups", 1)
                .setConsumer(new ConsoleProgressBarConsumer(new PrintStream(System.err, true)))
                .build();
        return new TerminalProgress(bar);
    }

    /**
     * A bar for work whose total is not known beforehand (the explorer's schedules): it counts what is done.
     *
     * @param unit what it counts, with a leading space, e.g. " schedules"
     */
    static TerminalProgress counting(boolean quiet, String what, String unit) {
        if (quiet || !stderrIsTerminal()) {
            return new TerminalProgress(null);
        }
        return new TerminalProgress(new ProgressBarBuilder().setTaskName(what).setInitialMax(-1)
                .setStyle(ProgressBarStyle.ASCII).setUnit(unit, 1)
                .setConsumer(new ConsoleProgressBarConsumer(new PrintStream(System.err, true))).build());
    }

    /**
     * @return true if stderr is a terminal: on Linux, what file descriptor 2 points to (stdout may be redirected to
     *         a file while stderr is the terminal: {@code run > results.json}); elsewhere, whether the JVM has a
     *         console
     */
    static boolean stderrIsTerminal() {
        Path fd2 = Path.of("/proc/self/fd/2");
        try {
            if (Files.exists(fd2, LinkOption.NOFOLLOW_LINKS)) {
                String target = Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            }
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // not readable: fall back on the console
        }
        return System.console() != null;
    }

    /** @return true if a bar is shown. */
    boolean shown() {
        return bar != null;
    }

    @Override
    public void jobsFinished(long jobsDone) {
        if (bar != null) {
            bar.stepTo(done.addAndGet(jobsDone));
        }
    }

    /** Takes the bar off the terminal's last line; the results follow on stdout. */
    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
