package org.idempotencylab.ui;

import java.io.IOException;
import java.net.URL;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Application;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;

/**
 * The lab window. Opens on the first article's parameters and runs its comparison once in the background, so a
 * class sees the article's table and chart within a second or two of opening.
 */
public final class App extends Application {
    /** Simulation threads: one per core; the numbers do not depend on it. */
    static final int THREADS = Runtime.getRuntime().availableProcessors();

    private ExecutorService background;
    private ExecutorService sweeps;

    @Override
    public void start(Stage stage) throws IOException {
        background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lab-background");
            t.setDaemon(true);
            return t;
        });
        CompareViewModel compare = new CompareViewModel(Scenario.article(), background, THREADS);
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        // a sweep has its own background thread, so it need not wait for a comparison (its cells use every core)
        sweeps = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lab-sweep");
            t.setDaemon(true);
            return t;
        });
        SweepViewModel sweep = new SweepViewModel(SweepViewModel.classroomBase(), sweeps, THREADS);
        Parent root = load(new ControllerFactory()
                .with(CompareViewModel.class, compare)
                .with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, new KeyStoreViewModel())
                .with(SweepViewModel.class, sweep)
                .with(FileChooserService.class, FileChooserService.dialog()));
        stage.setTitle("Idempotency Lab");
        stage.setScene(scene(root));
        stage.setMinWidth(1024);
        stage.setMinHeight(700);
        stage.show();
        compare.compare();
        // -Dlab.tab=live opens on "Watch it happen" (for a lesson that starts there, and for screenshots);
        // -Dlab.play=true also starts playing; -Dlab.tab=sweep opens on the Sweep tab (-Dlab.play=true runs its
        // default sweep at once)
        TabPane tabs = (TabPane) root.lookup(".tab-pane");
        if ("live".equals(System.getProperty("lab.tab"))) {
            tabs.getSelectionModel().select(1);
            if (Boolean.getBoolean("lab.play")) {
                live.togglePlay();
            }
        } else if ("sweep".equals(System.getProperty("lab.tab"))) {
            tabs.getTabs().stream().filter(t -> "sweepTab".equals(t.getId())).findFirst()
                    .ifPresent(t -> tabs.getSelectionModel().select(t));
            if (Boolean.getBoolean("lab.play")) {
                sweep.run();
            }
        }
    }

    @Override
    public void stop() {
        if (background != null) {
            background.shutdownNow();
        }
        if (sweeps != null) {
            sweeps.shutdownNow();
        }
    }

    /** @return the window's content, from fxml/lab.fxml, with controllers built by {@code factory}. */
    public static Parent load(ControllerFactory factory) throws IOException {
        FXMLLoader loader = new FXMLLoader(resource("/fxml/lab.fxml"));
        loader.setControllerFactory(factory);
        return loader.load();
    }

    /** @return a 1280 × 820 scene with the lab's style sheet. */
    public static Scene scene(Parent root) {
        Scene scene = new Scene(root, 1280, 820);
        scene.getStylesheets().add(resource("/assets/lab.css").toExternalForm());
        return scene;
    }

    private static URL resource(String path) {
        URL url = App.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException("missing resource " + path + " (is it under fxml/ or assets/?)");
        }
        return url;
    }

    public static void main(String[] args) {
        launch(App.class, args);
    }
}
