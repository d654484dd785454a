package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.idempotencylab.cli.Cli;
import org.junit.jupiter.api.Test;

/**
 * The embedded PostgreSQL of {@code work} and of the Real workers tab lets nobody in but the lab: another
 * connection to its port without the run's password is refused, and the password shows nowhere (output, command
 * lines, URLs).
 */
class EmbeddedDatabaseTest {

    /**
     * A second connection to the server's port, as another user of the machine would try it: with no password and
     * with a wrong one, both refused (with initdb's {@code trust} both got in as superuser). The lab's own URL gets
     * in and holds no password; the folder is the owner's alone; no Unix socket; every {@code pg_hba.conf} rule asks
     * for the password.
     */
    @Test
    void nobodyButTheLabGetsIn() throws Exception {
        EmbeddedDatabase db = EmbeddedDatabase.start();
        Path folder = db.folder();
        try {
            try (Connection c = DriverManager.getConnection(db.url()); Statement st = c.createStatement()) {
                assertEquals("postgres", one(st, "SELECT current_user"));
                assertEquals("", one(st, "SHOW unix_socket_directories"));
                assertEquals("0", one(st, "SELECT COUNT(*) FROM pg_hba_file_rules WHERE auth_method <> "
                        + "'scram-sha-256'"));
                assertTrue(Integer.parseInt(one(st, "SELECT COUNT(*) FROM pg_hba_file_rules")) > 0);
            }
            String secret = EmbeddedLogin.secretFor(db.url()).orElseThrow();
            assertEquals(43, secret.length(), "32 random bytes, base64url without padding");
            assertFalse(db.url().contains(secret), db.url());

            String other = "jdbc:postgresql://localhost:" + db.port() + "/postgres";
            SQLException none = assertThrows(SQLException.class,
                    () -> DriverManager.getConnection(other, login(null)).close());
            // pgjdbc's own words when the server asks for a password it was not given (SQL state 08004)
            assertTrue(none.getMessage().contains("no password was provided"), none.getMessage());
            SQLException wrong = assertThrows(SQLException.class,
                    () -> DriverManager.getConnection(other, login("postgres")).close());
            assertEquals("28P01", wrong.getSQLState(), wrong.getMessage()); // invalid_password, from the server

            if (Files.getFileStore(folder).supportsFileAttributeView("posix")) {
                assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
            }
            try (Stream<Path> files = Files.list(folder)) {
                assertEquals(Set.of("binaries", "data"), new HashSet<>(files.map(p -> p.getFileName().toString())
                        .toList()), "the password file initdb read is gone");
            }
        } finally {
            db.close();
        }
        assertFalse(Files.exists(folder), "the folder is removed");
        assertEquals(Optional.empty(), EmbeddedLogin.secretFor(db.url()), "the password is forgotten");
    }

    private static Properties login(String password) {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        if (password != null) {
            p.setProperty("password", password);
        }
        return p;
    }

    private static String one(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * A whole {@code work} run on its embedded server, with worker processes killed and started again (each start
     * gets the password): neither what it prints (stdout and stderr) nor the command line of any process of the
     * machine while it runs (worker processes, watchdog, initdb, pg_ctl, the server) holds the run's password. The
     * password is read while the run goes, from this JVM's {@link EmbeddedLogin} with the port the server wrote into
     * its {@code postmaster.pid}. Fails if the password reaches an argument (a server setting given as {@code -c}
     * put it on pg_ctl's command line: tried) or a line the run prints.
     */
    @Test
    void nothingARunPrintsOrRunsHoldsItsPassword() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Set<Path> before = new HashSet<>(folders(tmp));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Cli.run(new String[] {"work",
                "--jobs", "200", "--processes", "2", "--workers", "2", "--call-ms", "1", "--store", "claim-table",
                "--kill-every-ms", "1500", "--restart-ms", "100", "--visibility-timeout-ms", "600", "--format",
                "text"}, new PrintWriter(out), new PrintWriter(err)));
        String secret = null;
        Set<String> commandLines = new HashSet<>();
        while (!run.isDone()) {
            if (secret == null) {
                secret = secretOfNewServer(tmp, before).orElse(null);
            }
            // every process of the machine: the server's own too, which pg_ctl started and left to itself
            ProcessHandle.allProcesses().forEach(h -> h.info().commandLine().ifPresent(commandLines::add));
            Thread.sleep(50);
        }
        assertEquals(0, run.get(), err.toString());
        assertTrue(secret != null, "the run's server was seen while it ran");
        // the worker processes and the watchdog were seen, and the killed ones started again
        assertTrue(commandLines.stream().filter(c -> c.contains(WorkRun.WORKER_MAIN)).count() >= 2, "" + commandLines);
        assertTrue(commandLines.stream().anyMatch(c -> c.contains(ServerWatchdog.class.getName())), "" + commandLines);
        for (String c : commandLines) {
            assertFalse(c.contains(secret), "a command line holds the password: " + c);
        }
        assertTrue(out.toString().contains("crashes: "), out.toString());
        assertFalse(out.toString().contains(secret), "stdout holds the password");
        assertFalse(err.toString().contains(secret), "stderr holds the password");
    }

    /** @return the password of the server whose folder appeared in {@code tmp} since {@code before}, once it runs */
    private static Optional<String> secretOfNewServer(Path tmp, Set<Path> before) throws IOException {
        for (Path f : folders(tmp)) {
            if (before.contains(f)) {
                continue;
            }
            try {
                List<String> pid = Files.readAllLines(f.resolve("data").resolve("postmaster.pid"),
                        StandardCharsets.US_ASCII);
                if (pid.size() > 3) {
                    return EmbeddedLogin.secretFor("jdbc:postgresql://localhost:" + pid.get(3).strip()
                            + "/postgres?" + EmbeddedLogin.URL_PARAMETER);
                }
            } catch (IOException notYet) {
                // not started yet, or gone
            }
        }
        return Optional.empty();
    }

    private static List<Path> folders(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith(EmbeddedDatabase.ownFolderPrefix())).toList();
        }
    }
}
