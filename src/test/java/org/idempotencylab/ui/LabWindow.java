package org.idempotencylab.ui;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.scene.Parent;
import javafx.stage.Stage;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioFileChooser;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab's whole window as a class sees it (menus, tabs, a preset's teaching note beside them, presentation mode),
 * wired by {@link LabWiring} as {@link App} wires it, for the tests that look at the window: the comparison and
 * sweep run on the test's {@code runs} with one simulation thread, explorations and database connections on their
 * own daemon threads, no file chooser opens.
 *
 * @param stage  the window
 * @param wiring its view-models and services (the live view's, the lessons', the kit's)
 * @param lab    the frame's controller: tabs
 * @param root   the frame's root node
 */
public record LabWindow(Stage stage, LabWiring wiring, LabController lab, Parent root) {
    /** @return the window's wiring as the tests use it: runs on {@code runs}, preferences {@code prefs}. FX thread. */
    public static LabWiring wiring(Executor runs, LabPrefs prefs) {
        return wiring(new LabWiring.Runs(runs, runs, LabWiring.daemonThread("lab-explore"),
                LabWiring.daemonThread("lab-database"), 1), prefs);
    }

    /** @return the window's wiring on {@code runs}, preferences {@code prefs}, no file chooser. FX thread. */
    public static LabWiring wiring(LabWiring.Runs runs, LabPrefs prefs) {
        LabWiring wiring = new LabWiring(runs, prefs);
        wiring.services()
                .with(FileChooserService.class, (o, t, n) -> Optional.empty())
                .with(ScenarioFileChooser.class, ScenarioFileChooser.NONE);
        return wiring;
    }

    /**
     * Loads the window's frame into a new lab scene in {@code stage}, no tab's view built yet and the window not
     * shown: choose the tab to open on, then {@link #show()}, as {@link App} does. FX thread.
     */
    public static LabWindow frame(Stage stage, LabWiring wiring) throws IOException {
        ViewLoader.View frame = App.frame(wiring.services());
        stage.setScene(App.scene(frame.root()));
        return new LabWindow(stage, wiring, (LabController) frame.controller(), frame.root());
    }

    /** Builds the window in {@code stage}, preferences in memory, and shows it (no tab built yet). FX thread. */
    public static LabWindow open(Stage stage, Executor runs) throws Exception {
        return open(stage, runs, App.claimTableViews());
    }

    /** As {@link #open(Stage, Executor)}, the claim-table views (the Real workers tab's) made by {@code claims}. */
    public static LabWindow open(Stage stage, Executor runs, ClaimTableView.Factory claims) throws Exception {
        LabWiring wiring = wiring(runs, LabPrefs.memory());
        wiring.services().with(ClaimTableView.Factory.class, claims);
        LabWindow window = frame(stage, wiring);
        stage.show();
        return window;
    }

    /** Sizes the window {@code width} × {@code height} px; @return this. FX thread. */
    public LabWindow size(int width, int height) {
        stage.setWidth(width);
        stage.setHeight(height);
        return this;
    }

    /** Builds the selected tab's view (the others when first selected) and shows the window; @return this. */
    public LabWindow show() {
        lab.buildShownTab();
        stage.show();
        return this;
    }

    public ScenarioKit kit() {
        return wiring.kit();
    }

    public LiveViewModel live() {
        return wiring.live();
    }

    public ControllerFactory services() {
        return wiring.services();
    }

    /**
     * Makes the window {@code width} × {@code height} px, in presentation mode or not, and lets the layout settle.
     * Go from the larger size to the smaller ({@link FxSteps#stderrOf}: Monocle fails a frame grown back).
     */
    public void room(FxRobot robot, int width, int height, boolean presentation) {
        robot.interact(() -> {
            kit().presentationProperty().set(presentation);
            stage.setWidth(width);
            stage.setHeight(height);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
