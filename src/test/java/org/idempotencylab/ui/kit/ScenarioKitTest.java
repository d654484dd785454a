package org.idempotencylab.ui.kit;

import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.engine.Metric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kit's view-model without the toolkit: presets, files, the note's number, preferences. */
class ScenarioKitTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private static final Presets PRESETS = new Presets(FILES);
    @TempDir
    Path tmp;

    private final CompareViewModel compare = new CompareViewModel(Scenario.article(), Runnable::run, 1);
    private final LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
    private final MemoryPreferences node = new MemoryPreferences();
    private final ScenarioKit kit = new ScenarioKit(compare, live, new LabPrefs(node));

    @Test
    void everyPresetGoesToItsViewWithEveryParameterAndItsStrategies() {
        for (Presets.Preset p : kit.presets()) {
            kit.closeNote();
            kit.applyPreset(p);
            ScenarioFile f = p.file();
            assertEquals(f, kit.loadedProperty().get());
            assertEquals(f.view(), kit.viewProperty().get(), p.fileName());
            assertTrue(kit.noteVisibleProperty().get());
            if (f.view() == ScenarioFile.View.COMPARE) {
                assertEquals(f.scenario(), compare.scenario(), p.fileName());
                assertEquals(f.strategies(), List.copyOf(compare.strategies()), p.fileName());
            } else {
                assertEquals(f.scenario(), live.scenario(), p.fileName());
                assertEquals(f.strategies().get(0), live.strategyProperty().get(), p.fileName());
                assertEquals(f.scenario(), live.simulation().scenario(), "the live view was reset onto it");
            }
            assertEquals(Optional.of(LabPrefs.PRESET + p.fileName()), kit.prefs().lastScenario());
        }
    }

    @Test
    void theCompareViewSaysWhichParametersDifferFromTheArticle() {
        assertEquals("", compare.differencesProperty().get());
        kit.applyPreset(preset("lost-reply.json"));
        assertEquals("Sign-ups 100,000 · Lost-reply rate 5%", compare.differencesProperty().get());
    }

    @Test
    void theWatchLineNamesTheMetricAndItsValue() {
        StrategyResult r = new org.idempotencylab.engine.SignupSimulation(
                Scenario.article().toBuilder().jobs(10_000).pFail(0.05).build(), Strategy.EACH_STEP_NO_KEY,
                org.idempotencylab.engine.RunControl.NONE).run();
        assertEquals("Steps done again: " + String.format("%,d", r.repeatedSteps()),
                ScenarioKit.watchText("repeatedSteps", List.of(r)));
        assertEquals("\"Job in progress\" refusals", ScenarioKit.label("jobInProgressRejections"));
        assertEquals("Slow calls", ScenarioKit.label("slowCalls"));
    }

    @Test
    void eachKindOfMalformedFileIsNamedAndChangesNothing() throws Exception {
        kit.applyPreset(preset("lost-reply.json"));
        Scenario before = compare.scenario();
        List<Strategy> strategiesBefore = List.copyOf(compare.strategies());
        assertMalformed(file("\"jobs\": \"many\""), "scenario.jobs", before, strategiesBefore);
        assertMalformed(file("\"pFail\": 1.5"), "scenario.pFail: 1.5 is outside the allowed range", before,
                strategiesBefore);
        assertMalformed(file("\"jobs\": 100, \"colour\": 1"), "scenario.colour: unknown field", before,
                strategiesBefore);
        String whole = file("\"jobs\": 100");
        assertMalformed(whole.substring(0, whole.length() - 12), "the file ends early", before, strategiesBefore);
    }

    /** @return a valid scenario file but for {@code scenario}'s fields */
    static String file(String scenarioFields) {
        return "{\n  \"format\": \"idempotency-lab/scenario@1\",\n  \"name\": \"Mine\",\n"
                + "  \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\"}],\n"
                + "  \"scenario\": {" + scenarioFields + "}\n}\n";
    }

    private void assertMalformed(String json, String named, Scenario before, List<Strategy> strategiesBefore)
            throws Exception {
        Path f = Files.writeString(tmp.resolve("bad-" + System.nanoTime() + ".json"), json);
        assertFalse(kit.open(f));
        assertTrue(kit.messageProperty().get().contains(named), kit.messageProperty().get());
        assertEquals(before, compare.scenario());
        assertEquals(strategiesBefore, List.copyOf(compare.strategies()));
        assertEquals("The lost reply", kit.loadedProperty().get().name());
    }

    @Test
    void saveThenOpenGivesTheSameScenarioStrategiesAndNote() {
        kit.applyPreset(preset("whole-job-vs-each-step.json"));
        compare.form().set(Parameter.JOBS, 5_000);
        Path file = tmp.resolve("mine.json");
        assertTrue(kit.save(file, ScenarioFile.View.COMPARE), kit.messageProperty().get());
        kit.applyPreset(preset("article.json"));
        assertTrue(kit.open(file), kit.messageProperty().get());
        ScenarioFile preset = preset("whole-job-vs-each-step.json").file();
        assertEquals(preset.scenario().toBuilder().jobs(5_000).build(), compare.scenario());
        assertEquals(preset.strategies(), List.copyOf(compare.strategies()));
        // the sign-ups were edited: the preset's note, whose numbers no longer hold, is replaced
        assertEquals(ScenarioKit.editedNote(preset.name()), kit.loadedProperty().get().note());
        assertEquals(preset.watch(), kit.loadedProperty().get().watch());
        assertEquals(Optional.of(LabPrefs.FILE + file.toAbsolutePath()), kit.prefs().lastScenario());
    }

    @Test
    void preferencesAreWrittenAndReadBack() {
        kit.applyPreset(preset("repeated-request.json"));
        kit.presentationProperty().set(true);
        kit.prefs().setTab("liveTab");
        kit.prefs().setWindow(new LabPrefs.WindowLayout(10, 20, 1300, 900, true));
        assertEquals("preset:repeated-request.json", node.get(LabPrefs.LAST_SCENARIO, null));
        assertTrue(node.getBoolean(LabPrefs.PRESENTATION, false));

        // a new start on the same node
        CompareViewModel compare2 = new CompareViewModel(Scenario.article(), Runnable::run, 1);
        ScenarioKit again = new ScenarioKit(compare2, new LiveViewModel(LiveViewModel.classroomDefaults()),
                new LabPrefs(node));
        assertTrue(again.presentationProperty().get());
        assertTrue(again.restoreLast());
        assertEquals(preset("repeated-request.json").file().scenario(), compare2.scenario());
        assertEquals(Optional.of("liveTab"), again.prefs().tab());
        assertEquals(Optional.of(new LabPrefs.WindowLayout(10, 20, 1300, 900, true)), again.prefs().window());
        assertEquals(Optional.empty(), LabPrefs.memory().window());
    }

    @Test
    void aRememberedFileThatIsGoneLoadsNothingSaysSoAndIsForgotten() {
        Path gone = tmp.resolve("gone.json");
        node.put(LabPrefs.LAST_SCENARIO, LabPrefs.FILE + gone);
        assertFalse(kit.restoreLast());
        assertEquals(null, kit.loadedProperty().get());
        assertEquals("The last scenario, " + gone + ", could not be opened: the file no longer exists.",
                kit.noticeProperty().get());
        assertTrue(kit.noteVisibleProperty().get(), "the note panel shows the notice");
        assertEquals(Optional.empty(), kit.prefs().lastScenario(), "not tried again at the next start");
    }

    @Test
    void aRememberedFileThatIsNowInvalidSaysWhyAndIsForgotten() throws Exception {
        Path bad = tmp.resolve("x.json");
        Files.writeString(bad, """
                {"format": "idempotency-lab/scenario@1", "name": "x", "note": "", "watch": "repeatedSteps",
                 "view": "compare", "strategies": [{"retry": "each-step", "providerKey": "none", "store": "none"}],
                 "scenario": {"pCrash": 7}}
                """);
        node.put(LabPrefs.LAST_SCENARIO, LabPrefs.FILE + bad);
        assertFalse(kit.restoreLast());
        String notice = kit.noticeProperty().get();
        assertTrue(notice.startsWith("The last scenario, " + bad + ", could not be opened: "), notice);
        assertTrue(notice.contains("pCrash") && notice.contains("7"), notice);
        assertEquals(Optional.empty(), kit.prefs().lastScenario());

        kit.applyPreset(preset("lost-reply.json"));
        assertEquals("", kit.noticeProperty().get(), "a loaded scenario replaces the notice");
    }

    @Test
    void anUnknownPresetNameChangesNothingAndSaysSo() {
        assertFalse(kit.applyPreset("nosuch.json"));
        assertEquals(null, kit.loadedProperty().get());
        assertTrue(kit.noticeProperty().get().startsWith("There is no preset named nosuch.json."),
                kit.noticeProperty().get());
        assertTrue(kit.noticeProperty().get().contains("lost-reply.json"));
        assertTrue(kit.applyPreset("lost-reply.json"));
    }

    @Test
    void loadingAComparePresetClearsTheLastRunsResults() {
        CompareViewModel quick = new CompareViewModel(Scenario.article(), Runnable::run, 1);
        Scenario small = Scenario.article().toBuilder().jobs(1_000).build();
        quick.rows().setAll(org.idempotencylab.engine.Comparison.run(small, Strategy.ARTICLE, 1,
                org.idempotencylab.engine.RunControl.NONE).stream().map(org.idempotencylab.ui.compare.ResultRow::new)
                .toList());
        ScenarioKit k = new ScenarioKit(quick, live, new LabPrefs(new MemoryPreferences()));
        k.applyPreset(preset("lost-reply.json"));
        assertTrue(quick.rows().isEmpty(), "no numbers of other parameters beside the new note");
        assertEquals(null, quick.resultScenarioProperty().get());
        assertTrue(k.watchLineProperty().get().contains("Ctrl+R"), k.watchLineProperty().get());
    }

    @Test
    void aLivePresetSetsASpeedThatPlaysItsLessonInAboutAMinute() {
        ScenarioFile f = PRESETS.load("stuck-in-progress.json");
        StrategyResult whole = new org.idempotencylab.engine.SignupSimulation(f.scenario(), f.strategies().get(0),
                org.idempotencylab.engine.RunControl.NONE).run();
        assertTrue(whole.virtualTimeMs() > 5 * 60_000, "the preset runs many virtual minutes: " + whole.virtualTimeMs());
        assertEquals(1.0, live.speedProperty().get());
        kit.applyPreset(preset("stuck-in-progress.json"));
        double speed = live.speedProperty().get();
        double realSeconds = whole.virtualTimeMs() / speed / 1000;
        assertTrue(realSeconds >= 20 && realSeconds <= 90, speed + "× plays it in " + realSeconds + " s");
        assertTrue(f.scenario().leaseMs() / speed <= 10_000, "a lease runs out within 10 s at " + speed + "×");
        assertTrue(kit.watchLineProperty().get().contains("Speed set to " + (long) speed + "×"),
                kit.watchLineProperty().get());
        assertEquals(1.0, LiveViewModel.lessonSpeed(Scenario.article().toBuilder().jobs(3).build()),
                "a short run plays in real time");
    }

    @Test
    void savingAnEditedPresetDropsItsNoteAndSaysWhereItCameFromAndTheFolderIsRemembered(@TempDir Path dir)
            throws Exception {
        kit.applyPreset(preset("lost-reply.json"));
        ScenarioFile preset = PRESETS.load("lost-reply.json");
        assertTrue(kit.prefs().lastFolder().isEmpty());

        Path unchanged = dir.resolve("unchanged.json");
        assertTrue(kit.save(unchanged, ScenarioFile.View.COMPARE));
        ScenarioFile same = FILES.read(unchanged);
        assertEquals(preset.note(), same.note(), "unedited: the note's numbers still hold");
        assertEquals(Optional.of(dir.toFile().getAbsoluteFile()), kit.prefs().lastFolder(), "the folder is remembered");

        compare.form().set(Parameter.JOBS, 7_000);
        Path edited = dir.resolve("sub").resolve("edited.json");
        Files.createDirectories(edited.getParent());
        assertTrue(kit.save(edited, ScenarioFile.View.COMPARE));
        ScenarioFile e = FILES.read(edited);
        assertEquals(ScenarioKit.editedNote(preset.name()), e.note());
        assertTrue(e.note().contains("Edited from \"" + preset.name() + "\""), e.note());
        assertEquals(7_000, e.scenario().jobs());
        assertEquals(preset.watch(), e.watch(), "the watched number still applies");
        assertEquals(Optional.of(edited.getParent().toFile().getAbsoluteFile()), kit.prefs().lastFolder());

        compare.apply(preset.scenario(), preset.strategies().subList(1, preset.strategies().size()));
        Path fewer = dir.resolve("fewer.json");
        assertTrue(kit.save(fewer, ScenarioFile.View.COMPARE));
        assertEquals(ScenarioKit.editedNote(preset.name()),
                FILES.read(fewer).note(), "a strategy removed is an edit too");
    }

    private Presets.Preset preset(String name) {
        return kit.presets().stream().filter(p -> p.fileName().equals(name)).findFirst().orElseThrow();
    }
}
