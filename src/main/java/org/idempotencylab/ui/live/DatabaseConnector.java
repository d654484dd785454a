package org.idempotencylab.ui.live;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.RunHeartbeat;

/**
 * Opens the database a live run's claim table lives in (second article's {@code processed_jobs}), off the FX
 * thread: the opening (up to {@link JdbcClaimStore#LOGIN_TIMEOUT_S} s for a server that does not answer) runs on
 * the background executor, the answer comes back on the FX executor. Every open is a new run of
 * {@link JdbcClaimStore}, with a run id of its own: it starts with no rows, shows only its own, and leaves the
 * rows of earlier runs (and of other programs) as they are; it is registered as a run going ({@link RunHeartbeat})
 * while it is open, so another run's {@code --drop-old-runs} leaves its rows alone. A newer {@link #open} or a
 * {@link #cancel} makes an older answer moot: its database is closed, its callbacks never run. Holds the current
 * run's database and closes it when the next run takes another. Every call into a database (open and close) runs
 * on the background executor, never on the FX thread.
 *
 * <p>Uses {@code javafx.beans} only; the executors run in place by default, which suits tests without the
 * toolkit.
 */
final class DatabaseConnector {
    private Function<String, ClaimStore> opener = JdbcClaimStore::open;
    private Executor background = Runnable::run;
    private Executor fxThread = Runnable::run;
    private final ReadOnlyBooleanWrapper connecting = new ReadOnlyBooleanWrapper(this, "connecting");
    private int ticket;            // a newer open or cancel makes an older answer moot
    private ClaimStore current;    // the current run's database, or null for the in-memory model
    private final Map<ClaimStore, RunHeartbeat> heartbeats = new ConcurrentHashMap<>(); // of the stores it opened

    /**
     * @param opener     a JDBC URL to an open store, or a {@link ClaimStoreException}
     * @param background where {@code opener} runs
     * @param fxThread   where the answer is applied
     */
    void setAccess(Function<String, ClaimStore> opener, Executor background, Executor fxThread) {
        this.opener = Objects.requireNonNull(opener, "opener");
        this.background = Objects.requireNonNull(background, "background");
        this.fxThread = Objects.requireNonNull(fxThread, "fxThread");
    }

    /** @return {@code default}'s SQLite file URL for "default", else {@code url} as given. */
    static String resolve(String url) {
        return url.equals("default") ? JdbcClaimStore.defaultSqliteUrl() : url;
    }

    /**
     * Opens {@code url} for a new run, off the calling thread; then, on the FX executor, gives the open store to
     * {@code opened}, or the database's message to {@code failed}, unless a newer {@link #open} or
     * {@link #cancel} came meanwhile.
     *
     * @param url a resolved JDBC URL ({@link #resolve})
     */
    void open(String url, Consumer<ClaimStore> opened, Consumer<String> failed) {
        int mine = ++ticket;
        connecting.set(true);
        background.execute(() -> {
            ClaimStore db = null;
            String error = null;
            try {
                db = opener.apply(url);
                // registered as a run going: another run's --drop-old-runs keeps its rows
                if (db instanceof JdbcClaimStore jdbc) {
                    heartbeats.put(db, RunHeartbeat.start(jdbc, "live view"));
                }
            } catch (RuntimeException e) {
                error = e.getMessage();
                if (db != null) {
                    db.close();
                    db = null;
                }
            }
            ClaimStore answer = db;
            String problem = error;
            fxThread.execute(() -> {
                if (mine != ticket) { // another Reset came meanwhile
                    if (answer != null) {
                        closeLater(answer);
                    }
                    return;
                }
                connecting.set(false);
                if (answer == null) {
                    failed.accept(problem);
                } else {
                    opened.accept(answer);
                }
            });
        });
    }

    /** Drops the answer of an {@link #open} under way, if any (a Reset that needs no database). */
    void cancel() {
        ticket++;
        connecting.set(false);
    }

    /**
     * Makes {@code db} (null: the in-memory model) the current run's database, closing the previous one on the
     * background executor (after anything it still runs there).
     */
    void use(ClaimStore db) {
        if (current != null && current != db) {
            closeLater(current);
        }
        current = db;
    }

    /**
     * Closes {@code db} on the background executor (closing a connection is a round trip too), its registration as
     * a run going first.
     */
    void closeLater(ClaimStore db) {
        background.execute(() -> {
            RunHeartbeat heartbeat = heartbeats.remove(db);
            if (heartbeat != null) {
                heartbeat.close();
            }
            db.close();
        });
    }

    /** @return the current run's database, or null for the in-memory model. */
    ClaimStore current() {
        return current;
    }

    /** @return true while an {@link #open} waits for its answer. */
    ReadOnlyBooleanProperty connectingProperty() {
        return connecting.getReadOnlyProperty();
    }
}
