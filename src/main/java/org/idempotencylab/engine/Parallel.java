package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Independent pieces of work on a pool of daemon threads, each with its own state (a simulation, an exploration),
 * so the results do not depend on the thread count. A failure or a cancel stops the others: the pool is shut down
 * and its threads interrupted.
 */
final class Parallel {
    private Parallel() {
    }

    /**
     * @param work       the pieces, each run once
     * @param startOrder indices into {@code work}, each once: the order they are submitted in (slowest first
     *                   balances the threads)
     * @param threads    at most this many threads, at least 1
     * @return one result per piece, in the order of {@code work}
     * @throws CancellationException if the calling thread was interrupted, or a piece threw it
     * @throws RuntimeException      what a piece threw
     */
    static <T> List<T> run(List<Supplier<T>> work, List<Integer> startOrder, int threads, String threadName) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, work.size())), r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> futures = new ArrayList<>(Collections.nCopies(work.size(), null));
            for (int i : startOrder) {
                Supplier<T> piece = work.get(i);
                futures.set(i, pool.submit(piece::get));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
