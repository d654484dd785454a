package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * A write the disk refuses is named as such, in plain words, on both databases: SQLite's {@code SQLITE_FULL} and
 * PostgreSQL's {@code 53100} (disk_full) as "disk full", SQLite's {@code SQLITE_IOERR} codes (what a full disk or
 * a file size limit may give as well) as "disk full or an I/O error"; the driver's own words follow.
 */
class DiskFullMessageTest {
    private static String explain(String url, SQLException e) {
        return JdbcMessages.forUrl(url).explain(e);
    }

    @Test
    void sqliteFull() {
        assertEquals("disk full: the database could not write ([SQLITE_FULL] Insertion failed because database is "
                + "full (database or disk is full))", explain("jdbc:sqlite:/tmp/x.db", new SQLException(
                        "[SQLITE_FULL] Insertion failed because database is full (database or disk is full)")));
    }

    @Test
    void sqliteIoError() {
        assertEquals("disk full or an I/O error: the database could not write or read its file ([SQLITE_IOERR_WRITE] "
                + "I/O error in the VFS layer while trying to write to a file on disk (disk I/O error))",
                explain("jdbc:sqlite:/tmp/x.db", new SQLException("[SQLITE_IOERR_WRITE] I/O error in the VFS layer "
                        + "while trying to write to a file on disk (disk I/O error)")));
    }

    @Test
    void postgresDiskFull() {
        assertEquals("disk full: the database could not write (ERROR: could not extend file \"base/16384/16385\": No "
                + "space left on device)", explain("jdbc:postgresql://localhost/lab", new SQLException(
                        "ERROR: could not extend file \"base/16384/16385\": No space left on device\n  Hint: Check "
                                + "free disk space.", "53100")));
    }
}
