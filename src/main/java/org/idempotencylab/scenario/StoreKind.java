package org.idempotencylab.scenario;

/** Which idempotency store the steps go through: one gate per kind in the engine, the store chosen per run. */
public enum StoreKind implements Choice {
    /** No store: every call does its work. */
    NONE("none", false),
    /**
     * The first article's in-memory store: each step runs under {@code <step name>:<userId>}; a finished key
     * returns its saved result until its TTL, a running key shares the run, a failure is not remembered. It lives
     * in the worker process, so a crash wipes it.
     */
    MEMORY("memory", true),
    /**
     * The second article's claim table ({@code processed_jobs}): each step claims {@code <step name>:user_<n>}
     * with an insert-if-absent; {@code completed} returns the saved result, {@code in_progress} held by another
     * worker answers "job in progress" and the queue retries later, and an expired lease ({@code locked_until})
     * is reclaimed. Durable: it survives a crash.
     */
    CLAIM_TABLE("claim-table", true),
    /**
     * Lock only, the second article's counter-example: the job takes {@code signup:user_<n>} with SETNX and a
     * TTL, and releases it at the end. No completion record, so it cannot skip finished steps, and a later
     * delivery runs the job again.
     */
    LOCK("lock", false);

    private final String cliName;
    private final boolean recordsCompletion;

    StoreKind(String cliName, boolean recordsCompletion) {
        this.cliName = cliName;
        this.recordsCompletion = recordsCompletion;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    /** @return true if the store remembers finished steps, so a retry can skip them (memory, claim table). */
    public boolean recordsCompletion() {
        return recordsCompletion;
    }
}
