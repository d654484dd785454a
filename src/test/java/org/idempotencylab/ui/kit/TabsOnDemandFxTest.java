package org.idempotencylab.ui.kit;

import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabController;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.LabWiring;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The window as it starts: the frame, then only the tab it opens on, then the others one at a time (so the first
 * frame waits for one view, not three). What a person sees must not depend on when a tab was built: a preset
 * applied before its tab existed shows in it, Ctrl+R on a tab with no run of its own runs the comparison though
 * the Compare tab was never opened, and every tab shows its view once built.
 */
@ExtendWith(ApplicationExtension.class)
class TabsOnDemandFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private CompareViewModel compare;
    private LiveViewModel live;
    private ScenarioKit kit;
    private LabController lab;
    private Stage stage;
    private Node root;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        LabWiring wiring = LabWindow.wiring(pool, LabPrefs.memory());
        compare = wiring.compare();
        compare.form().set(Parameter.JOBS, 2_000); // the article's five strategies in a moment
        live = wiring.live();
        kit = wiring.kit();
        LabWindow frame = LabWindow.frame(stage, wiring);
        lab = frame.lab();
        root = frame.root();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> live.playingProperty().set(false));
        pool.shutdownNow();
    }

    private Tab tab(String id) {
        return ((TabPane) root.lookup(".tab-pane")).getTabs().stream().filter(t -> id.equals(t.getId()))
                .findFirst().orElseThrow();
    }

    /** Opens the window as App does: the tab chosen first, that tab built, then shown. */
    private void open(FxRobot robot, Runnable choose) {
        robot.interact(() -> {
            choose.run();
            lab.buildShownTab();
            stage.show();
        });
    }

    @Test
    void onlyTheTabTheWindowOpensOnIsBuiltBeforeItShows(FxRobot robot) {
        open(robot, () -> { });
        assertTrue(tab("compareTab").isSelected());
        assertNotNull(robot.lookup("#resultsTable").tryQuery().orElse(null), "the Compare tab shows its table");
        assertNull(tab("liveTab").getContent(), "the live view waits until it is needed");
        assertNull(tab("sweepTab").getContent(), "the sweep waits until it is needed");
        assertNull(tab("exploreTab").getContent(), "the exploration waits until it is needed");
    }

    @Test
    void aLivePresetAppliedBeforeItsTabExistedShowsInIt(FxRobot robot) {
        // the stuck in_progress preset opens on the live view with 2 workers and the claim table
        open(robot, () -> kit.applyPreset("stuck-in-progress.json"));
        assertTrue(tab("liveTab").isSelected());
        assertEquals("2", robot.lookup("#liveWorkersField").queryAs(TextField.class).getText());
        @SuppressWarnings("unchecked")
        ComboBox<StoreKind> store = robot.lookup("#storeBox").queryAs(ComboBox.class);
        assertEquals("claim table", store.getConverter().toString(store.getValue()), "the Store box's words");
        assertNull(tab("compareTab").getContent(), "Compare is not built for a window that opens on the live view");
    }

    @Test
    void ctrlRFromTheLiveTabRunsTheComparisonThoughCompareWasNeverOpened(FxRobot robot) {
        open(robot, () -> lab.selectTab("liveTab"));
        robot.interact(() -> root.requestFocus());
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);
        waitUntil(() -> compare.rows().size() == 5);
        robot.interact(() -> lab.selectTab("compareTab"));
        TableView<?> table = robot.lookup("#resultsTable").queryAs(TableView.class);
        assertEquals(5, table.getItems().size(), "the article's five strategies in the Compare table");
    }

    @Test
    void theOtherTabsAreBuiltOneAtATimeAndEachShowsItsView(FxRobot robot) {
        open(robot, () -> { });
        int[] built = {0};
        robot.interact(() -> {
            while (lab.buildNextTab()) {
                built[0]++;
            }
        });
        assertEquals(4, built[0], "the live view, the sweep, the exploration and the real workers, one a call");
        robot.interact(() -> lab.selectTab("liveTab"));
        assertTrue(robot.lookup("#playButton").query().isVisible(), "the live view's Play button");
        robot.interact(() -> lab.selectTab("sweepTab"));
        assertTrue(robot.lookup("#sweepRunButton").query().isVisible(), "the sweep's Run button");
        robot.interact(() -> lab.selectTab("exploreTab"));
        assertTrue(robot.lookup("#exploreRunButton").query().isVisible(), "the exploration's Explore button");
        robot.interact(() -> lab.selectTab("workTab"));
        assertTrue(robot.lookup("#startButton").query().isVisible(), "the real workers' Start button");
    }

    @Test
    void theLiveViewsKeysWorkWhereverTheFocusIsButInATextField(FxRobot robot) {
        open(robot, () -> lab.selectTab("liveTab"));
        TabPane tabs = (TabPane) root.lookup(".tab-pane");
        // the tab header has the focus (a teacher just clicked "Watch it happen"): → steps, it does not change tab
        robot.interact(tabs::requestFocus);
        // the event log the Event log tab lists (below the play area, or over it behind Tables where there is no room)
        java.util.List<String> log = live.log();
        int lines = log.size();
        robot.type(KeyCode.RIGHT);
        assertTrue(log.size() > lines, "→ stepped the run: the event log grew");
        assertTrue(tab("liveTab").isSelected(), "and the live view stays shown");
        // the speed slider has the focus: Space plays, and pauses again
        robot.interact(() -> robot.lookup("#speedSlider").query().requestFocus());
        robot.type(KeyCode.SPACE);
        assertEquals("Pause", robot.lookup("#playButton").queryLabeled().getText(), "Space played");
        robot.type(KeyCode.SPACE);
        assertEquals("Play", robot.lookup("#playButton").queryLabeled().getText(), "Space paused");
        // a text field keeps its keys: R is typed, not a reset
        robot.type(KeyCode.RIGHT);
        int before = log.size();
        TextField workers = robot.lookup("#liveWorkersField").queryAs(TextField.class);
        if (!FxSteps.onFx(() -> workers.isVisible() && workers.getParent().isVisible()
                && robot.lookup("#parameterScroll").query().isVisible())) {
            FxSteps.press(robot, "#parametersToggle"); // a narrow window set the parameters aside: bring them back
        }
        FxSteps.reveal(robot, workers);
        robot.interact(workers::requestFocus);
        assertTrue(FxSteps.onFx(() -> workers.getScene().getFocusOwner() == workers),
                "the workers field has the focus");
        robot.type(KeyCode.R);
        assertEquals(before, log.size(), "no reset while typing (a reset empties the log)");
        // with another tab shown, the keys are that tab's
        robot.interact(() -> {
            lab.selectTab("compareTab");
            root.requestFocus();
        });
        int shown = log.size();
        robot.type(KeyCode.RIGHT);
        assertEquals(shown, log.size(), "→ on the Compare tab does not step the live run");
    }
}
