package org.idempotencylab.work;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.DroppedRuns;
import org.idempotencylab.store.RunRegistry;
import org.idempotencylab.store.TableCheck;
import org.idempotencylab.store.TableCheck.Right;
import org.idempotencylab.store.TableSpec;
import org.idempotencylab.store.TableSpec.Column;
import org.idempotencylab.store.TableSpec.Index;

/**
 * The tables of {@code work} beside the second article's claim table, on PostgreSQL. Every row carries the run's
 * id in {@code run_id}, and every statement names it, so two runs on one database never read or change each
 * other's rows (as {@code JdbcClaimStore} keeps runs apart in {@code processed_jobs}).
 *
 * <pre>
 * lab_jobs(run_id, job, status, visible_after, receives, redeliveries, refusals, worker, ended_at, calls, sends)
 *     the durable queue: one row per sign-up (job n is user_n); status queued | running | done | failed | dead;
 *     calls and sends count the job's rows written to the two tables below (the check that none went missing)
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

    /** The lab's queue table: what {@link #JOBS} must be. */
    static final TableSpec JOBS_TABLE = new TableSpec(JOBS, "queue table", List.of(
            Column.of("run_id", "VARCHAR(64)", true), Column.of("job", "BIGINT", true),
            Column.of("status", "VARCHAR(20)", true), Column.of("visible_after", "TIMESTAMPTZ", true),
            // the queue's inserts leave the counters to their defaults
            new Column("receives", "INTEGER", true, "0", true), new Column("redeliveries", "INTEGER", true, "0", true),
            new Column("refusals", "INTEGER", true, "0", true), Column.of("worker", "VARCHAR(128)", false),
            Column.of("ended_at", "TIMESTAMPTZ", false),
            // the job's rows in lab_calls and lab_provider_sends, each raised in the statement that writes the row
            new Column("calls", "INTEGER", true, "0", true), new Column("sends", "INTEGER", true, "0", true)),
            List.of("run_id", "job"),
            // the queue's index: only the jobs a worker may still take (as River's and pg-boss's partial indexes)
            List.of(new Index("lab_jobs_open", false, List.of("run_id", "visible_after"),
                    "status IN ('queued', 'running')")));

    /** The lab's calls table: what {@link #CALLS} must be. */
    static final TableSpec CALLS_TABLE = new TableSpec(CALLS, "calls table", List.of(
            Column.of("run_id", "VARCHAR(64)", true), Column.of("job", "BIGINT", true),
            Column.of("step", "SMALLINT", true), Column.of("attempt", "INTEGER", true),
            Column.of("delivery", "INTEGER", true), Column.of("worker", "VARCHAR(128)", true),
            Column.of("outcome", "VARCHAR(20)", true), Column.of("side_effect", "BOOLEAN", true),
            // the metrics order a job's calls by it: each call's own time, not its transaction's
            new Column("at", "TIMESTAMPTZ", true, "clock_timestamp()", true)),
            List.of(),
            List.of(new Index("lab_calls_run", false, List.of("run_id", "job", "step"), null)));

    /** The lab's email provider: what {@link #PROVIDER} must be. */
    static final TableSpec PROVIDER_TABLE = new TableSpec(PROVIDER, "provider table", List.of(
            Column.of("run_id", "VARCHAR(64)", true), Column.of("job", "BIGINT", true),
            Column.of("provider_key", "VARCHAR(255)", false), Column.of("sent", "BOOLEAN", true),
            Column.of("worker", "VARCHAR(128)", true),
            new Column("sent_at", "TIMESTAMPTZ", true, "clock_timestamp()", true)),
            List.of(),
            // the provider honours a key: one sent row per key and run, whoever asks and however often
            List.of(new Index("lab_provider_sends_key", true, List.of("run_id", "provider_key"),
                            "sent AND provider_key IS NOT NULL"),
                    new Index("lab_provider_sends_run", false, List.of("run_id", "job"), null)));

    /** What a refusal offers instead of a table that is not the lab's. */
    private static final String OTHER_PLACE = "give another database (--db URL), or rename or drop that table "
            + "yourself if it is no longer needed";

    /** The advisory lock that keeps two runs from creating the tables at once (CREATE IF NOT EXISTS races). */
    private static final long DDL_LOCK = 0x1abd_0b5L;

    private WorkTables() {
    }

    /**
     * Checks every table a run uses ({@link TableCheck}: columns, constraints, indexes and the role's rights), and
     * only if all of them are the lab's creates the missing tables and indexes; all in one transaction, under an
     * advisory lock that keeps two runs from creating them at once. Nothing of any run is changed.
     *
     * @param store       the run's store: the claim table or the lock table is used with it (the runs table
     *                    {@value RunRegistry#TABLE} always)
     * @param dropOldRuns true if the run first deletes other runs' rows (from both of those tables too)
     * @return why the run may not use the database, naming the first table that is not the lab's (nothing was
     *         created), or null if every table is ready
     * @throws SQLException if the database fails (nothing was created)
     */
    public static TableCheck.Problem prepare(Connection c, StoreKind store, boolean dropOldRuns)
            throws SQLException {
        Set<Right> rights = dropOldRuns ? EnumSet.allOf(Right.class) : EnumSet.of(Right.SELECT, Right.INSERT);
        Set<Right> queueRights = EnumSet.copyOf(rights);
        queueRights.add(Right.UPDATE);
        Map<TableSpec, Set<Right>> tables = new LinkedHashMap<>();
        tables.put(JOBS_TABLE, queueRights);
        tables.put(CALLS_TABLE, rights);
        tables.put(PROVIDER_TABLE, rights);
        if (store == StoreKind.CLAIM_TABLE || dropOldRuns) {
            tables.put(TableSpec.claimTable(CLAIMS), TableCheck.ALL_RIGHTS);
        }
        if (store == StoreKind.LOCK || dropOldRuns) {
            // the claim table's columns, holding locks: named as what it is in messages
            tables.put(TableSpec.claimTable(LOCKS).as("lock table"), TableCheck.ALL_RIGHTS);
        }
        tables.put(TableSpec.runsTable(), TableCheck.ALL_RIGHTS); // registered, beating, unregistered
        // the advisory lock keeps work runs apart; a run --db creating the claim table or the runs table at the
        // same moment takes no such lock, so a creation that loses that race looks again
        for (int attempt = 0; ; attempt++) {
            try {
                return checkAndCreate(c, tables);
            } catch (SQLException e) {
                if (attempt >= 2) {
                    throw e;
                }
            }
        }
    }

    /** One try of {@link #prepare}: checks {@code tables} and creates what is missing, in one transaction. */
    private static TableCheck.Problem checkAndCreate(Connection c, Map<TableSpec, Set<Right>> tables)
            throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("SELECT pg_advisory_xact_lock(" + DDL_LOCK + ")");
            List<String> create = new ArrayList<>();
            for (Map.Entry<TableSpec, Set<Right>> t : tables.entrySet()) {
                TableCheck.Result check = TableCheck.postgres(c, t.getKey(), t.getValue(), OTHER_PLACE);
                if (check.problem() != null) {
                    c.rollback();
                    return check.problem();
                }
                create.addAll(check.toCreate());
            }
            for (String sql : create) {
                st.execute(sql);
            }
            c.commit();
            return null;
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

    /**
     * Gathers the planner's statistics of the tables a run writes ({@code ANALYZE}), as the run's parent does once
     * its first jobs are done. Why: pgjdbc prepares a statement on the server from its fifth execution on, and
     * PostgreSQL may then keep one generic plan for every later value (PostgreSQL's "PREPARE"). On tables never
     * analysed (a new database: every {@code work} without {@code --db}), a statement naming a row by its key and
     * its run ({@code WHERE idempotency_key = ? AND run_id = ?}) costs the same through the run's index as through
     * the primary key, and the generic plan may take the run's index: each such statement then reads every row of
     * the run (measured: 2,000 jobs at 54 jobs/s, against 113 with a plan made per execution). With statistics
     * that show one run in the table, the run's index selects every row and the primary key wins; the statistics
     * invalidate the plans made before. A table whose owner is another role is skipped with a warning.
     *
     * @throws SQLException if the database fails
     */
    public static void analyze(Connection c, StoreKind store) throws SQLException {
        String claims = store == StoreKind.CLAIM_TABLE ? ", " + CLAIMS : store == StoreKind.LOCK ? ", " + LOCKS : "";
        try (Statement st = c.createStatement()) {
            st.execute("ANALYZE " + JOBS + ", " + CALLS + ", " + PROVIDER + claims);
        }
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

    /**
     * Deletes the run's registration ({@link RunRegistry#unregister}) on a connection of its own, with the claim
     * store's time limits: for a run ended from outside (Ctrl+C), whose rows are old from then on.
     *
     * @return false if the database failed: the registration then lapses {@value RunRegistry#ALIVE_S} s after the
     *         run's last heartbeat
     */
    public static boolean unregister(WorkConfig cfg) {
        try (Connection c = WorkerOsProcess.connect(cfg.url())) {
            RunRegistry.unregister(c, cfg.runId());
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
