package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.LiveFx.onFx;
import static org.idempotencylab.ui.live.LiveFx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.fxml.FXMLLoader;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The timeline under the play area, as a person uses it: the thumb set or dragged back, then ← and →; what the
 * clock, the status bar's counters, the Done column and the event log show is what they showed when the run was
 * at that moment the first time. With the claim table on a database the timeline is off and says why. Headless
 * under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineFxTest {
    private LiveViewModel live;
    private LiveController controller;

    @Start
    void start(Stage stage) throws Exception {
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        FXMLLoader loader = LiveFx.show(stage, live, new KeyStoreViewModel());
        controller = loader.getController();
    }

    @AfterEach
    void stopTheAnimation() {
        onFx(controller::stop);
    }

    /** What a person sees of the run at one moment. */
    private record Seen(String clock, String counters, long done, List<String> log) {
    }

    private Seen seen(FxRobot robot) {
        Label counters = robot.lookup(".status-bar .label").queryAllAs(Label.class).stream()
                .filter(l -> l.getText() != null && l.getText().startsWith("jobs done")).findFirst().orElseThrow();
        long done = 0;
        for (JobToken t : live.tokens()) {
            done += t.phase() == JobToken.Phase.DONE || t.phase() == JobToken.Phase.FAILED ? 1 : 0;
        }
        ListView<String> log = robot.lookup("#logList").queryListView();
        return new Seen(robot.lookup("#clockLabel").queryLabeled().getText(), counters.getText(), done,
                List.copyOf(log.getItems()));
    }

    /** Steps {@code n} times as the Step button does, and remembers what was seen after each step. */
    private List<Seen> stepAndRemember(FxRobot robot, int n, List<Long> clocks) {
        List<Seen> states = new ArrayList<>();
        onFx(() -> { // one trip to the FX thread: what is bound to the run is there as each step returns
            for (int i = 0; i < n; i++) {
                live.stepOnce();
                states.add(seen(robot));
                clocks.add(live.nowMs());
            }
        });
        return states;
    }

    private static void focusTheQueue(FxRobot robot) {
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        robot.clickOn(queue.localToScreen(60, 6)); // the "Queue" title: no token there
    }

    @Test
    void settingTheTimelineAndPressingLeftAndRightShowTheRunAsItWasThen(FxRobot robot) {
        List<Long> clocks = new ArrayList<>();
        List<Seen> states = stepAndRemember(robot, 160, clocks);
        // a step whose time no later step shares (every event by then ran) and after one that logged a line
        int i = 100;
        while (!(clocks.get(i) < clocks.get(i + 1) && !states.get(i).log().equals(states.get(i - 1).log()))) {
            i++;
        }
        Slider timeline = robot.lookup("#timeline").queryAs(Slider.class);
        assertEquals(clocks.get(159), (long) timeline.getMax(), "the timeline reaches as far as the run has");
        assertEquals(clocks.get(159), (long) timeline.getValue(), "its thumb at the clock");
        long t = clocks.get(i);
        onFx(() -> timeline.setValue(t)); // as a click on the track puts it there
        assertEquals(t, live.nowMs());
        assertEquals(states.get(i), seen(robot), "the clock, counters, Done column and log as they were then");
        assertEquals(VirtualTime.format(t) + " / " + VirtualTime.format(clocks.get(159)),
                robot.lookup("#timelineLabel").queryLabeled().getText());
        logShowsItsNewestLine(robot);

        focusTheQueue(robot);
        robot.type(KeyCode.LEFT);
        assertEquals(states.get(i - 1), seen(robot), "← : the run one event before");
        assertEquals(clocks.get(i - 1), (long) timeline.getValue(), "the thumb with it");
        logShowsItsNewestLine(robot);
        robot.type(KeyCode.RIGHT);
        assertEquals(states.get(i), seen(robot), "→ : one event forward again");
        robot.clickOn("#backButton");
        assertEquals(states.get(i - 1), seen(robot), "the ← button");
        robot.clickOn("#forwardButton");
        robot.clickOn("#forwardButton");
        assertEquals(states.get(i + 1), seen(robot), "the → button");
        assertEquals(clocks.get(159), (long) timeline.getMax(), "going back keeps the reach");
    }

    private static void logShowsItsNewestLine(FxRobot robot) {
        ListView<String> log = robot.lookup("#logList").queryListView();
        int last = log.getItems().size() - 1;
        try {
            WaitForAsyncUtils.waitFor(3, java.util.concurrent.TimeUnit.SECONDS, () -> {
                Bounds view = log.localToScene(log.getLayoutBounds());
                for (Node n : log.lookupAll(".list-cell")) {
                    ListCell<?> cell = (ListCell<?>) n;
                    if (cell.getIndex() == last && cell.isVisible() && !cell.isEmpty()) {
                        Bounds b = cell.localToScene(cell.getLayoutBounds());
                        return b.getMinY() >= view.getMinY() - 0.5 && b.getMaxY() <= view.getMaxY() + 0.5;
                    }
                }
                return false;
            });
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the log's newest line is not on screen");
        }
    }

    @Test
    void draggingTheThumbBackSeeksAndWhilePlayingTheThumbFollowsTheClock(FxRobot robot) {
        onFx(() -> {
            for (int i = 0; i < 200; i++) {
                live.stepOnce();
            }
        });
        long far = live.nowMs();
        Slider timeline = robot.lookup("#timeline").queryAs(Slider.class);
        Node thumb = timeline.lookup(".thumb");
        robot.drag(thumb).moveBy(-timeline.getWidth() / 2, 0).release(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        long there = Math.round(timeline.getValue());
        assertTrue(there < far * 3 / 4 && there > far / 4, "dragged to the middle: " + there + " of " + far);
        assertEquals(there, live.nowMs(), "released: the run is where the thumb was let go");
        assertEquals(live.clockProperty().get(), robot.lookup("#clockLabel").queryLabeled().getText());
        assertEquals(far, (long) timeline.getMax());
        assertFalse(timeline.isValueChanging());

        robot.clickOn("#playButton");
        waitUntil(() -> live.nowMs() > there + 300);
        robot.clickOn("#playButton");
        assertEquals(live.nowMs(), Math.round(timeline.getValue()), "the thumb followed the clock");
    }

    @Test
    void withTheClaimTableOnADatabaseTheTimelineIsOffAndItsLabelSaysWhy(FxRobot robot) throws Exception {
        Slider timeline = robot.lookup("#timeline").queryAs(Slider.class);
        assertFalse(timeline.isDisabled(), "on the in-memory run it works");
        Path dir = Files.createTempDirectory("lab-timeline-db");
        onFx(() -> {
            live.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
            live.keyModeProperty().set(KeyMode.SAME);
            live.storeProperty().set(StoreKind.CLAIM_TABLE);
        });
        TextField database = robot.lookup("#databaseField").queryAs(TextField.class);
        onFx(() -> database.setText("jdbc:sqlite:" + dir.resolve("lab.db")));
        LiveFx.press(robot, "#resetButton");
        assertNotNull(live.database());
        assertTrue(timeline.isDisabled());
        assertTrue(robot.lookup("#backButton").queryAs(Button.class).isDisabled());
        assertFalse(robot.lookup("#forwardButton").queryAs(Button.class).isDisabled(), "→ still steps");
        Label why = robot.lookup("#timelineLabel").queryAs(Label.class);
        assertTrue(why.getText().contains("database"), why.getText());
        assertTrue(LiveFx.showing(why));
        assertEquals(live.timelineOffProperty().get(), why.getTooltip().getText(), "the whole reason");
    }
}
