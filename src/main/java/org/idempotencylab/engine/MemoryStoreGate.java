package org.idempotencylab.engine;

import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.idempotencylab.store.InMemoryIdempotencyStore.Completion;
import org.idempotencylab.store.InMemoryIdempotencyStore.Source;

/**
 * {@link StoreKind#MEMORY}: every step goes through the first article's {@link InMemoryIdempotencyStore} under
 * {@code <step name>:user_<n>} ({@code idempotentSteps}). A finished key skips the step with its saved value; a
 * key running right now shares that run; otherwise the call runs, and only a success is remembered, for
 * {@code ttlMs} on the virtual clock. The store lives in the worker process: a crash wipes it.
 *
 * <p>The store keeps no request fingerprint: a repeated request with a changed payload is answered with the result
 * saved (or being made) for the first payload, without an error. Each request answered so at least once is
 * counted as a {@link Metric#SILENT_WRONG_RESULTS silently wrong result}; the claim table refuses it instead.
 */
final class MemoryStoreGate implements StepGate {
    private final Simulator sim;
    private final Emitter emitter;
    private final RunMetrics metrics;
    private final InMemoryIdempotencyStore<String> store;
    private final WorkflowSteps steps;

    MemoryStoreGate(RunContext ctx) {
        this.sim = ctx.sim();
        this.emitter = ctx.emitter();
        this.metrics = ctx.metrics();
        this.store = new InMemoryIdempotencyStore<>(ctx.scenario().ttlMs(), sim::nowMs);
        this.steps = ctx.steps();
    }

    @Override
    public Lane lane(Caller caller) {
        return new MemoryLane(caller);
    }

    /**
     * One worker's passage: the store's callback and work for that worker, made once, so that asking the store
     * allocates nothing.
     */
    private final class MemoryLane implements Lane, InMemoryIdempotencyStore.Callback<String>,
            InMemoryIdempotencyStore.Work<String> {
        private final Caller caller;
        private Job job;
        private int step;
        private Completion<String> run; // the store run this worker's call owns, if any
        private boolean savedHit;       // the store answered inside once() from a saved value

        MemoryLane(Caller caller) {
            this.caller = caller;
        }

        @Override
        public Before beforeCall(Job job, int step) {
            this.job = job;
            this.step = step;
            savedHit = false;
            store.once(SignupKeys.step(step, job.user), this, this);
            if (savedHit) {
                emitter.emit(Kind.STEP_SKIPPED, job, step, caller.attempt(), caller.workerId(), sim.nowMs(),
                        "saved result");
                return Before.SKIP;
            }
            return run != null ? Before.CALL : Before.SHARE;
        }

        @Override
        public void start(Completion<String> done) {
            run = done; // the worker makes the call as soon as once() returns
        }

        @Override
        public void ownerGone() {
            Completion<String> owned = run;
            run = null;
            if (owned != null) { // its sharers see the run fail and retry, as when it throws
                owned.fail("the worker running it crashed");
            }
        }

        @Override
        public boolean afterCall(Job job, int step, String failure) {
            Completion<String> owned = run;
            run = null;
            if (owned == null) {
                return false;
            }
            if (failure == null) { // the store answers this worker, then every sharer
                owned.succeed(steps.savedResult(step, job.differentPayload()));
            } else {
                owned.fail(failure); // a run that throws is not remembered
            }
            return true;
        }

        @Override
        public void succeeded(String value, Source source) {
            if (caller.stopped()) {
                return;
            }
            if (source != Source.RAN && job.msg != null
                    && steps.savedForChangedPayload(step, value) != job.differentPayload()
                    && job.msg.firstWrongAnswer()) {
                metrics.count(Metric.SILENT_WRONG_RESULTS); // another payload's result, and no error
            }
            if (source == Source.SAVED) {
                savedHit = true; // answered inside store.once: beforeCall skips the step
                return;
            }
            if (source == Source.SHARED) {
                emitter.emit(Kind.RUN_SHARED, job, step, caller.attempt(), caller.workerId(), sim.nowMs(),
                        "shared a run in flight");
            }
            caller.stepSucceeded();
        }

        @Override
        public void failed(String reason, Source source) {
            if (caller.stopped()) {
                return;
            }
            if (source == Source.SHARED) {
                emitter.emit(Kind.RUN_SHARED, job, step, caller.attempt(), caller.workerId(), sim.nowMs(),
                        "shared run failed: " + reason);
            }
            caller.stepFailed(reason);
        }
    }

    @Override
    public void processDied() {
        store.wipe();
    }

    @Override
    public void forgetUser(long user) {
        // newest first: the store drops forgotten keys from the end of its expiry ring at once
        for (int step = steps.count() - 1; step >= 0; step--) {
            store.forget(SignupKeys.step(step, user));
        }
    }

    @Override
    public void countInto(RunMetrics outside) {
        outside.add(Metric.STORE_HITS, store.hits());
    }

    @Override
    public void expire(long nowMs) {
        store.expire(nowMs);
    }

    @Override
    public long nextExpiryMs() {
        return store.nextExpiryMs();
    }

    @Override
    public long lastExpiryMs() {
        return store.lastExpiryMs();
    }

    @Override
    public int liveKeys() {
        return store.liveKeys();
    }

    @Override
    public InMemoryIdempotencyStore<String> memoryStore() {
        return store;
    }
}
