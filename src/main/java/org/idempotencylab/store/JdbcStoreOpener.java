package org.idempotencylab.store;

import static org.idempotencylab.store.JdbcClaimStore.ALLOWED_URLS;
import static org.idempotencylab.store.JdbcClaimStore.CONNECT_TIMEOUT_S;
import static org.idempotencylab.store.JdbcClaimStore.LOGIN_TIMEOUT_S;
import static org.idempotencylab.store.JdbcClaimStore.SOCKET_TIMEOUT_S;
import static org.idempotencylab.store.JdbcClaimStore.SQLITE_BUSY_TIMEOUT_MS;
import static org.idempotencylab.store.JdbcClaimStore.STATEMENT_TIMEOUT_MS;
import static org.idempotencylab.store.StoreConnections.closeQuietly;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.idempotencylab.store.JdbcClaimStore.Options;

/**
 * How a {@link JdbcClaimStore} is opened: the URL is read, the SQLite file's folder or the PostgreSQL connections
 * are opened with the lab's time limits, and the claim table is created or checked whole before anything is
 * written (see {@link JdbcClaimStore}'s "Opening" and "Time limits").
 */
final class JdbcStoreOpener {
    /** Bytes free in a SQLite file's folder below which a failed write at open is called a full disk. */
    private static final long LITTLE_ROOM = 1 << 20;

    private JdbcStoreOpener() {
    }

    /**
     * As {@link JdbcClaimStore#open(String, Options, int)}.
     *
     * @param check false to skip the PostgreSQL table's check and creation: {@link JdbcClaimStore#openChecked}
     */
    static JdbcClaimStore open(String jdbcUrl, Options options, int connections, boolean check) {
        Objects.requireNonNull(options, "options");
        if (connections < 1 || connections > 64) {
            throw new IllegalArgumentException("connections: " + connections + " is outside the allowed range 1 to 64");
        }
        if (jdbcUrl == null || jdbcUrl.isBlank()) {
            throw new ClaimStoreException(null, "Cannot open the claim store: no database URL was given. Allowed: "
                    + ALLOWED_URLS + ".", null);
        }
        String url = jdbcUrl.strip();
        String shown = JdbcMessages.redact(url);
        JdbcMessages messages = JdbcMessages.forUrl(url);
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:sqlite:")) {
            return openSqlite(url, shown, messages, options);
        }
        if (lower.startsWith("jdbc:postgresql:")) {
            JdbcUrls.problem(url).ifPresent(problem -> {
                throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': " + problem
                        + ". Allowed: " + ALLOWED_URLS + ".", null);
            });
            return openPostgres(url, shown, messages, options, connections, check);
        }
        String what = lower.startsWith("jdbc:") ? "this kind of database is not supported"
                : "this is not a JDBC URL";
        throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': " + what
                + ". Allowed: " + ALLOWED_URLS + ".", null);
    }

    /** As {@link JdbcClaimStore#defaultSqliteUrl()}. */
    static String defaultSqliteUrl() {
        return sqliteUrlIn(dataDirectory(System.getProperty("os.name", ""), System.getenv(),
                Paths.get(System.getProperty("user.home", "."))));
    }

    /** @return the {@code jdbc:sqlite:} URL of {@code claims.db} in {@code dir}, creating the folder. */
    static String sqliteUrlIn(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new ClaimStoreException(null, "Cannot create the folder for the claim store at '" + dir + "' ("
                    + (e instanceof AccessDeniedException ? "permission denied"
                            : e.getClass().getSimpleName() + ": " + e.getMessage())
                    + "). Give a URL instead: " + ALLOWED_URLS + ".", e);
        }
        return "jdbc:sqlite:" + dir.resolve("claims.db").toAbsolutePath();
    }

    /** The data folder for {@code os.name} {@code osName}, from {@code env} and {@code home}; creates nothing. */
    static Path dataDirectory(String osName, Map<String, String> env, Path home) {
        String os = osName.toLowerCase(Locale.ROOT);
        Path base;
        if (os.startsWith("windows")) {
            String appData = env.get("APPDATA");
            base = appData != null && !appData.isBlank() ? Paths.get(appData)
                    : home.resolve("AppData").resolve("Roaming");
        } else if (os.startsWith("mac")) {
            base = home.resolve("Library").resolve("Application Support");
        } else {
            String xdg = env.get("XDG_DATA_HOME");
            // The XDG spec: a relative XDG_DATA_HOME is invalid and is ignored.
            base = xdg != null && !xdg.isBlank() && Paths.get(xdg).isAbsolute() ? Paths.get(xdg)
                    : home.resolve(".local").resolve("share");
        }
        return base.resolve("idempotency-lab");
    }

    private static JdbcClaimStore openSqlite(String url, String shown, JdbcMessages messages, Options options) {
        String rest = url.substring("jdbc:sqlite:".length());
        int q = rest.indexOf('?');
        String location = q >= 0 ? rest.substring(0, q) : rest;
        boolean memory = location.startsWith(":memory:") || rest.contains("mode=memory");
        Path file = null;
        if (!memory) {
            if (location.isEmpty()) {
                throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown
                        + "': the URL names no file. Allowed: " + ALLOWED_URLS + ".", null);
            }
            String path = location.startsWith("file:") ? location.substring("file:".length()) : location;
            try {
                file = Paths.get(path).toAbsolutePath();
            } catch (InvalidPathException e) {
                throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown
                        + "': '" + path + "' is not a valid file path. Allowed: " + ALLOWED_URLS + ".", e);
            }
            Path dir = file.getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': the folder '"
                        + dir + "' does not exist or is not a folder. Create it, or use the default SQLite file "
                        + "in your data folder ('default'). Allowed: " + ALLOWED_URLS + ".", null);
            }
            if (Files.isDirectory(file)) {
                throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': '" + file
                        + "' is a folder, not a database file. Allowed: " + ALLOWED_URLS + ".", null);
            }
        }
        boolean existed = file != null && Files.exists(file);
        String query = q >= 0 ? rest.substring(q + 1).toLowerCase(Locale.ROOT) : "";
        Properties props = new Properties();
        // the driver applies these pragmas as it opens the file; a URL parameter of the same name wins
        props.setProperty("busy_timeout", Long.toString(SQLITE_BUSY_TIMEOUT_MS));
        if (!query.contains("journal_mode=")) {
            props.setProperty("journal_mode", "WAL");
        }
        if (!query.contains("synchronous=")) {
            props.setProperty("synchronous", "NORMAL");
        }
        SqliteNativeLibrary.problem().ifPresent(problem -> {
            throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': " + problem + ".",
                    null, false);
        });
        Connection c = null;
        try {
            c = DriverManager.getConnection(url, props);
            prepareTable(c, SqlDialect.SQLITE, options.table(), shown);
            return new JdbcClaimStore(shown, messages, SqlDialect.SQLITE, options, List.of(c));
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c);
            if (file != null && !existed) {
                for (String suffix : new String[] {"", "-journal", "-wal", "-shm"}) {
                    try {
                        Files.deleteIfExists(Paths.get(file + suffix));
                    } catch (IOException ignored) {
                        // best effort: the message below still says what failed
                    }
                }
            }
            throw failure(shown, messages, e, existed, file == null ? null : file.getParent());
        }
    }

    private static JdbcClaimStore openPostgres(String url, String shown, JdbcMessages messages, Options options,
                                               int connectionCount, boolean check) {
        Properties defaults = new Properties();
        // the driver reads these from the properties unless the URL sets them (pgjdbc's "Connection Parameters")
        defaults.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_S));
        defaults.setProperty("loginTimeout", Integer.toString(LOGIN_TIMEOUT_S));
        defaults.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_S));
        defaults.setProperty("tcpKeepAlive", "true");
        defaults.setProperty("ApplicationName", "idempotency-lab");
        boolean ownStatementTimeout = !url.toLowerCase(Locale.ROOT).contains("statement_timeout");
        List<Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < connectionCount; i++) {
                // pgjdbc's driver itself: DriverManager would load every JDBC driver on the class path (SQLite's,
                // and its logging) at the first connection of each worker process of work
                Connection c = new org.postgresql.Driver().connect(url, defaults);
                if (c == null) {
                    throw new SQLException("the PostgreSQL driver does not take this URL");
                }
                connections.add(c);
                if (ownStatementTimeout) {
                    try (Statement st = c.createStatement()) {
                        st.execute("SET statement_timeout = " + STATEMENT_TIMEOUT_MS);
                    }
                }
                if (i == 0 && check) {
                    prepareTable(c, SqlDialect.POSTGRES, options.table(), shown);
                }
            }
            return new JdbcClaimStore(shown, messages, SqlDialect.POSTGRES, options, connections);
        } catch (SQLException | RuntimeException e) {
            connections.forEach(StoreConnections::closeQuietly);
            throw failure(shown, messages, e, true, null);
        }
    }

    /**
     * @param dir the SQLite file's folder, or null: where a {@code SQLITE_IOERR} finds less than
     *            {@value #LITTLE_ROOM} bytes free, the message says the disk is full
     */
    private static ClaimStoreException failure(String shown, JdbcMessages messages, Exception e, boolean existed,
                                               Path dir) {
        if (e instanceof ClaimStoreException cse) {
            return cse;
        }
        String what = messages.explain(e);
        long free = dir == null || !JdbcMessages.isWriteFailure(e) ? -1 : usableBytes(dir);
        if (free >= 0 && free < LITTLE_ROOM && !what.startsWith("disk full:")) {
            // SQLite names a full disk an I/O error where it cannot grow its shared-memory file
            what = "disk full: the folder '" + dir + "' has " + free + " bytes free, and the database could not "
                    + "write its file (" + messages.firstLine(e) + ")";
        } else if (what.equals(messages.firstLine(e))) { // nothing more to say than the driver's own words
            what = "the database could not be opened (" + what + ")";
        }
        String left = existed ? "" : " Nothing was created.";
        // a write the disk refused: the URL is right, another would not help
        boolean badInput = !JdbcMessages.isWriteFailure(e);
        return new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': " + what + "."
                + left + (badInput ? " Allowed: " + ALLOWED_URLS + "." : ""), messages.leaks(e) ? null : e, badInput);
    }

    /** @return the bytes this process may still write in {@code dir}'s file system; -1 if it cannot be told */
    private static long usableBytes(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException | SecurityException e) {
            return -1;
        }
    }

    /**
     * Checks the claim table and the runs table ({@link RunRegistry}) whole ({@link TableCheck}: columns,
     * constraints, indexes and, on PostgreSQL, the role's rights) before anything is written, then creates what is
     * missing of them in one transaction. Two runs starting at once may both try to create them: the loser of that
     * race reads the winner's tables.
     *
     * @throws ClaimStoreException if a table is not the lab's, or the role may not use it
     */
    private static void prepareTable(Connection c, SqlDialect dialect, String table, String shown)
            throws SQLException {
        Map<TableSpec, String> tables = new LinkedHashMap<>();
        tables.put(dialect.claimTable(table), "give another table name (--db-table NAME on the command line) or "
                + "another database");
        tables.put(dialect.runsTable(), "give another database, or rename or drop that table yourself if it is no "
                + "longer needed");
        SQLException first = null; // the first failure is the one to report: later tries fail for its sake
        for (int attempt = 0; ; attempt++) {
            List<String> create = new ArrayList<>();
            for (Map.Entry<TableSpec, String> t : tables.entrySet()) {
                TableCheck.Result check = TableCheck.check(c, dialect, t.getKey(), TableCheck.ALL_RIGHTS, t.getValue());
                TableCheck.Problem problem = check.problem();
                if (problem != null) {
                    throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': "
                            + problem.what() + ". " + (problem.exists() ? TableCheck.rowsKept(c, t.getKey().name())
                            : "Nothing was written.") + " " + problem.advice() + ".", null);
                }
                create.addAll(check.toCreate());
            }
            if (create.isEmpty()) {
                return;
            }
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                for (String sql : create) {
                    st.execute(sql);
                }
                c.commit();
            } catch (SQLException e) {
                first = first == null ? e : first;
                endQuietly(c);
                if (attempt >= 2 || JdbcMessages.isWriteFailure(first)) {
                    throw first;
                }
                continue; // another run created them meanwhile: look again
            }
            c.setAutoCommit(true);
            return;
        }
    }

    /**
     * Rolls back and returns {@code c} to auto-commit after a failure, whose error is the one to report: after a
     * failed commit SQLite has rolled the transaction back itself, and the driver's own commit as auto-commit
     * returns fails with "no transaction is active", which would hide why.
     */
    private static void endQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // see above
        }
        try {
            c.setAutoCommit(true);
        } catch (SQLException ignored) {
            // see above
        }
    }
}
