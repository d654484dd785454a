package org.idempotencylab.ui.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.LabController;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.LabWiring;
import org.idempotencylab.ui.ViewLoader;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab's first frame is its settled layout: on a projector's 1280 × 720 the window first shows its title card,
 * then the lab as App builds it (the opening scene on the live view), and the first frame drawn of the lab already
 * has the code panel beside the queue where it stays, the queue where it stays. Before, the first frame showed the
 * parameters beside the queue and no code panel (the parts were placed after the frame was drawn) and the layout
 * jumped half a second later.
 */
@ExtendWith(ApplicationExtension.class)
class FirstFrameFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private Stage stage;
    private LiveViewModel live;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(App.scene(new Label("Opening the lab..."))); // the title card, with the lab's style sheets
        stage.setWidth(1280);
        stage.setHeight(720);
        stage.show();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> live.playingProperty().set(false));
        pool.shutdownNow();
    }

    /** Where a node is in the scene, or null when it is not shown. */
    private static Bounds place(Parent root, String id) {
        Node n = root.lookup(id);
        return n == null || n.getScene() == null || !n.isVisible() ? null : n.localToScene(n.getLayoutBounds());
    }

    @Test
    void theFirstFrameOfTheLabIsTheLayoutItKeeps(FxRobot robot) throws Exception {
        Bounds[] first = new Bounds[2];
        Parent[] root = new Parent[1];
        robot.interact(() -> {
            LabWiring wiring = LabWindow.wiring(pool, LabPrefs.memory());
            wiring.compare().form().set(Parameter.JOBS, 2_000);
            live = wiring.live();
            ViewLoader.View frame;
            try {
                frame = App.frame(wiring.services());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            wiring.opening().start(); // as App does on a first start
            ((LabController) frame.controller()).buildShownTab();
            root[0] = frame.root();
            // the first pulse's layout as drawn: a listener that runs after the live view's own, which joins the
            // scene with the view (during the first pulse, as the tab's content is added)
            Node liveView = ((TabPane) frame.root().lookup(".tab-pane")).getTabs().stream()
                    .filter(t -> "liveTab".equals(t.getId())).findFirst().orElseThrow().getContent();
            boolean[] seen = {false};
            Runnable capture = () -> {
                if (!seen[0]) {
                    seen[0] = true;
                    first[0] = place(root[0], "#queue");
                    first[1] = place(root[0], "#codePanel");
                }
            };
            liveView.sceneProperty().addListener((o, was, now) -> {
                if (now != null) {
                    now.addPostLayoutPulseListener(capture);
                }
            });
            stage.getScene().setRoot(frame.root());
        });
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(500); // the half second the layout used to jump in
        WaitForAsyncUtils.waitForFxEvents();
        Bounds[] settled = new Bounds[2];
        robot.interact(() -> {
            settled[0] = place(root[0], "#queue");
            settled[1] = place(root[0], "#codePanel");
        });
        assertNotNull(settled[1], "the code panel is shown at 1280 x 720");
        assertNotNull(first[1], "the first frame shows the code panel already");
        assertEquals(settled[0].getMinX(), first[0].getMinX(), 0.5, "the queue does not move after the first frame");
        assertEquals(settled[0].getWidth(), first[0].getWidth(), 0.5, "nor change its width");
        assertEquals(settled[1].getMinX(), first[1].getMinX(), 0.5, "the code panel does not move");
        assertTrue(first[1].getMaxX() <= 1280 && first[0].getMinX() >= 0, "both inside the window");
    }
}
