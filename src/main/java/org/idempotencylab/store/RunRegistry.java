package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The runs table: which runs of the lab are still going, so that {@code --drop-old-runs} deletes the rows of runs
 * that ended and never those of a run still going. It lives in the database beside the lab's tables:
 * <pre>
 * lab_runs(run_id VARCHAR(64) PRIMARY KEY, command VARCHAR(20) NOT NULL, started_at TIME NOT NULL,
 *          heartbeat_at TIME NOT NULL)
 * </pre>
 * where TIME is {@code TIMESTAMPTZ} on PostgreSQL and SQLite's time text on SQLite, as in the claim table
 * ({@link SqlDialect}).
 *
 * <ul>
 *   <li>A run registers its run id before it writes any row ({@link #register}), its heartbeat sets
 *       {@code heartbeat_at} every {@value #BEAT_EVERY_MS} wall-clock ms while it runs ({@link #beat}), and it
 *       deletes its registration when it ends ({@link #unregister}).</li>
 *   <li>Times are the database's own clock (PostgreSQL's {@code clock_timestamp()}, SQLite's {@code 'now'}), so
 *       the clocks of the machines the runs run on are never compared.</li>
 *   <li>A run is going while its heartbeat is younger than {@value #ALIVE_S} s: well above the longest a going
 *       run's heartbeat can be late (a reply's 10 s socket timeout on PostgreSQL, the 10 s busy timeout on SQLite,
 *       the 15 s {@code work}'s parent may wait for its worker processes to end). An older registration (a run
 *       killed, crashed or frozen) is deleted by the next {@code --drop-old-runs} ({@link #forgetStopped}).</li>
 *   <li>Rows whose run id has no registration are old: of a run that ended or was forgotten, or of the lab's
 *       earlier versions, which did not register. Each delete of {@code --drop-old-runs} checks the registration
 *       in the same statement ({@link #oldRows}), so a run that registered before it is never touched.</li>
 *   <li>A run whose registration is gone (its heartbeat changes no row) was taken for dead, and its rows may be
 *       gone: it stops with {@link #ERASED}, never with numbers that would be wrong.</li>
 * </ul>
 */
public final class RunRegistry {
    /** The runs table's name. */
    public static final String TABLE = "lab_runs";

    /** Wall-clock ms between two heartbeats of a going run. */
    public static final long BEAT_EVERY_MS = 1_000;

    /** Seconds of the database's clock a run stays "going" after its last heartbeat. */
    public static final int ALIVE_S = 30;

    /** What a run whose rows were deleted under it says, as the reason it stops. */
    public static final String ERASED = "this run's rows were deleted while it ran (another run's --drop-old-runs?); "
            + "its numbers would be wrong";

    private static final List<String> COLUMNS = List.of("run_id", "command", "started_at", "heartbeat_at");

    private RunRegistry() {
    }

    /** Work on one connection, for a store that lends one of its own ({@link JdbcClaimStore}). */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** A store's connections: each {@link Work} on one of them, a failure as one {@link ClaimStoreException}. */
    interface Connections {
        <T> T on(String what, Work<T> work);
    }

    /**
     * Registers the run {@code runId} as going, creating the runs table if it is missing.
     *
     * @param command what runs, for a person reading the table: {@code run}, {@code work}, {@code live view}; up
     *                to 20 characters
     * @throws SQLException if the database fails, the run id is registered already, or a table named
     *                      {@value #TABLE} lacks a column of the runs table
     */
    public static void register(Connection c, String runId, String command) throws SQLException {
        createIfMissing(c);
        String now = now(c);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + TABLE + " (run_id, command, started_at, "
                + "heartbeat_at) VALUES (?, ?, " + now + ", " + now + ")")) {
            ps.setString(1, runId);
            ps.setString(2, command);
            ps.executeUpdate();
        }
    }

    /**
     * One heartbeat: sets the run's {@code heartbeat_at} to the database's time now.
     *
     * @return false if the run has no registration any more: it was taken for dead, its rows may be gone
     * @throws SQLException if the database fails
     */
    public static boolean beat(Connection c, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE " + TABLE + " SET heartbeat_at = " + now(c)
                + " WHERE run_id = ?")) {
            ps.setString(1, runId);
            return ps.executeUpdate() == 1;
        }
    }

    /** Deletes the run's registration: it ended, its rows are old. */
    public static void unregister(Connection c, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + TABLE + " WHERE run_id = ?")) {
            ps.setString(1, runId);
            ps.executeUpdate();
        }
    }

    /**
     * Deletes the registrations of other runs whose heartbeat is {@value #ALIVE_S} s old or older, creating the
     * runs table if it is missing (a database only the lab's earlier versions used).
     */
    public static void forgetStopped(Connection c, String runId) throws SQLException {
        createIfMissing(c);
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + TABLE + " WHERE run_id <> ? AND "
                + "heartbeat_at < " + (sqlite(c) ? "strftime('%Y-%m-%d %H:%M:%f', 'now', '-" + ALIVE_S + " seconds')"
                        : "clock_timestamp() - interval '" + ALIVE_S + " seconds'"))) {
            ps.setString(1, runId);
            ps.executeUpdate();
        }
    }

    /**
     * @param table a table with a {@code run_id} column, named as is in the statement (no alias)
     * @return the SQL condition "this row of {@code table} belongs to another run that is not going", with one
     *         parameter: this run's id
     */
    public static String oldRows(String table) {
        return table + ".run_id IS NOT NULL AND " + table + ".run_id <> ? AND NOT EXISTS (SELECT 1 FROM " + TABLE
                + " WHERE " + TABLE + ".run_id = " + table + ".run_id)";
    }

    /** @return the ids of the other runs with rows in {@code table} that are not going ({@link #oldRows}). */
    public static Set<String> oldRuns(Connection c, String table, String runId) throws SQLException {
        Set<String> out = new TreeSet<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT run_id FROM " + table + " WHERE "
                + oldRows(table))) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** @return the rows of other runs in {@code table}, by run id (after a drop: the rows of runs still going). */
    public static Map<String, Long> otherRuns(Connection c, String table, String runId) throws SQLException {
        Map<String, Long> out = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT run_id, COUNT(*) FROM " + table
                + " WHERE run_id IS NOT NULL AND run_id <> ? GROUP BY run_id")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return out;
    }

    /**
     * Deletes the rows of the other runs that are not going from {@code table}, in one statement, after
     * {@link #forgetStopped}.
     *
     * @return what was deleted and what was kept
     */
    public static DroppedRuns dropOldRows(Connection c, String table, String runId) throws SQLException {
        forgetStopped(c, runId);
        Set<String> runs = oldRuns(c, table, runId);
        long rows;
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE " + oldRows(table))) {
            ps.setString(1, runId);
            rows = ps.executeUpdate();
        }
        return new DroppedRuns(runs, rows, otherRuns(c, table, runId));
    }

    /**
     * Deletes the rows of the other runs that are no longer going from the claim table {@code table}, after
     * {@link #forgetStopped}: in batches of {@code batch} rows, each one statement that checks the registration
     * as it deletes, so each stays inside the statement timeout and a run that registered meanwhile keeps its rows.
     *
     * @param db the store's connections
     * @return what was deleted and what was kept
     * @throws ClaimStoreException if the database fails; the batches deleted before stay deleted
     */
    static DroppedRuns dropOldClaims(Connections db, String table, String runId, int batch) {
        Set<String> runs = db.on("find the runs that are no longer going", c -> {
            forgetStopped(c, runId);
            return oldRuns(c, table, runId);
        });
        String delete = "DELETE FROM " + table + " WHERE idempotency_key IN (SELECT idempotency_key FROM " + table
                + " WHERE " + oldRows(table) + " LIMIT " + batch + ")";
        long rows = 0;
        while (true) {
            int deleted = db.on("drop the rows of runs no longer going", c -> {
                try (PreparedStatement ps = c.prepareStatement(delete)) {
                    ps.setString(1, runId);
                    return ps.executeUpdate();
                }
            });
            if (deleted == 0) {
                break;
            }
            rows += deleted;
        }
        return new DroppedRuns(runs, rows, db.on("count the rows of runs still going",
                c -> otherRuns(c, table, runId)));
    }

    private static void createIfMissing(Connection c) throws SQLException {
        SqlDialect dialect = sqlite(c) ? SqlDialect.SQLITE : SqlDialect.POSTGRES;
        if (dialect.columns(c, TABLE).isEmpty()) {
            // the table as the store's and work's checks know it (they create it before any run registers)
            try (Statement st = c.createStatement()) {
                for (String sql : dialect.runsTable().createSql()) {
                    st.execute(sql);
                }
            } catch (SQLException e) {
                if (dialect.columns(c, TABLE).isEmpty()) {
                    throw e;
                } // else another run created it meanwhile (PostgreSQL's CREATE IF NOT EXISTS races)
            }
        }
        List<String> have = dialect.columns(c, TABLE).stream().map(SqlDialect.Column::name).toList();
        for (String column : COLUMNS) {
            if (!have.contains(column)) {
                throw new SQLException("the table " + TABLE + " is not the lab's runs table: it has no column "
                        + column + " (rename or drop that table, or use another database)");
            }
        }
    }

    /** @return the database's time now, as SQL: the same clock for every run on this database. */
    private static String now(Connection c) throws SQLException {
        return sqlite(c) ? "strftime('%Y-%m-%d %H:%M:%f', 'now')" : "clock_timestamp()";
    }

    private static boolean sqlite(Connection c) throws SQLException {
        return "SQLite".equalsIgnoreCase(c.getMetaData().getDatabaseProductName());
    }
}
