package org.idempotencylab.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Compare strategies" in a projector's room, as a class reads it: the stripe-ruby#503 field case (two strategies
 * whose names differ only at their end: the in-memory store and the claim table) with its teaching note open beside
 * the tabs, at 1280 × 720 and 1024 × 768 (the window's scene, a title bar less), in normal and presentation mode.
 * Each strategy's name in the table is whole: the text its cell draws is the cell's whole text (none ends in "…"),
 * so the two rows never read alike. Headless under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class CompareRoomFxTest {
    /** A window's scene on a 1280 × 720 and a 1024 × 768 screen with a window manager's title bar. */
    private static final int[][] ROOMS = {{1280, 700}, {1024, 748}};

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LabWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = LabWindow.open(stage, pool);
        window.kit().applyPreset("field-stripe-changed-params.json"); // its note opens beside the tabs
        window.lab().selectTab("compareTab");
        window.lab().buildShownTab();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void everyStrategyNameIsWholeAtProjectorSizesInBothModesWithTheNoteOpen(FxRobot robot) {
        TableView<?> table = FxSteps.onFx(() -> robot.lookup("#resultsTable").queryAs(TableView.class));
        FxSteps.press(robot, "#compareButton");
        FxSteps.waitUntil(() -> FxSteps.onFx(() -> table.getItems().size() == 2));
        // the larger window first: growing it back after shrinking makes Monocle's painter fail a frame (FxSteps)
        String printed = FxSteps.stderrOf(() -> {
            for (int[] room : ROOMS) {
                for (boolean presentation : new boolean[] {false, true}) {
                    window.room(robot, room[0], room[1], presentation);
                    String where = room[0] + "x" + room[1] + (presentation ? ", presentation mode" : "");
                    robot.interact(() -> check(table, where));
                }
            }
        });
        assertEquals("", printed, "the toolkit painted every frame of every size (it prints a frame it failed)");
    }

    /**
     * Every Compare preset of at most 100,000 sign-ups (the article's million runs long and its names differ at
     * their start) at 1280 × 720 in both modes, its note open: no strategy name is cut, so "whole job, skip
     * finished" never reads "whole job, skip finish…" beside another row.
     */
    @Test
    void everyComparePresetShowsEveryStrategyNameWholeAt1280(FxRobot robot) {
        TableView<?> table = FxSteps.onFx(() -> robot.lookup("#resultsTable").queryAs(TableView.class));
        List<String> cut = new ArrayList<>();
        String printed = FxSteps.stderrOf(() -> {
            for (Presets.Preset p : window.kit().presets()) {
                if (p.file().view() != ScenarioFile.View.COMPARE || p.file().scenario().jobs() > 100_000) {
                    continue;
                }
                robot.interact(() -> {
                    window.kit().applyPreset(p.fileName());
                    window.lab().selectTab("compareTab");
                });
                FxSteps.press(robot, "#compareButton");
                int rows = p.file().strategies().size();
                FxSteps.waitUntil(() -> FxSteps.onFx(() -> table.getItems().size() == rows
                        && !robot.lookup("#compareButton").query().isDisabled()));
                for (boolean presentation : new boolean[] {false, true}) {
                    window.room(robot, 1280, 700, presentation);
                    robot.interact(() -> {
                        for (Node n : table.lookupAll(".table-cell")) {
                            if (n instanceof TableCell<?, ?> c && "strategyColumn".equals(c.getTableColumn().getId())
                                    && c.getText() != null && c.isVisible()) {
                                Text drawn = (Text) c.lookup(".text");
                                if (drawn == null || !c.getText().equals(drawn.getText())) {
                                    cut.add(p.fileName() + (presentation ? " (presentation)" : "") + ": "
                                            + (drawn == null ? null : drawn.getText()));
                                }
                            }
                        }
                    });
                }
            }
        });
        assertEquals(List.of(), cut);
        assertEquals("", printed, "the toolkit painted every frame (it prints a frame it failed)");
    }

    private void check(TableView<?> table, String where) {
        assertTrue(window.kit().noteVisibleProperty().get(), where + ": the note is open beside the tabs");
        List<String> shown = new ArrayList<>();
        for (Node n : table.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && "strategyColumn".equals(c.getTableColumn().getId())
                    && c.getText() != null && c.isVisible()) {
                Text drawn = (Text) c.lookup(".text");
                assertEquals(c.getText(), drawn == null ? null : drawn.getText(), where + ": the name is cut in its "
                        + c.getWidth() + " × " + c.getHeight() + " px cell");
                assertTrue(drawn.getBoundsInParent().getMaxY() <= c.getHeight() + 0.5
                        && drawn.getBoundsInParent().getMinY() >= -0.5, where + ": '" + c.getText()
                        + "' runs past its row: " + drawn.getBoundsInParent() + " in " + c.getHeight() + " px");
                shown.add(c.getText());
            }
        }
        assertEquals(2, shown.size(), where + ": both strategies' rows are on screen: " + shown);
        assertTrue(!shown.get(0).equals(shown.get(1)), where + ": two rows read alike: " + shown);
    }
}
