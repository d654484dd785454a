package org.idempotencylab.engine;

import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.ClaimStore;

/** Makes the {@link StepGate} of a store kind: the one place that maps a {@link StoreKind} to its gate. */
final class StepGates {

    private StepGates() {
    }

    /**
     * @param claimStore the claim table for {@link StoreKind#CLAIM_TABLE} (for example a {@code JdbcClaimStore}),
     *                   or null for the in-memory model; ignored by other stores
     * @return a new gate for one run
     */
    static StepGate of(StoreKind kind, RunContext ctx, ClaimStore claimStore) {
        return switch (kind) {
            case NONE -> new NoGate();
            case MEMORY -> new MemoryStoreGate(ctx);
            case CLAIM_TABLE -> new ClaimTableGate(ctx, claimStore);
            case LOCK -> new LockGate(ctx);
        };
    }

    /**
     * What a repeated side effect's cause depends on in the store ({@link CauseTrail}), kept here with the gates
     * so a new store kind says it in the one place that knows the kinds.
     *
     * @param records      the store keeps a record per step (memory, claim table): a repeat means it was missing
     * @param wipedByCrash a crash wipes those records (the in-memory store lives in the worker process)
     * @param lockOnly     a lock held for the job, no record (the second article's counter-example)
     */
    record Traits(boolean records, boolean wipedByCrash, boolean lockOnly) {
        static Traits of(StoreKind kind) {
            return switch (kind) {
                case NONE -> new Traits(false, false, false);
                case MEMORY -> new Traits(true, true, false);
                case CLAIM_TABLE -> new Traits(true, false, false);
                case LOCK -> new Traits(false, false, true);
            };
        }
    }
}
