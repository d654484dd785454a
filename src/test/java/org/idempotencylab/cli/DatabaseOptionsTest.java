package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --db} and {@code --db-table} values that a message would echo: each refusal is one line showing the value
 * as every message shows one ({@link ParameterException#quoted}: at most 60 characters, then its length), whatever
 * its size; a reserved word is refused at the option. Before,
 * a 3,000-character URL gave a 6,000-character line, and {@code --db-table user} ended in a raw SQL error.
 */
class DatabaseOptionsTest {
    private static final String[] CLAIMS = {"run", "--store", "claim-table", "--retry", "whole-job-skip-finished",
            "--jobs", "3"};

    private static String[] run(String... more) {
        String[] a = new String[CLAIMS.length + more.length];
        System.arraycopy(CLAIMS, 0, a, 0, CLAIMS.length);
        System.arraycopy(more, 0, a, CLAIMS.length, more.length);
        return a;
    }

    @TempDir
    Path dir;

    @Test
    void aReservedWordAsTheTableIsRefusedAtTheOption() {
        String db = "jdbc:sqlite:" + dir.resolve("x.db");
        for (String word : new String[] {"user", "order", "select", "table", "raise"}) {
            Outcome.assertRefused("--db-table: '" + word + "' is a reserved word of SQL, which PostgreSQL or SQLite "
                    + "refuse as a table name; give another, such as " + word + "_claims", run("--db", db,
                    "--db-table", word));
        }
        assertFalse(Files.exists(dir.resolve("x.db")), "refused before the file was opened");
    }

    @Test
    void aLongTableNameIsShownCut() {
        Outcome o = Outcome.cli(run("--db", "jdbc:sqlite:" + dir.resolve("x.db"), "--db-table", "t".repeat(80_000)));
        assertEquals(Cli.BAD_INPUT, o.code());
        assertEquals("--db-table: " + ParameterException.quoted("t".repeat(80_000)) + " is not allowed: 1 to 56 "
                + "characters, lower-case letters, digits and _, not starting with a digit", o.err().strip());
        assertTrue(o.err().length() < 200, o.err());
    }

    @Test
    void aLongSqliteUrlIsShownCutWithItsFolder() {
        String folder = dir.resolve("f".repeat(200)).resolve("g".repeat(200)).toString();
        String url = "jdbc:sqlite:" + folder + "/claims.db";
        Outcome o = Outcome.cli(run("--db", url));
        assertEquals(Cli.BAD_INPUT, o.code());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertTrue(o.err().startsWith("--db: Cannot open the claim store at " + ParameterException.quoted(url)
                + ": the folder " + ParameterException.quoted(folder) + " does not exist"), o.err());
        assertTrue(o.err().length() < 600, o.err().length() + " characters: " + o.err());
    }

    @Test
    void aLongPostgresUrlIsShownCutByRunAndWork() {
        // a database name of 10,000 characters: the server cuts it to 63 in its own message
        String url = TestPostgres.url("d".repeat(10_000));
        for (String[] args : new String[][] {run("--db", url), {"work", "--db", url, "--jobs", "3", "--quiet"}}) {
            Outcome o = Outcome.cli(args);
            assertEquals(Cli.BAD_INPUT, o.code(), o.err());
            assertEquals(1, o.err().strip().lines().count(), o.err());
            assertTrue(o.err().contains(ParameterException.quoted(url)), o.err());
            assertTrue(o.err().length() < 600, o.err().length() + " characters: " + o.err());
        }
    }

    @Test
    void workNamesABadPortAndAUserBeforeTheHostAtTheOption() {
        Outcome.assertRefused("--db: 'jdbc:postgresql://localhost:99999/db': the port 99999 is outside the allowed "
                + "range 1 to 65,535", "work", "--db", "jdbc:postgresql://localhost:99999/db");
        Outcome.assertRefused("--db: 'jdbc:postgresql://lab:***@localhost/db': the PostgreSQL driver does not read a "
                + "user name and password before the host (user:password@host): give them as ?user=...&password=... "
                + "(the password best in ~/.pgpass)", "work", "--db", "jdbc:postgresql://lab:secret@localhost/db");
    }
}
