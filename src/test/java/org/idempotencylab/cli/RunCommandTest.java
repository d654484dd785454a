package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.InMemoryClaimTable;
import org.idempotencylab.store.JdbcClaimStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run}: one strategy, every engine parameter, one JSON line. */
class RunCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();


    /**
     * The crash lesson of docs/command-line.md, byte for byte: the JSON line the page shows under its command is
     * what run prints now (keys, order, number format, every figure), so the page stays true. Metrics declared after
     * the page's last key may follow it in the output (a new metric comes last, {@code Metric}'s order), so adding
     * one needs no docs edit; a changed figure, key or format still fails.
     */
    @Test
    void theJsonLineIsByteForByteTheDocumentedCrashLesson() throws IOException {
        Outcome o = cli("run", "--retry", "whole-job-skip-finished", "--store", "claim-table", "--provider-key", "same",
                "--p-crash", "0.01", "--queue", "durable", "--max-receives", "1000", "--jobs", "2000");
        assertEquals(0, o.code(), o.err());
        String readmeLine = Files.readAllLines(Path.of("docs/command-line.md")).stream()
                .filter(l -> l.startsWith("{\"strategy\":\"retry the whole job, skip finished steps, same key every "
                        + "time, claim table\""))
                .findFirst().orElseThrow(() -> new AssertionError("docs/command-line.md lost its crash lesson output"));
        String out = o.out().strip();
        String shown = readmeLine.substring(0, readmeLine.length() - 1); // without its closing brace
        assertTrue(out.startsWith(shown) && (out.charAt(shown.length()) == ',' || out.charAt(shown.length()) == '}'),
                "docs/command-line.md's line:\n" + readmeLine + "\nrun prints:\n" + out);
        assertTrue(readmeLine.endsWith("}"), readmeLine);
    }

    @Test
    void eachStrategyOfTheTableCanBeRunAloneWithTheSameNumbers() throws Exception {
        // the table's rows at 20,000 sign-ups, and run with the matching options: equal keys, equal values
        Outcome table = cli("table", "--jobs", "20000", "--p-fail", "0.05", "--format", "json");
        List<String> rows = table.out().lines().toList();
        String[][] options = {
            {"--retry", "each-step", "--provider-key", "none", "--store", "none"},
            {"--retry", "each-step", "--provider-key", "new-per-call", "--store", "none"},
            {"--retry", "each-step", "--provider-key", "same", "--store", "none"},
            {"--retry", "whole-job", "--provider-key", "same", "--store", "none"},
            {"--retry", "whole-job-skip-finished", "--provider-key", "same", "--store", "memory"},
        };
        for (int i = 0; i < 5; i++) {
            String[] args = new String[options[i].length + 5];
            args[0] = "run";
            System.arraycopy(options[i], 0, args, 1, options[i].length);
            System.arraycopy(new String[] {"--jobs", "20000", "--p-fail", "0.05"}, 0, args, options[i].length + 1, 4);
            Outcome run = cli(args);
            assertEquals(0, run.code(), run.err());
            JsonNode one = JSON.readTree(run.out());
            JsonNode expected = JSON.readTree(rows.get(i));
            expected.fieldNames().forEachRemaining(k -> assertEquals(expected.get(k), one.get(k), k));
        }
    }

    @Test
    void theJsonLineHasTheFurtherMetrics() throws Exception {
        Outcome o = cli("run", "--jobs", "5000", "--lost-reply", "0.2");
        assertEquals(0, o.code(), o.err());
        assertEquals(1, o.out().lines().count(), "one line");
        JsonNode r = JSON.readTree(o.out());
        JsonNode bySteps = r.get("duplicateSideEffects");
        assertEquals(SignupSteps.COUNT, bySteps.size());
        // without a key, lost replies only repeat the email: all repeats are in its entry
        assertEquals(r.get("repeatedSteps").asLong(), bySteps.get("send the welcome email").asLong());
        assertTrue(r.get("repeatedSteps").asLong() > 0);
        for (String k : List.of("repeatedRequests", "slowCalls", "calls", "emailsSent", "storeHits",
                "virtualTimeMs")) {
            assertTrue(r.has(k), k);
        }
    }

    @Test
    void repeatedRequestsAndTheMemoryStoreOnEachStep() throws Exception {
        // every sign-up sent twice; with the store on each step and a long TTL, the repeats skip every step
        Outcome o = cli("run", "--jobs", "2000", "--p-fail", "0", "--lost-reply", "0", "--p-duplicate", "1",
                "--duplicate-delay-ms", "1000..5000", "--store", "memory");
        assertEquals(0, o.code(), o.err());
        JsonNode r = JSON.readTree(o.out());
        assertEquals(2000, r.get("repeatedRequests").asLong());
        assertEquals(0, r.get("repeatedSteps").asLong());
        assertEquals(20_000, r.get("storeHits").asLong());
        assertEquals("retry each step, no key, memory store", r.get("strategy").asText());
    }

    @Test
    void badInputGetsOneLineAndExitCode2() {
        String[][] bad = {
            {"--retry", "sometimes"}, {"--provider-key", "maybe"}, {"--store", "redis"}, {"--jitter", "yes"},
            {"--p-duplicate", "2"}, {"--duplicate-delay-ms", "9..3"}, {"--duplicate-delay-ms", "soon"},
            {"--workers", "0"}, {"--call-ms", "-1"}, {"--arrival-rate", "fast"},
            {"--retry", "whole-job-skip-finished", "--store", "none"},
            // the durable path
            {"--p-crash", "2"}, {"--p-crash", "often"}, {"--restart-ms", "-5"}, {"--queue", "disk"},
            {"--visibility-timeout-ms", "0"}, {"--lease-ms", "x"}, {"--lock-ttl-ms", "0"},
            {"--p-different-payload", "1.5"}, {"--retry", "whole-job-skip-finished", "--store", "lock"},
            {"--store", "memory", "--db", "jdbc:sqlite:x.db"}, {"--db", "jdbc:sqlite:x.db"},
            {"--store", "claim-table", "--db", "jdbc:nope:x"},
            {"--store", "claim-table", "--db", "jdbc:postgresql://127.0.0.1:1/x"}, // nothing listens on port 1
        };
        for (String[] b : bad) {
            String[] args = new String[b.length + 1];
            args[0] = "run";
            System.arraycopy(b, 0, args, 1, b.length);
            Outcome o = cli(args);
            assertEquals(Cli.BAD_INPUT, o.code(), String.join(" ", b));
            assertEquals("", o.out(), String.join(" ", b));
            assertEquals(1, o.err().strip().lines().count(), o.err());
            String option = b[b.length - 2];
            assertTrue(o.err().startsWith(option), o.err());
            if (!option.equals("--db")) {
                assertTrue(o.err().contains(b[b.length - 1]), "names the value: " + o.err());
            }
        }
    }

    @Test
    void aDatabaseThatCannotBeOpenedIsNamedWithoutItsPasswordAndTheAllowedForms() {
        for (String url : new String[] {"jdbc:nope:x", "jdbc:postgresql://127.0.0.1:1/x?user=lab&password=hunter2"}) {
            Outcome o = cli("run", "--store", "claim-table", "--db", url, "--jobs", "10");
            assertEquals(Cli.BAD_INPUT, o.code(), o.err());
            assertEquals("", o.out());
            assertEquals(1, o.err().strip().lines().count(), o.err());
            assertTrue(o.err().contains("'" + JdbcClaimStore.redact(url) + "'"), o.err());
            assertTrue(o.err().contains(JdbcClaimStore.ALLOWED_URLS), o.err());
            assertFalse(o.err().contains("hunter2"), o.err());
        }
        // a store other than the claim table has no use for a database: said, not ignored
        Outcome memory = cli("run", "--store", "memory", "--db", "jdbc:sqlite:x.db");
        assertTrue(memory.err().contains("--store claim-table"), memory.err());
    }

    /** One option of the durable path, on top of a setup in which it changes the numbers. */
    private record Case(String name, Strategy strategy, String[] setupArgs, UnaryOperator<Scenario.Builder> setup,
                        String[] optionArgs, UnaryOperator<Scenario.Builder> option) {
    }

    /**
     * Crashes on a durable queue with the claim table. A crashed step's claim stays in_progress for the 5 min
     * lease, and every "job in progress" refusal is a receive: with the default 10 receives the refused job would
     * be dead-lettered within seconds, so these runs allow 1,000, enough to wait out the lease (backoff at most
     * 2 s), as they did before refusals counted.
     */
    private static final String[] PLAIN_CRASHING_ARGS = {"--jobs", "300", "--retry", "whole-job-skip-finished",
        "--provider-key", "same", "--store", "claim-table", "--queue", "durable", "--p-crash", "0.02"};
    private static final String[] CRASHING_ARGS = {"--jobs", "300", "--retry", "whole-job-skip-finished",
        "--provider-key", "same", "--store", "claim-table", "--queue", "durable", "--max-receives", "1000",
        "--p-crash", "0.02"};

    private static Scenario.Builder crashing(Scenario.Builder b) {
        return b.jobs(300).queue(QueueKind.DURABLE).maxReceives(1_000).pCrash(0.02);
    }

    private static final Strategy SKIP_CLAIM = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
            StoreKind.CLAIM_TABLE);

    @Test
    void everyNewOptionReachesTheScenario() throws Exception {
        // Each option is run on top of a setup, through the command and directly through the engine with the same
        // Scenario and Strategy: equal JSON. The same direct run without the option gives other numbers, so an
        // option the command dropped would fail the first comparison.
        Strategy lock = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK);
        String[] overlapArgs = {"--jobs", "300", "--store", "lock", "--arrival-rate", "2", "--workers", "4",
            "--p-duplicate", "0.5", "--duplicate-delay-ms", "500..1500", "--p-fail", "0", "--lost-reply", "0"};
        UnaryOperator<Scenario.Builder> overlap = b -> b.jobs(300).arrivalRate(2).workers(4).pDuplicate(0.5)
                .duplicateDelayMs(500, 1_500).pFail(0).lostReply(0);
        String[] repeatArgs = {"--jobs", "300", "--retry", "whole-job-skip-finished", "--provider-key", "same",
            "--store", "claim-table", "--p-duplicate", "0.5", "--duplicate-delay-ms", "1000..5000"};
        UnaryOperator<Scenario.Builder> repeats = b -> b.jobs(300).pDuplicate(0.5).duplicateDelayMs(1_000, 5_000);
        List<Case> cases = List.of(
            new Case("p-crash", SKIP_CLAIM, Arrays.copyOf(CRASHING_ARGS, CRASHING_ARGS.length - 2),
                    b -> b.jobs(300).queue(QueueKind.DURABLE).maxReceives(1_000), new String[] {"--p-crash", "0.02"},
                    b -> b.pCrash(0.02)),
            new Case("max-receives", SKIP_CLAIM, PLAIN_CRASHING_ARGS,
                    b -> b.jobs(300).queue(QueueKind.DURABLE).pCrash(0.02), new String[] {"--max-receives", "1000"},
                    b -> b.maxReceives(1_000)),
            new Case("queue", Strategy.EACH_STEP_NO_KEY, new String[] {"--jobs", "300", "--p-crash", "0.02"},
                    b -> b.jobs(300).pCrash(0.02), new String[] {"--queue", "durable"}, b -> b.queue(QueueKind.DURABLE)),
            new Case("restart-ms", SKIP_CLAIM, CRASHING_ARGS, RunCommandTest::crashing,
                    new String[] {"--restart-ms", "60000"}, b -> b.restartMs(60_000)),
            new Case("visibility-timeout-ms", SKIP_CLAIM, CRASHING_ARGS, RunCommandTest::crashing,
                    new String[] {"--visibility-timeout-ms", "120000"}, b -> b.visibilityTimeoutMs(120_000)),
            new Case("lease-ms", SKIP_CLAIM, CRASHING_ARGS, RunCommandTest::crashing,
                    new String[] {"--lease-ms", "1000"}, b -> b.leaseMs(1_000)),
            new Case("lock-ttl-ms", lock, overlapArgs, overlap,
                    new String[] {"--lock-ttl-ms", "100"}, b -> b.lockTtlMs(100)),
            new Case("p-different-payload", SKIP_CLAIM, repeatArgs, repeats,
                    new String[] {"--p-different-payload", "0.5"}, b -> b.pDifferentPayload(0.5)),
            new Case("repeats", SKIP_CLAIM, repeatArgs, repeats,
                    new String[] {"--repeats", "3"}, b -> b.repeats(3)),
            new Case("ttl-ms", Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.MEMORY),
                    new String[] {"--jobs", "300", "--store", "memory", "--p-duplicate", "1",
                        "--duplicate-delay-ms", "5000"}, b -> b.jobs(300).pDuplicate(1).duplicateDelayMs(5_000, 5_000),
                    new String[] {"--ttl-ms", "1000"}, b -> b.ttlMs(1_000)));
        for (Case c : cases) {
            Scenario without = c.setup().apply(Scenario.article().toBuilder()).build();
            Scenario with = c.option().apply(c.setup().apply(Scenario.article().toBuilder())).build();
            String[] args = Stream.of(new String[] {"run"}, c.setupArgs(), c.optionArgs()).flatMap(Arrays::stream)
                    .toArray(String[]::new);
            Outcome o = cli(args);
            assertEquals(0, o.code(), c.name() + ": " + o.err());
            JsonNode expected = direct(with, c.strategy());
            assertEquals(expected, JSON.readTree(o.out()), c.name());
            assertNotEquals(direct(without, c.strategy()), expected, c.name() + " changes the numbers");
        }
    }

    /** @return the engine's result for {@code s} and {@code strategy}, as the JSON {@code run} prints. */
    private static JsonNode direct(Scenario s, Strategy strategy) throws Exception {
        StrategyResult r = new SignupSimulation(s, strategy, RunControl.NONE, true).run();
        return JSON.readTree(ResultWriter.json(RunCommand.row(r)));
    }

    /** The metrics declared after the virtual time (Metric's order): the ones added beyond the first article's. */
    private static final List<String> NEW_KEYS = Arrays.stream(Metric.values())
            .filter(m -> m.ordinal() > Metric.VIRTUAL_TIME_MS.ordinal()).map(Metric::id).toList();
    /** {@link #NEW_KEYS} that are one number: a line of text and a column of CSV each. */
    private static final List<String> NEW_NUMBERS = Arrays.stream(Metric.values())
            .filter(m -> m.ordinal() > Metric.VIRTUAL_TIME_MS.ordinal() && m.isNumber()).map(Metric::id).toList();

    @Test
    void theNewMetricsComeAfterTheOthersInAllThreeFormats() throws Exception {
        Outcome json = cli(concat("run", CRASHING_ARGS));
        JsonNode r = JSON.readTree(json.out());
        List<String> keys = new ArrayList<>();
        r.fieldNames().forEachRemaining(keys::add);
        List<String> expected = new ArrayList<>(ResultWriter.COLUMNS);
        expected.addAll(List.of("duplicateSideEffects", "repeatedRequests", "slowCalls", "calls", "emailsSent",
                "providerSuppressedSends", "storeHits", "backoffWaits", "virtualTimeMs"));
        expected.addAll(NEW_KEYS);
        assertEquals(expected, keys);
        // one worker: each crash interrupts exactly one job, which the durable queue redelivers (DurablePathTest)
        assertTrue(r.get("crashes").asLong() > 0);
        assertEquals(r.get("crashes"), r.get("redeliveries"));
        assertEquals(r.get("crashes"), r.get("leaseReclaims"));

        String text = cli(concat("run", concat("--format", concat("text", CRASHING_ARGS)))).out();
        Outcome csv = cli(concat("run", concat("--format", concat("csv", CRASHING_ARGS))));
        List<String> csvLines = csv.out().lines().toList();
        assertEquals(2, csvLines.size(), csv.out());
        List<String> header = List.of(csvLines.get(0).split(","));
        List<String> values = List.of(csvLines.get(1).split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)"));
        for (String k : NEW_NUMBERS) {
            assertTrue(text.lines().anyMatch(l -> l.equals(k + ": " + r.get(k).asLong())), k + " in\n" + text);
            assertEquals(r.get(k).asText(), values.get(header.indexOf(k)), k);
        }
        // by cause: a JSON object of every cause, a column each in CSV, and in text the causes not 0, one a line;
        // a crash after a side effect leaves its claim in_progress, and the redelivery that reclaims it once its
        // lease ran out runs the step again: booked to the lease (the claim table's guard that let it through)
        JsonNode byCause = r.get("duplicatesByCause");
        List<String> causeLines = new ArrayList<>();
        long sum = 0;
        for (DuplicateCause c : DuplicateCause.values()) {
            long n = byCause.get(c.id()).asLong();
            sum += n;
            assertEquals(Long.toString(n), values.get(header.indexOf("duplicatesByCause." + c.id())), c.id());
            if (n > 0) {
                causeLines.add("  " + c.id() + ": " + n);
            }
        }
        assertEquals(r.get("repeatedSteps").asLong(), sum, "the causes add up to the steps done again");
        assertTrue(byCause.get("leaseExpired").asLong() > 0, json.out());
        List<String> lines = text.lines().toList();
        int at = lines.indexOf("duplicatesByCause:");
        assertEquals(causeLines, lines.subList(at + 1, at + 1 + causeLines.size()), text);
        assertTrue(at + 1 + causeLines.size() == lines.size() || !lines.get(at + 1 + causeLines.size())
                .startsWith("  "), "no cause that is 0 in\n" + text);
    }

    private static String[] concat(String first, String... rest) {
        return Stream.concat(Stream.of(first), Arrays.stream(rest)).toArray(String[]::new);
    }

    /** @return rows per run id in the file's processed_jobs, by run id. */
    private static Map<String, Long> rowsPerRun(Path file) throws SQLException {
        Map<String, Long> out = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT run_id, COUNT(*) FROM processed_jobs GROUP BY run_id")) {
            while (rs.next()) {
                out.put(String.valueOf(rs.getString(1)), rs.getLong(2));
            }
        }
        return out;
    }

    @Test
    void theClaimTableOnSqliteGivesTheModelsNumbersAndKeepsItsRows(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("claims.db");
        String url = "jdbc:sqlite:" + file;
        String[] options = {"--store", "claim-table", "--retry", "whole-job-skip-finished", "--provider-key",
            "same", "--jobs", "200", "--p-crash", "0.02", "--queue", "durable", "--max-receives", "1000"};
        // a first, smaller run leaves 20 users' rows (10 steps each, all completed); the second run must not see
        // them, or it would find those steps completed and skip them
        Outcome first = cli("run", "--db", url, "--store", "claim-table", "--retry", "whole-job-skip-finished",
                "--jobs", "20");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.err().matches("--db: this run's rows in processed_jobs have run_id 'run-[0-9TZ]+-[0-9a-f]{8}'"
                + "\\R"), first.err());
        Outcome onSqlite = cli(concat("run", concat("--db", concat(url, options))));
        assertEquals(0, onSqlite.code(), onSqlite.err());
        Outcome model = cli(concat("run", options));
        assertEquals(JSON.readTree(model.out()), JSON.readTree(onSqlite.out()));
        JsonNode r = JSON.readTree(onSqlite.out());
        assertTrue(r.get("crashes").asLong() > 0);
        assertEquals(0, r.get("failedJobs").asLong());
        // Every job succeeded, so each of the 200 users has its 10 step keys completed: 2,000 rows. Cross-check:
        // the same run directly on the in-memory claim model, which keeps its rows when given to the engine.
        // The first run's 200 rows are still there, under their own run id.
        InMemoryClaimTable table = new InMemoryClaimTable();
        Scenario s = crashing(Scenario.article().toBuilder()).jobs(200).build();
        new SignupSimulation(s, SKIP_CLAIM, RunControl.NONE, true, table).run();
        assertEquals(2_000, table.size());
        assertEquals(List.of(200L, table.size()), rowsPerRun(file).values().stream().sorted().toList());

        // --drop-old-runs deletes the rows of both earlier runs first (200 + 2,000) and says so on stderr
        Outcome third = cli("run", "--db", url, "--store", "claim-table", "--retry", "whole-job-skip-finished",
                "--jobs", "5", "--drop-old-runs");
        assertEquals(0, third.code(), third.err());
        assertTrue(third.err().startsWith("--drop-old-runs: deleted 2,200 rows of 2 other runs from processed_jobs"),
                third.err());
        assertEquals(List.of(50L), List.copyOf(rowsPerRun(file).values()), "5 users x 10 steps of the third run");

        // a database that opens but cannot be written (read-only): one line, exit 1, the rows are still there
        Outcome readOnly = cli(concat("run", concat("--db", concat(url + "?open_mode=1", options))));
        assertTrue(readOnly.code() == 1 || readOnly.code() == 2, readOnly.err());
        assertEquals("", readOnly.out());
        assertEquals(1, readOnly.err().strip().lines().filter(l -> !l.contains("have run_id")).count(),
                readOnly.err());
        assertTrue(readOnly.err().contains("readonly") || readOnly.err().contains("read-only")
                || readOnly.err().contains("READONLY"), readOnly.err());
        assertEquals(List.of(50L), List.copyOf(rowsPerRun(file).values()));
    }

    @Test
    void dropOldRunsAndDbTableNeedDb() {
        for (String[] args : new String[][] {{"--drop-old-runs"}, {"--db-table", "claims"}}) {
            Outcome o = cli(concat("run", concat("--store", concat("claim-table", args))));
            assertEquals(2, o.code(), o.err());
            assertEquals(args[0] + ": needs --db URL (without it the claim table is the in-memory model)",
                    o.err().strip());
        }
        Outcome o = cli("run", "--store", "claim-table", "--db", "jdbc:sqlite::memory:", "--db-table", "Bad-Name");
        assertEquals(2, o.code(), o.err());
        // refused at the option, before the database is opened: the field is named once
        assertTrue(o.err().startsWith("--db-table: 'Bad-Name' is not allowed: 1 to 56 characters"), o.err());
    }

    @Test
    void aTableWithTheRightNamesButOtherTypesIsRefusedBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        // the lab's earlier layout: the right column names, BIGINT times and a TEXT result
        Path file = dir.resolve("old.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE processed_jobs (idempotency_key VARCHAR(255) PRIMARY KEY, status VARCHAR(20) "
                    + "NOT NULL, result TEXT, fingerprint VARCHAR(128), owner VARCHAR(128), created_at BIGINT NOT "
                    + "NULL, completed_at BIGINT, locked_until BIGINT, claims INTEGER NOT NULL DEFAULT 1)");
            st.execute("INSERT INTO processed_jobs VALUES ('a', 'completed', 'r', 'fp', 'w', 1, 2, 3, 1), "
                    + "('b', 'in_progress', NULL, 'fp', 'w', 4, NULL, 5, 1)");
        }
        Outcome o = cli("run", "--store", "claim-table", "--retry", "whole-job-skip-finished", "--jobs", "10",
                "--db", "jdbc:sqlite:" + file);
        assertEquals(2, o.code(), o.err());
        assertEquals("", o.out());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertTrue(o.err().startsWith("--db: Cannot open the claim store at 'jdbc:sqlite:" + file + "': the table "
                + "processed_jobs has the lab's old layout"), o.err());
        assertTrue(o.err().contains("Its 2 rows are kept and nothing was written."), o.err());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*), SUM(created_at) FROM processed_jobs")) {
            rs.next();
            assertEquals(2, rs.getInt(1));
            assertEquals(5, rs.getInt(2), "1 + 4: the rows as they were");
        }
        // another table name in the same file runs, beside the old table
        Outcome beside = cli("run", "--store", "claim-table", "--retry", "whole-job-skip-finished", "--jobs", "10",
                "--db", "jdbc:sqlite:" + file, "--db-table", "lab_claims");
        assertEquals(0, beside.code(), beside.err());
    }
}
