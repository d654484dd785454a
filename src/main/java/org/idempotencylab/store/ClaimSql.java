package org.idempotencylab.store;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The SQL text of {@link JdbcClaimStore}'s statements on one claim table, the same for SQLite and PostgreSQL (every
 * value bound as a parameter), and the binding of the parameters the claim and the completion share with the
 * statements built on them. The claim is the second article's {@code INSERT ... ON CONFLICT} with its lease,
 * the fingerprint checked before any reclaim.
 */
final class ClaimSql {
    /** The columns a row is read with ({@link StoredRows#row}). */
    static final String COLUMNS = "idempotency_key, status, result, created_at, completed_at, locked_until, "
            + "run_id, fingerprint, owner, claims";

    final String claim;
    final String select;
    final String complete;
    final String renew;
    final String release;
    final String delete;
    final String rows;
    final String rowsInProgressFirst;
    final String rowsInProgressFirstNewest;
    final String counts;
    final String expired;
    final String rescue;
    final String size;
    final String clear;
    /**
     * PostgreSQL only: the beginning of a data-modifying {@code WITH}: {@code done}, the completion (its five
     * parameters) returning a row if it updated one; the caller adds more parts and the final {@code SELECT}.
     */
    final String completeReturning;
    /**
     * PostgreSQL only: the beginning of a data-modifying {@code WITH}: {@code done}, the completion (its five
     * parameters), then {@code claimed}, the claim of another key (its seven), made only if {@code done} has a row;
     * the caller adds more parts and the final {@code SELECT}.
     */
    final String completeThenClaim;

    private final SqlDialect dialect;
    private final JdbcClaimStore.Options run;

    /** @param t the table's name, checked ({@link TableSpec#claimTableNameProblem}) */
    ClaimSql(String t, SqlDialect dialect, JdbcClaimStore.Options run) {
        this.dialect = dialect;
        this.run = run;
        String insert = "INSERT INTO " + t + " (idempotency_key, status, created_at, locked_until, run_id, "
                + "fingerprint, owner, claims) ";
        String onConflict = "ON CONFLICT (idempotency_key) DO UPDATE SET status = 'in_progress', "
                + "owner = excluded.owner, locked_until = excluded.locked_until, claims = " + t + ".claims + 1 "
                + "WHERE " + t + ".status = 'in_progress' AND " + t + ".locked_until < ? "
                + "AND " + t + ".fingerprint = excluded.fingerprint AND " + t + ".run_id = excluded.run_id "
                + "RETURNING claims";
        claim = insert + "VALUES (?, 'in_progress', ?, ?, ?, ?, ?, 1) " + onConflict;
        select = "SELECT " + COLUMNS + " FROM " + t + " WHERE idempotency_key = ?";
        complete = "UPDATE " + t + " SET status = 'completed', result = ?, completed_at = ? "
                + "WHERE idempotency_key = ? AND run_id = ? AND owner = ? AND status = 'in_progress'";
        // the claim's values typed, as a SELECT's parameters are not typed by the columns they go to
        completeReturning = "WITH done AS (" + complete + " RETURNING 1)";
        completeThenClaim = completeReturning + ", claimed AS (" + insert
                + "SELECT CAST(? AS VARCHAR(255)), 'in_progress', CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ), "
                + "CAST(? AS VARCHAR(64)), CAST(? AS VARCHAR(128)), CAST(? AS VARCHAR(128)), 1 FROM done "
                + onConflict + ")";
        renew = "UPDATE " + t + " SET locked_until = ? "
                + "WHERE idempotency_key = ? AND run_id = ? AND owner = ? AND status = 'in_progress'";
        release = "DELETE FROM " + t
                + " WHERE idempotency_key = ? AND run_id = ? AND owner = ? AND status = 'in_progress'";
        delete = "DELETE FROM " + t + " WHERE idempotency_key = ? AND run_id = ?";
        rows = "SELECT " + COLUMNS + " FROM " + t + " WHERE run_id = ? ORDER BY created_at, idempotency_key LIMIT ?";
        rowsInProgressFirst = "SELECT " + COLUMNS + " FROM " + t + " WHERE run_id = ? ORDER BY CASE WHEN status = "
                + "'in_progress' THEN 0 ELSE 1 END, created_at, idempotency_key LIMIT ?";
        rowsInProgressFirstNewest = "SELECT " + COLUMNS + " FROM " + t + " WHERE run_id = ? ORDER BY CASE WHEN "
                + "status = 'in_progress' THEN 0 ELSE 1 END, CASE WHEN status = 'in_progress' THEN created_at END, "
                + "created_at DESC, idempotency_key LIMIT ?";
        counts = "SELECT COUNT(*), "
                + "COALESCE(SUM(CASE WHEN status = 'in_progress' THEN 1 ELSE 0 END), 0), "
                + "COALESCE(SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END), 0), "
                + "COALESCE(SUM(CASE WHEN status = 'in_progress' AND locked_until < ? THEN 1 ELSE 0 END), 0), "
                + "COALESCE(SUM(CASE WHEN claims > 1 THEN 1 ELSE 0 END), 0) FROM " + t + " WHERE run_id = ?";
        expired = "SELECT idempotency_key FROM " + t
                + " WHERE run_id = ? AND status = 'in_progress' AND locked_until < ?";
        rescue = "DELETE FROM " + t + " WHERE run_id = ? AND status = 'in_progress' AND locked_until < ? "
                + "RETURNING idempotency_key";
        size = "SELECT COUNT(*) FROM " + t + " WHERE run_id = ?";
        clear = "DELETE FROM " + t + " WHERE run_id = ?";
    }

    /**
     * Binds a claim's seven parameters from {@code first} on ({@link #claim}'s order).
     *
     * @param stored the key with its run's prefix; times in ms after the run's epoch
     */
    void bindClaim(PreparedStatement ps, int first, String stored, String fingerprint, String owner, long nowMs,
                   long lockedUntil) throws SQLException {
        ps.setString(first, stored);
        dialect.bindTime(ps, first + 1, at(nowMs));
        dialect.bindTime(ps, first + 2, at(lockedUntil));
        ps.setString(first + 3, run.runId());
        ps.setString(first + 4, fingerprint);
        ps.setString(first + 5, owner);
        dialect.bindTime(ps, first + 6, at(nowMs));
    }

    /** Binds the completion's five parameters ({@link #complete}); {@code stored} has its run's prefix. */
    void bindCompletion(PreparedStatement ps, String stored, String owner, String json, long nowMs)
            throws SQLException {
        dialect.bindJson(ps, 1, json);
        dialect.bindTime(ps, 2, at(nowMs));
        ps.setString(3, stored);
        ps.setString(4, run.runId());
        ps.setString(5, owner);
    }

    private Instant at(long virtualMs) {
        return run.epoch().plusMillis(virtualMs);
    }
}
