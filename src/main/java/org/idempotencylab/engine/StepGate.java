package org.idempotencylab.engine;

import java.util.function.BooleanSupplier;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.idempotencylab.store.LockOnlyStore;

/**
 * What stands between a worker and a step's call: one implementation per {@link StoreKind}, made by
 * {@link StepGates#of}. Nothing else in the engine knows which store a run uses.
 *
 * <p>A gate decides, for each step, what happens before the call ({@link Before}: call, skip with the saved
 * result, share a run in flight, send the job back, fail it), what happens after it (record the result, release
 * the key), at a job's start and end (take and release a lock), and when the worker process crashes (an
 * in-memory store is wiped; durable stores keep their keys, claims held stay {@code in_progress}).
 *
 * <p>Each worker passes through its own {@link Lane}, made when the worker is: what a worker holds between a
 * step's call and its end lives there, so the article's runs allocate nothing per call.
 */
interface StepGate {

    /** What a gate lets a worker do before a step's call. */
    enum Before {
        /** Make the call now; {@link Lane#afterCall} hears its outcome. */
        CALL,
        /** The step finished before: skip it with its saved result. */
        SKIP,
        /** The same key is running right now: wait; the gate answers the caller when that run ends. */
        SHARE,
        /**
         * The gate needs virtual time before the call (a check-then-insert's race window): wait; the gate calls
         * {@link Caller#callNow()} when the call starts.
         */
        WAIT,
        /** Another delivery holds the key ("job in progress"): send the job back to the queue. */
        SEND_BACK,
        /** Refused for good (a key sent with another payload): the job fails, not retried. */
        FAIL
    }

    /** What a gate answers a request reaching the queue, when it guards the queue ({@link #guardsTheQueue}). */
    enum Entry {
        /** It gets into the queue. */
        IN,
        /** Refused now ("job in progress"): it tries again later. */
        LATER,
        /** Refused for good: dropped, counted in dropped jobs. */
        DROPPED
    }

    /** What a gate sees of the worker passing through it. */
    interface Caller {
        /** @return the worker's number, 0-based, for the events */
        int workerId();

        /** @return the attempt of the strategy's retry scope, 1-based, for the events */
        int attempt();

        /** @return true once the worker's process crashed: answers for it are dropped */
        boolean stopped();

        /** The step succeeded (the call's own answer, or a run it shared). */
        void stepSucceeded();

        /** The step failed with {@code reason} (a failure the caller sees, to retry or give up). */
        void stepFailed(String reason);

        /** The call a {@link Before#WAIT} held back starts now. */
        void callNow();
    }

    /** One worker's way through the gate, from a job's start to its end. */
    interface Lane {
        /**
         * A job starts on this worker.
         *
         * @return false if the job cannot run now and goes back to the queue ({@link #refusal()} says why)
         */
        default boolean jobStarts(Job job) {
            return true;
        }

        /** Decides what happens before {@code step}'s call (0..9) for {@code job}. */
        Before beforeCall(Job job, int step);

        /**
         * The call the gate allowed ended: records the result, or releases the key.
         *
         * @param failure null on success, else the failure the caller sees
         * @return true if the gate answered the caller itself (a store whose run others share answers all of
         *         them); false if the call's outcome is the caller's answer, for the caller to take
         */
        boolean afterCall(Job job, int step, String failure);

        /**
         * @return true if the last successful call's result was recorded with nothing lost: a local step's write,
         *         made in the same transaction as the record, commits only then (the claim table's
         *         {@code complete}, the second article); true for a gate that keeps no such record
         */
        default boolean committed() {
            return true;
        }

        /** The job ended on this worker (succeeded or failed). */
        default void jobEnds(Job job) {
        }

        /**
         * The delivery on this worker failed an attempt and its retry was published as a delayed message
         * ({@code retryVia = queue}): the worker lets go of the job, and the retry is another delivery. By default
         * the delivery ends as at a job's end ({@link #jobEnds}).
         */
        default void retryPublished(Job job) {
            jobEnds(job);
        }

        /** The worker process crashed while this worker ran a job: what it held stays held. */
        default void interrupted() {
        }

        /**
         * This worker died alone ({@code crashScope = worker}) while its process lives on: a run others wait to share
         * must not wait for it. By default nothing: what it held stays held, as after a process crash.
         */
        default void ownerGone() {
        }

        /**
         * @return true if the job last refused by {@link #jobStarts} is dropped (counted in dropped jobs) rather
         *         than sent back to the queue: a duplicate rejected, or a job whose lock was gone
         */
        default boolean dropsRefused() {
            return false;
        }

        /** @return why the last {@link Before#SEND_BACK} or refused {@link #jobStarts} happened */
        default String refusal() {
            return "";
        }

        /**
         * @return true if every step is called and every outcome is the caller's answer ({@link Through}): the
         *         worker then skips {@link #beforeCall} and {@link #afterCall}, which keeps the article's first four
         *         strategies off the interface calls that the store strategies make
         */
        default boolean callsEveryStep() {
            return false;
        }
    }

    /**
     * A lane with nothing to look up: every call goes through, and its outcome is the caller's answer. Subclasses
     * may act at a job's start and end (a lock), not around a call: those two methods are final.
     */
    class Through implements Lane {
        @Override
        public final Before beforeCall(Job job, int step) {
            return Before.CALL;
        }

        @Override
        public final boolean afterCall(Job job, int step, String failure) {
            return false;
        }

        @Override
        public final boolean callsEveryStep() {
            return true;
        }
    }

    /** @return a new lane for one worker (made when the worker is, at the start and at every restart) */
    Lane lane(Caller caller);

    /**
     * Starts the store's own maintenance processes, if it has any (the claim table's rescuer), at the start of a
     * run.
     *
     * @param workLeft true while some job can still run: a maintenance process stops once it is false, so a run
     *                 can end
     */
    default void startMaintenance(BooleanSupplier workLeft) {
    }

    /**
     * @return true if a local step's write commits in the same transaction as the store's record of the step (the
     *         second article's claim table), so it happens only if that record is written ({@link Lane#committed})
     */
    default boolean commitsLocalWrites() {
        return false;
    }

    /** @return true if each delivery needs a unique owner for the store's claims or locks */
    default boolean needsOwners() {
        return false;
    }

    /**
     * @return true if every request passes through {@link #entering} as it reaches the queue (a lock taken at
     *         enqueue), before any worker sees it
     */
    default boolean guardsTheQueue() {
        return false;
    }

    /**
     * A request reaches the queue (only asked if {@link #guardsTheQueue}).
     *
     * @param request the request's number, unique in the run ({@code Message#request})
     * @param atMs    virtual ms at which it reaches the queue, 0 or more
     * @return whether it gets in
     */
    default Entry entering(long user, long request, long atMs) {
        return Entry.IN;
    }

    /** The worker process died: an in-memory store loses every key; a durable store keeps them. */
    default void processDied() {
    }

    /** Nothing can ask for {@code user}'s keys again: forget them (batch runs, to keep memory flat). */
    default void forgetUser(long user) {
    }

    /** Adds what the store counts itself (hits, stuck time of claims not reclaimed yet) to {@code outside}. */
    default void countInto(RunMetrics outside) {
    }

    /** Forgets the keys whose TTL ran out at {@code nowMs} (virtual ms). */
    default void expire(long nowMs) {
    }

    /** @return virtual ms at which the next kept key expires, or {@link Long#MAX_VALUE} if none will */
    default long nextExpiryMs() {
        return Long.MAX_VALUE;
    }

    /** @return virtual ms at which the last kept key expires, or {@link Long#MIN_VALUE} if none will */
    default long lastExpiryMs() {
        return Long.MIN_VALUE;
    }

    /** @return keys that expire on the clock and are held now */
    default int liveKeys() {
        return 0;
    }

    /** @return the first article's in-memory store, or null if this gate has none */
    default InMemoryIdempotencyStore<String> memoryStore() {
        return null;
    }

    /** @return the second article's claim table, or null if this gate has none */
    default ClaimStore claimStore() {
        return null;
    }

    /** @return the lock store, or null if this gate has none */
    default LockOnlyStore lockStore() {
        return null;
    }
}
