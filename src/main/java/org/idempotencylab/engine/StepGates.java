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
}
