package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.FxSteps.onFx;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import javafx.stage.Stage;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A closed window lets its live view go: the view's animation stops when its window is hidden, so the toolkit no
 * longer holds the view and its run (a run of thousands of sign-ups holds megabytes; a class that opens the view
 * many times, or the lab opened again, kept every one and drew them all each frame).
 */
@ExtendWith(ApplicationExtension.class)
class ClosedViewFxTest {
    @Test
    void aClosedWindowsLiveViewAndItsRunAreCollected() throws Exception {
        Stage[] stage = new Stage[1];
        WeakReference<LiveViewModel> run = onFx(() -> {
            stage[0] = new Stage();
            LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
            LiveFx.show(stage[0], live, new KeyStoreViewModel());
            live.togglePlay(); // playing, as a class left it
            return new WeakReference<>(live);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(run.get(), "the view shown holds its run");
        onFx(() -> {
            stage[0].hide();
            stage[0].setScene(null);
        });
        stage[0] = null;
        // the collector is asked again until the run is gone; what still holds it keeps it for good
        for (int i = 0; i < 20 && run.get() != null; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            System.gc();
            Thread.sleep(50);
        }
        assertNull(run.get(), "nothing holds the closed window's live run");
    }
}
