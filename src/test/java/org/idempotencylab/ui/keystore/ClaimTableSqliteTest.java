package org.idempotencylab.ui.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.idempotencylab.store.ClaimResult.Kind;
import org.idempotencylab.store.ClaimRow.Status;
import org.idempotencylab.store.JdbcClaimStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claim table's view-model on a real SQLite {@code processed_jobs} table in a temporary file: the rows it
 * shows come from the database (another store writes them, plain SQL changes them), and a read that fails there
 * keeps the rows and shows the database's message.
 */
class ClaimTableSqliteTest {
    private static final String FP = "fp-1";
    private static final long LEASE_MS = 1_000;

    @TempDir
    Path dir;

    private final ClaimTableViewModel vm = new ClaimTableViewModel();

    private static void sql(String url, String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.executeUpdate(statement);
        }
    }

    /** @return the text SQLite holds for the run's epoch plus {@code ms}: {@code YYYY-MM-DD HH:MM:SS.SSS}, UTC. */
    private static String time(JdbcClaimStore store, long ms) {
        return DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC)
                .format(store.epoch().plusMillis(ms));
    }

    @Test
    void theViewShowsWhatTheDatabaseFileHoldsAndSurvivesAFailedRead() throws SQLException {
        String url = "jdbc:sqlite:" + dir.resolve("claims.db");
        // Two stores of one run on one file: the run writes through one, the view reads through the other.
        try (JdbcClaimStore writer = JdbcClaimStore.open(url); JdbcClaimStore reader = JdbcClaimStore.open(url,
                new JdbcClaimStore.Options(writer.table(), writer.runId(), writer.epoch()))) {
            vm.attach(reader);
            writer.claim("charge:order_1", FP, "worker-a", 0, LEASE_MS);
            writer.claim("email:user_2", FP, "worker-b", 100, LEASE_MS);
            writer.complete("charge:order_1", "worker-a", "{\"chargeId\":\"ch_1\"}", 400);
            vm.refresh(500);
            assertEquals(List.of("email:user_2", "charge:order_1"),
                    vm.rows().stream().map(ClaimTableRow::key).toList(), "in_progress first");
            ClaimTableRow charge = vm.rows().get(1);
            ClaimTableRow email = vm.rows().get(0);
            assertEquals(Status.COMPLETED, charge.status());
            assertEquals("{\"chargeId\":\"ch_1\"}", charge.result());
            assertEquals(400L, charge.completedAtMs());
            assertEquals("worker-b", email.owner());
            assertEquals(1_100, email.lockedUntilMs(), "claimed at 100 with a 1,000 ms lease");
            assertEquals("lease ends in 0.6 s", email.countdownText(500), "1,100 - 500 = 600 ms");

            // worker-b vanished; at 1,600 its lease (to 1,100) has run out and worker-c reclaims the key.
            assertEquals(Kind.RECLAIMED, writer.claim("email:user_2", FP, "worker-c", 1_600, LEASE_MS).kind());
            // A row of this run written by plain SQL, which no Java object knows about: the run id as the key's
            // prefix and in run_id, times as the run's epoch plus 1,500 and 1,550 ms.
            String run = writer.runId();
            sql(url, "INSERT INTO processed_jobs (idempotency_key, status, fingerprint, owner, created_at, "
                    + "locked_until, run_id, claims) VALUES ('" + run + "/refund:order_9', 'in_progress', 'fp-9', "
                    + "'psql', '" + time(writer, 1_500) + "', '" + time(writer, 1_550) + "', '" + run + "', 1)");
            // ... and rows of another run and of no run at all, which the view of this run never shows
            sql(url, "INSERT INTO processed_jobs (idempotency_key, status, fingerprint, owner, created_at, "
                    + "locked_until, run_id) VALUES ('other/refund:order_9', 'in_progress', 'fp-9', 'psql', "
                    + "'" + time(writer, 0) + "', '" + time(writer, 9_000) + "', 'other')");
            sql(url, "INSERT INTO processed_jobs (idempotency_key, status) VALUES ('charge:order_1', 'completed')");
            vm.refresh(1_700);
            assertEquals(List.of("email:user_2", "refund:order_9", "charge:order_1"),
                    vm.rows().stream().map(ClaimTableRow::key).toList(),
                    "in_progress first, by created_at (100, 1,500), then the completed one");
            assertSame(email, vm.rows().get(0));
            assertEquals("worker-c", email.owner());
            assertEquals(2, email.claims());
            assertEquals("lease ends in 0.9 s", email.countdownText(1_700), "1,600 + 1,000 - 1,700 = 900 ms");
            assertEquals("lease expired 0.2 s ago — reclaimable", vm.rows().get(1).countdownText(1_700),
                    "locked_until 1,550, now 1,700: 150 ms, rounded up to tenths");
            assertEquals("Rows 3 · In progress 2 · Completed 1 · Expired leases 1 · Reclaimed 1",
                    vm.countersProperty().get());

            // The table goes away under the view: the read fails with the database's message; the rows stay.
            sql(url, "ALTER TABLE processed_jobs RENAME TO parked");
            vm.refresh(1_800);
            String error = vm.errorProperty().get();
            assertTrue(error.startsWith("Claim store at '" + url + "' failed to list rows: "), error);
            assertTrue(error.contains("no such table: processed_jobs"), error);
            assertEquals(error + " (showing the rows read at 0:01.700)", vm.statusProperty().get());
            assertEquals(3, vm.rows().size());
            assertSame(email, vm.rows().get(0));

            sql(url, "ALTER TABLE parked RENAME TO processed_jobs");
            vm.refresh(1_900);
            assertNull(vm.errorProperty().get());
            assertEquals("", vm.statusProperty().get());
            assertEquals(3, vm.rows().size());
        }
    }
}
