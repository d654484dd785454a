package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.idempotencylab.cli.Cli;
import org.idempotencylab.scenario.ParameterException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim table of the lab's columns that would still refuse the lab's rows (a CHECK constraint, a UNIQUE
 * constraint or unique index other than the primary key, a trigger), and a PostgreSQL role that may not write the
 * table or create it: each is refused when the store opens, before anything is written, in one message, on SQLite
 * and on PostgreSQL (in databases of this class's own). Without the checks the run started, wrote its first rows
 * and failed half-way with exit 1.
 */
class ClaimTableCheckTest {
    @TempDir
    Path dir;

    /** @return the lab's claim table, as {@code dialect} creates it, with {@code more} added inside its parentheses */
    private static String labTableWith(SqlDialect dialect, String more) {
        String create = dialect.claimTable("processed_jobs").createSql().get(0);
        return create.substring(0, create.length() - 1) + ", " + more + ")";
    }

    /** @return the message of opening {@code url}, after checking the table still holds its one row only */
    private static String refused(String url) throws SQLException {
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*), MIN(idempotency_key) FROM processed_jobs")) {
            rs.next();
            assertEquals(1, rs.getInt(1), "nothing was written");
            assertEquals("theirs", rs.getString(2));
        }
        return e.getMessage();
    }

    private static void sql(String url, String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        }
    }

    private static final String THEIRS = "INSERT INTO processed_jobs (idempotency_key, status, created_at) "
            + "VALUES ('theirs', 'completed', " + "'2026-01-01 00:00:00.000')";

    @Test
    void sqliteACheckAUniqueConstraintAUniqueIndexAndATriggerAreEachRefused() throws SQLException {
        String check = "jdbc:sqlite:" + dir.resolve("check.db");
        sql(check, labTableWith(SqlDialect.SQLITE, "CHECK (claims < 2)"), THEIRS);
        assertTrue(refused(check).contains(": the table processed_jobs differs from the lab's claim table: the "
                + "constraint CHECK (claims < 2) may refuse the lab's rows. Its 1 row is kept and nothing was "
                + "written."), refused(check));
        String unique = "jdbc:sqlite:" + dir.resolve("unique.db");
        sql(unique, labTableWith(SqlDialect.SQLITE, "UNIQUE (owner)"), THEIRS);
        assertTrue(refused(unique).contains("the unique index sqlite_autoindex_processed_jobs_2 UNIQUE (owner) may "
                + "refuse the lab's rows"), refused(unique));
        String index = "jdbc:sqlite:" + dir.resolve("index.db");
        sql(index, labTableWith(SqlDialect.SQLITE, "x INTEGER"), THEIRS,
                "CREATE UNIQUE INDEX one_per_run ON processed_jobs (run_id)");
        assertTrue(refused(index).contains("the unique index one_per_run UNIQUE (run_id) may refuse the lab's rows"),
                refused(index));
        String trigger = "jdbc:sqlite:" + dir.resolve("trigger.db");
        sql(trigger, labTableWith(SqlDialect.SQLITE, "x INTEGER"), THEIRS, "CREATE TRIGGER no BEFORE INSERT ON "
                + "processed_jobs BEGIN SELECT RAISE(ABORT, 'no'); END");
        assertTrue(refused(trigger).contains("the trigger no runs before each row is written, and may change, skip or refuse the lab's rows"), refused(trigger));
    }

    @Test
    void sqliteAUniqueIndexHoldingTheKeyAnIndexOfItsOwnAndATriggerAfterTheWriteAreAccepted() throws SQLException {
        String url = "jdbc:sqlite:" + dir.resolve("fine.db");
        sql(url, labTableWith(SqlDialect.SQLITE, "note TEXT DEFAULT 'x'"), THEIRS,
                "CREATE UNIQUE INDEX key_and_run ON processed_jobs (idempotency_key, run_id)",
                "CREATE INDEX by_owner ON processed_jobs (owner) WHERE owner IS NOT NULL",
                "CREATE TABLE audit (k TEXT)", "CREATE TRIGGER \"before\" AFTER INSERT ON processed_jobs BEGIN "
                        + "INSERT INTO audit VALUES (NEW.idempotency_key); END");
        try (JdbcClaimStore s = JdbcClaimStore.open(url)) {
            assertEquals(ClaimResult.Kind.CLAIMED, s.claim("k", "fp", "w", 0, 1).kind());
        }
    }

    @Test
    void postgresACheckAndAUniqueIndexAreRefusedBeforeWriting() throws SQLException {
        String url = TestPostgres.freshDatabase("claim_check");
        sql(url, labTableWith(SqlDialect.POSTGRES, "CONSTRAINT one_claim CHECK (claims < 2)"), THEIRS);
        assertTrue(refused(url).contains(": the table processed_jobs differs from the lab's claim table: the CHECK "
                + "constraint one_claim (CHECK ((claims < 2))) may refuse the lab's rows. Its 1 row is kept and "
                + "nothing was written."), refused(url));
        sql(url, "ALTER TABLE processed_jobs DROP CONSTRAINT one_claim", "ALTER TABLE processed_jobs ADD CONSTRAINT "
                + "one_per_owner UNIQUE (owner)");
        assertTrue(refused(url).contains("the unique index one_per_owner UNIQUE (owner) may refuse the lab's rows"),
                refused(url));
    }

    @Test
    void postgresARoleThatMayOnlyReadIsRefusedBeforeTheRunInOneLine() throws SQLException {
        String admin = TestPostgres.freshDatabase("claim_reader");
        sql(admin, labTableWith(SqlDialect.POSTGRES, "x INTEGER"), THEIRS);
        TestPostgres.sql("DROP ROLE IF EXISTS claim_reader");
        TestPostgres.sql("CREATE ROLE claim_reader LOGIN");
        sql(admin, "GRANT SELECT ON processed_jobs TO claim_reader");
        String url = admin.replace("user=postgres", "user=claim_reader");
        assertTrue(refused(url).contains(": the role 'claim_reader' may not INSERT, UPDATE or DELETE rows of "
                + "processed_jobs. Its 1 row is kept and nothing was written. Grant them (GRANT SELECT, INSERT, "
                + "UPDATE, DELETE ON processed_jobs TO claim_reader), or use a role that may."), refused(url));
        // run --db: exit 2 before the run, its id never printed
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(new String[] {"run", "--store", "claim-table", "--retry", "whole-job-skip-finished",
                "--jobs", "3", "--db", url}, new PrintWriter(out), new PrintWriter(err));
        assertEquals(Cli.BAD_INPUT, code, err.toString());
        assertEquals("", out.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("--db: Cannot open the claim store at " + ParameterException.quoted(url)
                + ": the role "
                + "'claim_reader' may not INSERT, UPDATE or DELETE rows of processed_jobs."), err.toString());
    }

    /** @return the stderr of {@code run --db url}, after checking it is exit 2, one line, nothing on stdout */
    private static String runRefused(String url) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(new String[] {"run", "--store", "claim-table", "--retry", "whole-job-skip-finished",
                "--jobs", "3", "--db", url}, new PrintWriter(out), new PrintWriter(err));
        assertEquals(Cli.BAD_INPUT, code, err.toString());
        assertEquals("", out.toString());
        assertEquals(1, err.toString().lines().count(), "no run id printed: " + err);
        return err.toString();
    }

    /**
     * A partitioned claim table (no partition takes a row) and one with FORCE ROW LEVEL SECURITY for its owner:
     * {@code run --db} refuses each before the run, exit 2 and one line. Before, it printed the run's id and then
     * failed with exit 1 and PostgreSQL's raw error.
     */
    @Test
    void postgresAPartitionedTableAndRowLevelSecurityAreRefusedBeforeTheRun() throws SQLException {
        String parted = TestPostgres.freshDatabase("claim_parted");
        sql(parted, SqlDialect.POSTGRES.claimTable("processed_jobs").createSql().get(0)
                + " PARTITION BY HASH (idempotency_key)");
        String err = runRefused(parted);
        assertTrue(err.contains(": the table processed_jobs differs from the lab's claim table: it is a partitioned "
                + "table (PARTITION BY HASH (idempotency_key))"), err);

        String admin = TestPostgres.freshDatabase("claim_rls");
        TestPostgres.sql("DROP ROLE IF EXISTS claim_owner");
        TestPostgres.sql("CREATE ROLE claim_owner LOGIN");
        sql(admin, labTableWith(SqlDialect.POSTGRES, "x INTEGER"), THEIRS, "ALTER TABLE processed_jobs OWNER TO "
                + "claim_owner", "ALTER TABLE processed_jobs ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY");
        err = runRefused(admin.replace("user=postgres", "user=claim_owner"));
        assertTrue(err.contains(": the table processed_jobs differs from the lab's claim table: row-level security "
                + "applies to the role 'claim_owner' on it (FORCE ROW LEVEL SECURITY"), err);
    }

    @Test
    void postgresARoleThatMayNotCreateTheTableIsToldWhatIsMissing() throws SQLException {
        String admin = TestPostgres.freshDatabase("claim_nocreate");
        sql(admin, "REVOKE CREATE ON SCHEMA public FROM PUBLIC");
        TestPostgres.sql("DROP ROLE IF EXISTS claim_nocreate");
        TestPostgres.sql("CREATE ROLE claim_nocreate LOGIN");
        String url = admin.replace("user=postgres", "user=claim_nocreate");
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        assertEquals("Cannot open the claim store at '" + url + "': the role 'claim_nocreate' may not create "
                + "tables in the schema public (it lacks CREATE on schema public), and the table processed_jobs does "
                + "not exist yet. Nothing was written. Grant it (GRANT CREATE ON SCHEMA public TO claim_nocreate), "
                + "or have a role that may create the lab's tables first.", e.getMessage());
    }
}
