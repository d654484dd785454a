package org.idempotencylab.ui;

import static org.idempotencylab.ui.FxSteps.onFx;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.ExplorerScenario;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.explore.Counterexample;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.kit.ScenarioView;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adapters between the classroom kit and the real Compare and Live view-models: a preset reaches the view
 * with every parameter, the Compare table gets the watched column and loses the old numbers, the live view
 * resets onto it at the lesson's speed, and the finished runs' numbers reach the kit. No window: the FX toolkit
 * runs the comparisons' tasks.
 */
class ScenarioViewsTest {
    private static final Presets PRESETS = new Presets(ScenarioKit.FILES);

    /**
     * A counterexample played in the live view: a repeat 30 s in plays at a speed that brings it about 8 real
     * seconds in (not after half a minute of an empty screen), and its note goes once a Reset on another strategy
     * drops the forced faults (the note would describe a run that no longer plays); a Reset on the same parameters
     * keeps both.
     */
    @Test
    void aCounterexamplesNoteLastsAsLongAsItsFaultsAndItsFaultsComeSoon() {
        CompareViewModel compare = new CompareViewModel(Scenario.article(), Runnable::run, 1);
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        SweepViewModel sweep = new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1);
        ScenarioKit kit = App.kit(compare, live, sweep, LabPrefs.memory());
        Set<FaultKind> kinds =
                EnumSet.of(FaultKind.REPEAT);
        Scenario s = ExplorerScenario.DEFAULTS;
        Explorer.Result r = Explorer.explore(s,
                Strategy.EACH_STEP_SAME_KEY, kinds, 1, RunControl.NONE);
        assertEquals(30_000, r.shortestCounterexample().get(0).atMs(), "the repeat arrives 30 s in");
        Counterexample c = new Counterexample(s,
                Strategy.EACH_STEP_SAME_KEY, kinds, r.shortestCounterexample(), "Counterexample: same key",
                "the repeat", Metric.REPEATED_STEPS);
        ScenarioViews.counterexamples(live, kit).play(c);
        assertEquals(30_000 / 8_000.0, live.speedProperty().get(), 1e-9, "30 s of virtual time in 8 real s");
        assertEquals(c.title(), kit.noteProperty().get().title());
        assertTrue(kit.noteVisibleProperty().get());
        live.reset(); // the same parameters: the same counterexample, its note stays
        assertTrue(kit.noteVisibleProperty().get());
        live.strategyProperty().set(Strategy.EACH_STEP_NO_KEY);
        live.reset(); // another strategy: the faults are dropped, and the note with them
        assertTrue(!live.forcingFaultsProperty().get());
        assertTrue(!kit.noteVisibleProperty().get(), "the note of a run that no longer plays");
    }

    @Test
    void everyPresetReachesItsViewModelWithEveryParameterAndItsStrategies() {
        CompareViewModel compare = new CompareViewModel(Scenario.article(), Runnable::run, 1);
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        SweepViewModel sweep = new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1);
        ScenarioKit kit = App.kit(compare, live, sweep, LabPrefs.memory());
        boolean sawSweep = false;
        for (Presets.Preset p : kit.presets()) {
            kit.applyPreset(p);
            ScenarioFile f = p.file();
            if (f.view() == ScenarioFile.View.SWEEP) {
                // the base scenario, the preset's strategies in place of the article's five, and its sweep
                sawSweep = true;
                assertEquals(f.scenario(), sweep.form().scenario(), p.fileName());
                assertEquals(f.strategies(), sweep.strategies().stream()
                        .map(SweepViewModel.StrategyChoice::strategy).toList(), p.fileName());
                assertEquals(f.strategies(), sweep.chosenStrategies(), "every one ticked");
                assertEquals(f.sweep(), sweep.spec(), p.fileName());
                assertEquals(f.sweep().metrics(), sweep.plotted().stream().map(Metric::id).toList());
            } else if (f.view() == ScenarioFile.View.COMPARE) {
                assertEquals(f.scenario(), compare.scenario(), p.fileName());
                assertEquals(f.strategies(), List.copyOf(compare.strategies()), p.fileName());
                assertEquals(CompareViewModel.differences(f.scenario()), compare.differencesProperty().get());
            } else {
                assertEquals(f.scenario(), live.scenario(), p.fileName());
                assertEquals(f.strategies().get(0), live.strategyProperty().get(), p.fileName());
                assertEquals(f.scenario(), live.simulation().scenario(), "the live view was reset onto it");
            }
        }
        assertTrue(sawSweep, "a sweep preset is among them");
        kit.applyPreset(PRESETS.list().stream().filter(p -> p.fileName().equals("lost-reply.json")).findFirst()
                .orElseThrow());
        assertEquals("Sign-ups 100,000 · Lost-reply rate 5%", compare.differencesProperty().get());
        assertTrue(kit.watchLineProperty().get().endsWith("press Compare strategies (Ctrl+R) to run"),
                kit.watchLineProperty().get());
    }

    @Test
    void aComparePresetWatchingAnotherMetricAddsItsColumnAndClearsTheLastRun() {
        ScenarioFile crash = PRESETS.load("crash-claim-table.json");
        Scenario small = Scenario.article().toBuilder().jobs(1_000).build();
        CompareViewModel compare = onFx(() -> new CompareViewModel(small, Runnable::run, 1));
        onFx(compare::compare); // runs on the FX thread; its result is handed over in the next FX event
        assertEquals(5, onFx(() -> compare.rows().size()));
        onFx(() -> {
            ScenarioView view = compareView(compare);
            // a note that watches lease reclaims: the table shows them beside the article's five columns
            view.load(crash.scenario(), crash.strategies(), Metric.LEASE_RECLAIMS);
            List<Metric> columns = new ArrayList<>(Metric.articleTable());
            columns.add(Metric.LEASE_RECLAIMS);
            assertEquals(columns, compare.columns());
            assertTrue(compare.rows().isEmpty(), "no numbers of other parameters beside the new note");
            assertNull(compare.resultScenarioProperty().getValue());
            view.load(crash.scenario(), crash.strategies(), Metric.REPEATED_STEPS);
            assertEquals(Metric.articleTable(), compare.columns(), "one of the article's five: no extra column");
        });
    }

    @Test
    void theComparisonsResultsReachTheKitsNote() {
        ScenarioFile f = PRESETS.load("whole-job-vs-each-step.json");
        Scenario small = f.scenario().toBuilder().jobs(2_000).build();
        List<StrategyResult> direct = Comparison.run(small, f.strategies(), 1, RunControl.NONE);
        List<List<StrategyResult>> heard = new ArrayList<>();
        onFx(() -> {
            CompareViewModel compare = new CompareViewModel(Scenario.article(), Runnable::run, 1);
            ScenarioView view = compareView(compare);
            view.addResultsListener(heard::add);
            view.load(small, f.strategies(), Metric.REPEATED_STEPS);
            assertEquals("running the comparison…", view.waitingText(true));
            view.startRun();
        });
        waitUntil(() -> onFx(() -> !heard.isEmpty())); // the run's result is handed over in an FX event
        assertEquals(List.of(direct), onFx(() -> List.copyOf(heard)));
    }

    /**
     * A live file with two lanes, opened and saved again as it is, keeps them and its note; with lane B's strategy
     * changed, or lane B off, the note is dropped as for any edit, and with lane B off the file has one lane.
     */
    @Test
    void aLiveFileWithTwoLanesSavedUneditedKeepsThemAndItsNote(@TempDir Path dir) throws IOException {
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        ScenarioKit kit = App.kit(new CompareViewModel(Scenario.article(), Runnable::run, 1), live,
                new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1), LabPrefs.memory());
        Scenario three = Scenario.article().toBuilder().jobs(3).build();
        // lane B listed first: its place, not its order, makes it lane B
        ScenarioFile two = new ScenarioFile("Two lanes", "Watch lane B.", Metric.REPEATED_STEPS.id(),
                ScenarioFile.View.LIVE, List.of(Strategy.EACH_STEP_SAME_KEY, Strategy.EACH_STEP_NO_KEY), three,
                null, List.of(), List.of(1, 0));
        Path file = dir.resolve("two.json");
        ScenarioKit.FILES.write(two, file);
        assertTrue(kit.open(file), kit.messageProperty().get());
        assertTrue(live.lanes().activeProperty().get());
        ScenarioFile again = kit.current(ScenarioFile.View.LIVE, "unused");
        assertEquals("Watch lane B.", again.note(), "nothing edited");
        assertEquals(List.of(Strategy.EACH_STEP_NO_KEY, Strategy.EACH_STEP_SAME_KEY), again.laneStrategies());
        assertEquals(List.of(0, 1), again.lanes());
        live.lanes().secondStrategyProperty().set(Strategy.WHOLE_JOB_SKIP_FINISHED);
        assertEquals(ScenarioKit.editedNote("Two lanes"), kit.current(ScenarioFile.View.LIVE, "unused").note());
        live.lanes().secondOnProperty().set(false);
        ScenarioFile one = kit.current(ScenarioFile.View.LIVE, "unused");
        assertEquals(ScenarioKit.editedNote("Two lanes"), one.note());
        assertEquals(List.of(), one.lanes());
        assertEquals(List.of(Strategy.EACH_STEP_NO_KEY), one.strategies());
    }

    @Test
    void aLivePresetSetsASpeedThatPlaysItsLessonInAboutAMinuteAndItsEndReachesTheNote() {
        ScenarioFile f = PRESETS.load("stuck-in-progress.json");
        StrategyResult whole = new SignupSimulation(f.scenario(), f.strategies().get(0), RunControl.NONE).run();
        assertTrue(whole.virtualTimeMs() > 5 * 60_000, "the preset runs many virtual minutes: " + whole.virtualTimeMs());
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        assertEquals(1.0, live.speedProperty().get());
        ScenarioView view = ScenarioViews.live(live);
        List<List<StrategyResult>> heard = new ArrayList<>();
        view.addResultsListener(heard::add);
        view.load(f.scenario(), f.strategies(), Metric.byId(f.watch()).orElseThrow());
        double speed = live.speedProperty().get();
        double realSeconds = whole.virtualTimeMs() / speed / 1000;
        assertTrue(realSeconds >= 20 && realSeconds <= 90, speed + "× plays it in " + realSeconds + " s");
        assertTrue(f.scenario().leaseMs() / speed <= 10_000, "a lease runs out within 10 s at " + speed + "×");
        assertEquals("press Play (Space) and watch (Speed set to " + (long) speed + "×)", view.waitingText(true));
        assertEquals(1.0, LiveViewModel.lessonSpeed(Scenario.article().toBuilder().jobs(3).build()),
                "a short run plays in real time");

        // played to the end: the live run's result is the engine's for the same scenario and strategy
        Scenario three = f.scenario().toBuilder().jobs(3).arrivalRate(0).build();
        view.load(three, f.strategies(), Metric.REPEATED_STEPS);
        live.speedProperty().set(LiveViewModel.MAX_SPEED);
        live.togglePlay();
        for (long frame = 1; heard.isEmpty() && frame < 10_000; frame++) {
            live.frame(1_000_000_000L, frame * 1_000_000_000L); // frames a second of real time apart
        }
        StrategyResult direct = new SignupSimulation(three, f.strategies().get(0), RunControl.NONE).run();
        assertEquals(List.of(direct), heard.get(0));
    }

    @Test
    void aWorkflowsWatchLineOnTheLiveViewNamesItsKeyStepNotTheWelcomeEmail() {
        // the checkout sends no welcome email: its provider-side count is the card charged twice (its key step)
        ScenarioFile f = PRESETS.load("workflow-checkout.json");
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        ScenarioView view = ScenarioViews.live(live);
        List<String> said = new ArrayList<>();
        view.addWatchListener(text -> said.add(text.apply(Metric.USERS_WITH_DUPLICATE_EMAILS)));
        view.load(f.scenario().toBuilder().jobs(3).arrivalRate(0).build(), f.strategies(),
                Metric.USERS_WITH_DUPLICATE_EMAILS);
        live.speedProperty().set(LiveViewModel.MAX_SPEED);
        live.togglePlay();
        for (long frame = 1; !live.simulation().isFinished() && frame < 10_000; frame++) {
            if (!live.playingProperty().get()) {
                live.togglePlay(); // on past each pause at a duplicate
            }
            live.frame(1_000_000_000L, frame * 1_000_000_000L); // frames a second of real time apart
        }
        assertTrue(live.simulation().isFinished(), "played to its end");
        String last = said.get(said.size() - 1);
        assertTrue(last.startsWith("Users with \"charge the card\" done 2+ times"), last);
        assertFalse(last.contains("welcome email"), last);
    }

    private static ScenarioView compareView(CompareViewModel compare) {
        return ScenarioViews.compare(compare);
    }

    @Test
    void aPresetLoadedWhileTheArticleRunsStopsThatRunAndShowsItsOwn() {
        // the window's background thread: a preset loaded while the article runs cancels it and runs its own
        ScenarioFile f = PRESETS.load("lost-reply.json");
        Scenario small = f.scenario().toBuilder().jobs(2_000).build();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CompareViewModel compare = onFx(() -> new CompareViewModel(
                    Scenario.article().toBuilder().jobs(50_000_000).build(), pool, 1));
            ScenarioView view = compareView(compare);
            onFx(compare::compare);
            waitUntil(() -> compare.progressProperty().get() > 0);
            onFx(() -> {
                view.load(small, f.strategies(), Metric.USERS_WITH_DUPLICATE_EMAILS);
                view.startRun();
            });
            waitUntil(() -> onFx(() -> compare.rows().size() == f.strategies().size()
                    && !compare.runningProperty().get()));
            assertEquals(small, onFx(() -> compare.resultScenarioProperty().getValue()));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void saveOnTheSweepTabWritesASweepFileKeepingTheNoteUntilAFieldIsEdited(@TempDir Path dir) throws IOException {
        CompareViewModel compare = new CompareViewModel(Scenario.article(), Runnable::run, 1);
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        SweepViewModel sweep = new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1);
        ScenarioKit kit = App.kit(compare, live, sweep, LabPrefs.memory());
        kit.applyPreset("field-powertools-expiry-sweep.json");
        ScenarioFile loaded = kit.loadedProperty().get();
        assertEquals(loaded, kit.current(ScenarioFile.View.SWEEP, "unused"), "unedited: the preset as it is");
        assertTrue(kit.watchLineProperty().get().endsWith("press Run sweep (Ctrl+R on the Sweep tab) to run"),
                kit.watchLineProperty().get());

        sweep.pointsProperty().set("9");
        Path file = dir.resolve("mine.json");
        assertTrue(kit.save(file, ScenarioFile.View.SWEEP), kit.messageProperty().get());
        ScenarioFile saved = ScenarioKit.FILES.read(file);
        assertEquals(ScenarioFile.View.SWEEP, saved.view());
        assertEquals(9, saved.sweep().points(), "the sweep as the fields show it");
        assertEquals(loaded.sweep().metrics(), saved.sweep().metrics());
        assertEquals(loaded.strategies(), saved.strategies());
        assertEquals(ScenarioKit.editedNote(loaded.name()), saved.note(), "its numbers were for 13 points");

        // a sweep saved from the tab as it opens, with nothing loaded there: its first metric is watched
        kit.applyPreset("lost-reply.json");
        sweep.metric2Property().set(Metric.CALLS);
        ScenarioFile plain = kit.current(ScenarioFile.View.SWEEP, "mine");
        assertEquals("", plain.note());
        assertEquals(List.of(sweep.metricProperty().get().id(), "calls"), plain.sweep().metrics());
        assertEquals(plain.sweep().metrics().get(0), plain.watch());
    }
}
