package org.idempotencylab.work;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunMetrics;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;

/**
 * Reads a run's metrics back from the database's own records, under the names {@code run} prints
 * ({@link Metric}): nothing the workers counted in memory, which a SIGKILL would have lost.
 *
 * <ul>
 *   <li>sign-ups' outcomes from {@code lab_jobs}: done (succeeded), failed (a step ran out of attempts), dead
 *       (dead-lettered after {@code maxReceives} receives); lost: jobs left in no final state (0 when the run
 *       ended normally: the queue is durable); redeliveries and "job in progress" refusals from its counters;</li>
 *   <li>calls, store hits and backoff waits from {@code lab_calls} (a backoff follows every failed call that had
 *       attempts left); a call whose worker was killed before its row committed did not count, and, with the
 *       claim table, neither did its side effect, which commits with the row;</li>
 *   <li>side effects per user and step: for the welcome email the provider's sent rows in
 *       {@code lab_provider_sends}, for the other steps the call rows that did their side effect; "steps done
 *       again" sums the side effects beyond the first, each booked to the cause its rows tell
 *       ({@link WorkCauses});</li>
 *   <li>lease reclaims from the claim table ({@code claims - 1} per row of the run);</li>
 *   <li>overlapping runs: deliveries whose first recorded call came before the last recorded call of an earlier
 *       delivery of the same job;</li>
 *   <li>partly done jobs: failed, dead or open with some steps' side effects done and others not
 *       ({@link PartlyDoneJobs});</li>
 *   <li>worker crashes: the processes the chaos loop killed (the parent's count).</li>
 * </ul>
 * The other metrics count features {@code work} does not have (repeated requests, slow calls, heartbeats, ...) and
 * are 0; {@link Metric#VIRTUAL_TIME_MS} holds the run's wall time, its only clock.
 */
public final class WorkMetrics {
    private WorkMetrics() {
    }

    /**
     * @param kills  worker processes the chaos loop killed
     * @param wallMs wall-clock ms from the first process's start to the last job's end
     * @return the run's result, as {@code run} would print it
     */
    public static StrategyResult read(Connection c, WorkConfig cfg, Strategy strategy, long kills, long wallMs)
            throws SQLException {
        RunMetrics m = new RunMetrics();
        String run = cfg.runId();
        long done = 0;
        long failed = 0;
        long dead = 0;
        long open = 0;
        try (ResultSet rs = query(c, "SELECT status, COUNT(*), COALESCE(SUM(redeliveries), 0), "
                + "COALESCE(SUM(refusals), 0) FROM " + WorkTables.JOBS + " WHERE run_id = ? GROUP BY status", run)) {
            while (rs.next()) {
                long n = rs.getLong(2);
                switch (rs.getString(1)) {
                    case "done" -> done = n;
                    case "failed" -> failed = n;
                    case "dead" -> dead = n;
                    default -> open += n;
                }
                m.add(Metric.REDELIVERIES, rs.getLong(3));
                m.add(Metric.JOB_IN_PROGRESS_REJECTIONS, rs.getLong(4));
            }
        }
        m.add(Metric.SUCCEEDED_JOBS, done);
        m.add(Metric.FAILED_JOBS, failed);
        m.add(Metric.DEAD_LETTERED_JOBS, dead);
        m.add(Metric.LOST_JOBS, open);
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FILTER (WHERE outcome <> 'saved'), "
                + "COUNT(*) FILTER (WHERE outcome = 'saved'), "
                + "COUNT(*) FILTER (WHERE outcome IN ('failed', 'lost') AND attempt < ?) FROM " + WorkTables.CALLS
                + " WHERE run_id = ?")) {
            ps.setInt(1, cfg.scenario().maxAttempts());
            ps.setString(2, run);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                m.add(Metric.CALLS, rs.getLong(1));
                m.add(Metric.STORE_HITS, rs.getLong(2));
                m.add(Metric.BACKOFF_WAITS, rs.getLong(3));
            }
        }
        long emailRepeats;
        try (ResultSet rs = query(c, "SELECT COUNT(*) FILTER (WHERE sent), COUNT(*) FILTER (WHERE NOT sent) FROM "
                + WorkTables.PROVIDER + " WHERE run_id = ?", run)) {
            rs.next();
            m.add(Metric.EMAILS_SENT, rs.getLong(1));
            m.add(Metric.PROVIDER_SUPPRESSED_SENDS, rs.getLong(2));
        }
        try (ResultSet rs = query(c, "SELECT COUNT(*), COALESCE(SUM(n - 1), 0) FROM (SELECT job, COUNT(*) n FROM "
                + WorkTables.PROVIDER + " WHERE run_id = ? AND sent GROUP BY job) t WHERE n > 1", run)) {
            rs.next();
            m.add(Metric.USERS_WITH_DUPLICATE_EMAILS, rs.getLong(1));
            emailRepeats = rs.getLong(2);
        }
        WorkCauses.book(c, run, cfg.store(), emailRepeats, m); // each step done again, with its cause
        if (cfg.store() == StoreKind.CLAIM_TABLE) {
            try (ResultSet rs = query(c, "SELECT COALESCE(SUM(claims - 1), 0) FROM " + WorkTables.CLAIMS
                    + " WHERE run_id = ?", run)) {
                rs.next();
                m.add(Metric.LEASE_RECLAIMS, rs.getLong(1));
            }
        }
        try (ResultSet rs = query(c, "WITH d AS (SELECT job, delivery, MIN(at) first_at, MAX(at) last_at FROM "
                + WorkTables.CALLS + " WHERE run_id = ? GROUP BY job, delivery) SELECT COUNT(*) FROM d WHERE EXISTS "
                + "(SELECT 1 FROM d e WHERE e.job = d.job AND e.delivery < d.delivery AND e.last_at > d.first_at)",
                run)) {
            rs.next();
            m.add(Metric.OVERLAPPING_RUNS, rs.getLong(1));
            m.add(Metric.SAME_KEY_OVERLAPS, rs.getLong(1)); // one request per user here: its deliveries are its runs
        }
        m.add(Metric.PARTLY_DONE_JOBS, PartlyDoneJobs.read(c, run).size());
        m.add(Metric.CRASHES, kills);
        m.set(Metric.VIRTUAL_TIME_MS, wallMs);
        return m.result(strategy, cfg.scenario().jobs(), null);
    }

    /**
     * @return true if fewer of the run's rows are left in {@code lab_calls} or {@code lab_provider_sends} than its
     *         workers wrote: each write raised its job's counter ({@code lab_jobs.calls}, {@code sends}) in the same
     *         statement, so a worker killed with SIGKILL leaves both or neither, and only a delete by someone else
     *         makes the rows fewer than the counters (the numbers read from them would be wrong)
     */
    static boolean rowsMissing(Connection c, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT (SELECT COALESCE(SUM(calls), 0) FROM "
                + WorkTables.JOBS + " WHERE run_id = ?) > (SELECT COUNT(*) FROM " + WorkTables.CALLS + " WHERE run_id "
                + "= ?) OR (SELECT COALESCE(SUM(sends), 0) FROM " + WorkTables.JOBS + " WHERE run_id = ?) > (SELECT "
                + "COUNT(*) FROM " + WorkTables.PROVIDER + " WHERE run_id = ?)")) {
            for (int i = 1; i <= 4; i++) {
                ps.setString(i, runId);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private static ResultSet query(Connection c, String sql, String runId) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.closeOnCompletion();
        ps.setString(1, runId);
        return ps.executeQuery();
    }
}
