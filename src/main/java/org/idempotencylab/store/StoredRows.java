package org.idempotencylab.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

/**
 * How {@link JdbcClaimStore} reads a row back: the result as JSON ({@link ResultJson}), a key as
 * {@code <run id>/<key>}, a time as the run's epoch plus virtual ms. A row the lab cannot read (another run's, a status it does not know, a missing lease) is an
 * {@link UnreadableRow}, never a wrong answer.
 */
final class StoredRows {
    private StoredRows() {
    }

    /** A row of this run the lab cannot read: a status it does not know, a missing lease. */
    static final class UnreadableRow extends SQLException {
        UnreadableRow(String message) {
            super(message);
        }
    }

    /**
     * @return the key of the stored key {@code stored}: what follows the run's {@code prefix}
     * @throws UnreadableRow if it does not start with the prefix
     */
    static String unprefixed(String stored, String prefix) throws SQLException {
        if (stored == null || !stored.startsWith(prefix)) {
            throw new UnreadableRow("the row '" + stored + "' carries this run's id but not its key prefix '"
                    + prefix + "': something other than this run wrote it");
        }
        return stored.substring(prefix.length());
    }

    /**
     * @return the row at {@code rs}'s cursor, times in virtual ms of the run {@code options}
     * @throws UnreadableRow if it is not this run's, or holds what the lab does not write
     */
    static ClaimRow row(ResultSet rs, SqlDialect dialect, JdbcClaimStore.Options options) throws SQLException {
        String stored = rs.getString("idempotency_key");
        String runId = rs.getString("run_id");
        if (!options.runId().equals(runId)) {
            throw new UnreadableRow("the row '" + stored + "' belongs to " + (runId == null ? "no run of the lab"
                    : "the run '" + runId + "'") + ", not to this run");
        }
        String key = unprefixed(stored, options.runId() + "/");
        String statusText = rs.getString("status");
        ClaimRow.Status status = null;
        for (ClaimRow.Status s : ClaimRow.Status.values()) {
            if (s.sql().equals(statusText)) {
                status = s;
            }
        }
        if (status == null) {
            throw new UnreadableRow("the row for key '" + key + "' has the status '" + statusText + "', which the "
                    + "lab does not know (in_progress or completed): something other than this run changed it");
        }
        Instant lockedUntil = dialect.readTime(rs, "locked_until");
        Instant createdAt = dialect.readTime(rs, "created_at");
        String owner = rs.getString("owner");
        String fingerprint = rs.getString("fingerprint");
        if (lockedUntil == null || owner == null || fingerprint == null) {
            throw new UnreadableRow("the row for key '" + key + "' has no " + (lockedUntil == null ? "locked_until"
                    : owner == null ? "owner" : "fingerprint") + ": something other than this run changed it");
        }
        Instant completedAt = dialect.readTime(rs, "completed_at");
        Instant epoch = options.epoch();
        return new ClaimRow(key, status, owner, virtualMs(epoch, lockedUntil), ResultJson.decode(rs.getString("result")),
                virtualMs(epoch, createdAt), completedAt == null ? null : virtualMs(epoch, completedAt), fingerprint,
                rs.getInt("claims"));
    }

    private static long virtualMs(Instant epoch, Instant at) {
        return Duration.between(epoch, at).toMillis();
    }
}
