package org.idempotencylab.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.function.BooleanSupplier;
import java.util.concurrent.ExecutorService;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.value.ObservableBooleanValue;
import javafx.fxml.FXMLLoader;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.idempotencylab.engine.ExplorerScenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.explore.ExploreViewModel;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.ClaimTablePane;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.OpeningScene;
import org.idempotencylab.ui.kit.ScenarioFileChooser;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.kit.WindowMemory;
import org.idempotencylab.ui.lessons.LessonPlayer;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.idempotencylab.ui.work.WorkViewModel;

/**
 * The lab window: {@link LabWiring} builds each feature's view-model, the classroom kit over adapters of the Compare,
 * Live and Sweep views ({@link ScenarioViews}), and the controller factory the FXML views are loaded with (the tests'
 * window is wired by the same class); App adds the file dialogs and the launch switches. Opens with the
 * {@link OpeningScene} (a duplicate welcome email playing by itself, then its fix), or, once a teacher turned that
 * off, on the last scenario or the first article's parameters, whose comparison runs once in the background.
 */
public final class App extends Application {
    /** Simulation threads: one per core; the numbers do not depend on it. */
    static final int THREADS = Runtime.getRuntime().availableProcessors();

    /** The window's features, wired once the title card is on screen; null before. */
    private LabWiring wiring;
    /** The {@code -Dlab.*} switches the window was started with. */
    private LaunchSwitches switches;

    /**
     * Shows the window at once with a title card (a frame the toolkit draws in about a second), then builds the
     * lab in it: the view-models, the frame, the tab it opens on. A teacher who clicked the icon sees the window
     * open while the lab is being built.
     */
    @Override
    public void start(Stage stage) {
        switches = LaunchSwitches.current();
        LabPrefs prefs = switches.prefsInMemory() ? LabPrefs.memory() : LabPrefs.user();
        Texts texts = Texts.of(App.class);
        stage.setTitle(texts.get("window.title"));
        Scene scene = scene(titleCard(texts));
        stage.setScene(scene);
        stage.setMinWidth(1024);
        stage.setMinHeight(700);
        WindowMemory.restore(stage, prefs);
        afterFirstFrame(scene, () -> {
            report(switches, "window");
            // a moment for the toolkit to put the card's pixels on the screen (the software pipeline uploads them
            // on the FX thread), then the lab is built
            PauseTransition upload = new PauseTransition(Duration.millis(CARD_SHOWN_MS));
            upload.setOnFinished(e -> {
                try {
                    openLab(stage, prefs);
                } catch (IOException ex) {
                    throw new UncheckedIOException("cannot load the lab's window (a broken installation?)", ex);
                }
            });
            upload.play();
        });
        stage.show();
    }

    /** Wait between the title card's first frame and building the lab, ms. */
    static final int CARD_SHOWN_MS = 60;

    /** @return what the window shows while the lab is built: its name, and that it is opening. */
    private static Parent titleCard(Texts texts) {
        Label name = new Label(texts.get("window.title"));
        name.getStyleClass().add("title-card-name");
        Label opening = new Label(texts.get("window.opening"));
        VBox card = new VBox(12, name, opening);
        card.setAlignment(Pos.CENTER);
        card.getStyleClass().add("title-card");
        return card;
    }

    private void openLab(Stage stage, LabPrefs prefs) throws IOException {
        wiring = new LabWiring(LabWiring.Runs.daemons(THREADS), prefs);
        CompareViewModel compare = wiring.compare();
        LiveViewModel live = wiring.live();
        SweepViewModel sweep = wiring.sweep();
        WorkViewModel work = wiring.work();
        ScenarioKit kit = wiring.kit();
        ExploreViewModel explore = wiring.explore();
        kit.setRunOnLoad(true); // a preset's numbers appear without Ctrl+R, never the last run's beside its note
        switches.presentation().ifPresent(kit.presentationProperty()::set); // overrides the prefs
        OpeningScene opening = wiring.opening();
        ControllerFactory factory = wiring.services()
                .with(FileChooserService.class, FileChooserService.dialog())
                .with(ScenarioFileChooser.class, ScenarioFileChooser.dialog());
        ViewLoader.View frame = frame(factory);
        LabController lab = (LabController) frame.controller();
        Parent root = frame.root();
        TabPane tabs = (TabPane) root.lookup(".tab-pane");
        // a preset (a lesson's start, screenshots); else a lesson, on the live view (a class's start); else the
        // opening scene (unless a teacher turned it off, or a tab is asked for); else the last scenario
        String preset = switches.preset().orElse(null);
        String lesson = preset == null ? switches.lesson().orElse(null) : null;
        boolean scene = preset == null && lesson == null && switches.tab().isEmpty()
                && opening.atStartProperty().get();
        if (lesson != null) {
            LessonPlayer player = factory.service(LessonPlayer.class);
            // an unknown name says so in the lesson panel; lab.play also plays frame 1 to its moment
            if (player.open(lesson) && switches.play()) {
                player.primary();
            }
        } else if (preset != null) {
            kit.applyPreset(preset); // an unknown name says so in the note panel
        } else if (scene) {
            opening.start(); // on the live tab, playing from the first frame
        } else {
            kit.restoreLast();
        }
        boolean compareFirst = kit.loadedProperty().get() == null ? lesson == null // a lesson plays: it gets the CPU
                : kit.loadedProperty().get().view() == ScenarioFile.View.COMPARE;
        if (compareFirst) {
            // the article's table and chart at once (a loaded compare preset is running already), though only once
            // the window is drawn: on two cores the comparison's threads would otherwise take the CPU the first
            // frame needs
            afterFirstFrame(stage.getScene(), compare::compare);
        }
        if (preset == null && lesson == null && !scene) { // a preset or a lesson opens on its own view's tab, not on the tab left last time
            prefs.tab().ifPresent(id -> select(tabs, id));
        }
        switches.tab().ifPresent(tab -> {
            select(tabs, tab.id());
            if (switches.play()) { // starts what the tab plays or runs
                switch (tab) {
                    case COMPARE -> compare.compare();
                    case LIVE -> live.togglePlay();
                    case SWEEP -> sweep.run();
                    case EXPLORE -> explore.explore();
                    case WORK -> work.start();
                }
            }
        });
        // only the tab the window opens on is built before the first frame; the others follow in quiet moments
        // after it, one at a time, so the window is on screen about a second sooner and answers meanwhile
        lab.buildShownTab();
        stage.getScene().setRoot(root);
        // a real run's poll results need the FX thread too: the other tabs wait while one goes
        afterLabFrame(stage.getScene(), lab, live.playingProperty().or(work.runningProperty()), switches);
        if (switches.timing()) {
            reportFirstDuplicate(stage.getScene(), live, switches);
        }
    }

    /**
     * Start-up measurement ({@code -Dlab.timing=true}): prints {@code lab.timing: first duplicate at ...} once the
     * frame that first shows a repeated welcome email was handed to the renderer (the opening scene's phenomenon on
     * screen); with {@code -Dlab.exitAfterDuplicate=true} the lab then closes (packaging/measure-startup.sh).
     */
    private static void reportFirstDuplicate(Scene scene, LiveViewModel live, LaunchSwitches switches) {
        boolean[] seen = {false};
        // the clock moves every frame that plays
        live.timeMsProperty().addListener((o, was, now) -> {
            int keyStep = live.workflow().keyStep(); // the welcome email in the sign-up; -1: no external step
            if (!seen[0] && keyStep >= 0 && live.duplicates(keyStep) > 0) {
                seen[0] = true;
                afterFirstFrame(scene, () -> {
                    report(switches, "first duplicate");
                    if (switches.exitAfterDuplicate()) {
                        Platform.exit();
                    }
                });
            }
        });
    }

    /**
     * After the lab's first frame: builds the tabs not shown (see {@link #buildOtherTabs}), and the start-up
     * measurement, off unless asked for: with {@code -Dlab.timing=true} prints a line on stdout when the
     * window's title card has been handed to the renderer, {@code lab.timing: window at <epoch ms> ms, ...}, and
     * one when the lab's own first frame has, {@code lab.timing: first frame at <epoch ms> ms, <ms> ms after the
     * process started} (the process start is the operating system's, which some
     * containers report a second early: benchmarks time the launch themselves, see packaging/measure-startup.sh);
     * with {@code -Dlab.exitAfterFirstFrame=true} the lab then builds its other tabs and closes (the build's
     * class-data-sharing training run, which so lists the classes of every view, and start-up benchmarks).
     */
    private static void afterLabFrame(Scene scene, LabController lab, ObservableBooleanValue playing,
                                      LaunchSwitches switches) {
        boolean exit = switches.exitAfterFirstFrame();
        afterFirstFrame(scene, () -> {
            report(switches, "first frame");
            buildOtherTabs(lab, exit ? () -> false : playing::get, exit ? Platform::exit : () -> { });
        });
    }

    /**
     * With {@code -Dlab.timing=true}: {@code lab.timing: <what> at <epoch ms> ms, <ms> ms after the process started,
     * <ms> ms of CPU}.
     */
    private static void report(LaunchSwitches switches, String what) {
        if (switches.timing()) {
            long now = System.currentTimeMillis();
            long started = ProcessHandle.current().info().startInstant().map(i -> i.toEpochMilli()).orElse(now);
            // the CPU the process used so far (every thread: the JIT's too) says what a start costs whatever the
            // machine's load, which the wall time does not
            System.out.println("lab.timing: " + what + " at " + now + " ms, " + (now - started)
                    + " ms after the process started" + processCpu());
            System.out.flush();
        }
    }

    /**
     * @return {@code ", <ms> ms of CPU"}: the CPU time this process used so far, every thread's (the JIT's too),
     *         from Linux's {@code /proc/self/stat} (user and system ticks, 100 a second); empty elsewhere
     */
    private static String processCpu() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            // the fields after the command's name, which is in parentheses and may hold spaces
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return ", " + (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10 + " ms of CPU";
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /** Pause between building two tabs after the first frame, in ms: input and drawing go on in between. */
    static final int TAB_BUILD_PAUSE_MS = 150;

    /**
     * Builds the tabs not built yet, one every {@value #TAB_BUILD_PAUSE_MS} ms while {@code busy} is false (a tab
     * takes the FX thread for about a second: not while the live view plays, e.g. the opening scene; a tab
     * clicked meanwhile is built at once), then runs {@code done}.
     */
    private static void buildOtherTabs(LabController lab, BooleanSupplier busy, Runnable done) {
        PauseTransition pause = new PauseTransition(Duration.millis(TAB_BUILD_PAUSE_MS));
        pause.setOnFinished(e -> {
            if (busy.getAsBoolean() || lab.buildNextTab()) {
                pause.playFromStart();
            } else {
                done.run();
            }
        });
        pause.play();
    }

    /** Runs {@code action} on the FX thread once {@code scene}'s first frame has been handed to the renderer. */
    private static void afterFirstFrame(Scene scene, Runnable action) {
        boolean[] seen = {false};
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (seen[0]) {
                return;
            }
            seen[0] = true;
            // the renderer draws the frame from this pulse once its layout is done: what runs next on the FX
            // thread runs after the frame was handed over (the listener is removed there, not while the scene
            // walks its listeners)
            Platform.runLater(() -> {
                scene.removePostLayoutPulseListener(listener[0]);
                action.run();
            });
        };
        scene.addPostLayoutPulseListener(listener[0]);
    }

    private static void select(TabPane tabs, String id) {
        for (Tab t : tabs.getTabs()) {
            if (id.equals(t.getId())) {
                tabs.getSelectionModel().select(t);
            }
        }
    }

    @Override
    public void stop() {
        if (wiring != null) {
            wiring.close(); // a real run's worker processes are killed and its embedded database stopped first
        }
    }

    /** @return the classroom kit over the Compare, Live and Sweep views, remembering in {@code prefs}. */
    public static ScenarioKit kit(CompareViewModel compare, LiveViewModel live, SweepViewModel sweep,
                                  LabPrefs prefs) {
        return new ScenarioKit(Map.of(ScenarioFile.View.COMPARE, ScenarioViews.compare(compare),
                ScenarioFile.View.LIVE, ScenarioViews.live(live), ScenarioFile.View.SWEEP, ScenarioViews.sweep(sweep)),
                prefs);
    }

    /**
     * @return the window's frame, from lab.fxml, and its {@link LabController}, with no tab's view built yet:
     *         {@link LabController#buildShownTab()} builds the one to open on
     * @param factory the window's services, as {@link LabWiring#services()} makes them; with no
     *                {@link ScenarioFileChooser} registered, one that always cancels (the tests' window)
     */
    public static ViewLoader.View frame(ControllerFactory factory) throws IOException {
        if (!factory.has(ScenarioFileChooser.class)) {
            factory.with(ScenarioFileChooser.class, ScenarioFileChooser.NONE);
        }
        factory.with(ViewLoader.class, (fxml, texts) -> view(fxml, ResourceBundle.getBundle(texts), factory));
        ViewLoader.View frame = view("lab.fxml", Texts.of(LabController.class).bundle(), factory);
        LabController lab = (LabController) frame.controller();
        factory.service(LessonPlayer.class).setShowStage(() -> lab.selectTab("liveTab"));
        return frame;
    }

    /**
     * @return the Explore tab's model: the explorer's own defaults as the base (the explore command's, so the window
     *         and the command line give the same numbers for the same settings), explored on
     *         {@code executor} ({@link #THREADS} strategies at a time), its counterexamples played in the live view
     *         with the kit's note beside them
     */
    public static ExploreViewModel explore(LiveViewModel live, ScenarioKit kit, ExecutorService executor) {
        return new ExploreViewModel(ExplorerScenario.DEFAULTS, executor, THREADS,
                ScenarioViews.counterexamples(live, kit));
    }

    /**
     * @return the lesson player over the live view; a lesson that opens closes the kit's note (the lesson panel
     *         takes its place), and a preset or scenario file loaded meanwhile closes the lesson
     */
    public static LessonPlayer lessons(LiveViewModel live, ScenarioKit kit) {
        LessonPlayer player = new LessonPlayer(ScenarioViews.lessons(live), LessonPlayer.defaultReader());
        // every lesson or frame opened, the first or one more while a lesson is open
        InvalidationListener opened = o -> {
            if (player.openProperty().get()) {
                kit.closeNote();
            }
        };
        player.openProperty().addListener(opened);
        player.versionProperty().addListener(opened);
        // every load asks for its view's tab, the same preset loaded again and a counterexample's note included
        kit.viewProperty().addListener((o, was, v) -> {
            if (v != null) {
                player.close();
            }
        });
        return player;
    }

    /**
     * @param fxml    a view's path relative to the ui package's resources, e.g. {@code sweep/sweep.fxml}
     * @param texts   the bundle its {@code %key}s come from (the feature's texts.properties)
     * @param factory builds its controllers
     * @return the view, e.g. one feature's tab on its own (its tests)
     */
    public static Parent load(String fxml, ResourceBundle texts, ControllerFactory factory) throws IOException {
        return view(fxml, texts, factory).root();
    }

    private static ViewLoader.View view(String fxml, ResourceBundle texts, ControllerFactory factory)
            throws IOException {
        FXMLLoader loader = new FXMLLoader(resource(fxml), texts);
        loader.setControllerFactory(factory);
        Parent root = loader.load();
        return new ViewLoader.View(root, loader.getController());
    }

    /**
     * @return claim-table views made of the key store's own ({@link ClaimTablePane}), for the Real workers tab: a
     *         real run's {@code processed_jobs}, {@code in_progress} first, then the newest; counters over the run
     */
    public static ClaimTableView.Factory claimTableViews() {
        return ClaimTablePane::new;
    }

    /** @return a 1280 × 820 scene with the lab's style sheet. */
    public static Scene scene(Parent root) {
        Scene scene = new Scene(root, 1280, 820);
        scene.getStylesheets().add(0, resource("lab.css").toExternalForm()); // before presentation.css
        return scene;
    }

    /**
     * @param path a view's or style sheet's path relative to this package's resources, as Scene Builder keeps them
     *             beside the controllers, e.g. {@code "sweep/sweep.fxml"} for
     *             {@code src/main/resources/org/idempotencylab/ui/sweep/sweep.fxml}
     */
    private static URL resource(String path) {
        URL url = App.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException("missing resource " + path
                    + " (is it under src/main/resources/org/idempotencylab/ui/?)");
        }
        return url;
    }

    /** Opens the window (JavaFX's class-path warning silenced first: {@link ClassPathWarning}). */
    public static void main(String[] args) {
        ClassPathWarning.silence();
        launch(App.class, args);
    }
}
