package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.LiveFx.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.ui.App;
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

    private static LiveViewModel lostOne() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults().toBuilder().jobs(1).pFail(0)
                .lostReply(0).restartMs(1_000).build());
        vm.form().set(Parameter.QUEUE, QueueKind.MEMORY);
        vm.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
        vm.keyModeProperty().set(KeyMode.NONE);
        vm.storeProperty().set(StoreKind.MEMORY);
        vm.reset();
        while (vm.token(0) == null || vm.token(0).step() < 3 || vm.token(0).phase() != JobToken.Phase.CALLING) {
            vm.stepOnce();
        }
        assertTrue(vm.crashWorkers());
        assertEquals(JobToken.Phase.LOST, vm.token(0).phase());
        return vm;
    }

    private static List<String> texts(List<Box> drawn, String role) {
        return drawn.stream().filter(b -> role.equals(b.role()) && b.text() != null).map(Box::text).toList();
    }

    @Test
    void theDoneColumnCountsNoLostJobAsFinished() {
        LiveViewModel vm = lostOne();
        assertEquals(0, vm.finishedJobs(), "the one job was lost, not finished");
        assertEquals(1, vm.lostJobs());
        QueueCanvas[] canvas = new QueueCanvas[1];
        onFx(() -> {
            canvas[0] = new QueueCanvas();
            canvas[0].setPrefSize(900, 420);
            Pane root = new Pane(canvas[0]);
            stage.setScene(App.scene(root));
            stage.setWidth(940);
            stage.setHeight(480);
            root.applyCss();
            root.layout();
            canvas[0].draw(vm, System.nanoTime());
        });
        assertEquals(List.of("0 finished"), texts(canvas[0].drawn(), "finished"));
    }

    /** Lane B plays the same one sign-up, crashed at the same moment: its strip says the lost job apart. */
    @Test
    void laneBsStripSaysTheLostJobApartFromTheFinishedAndFailed() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults().toBuilder().jobs(1).pFail(0)
                .lostReply(0).restartMs(1_000).build());
        vm.form().set(Parameter.QUEUE, QueueKind.MEMORY);
        vm.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
        vm.keyModeProperty().set(KeyMode.NONE);
        vm.storeProperty().set(StoreKind.MEMORY);
        Lanes lanes = vm.lanes();
        lanes.secondStrategyProperty().set(org.idempotencylab.scenario.Strategy.of(
                RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.MEMORY));
        lanes.secondOnProperty().set(true);
        vm.reset();
        while (vm.token(0) == null || vm.token(0).step() < 3 || vm.token(0).phase() != JobToken.Phase.CALLING) {
            lanes.step();
        }
        assertTrue(lanes.crashWorkers());
        assertEquals(JobToken.Phase.LOST, lanes.laneB().token(0).phase(), "lane B's job was lost too");
        LaneStrip[] strip = new LaneStrip[1];
        onFx(() -> {
            strip[0] = new LaneStrip();
            strip[0].setPrefSize(900, 120);
            Pane root = new Pane(strip[0]);
            stage.setScene(App.scene(root));
            stage.setWidth(940);
            stage.setHeight(180);
            root.applyCss();
            root.layout();
            strip[0].draw(lanes);
        });
        List<String> done = texts(strip[0].drawn(), "finished");
        assertTrue(done.contains("Done 0") && done.contains("failed 0 · lost 1"), done.toString());
    }
}
