package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.RunHeartbeat;
import org.idempotencylab.store.RunRegistry;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.Test;

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
}
