package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.idempotencylab.store.RunRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code run --db} whose rows are deleted while it runs ends with exit 1 and one line saying so, and prints no
 * numbers: before, it exited 0 with wrong ones (its finished steps, deleted, were done again). The deletion comes
 * from a trigger in the database, at a fixed moment (the run's 100th row), so the test does not race the run: once
 * as the lab's earlier versions did it (the rows only), once as another run's {@code --drop-old-runs} that took
 * this one for dead (its registration in {@code lab_runs} and its rows).
 */
class RunErasedTest {
    @Test
    void aRunWhoseRowsAreDeletedUnderItExits1WithOneLine(@TempDir Path dir) throws Exception {
        for (boolean registrationToo : new boolean[] {false, true}) {
            String url = "jdbc:sqlite:" + dir.resolve("erased-" + registrationToo + ".db");
            Outcome first = cli("run", "--db", url, "--store", "claim-table", "--jobs", "1", "--quiet");
            assertEquals(0, first.code(), first.err()); // the tables exist: the trigger can be put on them
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                st.execute("CREATE TRIGGER erase AFTER INSERT ON processed_jobs WHEN (SELECT COUNT(*) FROM "
                        + "processed_jobs WHERE run_id = NEW.run_id) = 100 BEGIN "
                        + (registrationToo ? "DELETE FROM lab_runs WHERE run_id = NEW.run_id; " : "")
                        + "DELETE FROM processed_jobs WHERE run_id = NEW.run_id AND idempotency_key <> "
                        + "NEW.idempotency_key; END");
            }
            String[] run = {"run", "--db", url, "--store", "claim-table", "--retry", "whole-job-skip-finished",
                "--provider-key", "same", "--jobs", "300", "--quiet"};
            Outcome o = cli(run);
            assertEquals(1, o.code(), o.err());
            assertEquals("", o.out());
            assertEquals("--db: the run stopped: " + RunRegistry.ERASED + " (the claim table processed_jobs at '"
                    + url + "').", o.err().strip());
        }
    }
}
