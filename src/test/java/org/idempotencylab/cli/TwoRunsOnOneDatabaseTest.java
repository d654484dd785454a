package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code run --db} on one database, at the same time, each give exactly the numbers they give alone (on the
 * in-memory model), and a run before them keeps every one of its rows, unchanged: each run reads and writes only
 * the rows of its own run id. Crashes and a lease shorter than a crashed claim's wait make the runs reclaim
 * leases, which a shared clock or shared keys would get wrong.
 */
class TwoRunsOnOneDatabaseTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern RUN_ID = Pattern.compile("have run_id '([^']+)'");

    private static String[] run(String url, long seed) {
        return new String[] {"run", "--store", "claim-table", "--retry", "whole-job-skip-finished", "--provider-key",
            "same", "--jobs", "150", "--p-crash", "0.02", "--queue", "durable", "--max-receives", "1000",
            "--lease-ms", "20000", "--seed", Long.toString(seed), "--db", url};
    }

    private static String[] withoutDb(String[] args) {
        return Stream.of(args).limit(args.length - 2).toArray(String[]::new);
    }

    private static String runId(Outcome o) {
        Matcher m = RUN_ID.matcher(o.err());
        assertTrue(m.find(), o.err());
        return m.group(1);
    }

    /** @return every row of {@code runId}, every column, as text, by key. */
    private static List<String> rows(String url, String runId) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement ps = c.prepareStatement("SELECT * FROM processed_jobs WHERE run_id = ? "
                     + "ORDER BY idempotency_key")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= columns; i++) {
                        row.append(rs.getString(i)).append('|');
                    }
                    out.add(row.toString());
                }
            }
        }
        return out;
    }

    private static void twoRunsAtOnceEachGiveTheirOwnNumbers(String url) throws Exception {
        String[] first = run(url, 1);
        JsonNode alone = JSON.readTree(cli(withoutDb(first)).out());
        assertTrue(alone.get("leaseReclaims").asLong() > 0, "the scenario reclaims leases: " + alone);
        Outcome before = cli(first);
        assertEquals(0, before.code(), before.err());
        assertEquals(alone, JSON.readTree(before.out()));
        String beforeId = runId(before);
        List<String> beforeRows = rows(url, beforeId);
        // 150 users, every job succeeded: 10 completed step keys each
        assertEquals(0, alone.get("failedJobs").asLong());
        assertEquals(1_500, beforeRows.size());

        String[] second = run(url, 2);
        JsonNode secondAlone = JSON.readTree(cli(withoutDb(second)).out());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            // the same run as before, and another seed, at once
            Future<Outcome> a = pool.submit(() -> cli(first));
            Future<Outcome> b = pool.submit(() -> cli(second));
            Outcome oa = a.get(5, TimeUnit.MINUTES);
            Outcome ob = b.get(5, TimeUnit.MINUTES);
            assertEquals(0, oa.code(), oa.err());
            assertEquals(0, ob.code(), ob.err());
            assertEquals(alone, JSON.readTree(oa.out()));
            assertEquals(secondAlone, JSON.readTree(ob.out()));
            assertEquals(1_500, rows(url, runId(oa)).size());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(beforeRows, rows(url, beforeId), "the first run's rows, every column, unchanged");
    }

    @Test
    void onSqlite(@TempDir Path dir) throws Exception {
        twoRunsAtOnceEachGiveTheirOwnNumbers("jdbc:sqlite:" + dir.resolve("claims.db"));
    }

    @Test
    void onPostgres() throws Exception {
        twoRunsAtOnceEachGiveTheirOwnNumbers(TestPostgres.freshDatabase("two_runs"));
    }
}
