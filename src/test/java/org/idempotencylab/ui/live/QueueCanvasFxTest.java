package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The queue drawing: delivery badges that keep to their token, and a redraw right after a resize while paused. */
@ExtendWith(ApplicationExtension.class)
class QueueCanvasFxTest {
    private static final double R = 12;
    private LiveViewModel live;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        LiveFx.show(stage, live, new KeyStoreViewModel());
        stage.setWidth(1100);
        stage.setHeight(760);
    }

    @Test
    void aDeliveryBadgeStaysWithinHalfTheGapToTheNextToken() {
        // tokens sit at least 2R + 4 apart (stations, the Done column) and 2R + 6 in the waiting line
        double[] b = TokenPainter.deliveryBadge(100, 100, R);
        assertTrue(b[0] >= 100 - R - 2 && b[0] + b[2] <= 100 + R + 2, "x within the token's share: " + b[0]);
        assertTrue(b[1] >= 100 - R - 2 && b[1] + b[3] <= 100 + R + 2, "y within the token's share: " + b[1]);
    }

    @Test
    void afterAResizeWhilePausedTheFinishedJobsAreRedrawnInTheDoneColumnAtOnce(FxRobot robot) throws Exception {
        robot.interact(() -> {
            live.speedProperty().set(LiveViewModel.MAX_SPEED);
            live.togglePlay();
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !live.playingProperty().get());
        QueueCanvas canvas = robot.lookup(".queue-canvas").queryAs(QueueCanvas.class);
        for (double width : new double[] {1440, 1000}) {
            robot.interact(() -> stage.setWidth(width));
            WaitForAsyncUtils.waitForFxEvents(); // at once: not after a glide of 280 ms, nor at the next event
            List<String> astray = new ArrayList<>();
            double binX = canvas.getWidth() - 128;
            robot.interact(() -> {
                for (JobToken t : live.tokens()) {
                    double[] at = canvas.drawnAt(t); // null: not drawn (the Done column shows the latest that fit)
                    if ((t.phase == JobToken.Phase.DONE || t.phase == JobToken.Phase.FAILED) && at != null
                            && at[0] - R < binX) {
                        astray.add(t.user() + " at " + at[0]);
                    }
                }
            });
            assertTrue(astray.isEmpty(), "at " + width + " px finished jobs outside the Done column (from "
                    + binX + "): " + astray);
        }
    }
}
