package org.idempotencylab.work;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.RunMetrics;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.StoreKind;

/**
 * Books each side effect {@code work}'s workers did again to a {@link DuplicateCause}, from what the database
 * recorded: a side effect's call row ({@code lab_calls}: delivery, outcome, time) compared with the step's previous
 * one. A real worker cannot see the simulation's every reason, so the causes are those its records can tell:
 *
 * <ul>
 *   <li>the same delivery did it again: after the previous call's lost reply, {@link DuplicateCause#LOST_REPLY};
 *       else the whole job was retried, {@link DuplicateCause#WHOLE_JOB_RETRY};</li>
 *   <li>another delivery did it, with the claim table: the claim's lease ran out (its holder was killed or slower
 *       than the lease) and the delivery reclaimed it, {@link DuplicateCause#LEASE_EXPIRED};</li>
 *   <li>another delivery, while the previous one still ran (its last call after this one's first): the visibility
 *       timeout ran out, {@link DuplicateCause#VISIBILITY_TIMEOUT}, or with the lock, whose TTL had run out,
 *       {@link DuplicateCause#LOCK_GONE};</li>
 *   <li>another delivery after the previous one stopped: the chaos loop killed its worker,
 *       {@link DuplicateCause#CRASH} (with the in-memory store, its process's store died with it);</li>
 *   <li>an email the provider sent whose call row never committed (its worker was killed between the send and the
 *       row, or, with the claim table, the call's completion was refused after a reclaim): {@link
 *       DuplicateCause#CRASH}, or {@link DuplicateCause#LEASE_EXPIRED} with the claim table.</li>
 * </ul>
 * {@code work} has no repeated requests, attempt timeouts, TTL on keys, rescuer or check-then-insert claims, so
 * those causes stay 0. A kill and a visibility timeout that ran out while the worker was being killed look alike
 * (the earlier delivery's last row is all there is): such a duplicate is booked to a crash.
 */
final class WorkCauses {
    /** Per call row whose side effect is not its step's first: how it compares with the step's previous one. */
    private static final String CLASSIFY = "WITH s AS (SELECT job, step, delivery, LAG(delivery) OVER w prev_delivery, "
            + "LAG(outcome) OVER w prev_outcome, ROW_NUMBER() OVER w n FROM " + WorkTables.CALLS
            + " WHERE run_id = ? AND side_effect WINDOW w AS (PARTITION BY job, step ORDER BY at, delivery, attempt)), "
            + "d AS (SELECT job, delivery, MIN(at) first_at, MAX(at) last_at FROM " + WorkTables.CALLS
            + " WHERE run_id = ? GROUP BY job, delivery) "
            + "SELECT s.step, CASE WHEN s.delivery = s.prev_delivery THEN CASE WHEN s.prev_outcome = 'lost' THEN 0 "
            + "ELSE 1 END WHEN p.last_at > t.first_at THEN 2 ELSE 3 END how, COUNT(*) FROM s "
            + "JOIN d p ON p.job = s.job AND p.delivery = s.prev_delivery "
            + "JOIN d t ON t.job = s.job AND t.delivery = s.delivery WHERE s.n > 1 GROUP BY 1, 2 ORDER BY 1, 2";

    private WorkCauses() {
    }

    /**
     * Books every side effect done again into {@code m} ({@link RunMetrics#repeatedSideEffect}): the steps other than
     * the email as their call rows say; the email's {@code emailRepeats} (counted from the provider's sent rows,
     * which a kill cannot lose) as its call rows say, the rest as sends whose row never committed.
     *
     * @param emailRepeats welcome emails sent beyond the first per user, 0 or more
     * @throws SQLException if the database fails
     */
    static void book(Connection c, String runId, StoreKind store, long emailRepeats, RunMetrics m)
            throws SQLException {
        long emailLeft = emailRepeats;
        try (PreparedStatement ps = c.prepareStatement(CLASSIFY)) {
            ps.setString(1, runId);
            ps.setString(2, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int step = rs.getInt(1);
                    DuplicateCause cause = cause(rs.getInt(2), store);
                    long n = rs.getLong(3);
                    if (step == SignupSteps.EMAIL) {
                        n = Math.min(n, emailLeft);
                        emailLeft -= n;
                    }
                    for (; n > 0; n--) {
                        m.repeatedSideEffect(step, cause);
                    }
                }
            }
        }
        // booked as a delivery after the previous one stopped: a kill, or a reclaim with the claim table
        DuplicateCause unrecorded = cause(3, store);
        for (; emailLeft > 0; emailLeft--) {
            m.repeatedSideEffect(SignupSteps.EMAIL, unrecorded);
        }
    }

    /** @return the cause of a row that compares with the step's last as {@code how} (the query's 0 to 3) */
    static DuplicateCause cause(int how, StoreKind store) {
        return switch (how) {
            case 0 -> DuplicateCause.LOST_REPLY;
            case 1 -> DuplicateCause.WHOLE_JOB_RETRY;
            case 2 -> store == StoreKind.CLAIM_TABLE ? DuplicateCause.LEASE_EXPIRED
                    : store == StoreKind.LOCK ? DuplicateCause.LOCK_GONE : DuplicateCause.VISIBILITY_TIMEOUT;
            default -> store == StoreKind.CLAIM_TABLE ? DuplicateCause.LEASE_EXPIRED : DuplicateCause.CRASH;
        };
    }
}
