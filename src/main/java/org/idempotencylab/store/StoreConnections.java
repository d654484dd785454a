package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The connections of one {@link JdbcClaimStore}: a fair pool of them, each with the statements prepared on it,
 * lent to one call at a time. A call that fails becomes one {@link ClaimStoreException} naming the store's URL
 * (password hidden) and what went wrong in the lab's words ({@link JdbcMessages}).
 */
final class StoreConnections {
    /** One connection and the statements prepared on it; used by one thread at a time. */
    static final class Link {
        final Connection connection;
        private final Map<String, PreparedStatement> prepared = new HashMap<>();

        Link(Connection connection) {
            this.connection = connection;
        }

        PreparedStatement prepare(String sql) throws SQLException {
            PreparedStatement ps = prepared.get(sql);
            if (ps == null) {
                ps = connection.prepareStatement(sql);
                prepared.put(sql, ps);
            }
            return ps;
        }

        /** Closes the prepared statements: after a failure, a driver may leave one unusable. */
        void forget() {
            for (PreparedStatement ps : prepared.values()) {
                try {
                    ps.close();
                } catch (SQLException ignored) {
                    // it is being thrown away
                }
            }
            prepared.clear();
        }
    }

    /** What a call does with its connection. */
    @FunctionalInterface
    interface Work<T> {
        T run(Link link) throws SQLException;
    }

    private final String shownUrl;
    private final JdbcMessages messages;
    private final BlockingQueue<Link> pool;
    private final List<Link> all;
    private volatile boolean closed;

    /** @param connections open, at least one; this pool closes them */
    StoreConnections(String shownUrl, JdbcMessages messages, List<Connection> connections) {
        this.shownUrl = shownUrl;
        this.messages = messages;
        this.all = connections.stream().map(Link::new).toList();
        this.pool = new ArrayBlockingQueue<>(all.size(), true, all);
    }

    /**
     * Runs {@code work} on a connection of the pool, waiting for one to be free.
     *
     * @param what what the call does, for the message, e.g. {@code claim 'k'}
     * @throws ClaimStoreException   if the database fails (the driver's words, secrets hidden) or the wait is
     *                               interrupted
     * @throws IllegalStateException if the store is closed
     */
    <T> T with(String what, Work<T> work) {
        Link link = null;
        try {
            // Polls, so that a caller waiting while another thread closes the store gets an error, not a hang.
            while (link == null) {
                if (closed) {
                    throw new IllegalStateException("the claim store at '" + shownUrl + "' is closed");
                }
                link = pool.poll(50, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClaimStoreException(shownUrl, "Interrupted while waiting to " + what + " in the claim store at '"
                    + shownUrl + "'", e);
        }
        try {
            return work.run(link);
        } catch (SQLException | RuntimeException e) {
            link.forget();
            // a driver's runtime surprise is one message too, like its SQLException
            throw new ClaimStoreException(shownUrl, "Claim store at '" + shownUrl + "' failed to " + what + ": "
                    + messages.explain(e) + ".",
                    messages.leaks(e) ? null : e);
        } finally {
            pool.add(link);
        }
    }

    /** Waits for calls in flight to hand their connections back, then closes them all; again does nothing. */
    synchronized void close() {
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
        all.forEach(link -> closeQuietly(link.connection));
    }

    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing: nothing useful to do
            }
        }
    }
}
