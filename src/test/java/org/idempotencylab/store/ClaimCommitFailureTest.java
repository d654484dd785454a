package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim whose commit fails is an error, never a claim: SQLite commits an auto-commit {@code INSERT ...
 * RETURNING} only as the statement steps past its last row, so a commit that fails there (a full disk, an I/O
 * error, a lock) must be seen there; a close or reset of the statement would drop the error and roll the insert
 * back, and the caller would hold a claim the table does not have.
 *
 * <p>The commit is made to fail without a full disk: in rollback-journal mode a commit needs the file to itself,
 * and a second connection keeps a read transaction open on it, so the commit waits out the busy timeout (100 ms)
 * and fails with SQLITE_BUSY, exactly where a full disk's SQLITE_FULL fails.
 */
class ClaimCommitFailureTest {
    @Test
    void aClaimWhoseCommitFailsThrowsAndLeavesNoClaim(@TempDir Path dir) throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("c.db");
        try (JdbcClaimStore store = JdbcClaimStore.open(url + "?journal_mode=DELETE&busy_timeout=100",
                new JdbcClaimStore.Options("processed_jobs", "run-a", Instant.parse("2026-01-01T00:00:00Z")));
             Connection reader = DriverManager.getConnection(url)) {
            assertEquals(ClaimResult.Kind.CLAIMED, store.claim("first", "f", "w1", 0, 1_000).kind());
            reader.setAutoCommit(false);
            try (Statement st = reader.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM "
                    + "processed_jobs")) {
                rs.next(); // a read transaction: the file cannot be written until it ends
                ClaimStoreException e = assertThrows(ClaimStoreException.class,
                        () -> store.claim("second", "f", "w1", 0, 1_000));
                assertTrue(e.getMessage().contains("failed to claim 'second'")
                        && e.getMessage().contains("SQLITE_BUSY"), e.getMessage());
            }
            reader.commit();
            assertEquals(1, store.size(), "the failed claim left no row");
            // and the store goes on: the same claim, now that the file is free, is a claim
            assertEquals(ClaimResult.Kind.CLAIMED, store.claim("second", "f", "w1", 0, 1_000).kind());
            assertEquals(2, store.size());
        }
    }
}
