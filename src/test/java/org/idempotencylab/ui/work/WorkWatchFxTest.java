package org.idempotencylab.ui.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.store.TestPostgres;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.work.EmbeddedDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Real workers tab, as a teacher uses it: a real run started from the form on PostgreSQL (the tests' embedded
 * server by URL, or the tab's own embedded one), its real claim table and worker processes watched while it runs,
 * a worker process killed by a click on its box. What is checked is what a person sees (the boxes, the event log,
 * the tables, the counters), against the operating system's processes and the database's rows. Small runs (2
 * processes × 2 workers, 150 sign-ups, no chaos loop) keep it to seconds. Headless under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class WorkWatchFxTest {
    private static final Pattern PID = Pattern.compile("PID (\\d+)");
    /** A claim row as the table holds it: {@code <step name>:user_<n> <status> <owner> x<claims>}. */
    private static final Pattern ROW = Pattern.compile("(.+):user_(\\d+) (completed|in_progress) p[01]\\.\\d+-w[01] x\\d+");
    private static String url;
    private WorkViewModel work;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.freshDatabase("work_watch");
    }

    @Start
    void start(Stage stage) throws Exception {
        work = new WorkViewModel();
        WorkTab.show(stage, work);
    }

    /** A test that failed mid-run leaves no worker process and no embedded server behind. */
    @AfterEach
    void stopTheRun() {
        work.shutdown();
    }

    /** The text a label shows; looked up on the FX thread, which changes the scene while a run goes. */
    private static String text(FxRobot robot, String query) {
        return onFx(() -> robot.lookup(query).queryLabeled().getText());
    }

    private static void waitFor(long seconds, String what, Callable<Boolean> condition) {
        waitFor(seconds, () -> what, condition);
    }

    /** Waits until {@code condition}; else fails saying {@code what}, as it stands then. */
    private static void waitFor(long seconds, java.util.function.Supplier<String> what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("not within " + seconds + " s: " + what.get(), e);
        }
    }

    private static <T> T onFx(Callable<T> read) {
        return WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(read));
    }

    private static String boxText(FxRobot robot, int slot) {
        return onFx(() -> String.join(" | ", robot.lookup("#workerBox" + slot).queryAs(VBox.class).getChildren()
                .stream().map(n -> ((Label) n).getText()).toList()));
    }

    private static long pidShown(FxRobot robot, int slot) {
        Matcher m = PID.matcher(boxText(robot, slot));
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    private static List<String> events(FxRobot robot) {
        return onFx(() -> robot.lookup("#eventList").<ListView<?>>query().getItems().stream()
                .map(Object::toString).toList());
    }

    /**
     * 2 processes × 2 workers, 150 sign-ups, 1% failures, 5% lost replies, calls of 30 ms on average (a run of
     * some 12 s that needs little CPU: time to click while it runs), no chaos loop, 2 s to restart.
     */
    private static void fill(FxRobot robot, String db) {
        for (String[] field : new String[][] {{"#workProcessesField", "2"}, {"#workWorkersField", "2"}, {"#workJobsField", "150"},
                {"#workCallField", "30"}, {"#workPFailField", "1"}, {"#workLostReplyField", "5"}, {"#workKillEveryField", "0"}, {"#workRestartField", "2000"},
                {"#workDbField", db}}) {
            FxSteps.enter(robot, field(robot, field[0]), field[1]);
        }
    }

    private static TextField field(FxRobot robot, String query) {
        return onFx(() -> robot.lookup(query).queryAs(TextField.class));
    }

    @Test
    void aClickKillsTheRealProcessAndTheRunStillDoesEverySideEffectOnceWithTheCountsTheDatabaseHolds(FxRobot robot)
            throws Exception {
        // a typed value out of range starts nothing, and says which field, what value, what range
        fill(robot, url);
        FxSteps.enter(robot, field(robot, "#workProcessesField"), "0");
        FxSteps.press(robot, "#startButton");
        assertEquals("Worker processes: 0 is outside the allowed range 1 to 64", text(robot, "#messageLabel"));
        assertFalse(onFx(() -> work.runningProperty().get()));
        FxSteps.enter(robot, field(robot, "#workProcessesField"), "2");

        FxSteps.press(robot, "#startButton");
        assertEquals("", text(robot, "#messageLabel"));
        TableView<?> claims = onFx(() -> robot.lookup("#claimTable").queryAs(TableView.class));
        // the real claim table shows this run's rows while it runs, and both worker processes take jobs
        waitFor(90, "claim rows and two running worker processes", () -> onFx(() -> claims.getItems().size() > 3)
                && boxText(robot, 0).contains("running") && boxText(robot, 1).contains("running"));
        for (Object row : onFx(() -> List.copyOf(claims.getItems()))) {
            Matcher m = ROW.matcher(row.toString());
            assertTrue(m.matches(), "a row of this run's claim table, key <step>:user_<n>: " + row);
            assertTrue(SignupSteps.NAMES.contains(m.group(1)), row.toString());
            assertTrue(Long.parseLong(m.group(2)) < 150, row.toString());
        }

        // a click on p0's box kills that real process with SIGKILL
        long pid = pidShown(robot, 0);
        assertTrue(pid > 0, boxText(robot, 0));
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "p0 runs before the click");
        robot.clickOn("#workerBox0");
        waitFor(10, "PID " + pid + " gone", () -> ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true));
        waitFor(5, () -> "the box and the log say so: " + boxText(robot, 0) + "; " + events(robot),
                () -> boxText(robot, 0).contains("KILLED — restarts in")
                && events(robot).stream().anyMatch(e -> e.contains("You killed p0.0 (PID " + pid + ") with SIGKILL")));
        // then it restarts (a new process, a new PID) and the log says that too
        waitFor(30, "p0 back with a new PID", () -> pidShown(robot, 0) != pid && pidShown(robot, 0) > 0);
        waitFor(10, "the restart logged", () -> events(robot).stream().anyMatch(e -> e.contains("p0.1 started")));

        waitFor(120, "the run finished", () -> text(robot, "#statusLabel").startsWith("Finished"));
        waitFor(10, "the clean-up", () -> !onFx(() -> work.runningProperty().get()));
        String runId = metric(robot, "Run id (runId)");
        assertTrue(runId.startsWith("run-"), runId);
        assertTrue(text(robot, "#progressLabel").startsWith("Jobs ended 150 of 150"), text(robot, "#progressLabel"));
        assertEquals("0", metric(robot, "Users with 2+ welcome emails (usersWithDuplicateEmails)"));
        assertEquals("0", metric(robot, "Steps done again (repeatedSteps)"));
        assertTrue(Long.parseLong(metric(robot, "Worker crashes (crashes)")) >= 1);

        try (Connection c = DriverManager.getConnection(url)) {
            // every side effect exactly once per user: no step's twice, no second email
            assertEquals(0, count(c, "SELECT COUNT(*) FROM (SELECT job, step FROM lab_calls WHERE run_id = ? AND "
                    + "side_effect AND step <> " + SignupSteps.EMAIL + " GROUP BY job, step HAVING COUNT(*) > 1) t",
                    runId));
            assertEquals(0, count(c, "SELECT COUNT(*) FROM (SELECT job FROM lab_provider_sends WHERE run_id = ? "
                    + "AND sent GROUP BY job HAVING COUNT(*) > 1) t", runId));
            long done = count(c, "SELECT COUNT(*) FROM lab_jobs WHERE run_id = ? AND status = 'done'", runId);
            assertEquals(done * (SignupSteps.COUNT - 1), count(c, "SELECT COUNT(*) FROM lab_calls c JOIN lab_jobs j "
                    + "ON j.run_id = c.run_id AND j.job = c.job WHERE c.run_id = ? AND j.status = 'done' AND "
                    + "c.side_effect AND c.step <> " + SignupSteps.EMAIL, runId));
            // the counters shown are what the database holds, over the whole run
            long rows = count(c, "SELECT COUNT(*) FROM processed_jobs WHERE run_id = ?", runId);
            long completed = count(c, "SELECT COUNT(*) FROM processed_jobs WHERE run_id = ? AND status = "
                    + "'completed'", runId);
            long reclaimed = count(c, "SELECT COUNT(*) FROM processed_jobs WHERE run_id = ? AND claims > 1", runId);
            assertEquals(String.format(java.util.Locale.ROOT, "Rows %,d · In progress %,d · Completed %,d · Expired "
                    + "leases 0 · Reclaimed %,d", rows, rows - completed, completed, reclaimed),
                    text(robot, "#claimCounters"));
            assertEquals(Math.min(rows, 500), onFx(() -> (long) claims.getItems().size()));
            long users = count(c, "SELECT COUNT(DISTINCT job) FROM lab_provider_sends WHERE run_id = ?", runId);
            long sent = count(c, "SELECT COUNT(*) FROM lab_provider_sends WHERE run_id = ? AND sent", runId);
            long suppressed = count(c, "SELECT COUNT(*) FROM lab_provider_sends WHERE run_id = ? AND NOT sent",
                    runId);
            assertEquals(String.format(java.util.Locale.ROOT, "Users %,d · Emails sent %,d · Suppressed by key %,d · "
                    + "Users with 2+ emails 0", users, sent, suppressed), text(robot, "#sendCounters"));
        }
        // every worker process has ended
        for (Optional<ProcessHandle> h : Stream.of(0, 1).map(i -> ProcessHandle.of(pidShown(robot, i))).toList()) {
            assertFalse(h.map(ProcessHandle::isAlive).orElse(false));
        }
    }

    /**
     * With no URL the tab starts its own embedded PostgreSQL in the background; Stop mid-run kills every worker
     * process and removes the server's folder.
     */
    @Test
    void stopKillsTheWorkerProcessesAndRemovesTheEmbeddedDatabase(FxRobot robot) throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> before = embeddedFolders(tmp);
        fill(robot, "");
        FxSteps.enter(robot, field(robot, "#workJobsField"), "5000");
        FxSteps.press(robot, "#startButton");
        assertTrue(text(robot, "#statusLabel").startsWith("Starting an embedded PostgreSQL"),
                text(robot, "#statusLabel"));
        waitFor(90, "both worker processes take jobs", () -> boxText(robot, 0).contains("running")
                && boxText(robot, 1).contains("running"));
        long p0 = pidShown(robot, 0);
        long p1 = pidShown(robot, 1);
        List<Path> during = embeddedFolders(tmp);
        assertTrue(during.size() > before.size(), "an embedded server's folder: " + during);
        FxSteps.press(robot, "#stopButton");
        waitFor(30, "stopped", () -> text(robot, "#statusLabel").startsWith("Stopped"));
        waitFor(10, "the clean-up", () -> !onFx(() -> work.runningProperty().get()));
        // the boxes say the processes stopped with the run (not the last read before the stop)
        assertTrue(boxText(robot, 0).contains("stopped with the run"), boxText(robot, 0));
        assertTrue(boxText(robot, 1).contains("stopped with the run"), boxText(robot, 1));
        assertFalse(ProcessHandle.of(p0).map(ProcessHandle::isAlive).orElse(false), "p0 is gone");
        assertFalse(ProcessHandle.of(p1).map(ProcessHandle::isAlive).orElse(false), "p1 is gone");
        assertEquals(before, embeddedFolders(tmp), "the embedded server's folder is removed");
    }

    private static List<Path> embeddedFolders(Path tmp) throws java.io.IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith(EmbeddedDatabase.ownFolderPrefix())).sorted()
                    .toList();
        }
    }

    private static String metric(FxRobot robot, String name) {
        List<WorkViewModel.MetricRow> rows = onFx(() -> List.copyOf(robot.lookup("#metricsTable")
                .<TableView<WorkViewModel.MetricRow>>query().getItems()));
        return rows.stream().filter(r -> r.name().equals(name))
                .map(WorkViewModel.MetricRow::value).findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name + " in " + rows));
    }

    private static long count(Connection c, String sql, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
