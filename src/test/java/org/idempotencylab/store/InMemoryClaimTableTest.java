package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The claim rules on the plain Java model. */
class InMemoryClaimTableTest extends ClaimStoreContract {

    @Override
    protected ClaimStore newStore() {
        return new InMemoryClaimTable();
    }

    @Test
    void aClosedTableRefusesCalls() {
        store.close();
        assertThrows(IllegalStateException.class, () -> store.claim("k", FP, "w", 0, 1));
        store.close();
    }
}
