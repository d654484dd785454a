package org.idempotencylab.work;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.JdbcClaimStore;

/**
 * Reads how a run of real workers stands while it runs, from its tables ({@link WorkTables}), over a connection of
 * its own: the queue's progress, the jobs each worker process took, and the provider's sends per user. For a
 * watcher of the run (the window's Real workers tab), never for its workers; every read names the run id, so
 * other runs on the database are never read. Not thread-safe: one thread reads (the watcher's poller).
 */
public final class RunWatch implements AutoCloseable {
    /**
     * The queue at one moment: jobs by status in {@code lab_jobs}.
     *
     * @param jobs    sign-ups in the run
     * @param done    acknowledged as done
     * @param failed  ended failed (a step ran out of attempts)
     * @param dead    dead-lettered after {@code maxReceives} receives
     * @param running taken and not acknowledged yet (a killed worker's job stays so until its visibility timeout)
     */
    public record Progress(long jobs, long done, long failed, long dead, long running) {
        /** @return jobs that ended: done, failed or dead-lettered */
        public long ended() {
            return done + failed + dead;
        }
    }

    /**
     * One user's welcome emails at the provider ({@code lab_provider_sends}).
     *
     * @param job        the sign-up's number: the user is {@code user_<job>}
     * @param sent       emails the provider sent to this user; 2 or more is a duplicate side effect
     * @param suppressed sends the provider refused because it had seen their key
     */
    public record UserSends(long job, long sent, long suppressed) {
        /** @return the user's id, {@code user_<job>} */
        public String user() {
            return "user_" + job;
        }

        /** @return true if the user got the welcome email twice or more */
        public boolean duplicate() {
            return sent > 1;
        }
    }

    /**
     * The provider's sends: some users' rows, and counts over the whole run.
     *
     * @param rows             up to the limit's users: those with 2+ emails first, then the latest sent
     * @param users            users with at least one send asked for
     * @param sent             emails sent in all
     * @param suppressed       sends refused for a known key, in all
     * @param usersWithTwoPlus users who got 2 or more emails (the first article's "users with 2+ emails")
     */
    public record Sends(List<UserSends> rows, long users, long sent, long suppressed, long usersWithTwoPlus) {
        public Sends {
            rows = List.copyOf(rows);
        }
    }

    private final String url;
    private final String runId;
    private final long jobs;
    private final Connection c;

    private RunWatch(String url, String runId, long jobs, Connection c) {
        this.url = url;
        this.runId = runId;
        this.jobs = jobs;
        this.c = c;
    }

    /**
     * Opens a connection (the workers' time limits: 5 s to connect, 10 s per reply).
     *
     * @throws ClaimStoreException naming the database (password hidden) if it does not open
     */
    public static RunWatch open(WorkConfig cfg) {
        try {
            return new RunWatch(cfg.url(), cfg.runId(), cfg.scenario().jobs(), WorkerOsProcess.connect(cfg.url()));
        } catch (SQLException e) {
            throw failed(cfg.url(), e);
        }
    }

    /**
     * @return the queue's jobs by status, now (one query)
     * @throws ClaimStoreException if the database fails
     */
    public Progress progress() {
        long done = 0;
        long failed = 0;
        long dead = 0;
        long running = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT status, COUNT(*) FROM " + WorkTables.JOBS
                + " WHERE run_id = ? GROUP BY status")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long n = rs.getLong(2);
                    switch (rs.getString(1)) {
                        case "done" -> done = n;
                        case "failed" -> failed = n;
                        case "dead" -> dead = n;
                        case "running" -> running = n;
                        default -> { } // queued
                    }
                }
            }
        } catch (SQLException e) {
            throw failed(url, e);
        }
        return new Progress(jobs, done, failed, dead, running);
    }

    /**
     * @return jobs each worker process took and worked on, by the name its workers carry ({@code p<slot>.<n>}, one
     *         per start of a slot): deliveries with at least one call or store answer recorded in
     *         {@code lab_calls} (a delivery killed before its first row committed is not counted; one query)
     * @throws ClaimStoreException if the database fails
     */
    public Map<String, Long> jobsByProcess() {
        Map<String, Long> out = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT split_part(worker, '-', 1), "
                + "COUNT(DISTINCT (job, delivery)) FROM " + WorkTables.CALLS + " WHERE run_id = ? GROUP BY 1")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        } catch (SQLException e) {
            throw failed(url, e);
        }
        return out;
    }

    /**
     * @param limit users shown at most, 1 or more
     * @return the provider's sends per user, now (two queries)
     * @throws ClaimStoreException if the database fails
     */
    public Sends sends(int limit) {
        List<UserSends> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT job, COUNT(*) FILTER (WHERE sent) s, "
                + "COUNT(*) FILTER (WHERE NOT sent) n FROM " + WorkTables.PROVIDER + " WHERE run_id = ? "
                + "GROUP BY job ORDER BY COUNT(*) FILTER (WHERE sent) > 1 DESC, MAX(sent_at) DESC, job LIMIT ?");
             PreparedStatement totals = c.prepareStatement("SELECT COUNT(*), COALESCE(SUM(s), 0), "
                     + "COALESCE(SUM(n), 0), COUNT(*) FILTER (WHERE s > 1) FROM (SELECT job, COUNT(*) FILTER "
                     + "(WHERE sent) s, COUNT(*) FILTER (WHERE NOT sent) n FROM " + WorkTables.PROVIDER
                     + " WHERE run_id = ? GROUP BY job) t")) {
            ps.setString(1, runId);
            ps.setInt(2, Math.max(1, limit));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new UserSends(rs.getLong(1), rs.getLong(2), rs.getLong(3)));
                }
            }
            totals.setString(1, runId);
            try (ResultSet rs = totals.executeQuery()) {
                rs.next();
                return new Sends(rows, rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
            }
        } catch (SQLException e) {
            throw failed(url, e);
        }
    }

    /** Closes the connection. */
    @Override
    public void close() {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing
        }
    }

    private static ClaimStoreException failed(String url, SQLException e) {
        String shown = JdbcClaimStore.redact(url);
        return new ClaimStoreException(shown, "The database at '" + shown + "' failed: "
                + JdbcClaimStore.explain(url, e) + ".", e);
    }
}
