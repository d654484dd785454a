package org.idempotencylab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.LabWiring;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.matcher.control.LabeledMatchers;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A lesson as a class sees it, in a 1280 × 720 window: the Lessons menu, frame 1's watch text, a prediction, Play
 * to the moment, the live view paused at the first lost reply (its clock stopped), the answer beside the
 * prediction marked in words, Continue to frame 2 and Back to frame 1. The numbers are the lesson's own
 * (lost-reply.json on opening-no-key.json: seed 294, user_0's reply lost at 1,390 virtual ms).
 */
@ExtendWith(ApplicationExtension.class)
class LessonFxTest {
    private static final String TITLE = "1. The lost reply and the provider key";
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LiveViewModel live;
    private ScenarioKit kit;
    private Scene scene;
    private LessonPlayer player;

    @Start
    void start(Stage stage) throws Exception {
        LabWiring wiring = LabWindow.wiring(pool, LabPrefs.memory());
        wiring.compare().form().set(Parameter.JOBS, 2_000);
        live = wiring.live();
        kit = wiring.kit();
        player = wiring.lessons();
        LabWindow window = LabWindow.frame(stage, wiring).size(1280, 720).show();
        scene = window.stage().getScene();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> live.playingProperty().set(false));
        pool.shutdownNow();
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    private static boolean shown(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().map(n -> n.isVisible() && n.getScene() != null).orElse(false);
    }

    /** Opens the Lessons menu and clicks the lesson named {@code title}, as a teacher does. */
    private static void chooseLesson(FxRobot robot, String title) {
        Menu lessons = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> "lessonsMenu".equals(m.getId())).findFirst().orElseThrow();
        assertTrue(lessons.getItems().size() >= 5, "five lessons or more: " + lessons.getItems());
        robot.interact(lessons::show);
        Node item = robot.from(robot.lookup(".context-menu").queryAll()).lookup(".label")
                .match(LabeledMatchers.hasText(title)).query();
        robot.clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Asserts that {@code query}'s node lies wholly inside the 1280 × 720 window. */
    private void inWindow(FxRobot robot, String query) {
        Node n = robot.lookup(query).query();
        Bounds b = n.localToScene(n.getBoundsInLocal());
        assertTrue(scene.getWidth() <= 1280 && scene.getHeight() <= 720, "window " + scene.getWidth() + " × "
                + scene.getHeight());
        assertTrue(b.getMinX() >= 0 && b.getMinY() >= 0 && b.getMaxX() <= scene.getWidth() + 0.5
                && b.getMaxY() <= scene.getHeight() + 0.5, query + " at " + b + " in " + scene.getWidth() + " × "
                + scene.getHeight());
    }

    /** Presses Play to the moment and waits until the frame paused there (its button says Continue). */
    private static void playToTheMoment(FxRobot robot) {
        assertEquals("Play to the moment ▶", text(robot, "#lessonNext"));
        robot.clickOn("#lessonNext");
        FxSteps.waitUntil(() -> text(robot, "#lessonNext").equals("Continue →"));
    }

    @Test
    void aClassPredictsWatchesTheMomentAndSeesTheAnswerBesideItsPrediction(FxRobot robot) throws Exception {
        assertFalse(shown(robot, "#lessonPanel"), "no lesson before one is chosen");
        chooseLesson(robot, TITLE);
        TabPane tabs = robot.lookup(".tab-pane").queryAs(TabPane.class);
        assertEquals("liveTab", tabs.getSelectionModel().getSelectedItem().getId(), "a lesson plays in the live view");
        assertTrue(shown(robot, "#lessonPanel"));
        assertEquals(TITLE, text(robot, "#lessonTitle"));
        assertEquals("Frame 1 of 4", text(robot, "#lessonFrameCount"));
        assertEquals("The reply that never came", text(robot, "#lessonFrameTitle"));
        String watch1 = text(robot, "#lessonWatch");
        assertTrue(watch1.startsWith("Three people sign up"), watch1);
        assertEquals("When the reply is lost, has user_0's email gone out?", text(robot, "#lessonQuestion"));
        assertEquals(0, live.nowMs(), "loaded, paused at its start");
        assertFalse(live.playingProperty().get());
        inWindow(robot, "#lessonPanel");
        inWindow(robot, "#lessonNext");

        robot.clickOn("#lessonChoice-1"); // "Yes, one email went out"
        assertTrue(robot.lookup("#lessonChoice-1").queryAs(RadioButton.class).isSelected());
        playToTheMoment(robot);

        // paused at the first lost reply: the clock has stopped there
        assertFalse(live.playingProperty().get(), "the live view is paused");
        String clock = text(robot, "#clockLabel");
        long at = live.nowMs();
        assertTrue(at >= 1_390 && at < 1_535, "paused at the lost reply (1,390 ms), before the retry's email: " + at);
        Thread.sleep(400);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(clock, text(robot, "#clockLabel"), "the clock stands still");
        assertEquals(at, live.nowMs());
        assertTrue(text(robot, "#lessonStatus").equals("Paused: the first lost reply came at 0:01.390."),
                text(robot, "#lessonStatus"));
        // the answer beside the prediction, in words and symbols
        assertEquals("Yes, one email went out   ✓ your prediction: right", text(robot, "#lessonChoice-1"));
        assertEquals("No, nothing was sent", text(robot, "#lessonChoice-0"));
        assertEquals("✓ You predicted \"Yes, one email went out\": right. Measured, welcome emails for user_0: 1.",
                text(robot, "#lessonReveal"));
        assertTrue(shown(robot, "#lessonExplain"), "the explanation comes with the answer");
        inWindow(robot, "#lessonNext");

        robot.clickOn("#lessonNext"); // Continue
        assertEquals("Frame 2 of 4", text(robot, "#lessonFrameCount"));
        assertTrue(text(robot, "#lessonWatch").startsWith("The worker waits its backoff"), text(robot, "#lessonWatch"));
        assertEquals(at, live.nowMs(), "frame 2 plays the same run: it goes on from frame 1's moment");
        assertEquals(clock, text(robot, "#clockLabel"));
        assertFalse(shown(robot, "#lessonReveal"), "no answer before the moment");

        robot.clickOn("#lessonBack");
        assertEquals("Frame 1 of 4", text(robot, "#lessonFrameCount"));
        assertEquals(watch1, text(robot, "#lessonWatch"), "Back shows frame 1's text again");
        assertFalse(robot.lookup("#lessonChoice-1").queryAs(RadioButton.class).isSelected(), "a new prediction");
    }

    /** Asserts that {@code query}'s node shows inside the lesson panel's scrolled area, not below its fold. */
    private static void inView(FxRobot robot, String query) {
        ScrollPane sp = robot.lookup("#lessonScroll").queryAs(ScrollPane.class);
        Bounds view = sp.localToScene(sp.getLayoutBounds());
        Node n = robot.lookup(query).query();
        Bounds b = n.localToScene(n.getBoundsInLocal());
        assertTrue(b.getMinY() >= view.getMinY() - 1 && b.getMaxY() <= view.getMaxY() + 1, query + " at " + b
                + ", the panel shows " + view);
    }

    @Test
    void aWrongPredictionIsMarkedAsSuchBesideTheRightAnswerInView(FxRobot robot) {
        // presentation mode's larger type at 1280 × 720: the answer must still be in view when it comes
        robot.interact(() -> kit.presentationProperty().set(true));
        chooseLesson(robot, TITLE);
        robot.clickOn("#lessonNext"); // Continue is not there yet: this is Play, with no prediction made
        FxSteps.waitUntil(() -> text(robot, "#lessonNext").equals("Continue →"));
        assertTrue(text(robot, "#lessonReveal").startsWith("No prediction was made. The answer: Yes, one email"),
                text(robot, "#lessonReveal"));
        robot.clickOn("#lessonReplay");
        robot.clickOn("#lessonChoice-0"); // "No, nothing was sent"
        playToTheMoment(robot);
        assertEquals("No, nothing was sent   ✗ your prediction", text(robot, "#lessonChoice-0"));
        assertEquals("Yes, one email went out   ✓ right answer", text(robot, "#lessonChoice-1"));
        assertTrue(text(robot, "#lessonReveal").startsWith("✗ You predicted \"No, nothing was sent\"; the answer is"),
                text(robot, "#lessonReveal"));
        assertTrue(robot.lookup("#lessonChoice-0").queryAs(Node.class).getStyleClass().contains("lesson-wrong"));
        inView(robot, "#lessonReveal");
        inWindow(robot, "#lessonNext");
    }

    @Test
    void docksBelowTheStageAt1024By768AndShowsTheFramesTextFromItsFirstLine(FxRobot robot) {
        // presentation mode at 1024 × 768: the stage keeps the width, the lesson panel docks below it as a strip
        robot.interact(() -> {
            kit.presentationProperty().set(true);
            scene.getWindow().setWidth(1024);
            scene.getWindow().setHeight(768);
        });
        chooseLesson(robot, TITLE);
        FxSteps.waitUntil(() -> robot.lookup("#lessonPanel").query().getParent().getStyleClass().contains("docked"));
        robot.clickOn("#lessonNext"); // Play, no prediction made: the run goes to its moment and the answer comes
        FxSteps.waitUntil(() -> text(robot, "#lessonNext").equals("Continue →"));
        WaitForAsyncUtils.waitForFxEvents();
        // the strip is a few lines high: its first line (the frame's title) in view, not scrolled past to the answer
        inView(robot, "#lessonFrameTitle");
    }

    /**
     * Lets the frames a change takes go by (the layout follows in the next pulses), up to the moment the stage is
     * back where it was: the assertions after it then see the layout a class sees, not one pulse of it.
     */
    private static void settled(FxRobot robot, Bounds stage, Bounds queue) {
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                    () -> stage.equals(bounds(robot, "#playArea")) && queue.equals(bounds(robot, "#queue")));
        } catch (TimeoutException e) {
            // not back: the assertions that follow say where it is
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static Bounds bounds(FxRobot robot, String query) {
        Node n = robot.lookup(query).query();
        return n.localToScene(n.getLayoutBounds());
    }

    /**
     * "The lost reply" preset sets up two lanes in the live view (no key beside the same key) and the Speed is left
     * at 0.1×: the lesson plays one lane (the fix beside frame 1 would answer frame 4's question before it is
     * asked), at its own speed; frame 2, the same run, goes on from frame 1's moment without replaying from 0:00,
     * the stage where it was; frame 4, opened after the preset again, runs the same key in one lane only.
     */
    @Test
    void aLessonOwnsItsLanesAndSpeedAndGoesOnFromTheMomentOnAStageThatStaysPut(FxRobot robot) {
        robot.interact(() -> kit.applyPreset("lost-reply.json"));
        robot.interact(() -> live.speedProperty().set(0.1));
        assertTrue(live.lanes().secondOnProperty().get(), "the preset set up two lanes");
        chooseLesson(robot, TITLE);
        assertFalse(shown(robot, "#laneStrip"), "frame 1 plays one lane");
        assertFalse(live.lanes().activeProperty().get());
        assertTrue(live.speedProperty().get() >= 1, "the frame's speed, not 0.1×: " + live.speedProperty().get());
        Bounds stage = bounds(robot, "#playArea");
        Bounds queue = bounds(robot, "#queue");
        playToTheMoment(robot);
        long at = live.nowMs();
        robot.clickOn("#lessonNext"); // Continue
        assertEquals("Frame 2 of 4", text(robot, "#lessonFrameCount"));
        assertEquals(at, live.nowMs(), "frame 2 goes on from frame 1's moment");
        assertEquals("Play to the moment ▶", text(robot, "#lessonNext"));
        assertFalse(shown(robot, "#laneStrip"));
        settled(robot, stage, queue);
        assertEquals(stage, bounds(robot, "#playArea"), "the stage stays where it was");
        assertEquals(queue, bounds(robot, "#queue"));

        robot.interact(() -> kit.applyPreset("lost-reply.json")); // two lanes again, and the lesson closes
        assertTrue(live.lanes().secondOnProperty().get());
        robot.interact(() -> player.open("lost-reply:4"));
        assertEquals("Frame 4 of 4", text(robot, "#lessonFrameCount"));
        assertEquals(0, live.nowMs(), "another strategy: another run, from its start");
        assertFalse(shown(robot, "#laneStrip"), "frame 4 runs the same key in one lane, not in both");
        assertFalse(live.lanes().activeProperty().get());
        assertEquals(org.idempotencylab.scenario.KeyMode.SAME, live.keyModeProperty().get());
        settled(robot, stage, queue);
        assertEquals(stage, bounds(robot, "#playArea"), "the stage stays where it was");
    }

    /**
     * Lesson 3, frame 2: the job the crash took comes back and does a finished step again, because the crash wiped
     * the in-memory store. At that moment the lit line is the store's branch that found no record ("else: run"), not
     * the loop header, and the caption and the code panel's "Lit for" name the same user, the caption saying why.
     */
    @Test
    void atACrashsDuplicateTheLitLineIsTheStoresBranchThatFoundNothing(FxRobot robot) {
        chooseLesson(robot, "3. A crash wipes the in-memory store");
        playToTheMoment(robot); // frame 1: the crash
        robot.clickOn("#lessonNext"); // Continue
        assertEquals("Frame 2 of 4", text(robot, "#lessonFrameCount"));
        playToTheMoment(robot); // frame 2: the first step done again
        FxSteps.waitUntil(() -> robot.lookup(".code-line-lit").tryQuery().isPresent());
        String lit = text(robot, ".code-line-lit").strip();
        assertEquals("▶   else: run, remember a success", lit);
        String caption = text(robot, "#captionLabel");
        String forWhom = text(robot, ".code-for");
        java.util.regex.Matcher who =
                java.util.regex.Pattern.compile("^(user_\\d+( \\(repeat\\))?)").matcher(caption);
        assertTrue(who.find(), caption);
        assertTrue(forWhom.startsWith("Lit for " + who.group(1) + " ("), forWhom + " / " + caption);
        assertTrue(caption.contains("was done AGAIN: the crash wiped the in-memory store")
                || caption.contains("was done AGAIN: a crash"), caption);
    }

    @Test
    void aPresetLoadedMeanwhileClosesTheLesson(FxRobot robot) {
        chooseLesson(robot, TITLE);
        robot.interact(() -> kit.applyPreset("lost-reply.json"));
        assertFalse(shown(robot, "#lessonPanel"));
        assertTrue(List.of("compareTab").contains(robot.lookup(".tab-pane").queryAs(TabPane.class)
                .getSelectionModel().getSelectedItem().getId()));
    }
}
