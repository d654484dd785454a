package org.idempotencylab.ui;

import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.scene.Parent;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab's whole window as a class sees it (menus, tabs, a preset's teaching note beside them, presentation mode),
 * for the tests that look at one tab in a projector's room: the comparison and sweep run on {@code runs}, the
 * preferences live in memory, no file chooser opens.
 *
 * @param stage the window
 * @param kit   the classroom kit: presets, their notes, presentation mode
 * @param lab   the frame's controller: tabs
 * @param root  the frame's root node
 * @param services what the frame was built with: its view-models and services (the live view's, the lessons')
 */
public record LabWindow(Stage stage, ScenarioKit kit, LabController lab, Parent root, ControllerFactory services) {
    /** Builds the window in {@code stage} and shows it. FX thread. */
    public static LabWindow open(Stage stage, Executor runs) throws Exception {
        return open(stage, runs, App.claimTableViews());
    }

    /** As {@link #open(Stage, Executor)}, the claim-table views (the Real workers tab's) made by {@code claims}. */
    public static LabWindow open(Stage stage, Executor runs, ClaimTableView.Factory claims) throws Exception {
        CompareViewModel compare = new CompareViewModel(Scenario.article(), runs, 1);
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        SweepViewModel sweep = new SweepViewModel(SweepViewModel.classroomBase(), runs, 1);
        ScenarioKit kit = App.kit(compare, live, sweep, LabPrefs.memory());
        ControllerFactory services = new ControllerFactory();
        ViewLoader.View frame = App.frame(services
                .with(CompareViewModel.class, compare)
                .with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, new KeyStoreViewModel())
                .with(SweepViewModel.class, sweep)
                .with(FileChooserService.class, (o, t, n) -> Optional.empty())
                .with(ClaimTableView.Factory.class, claims)
                .with(ScenarioKit.class, kit));
        stage.setScene(App.scene(frame.root()));
        stage.show();
        return new LabWindow(stage, kit, (LabController) frame.controller(), frame.root(), services);
    }

    /**
     * Makes the window {@code width} × {@code height} px, in presentation mode or not, and lets the layout settle.
     * Go from the larger size to the smaller ({@link FxSteps#stderrOf}: Monocle fails a frame grown back).
     */
    public void room(FxRobot robot, int width, int height, boolean presentation) {
        robot.interact(() -> {
            kit.presentationProperty().set(presentation);
            stage.setWidth(width);
            stage.setHeight(height);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
