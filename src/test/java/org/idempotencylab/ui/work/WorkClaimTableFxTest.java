package org.idempotencylab.ui.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.store.InMemoryClaimTable;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ClaimTableView;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Real workers tab's claim table in a projector's room, as a class reads it during a run (the settings folded
 * away, as a run folds them): at 1440 × 900, 1280 × 720 and 1024 × 768 (the window's scene, a title bar less), in
 * normal and presentation mode, every column header shown is whole (its text drawn whole, and inside the table's
 * width rather than cut by its edge); the key, status and lease columns are shown, each cell's text whole (no "…",
 * nothing below the row's edge: an underscore's descent too); and five rows or more lie inside the window. The
 * rows are a run's as the key store's claim-table view reads them: ten steps of users 290 to 299 (the longest key
 * "subscribe to the newsletter:user_299"), the last user's in progress with a lease, one lease expired and
 * reclaimable. Headless under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class WorkClaimTableFxTest {
    /** Window scenes from the larger to the smaller (Monocle fails a frame grown back: FxSteps). */
    private static final int[][] ROOMS = {{1440, 880}, {1280, 700}, {1024, 748}};
    /** The claim table's columns a class must read whole: key, status, lease. */
    private static final List<String> READ = List.of("claimKeyColumn", "claimStatusColumn", "leaseColumn");
    /** The moment the table is read at, ms after the run's start: user_299's leases end at 61 s, user_298's at 1 s. */
    private static final long NOW_MS = 60_000;

    private LabWindow window;
    private final List<ClaimTableView> views = new ArrayList<>();

    @Start
    void start(Stage stage) throws Exception {
        ClaimTableView.Factory recorded = () -> {
            ClaimTableView v = App.claimTableViews().create();
            views.add(v);
            return v;
        };
        window = LabWindow.open(stage, task -> { }, recorded);
        window.lab().selectTab("workTab");
        window.lab().buildShownTab();
    }

    @Test
    void keyStatusAndLeaseAreWholeWithFiveRowsOrMoreInEveryRoom(FxRobot robot) {
        InMemoryClaimTable store = new InMemoryClaimTable();
        for (int user = 290; user < 300; user++) {
            for (String step : SignupSteps.NAMES) {
                String key = step + ":user_" + user;
                long at = user == 299 ? NOW_MS - 500 : 0;
                store.claim(key, "f", "p0.0-w" + user % 2, at, 1_000);
                if (user < 298) {
                    store.complete(key, "p0.0-w" + user % 2, "done", at + 10);
                }
            }
        }
        robot.interact(() -> {
            ClaimTableView view = views.get(views.size() - 1);
            view.attach(store);
            view.read(NOW_MS);
            view.show(NOW_MS);
            // as a run leaves it: the settings folded, the workers and the claim table in their place
            robot.lookup("#settingsPane").queryAs(TitledPane.class).setExpanded(false);
        });
        String printed = FxSteps.stderrOf(() -> {
            for (int[] room : ROOMS) {
                for (boolean presentation : new boolean[] {false, true}) {
                    window.room(robot, room[0], room[1], presentation);
                    String where = room[0] + "x" + room[1] + (presentation ? ", presentation mode" : "");
                    FxSteps.reveal(robot, robot.lookup("#claimTable").query());
                    robot.interact(() -> check(robot, where));
                }
            }
        });
        assertEquals("", printed, "the toolkit painted every frame of every size (it prints a frame it failed)");
    }

    private void check(FxRobot robot, String where) {
        TableView<?> table = robot.lookup("#claimTable").queryAs(TableView.class);
        Bounds tableBounds = table.localToScene(table.getLayoutBounds());
        List<String> shownColumns = new ArrayList<>();
        for (Node n : table.lookupAll(".column-header")) {
            if (!(n.getId() != null && n.isVisible() && n.lookup(".label") instanceof Label header)
                    || header.getText() == null || header.getText().isEmpty()) {
                continue;
            }
            assertEquals(header.getText(), drawn(header), where + ": the header is cut");
            Bounds b = n.localToScene(n.getLayoutBounds());
            assertTrue(b.getMaxX() <= tableBounds.getMaxX() + 0.5, where + ": the header '" + header.getText()
                    + "' runs past the table's edge " + tableBounds.getMaxX() + ": " + b);
            shownColumns.add(n.getId());
        }
        assertTrue(shownColumns.containsAll(READ), where + ": key, status and lease shown: " + shownColumns);
        int whole = 0;
        for (Node n : table.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && c.getTableColumn() != null && READ.contains(c.getTableColumn()
                    .getId()) && c.getText() != null && !c.getText().isEmpty() && c.isVisible()) {
                Text text = (Text) c.lookup(".text");
                assertEquals(c.getText(), text == null ? null : text.getText(), where + ": a cell of "
                        + c.getTableColumn().getText() + " is cut (" + c.getWidth() + " px wide)");
                Bounds t = text.getBoundsInParent();
                assertTrue(t.getMinY() >= -0.5 && t.getMaxY() <= c.getHeight() + 0.5, where + ": '" + c.getText()
                        + "' reaches past its " + c.getHeight() + " px row: " + t);
                Bounds b = c.localToScene(c.getLayoutBounds());
                assertTrue(b.getMaxX() <= tableBounds.getMaxX() + 0.5, where + ": '" + c.getText()
                        + "' runs past the table's edge");
            }
        }
        for (Node n : table.lookupAll(".table-row-cell")) {
            Bounds b = n.localToScene(n.getLayoutBounds());
            if (n instanceof TableRow<?> r && r.getItem() != null && r.isVisible() && b.getMinY() >= tableBounds.getMinY()
                    && b.getMaxY() <= Math.min(tableBounds.getMaxY(), table.getScene().getHeight()) + 0.5) {
                whole++;
            }
        }
        assertTrue(whole >= 5, where + ": " + whole + " whole rows in the window");
        for (TableColumn<?, ?> col : table.getColumns()) {
            if (READ.contains(col.getId())) {
                assertTrue(col.isVisible(), where + ": " + col.getText() + " is folded away");
            }
        }
    }

    /** @return the text {@code label}'s skin draws */
    private static String drawn(Label label) {
        Text t = (Text) label.lookup(".text");
        return t == null ? null : t.getText();
    }
}
