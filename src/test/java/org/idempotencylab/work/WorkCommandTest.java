package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.idempotencylab.cli.Cli;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code work} for real: worker processes (JVMs) sharing the tests' embedded PostgreSQL, killed with SIGKILL by
 * the chaos loop. Every count checked is read from the tables the workers wrote, not from the command's output
 * alone. Short calls (1 ms) and short leases and timeouts keep the runs to seconds.
 */
class WorkCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String url;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.freshDatabase("work_lab");
    }

    /** What one command printed and returned. */
    record Ran(int code, String out, String err) {
        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (IOException e) {
                throw new AssertionError("not one JSON line: " + out + "\nstderr: " + err, e);
            }
        }
    }

    static Ran cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Ran(code, out.toString(), err.toString());
    }

    /** Kills a worker process every 750 to 2,250 ms (1,500 on average); each is back 100 ms later. */
    private static final String[] CHAOS = {"--processes", "3", "--workers", "2", "--call-ms", "1",
            "--kill-every-ms", "1500", "--restart-ms", "100", "--visibility-timeout-ms", "600", "--quiet"};

    private static String[] work(String store, String key, long jobs, String... more) {
        List<String> a = new ArrayList<>(List.of("work", "--db", url, "--store", store, "--provider-key", key,
                "--jobs", Long.toString(jobs)));
        a.addAll(List.of(CHAOS));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /**
     * The claim table and the same provider key, through real kills, while an unrelated {@code work} (no store)
     * and a {@code run --db} use the same database: every side effect of the first happens exactly once per user,
     * the second has duplicates, and neither run's rows are the other's.
     */
    @Test
    void theClaimTableWithTheSameKeyDoesEverySideEffectOnceThroughKillsAndOtherRunsChangeNothingOfIt()
            throws Exception {
        long jobs = 600;
        CompletableFuture<Ran> other = CompletableFuture.supplyAsync(() -> cli(work("none", "none", 300,
                "--lost-reply", "0.05", "--seed", "7")));
        CompletableFuture<Ran> simulated = CompletableFuture.supplyAsync(() -> cli("run", "--db", url, "--store",
                "claim-table", "--jobs", "300", "--quiet"));
        Ran first = cli(work("claim-table", "same", jobs, "--lease-ms", "300"));
        assertEquals(0, first.code(), first.err());
        JsonNode r = first.json();
        String runId = r.get("runId").asText();

        // the chaos loop really killed worker processes, and jobs were really delivered again
        assertTrue(r.get("crashes").asLong() > 0, "no kill happened: " + r);
        // every kill is followed by a start, except one whose restart time had not come when the last job ended
        long behind = r.get("crashes").asLong() - r.get("restarts").asLong();
        assertTrue(behind >= 0 && behind <= 3, r.toString());
        // every sign-up ended in exactly one outcome (the queue is durable: none is lost)
        assertEquals(jobs, r.get("succeededJobs").asLong() + r.get("failedJobs").asLong()
                + r.get("deadLetteredJobs").asLong(), r.toString());
        assertEquals(0, r.get("lostJobs").asLong());
        // the claim table makes the nine steps in the database once each; the provider's key makes the email once
        assertEquals(0, r.get("repeatedSteps").asLong(), r.toString());
        assertEquals(0, r.get("usersWithDuplicateEmails").asLong(), r.toString());

        try (Connection c = DriverManager.getConnection(url)) {
            // from the rows themselves: no user has any step's side effect twice ...
            assertEquals(0, count(c, "SELECT COUNT(*) FROM (SELECT job, step FROM lab_calls WHERE run_id = ? "
                    + "AND side_effect AND step <> " + SignupSteps.EMAIL + " GROUP BY job, step HAVING COUNT(*) > 1) t",
                    runId));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM (SELECT job FROM lab_provider_sends WHERE run_id = ? "
                    + "AND sent GROUP BY job HAVING COUNT(*) > 1) t", runId));
            // ... and every user whose job succeeded has each of the ten exactly once: 9 in lab_calls, 1 email
            long done = r.get("succeededJobs").asLong();
            assertEquals(done * (SignupSteps.COUNT - 1), count(c, "SELECT COUNT(*) FROM lab_calls c JOIN lab_jobs j "
                    + "ON j.run_id = c.run_id AND j.job = c.job WHERE c.run_id = ? AND j.status = 'done' AND "
                    + "c.side_effect AND c.step <> " + SignupSteps.EMAIL, runId));
            assertEquals(done, count(c, "SELECT COUNT(*) FROM lab_provider_sends p JOIN lab_jobs j ON j.run_id = "
                    + "p.run_id AND j.job = p.job WHERE p.run_id = ? AND j.status = 'done' AND p.sent", runId));
            // the run's queue holds its own jobs only, whatever the other runs put beside them
            assertEquals(jobs, count(c, "SELECT COUNT(*) FROM lab_jobs WHERE run_id = ?", runId));

            Ran second = other.get();
            assertEquals(0, second.code(), second.err());
            JsonNode o = second.json();
            assertFalse(runId.equals(o.get("runId").asText()));
            assertEquals(300, count(c, "SELECT COUNT(*) FROM lab_jobs WHERE run_id = ?", o.get("runId").asText()));
            // no store and no key: 5% lost replies alone resend about 15 emails (0.95^300 < 1e-6 to see none), and
            // each kill in the middle of a job does its finished steps again on the next delivery
            assertTrue(o.get("usersWithDuplicateEmails").asLong() > 0, o.toString());
            assertTrue(o.get("repeatedSteps").asLong() > o.get("usersWithDuplicateEmails").asLong(), o.toString());
            // steps done again, as the rows count them: the nine steps' call rows, and the provider's sent rows for
            // the email (a kill between the provider's send and the call's row leaves the send only)
            assertEquals(o.get("repeatedSteps").asLong(), count(c, "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT "
                    + "job, step, COUNT(*) n FROM lab_calls WHERE run_id = ? AND side_effect AND step <> "
                    + SignupSteps.EMAIL + " GROUP BY job, step) t", o.get("runId").asText())
                    + count(c, "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT job, COUNT(*) n FROM lab_provider_sends "
                    + "WHERE run_id = ? AND sent GROUP BY job) t", o.get("runId").asText()));
            // and why, from the same rows: each adds to one cause, the emails resent after a lost reply in the same
            // delivery as lost replies, the steps a later delivery did again after a kill as a crash (or, if the
            // killed delivery's last row came after the next one's first, a visibility timeout)
            long causes = 0;
            for (Iterator<JsonNode> it = o.get("duplicatesByCause").elements(); it.hasNext(); ) {
                causes += it.next().asLong();
            }
            assertEquals(o.get("repeatedSteps").asLong(), causes, o.toString());
            assertTrue(o.get("duplicatesByCause").get("lostReply").asLong() > 0, o.toString());
            assertTrue(o.get("duplicatesByCause").get("crash").asLong()
                    + o.get("duplicatesByCause").get("visibilityTimeout").asLong() > 0, o.toString());
        }
        Ran sim = simulated.get();
        assertEquals(0, sim.code(), sim.err());
        // the simulated run on the same claim table is the article's first row with the claim table (no crash,
        // no lost reply it could not see): its numbers do not depend on the real workers beside it
        assertEquals(cli("run", "--store", "claim-table", "--jobs", "300").out(), sim.out());
    }

    private static long count(Connection c, String sql, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void withNoDbItRunsOnAnEmbeddedPostgresAndRemovesItsFolder() throws IOException {
        // another lab killed by force on this machine may have left a folder of its own: only this run's counts
        List<Path> before = embeddedFolders();
        Ran r = cli("work", "--jobs", "40", "--processes", "1", "--workers", "2", "--call-ms", "0", "--store",
                "memory", "--format", "text");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("succeededJobs: "), r.out());
        assertTrue(r.out().contains("jobsPerSecond: "), r.out());
        assertTrue(r.err().contains("embedded PostgreSQL"), r.err());
        assertEquals(before, embeddedFolders(), "the embedded server's folder is gone");
    }

    private static List<Path> embeddedFolders() throws IOException {
        try (Stream<Path> left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return left.filter(p -> p.getFileName().toString().startsWith(EmbeddedDatabase.ownFolderPrefix())).sorted()
                    .toList();
        }
    }

    @Test
    void anOptionWithoutEffectOrOutOfRangeIsRefusedInOneLine() {
        Ran lease = cli("work", "--store", "none", "--lease-ms", "500");
        assertEquals(Cli.BAD_INPUT, lease.code());
        assertEquals("--lease-ms: has no effect here; it needs --store claim-table", lease.err().strip());
        Ran restart = cli("work", "--restart-ms", "50");
        assertEquals("--restart-ms: has no effect here; it needs --kill-every-ms above 0", restart.err().strip());
        Ran processes = cli("work", "--processes", "0");
        assertEquals("--processes: 0 is outside the allowed range 1 to 64", processes.err().strip());
        Ran sqlite = cli("work", "--db", "jdbc:sqlite:/tmp/x.db");
        assertEquals(Cli.BAD_INPUT, sqlite.code());
        assertTrue(sqlite.err().startsWith("--db: 'jdbc:sqlite:/tmp/x.db' is not a PostgreSQL URL"), sqlite.err());
        Ran slow = cli("work", "--p-slow", "0.1");
        assertEquals(Cli.BAD_INPUT, slow.code());
        assertTrue(slow.err().startsWith("'--p-slow' is not an option of work"), slow.err());
        Ran fail = cli("work", "--p-fail", "2");
        assertTrue(fail.err().startsWith("--p-fail: 2 is outside the allowed range"), fail.err());
        // a kill every 10 ms, with a second to restart a worker process: no process would ever take a job
        Ran kills = cli("work", "--kill-every-ms", "10");
        assertEquals(Cli.BAD_INPUT, kills.code());
        assertEquals("--kill-every-ms: 10 is outside the allowed range 0 (no kills) or 100 to 86,400,000 ms (a "
                + "restarted worker process needs about a second to take jobs again)", kills.err().strip());
        Ran drop = cli("work", "--drop-old-runs");
        assertEquals("--drop-old-runs: has no effect here; the embedded database a run without --db starts holds no "
                + "other runs", drop.err().strip());
        assertEquals("", lease.out() + restart.out() + processes.out() + sqlite.out() + slow.out() + fail.out()
                + kills.out() + drop.out());
    }
}
