package org.idempotencylab.work;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.idempotencylab.store.DroppedRuns;
import org.idempotencylab.store.RunRegistry;

/**
 * The tables of {@code work} beside the second article's claim table, on PostgreSQL. Every row carries the run's
 * id in {@code run_id}, and every statement names it, so two runs on one database never read or change each
 * other's rows (as {@code JdbcClaimStore} keeps runs apart in {@code processed_jobs}).
 *
 * <pre>
 * lab_jobs(run_id, job, status, visible_after, receives, redeliveries, refusals, worker, ended_at)
 *     the durable queue: one row per sign-up (job n is user_n); status queued | running | done | failed | dead
 * lab_calls(run_id, job, step, attempt, delivery, worker, outcome, side_effect, at)
 *     every call a worker made (outcome ok | failed | lost) and every step the store answered (saved), with
 *     whether the step's side effect happened: the record the metrics count side effects from
 * lab_provider_sends(run_id, job, provider_key, sent, worker, sent_at)
 *     the email provider: every send it was asked for; sent is false when it knew the key and sent nothing
 * </pre>
 */
public final class WorkTables {
    /** The queue's table. */
    public static final String JOBS = "lab_jobs";
    /** The calls' table. */
    public static final String CALLS = "lab_calls";
    /** The provider's table. */
    public static final String PROVIDER = "lab_provider_sends";
    /** The lock-only store's table: the claim table's layout, used as SETNX with a TTL (no completion). */
    public static final String LOCKS = "lab_locks";
    /** The claim table's name: the second article's. */
    public static final String CLAIMS = "processed_jobs";

    private static final String[] DDL = {
        "CREATE TABLE IF NOT EXISTS " + JOBS + " (run_id VARCHAR(64) NOT NULL, job BIGINT NOT NULL, "
                + "status VARCHAR(20) NOT NULL, visible_after TIMESTAMPTZ NOT NULL, "
                + "receives INTEGER NOT NULL DEFAULT 0, redeliveries INTEGER NOT NULL DEFAULT 0, "
                + "refusals INTEGER NOT NULL DEFAULT 0, worker VARCHAR(128), ended_at TIMESTAMPTZ, "
                + "PRIMARY KEY (run_id, job))",
        // the queue's index: only the jobs a worker may still take (as River's and pg-boss's partial indexes)
        "CREATE INDEX IF NOT EXISTS lab_jobs_open ON " + JOBS + " (run_id, visible_after) "
                + "WHERE status IN ('queued', 'running')",
        "CREATE TABLE IF NOT EXISTS " + CALLS + " (run_id VARCHAR(64) NOT NULL, job BIGINT NOT NULL, "
                + "step SMALLINT NOT NULL, attempt INTEGER NOT NULL, delivery INTEGER NOT NULL, "
                + "worker VARCHAR(128) NOT NULL, outcome VARCHAR(20) NOT NULL, side_effect BOOLEAN NOT NULL, "
                + "at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())",
        "CREATE INDEX IF NOT EXISTS lab_calls_run ON " + CALLS + " (run_id, job, step)",
        "CREATE TABLE IF NOT EXISTS " + PROVIDER + " (run_id VARCHAR(64) NOT NULL, job BIGINT NOT NULL, "
                + "provider_key VARCHAR(255), sent BOOLEAN NOT NULL, worker VARCHAR(128) NOT NULL, "
                + "sent_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())",
        // the provider honours a key: one sent row per key and run, whoever asks and however often
        "CREATE UNIQUE INDEX IF NOT EXISTS lab_provider_sends_key ON " + PROVIDER + " (run_id, provider_key) "
                + "WHERE sent AND provider_key IS NOT NULL",
        "CREATE INDEX IF NOT EXISTS lab_provider_sends_run ON " + PROVIDER + " (run_id, job)",
    };

    /** The advisory lock that keeps two runs from creating the tables at once (CREATE IF NOT EXISTS races). */
    private static final long DDL_LOCK = 0x1abd_0b5L;

    private WorkTables() {
    }

    /** Creates the tables and indexes that are missing, in one transaction; nothing of any run is changed. */
    public static void create(Connection c) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("SELECT pg_advisory_xact_lock(" + DDL_LOCK + ")");
            for (String sql : DDL) {
                st.execute(sql);
            }
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** Puts the run's sign-ups on the queue, {@code user_0} to {@code user_{jobs-1}}, visible now. */
    public static void enqueue(Connection c, String runId, long jobs) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + JOBS + " (run_id, job, status, "
                + "visible_after) SELECT ?, g, 'queued', clock_timestamp() FROM generate_series(0, ? - 1) g")) {
            ps.setString(1, runId);
            ps.setLong(2, jobs);
            ps.executeUpdate();
        }
    }

    /**
     * Deletes the rows of the other runs that are no longer going from the lab's tables, as {@code run
     * --drop-old-runs} does for the claim table ({@link RunRegistry}): the rows of runs still going stay.
     *
     * @return what was deleted, and kept
     */
    public static DroppedRuns dropOtherRuns(Connection c, String runId) throws SQLException {
        DroppedRuns all = DroppedRuns.NONE;
        for (String t : new String[] {JOBS, CALLS, PROVIDER}) {
            all = all.plus(RunRegistry.dropOldRows(c, t, runId));
        }
        return all;
    }

    /** @return the run's jobs a worker may still take (queued, or running under a visibility timeout). */
    public static long openJobs(Connection c, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + JOBS
                + " WHERE run_id = ? AND status IN ('queued', 'running')")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
