package org.idempotencylab.work;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.idempotencylab.store.InMemoryIdempotencyStore;

/**
 * The first article's in-memory store ({@link InMemoryIdempotencyStore}, the same rules) shared by the worker
 * threads of one process, on the wall clock: a finished key returns its saved value and skips the work; a key
 * running right now in another thread shares that run (the caller waits for it, as the article's callers await
 * the same promise); a run that fails is not remembered. It lives in the process's memory, so a SIGKILL wipes it
 * and the restarted process starts with an empty store.
 */
final class ProcessMemoryStore {
    /** How a step went through the store. */
    enum Source { SAVED, RAN, SHARED }

    /** The answer of {@link #once}: the step's outcome, and whether this caller ran it. */
    record Answer(StepOutcome outcome, Source source) {
    }

    private final InMemoryIdempotencyStore<StepOutcome> store;

    /** @param ttlMs how long a finished key is remembered, wall-clock ms, at least 1 */
    ProcessMemoryStore(long ttlMs) {
        long start = System.nanoTime();
        // a monotonic clock: the store's expiry ring needs one that never goes back (the wall clock may)
        this.store = new InMemoryIdempotencyStore<>(ttlMs, () -> (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * Runs {@code work} for {@code key} in this thread unless the key finished before or runs now in another.
     *
     * @param work the step's call; its {@link StepOutcome#succeeded()} outcome is remembered, any other is not
     * @return the outcome this caller gets: its own, a sharer's, or the saved one
     */
    Answer once(long key, Supplier<StepOutcome> work) {
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        @SuppressWarnings("unchecked")
        InMemoryIdempotencyStore.Completion<StepOutcome>[] mine = new InMemoryIdempotencyStore.Completion[1];
        synchronized (this) {
            store.once(key, done -> mine[0] = done, new InMemoryIdempotencyStore.Callback<>() {
                @Override
                public void succeeded(StepOutcome value, InMemoryIdempotencyStore.Source source) {
                    answer.complete(new Answer(value, source(source)));
                }

                @Override
                public void failed(String reason, InMemoryIdempotencyStore.Source source) {
                    answer.complete(new Answer(StepOutcome.valueOf(reason), source(source)));
                }
            });
        }
        if (mine[0] != null) { // this caller runs the work, outside the lock
            StepOutcome outcome;
            try {
                outcome = work.get();
            } catch (RuntimeException | Error e) {
                synchronized (this) {
                    mine[0].fail(StepOutcome.FAILED.name()); // sharers see a failure, and retry
                }
                throw e;
            }
            synchronized (this) {
                if (outcome.succeeded()) {
                    mine[0].succeed(outcome);
                } else {
                    mine[0].fail(outcome.name());
                }
            }
        }
        return answer.join();
    }

    private static Source source(InMemoryIdempotencyStore.Source s) {
        return switch (s) {
            case SAVED -> Source.SAVED;
            case RAN -> Source.RAN;
            case SHARED -> Source.SHARED;
        };
    }
}
