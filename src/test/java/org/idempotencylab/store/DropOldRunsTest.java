package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs that cannot erase each other, on SQLite and PostgreSQL: {@code --drop-old-runs} ({@link
 * JdbcClaimStore#dropOtherRuns()}) deletes the rows of runs no longer going (one that ended, one whose heartbeat
 * stopped an hour ago, one of the lab's earlier versions, which never registered) and keeps every row of a run
 * still going, with its heartbeat beating beside it; and a run whose rows are deleted under it finds out before it
 * reports its numbers ({@link RunHeartbeat#check()}).
 */
class DropOldRunsTest {
    private static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private static JdbcClaimStore open(String url, String runId) {
        return JdbcClaimStore.open(url, new JdbcClaimStore.Options("processed_jobs", runId, EPOCH));
    }

    private static void claim(JdbcClaimStore s, int keys) {
        for (int i = 0; i < keys; i++) {
            assertEquals(ClaimResult.Kind.CLAIMED, s.claim("k" + i, "f", "w", 0, 60_000).kind());
        }
    }

    private static void sql(String url, String sql, String... args) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setString(i + 1, args[i]);
            }
            ps.execute();
        }
    }

    private static void dropKeepsTheRunStillGoingAndDeletesTheOthers(String url) throws SQLException {
        try (JdbcClaimStore live = open(url, "run-live"); RunHeartbeat liveBeat = RunHeartbeat.start(live, "run")) {
            claim(live, 3);
            // a run that ended: registered while it ran, unregistered at its end
            try (JdbcClaimStore ended = open(url, "run-ended"); RunHeartbeat b = RunHeartbeat.start(ended, "run")) {
                claim(ended, 2);
            }
            // a run killed an hour ago: its registration stayed, with its last heartbeat
            try (JdbcClaimStore stale = open(url, "run-stale"); Connection c = DriverManager.getConnection(url)) {
                RunRegistry.register(c, "run-stale", "run");
                claim(stale, 4);
            }
            sql(url, "UPDATE lab_runs SET heartbeat_at = '2000-01-01 00:00:00.000' WHERE run_id = ?", "run-stale");
            // the lab's earlier version: rows, never a registration
            try (JdbcClaimStore older = open(url, "run-older")) {
                claim(older, 5);
            }
            // a row the lab did not write (the article's own statement): no run id
            sql(url, "INSERT INTO processed_jobs (idempotency_key, status) VALUES ('article-key', 'completed')");

            try (JdbcClaimStore mine = open(url, "run-mine"); RunHeartbeat b = RunHeartbeat.start(mine, "run")) {
                DroppedRuns d = mine.dropOtherRuns();
                assertEquals(Set.of("run-ended", "run-stale", "run-older"), d.runs());
                assertEquals(2 + 4 + 5, d.rows());
                assertEquals(Map.of("run-live", 3L), d.kept());
                assertEquals("deleted 11 rows of 3 other runs from processed_jobs; kept 3 rows of 1 run still going "
                        + "(its heartbeat in lab_runs is younger than 30 s)", d.describe("processed_jobs"));
                assertEquals(List.of("run-live", "run-mine"), LabRuns.column(url, "run_id"), "the stale registration is gone");
            }
            assertEquals(3, live.size());
            liveBeat.check(); // nothing of the live run was lost: no exception
        }
        assertEquals(List.of(), LabRuns.column(url, "run_id"), "every run that ended unregistered");
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM processed_jobs WHERE run_id IS NULL")) {
            rs.next();
            assertEquals(1, rs.getLong(1), "the row with no run id stays");
        }
    }

    /**
     * A run whose rows vanish under it finds out in {@link RunHeartbeat#check()}: taken for dead by another
     * run's {@code --drop-old-runs} (its registration and its rows deleted), or its rows deleted by the lab's
     * earlier versions, which deleted every other run's rows and knew nothing of registrations.
     */
    private static void aRunWhoseRowsAreDeletedFindsOut(String url) throws SQLException {
        for (boolean registrationToo : new boolean[] {true, false}) {
            String id = "run-victim-" + registrationToo;
            try (JdbcClaimStore victim = open(url, id); RunHeartbeat beat = RunHeartbeat.start(victim, "run")) {
                claim(victim, 3);
                beat.check(); // all there so far
                if (registrationToo) {
                    sql(url, "DELETE FROM lab_runs WHERE run_id = ?", id);
                }
                sql(url, "DELETE FROM processed_jobs WHERE run_id = ?", id);
                ClaimStoreException e = assertThrows(ClaimStoreException.class, beat::check);
                assertEquals(RunRegistry.ERASED + " (the claim table processed_jobs at '" + victim.url() + "').",
                        e.getMessage());
            }
        }
    }

    @Test
    void onSqlite(@TempDir Path dir) throws SQLException {
        dropKeepsTheRunStillGoingAndDeletesTheOthers("jdbc:sqlite:" + dir.resolve("a.db"));
        aRunWhoseRowsAreDeletedFindsOut("jdbc:sqlite:" + dir.resolve("b.db"));
    }

    @Test
    void onPostgres() throws SQLException {
        dropKeepsTheRunStillGoingAndDeletesTheOthers(TestPostgres.freshDatabase("drop_old_runs_a"));
        aRunWhoseRowsAreDeletedFindsOut(TestPostgres.freshDatabase("drop_old_runs_b"));
    }

    @Test
    void theRunsTableCannotBeTheClaimTable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new JdbcClaimStore.Options("lab_runs", "run-a", EPOCH));
        assertTrue(e.getMessage().startsWith("table: 'lab_runs' is not allowed"), e.getMessage());
    }

    /** One row and one run are said in the singular ("deleted 1 rows" before). */
    @Test
    void oneRowIsSaidInTheSingular() {
        assertEquals("deleted 1 row of 1 other run from t; kept 1 row of 1 run still going (its heartbeat in "
                + "lab_runs is younger than 30 s)", new DroppedRuns(Set.of("a"), 1, Map.of("b", 1L)).describe("t"));
        assertEquals("deleted 0 rows of 0 other runs from t", new DroppedRuns(Set.of(), 0, Map.of()).describe("t"));
    }
}
