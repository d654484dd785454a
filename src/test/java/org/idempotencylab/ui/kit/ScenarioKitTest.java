package org.idempotencylab.ui.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.NamedPipe;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit's view-model without the toolkit and without the real views (two {@link RecordingView}s stand in for
 * them): presets and files go to their view, the note's number, saving, preferences.
 */
class ScenarioKitTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private static final Presets PRESETS = new Presets(FILES);
    @TempDir
    Path tmp;

    private final RecordingView compare = new RecordingView("press Compare");
    private final RecordingView live = new RecordingView("press Play");
    private final RecordingView sweep = new RecordingView("press Run sweep");
    private final MemoryPreferences node = new MemoryPreferences();
    private final ScenarioKit kit = kit(node);

    private ScenarioKit kit(MemoryPreferences prefs) {
        return new ScenarioKit(Map.of(ScenarioFile.View.COMPARE, compare, ScenarioFile.View.LIVE, live,
                ScenarioFile.View.SWEEP, sweep), new LabPrefs(prefs));
    }

    @Test
    void everyPresetGoesToItsViewWithEveryParameterItsStrategiesAndItsWatchedMetric() {
        for (Presets.Preset p : kit.presets()) {
            kit.closeNote();
            Map<ScenarioFile.View, RecordingView> views = Map.of(ScenarioFile.View.COMPARE, compare,
                    ScenarioFile.View.LIVE, live, ScenarioFile.View.SWEEP, sweep);
            Map<RecordingView, Integer> loads = Map.of(compare, compare.loads, live, live.loads, sweep, sweep.loads);
            kit.applyPreset(p);
            ScenarioFile f = p.file();
            assertEquals(f, kit.loadedProperty().get());
            assertEquals(f.view(), kit.viewProperty().get(), p.fileName());
            assertTrue(kit.noteVisibleProperty().get());
            RecordingView to = views.get(f.view());
            // a compare file with two lanes, or with a job of its own, sets the live view up with them too (its
            // steps the stations there); the other views are untouched
            boolean lanes = f.view() == ScenarioFile.View.COMPARE
                    && (!f.lanes().isEmpty() || f.scenario().declaredWorkflow() != null);
            for (RecordingView v : views.values()) {
                assertEquals(loads.get(v) + (v == to || lanes && v == live ? 1 : 0), v.loads,
                        p.fileName() + ": the other views are untouched (but the live view's lanes or workflow)");
            }
            if (lanes && f.scenario().declaredWorkflow() != null) {
                assertEquals(f.scenario().workflow(), live.scenario().workflow(), p.fileName() + ": live plays it");
            }
            assertEquals(f.scenario(), to.scenario(), p.fileName());
            assertEquals(f.strategies(), to.strategies(), p.fileName());
            assertEquals(Metric.byId(f.watch()).orElseThrow(), to.watched, p.fileName());
            assertEquals(Optional.of(LabPrefs.PRESET + p.fileName()), kit.prefs().lastScenario());
        }
        assertEquals(0, compare.runsStarted + live.runsStarted + sweep.runsStarted, "tests load without running");
    }

    @Test
    void theWatchLineSaysWhatToDoThenShowsTheNumberOfTheLoadedViewsRun() {
        kit.applyPreset(preset("lost-reply.json"));
        ScenarioFile f = kit.loadedProperty().get();
        assertEquals(ScenarioKit.label(f.watch()) + ": press Compare", kit.watchLineProperty().get());
        Scenario small = f.scenario().toBuilder().jobs(2_000).build();
        List<StrategyResult> results = Comparison.run(small, f.strategies(), 1, RunControl.NONE);
        live.finish(List.of(results.get(0)));
        assertEquals(ScenarioKit.label(f.watch()) + ": press Compare", kit.watchLineProperty().get(),
                "a run of the other view is not this note's");
        compare.finish(results);
        assertEquals(ScenarioKit.watchText(f.watch(), results), kit.watchLineProperty().get());
    }

    /**
     * A note the window writes itself (a counterexample played in the live view): shown with its view's tab, its
     * number from that view's run only, and gone once a preset is loaded.
     */
    @Test
    void theWindowsOwnNoteWatchesItsViewsRunUntilAPresetIsLoaded() {
        kit.applyPreset(preset("lost-reply.json"));
        kit.closeNote();
        ScenarioKit.Note note = new ScenarioKit.Note("Counterexample: retry each step, no key", "at 0:01.400: ...",
                ScenarioFile.View.LIVE, Metric.USERS_WITH_DUPLICATE_EMAILS);
        kit.showNote(note);
        assertEquals(note, kit.noteProperty().get());
        assertTrue(kit.noteVisibleProperty().get());
        assertEquals(ScenarioFile.View.LIVE, kit.viewProperty().get(), "its view's tab");
        assertEquals("Users with 2+ welcome emails: playing; the number comes when the run ends",
                kit.watchLineProperty().get());
        StrategyResult r = new SignupSimulation(Scenario.article().toBuilder().jobs(2_000).build(),
                Strategy.EACH_STEP_NO_KEY, RunControl.NONE).run();
        compare.finish(List.of(r));
        assertEquals("Users with 2+ welcome emails: playing; the number comes when the run ends",
                kit.watchLineProperty().get(), "the Compare run is not this note's");
        live.finish(List.of(r));
        assertEquals(ScenarioKit.watchText("usersWithDuplicateEmails", List.of(r)), kit.watchLineProperty().get());

        kit.applyPreset(preset("article.json"));
        assertNull(kit.noteProperty().get(), "the loaded scenario's note again");
    }

    @Test
    void inTheWindowALoadedScenarioStartsItsRunAtOnce() {
        kit.setRunOnLoad(true);
        kit.applyPreset(preset("article.json"));
        assertEquals(1, compare.runsStarted);
        assertEquals("Steps done again: press Compare (running)", kit.watchLineProperty().get());
    }

    @Test
    void theWatchLineNamesTheMetricAndItsValue() {
        StrategyResult r = new SignupSimulation(Scenario.article().toBuilder().jobs(10_000).pFail(0.05).build(),
                Strategy.EACH_STEP_NO_KEY, RunControl.NONE).run();
        assertEquals("Steps done again: " + String.format("%,d", r.repeatedSteps()),
                ScenarioKit.watchText("repeatedSteps", List.of(r)));
        assertEquals("\"Job in progress\" refusals", ScenarioKit.label("jobInProgressRejections"));
        assertEquals("Slow calls", ScenarioKit.label("slowCalls"));
    }

    @Test
    void eachKindOfMalformedFileIsNamedAndChangesNothing() throws Exception {
        kit.applyPreset(preset("lost-reply.json"));
        int loads = compare.loads;
        assertMalformed(file("\"jobs\": \"many\""), "scenario.jobs");
        assertMalformed(file("\"pFail\": 1.5"), "scenario.pFail: 1.5 is outside the allowed range");
        assertMalformed(file("\"jobs\": 100, \"colour\": 1"), "scenario.colour: unknown field");
        String whole = file("\"jobs\": 100");
        assertMalformed(whole.substring(0, whole.length() - 12), "the file ends early");
        assertEquals(loads, compare.loads, "nothing was loaded into the view");
    }

    @Test
    void aFileWithSeveralProblemsListsThemAllInOneMessageAndChangesNothing() throws Exception {
        kit.applyPreset(preset("lost-reply.json"));
        int loads = compare.loads;
        Path f = Files.writeString(tmp.resolve("three.json"), file("\"pFail\": 1.5, \"jobs\": 0, \"colour\": 1"));
        assertFalse(kit.open(f));
        assertEquals("Could not open three.json: it has 3 problems.\n"
                + "scenario.pFail: 1.5 is outside the allowed range 0 to 1\n"
                + "scenario.jobs: 0 is outside the allowed range 1 to 100,000,000\n"
                + "scenario.colour: unknown field; allowed: " + String.join(", ", Parameter.ids()),
                kit.messageProperty().get());
        assertEquals("The lost reply", kit.loadedProperty().get().name());
        assertEquals(loads, compare.loads, "nothing was loaded into the view");
        // a file the reader refuses for its bytes, not its fields, is one line too
        Path latin1 = tmp.resolve("latin1.json");
        Files.write(latin1, file("\"jobs\": 100").replace("Mine", "Caf\u00e9")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertFalse(kit.open(latin1));
        assertEquals("Could not open latin1.json: line 3: not UTF-8 (byte 0xE9 at column 15); save the file as "
                + "UTF-8", kit.messageProperty().get());
        assertEquals("The lost reply", kit.loadedProperty().get().name());
    }

    /**
     * File ▸ Open on a named pipe (or a device) says what it is at once and changes nothing: opening the pipe would
     * wait for a writer for ever, with the window frozen. The timeout runs on a thread of its own, so a reader that
     * opens the pipe fails the test rather than hanging the build.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aNamedPipeIsRefusedAtOnceAndChangesNothing() throws Exception {
        Path fifo = tmp.resolve("pipe.json");
        assumeTrue(NamedPipe.make(fifo), "mkfifo makes a named pipe");
        kit.applyPreset(preset("lost-reply.json"));
        assertFalse(kit.open(fifo));
        assertEquals("Could not read " + fifo + ": a named pipe (FIFO), not a regular file", kit.messageProperty().get());
        assertEquals("The lost reply", kit.loadedProperty().get().name());
    }

    /** @return a valid scenario file but for {@code scenario}'s fields */
    static String file(String scenarioFields) {
        return "{\n  \"format\": \"idempotency-lab/scenario@1\",\n  \"name\": \"Mine\",\n"
                + "  \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\"}],\n"
                + "  \"scenario\": {" + scenarioFields + "}\n}\n";
    }

    private void assertMalformed(String json, String named) throws Exception {
        Path f = Files.writeString(tmp.resolve("bad-" + System.nanoTime() + ".json"), json);
        assertFalse(kit.open(f));
        assertTrue(kit.messageProperty().get().contains(named), kit.messageProperty().get());
        assertEquals("The lost reply", kit.loadedProperty().get().name());
    }

    @Test
    void saveThenOpenGivesTheSameScenarioStrategiesAndTheEditedNote() throws Exception {
        kit.applyPreset(preset("whole-job-vs-each-step.json"));
        ScenarioFile preset = preset("whole-job-vs-each-step.json").file();
        compare.scenario = preset.scenario().toBuilder().jobs(5_000).build(); // edited in the view
        Path file = tmp.resolve("mine.json");
        assertEquals("scenario \"" + preset.name() + "\"", kit.saveTo(file, ScenarioFile.View.COMPARE));
        kit.applyPreset(preset("article.json"));
        assertTrue(kit.open(file), kit.messageProperty().get());
        assertEquals(preset.scenario().toBuilder().jobs(5_000).build(), compare.scenario());
        assertEquals(preset.strategies(), compare.strategies());
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
        compare.scenario = Scenario.article();
        ScenarioKit again = kit(node);
        assertTrue(again.presentationProperty().get());
        assertTrue(again.restoreLast());
        assertEquals(preset("repeated-request.json").file().scenario(), compare.scenario());
        assertEquals(Optional.of("liveTab"), again.prefs().tab());
        assertEquals(Optional.of(new LabPrefs.WindowLayout(10, 20, 1300, 900, true)), again.prefs().window());
        assertEquals(Optional.empty(), LabPrefs.memory().window());
    }

    @Test
    void aRememberedFileThatIsGoneLoadsNothingSaysSoAndIsForgotten() {
        Path gone = tmp.resolve("gone.json");
        node.put(LabPrefs.LAST_SCENARIO, LabPrefs.FILE + gone);
        assertFalse(kit.restoreLast());
        assertNull(kit.loadedProperty().get());
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
        assertNull(kit.loadedProperty().get());
        assertTrue(kit.noticeProperty().get().startsWith("There is no preset named nosuch.json."),
                kit.noticeProperty().get());
        assertTrue(kit.noticeProperty().get().contains("lost-reply.json"));
        assertTrue(kit.applyPreset("lost-reply.json"));
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

        compare.scenario = preset.scenario().toBuilder().jobs(7_000).build();
        Path edited = dir.resolve("sub").resolve("edited.json");
        Files.createDirectories(edited.getParent());
        assertTrue(kit.save(edited, ScenarioFile.View.COMPARE));
        ScenarioFile e = FILES.read(edited);
        assertEquals(ScenarioKit.editedNote(preset.name()), e.note());
        assertTrue(e.note().contains("Edited from \"" + preset.name() + "\""), e.note());
        assertEquals(7_000, e.scenario().jobs());
        assertEquals(preset.watch(), e.watch(), "the watched number still applies");
        assertEquals(Optional.of(edited.getParent().toFile().getAbsoluteFile()), kit.prefs().lastFolder());

        compare.scenario = preset.scenario();
        compare.strategies = preset.strategies().subList(1, preset.strategies().size());
        Path fewer = dir.resolve("fewer.json");
        assertTrue(kit.save(fewer, ScenarioFile.View.COMPARE));
        assertEquals(ScenarioKit.editedNote(preset.name()), FILES.read(fewer).note(), "a strategy removed is an edit too");

        assertFalse(kit.save(dir.resolve("no-such-folder").resolve("x.json"), ScenarioFile.View.COMPARE));
        assertTrue(kit.messageProperty().get().contains("does not exist"), kit.messageProperty().get());
    }

    @Test
    void aScenarioSavedFromTheOtherViewGetsTheNameOfItsFileAndNoNote() throws Exception {
        kit.applyPreset(preset("lost-reply.json"));
        Path file = tmp.resolve("from-live.json");
        kit.saveTo(file, ScenarioFile.View.LIVE);
        ScenarioFile f = FILES.read(file);
        assertEquals("from-live", f.name());
        assertEquals("", f.note());
        assertEquals(ScenarioFile.View.LIVE, f.view());
        assertEquals(live.scenario(), f.scenario());
    }

    private Presets.Preset preset(String name) {
        return kit.presets().stream().filter(p -> p.fileName().equals(name)).findFirst().orElseThrow();
    }
}
