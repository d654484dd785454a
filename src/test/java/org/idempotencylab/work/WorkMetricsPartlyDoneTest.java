package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.Test;

/**
 * {@code work}'s partly done jobs, read from rows written here as the workers write them: a job counts if its
 * status is not {@code done} and some of its ten steps did their side effect (a call row with
 * {@code side_effect}, or for the welcome email a sent row of the provider) and others did not.
 */
class WorkMetricsPartlyDoneTest {
    private static final String RUN = "run-partly";
    private static final int EMAIL = SignupSteps.EMAIL;

    @Test
    void theJobsLeftWithSomeSideEffectsAndNotOthersAreCountedAndNamed() throws SQLException {
        String url = TestPostgres.freshDatabase("work_partly");
        try (Connection c = DriverManager.getConnection(url)) {
            assertNull(WorkTables.prepare(c, StoreKind.MEMORY, false)); // the lab's tables, all of them new
            job(c, RUN, 0, "done");                       // every step once: it succeeded
            steps(c, RUN, 0, 0, SignupSteps.COUNT);
            job(c, RUN, 1, "failed");                     // steps 0 to 5 done, the email never sent: partly done
            steps(c, RUN, 1, 0, EMAIL);
            call(c, RUN, 1, EMAIL, false);
            job(c, RUN, 2, "dead");                       // every call failed: nothing done, nothing to undo
            call(c, RUN, 2, 0, false);
            call(c, RUN, 2, 0, false);
            job(c, RUN, 3, "dead");                       // all ten done, the acknowledgement lost: not partly
            steps(c, RUN, 3, 0, SignupSteps.COUNT);
            job(c, RUN, 4, "failed");                     // the email sent, its call's row lost to a kill: partly
            send(c, RUN, 4);
            job(c, RUN, 5, "failed");                     // step 0 twice and step 1: two steps done, partly
            call(c, RUN, 5, 0, true);
            call(c, RUN, 5, 0, true);
            call(c, RUN, 5, 1, true);
            job(c, RUN, 6, "queued");                     // never ended (lost) with steps 0 to 2 done: partly
            steps(c, RUN, 6, 0, 3);
            job(c, "another-run", 1, "failed");           // another run's partly done job is not this run's
            steps(c, "another-run", 1, 0, 2);

            List<PartlyDoneJobs.Job> partly = PartlyDoneJobs.read(c, RUN);
            assertEquals(List.of(new PartlyDoneJobs.Job(1, "failed", 6, false),
                    new PartlyDoneJobs.Job(4, "failed", 1, true), new PartlyDoneJobs.Job(5, "failed", 2, false),
                    new PartlyDoneJobs.Job(6, "queued", 3, false)), partly);
            StrategyResult r = WorkMetrics.read(c, config(url), Strategy.WHOLE_JOB_SAME_KEY, 0, 1_000);
            assertEquals(4, r.get(Metric.PARTLY_DONE_JOBS));

            StringWriter err = new StringWriter();
            PartlyDoneJobs.tell(partly, new PrintWriter(err));
            assertEquals("work: 4 jobs ended partly done: user_1 (failed, 6 of 10 steps done, no welcome email), "
                    + "user_4 (failed, 1 of 10 steps done, welcome email sent), user_5 (failed, 2 of 10 steps done, "
                    + "no welcome email), user_6 (lost: it never ended, 3 of 10 steps done, no welcome email)"
                    + System.lineSeparator(), err.toString());
        }
    }

    @Test
    void theLineNamesFiveJobsAndCountsTheRest() {
        List<PartlyDoneJobs.Job> seven = java.util.stream.LongStream.range(0, 7)
                .mapToObj(j -> new PartlyDoneJobs.Job(j, "dead", 6, false)).toList();
        StringWriter err = new StringWriter();
        PartlyDoneJobs.tell(seven, new PrintWriter(err));
        assertEquals("work: 7 jobs ended partly done: user_0 (dead-lettered, 6 of 10 steps done, no welcome email), "
                + "user_1 (dead-lettered, 6 of 10 steps done, no welcome email), user_2 (dead-lettered, 6 of 10 steps "
                + "done, no welcome email), user_3 (dead-lettered, 6 of 10 steps done, no welcome email), user_4 "
                + "(dead-lettered, 6 of 10 steps done, no welcome email) and 2 more" + System.lineSeparator(),
                err.toString());
        StringWriter none = new StringWriter();
        PartlyDoneJobs.tell(List.of(), new PrintWriter(none));
        assertEquals("", none.toString(), "no line when every job that ended unsucceeded did nothing or everything");
    }

    private static WorkConfig config(String url) {
        Scenario s = Scenario.article().toBuilder().workers(1).jobs(7).pFail(0).lostReply(0).jitter(false).callMs(0)
                .leaseMs(300).visibilityTimeoutMs(600).lockTtlMs(1_000).ttlMs(60_000).build();
        // no claim table: no processed_jobs
        return new WorkConfig(url, RUN, 0, 1, s, RetryScope.WHOLE_JOB, KeyMode.SAME, StoreKind.NONE);
    }

    private static void job(Connection c, String run, long job, String status) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + WorkTables.JOBS + " (run_id, job, status, "
                + "visible_after) VALUES (?, ?, ?, now())")) {
            ps.setString(1, run);
            ps.setLong(2, job);
            ps.setString(3, status);
            ps.executeUpdate();
        }
    }

    /** Steps {@code from} to {@code to - 1} done once each: call rows, the email as a sent row of the provider. */
    private static void steps(Connection c, String run, long job, int from, int to) throws SQLException {
        for (int step = from; step < to; step++) {
            call(c, run, job, step, true);
            if (step == EMAIL) {
                send(c, run, job);
            }
        }
    }

    private static void call(Connection c, String run, long job, int step, boolean sideEffect) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + WorkTables.CALLS + " (run_id, job, step, "
                + "attempt, delivery, worker, outcome, side_effect) VALUES (?, ?, ?, 1, 1, 'p0.0', ?, ?)")) {
            ps.setString(1, run);
            ps.setLong(2, job);
            ps.setInt(3, step);
            ps.setString(4, sideEffect ? "ok" : "failed");
            ps.setBoolean(5, sideEffect);
            ps.executeUpdate();
        }
    }

    private static void send(Connection c, String run, long job) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + WorkTables.PROVIDER + " (run_id, job, "
                + "provider_key, sent, worker) VALUES (?, ?, ?, true, 'p0.0')")) {
            ps.setString(1, run);
            ps.setLong(2, job);
            ps.setString(3, "welcome-email:user_" + job);
            ps.executeUpdate();
        }
    }
}
