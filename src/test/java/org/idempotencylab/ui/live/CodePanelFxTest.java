package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.LiveFx.onFx;
import static org.idempotencylab.ui.live.LiveFx.press;
import static org.idempotencylab.ui.live.LiveFx.showing;
import static org.idempotencylab.ui.live.LiveFx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.shape.SVGPath;
import javafx.stage.Stage;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "The code that ran" and "What just happened" as a class sees them: Step to the opening scene's lost reply and
 * read the lit line and the caption; change the strategy and read another program; click a job and read its name;
 * and at a projector's 1280 × 720 (with and without a preset's note beside the view) and 1024 px with a note find
 * the code and the queue inside the window, the queue at its full width.
 */
@ExtendWith(ApplicationExtension.class)
class CodePanelFxTest {
    private LiveViewModel live;
    private LiveController controller;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        controller = LiveFx.show(stage, live, new KeyStoreViewModel()).getController();
    }

    @AfterEach
    void stopTheAnimation() {
        onFx(controller::stop);
    }

    private static ScenarioFile preset(String name) throws Exception {
        ScenarioFiles files = new ScenarioFiles(Metric.watchNames());
        try (InputStream in = CodePanelFxTest.class.getResourceAsStream("/assets/scenarios/" + name)) {
            return in != null ? files.read(in) : files.read(Path.of("assets/scenarios", name));
        }
    }

    private CodePanel panel(FxRobot robot) {
        return robot.lookup("#codePanel").queryAs(CodePanel.class);
    }

    private String caption(FxRobot robot) {
        return robot.lookup("#captionLabel").queryLabeled().getText();
    }

    /** Presses Step, as a person does, until the followed job's last moment was decided by {@code kind}. */
    private void stepUntilDecided(FxRobot robot, Kind kind) {
        for (int presses = 0; presses < 500; presses++) {
            press(robot, "#stepButton");
            WaitForAsyncUtils.waitForFxEvents();
            JobToken job = live.storyJob();
            if (job != null && CodeMap.decisive(live.simulation().strategy(), job.history()).kind() == kind) {
                return;
            }
        }
        throw new AssertionError("no " + kind + " within 500 steps");
    }

    /**
     * Played at 1000× (the whole opening scene in one frame), the run pauses at user_0's second welcome email, and a
     * person sees the cause together: the code's lit line is the send that runs every time, the caption and the
     * story line's newest entry (marked ▶) say user_0 got another email because the reply was lost, the lost reply
     * is still in the story above it, the clock reads the duplicate's time, Play offers to go on, and the "pause at
     * each new duplicate" box is there and ticked. Unticked, a Reset and Play run through to the end.
     */
    @Test
    void atFullSpeedTheRunPausesAtTheDuplicateWithItsCauseOnScreen(FxRobot robot) throws Exception {
        ScenarioFile opening = preset("opening-no-key.json");
        onFx(() -> {
            live.apply(opening.scenario(), opening.strategies().get(0));
            live.speedProperty().set(1000);
        });
        press(robot, "#playButton");
        waitUntil(() -> !live.playingProperty().get() && live.spotlit() != null);
        CodePanel code = panel(robot);
        waitUntil(() -> "provider sends on every call".equals(code.litText()));
        assertTrue(showing(code.litLabel()) && insideTheWindow(code.litLabel()), "a person sees the lit line");
        assertTrue(caption(robot).startsWith("user_0 got ANOTHER welcome email: the reply was lost"), caption(robot));
        LiveStoryController story = controller.story();
        List<String> lines = story.shownLines();
        String newest = lines.get(lines.size() - 1);
        assertTrue(newest.startsWith(LiveStoryController.MARKER + " 0:01.535  user_0 got ANOTHER welcome email: the "
                + "reply was lost"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("user_0's welcome email went out, but the reply was lost")),
                "the lost reply that caused it, above it: " + lines);
        assertEquals(1, lines.stream().filter(l -> l.startsWith(LiveStoryController.MARKER)).count(), "one newest");
        assertTrue(robot.lookup("#clockLabel").queryLabeled().getText().contains("0:01.535"),
                robot.lookup("#clockLabel").queryLabeled().getText());
        assertEquals("Play", robot.lookup("#playButton").queryButton().getText());
        javafx.scene.control.CheckBox pause = controller.caption().pauseToggle();
        assertTrue(showing(pause) && insideTheWindow(pause) && pause.isSelected(), "the pause's box, ticked");

        // user_0's second envelope is ringed in the duplicate's colour while the run stands at it: a step on (the
        // envelopes stay the same) takes the ring away, some 400 px of that colour (3 px round a 54 × 30 envelope)
        int ringed = pixelsOf(robot, Concept.DUPLICATE.ink());
        press(robot, "#stepButton");
        waitUntil(() -> live.spotlit() == null);
        int after = pixelsOf(robot, Concept.DUPLICATE.ink());
        assertTrue(ringed - after > 150, "the ring: " + ringed + " px of the duplicate's ink, then " + after);

        robot.clickOn(pause);
        assertFalse(live.pauseAtDuplicatesProperty().get(), "unticked: the run plays through");
        press(robot, "#resetButton");
        press(robot, "#playButton");
        waitUntil(() -> live.simulation().isFinished());
        assertNull(live.spotlit());
    }

    @Test
    void steppingToTheLostReplyLightsTheRetryLineAndTheCaptionSaysIt(FxRobot robot) throws Exception {
        ScenarioFile opening = preset("opening-no-key.json");
        onFx(() -> live.apply(opening.scenario(), opening.strategies().get(0)));
        waitUntil(() -> caption(robot).startsWith("What just happened"));
        assertNull(panel(robot).litText(), "nothing has happened yet: nothing lit");
        stepUntilDecided(robot, Kind.REPLY_LOST);
        CodePanel code = panel(robot);
        waitUntil(() -> "error/timeout: backoff, retry".equals(code.litText()));
        Label lit = code.litLabel();
        assertTrue(lit.getText().startsWith(CodePanel.MARKER), "the lit line has its marker: " + lit.getText());
        assertTrue(lit.getStyleClass().contains("code-line-lit"));
        assertTrue(showing(lit) && insideTheWindow(lit), "a person sees the lit line");
        // the timeout is the lost reply's: its icon beside the line, as on the envelope (Concept)
        assertEquals(Concept.REPLY_LOST.iconPath(),
                ((SVGPath) ((Group) lit.getGraphic()).getChildren().get(0)).getContent());
        String who = EventText.user(live.storyJob().user(), live.storyJob().repeat());
        // the backoff is said once the next event is known
        assertTrue(caption(robot).matches(who + "'s welcome email went out, but the reply was lost: the worker sees "
                + "a timeout( and retries in \\d+ ms)?"), caption(robot));
        // the next step moves both on: the retry's call is the story now
        press(robot, "#stepButton");
        waitUntil(() -> !"error/timeout: backoff, retry".equals(code.litText()));
        assertTrue(caption(robot).startsWith("user_"), caption(robot));
        // Reset starts over: nothing lit, the caption asks for a step
        press(robot, "#resetButton");
        waitUntil(() -> code.litText() == null && caption(robot).startsWith("What just happened"));
    }

    @Test
    void changingTheStrategyShowsItsProgramLitOnlyOnceReset(FxRobot robot) {
        CodePanel code = panel(robot);
        press(robot, "#stepButton");
        waitUntil(() -> code.litText() != null);
        List<String> noKey = code.shownLines();
        assertTrue(noKey.stream().anyMatch(l -> l.contains("provider sends on every call")), noKey.toString());
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> box = robot.lookup("#strategyBox").queryAs(ComboBox.class);
        onFx(() -> box.setValue(Strategy.EACH_STEP_SAME_KEY));
        waitUntil(() -> !code.shownLines().equals(noKey));
        assertTrue(code.shownLines().stream().anyMatch(l -> l.contains("provider knew key: send nothing")));
        assertNull(code.litText(), "the chosen strategy is not running yet: nothing of it is lit");
        @SuppressWarnings("unchecked")
        ComboBox<StoreKind> store = robot.lookup("#storeBox").queryAs(ComboBox.class);
        onFx(() -> store.setValue(StoreKind.CLAIM_TABLE));
        waitUntil(() -> code.shownLines().stream().anyMatch(l -> l.contains("INSERT INTO processed_jobs")));
        assertEquals(KeyMode.SAME, live.keyModeProperty().get());
        press(robot, "#resetButton");
        press(robot, "#stepButton");
        waitUntil(() -> "claimed: run it, then completed".equals(code.litText()));
    }

    @Test
    void clickingAJobMakesTheCaptionAndTheCodeTellItsStory(FxRobot robot) {
        // two workers: step until both user_0 and user_1 call, the latest event being user_1's
        onFx(() -> {
            for (int i = 0; i < 10_000; i++) {
                JobToken a = live.token(0);
                JobToken b = live.token(1);
                if (a != null && b != null && a.phase() == JobToken.Phase.CALLING
                        && b.phase() == JobToken.Phase.CALLING && live.storyJob() == b) {
                    return;
                }
                live.stepOnce();
            }
        });
        JobToken user0 = live.token(0);
        assertNotNull(user0);
        waitUntil(() -> caption(robot).startsWith("user_1"));
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        waitUntil(() -> queue.drawnAt(user0) != null && Math.abs(user0.x - user0.toX) < 0.5
                && Math.abs(user0.y - user0.toY) < 0.5);
        double[] at = queue.drawnAt(user0);
        robot.clickOn(queue.localToScreen(at[0], at[1]));
        assertSame(user0, live.selectedProperty().get());
        waitUntil(() -> caption(robot).startsWith("user_0"));
        Label forWhom = (Label) panel(robot).lookup(".code-for");
        assertEquals("Lit for user_0 (selected)", forWhom.getText());
        assertNotNull(panel(robot).litText());
    }

    @Test
    void atAProjectorsSizeTheCodeAndTheQueueAreInTheWindowAndTheQueueKeepsItsWidth(FxRobot robot) {
        CodePanel code = panel(robot);
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        SplitPane playSplit = robot.lookup("#playSplit").queryAs(SplitPane.class);
        // 1280 × 720, the view alone: the code sits beside the queue
        resize(1280, 720);
        waitUntil(() -> playSplit.getItems().contains(code));
        assertTrue(insideTheWindow(code) && insideTheWindow(queue), "both in the window at 1280 × 720");
        assertTrue(queue.getWidth() >= 640 - 0.5, "the queue keeps its width: " + queue.getWidth());
        assertTrue(code.getWidth() >= 200, "the code is readable: " + code.getWidth());
        // a preset's note takes 240 px beside the view: the parameters step aside, the code stays beside the queue
        resize(1040, 720);
        waitUntil(() -> !showing(robot.lookup("#parameterScroll").query()));
        waitUntil(() -> playSplit.getItems().contains(code) && insideTheWindow(code));
        assertTrue(insideTheWindow(code) && insideTheWindow(queue), "both in the window with a note beside");
        assertTrue(queue.getWidth() >= 640 - 0.5, "the queue keeps its width: " + queue.getWidth());
        assertTrue(code.getWidth() >= 200, "the code is readable: " + code.getWidth());
        // 1024 px with a note: no room beside the queue, the code goes under it, the queue keeps its width
        resize(784, 720);
        waitUntil(() -> !playSplit.getItems().contains(code) && code.getScene() != null && code.getWidth() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(insideTheWindow(code) && insideTheWindow(queue), "both in the window under a note's width");
        assertTrue(queue.getWidth() >= 640 - 0.5, "the queue keeps its width: " + queue.getWidth());
        assertTrue(showing(code) && code.getWidth() >= 200, "the code is still there: " + code.getWidth());
        // the toggle hides it, and brings it back
        ToggleButton toggle = robot.lookup("#codeToggle").queryAs(ToggleButton.class);
        robot.clickOn(toggle);
        waitUntil(() -> code.getScene() == null);
        robot.clickOn(toggle);
        waitUntil(() -> code.getScene() != null);
        // presentation mode: larger code
        double normal = codeFontSize(code);
        onFx(() -> stage.getScene().getStylesheets().add(
                getClass().getResource("/org/idempotencylab/ui/presentation.css").toExternalForm()));
        waitUntil(() -> codeFontSize(code) > normal);
        assertTrue(codeFontSize(code) >= 16, "presentation: " + codeFontSize(code));
    }

    /**
     * 1024 × 768 with a preset's note open leaves the view 784 px: the parameters (about 300 px) and the queue's
     * least 640 px do not fit side by side, so the parameters step aside behind a Parameters button and the queue
     * stays whole inside the window; the button brings them back.
     */
    @Test
    void inA1024WindowWithANoteTheParametersStepAsideAndTheQueueStaysWhole(FxRobot robot) {
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        ToggleButton parameters = robot.lookup("#parametersToggle").queryAs(ToggleButton.class);
        assertFalse(showing(parameters), "a wide window has room: no button");
        resize(784, 700);
        waitUntil(() -> showing(parameters));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(showing(robot.lookup("#parameterScroll").query()), "the parameters stepped aside");
        assertTrue(insideTheWindow(queue), "the queue is whole in the window");
        assertTrue(queue.getWidth() >= 640 - 0.5, "and keeps its width: " + queue.getWidth());
        robot.clickOn(parameters);
        waitUntil(() -> showing(robot.lookup("#parameterScroll").query())); // asked for: back beside the queue
        // larger than the scene's first 1280 x 820: growing back into a size it had makes Monocle's painter fail a
        // frame (FxSteps.stderrOf)
        String printed = FxSteps.stderrOf(() -> resize(1440, 900));
        assertEquals("", printed, "the toolkit painted every frame (it prints a frame it failed)");
        waitUntil(() -> !showing(parameters));
        assertTrue(showing(robot.lookup("#parameterScroll").query()), "room again: the parameters are back");
    }

    private void resize(double w, double h) {
        onFx(() -> {
            stage.setWidth(w);
            stage.setHeight(h);
        });
        waitUntil(() -> Math.abs(stage.getScene().getWidth() - w) < 40);
    }

    private static double codeFontSize(CodePanel code) {
        Node line = code.lookup(".code-line");
        return ((Label) line).getFont().getSize();
    }

    /** @return how many pixels of the live canvas, as drawn now, have exactly colour {@code c} */
    private static int pixelsOf(FxRobot robot, javafx.scene.paint.Color c) {
        LiveFx.waitForPulses(robot, 5); // the frames that draw the last change
        QueueCanvas queue = robot.lookup("#queue").queryAs(QueueCanvas.class);
        javafx.scene.image.WritableImage[] image = new javafx.scene.image.WritableImage[1];
        robot.interact(() -> image[0] = queue.snapshot(null, null));
        javafx.scene.image.PixelReader px = image[0].getPixelReader();
        int n = 0;
        for (int y = 0; y < image[0].getHeight(); y++) {
            for (int x = 0; x < image[0].getWidth(); x++) {
                n += px.getColor(x, y).equals(c) ? 1 : 0;
            }
        }
        return n;
    }

    /** @return true if {@code node}'s bounds lie inside its window's scene. */
    private static boolean insideTheWindow(Node node) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        double w = node.getScene().getWidth();
        double h = node.getScene().getHeight();
        return b.getWidth() > 0 && b.getMinX() >= -0.5 && b.getMinY() >= -0.5 && b.getMaxX() <= w + 0.5
                && b.getMaxY() <= h + 0.5;
    }
}
