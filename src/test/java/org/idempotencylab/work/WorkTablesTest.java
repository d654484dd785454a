package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.cli.Cli;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.TableCheck;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.Test;

/**
 * {@code work} on a database that already holds tables of the lab's names, on the tests' embedded PostgreSQL, each
 * case in a database of its own: every table the run uses is checked before anything is created or written, so a
 * table that is not the lab's (or that the role may not use) is refused whole, naming the table and what differs,
 * and the database is left as it was. Without the checks each of these cases created tables and then failed with
 * a raw SQL error, at the first email, or half-way through the run with jobs left queued.
 */
class WorkTablesTest {
    /** @return the URL of a new empty database named {@code name}, after running {@code sql} in it */
    private static String database(String name, String... sql) throws SQLException {
        String url = TestPostgres.freshDatabase(name);
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (String s : sql) {
                st.execute(s);
            }
        }
        return url;
    }

    /**
     * @return why a claim-table run may not use the database at {@code url}, or null; a refused run created
     *         nothing (the catalog holds the same relations after as before)
     */
    private static TableCheck.Problem prepare(String url) throws SQLException {
        List<String> before = labRelations(url);
        try (Connection c = WorkerOsProcess.connect(url)) {
            TableCheck.Problem problem = WorkTables.prepare(c, StoreKind.CLAIM_TABLE, false);
            if (problem != null) {
                assertEquals(before, labRelations(url), "nothing created: " + problem.what());
            }
            return problem;
        }
    }

    /** @return the lab's tables that exist at {@code url}, and every index on them, as names */
    private static List<String> labRelations(String url) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT c.relname FROM pg_class c WHERE c.relname LIKE 'lab\\_%' "
                     + "OR c.relname LIKE 'processed\\_jobs%' ORDER BY c.relname")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** Makes the login role {@code name} anew (the roles are the server's, shared by every database). */
    private static void newRole(String name) throws SQLException {
        TestPostgres.sql("DROP ROLE IF EXISTS " + name);
        TestPostgres.sql("CREATE ROLE " + name + " LOGIN");
    }

    /** @return the stderr of {@code work --db url --jobs 5 --quiet more...}, after checking it is exit 2, one line */
    private static String workRefused(String url, String... more) {
        List<String> args = new ArrayList<>(List.of("work", "--db", url, "--jobs", "5", "--quiet"));
        args.addAll(List.of(more));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        assertEquals(Cli.BAD_INPUT, code, err.toString());
        assertEquals("", out.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        return err.toString();
    }

    /** Asserts that {@code problem} names {@code table} and says {@code what}. */
    private static void refused(TableCheck.Problem problem, String table, String what) {
        assertNotNull(problem, "refused");
        assertTrue(problem.what().startsWith("the table " + table + " "), problem.what());
        assertTrue(problem.what().contains(what), problem.what());
    }

    @Test
    void theLabsOwnTablesPassTheirCheckAndASecondRunCreatesNothing() throws SQLException {
        String url = database("wt_own");
        assertNull(prepare(url));
        List<String> created = labRelations(url);
        assertEquals(List.of("lab_calls", "lab_calls_run", "lab_jobs", "lab_jobs_open", "lab_jobs_pkey",
                "lab_provider_sends", "lab_provider_sends_key", "lab_provider_sends_run", "lab_runs", "lab_runs_pkey",
                "processed_jobs", "processed_jobs_pkey", "processed_jobs_run_id"), created,
                "lab_locks only with --store lock");
        // the tables it created are the lab's: the predicates and defaults as PostgreSQL prints them match
        assertNull(prepare(url));
        try (Connection c = WorkerOsProcess.connect(url)) {
            assertNull(WorkTables.prepare(c, StoreKind.LOCK, true));
        }
        assertEquals(created.size() + 3, labRelations(url).size(), "lab_locks, its key and its run index");
    }

    /** The locks' table has the claim table's columns, but is named as the lock table (it was "claim table"). */
    @Test
    void aStrangersLockTableIsNamedTheLockTable() throws SQLException {
        String url = database("wt_locks", "CREATE TABLE lab_locks (id SERIAL PRIMARY KEY)");
        try (Connection c = WorkerOsProcess.connect(url)) {
            refused(WorkTables.prepare(c, StoreKind.LOCK, false), "lab_locks", "differs from the lab's lock table: ");
        }
    }

    @Test
    void aStrangersQueueTableIsRefusedBeforeAnyTableIsCreated() throws SQLException {
        String url = database("wt_jobs", "CREATE TABLE lab_jobs (id SERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        refused(prepare(url), "lab_jobs", "differs from the lab's queue table: ");
        assertEquals(List.of("lab_jobs", "lab_jobs_id_seq", "lab_jobs_pkey"), labRelations(url), "nothing created");
    }

    @Test
    void theWorkCommandRefusesAStrangersTableInOneLineWithExitTwoAndCreatesNothing() throws SQLException {
        String url = database("wt_cli", "CREATE TABLE lab_jobs (id SERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        String err = workRefused(url, "--store", "claim-table", "--retry", "whole-job-skip-finished",
                "--provider-key", "same");
        assertEquals("--db: Cannot use the database at " + ParameterException.quoted(url) + ": the table lab_jobs "
                + "differs from the lab's "
                + "queue table: its primary key is (id), but the lab's is (run_id, job); the extra column payload is "
                + "NOT NULL without a default, so the lab's inserts would fail; missing run_id, job, status, "
                + "visible_after, receives, redeliveries, refusals, worker, ended_at, calls, sends. Nothing was created or written. "
                + "Give another database (--db URL), or rename or drop that table yourself if it is no longer needed.",
                err.strip());
        assertEquals(List.of("lab_jobs", "lab_jobs_id_seq", "lab_jobs_pkey"), labRelations(url),
                "no processed_jobs, no lab_calls");
    }

    /**
     * The queue table of the lab's earlier version, without the counters {@code calls} and {@code sends}: refused
     * (the workers' statements would fail on it), named as the lab's own older table, with the two ways out: the
     * statements that add the columns and keep its rows, or dropping it. After the advised ALTER TABLE it passes.
     */
    @Test
    void theQueueTableOfAnEarlierVersionIsRefusedWithTheStatementsThatAddTheCounters() throws SQLException {
        String older = WorkTables.JOBS_TABLE.createSql().get(0).replace(", calls INTEGER NOT NULL DEFAULT 0, sends "
                + "INTEGER NOT NULL DEFAULT 0", "");
        String url = database("wt_older", older);
        TableCheck.Problem p = prepare(url);
        assertNotNull(p);
        assertEquals("the table lab_jobs is the lab's queue table of an earlier version: it lacks the columns calls, "
                + "sends", p.what());
        String alter = "ALTER TABLE lab_jobs ADD COLUMN calls INTEGER NOT NULL DEFAULT 0; ALTER TABLE lab_jobs ADD "
                + "COLUMN sends INTEGER NOT NULL DEFAULT 0";
        assertEquals("Add them, which keeps its rows (" + alter + "), or drop the old table if its rows are no longer "
                + "needed (DROP TABLE lab_jobs), or give another database (--db URL)", p.advice());
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (String sql : alter.split("; ")) {
                st.execute(sql);
            }
        }
        assertNull(prepare(url));
    }

    @Test
    void aStrangersIndexWithTheProvidersIndexNameIsRefused() throws SQLException {
        // the same name on the lab's own table, but not unique: the provider would send every email asked for
        String url = database("wt_key", WorkTables.PROVIDER_TABLE.createSql().get(0),
                "CREATE INDEX lab_provider_sends_key ON lab_provider_sends (run_id)");
        refused(prepare(url), "lab_provider_sends", "the index lab_provider_sends_key is (run_id), not the lab's "
                + "UNIQUE (run_id, provider_key) WHERE sent AND provider_key IS NOT NULL");
        assertEquals(List.of("lab_provider_sends", "lab_provider_sends_key"), labRelations(url));
        // the name taken by an index on another table: CREATE INDEX IF NOT EXISTS would quietly skip the lab's
        url = database("wt_key2", "CREATE TABLE mail (id INTEGER)",
                "CREATE UNIQUE INDEX lab_provider_sends_key ON mail (id)");
        TableCheck.Problem p = prepare(url);
        assertNotNull(p);
        assertEquals("the table lab_provider_sends cannot be created as the lab's provider table: the name "
                + "lab_provider_sends_key of the lab's index UNIQUE (run_id, provider_key) WHERE sent AND provider_key "
                + "IS NOT NULL is taken by an index on the table mail", p.what());
        assertEquals(List.of("lab_provider_sends_key"), labRelations(url), "nothing created");
    }

    @Test
    void anExtraNotNullColumnACheckAUniqueIndexAForeignKeyAndATriggerAreEachRefused() throws SQLException {
        String calls = WorkTables.CALLS_TABLE.createSql().get(0);
        String jobs = WorkTables.JOBS_TABLE.createSql().get(0);
        refused(prepare(database("wt_extra", calls, "ALTER TABLE lab_calls ADD COLUMN tenant TEXT NOT NULL")),
                "lab_calls", "the extra column tenant is NOT NULL without a default, so the lab's inserts would fail");
        refused(prepare(database("wt_check", jobs, "ALTER TABLE lab_jobs ADD CONSTRAINT few CHECK (job < 100)")),
                "lab_jobs", "the CHECK constraint few (CHECK ((job < 100))) may refuse the lab's rows");
        refused(prepare(database("wt_unique", calls, "CREATE UNIQUE INDEX one_call ON lab_calls (run_id, job)")),
                "lab_calls", "the unique index one_call UNIQUE (run_id, job) may refuse the lab's rows");
        refused(prepare(database("wt_fk", "CREATE TABLE runs (run_id VARCHAR(64) PRIMARY KEY)", calls,
                "ALTER TABLE lab_calls ADD CONSTRAINT known FOREIGN KEY (run_id) REFERENCES runs")), "lab_calls",
                "the foreign key known (FOREIGN KEY (run_id) REFERENCES runs(run_id)) may refuse the lab's rows");
        refused(prepare(database("wt_trigger", jobs, "CREATE FUNCTION no() RETURNS trigger LANGUAGE plpgsql AS "
                + "'BEGIN RETURN NULL; END'", "CREATE TRIGGER drop_all BEFORE INSERT ON lab_jobs FOR EACH ROW "
                + "EXECUTE FUNCTION no()")), "lab_jobs", "the trigger drop_all runs before each row is written, and may change, skip or refuse the lab's rows");
        // the runs table every run registers in
        refused(prepare(database("wt_runs", "CREATE TABLE lab_runs (run_id TEXT PRIMARY KEY)")), "lab_runs",
                "differs from the lab's runs table: run_id is TEXT, not CHARACTER VARYING(64); missing command, "
                        + "started_at, heartbeat_at");
        // a default the queue's inserts rely on: a job would start with 5 receives
        refused(prepare(database("wt_default", jobs, "ALTER TABLE lab_jobs ALTER COLUMN receives SET DEFAULT 5")),
                "lab_jobs", "receives defaults to 5, not 0");
    }

    @Test
    void aUniqueIndexHoldingTheWholePrimaryKeyAndATriggerAfterTheWriteAreAccepted() throws SQLException {
        // (run_id, job, status) is unique whenever (run_id, job) is: it refuses no row the lab's table accepts; a
        // trigger after the write cannot change the row, and if it fails the statement fails with its message
        String url = database("wt_harmless", WorkTables.JOBS_TABLE.createSql().get(0),
                "CREATE UNIQUE INDEX wide ON lab_jobs (run_id, job, status)",
                "CREATE INDEX by_worker ON lab_jobs (worker)",
                "CREATE FUNCTION audit() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END'",
                "CREATE TRIGGER audit AFTER INSERT ON lab_jobs FOR EACH ROW EXECUTE FUNCTION audit()");
        assertNull(prepare(url));
    }

    @Test
    void aRoleThatMayOnlyReadIsRefusedBeforeTheRunAndSaysWhatToGrant() throws SQLException {
        String url = database("wt_reader");
        assertNull(prepare(url), "the tables, created by the superuser");
        newRole("lab_reader");
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO lab_reader");
        }
        TableCheck.Problem p = prepare(url.replace("user=postgres", "user=lab_reader"));
        assertNotNull(p);
        assertEquals("the role 'lab_reader' may not INSERT or UPDATE rows of lab_jobs", p.what());
        assertEquals("Grant them (GRANT SELECT, INSERT, UPDATE ON lab_jobs TO lab_reader), or use a role that may",
                p.advice());
    }

    /**
     * A partitioned queue table (without partitions it refuses every row), a partition (it refuses the rows
     * outside its bounds) and a table others inherit from (the lab's reads and deletes reach their rows): each is
     * refused whole before anything is created, and {@code work} says so in one line with exit 2. Before, the
     * partitioned table passed the check, the other tables were created, a lab_runs row was left, and the run
     * failed with a raw SQL error.
     */
    @Test
    void aPartitionedTableAPartitionAndATableOthersInheritFromAreRefused() throws SQLException {
        String jobs = WorkTables.JOBS_TABLE.createSql().get(0);
        String partitioned = database("wt_parted", jobs + " PARTITION BY HASH (run_id)");
        refused(prepare(partitioned), "lab_jobs", "differs from the lab's queue table: it is a partitioned table "
                + "(PARTITION BY HASH (run_id)), which refuses a row that no partition takes");
        String err = workRefused(partitioned);
        assertTrue(err.contains("it is a partitioned table"), err);
        assertEquals(List.of("lab_jobs", "lab_jobs_pkey"), labRelations(partitioned), "nothing created");

        String calls = WorkTables.CALLS_TABLE.createSql().get(0);
        refused(prepare(database("wt_partition", calls.replace("lab_calls", "all_calls") + " PARTITION BY LIST "
                + "(run_id)", "CREATE TABLE lab_calls PARTITION OF all_calls FOR VALUES IN ('r1')")), "lab_calls",
                "it is a partition of the table all_calls (FOR VALUES IN ('r1')), which refuses the rows outside its "
                        + "bounds");
        refused(prepare(database("wt_inherited", calls, "CREATE TABLE old_calls () INHERITS (lab_calls)")),
                "lab_calls", "it has tables that inherit from it (old_calls), whose rows the lab's reads and deletes "
                        + "would reach");
    }

    /**
     * Row-level security that applies to the role: FORCEd on the tables' owner, or enabled for a role that is not
     * the owner even with every right granted (no policy lets it insert). Refused before anything is written; the
     * superuser, whom PostgreSQL never subjects to it, passes. Before, the run printed its id, then failed with
     * exit 1.
     */
    @Test
    void rowLevelSecurityThatAppliesToTheRoleIsRefused() throws SQLException {
        String url = database("wt_rls");
        assertNull(prepare(url), "the tables, created by the superuser");
        newRole("lab_owner");
        newRole("lab_granted");
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (String t : List.of("lab_jobs", "lab_calls", "lab_provider_sends", "lab_runs", "processed_jobs")) {
                st.execute("ALTER TABLE " + t + " OWNER TO lab_owner"); // its indexes with it
            }
            st.execute("GRANT ALL ON ALL TABLES IN SCHEMA public TO lab_granted");
            st.execute("ALTER TABLE lab_jobs ENABLE ROW LEVEL SECURITY");
        }
        TableCheck.Problem granted = prepare(url.replace("user=postgres", "user=lab_granted"));
        refused(granted, "lab_jobs", "row-level security applies to the role 'lab_granted' on it (enabled, and the "
                + "role is not its owner, and neither superuser nor BYPASSRLS), and its policies may hide or refuse "
                + "the lab's rows");
        assertNull(prepare(url.replace("user=postgres", "user=lab_owner")), "the owner: not forced on it");
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute("ALTER TABLE lab_jobs FORCE ROW LEVEL SECURITY");
        }
        refused(prepare(url.replace("user=postgres", "user=lab_owner")), "lab_jobs", "row-level security applies to "
                + "the role 'lab_owner' on it (FORCE ROW LEVEL SECURITY");
        assertNull(prepare(url), "the superuser: never subject to it");
    }

    @Test
    void aRoleThatMayNotCreateTablesInTheSchemaIsToldSo() throws SQLException {
        String url = database("wt_nocreate", "REVOKE CREATE ON SCHEMA public FROM PUBLIC");
        newRole("lab_nocreate");
        TableCheck.Problem p = prepare(url.replace("user=postgres", "user=lab_nocreate"));
        assertNotNull(p);
        assertEquals("the role 'lab_nocreate' may not create tables in the schema public (it lacks CREATE on schema "
                + "public), and the table lab_jobs does not exist yet", p.what());
        assertEquals("Grant it (GRANT CREATE ON SCHEMA public TO lab_nocreate), or have a role that may create the "
                + "lab's tables first", p.advice());
        assertEquals(List.of(), labRelations(url));
    }

    /**
     * The parent's {@code ANALYZE} once the first jobs are done makes the generic plan of a statement that names a
     * claim by key and run take the primary key. A generic plan made while the new table is small and never
     * analysed does not (a scan, or the run's index, which reads every row of the run), and is kept as the table
     * grows, as checked first here: the reason for the {@code ANALYZE}, whose statistics invalidate that plan.
     */
    @Test
    void theStatisticsGatheredAfterTheFirstJobsPlanAClaimsStatementsByItsKey() throws SQLException {
        String url = TestPostgres.freshDatabase("work_plans");
        try (Connection c = WorkerOsProcess.connect(url); Statement st = c.createStatement()) {
            assertNull(WorkTables.prepare(c, StoreKind.CLAIM_TABLE, false));
            String rows = "INSERT INTO processed_jobs (idempotency_key, status, run_id, owner) SELECT 'r/k' || g, "
                    + "'in_progress', 'r', 'w' FROM generate_series(%d, %d) g";
            st.execute(String.format(rows, 1, 5));
            st.execute("SET plan_cache_mode = force_generic_plan");
            st.execute("PREPARE complete(varchar, varchar, varchar) AS UPDATE processed_jobs SET status = "
                    + "'completed' WHERE idempotency_key = $1 AND run_id = $2 AND owner = $3 "
                    + "AND status = 'in_progress'");
            assertFalse(plan(st).contains("processed_jobs_pkey"), plan(st));
            st.execute(String.format(rows, 6, 5_000));
            assertFalse(plan(st).contains("processed_jobs_pkey"), plan(st));
            WorkTables.analyze(c, StoreKind.CLAIM_TABLE);
            assertTrue(plan(st).contains("processed_jobs_pkey"), plan(st));
        }
    }

    private static String plan(Statement st) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (ResultSet rs = st.executeQuery("EXPLAIN EXECUTE complete('r/k1', 'r', 'w')")) {
            while (rs.next()) {
                out.append(rs.getString(1)).append('\n');
            }
        }
        return out.toString();
    }
}
