package org.idempotencylab.ui.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.css.PseudoClass;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupKeys;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.InMemoryClaimTable;
import org.idempotencylab.store.InMemoryIdempotencyStore.State;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.store.LockOnlyStore;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ControllerFactory;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.LabController;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * keystore.fxml loaded as the lab loads its views, driven the way the live view drives it: advance the
 * simulation and flush, once per "frame", on the FX thread. Runs headless (Monocle) under {@code mvn verify}.
 * No timing: every check follows a frame deterministically.
 */
@ExtendWith(ApplicationExtension.class)
class KeyStoreFxTest {
    private static final Scenario ONE_USER = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0)
            .ttlMs(5_000).providerKeyTtlMs(5_000).build();

    /** The claim table and lock store the next attached run uses (the engine's accessors, stood in for). */
    private ClaimStore runClaims;
    private LockOnlyStore runLocks;
    private final KeyStoreViewModel model = new KeyStoreViewModel(sim -> runClaims, sim -> runLocks);
    private Parent root;
    private TableView<KeyRow> storeTable;
    private TableView<ProviderKeyRow> providerTable;
    private Label storeCounters;
    private Label providerCounters;

    @Start
    @SuppressWarnings("unchecked")
    void start(Stage stage) throws Exception {
        FXMLLoader loader = new FXMLLoader(KeyStoreFxTest.class.getResource("keystore.fxml"),
                Texts.of(KeyStoreController.class).bundle());
        loader.setControllerFactory(new ControllerFactory().with(KeyStoreViewModel.class, model));
        root = loader.load();
        stage.setScene(App.scene(root));
        stage.show();
        storeTable = (TableView<KeyRow>) root.lookup("#storeTable");
        providerTable = (TableView<ProviderKeyRow>) root.lookup("#providerTable");
        storeCounters = (Label) root.lookup("#storeCounters");
        providerCounters = (Label) root.lookup("#providerCounters");
    }

    private static SignupSimulation simulation(Scenario s, Strategy strategy) {
        SignupSimulation sim = new SignupSimulation(s, strategy, RunControl.NONE);
        sim.setListener(e -> { });
        return sim;
    }

    /** One animation frame on the FX thread: advance, flush; then let the table lay out. */
    private void frame(FxRobot robot, SignupSimulation sim, long timeMs) {
        robot.interact(() -> {
            sim.advanceTo(timeMs, Integer.MAX_VALUE);
            model.flush(sim.nowMs());
        });
    }

    /** @return the table row showing {@code item} now (only rows on screen have one). */
    private static <R> TableRow<R> tableRowOf(TableView<R> table, R item) {
        for (Node n : table.lookupAll(".table-row-cell")) {
            @SuppressWarnings("unchecked")
            TableRow<R> row = (TableRow<R>) n;
            if (row.getItem() == item && !row.isEmpty() && row.isVisible()) {
                return row;
            }
        }
        return null;
    }

    /** @return the "Expires in" cell showing {@code item} now. */
    private static <R extends CountdownRow> CountdownCell<?> countdownOf(TableView<R> table, R item) {
        for (Node n : table.lookupAll(".countdown-cell")) {
            CountdownCell<?> cell = (CountdownCell<?>) n;
            if (cell.getItem() == item && cell.getTableRow() != null && cell.getTableRow().isVisible()) {
                return cell;
            }
        }
        return null;
    }

    private static boolean showing(Node node) {
        if (node.getScene() == null) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static String text(TableView<?> table, int column, int row) {
        Object v = table.getColumns().get(column).getCellData(row);
        return v == null ? null : v.toString();
    }

    /**
     * In presentation mode's larger type, on a 1280 px projector's key store (the width the live view gives it with
     * one lane), every header shown reads whole: none is cut to "Create…". A column that has no room steps aside
     * whole rather than show a cut header.
     */
    @Test
    void inPresentationModeEveryHeaderShownIsWhole(FxRobot robot) {
        for (boolean presentation : new boolean[] {false, true}) {
            robot.interact(() -> {
                String sheet = LabController.class.getResource(LabController.PRESENTATION_CSS).toExternalForm();
                root.getScene().getStylesheets().remove(sheet);
                if (presentation) {
                    root.getScene().getStylesheets().add(sheet);
                }
                root.getScene().getWindow().setWidth(1280);
                root.getScene().getWindow().setHeight(300);
            });
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> {
                root.applyCss();
                root.layout();
            });
            WaitForAsyncUtils.waitForFxEvents();
            for (TableView<?> table : List.of(storeTable, providerTable)) {
                List<String> cut = new ArrayList<>();
                int shown = 0;
                for (Node n : table.lookupAll(".column-header .label")) {
                    Label header = (Label) n;
                    if (!showing(header) || header.getText() == null || header.getText().isEmpty()) {
                        continue;
                    }
                    shown++;
                    String drawn = header.getChildrenUnmodifiable().stream()
                            .filter(c -> c instanceof javafx.scene.text.Text).map(c -> ((javafx.scene.text.Text) c)
                                    .getText()).findFirst().orElse("");
                    if (!drawn.equals(header.getText())) {
                        cut.add(header.getText() + " shown as " + drawn);
                    }
                }
                String where = table.getId() + (presentation ? ", presentation" : "");
                // a key is never cut: in presentation mode's type the provider's 533 px table has room for its key
                // (about 260 px) and its time left (about 190) whole, and folds the other columns away
                assertTrue(shown >= 2, where + ": at least the key and its time left: " + shown);
                assertTrue(cut.isEmpty(), where + ": " + cut);
            }
        }
    }

    @Test
    void theTableShowsTheStoresKeysCountsThemDownAndDropsThemWhenTheirTtlRunsOut(FxRobot robot) {
        SignupSimulation sim = simulation(ONE_USER, Strategy.WHOLE_JOB_SKIP_FINISHED);
        robot.interact(() -> model.attach(sim));
        frame(robot, sim, 1_000);

        int live = sim.store().liveKeys();
        assertTrue(live >= 4, "a few steps done in the first virtual second: " + live);
        assertEquals(live, storeTable.getItems().size());
        assertEquals("Held now " + live + " · Peak " + live + " · Hits so far 0 · Expired so far 0 · Shared so far 0",
                storeCounters.getText());

        KeyRow first = storeTable.getItems().get(0);
        assertEquals("save the user:user_0", text(storeTable, 0, 0));
        assertEquals("FINISHED", text(storeTable, 1, 0));
        assertEquals("save the user: done", text(storeTable, 2, 0));
        assertEquals("0:00.000", text(storeTable, 3, 0));
        assertEquals("0", text(storeTable, 5, 0));
        CountdownCell<?> countdown = countdownOf(storeTable, first);
        assertNotNull(countdown, "the first row is on screen");
        assertEquals(VirtualTime.countdown(first.expiresAtMs() - 1_000), countdown.getText());
        assertTrue(countdown.getText().endsWith(" s"), countdown.getText());

        KeyRow last = storeTable.getItems().get(live - 1);
        assertEquals(State.RUNNING, last.state());
        assertEquals("running", countdownOf(storeTable, last).getText(), "no countdown while the step runs");

        // The job is done by 3 s. From then on only the clock moves (no row comes or goes before the first
        // expiry at ~5.1 s), and the same cell counts down by itself: nothing refreshes the table.
        frame(robot, sim, 3_000);
        assertTrue(sim.isFinished());
        CountdownCell<?> cell = countdownOf(storeTable, first);
        assertEquals(VirtualTime.countdown(first.expiresAtMs() - 3_000), cell.getText());
        double barBefore = ((ProgressBar) cell.getGraphic()).getProgress();
        frame(robot, sim, 4_000);
        assertEquals(10, storeTable.getItems().size());
        assertEquals(VirtualTime.countdown(first.expiresAtMs() - 4_000), cell.getText());
        double barAfter = ((ProgressBar) cell.getGraphic()).getProgress();
        assertEquals((first.expiresAtMs() - 4_000) / 5_000.0, barAfter, 1e-9, "the bar shows the TTL left");
        assertTrue(barAfter < barBefore);

        // The job is done by ~2 s; the last key finished then, so 5 s later everything is gone.
        long lastExpiry = storeTable.getItems().stream().mapToLong(KeyRow::expiresAtMs).max().orElseThrow();
        assertTrue(lastExpiry < 8_000, "" + lastExpiry);
        frame(robot, sim, lastExpiry - 1);
        assertEquals(1, storeTable.getItems().size(), "the last key is kept until its TTL runs out");
        assertEquals("0.1 s", countdownOf(storeTable, storeTable.getItems().get(0)).getText());
        frame(robot, sim, lastExpiry);
        assertTrue(storeTable.getItems().isEmpty());
        assertEquals("Held now 0 · Peak 10 · Hits so far 0 · Expired so far 10 · Shared so far 0", storeCounters.getText());
        Label placeholder = (Label) storeTable.getPlaceholder();
        assertTrue(showing(placeholder), "the empty table says why");
        assertEquals("No keys held now: none live · 10 expired · 0 lost when a crash wiped the store. A key "
                + "appears when its step starts again.", placeholder.getText(), "what the store held, not 'yet'");

        // The provider remembered the welcome email's key for its own TTL, and says so once it expired.
        assertEquals("Held now 0 · Sends suppressed so far 0", providerCounters.getText());
        assertTrue(providerTable.getItems().isEmpty());
        Label providerPlaceholder = (Label) providerTable.getPlaceholder();
        assertTrue(showing(providerPlaceholder));
        assertEquals("No keys held now: none live · 1 expired. An email sent with an expired key goes out again.",
                providerPlaceholder.getText());
    }

    @Test
    void afterACrashWipesTheStoreTheTableShowsOnlyTheKeysTheRestartedProcessHolds(FxRobot robot) {
        Scenario s = Scenario.article().toBuilder().jobs(40).pFail(0).lostReply(0).workers(4).arrivalRate(20)
                .queue(org.idempotencylab.scenario.QueueKind.DURABLE).restartMs(2_000).ttlMs(60_000).build();
        SignupSimulation sim = simulation(s, Strategy.WHOLE_JOB_SKIP_FINISHED);
        robot.interact(() -> model.attach(sim));
        frame(robot, sim, 1_500);
        int before = storeTable.getItems().size();
        assertTrue(before > 4, "keys on screen before the crash: " + before);
        robot.interact(() -> {
            assertTrue(sim.crashNow());
            model.flush(sim.nowMs());
        });
        assertTrue(storeTable.getItems().isEmpty(), "the table lists none of the keys the process lost");
        assertEquals("Held now 0 · Peak " + sim.store().peakKeys() + " · Hits so far 0 · Expired so far 0 · Shared so far 0",
                storeCounters.getText());
        assertEquals("No keys held now: none live · 0 expired · " + before + " lost when a crash wiped the store. A "
                + "key appears when its step starts again.", ((Label) storeTable.getPlaceholder()).getText());
        // after the restart the rows are the store's keys, each shown once, and the peak is at least the live keys
        frame(robot, sim, 5_000);
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < storeTable.getItems().size(); i++) {
            shown.add(text(storeTable, 0, i));
        }
        List<String> held = sim.store().entries().stream().map(e -> SignupKeys.describe(e.key())).sorted().toList();
        assertEquals(held, shown.stream().sorted().toList());
        assertTrue(!held.isEmpty(), "the redelivered jobs ran again");
        assertEquals("Held now " + held.size() + " · Peak " + sim.store().peakKeys() + " · Hits so far "
                + sim.store().hits() + " · Expired so far 0 · Shared so far 0", storeCounters.getText());
        assertTrue(sim.store().peakKeys() >= held.size());
    }

    @Test
    void aHitMakesTheRowFlashAndThePaleYellowComesFromKeystoreCss(FxRobot robot) {
        Scenario lostReply = ONE_USER.toBuilder().lostReply(1).maxAttempts(2).ttlMs(60_000)
                .providerKeyTtlMs(60_000).build();
        SignupSimulation sim = simulation(lostReply, Strategy.WHOLE_JOB_SKIP_FINISHED);
        robot.interact(() -> model.attach(sim));
        List<String> flashed = new ArrayList<>();
        AtomicInteger yellow = new AtomicInteger();
        for (long t = 0; !sim.isFinished(); t += 50) {
            long frameTime = t;
            robot.interact(() -> {
                long hitsBefore = sim.store().hits();
                sim.advanceTo(frameTime, Integer.MAX_VALUE);
                model.flush(sim.nowMs());
                if (sim.store().hits() == hitsBefore) {
                    return;
                }
                // In the same frame: every row whose key was just hit flashes, styled by keystore.css.
                for (KeyRow r : storeTable.getItems()) {
                    if (r.hits() == 0) {
                        continue;
                    }
                    TableRow<KeyRow> row = tableRowOf(storeTable, r);
                    assertNotNull(row, r.keyText() + " is on screen");
                    if (row.getPseudoClassStates().contains(FlashingRow.FLASH_CLASS)) {
                        flashed.add(r.keyText());
                        row.applyCss();
                        for (BackgroundFill f : row.getBackground().getFills()) {
                            if (Color.web("#fff3a8").equals(f.getFill())) {
                                yellow.incrementAndGet();
                            }
                        }
                    }
                }
            });
        }
        assertEquals(6, sim.store().hits(), "attempt 2 found steps 0..5 saved");
        assertTrue(flashed.containsAll(List.of("save the user:user_0", "subscribe to the newsletter:user_0")),
                "" + flashed);
        assertTrue(yellow.get() >= 6, "flashing rows are pale yellow: " + yellow.get());
        frame(robot, sim, sim.nowMs());
        assertTrue(storeCounters.getText().contains("· Hits so far 6 ·"), storeCounters.getText());

        // The provider suppressed the second welcome email: its row counts it.
        ProviderKeyRow email = providerTable.getItems().get(0);
        assertEquals(SignupKeys.providerSame(0), email.key());
        assertEquals("welcome-email:user_0", text(providerTable, 0, 0));
        assertEquals("1", text(providerTable, 3, 0));
        assertEquals("Held now 1 · Sends suppressed so far 1", providerCounters.getText());
    }

    @Test
    void aStrategyWithoutAStoreSaysSoAndShowsOnlyTheProvidersKeys(FxRobot robot) {
        SignupSimulation sim = simulation(ONE_USER, Strategy.EACH_STEP_SAME_KEY);
        robot.interact(() -> model.attach(sim));
        frame(robot, sim, 4_000);
        assertTrue(storeTable.getItems().isEmpty());
        Label placeholder = (Label) storeTable.getPlaceholder();
        assertTrue(showing(placeholder));
        assertEquals("This strategy uses no idempotency store; switch to 'retry the whole job, same key, skip "
                + "finished steps' to see its keys.", placeholder.getText());
        assertEquals(1, providerTable.getItems().size(), "the welcome email's key");
        ProviderKeyRow email = providerTable.getItems().get(0);
        assertEquals(VirtualTime.countdown(email.expiresAtMs() - 4_000), countdownOf(providerTable, email).getText());
        assertEquals(VirtualTime.format(email.addedAtMs()), text(providerTable, 1, 0));
        assertFalse(showing(providerTable.getPlaceholder()));

        SignupSimulation noKeys = simulation(ONE_USER, Strategy.EACH_STEP_NO_KEY);
        robot.interact(() -> model.attach(noKeys));
        frame(robot, noKeys, 4_000);
        assertTrue(providerTable.getItems().isEmpty());
        assertTrue(showing(providerTable.getPlaceholder()));
        assertTrue(((Label) providerTable.getPlaceholder()).getText().contains("no idempotency key"));
    }

    @Test
    void aHundredThousandKeysMakeOnlyTheCellsOnScreen(FxRobot robot) {
        Scenario big = Scenario.article().toBuilder().jobs(10_000).pFail(0).lostReply(0).build();
        SignupSimulation sim = simulation(big, Strategy.WHOLE_JOB_SKIP_FINISHED);
        robot.interact(() -> model.attach(sim));
        frame(robot, sim, 8 * 3_600_000L);
        assertEquals(100_000, storeTable.getItems().size());
        assertTrue(storeCounters.getText().startsWith("Held now 100,000 · Peak 100,000 ·"), storeCounters.getText());
        int cells = storeTable.lookupAll(".countdown-cell").size();
        assertTrue(cells > 5 && cells < 100, "a virtualized table: " + cells + " countdown cells for 100,000 rows");
        robot.interact(() -> {
            storeTable.scrollTo(99_999);
            storeTable.layout(); // what the next pulse does
        });
        KeyRow nearTheEnd = storeTable.getItems().get(99_990);
        assertEquals("save the user:user_9999", nearTheEnd.keyText());
        assertNotNull(countdownOf(storeTable, nearTheEnd), "the end of the table can be scrolled to");
        assertTrue(storeTable.lookupAll(".countdown-cell").size() < 100);
    }

    @SuppressWarnings("unchecked")
    private <T> T lookup(String id) {
        return (T) root.lookup(id);
    }

    @Test
    void claimsStuckInProgressBehindTheRowLimitAreTheFirstRowsAndTheCountersCountTheWholeTable(FxRobot robot) {
        // the stuck-in_progress preset's picture: ~2,000 completed rows, then crashes leave claims in_progress
        InMemoryClaimTable table = new InMemoryClaimTable();
        for (int i = 0; i < 1_958; i++) {
            table.claim("done:user_" + i, "fp", "worker-1", i, 60_000);
            table.complete("done:user_" + i, "worker-1", "ok", i + 1);
        }
        for (int i = 0; i < 8; i++) {
            table.claim("send the welcome email:user_" + (1_958 + i), "fp", "worker-2", 5_000 + i, 60_000);
        }
        runClaims = table;
        SignupSimulation sim = simulation(ONE_USER, Strategy.WHOLE_JOB_SKIP_FINISHED);
        robot.interact(() -> model.attach(sim));
        frame(robot, sim, 600);
        TableView<ClaimTableRow> claimTable = lookup("#claimTable");
        assertEquals(500, claimTable.getItems().size());
        for (int row = 0; row < 8; row++) {
            assertEquals("send the welcome email:user_" + (1_958 + row), text(claimTable, 0, row));
            assertEquals("IN_PROGRESS", text(claimTable, 1, row));
        }
        assertEquals("COMPLETED", text(claimTable, 1, 8));
        TableRow<ClaimTableRow> first = tableRowOf(claimTable, claimTable.getItems().get(0));
        assertNotNull(first, "the first stuck claim is on screen, at the top");
        Label counters = lookup("#claimCounters");
        assertEquals("Rows 1,966 · In progress 8 · Completed 1,958 · Expired leases 0 · Reclaimed 0",
                counters.getText());
        robot.interact(() -> root.getScene().getWindow().setWidth(1024)); // a narrow window: the line wraps, whole
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(counters.getText(), ((javafx.scene.text.Text) counters.lookup(".text")).getText(),
                "every counter shown, none cut to '...'");
        assertEquals("Showing 500 of 1,966 rows (in_progress first, then the oldest).",
                ((Label) lookup("#claimStatus")).getText());
    }

    @Test
    void aRunWithAClaimTableShowsItInPlaceOfTheMemoryStoreWithLeaseCountdowns(FxRobot robot) {
        InMemoryClaimTable table = new InMemoryClaimTable();
        FlakyClaimStore claims = new FlakyClaimStore(table);
        runClaims = claims;
        // worker-1 claims at 0 and completes at 300; worker-2 claims at 100 and vanishes (lease to 1,100).
        table.claim("save the user:user_0", "fp", "worker-1", 0, 1_000);
        table.complete("save the user:user_0", "worker-1", "save the user: done", 300);
        table.claim("save the user:user_1", "fp", "worker-2", 100, 1_000);
        SignupSimulation sim = simulation(ONE_USER, Strategy.WHOLE_JOB_SKIP_FINISHED);
        robot.interact(() -> model.attach(sim));
        frame(robot, sim, 600);

        TableView<ClaimTableRow> claimTable = lookup("#claimTable");
        assertTrue(showing(claimTable), "the run uses a claim table: its section shows");
        assertFalse(showing(storeTable), "in place of the in-memory store");
        assertFalse(showing(lookup("#lockTable")));
        assertTrue(showing(providerTable), "the provider's keys stay beside it");
        assertEquals(2, claimTable.getItems().size());
        // in_progress rows first (the lesson is about them), then by created_at
        assertEquals("save the user:user_1", text(claimTable, 0, 0));
        assertEquals("save the user:user_0", text(claimTable, 0, 1));
        assertEquals("COMPLETED", text(claimTable, 1, 1));
        assertEquals("1", text(claimTable, 3, 1));
        assertEquals("worker-1", text(claimTable, 4, 1));
        assertEquals("0:01.000", text(claimTable, 5, 1), "locked_until 1,000");
        assertEquals("save the user: done", text(claimTable, 6, 1));
        assertEquals("0:00.000", text(claimTable, 7, 1));
        assertEquals("0:00.300", text(claimTable, 8, 1));
        assertEquals("", text(claimTable, 8, 0), "in progress: not completed");
        assertEquals("Rows 2 · In progress 1 · Completed 1 · Expired leases 0 · Reclaimed 0",
                ((Label) lookup("#claimCounters")).getText());
        Label status = lookup("#claimStatus");
        assertFalse(showing(status), "nothing to say: every row shown, no error");

        ClaimTableRow done = claimTable.getItems().get(1);
        ClaimTableRow running = claimTable.getItems().get(0);
        CountdownCell<?> doneLease = countdownOf(claimTable, done);
        assertEquals("never reclaimed", doneLease.getText());
        assertNull(doneLease.getGraphic(), "no bar: a completed key is never reclaimed");
        CountdownCell<?> lease = countdownOf(claimTable, running);
        assertEquals("lease ends in 0.5 s", lease.getText(), "1,100 - 600 = 500 ms");
        assertEquals(0.5, ((ProgressBar) lease.getGraphic()).getProgress(), 1e-9, "500 of the 1,000 ms lease");

        // The clock passes locked_until: the same cell says the key can be reclaimed, in the expired style.
        frame(robot, sim, 1_400);
        assertEquals("lease expired 0.3 s ago — reclaimable", lease.getText(), "1,400 - 1,100 = 300 ms");
        assertTrue(lease.getPseudoClassStates().contains(CountdownCell.EXPIRED));
        assertNull(lease.getGraphic());
        robot.interact(lease::applyCss);
        assertEquals(Concept.LEASE.ink(), lease.getTextFill(), "keystore.css gives an expired lease the lease's ink");
        assertEquals("Rows 2 · In progress 1 · Completed 1 · Expired leases 1 · Reclaimed 0",
                ((Label) lookup("#claimCounters")).getText());

        // Selected, the row stays selected through a reclaim (updated in place) and a failed read.
        robot.interact(() -> claimTable.getSelectionModel().select(running));
        table.claim("save the user:user_1", "fp", "worker-3", 1_400, 1_000);
        frame(robot, sim, 1_500);
        assertEquals("worker-3", text(claimTable, 4, 0));
        assertEquals("2", text(claimTable, 3, 0), "claimed twice: reclaimed once");
        assertEquals("lease ends in 0.9 s", lease.getText(), "1,400 + 1,000 - 1,500 = 900 ms");
        ClaimStoreException failure = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open("jdbc:x:y"));
        claims.failure = failure;
        frame(robot, sim, 1_600);
        assertTrue(showing(status));
        assertEquals(failure.getMessage() + " (showing the rows read at 0:01.500)", status.getText());
        assertTrue(status.getPseudoClassStates().contains(PseudoClass.getPseudoClass("error")));
        assertEquals(2, claimTable.getItems().size());
        assertEquals(running, claimTable.getSelectionModel().getSelectedItem());

        // The next run uses no claim table: the in-memory store's section is back.
        runClaims = null;
        SignupSimulation memory = simulation(ONE_USER, Strategy.WHOLE_JOB_SKIP_FINISHED);
        robot.interact(() -> model.attach(memory));
        assertFalse(showing(claimTable));
        assertTrue(showing(storeTable));
    }

    @Test
    void aRunWithALockStoreShowsItsLocksAndTheExpiredOnes(FxRobot robot) {
        LockOnlyStore locks = new LockOnlyStore();
        runLocks = locks;
        locks.acquire("send the welcome email:user_0", "worker-1", 0, 2_000);
        locks.acquire("save the user:user_0", "worker-2", 0, 500);
        SignupSimulation sim = simulation(ONE_USER, Strategy.EACH_STEP_SAME_KEY);
        robot.interact(() -> model.attach(sim));
        frame(robot, sim, 1_000);
        TableView<LockTableRow> lockTable = lookup("#lockTable");
        assertTrue(showing(lockTable));
        assertFalse(showing(storeTable));
        assertFalse(showing(lookup("#claimTable")));
        assertEquals("save the user:user_0", text(lockTable, 0, 0), "expires at 500, before the other at 2,000");
        assertEquals("worker-2", text(lockTable, 1, 0));
        assertEquals("0:00.500", text(lockTable, 2, 0));
        assertEquals("expired 0.5 s ago", countdownOf(lockTable, lockTable.getItems().get(0)).getText());
        CountdownCell<?> held = countdownOf(lockTable, lockTable.getItems().get(1));
        assertEquals("1.0 s", held.getText());
        assertNotNull(held.getGraphic(), "a bar while the lock is held");
        assertEquals("Locks 2 · Held 1 · Expired, still stored 1", ((Label) lookup("#lockCounters")).getText());
    }
}
