package org.idempotencylab.ui.keystore;

import java.util.List;
import org.idempotencylab.store.ClaimCounts;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.DelegatingClaimStore;

/**
 * A claim store for view tests: every call goes to a real one, the reads of rows ({@link #rows},
 * {@link #rowsInProgressFirst}) are counted (how often the view polls, and how many rows it asks for), and reads
 * ({@code rows}, {@code rowsInProgressFirst}, {@code counts}, {@code size}) throw {@link #failure} while it is set,
 * as a database that went away would.
 */
final class FlakyClaimStore extends DelegatingClaimStore {
    /** Thrown by the reads while set. */
    RuntimeException failure;
    /** Reads of rows so far, failed ones included. */
    int reads;
    /** The limit the last read of rows asked for; -1 before any. */
    int lastLimit = -1;

    FlakyClaimStore(ClaimStore real) {
        super(real);
    }

    private void maybeFail() {
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public List<ClaimRow> rows(int limit) {
        reads++;
        lastLimit = limit;
        maybeFail();
        return super.rows(limit);
    }

    @Override
    public List<ClaimRow> rowsInProgressFirst(int limit) {
        reads++;
        lastLimit = limit;
        maybeFail();
        return super.rowsInProgressFirst(limit);
    }

    @Override
    public ClaimCounts counts(long nowMs) {
        maybeFail();
        return super.counts(nowMs);
    }

    @Override
    public long size() {
        maybeFail();
        return super.size();
    }
}
