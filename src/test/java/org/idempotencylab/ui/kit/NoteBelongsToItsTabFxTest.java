package org.idempotencylab.ui.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.idempotencylab.ui.LabWindow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A teaching note belongs to its tab, in the lab's window: the article's note (a Compare preset) shows beside
 * Compare and nowhere else (beside "Watch it happen" or Explore it would describe a run those tabs do not show);
 * "The lost reply" (a Compare preset whose two lanes also play in "Watch it happen") shows beside both, never beside
 * Sweep or Explore, and beside "Watch it happen" it also says the share of the preset's sign-ups played there.
 */
@ExtendWith(ApplicationExtension.class)
class NoteBelongsToItsTabFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LabWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = LabWindow.open(stage, pool);
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private String shownBeside(FxRobot robot, String... tabs) {
        StringBuilder shown = new StringBuilder();
        for (String tab : tabs) {
            robot.interact(() -> window.lab().selectTab(tab));
            if (robot.lookup("#notePanel").query().isVisible()) {
                shown.append(shown.length() == 0 ? "" : " ").append(tab);
            }
        }
        return shown.toString();
    }

    @Test
    void aNoteShowsBesideItsOwnTabOnly(FxRobot robot) {
        String[] all = {"compareTab", "liveTab", "sweepTab", "exploreTab", "workTab"};
        robot.interact(() -> window.kit().applyPreset("article.json"));
        assertEquals("compareTab", shownBeside(robot, all));
        robot.interact(() -> window.kit().applyPreset("lost-reply.json"));
        assertEquals("compareTab liveTab", shownBeside(robot, all));
        // beside Watch it happen (the tab shown last but for Sweep, Explore and Real workers, so chosen again) the
        // note also says how the preset plays there: a class's share of its sign-ups, at a speed that shows it
        robot.interact(() -> window.lab().selectTab("liveTab"));
        Labeled play = robot.lookup("#notePlay").queryAs(Labeled.class);
        assertTrue(play.isVisible() && play.getText().startsWith("The first 200 of the preset's 100,000 sign-ups, at "),
                play.getText());
        robot.interact(() -> window.lab().selectTab("compareTab"));
        assertFalse(play.isVisible(), "beside Compare, which runs all of them, it is not said");
        robot.interact(() -> window.kit().applyPreset("stuck-in-progress.json"));
        assertEquals("liveTab", shownBeside(robot, all));
    }
}
