package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * PostgreSQL: plans each execution of a prepared statement for its own values ({@code plan_cache_mode =
 * force_custom_plan}, PostgreSQL 12 and later), on the connections of the claim store and of {@code work}.
 *
 * <p>Why: pgjdbc prepares a statement on the server from its fifth execution on, and after five more PostgreSQL
 * may keep one generic plan for every later value (PostgreSQL's "PREPARE", plan caching). On a table created for
 * the run, still nearly empty and never analysed, a statement that names a row by its primary key and its run
 * ({@code WHERE idempotency_key = ? AND run_id = ?}) costs the same through either index, and the generic plan may
 * take the run's index: from then on each such statement reads every row of the run, so a run of n steps does
 * about n&sup2;/2 row reads (measured: a 2,000-job {@code work} run on a new database at 54 jobs/s with the generic
 * plan, 113 with custom plans). A custom plan, made with the table's current size, takes the primary key once the
 * run has a few hundred rows; planning costs tens of microseconds a statement.
 */
public final class CustomPlans {
    private CustomPlans() {
    }

    /**
     * Sets {@code plan_cache_mode = force_custom_plan} for the session on {@code c}, unless {@code url} sets
     * {@code plan_cache_mode} itself (the URL wins) or the server is older than PostgreSQL 12 (which has no such
     * setting, and keeps custom plans for statements whose generic plan costs more).
     *
     * @throws SQLException if the database fails
     */
    public static void use(Connection c, String url) throws SQLException {
        if (url.toLowerCase(Locale.ROOT).contains("plan_cache_mode")
                || c.getMetaData().getDatabaseMajorVersion() < 12) {
            return;
        }
        try (Statement st = c.createStatement()) {
            st.execute("SET plan_cache_mode = force_custom_plan");
        }
    }
}
