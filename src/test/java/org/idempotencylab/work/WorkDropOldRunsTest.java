package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.cli.Cli;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.RunHeartbeat;
import org.idempotencylab.store.RunRegistry;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code work} and runs that cannot erase each other, on the tests' PostgreSQL: {@code work --drop-old-runs} keeps
 * every row of a run still going (registered, its heartbeat beating) and deletes those of a run that ended; a
 * {@code work} whose queue rows are deleted under it ends with exit 1 and one line, where it said
 * {@code "succeeded":"100.000%"} with 0 sign-ups succeeded and exited 0.
 */
class WorkDropOldRunsTest {
    private static final String[] SMALL = {"--processes", "1", "--workers", "1", "--call-ms", "0"};

    private static WorkCommandTest.Ran work(String url, String jobs, String... more) {
        List<String> args = new ArrayList<>(List.of("work", "--db", url, "--store", "claim-table", "--jobs", jobs));
        args.addAll(List.of(SMALL));
        args.addAll(List.of(more));
        return WorkCommandTest.cli(args.toArray(String[]::new));
    }

    /** @return the rows of {@code runId} in the tables {@code work} writes, all four together. */
    private static long rows(String url, String runId) throws SQLException {
        long n = 0;
        try (Connection c = DriverManager.getConnection(url)) {
            for (String t : new String[] {"processed_jobs", "lab_jobs", "lab_calls", "lab_provider_sends"}) {
                try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + t + " WHERE run_id = ?")) {
                    ps.setString(1, runId);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        n += rs.getLong(1);
                    }
                }
            }
        }
        return n;
    }

    @Test
    void dropOldRunsKeepsTheRowsOfARunStillGoing() throws Exception {
        String url = TestPostgres.freshDatabase("work_drop_kept");
        WorkCommandTest.Ran ended = work(url, "20", "--quiet");
        assertEquals(0, ended.code(), ended.err());
        String endedRun = ended.json().get("runId").asText();
        long endedRows = rows(url, endedRun);
        assertTrue(endedRows > 20 * 10, "20 sign-ups: 200 claims, 20 queue rows, calls, sends: " + endedRows);

        // a run still going, registered with its heartbeat beating: 3 claims and 5 jobs on the queue
        try (JdbcClaimStore live = JdbcClaimStore.open(url, new JdbcClaimStore.Options("processed_jobs", "run-live",
                Instant.parse("2026-01-01T00:00:00Z"))); RunHeartbeat beat = RunHeartbeat.start(live, "work")) {
            for (int i = 0; i < 3; i++) {
                assertEquals(ClaimResult.Kind.CLAIMED, live.claim("k" + i, "f", "w", 0, 60_000).kind());
            }
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                st.execute("INSERT INTO lab_jobs (run_id, job, status, visible_after) SELECT 'run-live', g, "
                        + "'queued', clock_timestamp() FROM generate_series(0, 4) g");
            }
            WorkCommandTest.Ran dropping = work(url, "10", "--drop-old-runs");
            assertEquals(0, dropping.code(), dropping.err());
            assertTrue(dropping.err().startsWith(String.format(Locale.ROOT, "--drop-old-runs: deleted %,d "
                    + "rows of 1 other run from the lab's tables; kept 8 rows of 1 run still going (its heartbeat in "
                    + "lab_runs is younger than 30 s)%n", endedRows)), dropping.err());
            assertEquals(8, rows(url, "run-live"), "every row of the run still going is there");
            assertEquals(0, rows(url, endedRun), "the ended run's rows are gone");
            beat.check(); // and the run still going lost nothing: no exception
        }
    }

    /**
     * A trigger deletes the run's queue rows once its 20th call is recorded (2 of its 50 sign-ups in): once as the
     * lab's earlier {@code --drop-old-runs} did it (the rows only: the parent finds fewer jobs than it queued),
     * once as another run's that took this one for dead (its registration too: the heartbeat finds it gone).
     */
    @Test
    void aRunWhoseQueueRowsAreDeletedUnderItExits1WithOneLine() throws Exception {
        for (boolean registrationToo : new boolean[] {false, true}) {
            String url = TestPostgres.freshDatabase("work_erased_" + registrationToo);
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                WorkTables.prepare(c, StoreKind.MEMORY, false); // the lab's tables, then a trigger after the write
                st.execute("CREATE FUNCTION erase() RETURNS trigger AS $$ BEGIN IF (SELECT COUNT(*) FROM lab_calls "
                        + "WHERE run_id = NEW.run_id) = 20 THEN DELETE FROM lab_jobs WHERE run_id = NEW.run_id; "
                        + (registrationToo ? "DELETE FROM lab_runs WHERE run_id = NEW.run_id; " : "")
                        + "END IF; RETURN NULL; END $$ LANGUAGE plpgsql");
                st.execute("CREATE TRIGGER erase AFTER INSERT ON lab_calls FOR EACH ROW EXECUTE FUNCTION erase()");
            }
            WorkCommandTest.Ran r = work(url, "50", "--quiet");
            assertEquals(1, r.code(), r.err());
            assertEquals("", r.out(), "no numbers");
            assertEquals("work: " + RunRegistry.ERASED, r.err().strip());
        }
    }

    /**
     * Someone deletes rows of a going run from the calls table (5 of them, once its 20th call is recorded) or from
     * the provider table (its first send, once its third is recorded), by a trigger after the write so it happens
     * mid-run, every time at the same point. The queue's rows are all there, so only the counters the workers keep
     * on each job's row ({@code lab_jobs.calls}, {@code sends}, raised in the statement that writes the row) tell
     * that rows are missing: exit 1 and the one line, no numbers. Before, the run exited 0 with {@code calls} 5 too
     * few, or {@code emailsSent} one below {@code succeededJobs} with the same key for every send.
     */
    @Test
    void aRunWhoseCallOrSendRowsAreDeletedUnderItExits1WithOneLine() throws Exception {
        String[][] cases = {{"calls", "lab_calls", "20", "5"}, {"sends", "lab_provider_sends", "3", "1"}};
        for (String[] k : cases) {
            String url = TestPostgres.freshDatabase("work_rows_" + k[0]);
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                WorkTables.prepare(c, StoreKind.MEMORY, false);
                st.execute("CREATE FUNCTION erase() RETURNS trigger AS $$ BEGIN IF (SELECT COUNT(*) FROM " + k[1]
                        + " WHERE run_id = NEW.run_id) = " + k[2] + " THEN DELETE FROM " + k[1] + " WHERE ctid IN "
                        + "(SELECT ctid FROM " + k[1] + " WHERE run_id = NEW.run_id LIMIT " + k[3] + "); END IF; "
                        + "RETURN NULL; END $$ LANGUAGE plpgsql");
                st.execute("CREATE TRIGGER erase AFTER INSERT ON " + k[1] + " FOR EACH ROW EXECUTE FUNCTION erase()");
            }
            WorkCommandTest.Ran r = work(url, "50", "--quiet", "--provider-key", "same", "--retry",
                    "whole-job-skip-finished");
            assertEquals(1, r.code(), k[1] + ": " + r.err());
            assertEquals("", r.out(), k[1] + ": no numbers");
            assertEquals("work: " + RunRegistry.ERASED, r.err().strip(), k[1]);
        }
    }

    /**
     * A database that fills up under a run of two worker processes (a trigger raises PostgreSQL's disk_full,
     * {@code 53100}, as the 20th call and each after it is written, so both fail): one line, the first worker's own, and exit 1.
     * Before, each worker's line came through and then the parent's "worker process ... ended with exit code 1
     * (its message is above)": two or three lines.
     */
    @Test
    void aDatabaseThatFillsUpEndsTheRunWithOneLine() throws Exception {
        String url = TestPostgres.freshDatabase("work_full");
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            WorkTables.prepare(c, StoreKind.MEMORY, false);
            st.execute("CREATE FUNCTION full_disk() RETURNS trigger AS $$ BEGIN IF (SELECT COUNT(*) FROM lab_calls) "
                    + ">= 20 THEN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = "
                    + "'53100'; END IF; RETURN NULL; END $$ LANGUAGE plpgsql");
            st.execute("CREATE TRIGGER full_disk AFTER INSERT ON lab_calls FOR EACH ROW EXECUTE FUNCTION "
                    + "full_disk()");
        }
        WorkCommandTest.Ran r = WorkCommandTest.cli("work", "--db", url, "--jobs", "50", "--processes", "2",
                "--workers", "1", "--call-ms", "0", "--quiet");
        assertEquals(1, r.code(), r.err());
        assertEquals("", r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.get(0).matches("work: worker process p[01]\\.0 stopped: .*disk full: the database could "
                + "not write \\(ERROR: could not extend file: No space left on device\\).*"), r.err());
    }

    /**
     * {@code work --db} in a JVM of its own, stopped with SIGSTOP while its worker process writes: the worker
     * process beats the run's heartbeat too, so the registration stays young (its {@code heartbeat_at} moves
     * while the parent is stopped) and another run's {@code --drop-old-runs} keeps the run's rows. Before, only the
     * parent beat: 30 s after a SIGSTOP the run was taken for dead with its workers still writing. Then SIGCONT
     * and SIGTERM (as Ctrl+C): the run's registration is deleted at once (it stayed behind for 30 s), and the one
     * line says the worker processes are stopped, without an embedded database that this run never had.
     */
    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "SIGSTOP and SIGTERM")
    void theWorkersKeepAStoppedParentsRunGoingAndCtrlCUnregistersIt(@TempDir Path dir) throws Exception {
        String url = TestPostgres.freshDatabase("work_sigstop");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Cli.class.getName(), "work", "--db", url, "--jobs", "100000",
                "--processes", "1", "--workers", "1", "--call-ms", "5", "--quiet");
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        try {
            EmbeddedServerLifecycleTest.waitFor(120, "the worker process writes", () -> count(url, "SELECT COUNT(*) FROM lab_calls") > 0);
            assertEquals(0, signal("STOP", p.pid()));
            String before = heartbeat(url);
            // 3 beats' time: a beat of the worker process moves it, the parent's cannot (it is stopped)
            Thread.sleep(3 * RunRegistry.BEAT_EVERY_MS);
            String after = heartbeat(url);
            assertTrue(after.compareTo(before) > 0, "the heartbeat moved while the parent was stopped: " + before
                    + ", " + after);
            assertEquals(0, signal("CONT", p.pid()));
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "work ended");
            assertEquals(0, count(url, "SELECT COUNT(*) FROM lab_runs"), "its registration is gone at once");
            assertEquals(List.of("work: interrupted; the worker processes are stopped"),
                    Files.readAllLines(dir.resolve("err.txt")));
        } finally {
            signal("CONT", p.pid());
            p.destroyForcibly();
        }
    }

    /** @return the run's {@code heartbeat_at} as text (the one run registered), which sorts as the time does */
    private static String heartbeat(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT to_char(heartbeat_at AT TIME ZONE 'UTC', "
                     + "'YYYY-MM-DD HH24:MI:SS.US') FROM lab_runs")) {
            assertTrue(rs.next(), "registered");
            return rs.getString(1);
        }
    }

    private static long count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState())) {
                return 0; // the table is not there yet
            }
            throw e;
        }
    }

    private static int signal(String name, long pid) throws IOException, InterruptedException {
        return new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor();
    }

}
