package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Bug and fix side by side, as a person sees them in the lab window at 1280 × 720 with the teaching note open: a
 * preset that contrasts the two opens the live view with two lanes named by their strategies, Play runs until the
 * first duplicate email and the difference line says who got two; Compare shows both rows.
 */
@ExtendWith(ApplicationExtension.class)
class TwoLanesFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private CompareViewModel compare;
    private LiveViewModel live;
    private ScenarioKit kit;
    private LabController lab;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        LabWiring wiring = LabWindow.wiring(pool, LabPrefs.memory());
        compare = wiring.compare();
        live = wiring.live();
        kit = wiring.kit();
        LabWindow window = LabWindow.frame(stage, wiring).size(1280, 720);
        lab = window.lab();
        lab.buildAllTabs();
        stage.show();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> live.playingProperty().set(false));
        pool.shutdownNow();
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    /** Fails unless {@code node} is shown, not empty, and wholly inside the window. */
    private void inside(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        Bounds b = node.localToScene(node.getLayoutBounds());
        Scene scene = stage.getScene();
        assertTrue(node.isVisible() && b.getHeight() > 10 && b.getWidth() > 300, query + " is shown: " + b);
        assertTrue(b.getMinX() >= 0 && b.getMinY() >= 0 && b.getMaxX() <= scene.getWidth() + 0.5
                && b.getMaxY() <= scene.getHeight() + 0.5, query + " " + b + " inside the " + scene.getWidth()
                + " × " + scene.getHeight() + " window");
    }

    @Test
    void theLostReplyPresetPlaysBothLanesUntilTheFirstDuplicateAndSaysWhoGotTwo(FxRobot robot) {
        robot.interact(() -> {
            kit.applyPreset("lost-reply.json");
            lab.selectTab("liveTab");
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("A · each step, no key", text(robot, "#laneNameA"));
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> second = robot.lookup("#secondStrategyBox").queryAs(ComboBox.class);
        assertEquals("B · each step, same key", second.getButtonCell().getText(), "lane B named by its strategy");
        assertEquals("No difference between the lanes yet", text(robot, "#differenceLabel"));
        inside(robot, "#queue");
        inside(robot, "#laneStrip");
        inside(robot, "#differenceLabel");
        assertTrue(robot.lookup("#queue").query().getLayoutBounds().getHeight() >= 280,
                "lane A keeps room for its stations at 720 px");
        robot.interact(() -> live.speedProperty().set(100));
        FxSteps.press(robot, "#playButton");
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                    () -> text(robot, "#differenceLabel").contains("got 2 welcome emails"));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no duplicate in 30 s: " + text(robot, "#differenceLabel"), e);
        }
        // "pause at each new duplicate" may have paused the run at the duplicate already: Play would resume it
        WaitForAsyncUtils.waitForFxEvents();
        if (live.playingProperty().get()) {
            FxSteps.press(robot, "#playButton"); // pause
        }
        FxSteps.waitUntil(() -> !live.playingProperty().get() && !live.busy());
        String diff = text(robot, "#differenceLabel");
        assertTrue(diff.matches("≠  (\\d+ users differ · )?user_\\d+ got 2 welcome emails in A \\(each step, no key\\) · 1 in B "
                + "\\(each step, same key\\).*"),
                diff);
        // the nouns agree with their counts: "1 user … 1 step done again", never "1 users", "1 steps"
        String summaryA = text(robot, "#laneSummaryA");
        assertTrue(summaryA.matches("(1 user|([2-9]|[1-9][0-9,]+) users) with 2\\+ welcome emails · "
                + "(1 step|(0|[2-9]|[1-9][0-9,]+) steps) done again.*"), summaryA);
        assertTrue(text(robot, "#laneSummaryB").startsWith("0 users with 2+ welcome emails "),
                text(robot, "#laneSummaryB"));
        assertEquals(live.nowMs(), live.lanes().laneB().nowMs(), "one clock");
        inside(robot, "#laneStrip");
        inside(robot, "#differenceLabel");
    }

    @Test
    void compareShowsTheBugAndItsFixForTheTtlAndShortLeasePresets(FxRobot robot) throws Exception {
        for (String preset : List.of("ttl-shorter-than-repeat.json", "short-lease.json")) {
            robot.interact(() -> {
                kit.applyPreset(preset);
                lab.selectTab("compareTab");
                compare.form().set(Parameter.JOBS, 1_000); // the rows, not the numbers: a quick run
                compare.compare();
            });
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> compare.resultsProperty().get() != null);
            WaitForAsyncUtils.waitForFxEvents();
            TableView<?> table = robot.lookup("#resultsTable").queryAs(TableView.class);
            assertEquals(2, table.getItems().size(), preset + ": the bug's row and the fix's");
            // and the live view was set up with the same two as its lanes
            assertTrue(live.lanes().activeProperty().get(), preset + " plays two lanes");
        }
    }
}
