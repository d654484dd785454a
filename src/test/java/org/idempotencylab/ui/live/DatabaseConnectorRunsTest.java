package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.DroppedRuns;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.LabRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live view's run on a database is a run like {@code run --db}'s: registered as going while the window holds
 * it, so a {@code run --drop-old-runs} beside it keeps its rows; unregistered once the next run replaces it, so
 * its rows are old from then on. Without the FX toolkit (the executors run in place).
 */
class DatabaseConnectorRunsTest {
    @Test
    void aLiveRunOnADatabaseKeepsItsRowsWhileItIsOpen(@TempDir Path dir) throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("live.db");
        DatabaseConnector connector = new DatabaseConnector();
        AtomicReference<ClaimStore> opened = new AtomicReference<>();
        connector.open(url, opened::set, m -> {
            throw new AssertionError(m);
        });
        ClaimStore live = opened.get();
        assertNotNull(live);
        connector.use(live);
        assertEquals(ClaimResult.Kind.CLAIMED, live.claim("k", "f", "w", 0, 60_000).kind());
        assertEquals(List.of("live view"), LabRuns.column(url, "command"));

        try (JdbcClaimStore other = JdbcClaimStore.open(url, JdbcClaimStore.Options.newRun("processed_jobs"))) {
            DroppedRuns d = other.dropOtherRuns();
            assertEquals(0, d.rows());
            assertEquals(Map.of(((JdbcClaimStore) live).runId(), 1L), d.kept());
        }
        assertEquals(1, live.size());

        connector.use(null); // the next run needs no database: this one is closed, its registration deleted
        assertEquals(List.of(), LabRuns.column(url, "command"));
        try (JdbcClaimStore other = JdbcClaimStore.open(url, JdbcClaimStore.Options.newRun("processed_jobs"))) {
            assertEquals(1, other.dropOtherRuns().rows(), "a run that ended is old");
        }
    }
}
