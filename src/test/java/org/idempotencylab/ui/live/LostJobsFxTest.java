package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.LiveFx.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A job lost in a crash is not a finished one: one sign-up on an in-memory queue, the workers crashed while it runs
 * step 3, so the queue dies with it. The Done column's label does not count it among the jobs finished (it ran to
 * no end), and lane B's strip says it apart: "failed 0 · lost 1", where it used to count it as done or failed.
 */
@ExtendWith(ApplicationExtension.class)
class LostJobsFxTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.show();
    }

    /** One sign-up on an in-memory queue, nothing failing by chance; lane B, if given, beside it. */
    private static LiveViewModel oneSignup(Strategy laneB) {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults().toBuilder().jobs(1).pFail(0)
                .lostReply(0).restartMs(1_000).build());
        vm.form().set(Parameter.QUEUE, QueueKind.MEMORY);
        vm.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
        vm.keyModeProperty().set(KeyMode.NONE);
        vm.storeProperty().set(StoreKind.MEMORY);
        if (laneB != null) {
            vm.lanes().secondStrategyProperty().set(laneB);
            vm.lanes().secondOnProperty().set(true);
        }
        vm.reset();
        // both lanes step on one clock (one lane: lane A alone) until user_0 calls step 3, then the workers crash
        while (vm.token(0) == null || vm.token(0).step() < 3 || vm.token(0).phase() != JobToken.Phase.CALLING) {
            vm.lanes().step();
        }
        assertTrue(vm.lanes().crashWorkers());
        assertEquals(JobToken.Phase.LOST, vm.token(0).phase());
        return vm;
    }

    /** Lays {@code view} out at {@code w} × {@code h} px in the window, then runs {@code draw}. FX thread. */
    private void show(Region view, double w, double h, Runnable draw) {
        onFx(() -> {
            view.setPrefSize(w, h);
            Pane root = new Pane(view);
            stage.setScene(App.scene(root));
            stage.setWidth(w + 40);
            stage.setHeight(h + 60);
            root.applyCss();
            root.layout();
            draw.run();
        });
    }

    private static List<String> texts(List<Box> drawn, String role) {
        return drawn.stream().filter(b -> role.equals(b.role()) && b.text() != null).map(Box::text).toList();
    }

    @Test
    void theDoneColumnCountsNoLostJobAsFinished() {
        LiveViewModel vm = oneSignup(null);
        assertEquals(0, vm.finishedJobs(), "the one job was lost, not finished");
        assertEquals(1, vm.lostJobs());
        QueueCanvas canvas = FxSteps.onFx(QueueCanvas::new);
        show(canvas, 900, 420, () -> canvas.draw(vm, System.nanoTime()));
        assertEquals(List.of("0 finished"), texts(canvas.drawn(), "finished"));
    }

    /** Lane B plays the same one sign-up, crashed at the same moment: its strip says the lost job apart. */
    @Test
    void laneBsStripSaysTheLostJobApartFromTheFinishedAndFailed() {
        LiveViewModel vm = oneSignup(Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.MEMORY));
        assertEquals(JobToken.Phase.LOST, vm.lanes().laneB().token(0).phase(), "lane B's job was lost too");
        LaneStrip strip = FxSteps.onFx(LaneStrip::new);
        show(strip, 900, 120, () -> strip.draw(vm.lanes()));
        List<String> done = texts(strip.drawn(), "finished");
        assertTrue(done.contains("Done 0") && done.contains("failed 0 · lost 1"), done.toString());
    }
}
