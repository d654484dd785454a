package org.idempotencylab.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The second article's claim table ({@code processed_jobs}) behind one interface, so a run can choose the plain
 * model ({@link InMemoryClaimTable}) or a real database ({@link JdbcClaimStore}) and get the same answers.
 *
 * <p>Synchronous, on a virtual clock: the caller (the discrete-event engine, or a wall-clock caller) passes the
 * time of every call as {@code nowMs}; a store never reads a clock of its own, and the database's {@code now()}
 * is never used. Times are milliseconds, virtual or wall, as long as one store sees one clock.
 *
 * <h2>Rules</h2>
 * <ol>
 *   <li>A claim is an insert-if-absent: a free key is {@link ClaimResult.Kind#CLAIMED} by the caller, with a
 *       lease to {@code nowMs + leaseMs} ({@code locked_until}).</li>
 *   <li>The fingerprint is checked first: a key claimed with a different fingerprint (another request payload)
 *       answers {@link ClaimResult.Kind#KEY_MISMATCH}, in progress or completed, and never returns the first
 *       result (Stripe: HTTP 400 {@code idempotency_error}).</li>
 *   <li>A {@code completed} key answers {@link ClaimResult.Kind#COMPLETED} with its saved result to any owner,
 *       and is never reclaimed, however old its lease.</li>
 *   <li>An {@code in_progress} key answers {@link ClaimResult.Kind#IN_PROGRESS} ("job in progress", retry later)
 *       while {@code locked_until >= nowMs}, to any owner, its holder included; once {@code locked_until <
 *       nowMs} (the article's SQL), the next claim takes it over: {@link ClaimResult.Kind#RECLAIMED}, new owner,
 *       new lease. So a lease to 1,000 still holds at 1,000 and is reclaimed at 1,001.</li>
 *   <li>{@link #complete} records the result, only for the current holder of an {@code in_progress} claim (its
 *       lease may have run out, as long as nobody reclaimed the key).</li>
 *   <li>{@link #release} after a failed run deletes the holder's {@code in_progress} row, so the next claim is
 *       CLAIMED at once: "a run that throws is not remembered" (first article). The second article leaves the
 *       row to its lease; a crashed worker that never calls release gets exactly that.</li>
 * </ol>
 *
 * <p>Limits (IllegalArgumentException with field, value and allowed range otherwise): key 1 to 255 characters
 * ({@link JdbcClaimStore}: less its run id prefix, {@link JdbcClaimStore#maxKeyLength()});
 * fingerprint and owner 1 to 128 characters; {@code nowMs >= 0}; {@code leaseMs} from 1 to
 * {@code Long.MAX_VALUE - nowMs}. Implementations are thread-safe. A database failure during a call throws
 * {@link ClaimStoreException}.
 */
public interface ClaimStore extends AutoCloseable {

    /** Longest key, as {@code idempotency_key VARCHAR(255)}. */
    int MAX_KEY_LENGTH = 255;
    /** Longest fingerprint or owner, as {@code VARCHAR(128)}. */
    int MAX_FINGERPRINT_LENGTH = 128;
    /** Longest owner, as {@code VARCHAR(128)}. */
    int MAX_OWNER_LENGTH = 128;

    /**
     * Tries to claim {@code key} for {@code owner} at virtual time {@code nowMs}, atomically.
     *
     * @param key         the idempotency key, e.g. {@code charge:order_12345}
     * @param fingerprint a fingerprint of the request payload (e.g. a hash); the same key must come with the same one
     * @param owner       who claims: a worker or run id, unique per run of the work
     * @param nowMs       virtual ms now, at least 0
     * @param leaseMs     how long the claim holds before another owner may reclaim it, at least 1 ms
     * @return what happened; only {@link ClaimResult#owned()} results let the caller do the work
     */
    ClaimResult claim(String key, String fingerprint, String owner, long nowMs, long leaseMs);

    /**
     * Marks {@code key} completed with {@code result}, if {@code owner} holds its {@code in_progress} claim.
     *
     * @param result the saved result (any text, e.g. JSON; null for none)
     * @param nowMs  virtual ms of completion ({@code completed_at})
     * @return true if recorded; false if {@code owner} does not hold the key in progress (never claimed, released,
     *         reclaimed by another owner after its lease ran out, or already completed): nothing changes
     */
    boolean complete(String key, String owner, String result, long nowMs);

    /**
     * Renews a live holder's lease: moves {@code key}'s {@code locked_until} to {@code nowMs + leaseMs}, if
     * {@code owner} holds its {@code in_progress} claim (its lease may have run out, as long as nobody reclaimed
     * the key). A worker's heartbeat, as BullMQ's worker extends its job lock every {@code lockRenewTime} with a
     * script that checks the lock's token first; a crashed worker stops calling it.
     *
     * @param nowMs   virtual ms now, at least 0
     * @param leaseMs the new lease from now, at least 1 ms
     * @return true if renewed; false if {@code owner} does not hold the key in progress: nothing changes
     */
    boolean renew(String key, String owner, long nowMs, long leaseMs);

    /**
     * Forgets a failed run: deletes {@code key}'s row if it is {@code in_progress} and held by {@code owner}, so
     * the next claim is CLAIMED at once. A completed key, or one held by another owner, is left as it is.
     *
     * @return true if a row was deleted
     */
    boolean release(String key, String owner);

    /**
     * Deletes {@code key}'s row whatever its status: for a caller that knows nothing will ask for the key again
     * (the batch engine, once a user's last job has ended), so memory holds only the keys of jobs in progress.
     *
     * @return true if a row was deleted
     */
    boolean delete(String key);

    /** @return the row for {@code key}, if any. */
    Optional<ClaimRow> get(String key);

    /**
     * @param limit at most this many rows, 0 to {@link Integer#MAX_VALUE}
     * @return rows ordered by {@code created_at}, then key, for a live view
     */
    List<ClaimRow> rows(int limit);

    /**
     * The rows a live view shows first: every {@code in_progress} row before any {@code completed} one (the claims
     * held, and those a crash left behind until their lease runs out), then by {@code created_at}, then by key; the
     * limit applies after this order, so a table of thousands of completed rows still shows its stuck claims. The
     * default sorts {@link #rows}; a database does it in its query.
     *
     * @param limit at most this many rows, 0 to {@link Integer#MAX_VALUE}
     * @return up to {@code limit} rows, {@code in_progress} first
     */
    default List<ClaimRow> rowsInProgressFirst(int limit) {
        ClaimArgs.limit(limit);
        List<ClaimRow> all = new ArrayList<>(rows(Integer.MAX_VALUE));
        all.sort(IN_PROGRESS_FIRST);
        return all.size() > limit ? new ArrayList<>(all.subList(0, limit)) : all;
    }

    /**
     * As {@link #rowsInProgressFirst}, but the {@code completed} rows newest first ({@code created_at} descending,
     * then key): a view of a table that grows by thousands of rows (a real run's) shows what just happened. The
     * default sorts {@link #rows}; a database does it in its query.
     *
     * @param limit at most this many rows, 0 to {@link Integer#MAX_VALUE}
     * @return up to {@code limit} rows, {@code in_progress} first (oldest first among them), then the newest
     */
    default List<ClaimRow> rowsInProgressFirstNewest(int limit) {
        ClaimArgs.limit(limit);
        List<ClaimRow> all = new ArrayList<>(rows(Integer.MAX_VALUE));
        all.sort(IN_PROGRESS_FIRST_THEN_NEWEST);
        return all.size() > limit ? new ArrayList<>(all.subList(0, limit)) : all;
    }

    /**
     * Counts the whole table (beyond any row limit a view uses): rows, {@code in_progress}, {@code completed},
     * expired leases at {@code nowMs} and reclaimed rows. The default reads {@link #rows}; a database counts in
     * one query.
     *
     * @param nowMs virtual ms, 0 or more: an {@code in_progress} row with {@code locked_until < nowMs} has an
     *              expired lease
     * @return the counts
     */
    default ClaimCounts counts(long nowMs) {
        ClaimArgs.now(nowMs);
        return ClaimCounts.of(rows(Integer.MAX_VALUE), nowMs);
    }

    /** The order of {@link #rowsInProgressFirst}: {@code in_progress} first, then {@code created_at}, then key. */
    Comparator<ClaimRow> IN_PROGRESS_FIRST = Comparator
            .comparing((ClaimRow r) -> r.status() != ClaimRow.Status.IN_PROGRESS)
            .thenComparingLong(ClaimRow::createdAtMs)
            .thenComparing(ClaimRow::key);

    /**
     * The order of {@link #rowsInProgressFirstNewest}: {@code in_progress} first, oldest first; then the
     * {@code completed} rows, newest {@code created_at} first; then key.
     */
    Comparator<ClaimRow> IN_PROGRESS_FIRST_THEN_NEWEST = Comparator
            .comparing((ClaimRow r) -> r.status() != ClaimRow.Status.IN_PROGRESS)
            .thenComparingLong(r -> r.status() == ClaimRow.Status.IN_PROGRESS ? r.createdAtMs() : -r.createdAtMs())
            .thenComparing(ClaimRow::key);

    /**
     * The read of a rescuer that reads first and updates later: {@code SELECT idempotency_key FROM processed_jobs
     * WHERE status = 'in_progress' AND locked_until < now}. The default reads {@link #rows}; a store may do it in
     * one query.
     *
     * @param nowMs virtual ms, 0 or more
     * @return the keys of {@code in_progress} claims whose lease ran out before {@code nowMs}
     */
    default List<String> expiredClaims(long nowMs) {
        ClaimArgs.now(nowMs);
        return rows(Integer.MAX_VALUE).stream()
                .filter(r -> r.status() == ClaimRow.Status.IN_PROGRESS && r.lockedUntilMs() < nowMs)
                .map(ClaimRow::key)
                .toList();
    }

    /**
     * The atomic rescuer's one statement: {@code DELETE FROM processed_jobs WHERE status = 'in_progress' AND
     * locked_until < now RETURNING idempotency_key}, so the key is free for the next delivery; a row that
     * completed or was renewed is never touched, since the database checks both as it deletes (River's
     * JobRescuer requires the job to be still running). The default goes through {@link #expiredClaims} and
     * {@link #get}; it is only atomic in a store whose every method is ({@link InMemoryClaimTable} overrides it).
     *
     * @param nowMs virtual ms, 0 or more
     * @return the keys deleted
     */
    default List<String> rescueExpired(long nowMs) {
        List<String> freed = new ArrayList<>();
        for (String key : expiredClaims(nowMs)) {
            Optional<ClaimRow> row = get(key);
            if (row.isPresent() && row.get().status() == ClaimRow.Status.IN_PROGRESS
                    && row.get().lockedUntilMs() < nowMs && delete(key)) {
                freed.add(key);
            }
        }
        return freed;
    }

    /** @return how many rows the table has (in a {@link JdbcClaimStore}: this run's rows). */
    long size();

    /**
     * Deletes every row: a fresh table for a new run. A {@link JdbcClaimStore} deletes this run's rows only, never
     * another run's.
     */
    void clear();

    /** Closes the store; later calls throw. Closing twice does nothing. */
    @Override
    void close();
}
