package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.idempotencylab.store.ClaimResult.Kind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logins that fail, on the shared embedded PostgreSQL: two roles that must give a password (scram-sha-256 in
 * pg_hba.conf, ahead of the server's "trust" lines), one of them with a password holding {@code ;}. Every
 * message names what went wrong in words and shows no part of a password, whatever it holds.
 */
class PostgresLoginMessagesTest {
    private static final String RIGHT = "SECRET;PW4";
    private static int port;

    @BeforeAll
    static void rolesThatNeedAPassword() throws Exception {
        port = TestPostgres.port();
        try (Connection c = TestPostgres.server().getPostgresDatabase().getConnection();
             Statement st = c.createStatement()) {
            st.execute("DROP ROLE IF EXISTS lab_semi");
            st.execute("CREATE ROLE lab_semi LOGIN SUPERUSER PASSWORD '" + RIGHT + "'");
            String hba;
            try (ResultSet rs = st.executeQuery("SHOW hba_file")) {
                rs.next();
                hba = rs.getString(1);
            }
            Path file = Path.of(hba);
            String lines = Files.readString(file);
            if (!lines.startsWith("host all lab_semi")) {
                Files.writeString(file, "host all lab_semi all scram-sha-256\n" + lines);
            }
            st.execute("SELECT pg_reload_conf()");
        }
    }

    private static String url(String params) {
        return "jdbc:postgresql://localhost:" + port + "/postgres?" + params;
    }

    /** @return the message of opening {@code url}, after checking it is one line and shows none of {@code secrets}. */
    private static String refused(String url, String... secrets) {
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(url));
        String m = e.getMessage();
        assertEquals(1, m.lines().count(), m);
        for (String secret : secrets) {
            assertFalse(m.contains(secret), "'" + secret + "' shown in: " + m);
            assertFalse(e.url().contains(secret), "'" + secret + "' shown in: " + e.url());
        }
        return m;
    }

    @Test
    void theRightPasswordWithASemicolonLogsIn() {
        try (JdbcClaimStore s = JdbcClaimStore.open(url("user=lab_semi&password=" + RIGHT))) {
            assertEquals(Kind.CLAIMED, s.claim("k", "fp", "w", 0, 1).kind());
            assertEquals("jdbc:postgresql://localhost:" + port + "/postgres?user=lab_semi&password=***", s.url());
        }
    }

    @Test
    void aWrongPasswordIsNamedAndNoPartOfItIsShown() {
        for (String wrong : List.of("SECRET;PW4x", "SECRET&PW4", "SECRET'PW4\"", "SECRET%40PW4%26")) {
            String m = refused(url("user=lab_semi&password=" + wrong + "&sslmode=disable"), "SECRET", "PW4", "%40");
            assertTrue(m.contains("': the server refused the login: wrong user name or password (FATAL: password "
                    + "authentication failed for user \"lab_semi\")."), m);
            // &sslmode= is the driver's own parameter, not part of the password: it shows; an & that starts no
            // parameter the driver knows (SECRET&PW4) stays hidden with the password
            assertTrue(m.startsWith("Cannot open the claim store at 'jdbc:postgresql://localhost:" + port
                    + "/postgres?user=lab_semi&password=***&sslmode=disable'"), m);
        }
    }

    @Test
    void aUserAfterThePasswordIsShownAndNamedAndABadParameterAfterItIsNamed() {
        String m = refused(url("password=WRONG1&user=lab_semi"), "WRONG1");
        assertTrue(m.startsWith("Cannot open the claim store at 'jdbc:postgresql://localhost:" + port
                + "/postgres?password=***&user=lab_semi': the server refused the login: wrong user name or password "
                + "(FATAL: password authentication failed for user \"lab_semi\")."), m);
        m = refused(url("user=lab_semi&password=WRONG2&socketTimeout=abc"), "WRONG2");
        assertTrue(m.contains("(socketTimeout parameter value must be an integer but was: abc)"), m);
    }

    /**
     * A password holding {@code @}: that {@code @} was taken for the end of a {@code user:password@} part, so
     * everything from the host's port to it (the user name among it) was hidden in the server's message, and the
     * password was not: {@code failed for *** "***"}.
     */
    @Test
    void aPasswordWithAnAtHidesThePasswordAndShowsTheUser() {
        String m = refused(url("user=lab_semi&password=WRONG@PW6"), "WRONG", "PW6");
        assertTrue(m.startsWith("Cannot open the claim store at 'jdbc:postgresql://localhost:" + port
                + "/postgres?user=lab_semi&password=***': the server refused the login: wrong user name or password "
                + "(FATAL: password authentication failed for user \"lab_semi\")."), m);
    }

    @Test
    void anEmptyPasswordIsNamedAsSuch() {
        String m = refused(url("user=lab_semi&password="));
        assertTrue(m.contains("': the URL gives an empty password (password= with nothing after it), which the "
                + "server does not take: put the password after password=, or in ~/.pgpass"), m);
    }

    @Test
    void aPasswordInAUserInfoPartIsNeverShown() {
        String m = refused("jdbc:postgresql://lab:SECRET@PW5@localhost:" + port + "/postgres", "SECRET", "PW5");
        // the driver does not read a user:password@ part (it would try the host "lab"): said, not "cannot be reached"
        assertTrue(m.startsWith("Cannot open the claim store at 'jdbc:postgresql://lab:***@localhost:" + port
                + "/postgres': the PostgreSQL driver does not read a user name and password before the host "
                + "(user:password@host): give them as ?user=...&password=... (the password best in ~/.pgpass)."), m);
    }

    @Test
    void aMissingPasswordIsNamedAndPointsAtPgpass() {
        String m = refused(url("user=lab_semi"));
        assertTrue(m.contains("': the server asks for a password and none was given: put it in ~/.pgpass (or the file "
                + "PGPASSFILE names), or add password=... to the URL."), m);
    }

    @Test
    void anSslProblemIsNamed() {
        String m = refused(url("user=lab_semi&password=" + RIGHT + "&sslmode=require"), "SECRET", "PW4");
        assertTrue(m.contains("': an SSL problem (The server does not support SSL)."), m);
    }

    @Test
    void aPgpassFileKeepsThePasswordOffTheCommandLine(@TempDir Path dir) throws Exception {
        // the driver reads the file named by this property, else PGPASSFILE, else ~/.pgpass (pgjdbc 42.3 and later)
        Path pgpass = Files.writeString(dir.resolve("pgpass"), "localhost:" + port + ":*:lab_semi:"
                + RIGHT.replace(":", "\\:") + "\n");
        System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
        try (JdbcClaimStore s = JdbcClaimStore.open(url("user=lab_semi"))) {
            assertEquals(Kind.CLAIMED, s.claim("k", "fp", "w", 0, 1).kind());
        } finally {
            System.clearProperty("org.postgresql.pgpassfile");
        }
    }
}
