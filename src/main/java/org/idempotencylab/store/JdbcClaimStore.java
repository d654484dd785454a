package org.idempotencylab.store;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The second article's {@code processed_jobs} claim table on a real database over JDBC: SQLite (embedded, the
 * default, in a file under the user's data folder) or PostgreSQL (by URL). Same rules as {@link ClaimStore}, with
 * the same SQL text for both databases.
 *
 * <h2>The table</h2>
 * The article's schema, types included, then its lease column, then the lab's own columns (on SQLite, which has
 * neither {@code JSONB} nor {@code TIMESTAMPTZ}, {@code TEXT} holding JSON and ISO-8601 UTC times, see
 * {@link SqlDialect}):
 * <pre>
 * processed_jobs(idempotency_key VARCHAR(255) PRIMARY KEY, status VARCHAR(20) NOT NULL, result JSONB,
 *                created_at TIMESTAMPTZ NOT NULL DEFAULT now(), completed_at TIMESTAMPTZ,
 *                locked_until TIMESTAMPTZ,
 *                run_id VARCHAR(64), fingerprint VARCHAR(128), owner VARCHAR(128), claims INTEGER NOT NULL DEFAULT 1)
 * </pre>
 * The lab's columns are nullable or have a default, so the article's own statements run unchanged on this table,
 * and the lab's statements run on the article's table once these columns are added (the refusal says how).
 * {@code claims} is 1 on insert, +1 per reclaim: it tells CLAIMED from RECLAIMED in one statement.
 *
 * <h2>Runs</h2>
 * Every store is one run of the lab, with a run id ({@link Options#runId}) and an epoch ({@link Options#epoch}, a
 * fixed instant). Its rows carry the run id in {@code run_id} and as the prefix of the key,
 * {@code <run id>/<key>}, so the article's primary key stays {@code idempotency_key} alone and two runs on one
 * table never share a key. Every statement names the run, so a run reads, changes and deletes only its own rows:
 * rows of other runs and rows the lab did not write (no run id) are never touched, except by the explicit
 * {@link #dropOtherRuns()}. A virtual time of {@code t} ms is stored as the timestamp {@code epoch + t}: the
 * caller's clock is bound into every statement, never the database's {@code now()}, so the same SQL serves
 * simulated time and wall-clock use.
 *
 * <p>A claim is one atomic {@code INSERT ... ON CONFLICT (idempotency_key) DO UPDATE ... WHERE status =
 * 'in_progress' AND locked_until < ? AND fingerprint = excluded.fingerprint ... RETURNING claims} (the article's
 * lease statement with the fingerprint checked before any reclaim); when it returns nothing, one {@code SELECT}
 * tells COMPLETED, IN_PROGRESS and KEY_MISMATCH apart. Every statement binds its values (PreparedStatement).
 *
 * <h2>Opening</h2>
 * The whole table is checked before anything is written: column names, types, nullability and the primary key.
 * A table that differs is refused with one message saying what differs, and its rows are kept (the lab's earlier
 * layout, with {@code BIGINT} times and a {@code TEXT} result, is named as such).
 *
 * <h2>Time limits</h2>
 * PostgreSQL: {@value #CONNECT_TIMEOUT_S} s to connect ({@code connectTimeout}), {@value #LOGIN_TIMEOUT_S} s to
 * log in ({@code loginTimeout}), {@value #SOCKET_TIMEOUT_S} s for any reply ({@code socketTimeout}: a server that
 * stops answering ends the call with a {@link ClaimStoreException} after that long) and
 * {@value #STATEMENT_TIMEOUT_MS} ms per statement on the server ({@code statement_timeout}, which also bounds a
 * wait for a lock). A URL that sets any of these wins. SQLite: a file locked by another connection is waited for
 * up to {@value #SQLITE_BUSY_TIMEOUT_MS} ms ({@code busy_timeout}). So a call on a dead server ends within about
 * {@value #SOCKET_TIMEOUT_S} s, with one message, never a stack trace; so does a row the lab cannot read (a status
 * other than {@code in_progress} or {@code completed}).
 *
 * <p>SQLite files use write-ahead logging with {@code synchronous=NORMAL} (SQLite's "Write-Ahead Logging": a
 * commit survives a crash of the application, and only a power loss or operating-system crash may lose the last
 * commits, never the file's consistency), unless the URL sets {@code journal_mode} or {@code synchronous}.
 *
 * <p>Threads: SQLite gets one connection, used by one thread at a time; PostgreSQL gets a small pool
 * ({@value #POSTGRES_CONNECTIONS} connections), so concurrent claims really race in the database and the
 * statement's atomicity is what keeps them apart. Each statement commits on its own (auto-commit).
 *
 * <p>Messages name the URL with any password as {@code ***}, whatever it contains; see {@link JdbcMessages}.
 */
public final class JdbcClaimStore implements ClaimStore {

    /** Connections kept open to PostgreSQL. */
    public static final int POSTGRES_CONNECTIONS = 4;

    /** The table's name unless another is given: the second article's. */
    public static final String DEFAULT_TABLE = "processed_jobs";

    /** PostgreSQL: seconds to open the TCP connection ({@code connectTimeout}) unless the URL says otherwise. */
    public static final int CONNECT_TIMEOUT_S = 5;

    /** PostgreSQL: seconds for the whole login ({@code loginTimeout}) unless the URL says otherwise. */
    public static final int LOGIN_TIMEOUT_S = 10;

    /** PostgreSQL: seconds to wait for any reply ({@code socketTimeout}) unless the URL says otherwise. */
    public static final int SOCKET_TIMEOUT_S = 10;

    /** PostgreSQL: ms a statement may run on the server ({@code statement_timeout}) unless the URL sets it. */
    public static final long STATEMENT_TIMEOUT_MS = 5_000;

    /** SQLite: ms to wait for a file another connection holds locked ({@code busy_timeout}). */
    public static final long SQLITE_BUSY_TIMEOUT_MS = 10_000;

    /** What {@link #open} accepts, for messages. */
    public static final String ALLOWED_URLS = "jdbc:sqlite:<file> (embedded, the default) or "
            + "jdbc:postgresql://host[:port]/database[?user=...] (the password best in ~/.pgpass)";

    /** The latest time a row can hold: times are written as {@code YYYY-MM-DD ...} on SQLite. */
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    /** Rows deleted per statement by {@link #dropOtherRuns}, so each stays well inside the statement timeout. */
    static final int DROP_BATCH = 10_000;

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    /**
     * Which run a store is, and where its rows go.
     *
     * @param table the table's name: 1 to 56 characters, lower-case letters, digits and {@code _}, not starting
     *              with a digit, not a reserved word (so it needs no quoting on either database), not the runs
     *              table's ({@link TableSpec#claimTableNameProblem})
     * @param runId the run's id, stored in {@code run_id} and as the keys' prefix: 1 to 64 characters, letters,
     *              digits and {@code . _ : -}
     * @param epoch the instant virtual time 0 stands for; whole milliseconds
     */
    public record Options(String table, String runId, Instant epoch) {
        /** @throws IllegalArgumentException naming the field, the value and what is allowed */
        public Options {
            Objects.requireNonNull(epoch, "epoch");
            TableSpec.claimTableNameProblem(table).ifPresent(problem -> {
                throw new IllegalArgumentException("table: '" + table + "' " + problem);
            });
            if (runId == null || !RUN_ID.matcher(runId).matches()) {
                throw new IllegalArgumentException("runId: '" + runId + "' is not allowed: 1 to 64 characters, "
                        + "letters, digits and . _ : -");
            }
            if (!epoch.truncatedTo(ChronoUnit.MILLIS).equals(epoch) || epoch.isAfter(LATEST)) {
                throw new IllegalArgumentException("epoch: " + epoch + " is not a whole millisecond up to " + LATEST);
            }
        }

        /**
         * @param table the table's name, see {@link Options}
         * @return a new run: epoch now (whole ms), run id {@code run-<UTC time>-<8 random hex digits>}, e.g.
         *         {@code run-20261201T154204Z-3f9a1c2b}
         */
        public static Options newRun(String table) {
            Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            return new Options(table, "run-" + NewRunIds.TIME.format(now) + "-"
                    + String.format(Locale.ROOT, "%08x", NewRunIds.RANDOM.nextInt()), now);
        }

        // a new run's id only: a worker process of work, opening a run made elsewhere, never loads their classes
        private static final class NewRunIds {
            static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);
            static final SecureRandom RANDOM = new SecureRandom();
        }
    }

    private final String shownUrl;
    private final SqlDialect dialect;
    private final Options options;
    private final String prefix;
    private final long latestMs;
    private final StoreConnections links;
    private final ClaimSql statements;
    private final AtomicLong ownRows = new AtomicLong(); // inserted less deleted by this store: see rowsVanished

    JdbcClaimStore(String shownUrl, JdbcMessages messages, SqlDialect dialect, Options options,
                   List<Connection> connections) {
        this.shownUrl = shownUrl;
        this.dialect = dialect;
        this.options = options;
        this.prefix = options.runId() + "/";
        this.latestMs = Duration.between(options.epoch(), LATEST).toMillis();
        this.links = new StoreConnections(shownUrl, messages, connections);
        this.statements = new ClaimSql(options.table(), dialect, options);
    }

    /**
     * Opens (creating if missing) the claim table {@value #DEFAULT_TABLE} at {@code jdbcUrl} for a new run.
     *
     * @see #open(String, Options)
     */
    public static JdbcClaimStore open(String jdbcUrl) {
        return open(jdbcUrl, Options.newRun(DEFAULT_TABLE));
    }

    /**
     * Opens (creating if missing) the claim table at {@code jdbcUrl} for the run {@code options}.
     *
     * <p>Only {@code jdbc:sqlite:} and {@code jdbc:postgresql:} URLs are accepted. A SQLite file's folder must
     * exist (see {@link #defaultSqliteUrl()} for the default file, whose folder it creates). A missing table is
     * created in a transaction; if anything fails, nothing is left behind: no half-created table, and no new
     * SQLite file. An existing table is checked whole before anything is written, and refused if it differs.
     * Nothing of any run is deleted.
     *
     * @param jdbcUrl e.g. {@code jdbc:sqlite:/home/ann/.local/share/idempotency-lab/claims.db} or
     *                {@code jdbc:postgresql://localhost:5432/lab?user=lab}
     * @return an open store; close it when the run ends
     * @throws ClaimStoreException with one message naming the URL (password shown as {@code ***}), what went
     *                             wrong and what to do
     */
    public static JdbcClaimStore open(String jdbcUrl, Options options) {
        return open(jdbcUrl, options, POSTGRES_CONNECTIONS);
    }

    /**
     * As {@link #open(String, Options)}, keeping {@code connections} connections open to PostgreSQL: one per
     * thread that claims at once (a worker process of {@code work} opens one per worker). SQLite always gets one.
     *
     * @param connections 1 to 64
     * @throws IllegalArgumentException if {@code connections} is outside 1 to 64
     * @throws ClaimStoreException      as {@link #open(String, Options)}
     */
    public static JdbcClaimStore open(String jdbcUrl, Options options, int connections) {
        return JdbcStoreOpener.open(jdbcUrl, options, connections, true);
    }

    /**
     * As {@link #open(String, Options, int)}, for a process whose parent has checked (and created) the table for
     * the same run ({@code work}'s worker processes): a PostgreSQL table is not checked again, so a worker process
     * is at work sooner, at its first start and after each restart. A table changed since then fails at the first
     * statement that meets the change, with one message as any failed statement.
     */
    public static JdbcClaimStore openChecked(String jdbcUrl, Options options, int connections) {
        return JdbcStoreOpener.open(jdbcUrl, options, connections, false);
    }

    /**
     * @return {@code jdbc:sqlite:} URL of {@code claims.db} in the user's data folder, creating the folder:
     *         {@code $XDG_DATA_HOME/idempotency-lab} or {@code ~/.local/share/idempotency-lab} on Linux and other
     *         Unixes, {@code %APPDATA%\idempotency-lab} on Windows, {@code ~/Library/Application
     *         Support/idempotency-lab} on macOS
     * @throws ClaimStoreException if the folder cannot be created
     */
    public static String defaultSqliteUrl() {
        return JdbcStoreOpener.defaultSqliteUrl();
    }

    /**
     * @return {@code url} with every password hidden as {@code ***}: the value of a {@code password=} parameter, up
     *         to the next {@code &} that starts a parameter the driver knows ({@code &user=}), or the end (give a
     *         password holding {@code &} as {@code %26}), and the password of a {@code //user:password@host} part;
     *         see {@link JdbcMessages}
     */
    public static String redact(String url) {
        return JdbcMessages.redact(url);
    }

    /**
     * @return what went wrong with a database at {@code jdbcUrl}, in one line of the lab's words (a refused
     *         connection, a timeout, the driver's first line), with any password of the URL hidden: for code that
     *         talks to the same database beside a store (the real workers' queue)
     */
    public static String explain(String jdbcUrl, Throwable e) {
        return JdbcMessages.forUrl(jdbcUrl).explain(e);
    }

    /** @return the run id this store's rows carry ({@code run_id}, and the keys' prefix). */
    public String runId() {
        return options.runId();
    }

    /** @return the instant virtual time 0 stands for in this run's timestamps. */
    public Instant epoch() {
        return options.epoch();
    }

    /** @return the table's name. */
    public String table() {
        return options.table();
    }

    /** @return the longest key this run can store: 255 less its {@code <run id>/} prefix. */
    public int maxKeyLength() {
        return MAX_KEY_LENGTH - prefix.length();
    }

    @Override
    public ClaimResult claim(String key, String fingerprint, String owner, long nowMs, long leaseMs) {
        ClaimArgs.claim(key, fingerprint, owner, nowMs, leaseMs);
        checkKey(key);
        checkTime("nowMs", nowMs);
        // a lease past the latest storable time holds forever for any purpose: it is stored as that time
        long lockedUntil = Math.min(nowMs + leaseMs, latestMs);
        return withConnection("claim '" + key + "'", link -> claimOn(link, key, fingerprint, owner, nowMs,
                lockedUntil, false));
    }

    /**
     * The claim of {@code key} on {@code link}: its {@code INSERT ... ON CONFLICT}, and when that returns no row,
     * the row read to tell why. A row deleted (released) between the two is retried; each retry starts afresh.
     *
     * @param inserted true if the caller's statement has just run the insert and it returned no row
     */
    private ClaimResult claimOn(StoreConnections.Link link, String key, String fingerprint, String owner, long nowMs,
                                long lockedUntil, boolean inserted) throws SQLException {
        String stored = prefix + key;
        for (int attempt = 0; ; attempt++) {
            if (attempt > 0 || !inserted) {
                PreparedStatement ps = link.prepare(statements.claim);
                statements.bindClaim(ps, 1, stored, fingerprint, owner, nowMs, lockedUntil);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        int claims = rs.getInt(1);
                        // SQLite commits an auto-commit INSERT ... RETURNING only as the statement steps past its
                        // last row; a failed commit (a full disk) surfaces there, and a close would drop it
                        if (rs.next()) {
                            throw new SQLException("the claim of '" + key + "' returned more than one row");
                        }
                        return claimed(key, owner, claims, lockedUntil);
                    }
                }
            }
            Optional<ClaimRow> found = select(link, stored);
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
    }

    /** @return the claim's answer when its statement returned {@code claims}: 1 on insert only */
    private ClaimResult claimed(String key, String owner, int claims, long lockedUntil) {
        if (claims == 1) {
            ownRows.incrementAndGet();
            return ClaimResult.claimed(key, owner, lockedUntil);
        }
        return ClaimResult.reclaimed(key, owner, lockedUntil);
    }

    @Override
    public boolean complete(String key, String owner, String result, long nowMs) {
        ClaimArgs.keyOwner(key, owner);
        ClaimArgs.now(nowMs);
        checkKey(key);
        checkTime("nowMs", nowMs);
        String json = ResultJson.encode(result);
        return withConnection("complete '" + key + "'", link -> {
            PreparedStatement ps = link.prepare(statements.complete);
            statements.bindCompletion(ps, prefix + key, owner, json, nowMs);
            return ps.executeUpdate() == 1;
        });
    }

    /**
     * Binds the parameters of the caller's part of a {@link #complete(String, String, String, long, String,
     * RowsBinder)} statement, from {@code first} on (the completion's own come before).
     */
    @FunctionalInterface
    public interface RowsBinder {
        /** @param first the index of the caller's first parameter */
        void bind(PreparedStatement ps, int first) throws SQLException;
    }

    /**
     * PostgreSQL only: {@link #complete(String, String, String, long)} and rows of the caller's in one
     * data-modifying {@code WITH} statement, which commits whole or not at all (one round trip, one commit). A
     * step whose side effect is a write to the same database (the lab's own records, in the real workers of
     * {@code work}) then happens exactly once: a worker killed before the commit leaves neither the side effect
     * nor the completion, and the next delivery reclaims the key once the lease runs out. A side effect outside
     * the database (an email provider's send) cannot join the transaction; only its own key protects it (the
     * first article).
     *
     * @param more the statement's rest after {@code WITH done AS (<the completion> RETURNING 1)}: more
     *             {@code , name AS (...)} parts that write their rows only if {@code done} has one (e.g.
     *             {@code INSERT ... SELECT ... FROM done}), then a final {@code SELECT COUNT(*) FROM done}
     * @param bind binds {@code more}'s parameters
     * @return true if the completion and the rows committed; false if {@code owner} no longer holds the key:
     *         nothing changes
     * @throws ClaimStoreException if the database fails (nothing is written)
     * @throws IllegalStateException on a SQLite store
     */
    public boolean complete(String key, String owner, String result, long nowMs, String more, RowsBinder bind) {
        ClaimArgs.keyOwner(key, owner);
        ClaimArgs.now(nowMs);
        Objects.requireNonNull(bind, "bind");
        if (dialect != SqlDialect.POSTGRES) {
            throw new IllegalStateException("a completion with rows of its own needs PostgreSQL");
        }
        checkKey(key);
        checkTime("nowMs", nowMs);
        String json = ResultJson.encode(result);
        String sql = statements.completeReturning + more;
        return withConnection("complete '" + key + "' with its side effect", link -> {
            PreparedStatement ps = link.prepare(sql);
            statements.bindCompletion(ps, prefix + key, owner, json, nowMs);
            bind.bind(ps, 6);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) == 1;
            }
        });
    }

    /**
     * PostgreSQL only: {@link #complete(String, String, String, long, String, RowsBinder)} of {@code key} and, in
     * the same statement (one transaction, one round trip), {@link #claim} of {@code nextKey}, made only if the
     * completion wrote its row: a job's next step claimed as its step completes. The second article's order holds:
     * the completion commits after its step's side effect, and the next claim before the next side effect. The
     * answer is the one {@link #claim} gives at {@code nowMs}; when the insert finds a row it may not take, that
     * row is read in a second statement, as {@link #claim} does.
     *
     * @param more the statement's rest after its parts {@code done} (the completion) and {@code claimed}: more
     *             {@code , name AS (...)} parts that write their rows only if {@code done} has one; no final
     *             {@code SELECT}
     * @param bind binds {@code more}'s parameters
     * @return the claim of {@code nextKey} by {@code owner} for {@code leaseMs} ms, or null if {@code owner} no
     *         longer holds {@code key}: nothing changes, nothing is claimed
     * @throws IllegalArgumentException as {@link #claim} and {@link #complete(String, String, String, long)}
     * @throws ClaimStoreException if the database fails (nothing is written)
     * @throws IllegalStateException on a SQLite store
     */
    public ClaimResult completeAndClaim(String key, String owner, String result, long nowMs, String more,
                                        RowsBinder bind, String nextKey, String fingerprint, long leaseMs) {
        ClaimArgs.keyOwner(key, owner);
        ClaimArgs.claim(nextKey, fingerprint, owner, nowMs, leaseMs);
        Objects.requireNonNull(bind, "bind");
        if (dialect != SqlDialect.POSTGRES) {
            throw new IllegalStateException("a completion with a claim of its own needs PostgreSQL");
        }
        checkKey(key);
        checkKey(nextKey);
        checkTime("nowMs", nowMs);
        String json = ResultJson.encode(result);
        long lockedUntil = Math.min(nowMs + leaseMs, latestMs);
        String sql = statements.completeThenClaim + more + " SELECT (SELECT COUNT(*) FROM done), "
                + "(SELECT claims FROM claimed)";
        return withConnection("complete '" + key + "' and claim '" + nextKey + "'", link -> {
            PreparedStatement ps = link.prepare(sql);
            statements.bindCompletion(ps, prefix + key, owner, json, nowMs);
            statements.bindClaim(ps, 6, prefix + nextKey, fingerprint, owner, nowMs, lockedUntil);
            bind.bind(ps, 13);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getLong(1) != 1) {
                    return null;
                }
                int claims = rs.getInt(2);
                if (!rs.wasNull()) {
                    return claimed(nextKey, owner, claims, lockedUntil);
                }
            }
            return claimOn(link, nextKey, fingerprint, owner, nowMs, lockedUntil, true);
        });
    }

    @Override
    public boolean renew(String key, String owner, long nowMs, long leaseMs) {
        ClaimArgs.renew(key, owner, nowMs, leaseMs);
        checkKey(key);
        checkTime("nowMs", nowMs);
        long lockedUntil = Math.min(nowMs + leaseMs, latestMs);
        return withConnection("renew '" + key + "'", link -> {
            PreparedStatement ps = link.prepare(statements.renew);
            dialect.bindTime(ps, 1, at(lockedUntil));
            ps.setString(2, prefix + key);
            ps.setString(3, options.runId());
            ps.setString(4, owner);
            return ps.executeUpdate() == 1;
        });
    }

    @Override
    public boolean release(String key, String owner) {
        ClaimArgs.keyOwner(key, owner);
        checkKey(key);
        return withConnection("release '" + key + "'", link -> {
            PreparedStatement ps = link.prepare(statements.release);
            ps.setString(1, prefix + key);
            ps.setString(2, options.runId());
            ps.setString(3, owner);
            return deleted(ps.executeUpdate()) == 1;
        });
    }

    @Override
    public boolean delete(String key) {
        ClaimArgs.text("key", key, MAX_KEY_LENGTH);
        checkKey(key);
        return withConnection("delete '" + key + "'", link -> {
            PreparedStatement ps = link.prepare(statements.delete);
            ps.setString(1, prefix + key);
            ps.setString(2, options.runId());
            return deleted(ps.executeUpdate()) == 1;
        });
    }

    @Override
    public Optional<ClaimRow> get(String key) {
        ClaimArgs.text("key", key, MAX_KEY_LENGTH);
        checkKey(key);
        return withConnection("read '" + key + "'", link -> select(link, prefix + key));
    }

    /** This run's rows only. */
    @Override
    public List<ClaimRow> rows(int limit) {
        return rows(statements.rows, limit);
    }

    /** This run's rows only, {@code in_progress} first, in one query. */
    @Override
    public List<ClaimRow> rowsInProgressFirst(int limit) {
        return rows(statements.rowsInProgressFirst, limit);
    }

    /** This run's rows only, {@code in_progress} first, then the newest, in one query. */
    @Override
    public List<ClaimRow> rowsInProgressFirstNewest(int limit) {
        return rows(statements.rowsInProgressFirstNewest, limit);
    }

    /** @return up to {@code limit} of this run's rows, in the order {@code sql} (run id, limit) gives */
    private List<ClaimRow> rows(String sql, int limit) {
        ClaimArgs.limit(limit);
        return withConnection("list rows", link -> {
            PreparedStatement ps = link.prepare(sql);
            ps.setString(1, options.runId());
            ps.setInt(2, limit);
            List<ClaimRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(StoredRows.row(rs, dialect, options));
                }
            }
            return out;
        });
    }

    /** This run's rows only, counted in one query. */
    @Override
    public ClaimCounts counts(long nowMs) {
        ClaimArgs.now(nowMs);
        checkTime("nowMs", nowMs);
        return withConnection("count rows", link -> {
            PreparedStatement ps = link.prepare(statements.counts);
            dialect.bindTime(ps, 1, at(nowMs));
            ps.setString(2, options.runId());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new ClaimCounts(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5));
            }
        });
    }

    @Override
    public List<String> expiredClaims(long nowMs) {
        ClaimArgs.now(nowMs);
        checkTime("nowMs", nowMs);
        return keys("read expired claims", statements.expired, nowMs);
    }

    @Override
    public List<String> rescueExpired(long nowMs) {
        ClaimArgs.now(nowMs);
        checkTime("nowMs", nowMs);
        List<String> freed = keys("rescue expired claims", statements.rescue, nowMs);
        deleted(freed.size());
        return freed;
    }

    /** @return {@code rows}, which this store has just deleted of its own */
    private int deleted(int rows) {
        ownRows.addAndGet(-rows);
        return rows;
    }

    /**
     * @return true if rows of this run are missing: it has fewer rows than it inserted and did not delete itself,
     *         so something else deleted them (another run's {@code --drop-old-runs}, or a person) and the run's
     *         numbers would be wrong. One query.
     * @throws ClaimStoreException if the database fails
     */
    public boolean rowsVanished() {
        return size() < ownRows.get();
    }

    /** Runs {@code sql}, bound to this run and {@code nowMs}, and collects the keys it returns, sorted. */
    private List<String> keys(String what, String sql, long nowMs) {
        return withConnection(what, link -> {
            PreparedStatement ps = link.prepare(sql);
            ps.setString(1, options.runId());
            dialect.bindTime(ps, 2, at(nowMs));
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(StoredRows.unprefixed(rs.getString(1), prefix));
                }
            }
            out.sort(null);
            return out;
        });
    }

    /** @return how many rows this run has. */
    @Override
    public long size() {
        return withConnection("count rows", link -> {
            PreparedStatement ps = link.prepare(statements.size);
            ps.setString(1, options.runId());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** Deletes this run's rows; other runs' rows, and rows with no run id, stay. */
    @Override
    public void clear() {
        withConnection("clear", link -> {
            PreparedStatement ps = link.prepare(statements.clear);
            ps.setString(1, options.runId());
            int rows = ps.executeUpdate();
            ownRows.set(0);
            return rows;
        });
    }

    /**
     * Deletes the rows of the other runs of the lab that are no longer going ({@link RunRegistry}); the rows of runs
     * still going, and rows with no run id (the article's own statements), stay. In batches of {@value #DROP_BATCH}
     * rows, each one statement (its own commit, well inside the statement timeout) that checks the registration as
     * it deletes.
     *
     * @return the runs whose rows were deleted, how many rows, and the rows kept of runs still going
     * @throws ClaimStoreException if the database fails; the batches deleted before stay deleted
     */
    public DroppedRuns dropOtherRuns() {
        return RunRegistry.dropOldClaims(this::onConnection, options.table(), options.runId(), DROP_BATCH);
    }

    /**
     * Runs {@code work} on one of this store's connections, as its own statements run (its time limits, one
     * message naming the store): for the runs table ({@link RunHeartbeat}).
     */
    <T> T onConnection(String what, RunRegistry.Work<T> work) {
        return withConnection(what, link -> work.run(link.connection));
    }

    /** @return the socket timeout of the store's connections as the driver reports it, ms (0: none). */
    int networkTimeoutMs() {
        return withConnection("read the socket timeout", link -> link.connection.getNetworkTimeout());
    }

    /** @return the URL this store was opened with, password shown as ***. */
    public String url() {
        return shownUrl;
    }


    @Override
    public void close() {
        links.close();
    }

    private Instant at(long virtualMs) {
        return options.epoch().plusMillis(virtualMs);
    }

    private void checkKey(String key) {
        if (key.length() > maxKeyLength()) {
            throw new IllegalArgumentException("key: a text of " + key.length() + " characters is outside the "
                    + "allowed range 1 to " + maxKeyLength() + " characters (255 less the run id prefix '" + prefix
                    + "')");
        }
    }

    private void checkTime(String field, long ms) {
        if (ms > latestMs) {
            throw new IllegalArgumentException(field + ": " + ms + " is outside the allowed range 0 to " + latestMs
                    + " ms (from the run's epoch " + options.epoch() + " to " + LATEST + ")");
        }
    }

    private Optional<ClaimRow> select(StoreConnections.Link link, String stored) throws SQLException {
        PreparedStatement ps = link.prepare(statements.select);
        ps.setString(1, stored);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(StoredRows.row(rs, dialect, options)) : Optional.empty();
        }
    }

    private <T> T withConnection(String what, StoreConnections.Work<T> work) {
        return links.with(what, work);
    }
}
