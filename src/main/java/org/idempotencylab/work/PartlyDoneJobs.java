package org.idempotencylab.work;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;

/**
 * The run's jobs that ended unsucceeded (failed, dead-lettered, or left open) with some of their steps' side effects
 * done and others not ({@link Metric#PARTLY_DONE_JOBS}), read from the tables: a step's side effect is done if a
 * call row of the job did it ({@code lab_calls.side_effect}), the welcome email's if the provider sent one for the
 * job ({@code lab_provider_sends.sent}; with the claim table a kill can fall between the send and the call's row).
 * Such a job is what an engineer must see by name: a customer billed with no workspace, a workspace without its
 * welcome email, to finish or undo by hand.
 */
public final class PartlyDoneJobs {
    /** How many jobs the line on stderr names; the count covers them all. */
    static final int NAMED = 5;

    /**
     * One partly done job.
     *
     * @param job       the job number (the sign-up of {@code user_<job>})
     * @param status    its {@code lab_jobs.status}: failed, dead, or queued/running if it never ended
     * @param stepsDone steps whose side effect was done, 1 to 9
     * @param emailSent whether the welcome email went out
     */
    public record Job(long job, String status, int stepsDone, boolean emailSent) {
        /** @return e.g. "user_942 (dead-lettered, 6 of 10 steps done, no welcome email)" */
        public String describe() {
            String how = switch (status) {
                case "failed" -> "failed";
                case "dead" -> "dead-lettered";
                default -> "lost: it never ended";
            };
            return String.format(Locale.ROOT, "user_%d (%s, %d of %d steps done, %s)", job, how, stepsDone,
                    SignupSteps.COUNT, emailSent ? "welcome email sent" : "no welcome email");
        }
    }

    private PartlyDoneJobs() {
    }

    /** @return the run's partly done jobs, by job number */
    public static List<Job> read(Connection c, String runId) throws SQLException {
        String sql = "WITH done AS (SELECT job, step FROM " + WorkTables.CALLS + " WHERE run_id = ? AND side_effect "
                + "AND step <> " + SignupSteps.EMAIL + " UNION SELECT job, " + SignupSteps.EMAIL + " FROM "
                + WorkTables.PROVIDER + " WHERE run_id = ? AND sent) "
                + "SELECT j.job, j.status, COUNT(*), BOOL_OR(d.step = " + SignupSteps.EMAIL + ") FROM "
                + WorkTables.JOBS + " j JOIN done d ON d.job = j.job WHERE j.run_id = ? AND j.status <> 'done' "
                + "GROUP BY j.job, j.status HAVING COUNT(*) < " + SignupSteps.COUNT + " ORDER BY j.job";
        List<Job> jobs = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 1; i <= 3; i++) {
                ps.setString(i, runId);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    jobs.add(new Job(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getBoolean(4)));
                }
            }
        }
        return jobs;
    }

    /**
     * Names the first {@value #NAMED} of {@code jobs} in one line on {@code err}, e.g. {@code work: 1 job ended
     * partly done: user_942 (dead-lettered, 6 of 10 steps done, no welcome email)}; nothing if there are none.
     */
    public static void tell(List<Job> jobs, PrintWriter err) {
        if (jobs.isEmpty()) {
            return;
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "work: %,d job%s ended partly done: ",
                jobs.size(), jobs.size() == 1 ? "" : "s"));
        for (int i = 0; i < Math.min(NAMED, jobs.size()); i++) {
            line.append(i == 0 ? "" : ", ").append(jobs.get(i).describe());
        }
        if (jobs.size() > NAMED) {
            line.append(String.format(Locale.ROOT, " and %,d more", jobs.size() - NAMED));
        }
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }
}
