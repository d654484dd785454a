package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.store.RunRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code run --db} whose rows are deleted while it runs ends with exit 1 and one line saying so, and prints no
 * numbers: before, it exited 0 with wrong ones (its finished steps, deleted, were done again). The deletion comes
 * from a trigger in the database, at a fixed moment (the run's 100th row), so the test does not race the run: once
 * as the lab's earlier versions did it (the rows only), once as another run's {@code --drop-old-runs} that took
 * this one for dead (its registration in {@code lab_runs} and its rows).
 */
class RunErasedTest {
    @Test
    void aRunWhoseRowsAreDeletedUnderItExits1WithOneLine(@TempDir Path dir) throws Exception {
        for (boolean registrationToo : new boolean[] {false, true}) {
            String url = "jdbc:sqlite:" + dir.resolve("erased-" + registrationToo + ".db");
            Outcome first = cli("run", "--db", url, "--store", "claim-table", "--jobs", "1", "--quiet");
            assertEquals(0, first.code(), first.err()); // the tables exist: the trigger can be put on them
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                st.execute("CREATE TRIGGER erase AFTER INSERT ON processed_jobs WHEN (SELECT COUNT(*) FROM "
                        + "processed_jobs WHERE run_id = NEW.run_id) = 100 BEGIN "
                        + (registrationToo ? "DELETE FROM lab_runs WHERE run_id = NEW.run_id; " : "")
                        + "DELETE FROM processed_jobs WHERE run_id = NEW.run_id AND idempotency_key <> "
                        + "NEW.idempotency_key; END");
            }
            String[] run = {"run", "--db", url, "--store", "claim-table", "--retry", "whole-job-skip-finished",
                "--provider-key", "same", "--jobs", "300", "--quiet"};
            Outcome o = cli(run);
            assertEquals(1, o.code(), o.err());
            assertEquals("", o.out());
            assertEquals("--db: the run stopped: " + RunRegistry.ERASED + " (the claim table processed_jobs at '"
                    + url + "').", o.err().strip());
        }
    }

    /**
     * The run's registration cannot be deleted at its end (a trigger refuses the DELETE, as a failing database
     * would): its numbers, checked already, are printed, and one line says the registration stays, exit 1. Before,
     * the failure was swallowed: exit 0 and nothing said.
     */
    @Test
    void aRegistrationThatCannotBeDeletedIsOneLineAndExit1(@TempDir Path dir) throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("kept.db");
        assertEquals(0, cli("run", "--db", url, "--store", "claim-table", "--jobs", "1", "--quiet").code());
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute("CREATE TRIGGER keep AFTER DELETE ON lab_runs BEGIN SELECT RAISE(ABORT, 'refused'); END");
        }
        Outcome o = cli("run", "--db", url, "--store", "claim-table", "--jobs", "5", "--quiet");
        assertEquals(1, o.code(), o.err());
        assertEquals(1, o.outLines().size(), "the numbers: " + o.out());
        assertEquals("--db: Claim store at '" + url + "' failed to unregister this run from lab_runs (its "
                + "registration stays until its heartbeat is 30 s old): [SQLITE_CONSTRAINT_TRIGGER] A RAISE function "
                + "within a trigger fired, causing the SQL statement to abort (refused).", o.err().strip());
    }

    /**
     * {@code run --db} in a JVM of its own, ended with SIGTERM (as Ctrl+C) while it writes: its registration in
     * {@code lab_runs} is deleted as it ends, so its rows are old at once. Before, it stayed until its heartbeat was
     * 30 s old.
     */
    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "SIGTERM: Process.destroy is a hard kill on Windows")
    void aRunEndedWithCtrlCLeavesNoRegistration(@TempDir Path dir) throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("ended.db");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Cli.class.getName(), "run", "--db", url, "--store",
                "claim-table", "--jobs", "10000000", "--quiet").redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (registrations(url) == 0) {
                assertTrue(System.nanoTime() < deadline, "the run registered within 120 s");
                Thread.sleep(50);
            }
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ended");
            assertEquals(0, registrations(url), "its registration is gone");
        } finally {
            p.destroyForcibly();
        }
    }

    /** @return the runs registered at {@code url}; 0 before the runs table exists */
    private static long registrations(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM lab_runs")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            if (String.valueOf(e.getMessage()).contains("no such table")) {
                return 0;
            }
            throw e;
        }
    }
}
