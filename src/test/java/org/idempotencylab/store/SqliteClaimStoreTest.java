package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import org.idempotencylab.store.ClaimResult.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The claim rules on SQLite (xerial sqlite-jdbc), in a file; plus durability and the bad-URL messages. */
class SqliteClaimStoreTest extends ClaimStoreContract {

    @TempDir
    Path dir;

    private String url() {
        return "jdbc:sqlite:" + dir.resolve("claims.db");
    }

    @Override
    protected ClaimStore newStore() {
        return JdbcClaimStore.open(url());
    }

    @Test
    void completedKeysAndTheirResultsSurviveClosingAndReopeningTheFile() {
        store.claim("done", FP, "w1", 0, LEASE);
        store.complete("done", "w1", "{\"chargeId\":\"ch_1\"}", 50);
        store.claim("running", FP, "w2", 0, LEASE);
        JdbcClaimStore first = (JdbcClaimStore) store;
        store.close();
        store = null;

        // the same run opened again (same run id and epoch) finds its rows; a new run finds none of them
        try (JdbcClaimStore other = JdbcClaimStore.open(url())) {
            assertEquals(0, other.size());
            assertEquals(Kind.CLAIMED, other.claim("done", FP, "w9", 0, LEASE).kind());
        }
        try (JdbcClaimStore again = JdbcClaimStore.open(url(),
                new JdbcClaimStore.Options(JdbcClaimStore.DEFAULT_TABLE, first.runId(), first.epoch()))) {
            assertEquals(2, again.size(), "done and running: the other run's row is not this run's");
            ClaimResult r = again.claim("done", FP, "w3", 100, LEASE);
            assertEquals(Kind.COMPLETED, r.kind());
            assertEquals("{\"chargeId\":\"ch_1\"}", r.result());
            assertEquals(50L, again.get("done").orElseThrow().completedAtMs());
            // the in-progress claim survives too, with its lease: still held at 1,000, reclaimable at 1,001
            assertEquals(Kind.IN_PROGRESS, again.claim("running", FP, "w3", 1_000, LEASE).kind());
            assertEquals(Kind.RECLAIMED, again.claim("running", FP, "w3", 1_001, LEASE).kind());
        }
    }

    @Test
    void unsupportedUrlsAreRefusedWithOneClearMessage() {
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open("jdbc:mysql://x"));
        assertEquals("Cannot open the claim store at 'jdbc:mysql://x': this kind of database is not supported. "
                + "Allowed: " + JdbcClaimStore.ALLOWED_URLS + ".", e.getMessage());
        assertEquals("jdbc:mysql://x", e.url());

        e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open("not a url"));
        assertEquals("Cannot open the claim store at 'not a url': this is not a JDBC URL. Allowed: "
                + JdbcClaimStore.ALLOWED_URLS + ".", e.getMessage());

        e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(" "));
        assertTrue(e.getMessage().contains("no database URL was given"), e.getMessage());

        e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open("jdbc:sqlite:"));
        assertTrue(e.getMessage().contains("the URL names no file"), e.getMessage());
    }

    @Test
    void passwordsAreRedactedInMessages() {
        ClaimStoreException e = assertThrows(ClaimStoreException.class,
                () -> JdbcClaimStore.open("jdbc:oracle:thin:scott:tiger@//h/db?password=s3cret&user=u"));
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        assertFalse(e.getMessage().contains("tiger"), e.getMessage());
        // a password's value runs to the next & that starts a parameter the driver knows: &user= is not the
        // password (the driver reads it as the user), and hiding it would hide the user a message names
        assertTrue(e.getMessage().contains("'jdbc:oracle:thin:***@//h/db?password=***&user=u'"), e.getMessage());
        // an & not followed by such a name may be part of the password (given unencoded): hidden with it
        assertEquals("jdbc:postgresql://h/db?password=***&user=u",
                JdbcClaimStore.redact("jdbc:postgresql://h/db?password=a&b;c&user=u"));
        assertEquals("jdbc:postgresql://h/db?password=***", JdbcClaimStore.redact("jdbc:postgresql://h/db?password=a&b"));
        assertEquals("jdbc:postgresql://u:***@h/db", JdbcClaimStore.redact("jdbc:postgresql://u:pw@h/db"));
        assertEquals("jdbc:sqlite:/tmp/a@b/claims.db", JdbcClaimStore.redact("jdbc:sqlite:/tmp/a@b/claims.db"),
                "an @ in a file name hides nothing");
    }

    @Test
    void aFileInAFolderThatDoesNotExistIsRefusedAndNothingIsCreated() {
        Path missing = dir.resolve("no-such-folder");
        String url = "jdbc:sqlite:" + missing.resolve("claims.db");
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        assertTrue(e.getMessage().startsWith("Cannot open the claim store at '" + url + "': the folder '"
                + missing + "' does not exist or is not a folder."), e.getMessage());
        assertTrue(e.getMessage().endsWith("Allowed: " + JdbcClaimStore.ALLOWED_URLS + "."), e.getMessage());
        assertFalse(Files.exists(missing), "the folder was not created");
    }

    @Test
    void aFileUnderARegularFileIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("plain.txt"), "x");
        ClaimStoreException e = assertThrows(ClaimStoreException.class,
                () -> JdbcClaimStore.open("jdbc:sqlite:" + file.resolve("claims.db")));
        assertTrue(e.getMessage().contains("does not exist or is not a folder"), e.getMessage());
        assertEquals("x", Files.readString(file));
    }

    @Test
    void aFolderWhereNoFileCanBeCreatedGivesAClearMessageAndLeavesNothing() {
        // /proc refuses new files even to root, unlike a chmod'ed temp folder.
        assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")
                && Files.isDirectory(Paths.get("/proc")), "needs Linux /proc: no folder that refuses root");
        String url = "jdbc:sqlite:/proc/idempotency-lab-claims.db";
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        assertTrue(e.getMessage().startsWith("Cannot open the claim store at '" + url
                + "': the database could not be opened ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("Nothing was created. Allowed: " + JdbcClaimStore.ALLOWED_URLS + "."),
                e.getMessage());
        assertFalse(Files.exists(Paths.get("/proc/idempotency-lab-claims.db")));
    }

    @Test
    void aFileThatIsNotADatabaseIsRefusedAndLeftUnchanged() throws Exception {
        Path notDb = dir.resolve("notes.db");
        byte[] text = "these are notes, not a database\n".repeat(20).getBytes(StandardCharsets.UTF_8);
        Files.write(notDb, text);
        ClaimStoreException e = assertThrows(ClaimStoreException.class,
                () -> JdbcClaimStore.open("jdbc:sqlite:" + notDb));
        assertTrue(e.getMessage().contains("the database could not be opened"), e.getMessage());
        assertFalse(e.getMessage().contains("Nothing was created"), "the file was there before");
        assertArrayEquals(text, Files.readAllBytes(notDb), "the file is untouched");
    }

    @Test
    void theLabsOldLayoutIsNamedAndRefusedAndNothingIsHalfWritten() throws Exception {
        store.close();
        store = null;
        Path old = dir.resolve("article.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + old); Statement st = c.createStatement()) {
            // the second article's first schema: no fingerprint, owner, locked_until or claims
            st.execute("CREATE TABLE processed_jobs (idempotency_key VARCHAR(255) PRIMARY KEY, "
                    + "status VARCHAR(20) NOT NULL, result TEXT, created_at BIGINT NOT NULL, completed_at BIGINT)");
            st.execute("INSERT INTO processed_jobs VALUES ('k', 'completed', 'r', 1, 2)");
        }
        ClaimStoreException e = assertThrows(ClaimStoreException.class,
                () -> JdbcClaimStore.open("jdbc:sqlite:" + old));
        assertTrue(e.getMessage().contains("the table processed_jobs has the lab's old layout (times as BIGINT "
                + "milliseconds, result as TEXT, no run_id)"), e.getMessage());
        assertTrue(e.getMessage().contains("Its 1 row is kept and nothing was written."), e.getMessage());
        assertTrue(e.getMessage().contains("(DROP TABLE processed_jobs)"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + old); Statement st = c.createStatement();
             var rs = st.executeQuery("SELECT COUNT(*), MAX(result) FROM processed_jobs")) {
            rs.next();
            assertEquals(1, rs.getInt(1));
            assertEquals("r", rs.getString(2));
        }
    }

    @Test
    void theDefaultFileLivesInTheUsersDataFolder() {
        Path home = Paths.get("/home/ann");
        assertEquals(Paths.get("/data/x/idempotency-lab"),
                JdbcStoreOpener.dataDirectory("Linux", Map.of("XDG_DATA_HOME", "/data/x"), home));
        assertEquals(home.resolve(".local/share/idempotency-lab"),
                JdbcStoreOpener.dataDirectory("Linux", Map.of(), home));
        assertEquals(home.resolve(".local/share/idempotency-lab"),
                JdbcStoreOpener.dataDirectory("Linux", Map.of("XDG_DATA_HOME", "relative/ignored"), home));
        assertEquals(home.resolve("Library/Application Support/idempotency-lab"),
                JdbcStoreOpener.dataDirectory("Mac OS X", Map.of(), home));
        assertEquals(Paths.get("C:\\Users\\ann\\AppData\\Roaming").resolve("idempotency-lab"),
                JdbcStoreOpener.dataDirectory("Windows 11", Map.of("APPDATA", "C:\\Users\\ann\\AppData\\Roaming"),
                        home));
        // the folder is created (in a temp folder here, not in the real user's data folder)
        Path data = dir.resolve("share").resolve("idempotency-lab");
        String url = JdbcStoreOpener.sqliteUrlIn(data);
        assertEquals("jdbc:sqlite:" + data.toAbsolutePath().resolve("claims.db"), url);
        assertTrue(Files.isDirectory(data));
        try (JdbcClaimStore s = JdbcClaimStore.open(url)) {
            assertEquals(Kind.CLAIMED, s.claim("k", FP, "w", 0, 1).kind());
        }
    }

    @Test
    void aClosedStoreRefusesCallsAndClosingTwiceIsHarmless() {
        store.close();
        assertThrows(IllegalStateException.class, () -> store.get("k"));
        store.close();
    }

    @Test
    void aTableWithTheLabsNamesButOtherTypesIsRefusedWithWhatDiffers() throws Exception {
        store.close();
        store = null;
        Path file = dir.resolve("typed.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE processed_jobs (idempotency_key VARCHAR(255) PRIMARY KEY, status VARCHAR(20) "
                    + "NOT NULL, result TEXT, created_at BIGINT NOT NULL, completed_at TEXT, locked_until TEXT, "
                    + "run_id VARCHAR(64), fingerprint VARCHAR(128), owner VARCHAR(128) NOT NULL, claims INTEGER)");
            st.execute("INSERT INTO processed_jobs (idempotency_key, status, created_at, owner) "
                    + "VALUES ('k', 'completed', 1, 'w')");
        }
        ClaimStoreException e = assertThrows(ClaimStoreException.class,
                () -> JdbcClaimStore.open("jdbc:sqlite:" + file));
        assertEquals("Cannot open the claim store at 'jdbc:sqlite:" + file + "': the table processed_jobs differs "
                + "from the lab's claim table: created_at is BIGINT, not TEXT; owner is NOT NULL, but must allow "
                + "NULL; claims allows NULL, but must be NOT NULL. Its 1 row is kept and nothing was written. Give "
                + "another table name (--db-table NAME on the command line) or another database.", e.getMessage());
    }

    @Test
    void aFileIsInWriteAheadLogModeUnlessTheUrlSaysOtherwise() throws Exception {
        store.claim("k", FP, "w", 0, LEASE);
        try (Connection c = DriverManager.getConnection(url()); Statement st = c.createStatement();
             var rs = st.executeQuery("PRAGMA journal_mode")) {
            rs.next();
            assertEquals("wal", rs.getString(1), "the journal mode is kept in the file");
        }
        Path other = dir.resolve("rollback.db");
        try (JdbcClaimStore s = JdbcClaimStore.open("jdbc:sqlite:" + other + "?journal_mode=DELETE");
             Connection c = DriverManager.getConnection("jdbc:sqlite:" + other); Statement st = c.createStatement();
             var rs = st.executeQuery("PRAGMA journal_mode")) {
            rs.next();
            assertEquals("delete", rs.getString(1));
            assertEquals(0, s.size());
        }
    }
}
