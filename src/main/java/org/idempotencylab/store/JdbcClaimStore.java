package org.idempotencylab.store;

import java.nio.file.AccessDeniedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The second article's {@code processed_jobs} claim table on a real database over JDBC: SQLite (embedded, the
 * default, in a file under the user's data folder) or PostgreSQL (by URL). Same rules as {@link ClaimStore}, with
 * the same SQL text for both databases.
 *
 * <p>Schema: the article's columns plus a request {@code fingerprint}, the {@code owner} of the claim and a
 * {@code claims} counter (1 on insert, +1 per reclaim; it tells CLAIMED from RECLAIMED in one statement). Times
 * are {@code BIGINT} milliseconds bound from the caller's clock, never the database's {@code now()}, so the same
 * SQL serves simulated time and wall-clock use:
 * <pre>
 * processed_jobs(idempotency_key VARCHAR(255) PRIMARY KEY, status VARCHAR(20) NOT NULL, result TEXT,
 *                fingerprint VARCHAR(128), owner VARCHAR(128), created_at BIGINT NOT NULL,
 *                completed_at BIGINT, locked_until BIGINT, claims INTEGER NOT NULL DEFAULT 1)
 * </pre>
 * A claim is one atomic {@code INSERT ... ON CONFLICT (idempotency_key) DO UPDATE ... WHERE status =
 * 'in_progress' AND locked_until < ? AND fingerprint = excluded.fingerprint RETURNING claims} (the article's
 * lease statement with the fingerprint checked before any reclaim); when it returns nothing, one {@code SELECT}
 * tells COMPLETED, IN_PROGRESS and KEY_MISMATCH apart. Every statement binds its values (PreparedStatement).
 *
 * <p>Threads: SQLite gets one connection, used by one thread at a time; PostgreSQL gets a small pool
 * ({@value #POSTGRES_CONNECTIONS} connections), so concurrent claims really race in the database and the
 * statement's atomicity is what keeps them apart. Each statement commits on its own (auto-commit).
 */
public final class JdbcClaimStore implements ClaimStore {

    /** Connections kept open to PostgreSQL. */
    public static final int POSTGRES_CONNECTIONS = 4;

    /** What {@link #open} accepts, for messages. */
    public static final String ALLOWED_URLS = "jdbc:sqlite:<file> (embedded, the default) or "
            + "jdbc:postgresql://host[:port]/database[?user=...&password=...]";

    private static final String TABLE_SQL = "CREATE TABLE IF NOT EXISTS processed_jobs ("
            + "idempotency_key VARCHAR(255) PRIMARY KEY, "
            + "status VARCHAR(20) NOT NULL, "
            + "result TEXT, "
            + "fingerprint VARCHAR(128), "
            + "owner VARCHAR(128), "
            + "created_at BIGINT NOT NULL, "
            + "completed_at BIGINT, "
            + "locked_until BIGINT, "
            + "claims INTEGER NOT NULL DEFAULT 1)";

    private static final String COLUMNS = "idempotency_key, status, result, fingerprint, owner, created_at, "
            + "completed_at, locked_until, claims";

    /** Binds: key, fingerprint, owner, created_at (now), locked_until (now + lease), now. */
    static final String CLAIM_SQL = "INSERT INTO processed_jobs "
            + "(idempotency_key, status, fingerprint, owner, created_at, locked_until, claims) "
            + "VALUES (?, 'in_progress', ?, ?, ?, ?, 1) "
            + "ON CONFLICT (idempotency_key) DO UPDATE SET "
            + "owner = excluded.owner, locked_until = excluded.locked_until, claims = processed_jobs.claims + 1 "
            + "WHERE processed_jobs.status = 'in_progress' AND processed_jobs.locked_until < ? "
            + "AND processed_jobs.fingerprint = excluded.fingerprint "
            + "RETURNING claims";

    private static final String SELECT_SQL = "SELECT " + COLUMNS + " FROM processed_jobs WHERE idempotency_key = ?";

    private static final String COMPLETE_SQL = "UPDATE processed_jobs SET status = 'completed', result = ?, "
            + "completed_at = ? WHERE idempotency_key = ? AND owner = ? AND status = 'in_progress'";

    private static final String RENEW_SQL = "UPDATE processed_jobs SET locked_until = ? "
            + "WHERE idempotency_key = ? AND owner = ? AND status = 'in_progress'";

    private static final String RELEASE_SQL = "DELETE FROM processed_jobs "
            + "WHERE idempotency_key = ? AND owner = ? AND status = 'in_progress'";

    private static final String ROWS_SQL = "SELECT " + COLUMNS + " FROM processed_jobs "
            + "ORDER BY created_at, idempotency_key LIMIT ?";

    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)(password=)([^&;]*)");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/:@]*:)([^@/]*)(@)");

    private final String shownUrl;
    private final BlockingQueue<Connection> pool;
    private final List<Connection> all;
    private volatile boolean closed;

    private JdbcClaimStore(String shownUrl, List<Connection> connections) {
        this.shownUrl = shownUrl;
        this.all = List.copyOf(connections);
        this.pool = new ArrayBlockingQueue<>(connections.size(), true, connections);
    }

    /**
     * Opens (creating if missing) the claim table at {@code jdbcUrl}.
     *
     * <p>Only {@code jdbc:sqlite:} and {@code jdbc:postgresql:} URLs are accepted. A SQLite file's folder must
     * exist (see {@link #defaultSqliteUrl()} for the default file, whose folder it creates). A PostgreSQL server
     * that does not answer fails within about {@code connectTimeout} (5 s unless the URL sets it). The table is
     * created in a transaction; if anything fails, nothing is left behind: no half-created table, and no new
     * SQLite file.
     *
     * @param jdbcUrl e.g. {@code jdbc:sqlite:/home/ann/.local/share/idempotency-lab/claims.db} or
     *                {@code jdbc:postgresql://localhost:5432/lab?user=lab&password=secret}
     * @return an open store; close it when the run ends
     * @throws ClaimStoreException with one message naming the URL (password shown as {@code ***}), what went
     *                             wrong and what is allowed
     */
    public static JdbcClaimStore open(String jdbcUrl) {
        if (jdbcUrl == null || jdbcUrl.isBlank()) {
            throw new ClaimStoreException(null, "Cannot open the claim store: no database URL was given. Allowed: "
                    + ALLOWED_URLS + ".", null);
        }
        String url = jdbcUrl.strip();
        String shown = redact(url);
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:sqlite:")) {
            return openSqlite(url, shown);
        }
        if (lower.startsWith("jdbc:postgresql:")) {
            return openPostgres(url, shown);
        }
        String what = lower.startsWith("jdbc:") ? "this kind of database is not supported"
                : "this is not a JDBC URL";
        throw new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': " + what
                + ". Allowed: " + ALLOWED_URLS + ".", null);
    }

    /**
     * @return {@code jdbc:sqlite:} URL of {@code claims.db} in the user's data folder, creating the folder:
     *         {@code $XDG_DATA_HOME/idempotency-lab} or {@code ~/.local/share/idempotency-lab} on Linux and other
     *         Unixes, {@code %APPDATA%\idempotency-lab} on Windows, {@code ~/Library/Application
     *         Support/idempotency-lab} on macOS
     * @throws ClaimStoreException if the folder cannot be created
     */
    public static String defaultSqliteUrl() {
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

    /** @return {@code url} with the password (a {@code password=} parameter or {@code user:password@}) as ***. */
    public static String redact(String url) {
        if (url == null) {
            return null;
        }
        String s = PASSWORD_PARAM.matcher(url).replaceAll("$1***");
        return USER_INFO.matcher(s).replaceAll("$1***$3");
    }

    private static JdbcClaimStore openSqlite(String url, String shown) {
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
        Connection c = null;
        try {
            c = DriverManager.getConnection(url);
            try (Statement st = c.createStatement()) {
                st.execute("PRAGMA busy_timeout = 10000");
            }
            createSchema(c);
            return new JdbcClaimStore(shown, List.of(c));
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
            throw failure(shown, e, existed);
        }
    }

    private static JdbcClaimStore openPostgres(String url, String shown) {
        Properties defaults = new Properties();
        defaults.setProperty("connectTimeout", "5");
        defaults.setProperty("loginTimeout", "10");
        List<Connection> connections = new ArrayList<>();
        try {
            Connection first = DriverManager.getConnection(url, defaults);
            connections.add(first);
            createSchema(first);
            for (int i = 1; i < POSTGRES_CONNECTIONS; i++) {
                connections.add(DriverManager.getConnection(url, defaults));
            }
            return new JdbcClaimStore(shown, connections);
        } catch (SQLException | RuntimeException e) {
            connections.forEach(JdbcClaimStore::closeQuietly);
            throw failure(shown, e, true);
        }
    }

    private static ClaimStoreException failure(String shown, Exception e, boolean existed) {
        if (e instanceof ClaimStoreException cse) {
            return cse;
        }
        String cause = e.getMessage() == null ? e.getClass().getSimpleName()
                : redactMessage(e.getMessage()).strip().replaceAll("\\.+$", "");
        String what;
        String sqlState = e instanceof SQLException se ? se.getSQLState() : null;
        if (sqlState != null && sqlState.startsWith("08")) {
            what = "the database cannot be reached (" + cause + ")";
        } else if (e instanceof SQLException se && "No suitable driver found".regionMatches(true, 0,
                String.valueOf(se.getMessage()), 0, 24)) {
            what = "no JDBC driver accepts this URL";
        } else {
            what = "the database could not be opened (" + cause + ")";
        }
        String left = existed ? "" : " Nothing was created.";
        return new ClaimStoreException(shown, "Cannot open the claim store at '" + shown + "': " + what + "."
                + left + " Allowed: " + ALLOWED_URLS + ".", e);
    }

    private static String redactMessage(String message) {
        return PASSWORD_PARAM.matcher(message).replaceAll("$1***");
    }

    /** Creates the table if missing and checks its columns, in one transaction. */
    private static void createSchema(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute(TABLE_SQL);
            try {
                st.executeQuery("SELECT " + COLUMNS + " FROM processed_jobs WHERE 1 = 0").close();
            } catch (SQLException e) {
                throw new SQLException("a table processed_jobs exists without the columns " + COLUMNS
                        + " (" + e.getMessage() + "); use another database or file", e.getSQLState(), e);
            }
            c.commit();
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // the connection is going away; the first error is the one to report
            }
            throw e;
        }
        c.setAutoCommit(true);
    }

    @Override
    public ClaimResult claim(String key, String fingerprint, String owner, long nowMs, long leaseMs) {
        ClaimArgs.claim(key, fingerprint, owner, nowMs, leaseMs);
        long lockedUntil = nowMs + leaseMs;
        return withConnection("claim '" + key + "'", c -> {
            // A row deleted (released) between the INSERT and the SELECT is retried; each retry starts afresh.
            for (int attempt = 0; ; attempt++) {
                try (PreparedStatement ps = c.prepareStatement(CLAIM_SQL)) {
                    ps.setString(1, key);
                    ps.setString(2, fingerprint);
                    ps.setString(3, owner);
                    ps.setLong(4, nowMs);
                    ps.setLong(5, lockedUntil);
                    ps.setLong(6, nowMs);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) {
                            return rs.getInt(1) == 1 ? ClaimResult.claimed(key, owner, lockedUntil)
                                    : ClaimResult.reclaimed(key, owner, lockedUntil);
                        }
                    }
                }
                Optional<ClaimRow> found = select(c, key);
                if (found.isPresent()) {
                    ClaimRow row = found.get();
                    if (!fingerprint.equals(row.fingerprint())) {
                        return ClaimResult.keyMismatch(key);
                    }
                    if (row.status() == ClaimRow.Status.COMPLETED) {
                        return ClaimResult.completed(key, row.result());
                    }
                    if (row.lockedUntilMs() >= nowMs) {
                        return ClaimResult.inProgress(key, row.owner(), row.lockedUntilMs());
                    }
                    // in_progress with an expired lease: another connection changed it meanwhile; try again
                }
                if (attempt >= 100) {
                    throw new SQLException("the row for key '" + key + "' kept changing during 100 claim attempts");
                }
            }
        });
    }

    @Override
    public boolean complete(String key, String owner, String result, long nowMs) {
        ClaimArgs.keyOwner(key, owner);
        ClaimArgs.now(nowMs);
        return withConnection("complete '" + key + "'", c -> {
            try (PreparedStatement ps = c.prepareStatement(COMPLETE_SQL)) {
                if (result == null) {
                    ps.setNull(1, Types.VARCHAR);
                } else {
                    ps.setString(1, result);
                }
                ps.setLong(2, nowMs);
                ps.setString(3, key);
                ps.setString(4, owner);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean renew(String key, String owner, long nowMs, long leaseMs) {
        ClaimArgs.renew(key, owner, nowMs, leaseMs);
        return withConnection("renew '" + key + "'", c -> {
            try (PreparedStatement ps = c.prepareStatement(RENEW_SQL)) {
                ps.setLong(1, nowMs + leaseMs);
                ps.setString(2, key);
                ps.setString(3, owner);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean release(String key, String owner) {
        ClaimArgs.keyOwner(key, owner);
        return withConnection("release '" + key + "'", c -> {
            try (PreparedStatement ps = c.prepareStatement(RELEASE_SQL)) {
                ps.setString(1, key);
                ps.setString(2, owner);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean delete(String key) {
        ClaimArgs.text("key", key, MAX_KEY_LENGTH);
        return withConnection("delete '" + key + "'", c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "DELETE FROM processed_jobs WHERE idempotency_key = ?")) {
                ps.setString(1, key);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public Optional<ClaimRow> get(String key) {
        ClaimArgs.text("key", key, MAX_KEY_LENGTH);
        return withConnection("read '" + key + "'", c -> select(c, key));
    }

    @Override
    public List<ClaimRow> rows(int limit) {
        ClaimArgs.limit(limit);
        return withConnection("list rows", c -> {
            try (PreparedStatement ps = c.prepareStatement(ROWS_SQL)) {
                ps.setInt(1, limit);
                List<ClaimRow> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(row(rs));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public List<String> expiredClaims(long nowMs) {
        ClaimArgs.now(nowMs);
        return keys("read expired claims", "SELECT idempotency_key FROM processed_jobs "
                + "WHERE status = 'in_progress' AND locked_until < ? ORDER BY idempotency_key", nowMs);
    }

    @Override
    public List<String> rescueExpired(long nowMs) {
        ClaimArgs.now(nowMs);
        return keys("rescue expired claims", "DELETE FROM processed_jobs "
                + "WHERE status = 'in_progress' AND locked_until < ? RETURNING idempotency_key", nowMs);
    }

    /** Runs {@code sql}, bound to {@code nowMs}, and collects the keys it returns, sorted. */
    private List<String> keys(String what, String sql, long nowMs) {
        return withConnection(what, c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setLong(1, nowMs);
                List<String> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                out.sort(null);
                return out;
            }
        });
    }

    @Override
    public long size() {
        return withConnection("count rows", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM processed_jobs");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    @Override
    public void clear() {
        withConnection("clear", c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM processed_jobs")) {
                return ps.executeUpdate();
            }
        });
    }

    /** @return the URL this store was opened with, password shown as ***. */
    public String url() {
        return shownUrl;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        // Wait for calls in flight to hand their connections back, then close them all.
        for (int i = 0; i < all.size(); i++) {
            try {
                pool.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        all.forEach(JdbcClaimStore::closeQuietly);
    }

    private static Optional<ClaimRow> select(Connection c, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(SELECT_SQL)) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        }
    }

    private static ClaimRow row(ResultSet rs) throws SQLException {
        long completedAt = rs.getLong("completed_at");
        Long completed = rs.wasNull() ? null : completedAt;
        return new ClaimRow(rs.getString("idempotency_key"), ClaimRow.Status.fromSql(rs.getString("status")),
                rs.getString("owner"), rs.getLong("locked_until"), rs.getString("result"),
                rs.getLong("created_at"), completed, rs.getString("fingerprint"), rs.getInt("claims"));
    }

    @FunctionalInterface
    private interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T withConnection(String what, SqlWork<T> work) {
        Connection c = null;
        try {
            // Polls, so that a caller waiting while another thread closes the store gets an error, not a hang.
            while (c == null) {
                if (closed) {
                    throw new IllegalStateException("the claim store at '" + shownUrl + "' is closed");
                }
                c = pool.poll(50, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClaimStoreException(shownUrl, "Interrupted while waiting to " + what + " in the claim store at '"
                    + shownUrl + "'", e);
        }
        try {
            return work.run(c);
        } catch (SQLException e) {
            throw new ClaimStoreException(shownUrl, "Claim store at '" + shownUrl + "' failed to " + what + ": "
                    + redactMessage(String.valueOf(e.getMessage())), e);
        } finally {
            pool.add(c);
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing: nothing useful to do
            }
        }
    }
}
