package org.idempotencylab.store;

/**
 * One row of the claim table ({@code processed_jobs}), as a snapshot for tests and live views.
 *
 * @param key           the idempotency key ({@code idempotency_key}, 1 to 255 characters)
 * @param status        {@code in_progress} or {@code completed}
 * @param owner         who holds or completed the claim (the last owner to claim it)
 * @param lockedUntilMs virtual ms the last lease ran to, inclusive; a completed row keeps its last lease, which
 *                      no longer matters (a completed key is never reclaimed)
 * @param result        the saved result; null while in progress (or if the work saved none)
 * @param createdAtMs   virtual ms of the first claim of this row (a reclaim keeps it)
 * @param completedAtMs virtual ms of completion; null while in progress
 * @param fingerprint   the request fingerprint the key was first claimed with (1 to 128 characters)
 * @param claims        how many times the row was claimed: 1, plus one per reclaim after an expired lease
 */
public record ClaimRow(String key, Status status, String owner, long lockedUntilMs, String result,
                       long createdAtMs, Long completedAtMs, String fingerprint, int claims) {

    /** The {@code status} column's two values, as in the second article. */
    public enum Status {
        IN_PROGRESS("in_progress"),
        COMPLETED("completed");

        private final String sql;

        Status(String sql) {
            this.sql = sql;
        }

        /** @return the text stored in the {@code status} column. */
        public String sql() {
            return sql;
        }

        /** @return the status stored as {@code text}; IllegalArgumentException for any other text. */
        public static Status fromSql(String text) {
            for (Status s : values()) {
                if (s.sql.equals(text)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("status: '" + text + "' is not one of in_progress, completed");
        }
    }
}
