package org.idempotencylab.ui;

import static org.idempotencylab.ui.FxSteps.onFx;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The background run Compare and Sweep share: progress, the status line, one run at a time, Cancel keeps the last
 * finished result, a new scenario clears it. The work here is a stand-in that reports jobs until it is let go.
 */
class BackgroundRunTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final AtomicInteger executed = new AtomicInteger();
    private final BackgroundRun<String> run = onFx(() -> new BackgroundRun<>(task -> {
        executed.incrementAndGet();
        pool.execute(task);
    }));

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    /** Messages that name the result and the time, as a feature's would. */
    private static final BackgroundRun.Messages<String> WORDS = new BackgroundRun.Messages<>() {
        @Override
        public String running() {
            return "running";
        }

        @Override
        public String finished(String result, double seconds) {
            return "finished " + result;
        }

        @Override
        public String cancelled() {
            return "cancelled, the last result stays";
        }

        @Override
        public String failed(Throwable error) {
            return "failed: " + error.getMessage();
        }
    };

    /** @return work that reports 10 of its 20 jobs, waits for {@code go}, then the rest, and returns {@code value} */
    private static BackgroundRun.Work<String> work(CountDownLatch go, String value) {
        return control -> {
            control.jobsFinished(10);
            while (!awaitQuietly(go)) {
                if (control.isCancelled()) {
                    throw new CancellationException();
                }
            }
            control.jobsFinished(10);
            return value;
        };
    }

    private static boolean awaitQuietly(CountDownLatch latch) {
        try {
            return latch.await(10, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            throw new CancellationException();
        }
    }

    @Test
    void aRunShowsItsProgressAndStatusAndKeepsItsResult() {
        CountDownLatch go = new CountDownLatch(1);
        assertTrue(onFx(() -> run.start(20, work(go, "A"), WORDS)));
        waitUntil(() -> onFx(() -> run.progressProperty().get() == 0.5));
        assertEquals("running", onFx(() -> run.statusProperty().get()));
        assertTrue(onFx(() -> run.runningProperty().get()));
        go.countDown();
        waitUntil(() -> onFx(() -> !run.runningProperty().get()));
        assertEquals("A", onFx(() -> run.resultProperty().get()));
        assertEquals("finished A", onFx(() -> run.statusProperty().get()));
        assertEquals(0, onFx(() -> run.progressProperty().get()), 0.0);
    }

    /** Work that cannot tell its total (an exploration): the progress is indeterminate, the jobs are counted. */
    @Test
    void aRunOfUnknownTotalCountsItsJobsAndKeepsTheCountAfterCancel() {
        CountDownLatch never = new CountDownLatch(1);
        onFx(() -> run.start(BackgroundRun.UNKNOWN_TOTAL, work(never, "A"), WORDS));
        waitUntil(() -> onFx(() -> run.jobsDoneProperty().get() == 10));
        assertEquals(-1, onFx(() -> run.progressProperty().get()), 0.0, "indeterminate");
        onFx(run::cancel);
        assertEquals(0, onFx(() -> run.progressProperty().get()), 0.0);
        assertEquals(10, onFx(() -> run.jobsDoneProperty().get()), "how far the cancelled run got");
    }

    @Test
    void startingAgainWhileRunningStartsNothingAndCancelKeepsTheLastFinishedResult() {
        CountDownLatch first = new CountDownLatch(1);
        first.countDown();
        onFx(() -> run.start(20, work(first, "A"), WORDS));
        waitUntil(() -> onFx(() -> "A".equals(run.resultProperty().get())));

        CountDownLatch never = new CountDownLatch(1);
        assertTrue(onFx(() -> run.start(20, work(never, "B"), WORDS)));
        waitUntil(() -> onFx(() -> run.progressProperty().get() > 0));
        assertFalse(onFx(() -> run.start(20, work(never, "C"), WORDS)), "a run is going: nothing starts");
        assertEquals(2, executed.get());
        onFx(run::cancel);
        assertFalse(onFx(() -> run.runningProperty().get()), "Cancel ends the run at once");
        assertEquals("cancelled, the last result stays", onFx(() -> run.statusProperty().get()));
        assertEquals("A", onFx(() -> run.resultProperty().get()));
    }

    @Test
    void clearForgetsTheResultAndAFailureSaysWhy() {
        CountDownLatch go = new CountDownLatch(1);
        go.countDown();
        onFx(() -> run.start(20, work(go, "A"), WORDS));
        waitUntil(() -> onFx(() -> run.resultProperty().get() != null));
        onFx(run::clear);
        assertNull(onFx(() -> run.resultProperty().get()));

        onFx(() -> run.start(1, control -> {
            throw new IllegalStateException("the store broke");
        }, WORDS));
        waitUntil(() -> onFx(() -> !run.runningProperty().get()));
        assertEquals("failed: the store broke", onFx(() -> run.statusProperty().get()));
        onFx(() -> run.setStatus("Saved x.png"));
        assertEquals("Saved x.png", onFx(() -> run.statusProperty().get()));
    }

    @Test
    void aRunThatFinishedJustBeforeClearIsDropped() {
        CountDownLatch go = new CountDownLatch(1);
        onFx(() -> run.start(20, work(go, "stale"), WORDS));
        waitUntil(() -> onFx(() -> run.progressProperty().get() > 0));
        // the work ends while the FX thread is busy, so its result waits in the FX queue; then a preset is loaded
        onFx(() -> {
            go.countDown();
            try {
                pool.submit(() -> { }).get(10, TimeUnit.SECONDS); // the one pool thread has finished the work
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            run.clear();
        });
        onFx(() -> { }); // the finished work's event has been handled
        assertNull(onFx(() -> run.resultProperty().get()), "the old parameters' numbers never come back");
        assertFalse(onFx(() -> run.runningProperty().get()));
        CountDownLatch now = new CountDownLatch(1);
        now.countDown();
        assertTrue(onFx(() -> run.start(20, work(now, "fresh"), WORDS)), "and the next run starts");
        waitUntil(() -> onFx(() -> "fresh".equals(run.resultProperty().get())));
    }
}
