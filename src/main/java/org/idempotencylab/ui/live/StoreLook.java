package org.idempotencylab.ui.live;

import org.idempotencylab.scenario.StoreKind;

/**
 * How the live view shows a store kind: the part of the code panel's program it runs ({@code program.txt},
 * {@link CodeProgram}), the lines that light ({@link CodeMap}) and the records the stage draws ({@link StageKeys}).
 * {@link #of} is the live view's one switch over {@link StoreKind}: a new kind does not compile until it says how
 * it shows, with one of these looks or a new one (which then does not compile in {@code CodeMap} and
 * {@code StageKeys} until they draw it).
 */
enum StoreLook {
    /** No record: every call runs ({@code [store.none]}). */
    NONE("store.none", false),
    /** The first article's in-memory store: a key per step, held in the worker process. */
    MEMORY("store.memory", true),
    /** The second article's claim table: a row per step with its status and lease. */
    CLAIM_TABLE("store.claim-table", true),
    /** A lock held for the job while it runs; no record of its steps. */
    LOCK("store.lock", false);

    private final String part;
    private final boolean recordsSteps;

    StoreLook(String part, boolean recordsSteps) {
        this.part = part;
        this.recordsSteps = recordsSteps;
    }

    /** @return the name of the program part ({@code program.txt}'s {@code [store.…]}) the code panel shows */
    String part() {
        return part;
    }

    /** @return true if the stage draws a record per step (a key or a row), which a repeat meets */
    boolean recordsSteps() {
        return recordsSteps;
    }

    /** @return how {@code kind} shows in the live view */
    static StoreLook of(StoreKind kind) {
        return switch (kind) {
            case NONE -> NONE;
            case MEMORY -> MEMORY;
            case CLAIM_TABLE -> CLAIM_TABLE;
            case LOCK -> LOCK;
        };
    }
}
