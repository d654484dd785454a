package org.idempotencylab.ui.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.StreamSupport;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.TabPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.LabWiring;
import org.idempotencylab.ui.live.Envelope;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The opening scene as a class sees it on a first start: the live view playing by itself, user_0's reply lost and
 * a second welcome email; "Now fix it" plays the same sign-ups with the same key (no second email); "On to the lab"
 * opens the article's comparison; the teacher's "not at start" is remembered. The scene's numbers are the presets'
 * own (opening-no-key.json: seed 294, user_0's reply lost at 1,390 virtual ms, the retry's email at 1,535 ms).
 */
@ExtendWith(ApplicationExtension.class)
class OpeningSceneFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final MemoryPreferences node = new MemoryPreferences();
    private LiveViewModel live;
    private ScenarioKit kit;
    private OpeningScene opening;
    private Node root;

    @Start
    void start(Stage stage) throws Exception {
        LabWiring wiring = LabWindow.wiring(pool, new LabPrefs(node));
        wiring.compare().form().set(Parameter.JOBS, 2_000);
        live = wiring.live();
        kit = wiring.kit();
        opening = wiring.opening();
        LabWindow frame = LabWindow.frame(stage, wiring);
        root = frame.root();
        opening.start(); // as App does on a first start, before the window shows
        frame.show();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> live.playingProperty().set(false));
        pool.shutdownNow();
    }

    private String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    private boolean shown(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().map(Node::isVisible).orElse(false);
    }

    /** Pauses and steps the scene to its end, as the animation would in about 6 s. */
    private void toTheEnd(FxRobot robot) {
        robot.interact(() -> {
            live.playingProperty().set(false);
            for (int i = 0; i < 10_000 && !live.simulation().isFinished(); i++) {
                live.stepOnce();
            }
        });
        assertTrue(live.simulation().isFinished());
    }

    private List<Envelope> envelopesOf(long user) {
        return StreamSupport.stream(live.envelopes().spliterator(), false).filter(e -> e.user() == user).toList();
    }

    @Test
    void theBugPlaysByItselfThenTheFixThenTheLab(FxRobot robot) {
        TabPane tabs = (TabPane) root.lookup(".tab-pane");
        assertEquals("liveTab", tabs.getSelectionModel().getSelectedItem().getId(), "opens on the live view");
        // playing with no click: the clock moves by itself (the scene lasts about 6 s at 1×)
        FxSteps.waitUntil(() -> live.nowMs() > 0);
        assertFalse(text(robot, "#clockLabel").startsWith("0.0"), text(robot, "#clockLabel"));
        assertEquals("Why did user_0 get two welcome emails?", text(robot, "#noteTitle"));
        assertTrue(shown(robot, "#openingFixButton") && shown(robot, "#openingLabButton"));
        for (String button : List.of("#openingFixButton", "#openingLabButton")) {
            Labeled b = robot.lookup(button).queryAs(Labeled.class);
            // what the button draws is its whole text, not cut to "..." in the note's width
            assertEquals(b.getText(), ((Text) b.lookup(".text")).getText(), button);
        }

        toTheEnd(robot);
        // user_0: the first email (its reply lost), then the retry's: a second email, the red envelope
        List<Envelope> user0 = envelopesOf(0);
        assertEquals(2, user0.size(), user0.toString());
        assertTrue(user0.get(0).replyLost() && user0.get(1).duplicate(), user0.toString());
        assertEquals("Users with 2+ welcome emails: 1", text(robot, "#noteWatch"));

        robot.clickOn("#openingFixButton");
        assertEquals("The same sign-ups, with an idempotency key", text(robot, "#noteTitle"));
        FxSteps.waitUntil(() -> live.nowMs() > 0);
        assertFalse(text(robot, "#clockLabel").startsWith("0.0"), "the fix plays by itself too");
        assertFalse(shown(robot, "#openingFixButton"), "fixed: only the way on is left");
        toTheEnd(robot);
        // the same lost reply; the retry carries the same key, so the provider sends nothing new (grey)
        user0 = envelopesOf(0);
        assertTrue(user0.get(0).replyLost() && user0.get(1).suppressed(), user0.toString());
        assertEquals("Users with 2+ welcome emails: 0", text(robot, "#noteWatch"));

        robot.clickOn("#openingLabButton");
        assertEquals("compareTab", tabs.getSelectionModel().getSelectedItem().getId(), "the article's comparison");
        assertFalse(shown(robot, "#openingBar"), "the scene's buttons are gone");
    }

    @Test
    void aTeacherTurnsTheSceneOffAndItStaysOff(FxRobot robot) {
        CheckBox atStart = robot.lookup("#openingAtStartBox").queryAs(CheckBox.class);
        assertTrue(atStart.isSelected(), "on until turned off");
        robot.clickOn(atStart);
        assertFalse(new LabPrefs(node).openingScene(), "remembered for the next start");
    }

    @Test
    void openingAnotherPresetEndsTheScene(FxRobot robot) {
        robot.interact(() -> kit.applyPreset("lost-reply.json"));
        assertFalse(shown(robot, "#openingBar"));
    }
}
