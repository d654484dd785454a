package org.idempotencylab.work;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.JdbcUrls;
import org.idempotencylab.store.RunRegistry;

/**
 * One worker process of {@code work}, in a JVM of its own that the parent started: {@code workers} threads, each
 * a {@link SignupWorker} with its own connection, sharing the process's in-memory store (with {@code --store
 * memory}) and a claim store with one connection per worker (claim table or lock). Ends by itself, with exit code
 * 0, once the run has no job left a worker could take; the parent's chaos loop may kill it with SIGKILL at any
 * moment before, which runs no code of it at all: no {@code finally}, no shutdown hook, no rollback but the
 * database's own.
 *
 * <p>An operating-system process, on the wall clock; the simulation's worker process, on the virtual clock, is
 * {@code engine.WorkerProcess}.
 */
public final class WorkerOsProcess {
    /** PostgreSQL: seconds to wait for any reply, as the claim store's. */
    private static final int SOCKET_TIMEOUT_S = JdbcClaimStore.SOCKET_TIMEOUT_S;

    private WorkerOsProcess() {
    }

    /**
     * Runs the process's workers to the end of the run.
     *
     * @param slot        the process's place among the run's processes, 0-based
     * @param incarnation how many times this slot was started before (0 for its first start)
     * @param err         where a failure is reported, one line
     * @param ready         told once every connection is open, just before the workers start
     * @return 0 when the run has no job left; 1 if the database failed (reported on {@code err})
     */
    public static int run(WorkConfig cfg, int slot, int incarnation, PrintWriter err, Runnable ready) {
        String name = "p" + slot + "." + incarnation;
        List<Connection> connections = new ArrayList<>();
        JdbcClaimStore claims = null;
        Thread heartbeat = null;
        try {
            if (cfg.store() == StoreKind.CLAIM_TABLE || cfg.store() == StoreKind.LOCK) {
                // the parent checked the table for this run: checked again at each start, it delays the workers
                claims = JdbcClaimStore.openChecked(cfg.url(), new JdbcClaimStore.Options(
                        cfg.store() == StoreKind.LOCK ? WorkTables.LOCKS : WorkTables.CLAIMS, cfg.runId(),
                        Instant.ofEpochMilli(cfg.epochMs())), cfg.scenario().workers());
            }
            ProcessMemoryStore memory = cfg.store() == StoreKind.MEMORY
                    ? new ProcessMemoryStore(cfg.scenario().ttlMs()) : null;
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < cfg.scenario().workers(); w++) {
                connections.add(connect(cfg.url()));
            }
            Connection beatOn = connect(cfg.url());
            connections.add(beatOn);
            heartbeat = beat(cfg.runId(), beatOn, name);
            ready.run();
            for (int w = 0; w < cfg.scenario().workers(); w++) {
                Connection c = connections.get(w);
                long streamSeed = cfg.scenario().seed()
                        + 1_000_003L * ((long) slot * 4_096 + (long) incarnation * 64 + w + 1);
                SignupWorker worker = new SignupWorker(cfg, c, claims, memory, name + "-w" + w, streamSeed);
                Thread t = new Thread(() -> {
                    try {
                        worker.run();
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                    }
                }, name + "-w" + w);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            Throwable f = failure.get();
            if (f != null) {
                err.println("work: worker process " + name + " stopped: " + (f instanceof SignupWorker.Failure
                        || f instanceof ClaimStoreException ? f.getMessage() : f.toString()));
                return 1;
            }
            return 0;
        } catch (ClaimStoreException e) {
            err.println("work: worker process " + name + " stopped: " + e.getMessage());
            return 1;
        } catch (SQLException e) {
            err.println("work: worker process " + name + " stopped: " + JdbcClaimStore.explain(cfg.url(), e));
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } finally {
            err.flush();
            if (heartbeat != null) {
                heartbeat.interrupt();
            }
            for (Connection c : connections) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // ending
                }
            }
            if (claims != null) {
                claims.close();
            }
        }
    }

    /**
     * Beats the run's heartbeat in the runs table ({@link RunRegistry#beat}) every
     * {@value RunRegistry#BEAT_EVERY_MS} wall-clock ms on a daemon thread, as the parent does: the run stays
     * registered as going while its workers write, even if the parent is stopped (SIGSTOP, a debugger), so
     * another run's {@code --drop-old-runs} never takes it for dead. A beat that fails or finds the registration
     * gone stops the beats and nothing else: the parent's own heartbeat and checks end the run and say why.
     *
     * @return the thread; interrupt it to stop the beats
     */
    private static Thread beat(String runId, Connection c, String name) {
        Thread t = new Thread(() -> {
            try {
                while (RunRegistry.beat(c, runId)) {
                    Thread.sleep(RunRegistry.BEAT_EVERY_MS);
                }
            } catch (SQLException | InterruptedException e) {
                // see above: the parent tells
            }
        }, name + "-heartbeat");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** @return a new auto-commit connection with the claim store's time limits */
    static Connection connect(String url) throws SQLException {
        Optional<String> problem = JdbcUrls.problem(url); // and the driver's logging is off
        if (problem.isPresent()) {
            throw new SQLException(problem.get());
        }
        Properties p = new Properties();
        p.setProperty("connectTimeout", Integer.toString(JdbcClaimStore.CONNECT_TIMEOUT_S));
        p.setProperty("loginTimeout", Integer.toString(JdbcClaimStore.LOGIN_TIMEOUT_S));
        p.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_S));
        p.setProperty("tcpKeepAlive", "true");
        p.setProperty("ApplicationName", "idempotency-lab work");
        // pgjdbc's driver itself, not DriverManager, which would load every JDBC driver on the class path (SQLite's
        // and its logging too) at each start of a worker process
        Connection c = new org.postgresql.Driver().connect(url, p);
        if (c == null) {
            throw new SQLException("not a PostgreSQL URL: " + JdbcClaimStore.redact(url));
        }
        return c;
    }
}
