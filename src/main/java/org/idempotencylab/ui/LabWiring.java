package org.idempotencylab.ui;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.explore.ExploreViewModel;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.OpeningScene;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.lessons.LessonPlayer;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.idempotencylab.ui.work.WorkViewModel;

/**
 * The window's features wired together, once: each feature's view-model, the key store following the live run, the
 * classroom kit over the Compare, Live and Sweep views, the opening scene, the lessons and the Explore tab, all
 * registered in one {@link ControllerFactory} that {@link App#frame} loads the window with. The features know none
 * of each other; only this class and {@link App} name them all. {@link App} adds the real file dialogs; the tests'
 * window fixture adds none and runs on its own threads.
 */
public final class LabWiring {
    private final Runs runs;
    private final CompareViewModel compare;
    private final LiveViewModel live;
    private final SweepViewModel sweep;
    private final WorkViewModel work;
    private final ScenarioKit kit;
    private final ExploreViewModel explore;
    private final OpeningScene opening;
    private final ControllerFactory services;

    /**
     * Where the window's background work runs.
     *
     * @param comparisons the Compare tab's runs (and a preset's, loaded with "run on load")
     * @param sweeps      the Sweep tab's runs, so a sweep need not wait for a comparison
     * @param explorations the Explore tab's explorations
     * @param database    opening a live run's database (an unreachable server takes up to 5 s to say so)
     * @param threads     simulation threads a comparison, sweep or exploration uses, 1 or more (the numbers do not
     *                    depend on it)
     */
    public record Runs(Executor comparisons, Executor sweeps, ExecutorService explorations, Executor database,
                       int threads) {
        /** @return one daemon thread for each kind of run, named after it, and {@code threads} simulation threads */
        public static Runs daemons(int threads) {
            return new Runs(daemonThread("lab-background"), daemonThread("lab-sweep"), daemonThread("lab-explore"),
                    daemonThread("lab-database"), threads);
        }
    }

    /** Wires the window's features on {@code runs}, remembering in {@code prefs}. FX thread. */
    public LabWiring(Runs runs, LabPrefs prefs) {
        this.runs = runs;
        compare = new CompareViewModel(Scenario.article(), runs.comparisons(), runs.threads());
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        live.setDatabaseAccess(JdbcClaimStore::open, runs.database(), Platform::runLater);
        // the key store follows the live run: every new run, and its frames (at most ten a second while playing,
        // since relaying out a table of thousands of rows every frame costs more than everything else)
        KeyStoreViewModel keyStore = new KeyStoreViewModel();
        live.addFrameListener(keyStore, KeyStoreViewModel.FLUSHES_PER_SECOND);
        sweep = new SweepViewModel(SweepViewModel.classroomBase(), runs.sweeps(), runs.threads());
        // the Real workers tab: a real run's threads are its own; closing the window stops the run (close())
        work = new WorkViewModel();
        kit = App.kit(compare, live, sweep, prefs);
        // the Explore tab's counterexamples play in the live view
        explore = App.explore(live, kit, runs.explorations());
        opening = new OpeningScene(kit);
        services = new ControllerFactory()
                .with(CompareViewModel.class, compare)
                .with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, keyStore)
                .with(SweepViewModel.class, sweep)
                .with(WorkViewModel.class, work)
                .with(ExploreViewModel.class, explore)
                .with(ClaimTableView.Factory.class, App.claimTableViews())
                .with(ScenarioKit.class, kit)
                .with(OpeningScene.class, opening)
                .with(LessonPlayer.class, App.lessons(live, kit));
    }

    /** @return one daemon thread named {@code name}, so a closing window never waits for its work. */
    static ExecutorService daemonThread(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * @return every view-model and service above; the caller adds the file dialogs
     *         ({@code FileChooserService}, {@code ScenarioFileChooser}) and may replace any
     */
    public ControllerFactory services() {
        return services;
    }

    public CompareViewModel compare() {
        return compare;
    }

    public LiveViewModel live() {
        return live;
    }

    public SweepViewModel sweep() {
        return sweep;
    }

    public WorkViewModel work() {
        return work;
    }

    public ScenarioKit kit() {
        return kit;
    }

    public ExploreViewModel explore() {
        return explore;
    }

    public OpeningScene opening() {
        return opening;
    }

    public LessonPlayer lessons() {
        return services.service(LessonPlayer.class);
    }

    /**
     * Stops what runs on: a real run's worker processes are killed and its embedded database stopped first, the
     * live view stops playing, then the threads of {@link Runs} that are executor services are stopped
     * (interrupted). FX thread, or after the toolkit stopped.
     */
    public void close() {
        work.shutdown();
        live.playingProperty().set(false);
        explore.cancel();
        sweep.cancel();
        for (Object e : List.of(runs.comparisons(), runs.sweeps(), runs.explorations(), runs.database())) {
            if (e instanceof ExecutorService s) {
                s.shutdownNow();
            }
        }
    }
}
