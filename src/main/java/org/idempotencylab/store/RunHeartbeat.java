package org.idempotencylab.store;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A run of a {@link JdbcClaimStore} registered as going in the runs table ({@link RunRegistry}) while it runs, so
 * that another run's {@code --drop-old-runs} leaves its rows alone: registered by {@link #start}, a heartbeat every
 * {@value RunRegistry#BEAT_EVERY_MS} wall-clock ms on a daemon thread, unregistered by {@link #close}. The heartbeat
 * goes through the store's own connections, with their time limits and messages; on SQLite it waits its turn on
 * the store's one connection, between two statements of the run.
 *
 * <p>The run asks {@link #stopped()} as it goes (the heartbeat failed, or found the run's registration gone) and
 * calls {@link #check()} before it reports its numbers.
 */
public final class RunHeartbeat implements AutoCloseable {
    private final JdbcClaimStore store;
    private final ScheduledExecutorService timer;
    private volatile ClaimStoreException failure;
    private volatile boolean erased;
    private volatile boolean closing;
    private boolean ended;

    private RunHeartbeat(JdbcClaimStore store) {
        this.store = store;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "heartbeat of " + store.runId());
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::beat, RunRegistry.BEAT_EVERY_MS, RunRegistry.BEAT_EVERY_MS,
                TimeUnit.MILLISECONDS);
    }

    /**
     * Registers the store's run as going and starts its heartbeat. Call it before the run writes any row.
     *
     * @param command what runs, for a person reading the runs table: {@code run}, {@code live view}
     * @throws ClaimStoreException if the registration cannot be written (the database fails, or a table named
     *                             {@value RunRegistry#TABLE} is not the lab's)
     */
    public static RunHeartbeat start(JdbcClaimStore store, String command) {
        store.onConnection("register this run in " + RunRegistry.TABLE, c -> {
            RunRegistry.register(c, store.runId(), command);
            return null;
        });
        return new RunHeartbeat(store);
    }

    private void beat() {
        try {
            if (!beatOnce()) {
                erased = true;
            }
        } catch (ClaimStoreException e) {
            if (!closing) {
                failure = e;
            }
        } catch (IllegalStateException e) {
            return; // the store was closed: the run is over
        }
        if (stopped()) {
            timer.shutdown();
        }
    }

    private boolean beatOnce() {
        return store.onConnection("keep this run registered in " + RunRegistry.TABLE + " (its heartbeat)",
                c -> RunRegistry.beat(c, store.runId()));
    }

    /** @return true if the run must stop: its heartbeat failed, or its registration is gone. Thread-safe. */
    public boolean stopped() {
        return erased || failure != null;
    }

    /**
     * Checks, once the run has ended and before it reports its numbers, that nothing of it was lost: its heartbeat
     * never failed, it is still registered, and none of its rows is missing ({@link JdbcClaimStore#rowsVanished}).
     *
     * @throws ClaimStoreException the heartbeat's own failure; or one saying {@link RunRegistry#ERASED}
     */
    public void check() {
        if (failure != null) {
            throw failure;
        }
        if (erased || !beatOnce() || store.rowsVanished()) {
            erased = true;
            throw new ClaimStoreException(store.url(), RunRegistry.ERASED + " (the claim table " + store.table()
                    + " at '" + store.url() + "').", null);
        }
    }

    /**
     * Ends the run's registration: stops the heartbeat (waiting for one under way) and deletes the registration, so
     * its rows are old from now on; {@link #close()} then does nothing more. For a run that tells its user when the
     * registration stays behind.
     *
     * @throws ClaimStoreException if the registration cannot be deleted (the database failed): nothing is lost, it
     *                             is taken for a run that stopped {@value RunRegistry#ALIVE_S} s after its last
     *                             heartbeat, but the run must say so
     */
    public synchronized void end() {
        if (ended) {
            return;
        }
        ended = true;
        closing = true;
        timer.shutdown();
        try {
            timer.awaitTermination(2L * JdbcClaimStore.SOCKET_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        store.onConnection("unregister this run from " + RunRegistry.TABLE + " (its registration stays until its "
                + "heartbeat is " + RunRegistry.ALIVE_S + " s old)", c -> {
                    RunRegistry.unregister(c, store.runId());
                    return null;
                });
    }

    /**
     * As {@link #end()}, but a registration that cannot be deleted (the database failed, or the store was closed)
     * is left to lapse: taken for a run that stopped {@value RunRegistry#ALIVE_S} s after its last heartbeat.
     */
    @Override
    public void close() {
        try {
            end();
        } catch (ClaimStoreException | IllegalStateException e) {
            // the registration stays until its heartbeat is old: see above
        }
    }
}
