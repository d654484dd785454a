package org.idempotencylab.ui;

import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.engine.Metric;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.idempotencylab.ui.kit.LabPrefs;
import org.idempotencylab.ui.kit.MemoryPreferences;
import org.idempotencylab.ui.kit.ScenarioFileChooser;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.matcher.control.LabeledMatchers;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The classroom kit the way a teacher uses it: presets from the menu, scenario files through File ▸ Open/Save
 * (a fake chooser answers), full screen, presentation mode and the shortcut sheet. Headless under
 * {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class ClassroomKitFxTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private static final Presets PRESETS = new Presets(FILES);
    @TempDir
    static Path tmp;

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final Deque<File> toOpen = new ArrayDeque<>();
    private final Deque<File> toSave = new ArrayDeque<>();
    private final List<String> folders = new java.util.ArrayList<>();
    private final MemoryPreferences node = new MemoryPreferences();
    private CompareViewModel compare;
    private LiveViewModel live;
    private SweepViewModel sweep;
    private ScenarioKit kit;
    private Stage stage;
    private Parent root;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        compare = new CompareViewModel(Scenario.article(), pool, 2);
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        kit = new ScenarioKit(compare, live, new LabPrefs(node));
        kit.setCompareOnLoad(true); // as App does
        ScenarioFileChooser chooser = new ScenarioFileChooser() {
            @Override
            public Optional<File> chooseOpenFile(Window owner, File folder) {
                folders.add(String.valueOf(folder));
                return Optional.ofNullable(toOpen.poll());
            }

            @Override
            public Optional<File> chooseSaveFile(Window owner, String suggestedName, File folder) {
                folders.add(String.valueOf(folder));
                return Optional.ofNullable(toSave.poll());
            }
        };
        root = App.load(new ControllerFactory()
                .with(CompareViewModel.class, compare)
                .with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, new KeyStoreViewModel())
                .with(SweepViewModel.class, sweep = new SweepViewModel(SweepViewModel.classroomBase(), pool, 1))
                .with(FileChooserService.class, (o, t, n) -> Optional.empty())
                .with(ScenarioKit.class, kit)
                .with(ScenarioFileChooser.class, chooser));
        stage.setScene(App.scene(root));
        stage.show();
    }

    @AfterEach
    void stop(FxRobot robot) throws InterruptedException {
        robot.interact(() -> {
            compare.cancel();
            sweep.cancel();
            live.playingProperty().set(false);
            stage.setFullScreen(false);
        });
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    /** Opens the Presets menu and clicks the item named {@code name}. */
    private void choosePreset(FxRobot robot, String name) {
        Menu presets = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> m.getId() != null && m.getId().equals("presetsMenu")).findFirst().orElseThrow();
        robot.interact(presets::show);
        Node item = robot.from(robot.lookup(".context-menu").queryAll()).lookup(".label")
                .match(LabeledMatchers.hasText(name)).query();
        robot.clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(TextField.class).getText();
    }

    private String label(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    private void selectTab(FxRobot robot, String id) {
        TabPane tabs = robot.lookup(".tab-pane").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(
                tabs.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String selectedTab(FxRobot robot) {
        return robot.lookup(".tab-pane").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId();
    }

    /** The fields a view shows, as text, for the scenario it should show. */
    private Map<String, String> expectedFields(ScenarioFile f) {
        Scenario s = f.scenario();
        if (f.view() == ScenarioFile.View.COMPARE) {
            return Map.of("#jobsField", fmt(Parameter.JOBS, s.jobs()), "#pFailField", fmt(Parameter.P_FAIL, s.pFail()),
                    "#lostReplyField", fmt(Parameter.LOST_REPLY, s.lostReply()),
                    "#attemptsField", fmt(Parameter.MAX_ATTEMPTS, s.maxAttempts()),
                    "#seedField", fmt(Parameter.SEED, s.seed()));
        }
        return Map.of("#liveJobsField", fmt(Parameter.JOBS, s.jobs()),
                "#livePFailField", fmt(Parameter.P_FAIL, s.pFail()),
                "#liveWorkersField", fmt(Parameter.WORKERS, s.workers()),
                "#liveLeaseMsField", fmt(Parameter.LEASE_MS, s.leaseMs()),
                "#liveVisibilityTimeoutMsField", fmt(Parameter.VISIBILITY_TIMEOUT_MS, s.visibilityTimeoutMs()));
    }

    private static String fmt(Parameter p, double v) {
        return ParameterBinding.format(p, v);
    }

    private Map<String, String> compareFields(FxRobot robot) {
        return Map.of("#jobsField", text(robot, "#jobsField"), "#pFailField", text(robot, "#pFailField"),
                "#lostReplyField", text(robot, "#lostReplyField"), "#attemptsField", text(robot, "#attemptsField"),
                "#seedField", text(robot, "#seedField"));
    }

    @Test
    void everyPresetFromTheMenuLoadsIntoItsTabWithItsNote(FxRobot robot) {
        List<Presets.Preset> presets = kit.presets();
        assertEquals(presets.size(), robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> "presetsMenu".equals(m.getId())).findFirst().orElseThrow().getItems().size());
        for (Presets.Preset p : presets) {
            ScenarioFile f = p.file();
            choosePreset(robot, f.name());
            assertEquals(f.view() == ScenarioFile.View.LIVE ? "liveTab" : "compareTab", selectedTab(robot),
                    f.name());
            expectedFields(f).forEach((field, value) -> assertEquals(value, text(robot, field), f.name() + " " + field));
            assertTrue(robot.lookup("#notePanel").query().isVisible(), "the note is shown");
            assertEquals(f.name(), label(robot, "#noteTitle"));
            assertEquals(f.note(), label(robot, "#noteText"));
            assertTrue(label(robot, "#noteWatch").startsWith(ScenarioKit.label(f.watch())), label(robot, "#noteWatch"));
        }
        robot.clickOn("#closeNoteButton");
        assertFalse(robot.lookup("#notePanel").query().isVisible(), "closed until the next preset");
    }

    @Test
    void aComparePresetRunsAtOnceAndShowsItsWatchedNumberAsTheEngineComputesIt(FxRobot robot) {
        for (String name : List.of("The lost reply", "Whole-job retry vs each-step retry")) {
            ScenarioFile f = kit.presets().stream().map(Presets.Preset::file).filter(x -> x.name().equals(name))
                    .findFirst().orElseThrow();
            choosePreset(robot, name);
            // no Ctrl+R: the preset runs at once, and until it finished the table shows no other run's numbers
            // read both on the FX thread: a run that ends sets its rows, then its scenario, in one callback
            boolean[] stale = new boolean[1];
            robot.interact(() -> stale[0] = !compare.rows().isEmpty()
                    && !f.scenario().equals(compare.resultScenarioProperty().get()));
            assertFalse(stale[0], "the previous run's table stays beside " + name);
            waitUntil(() -> !compare.runningProperty().get() && compare.rows().size() == f.strategies().size()
                    && label(robot, "#noteWatch").contains("\n"));
            List<StrategyResult> direct = Comparison.run(f.scenario(), f.strategies(), 1, RunControl.NONE);
            assertEquals(ScenarioKit.watchText(f.watch(), direct), label(robot, "#noteWatch"));
            assertTrue(direct.stream().anyMatch(r -> Metric.byId(f.watch()).orElseThrow().number(r) > 0),
                    "the note's number is not all zeros: " + label(robot, "#noteWatch"));
        }
    }

    @Test
    void inPresentationModeWithANoteOpenTheBarNumbersDoNotOverlapAndNoHeaderBreaksAWord(FxRobot robot) {
        robot.interact(() -> kit.presentationProperty().set(true));
        choosePreset(robot, "Charge-then-crash, claim table");
        waitUntil(() -> !compare.runningProperty().get() && compare.rows().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        List<javafx.geometry.Bounds> numbers = robot.lookup(".bar-value").queryAll().stream()
                .map(n -> n.localToScene(n.getBoundsInLocal())).toList();
        assertEquals(6, numbers.size());
        for (int i = 0; i < numbers.size(); i++) {
            for (int j = i + 1; j < numbers.size(); j++) {
                javafx.geometry.Bounds a = numbers.get(i);
                javafx.geometry.Bounds b = numbers.get(j);
                boolean overlap = a.getMinX() < b.getMaxX() && b.getMinX() < a.getMaxX()
                        && a.getMinY() < b.getMaxY() - 1 && b.getMinY() < a.getMaxY() - 1;
                assertFalse(overlap, "bar numbers overlap: " + a + " " + b);
            }
        }
        for (Node header : robot.lookup(".results-table .column-header .label").queryAll()) {
            Label l = (Label) header;
            for (String word : l.getText().split(" ")) {
                javafx.scene.text.Text t = new javafx.scene.text.Text(word);
                t.setFont(l.getFont());
                assertTrue(t.getLayoutBounds().getWidth() <= l.getWidth() + 0.5,
                        "the header \"" + l.getText() + "\" breaks \"" + word + "\" (" + l.getWidth() + " px)");
            }
        }
    }

    @Test
    void aRememberedFileThatNoLongerOpensIsNamedInTheNotePanel(FxRobot robot) throws Exception {
        Path gone = tmp.resolve("deleted-since.json");
        node.put("lastScenario", LabPrefs.FILE + gone);
        robot.interact(() -> kit.restoreLast());
        assertTrue(robot.lookup("#notePanel").query().isVisible(), "shown where the user looks");
        assertEquals("Scenario not opened", label(robot, "#noteTitle"));
        assertTrue(label(robot, "#noteText").contains(gone.toString()), label(robot, "#noteText"));
        assertEquals("", label(robot, "#noteWatch"));
        choosePreset(robot, "The lost reply");
        assertEquals("The lost reply", label(robot, "#noteTitle"), "a loaded preset replaces the notice");
    }

    @Test
    void theLivePresetPlayedToTheEndShowsItsWatchedNumber(FxRobot robot) {
        ScenarioFile f = PRESETS.load("stuck-in-progress.json");
        choosePreset(robot, f.name());
        double lesson = LiveViewModel.lessonSpeed(f.scenario());
        assertTrue(lesson > 1, "the preset is played faster than real time");
        assertEquals(lesson, live.speedProperty().get());
        assertEquals(Math.log10(lesson), robot.lookup("#speedSlider").queryAs(javafx.scene.control.Slider.class)
                .getValue(), 1e-9, "the slider shows the speed the preset set");
        assertEquals(String.format(java.util.Locale.ROOT, "%,.0f×", lesson), label(robot, "#speedLabel"));
        robot.interact(() -> {
            live.speedProperty().set(LiveViewModel.MAX_SPEED);
            live.togglePlay();
        });
        waitUntil(() -> label(robot, "#noteWatch").matches(".*: [0-9,]+"));
        StrategyResult direct = new SignupSimulation(f.scenario(), f.strategies().get(0), RunControl.NONE).run();
        assertEquals(ScenarioKit.watchText(f.watch(), List.of(direct)), label(robot, "#noteWatch"));
    }

    @Test
    void eachKindOfMalformedFileShowsItsNamedErrorAndTheFieldsStay(FxRobot robot) throws Exception {
        choosePreset(robot, "The lost reply");
        Map<String, String> before = compareFields(robot);
        Map<String, String> errors = Map.of(
                "\"jobs\": \"many\"", "scenario.jobs",
                "\"pFail\": 1.5", "scenario.pFail: 1.5 is outside the allowed range 0 to 1",
                "\"jobs\": 100, \"colour\": 1", "scenario.colour: unknown field",
                "TRUNCATED", "the file ends early");
        for (Map.Entry<String, String> e : errors.entrySet()) {
            String json = e.getKey().equals("TRUNCATED") ? validFile("\"jobs\": 100").substring(0, 60)
                    : validFile(e.getKey());
            toOpen.add(Files.writeString(tmp.resolve("bad-" + System.nanoTime() + ".json"), json).toFile());
            robot.push(KeyCode.CONTROL, KeyCode.O);
            WaitForAsyncUtils.waitForFxEvents();
            DialogPane dialog = robot.lookup("#scenario-error").queryAs(DialogPane.class);
            assertTrue(dialog.getContentText().contains(e.getValue()), dialog.getContentText());
            robot.interact(() -> dialog.getScene().getWindow().hide());
            assertEquals(before, compareFields(robot), "the open scenario is untouched after " + e.getValue());
            assertEquals("The lost reply", label(robot, "#noteTitle"));
        }
    }

    private static String validFile(String scenarioFields) {
        return "{\n  \"format\": \"idempotency-lab/scenario@1\",\n  \"name\": \"Mine\",\n"
                + "  \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\"}],\n"
                + "  \"scenario\": {" + scenarioFields + "}\n}\n";
    }

    @Test
    void saveThenOpenRoundTripsThroughAFile(FxRobot robot) {
        choosePreset(robot, "Whole-job retry vs each-step retry");
        type(robot, "#jobsField", "5000");
        type(robot, "#pFailField", "2");
        Map<String, String> saved = compareFields(robot);
        File file = tmp.resolve("saved-" + System.nanoTime() + ".json").toFile();
        toSave.add(file);
        robot.push(KeyCode.CONTROL, KeyCode.S);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(file.isFile(), "saved");

        choosePreset(robot, "The article's five strategies");
        assertEquals("1,000,000", text(robot, "#jobsField"));
        toOpen.add(file);
        robot.push(KeyCode.CONTROL, KeyCode.O);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(saved, compareFields(robot));
        assertEquals(PRESETS.load("whole-job-vs-each-step.json").strategies(), List.copyOf(compare.strategies()));
        assertEquals("Whole-job retry vs each-step retry", label(robot, "#noteTitle"));
        assertEquals(LabPrefs.FILE + file.getAbsolutePath(), node.get("lastScenario", null));
        // the open dialog started in the folder the file was saved to; the first save had none to start from
        assertEquals(List.of("null", file.getAbsoluteFile().getParent()), folders);
        // the parameters were edited before saving: the preset's note, whose numbers no longer hold, is not kept
        assertEquals(ScenarioKit.editedNote("Whole-job retry vs each-step retry"), label(robot, "#noteText"));
    }

    @Test
    void f11PresentationModeAndTheShortcutSheet(FxRobot robot) {
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(stage.isFullScreen(), "F11: full screen");
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(stage.isFullScreen(), "F11 again: a window");

        String css = App.class.getResource(org.idempotencylab.ui.LabController.PRESENTATION_CSS).toExternalForm();
        assertFalse(stage.getScene().getStylesheets().contains(css));
        robot.push(KeyCode.CONTROL, KeyCode.P);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(stage.getScene().getStylesheets().contains(css), "presentation mode adds its style sheet");
        assertTrue(node.getBoolean("presentation", false), "and is remembered");
        robot.push(KeyCode.CONTROL, KeyCode.P);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(stage.getScene().getStylesheets().contains(css), "and removes it again");

        robot.interact(() -> robot.lookup(".tab-pane").query().requestFocus());
        robot.write("?");
        WaitForAsyncUtils.waitForFxEvents();
        Node sheet = robot.lookup("#shortcut-sheet").query();
        assertTrue(sheet != null && sheet.isVisible(), "? opens the shortcut sheet");
        assertTrue(robot.from(sheet).lookup(LabeledMatchers.hasText("F11")).tryQuery().isPresent());
        robot.interact(() -> sheet.getScene().getWindow().hide());
    }

    @Test
    void ctrlRRunsTheSweepOnTheSweepTabAndComparesOnTheCompareTabAndTheSheetSaysSo(FxRobot robot) {
        selectTab(robot, "sweepTab");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("sweepTab", selectedTab(robot));
        type(robot, "#sweepJobsField", "300");
        type(robot, "#sweepPointsField", "3");
        robot.push(KeyCode.CONTROL, KeyCode.R);
        waitUntil(() -> sweep.resultProperty().get() != null && !sweep.runningProperty().get());
        assertEquals(3, sweep.resultProperty().get().sweep().values().size());
        assertTrue(compare.rows().isEmpty() && !compare.runningProperty().get(), "Ctrl+R on Sweep compares nothing");

        selectTab(robot, "compareTab");
        WaitForAsyncUtils.waitForFxEvents();
        type(robot, "#jobsField", "2000");
        Object swept = sweep.resultProperty().get();
        robot.push(KeyCode.CONTROL, KeyCode.R);
        waitUntil(() -> !compare.runningProperty().get() && !compare.rows().isEmpty());
        assertTrue(swept == sweep.resultProperty().get(), "Ctrl+R on Compare does not sweep");

        assertTrue(org.idempotencylab.ui.kit.Shortcuts.ALL.stream()
                .anyMatch(s -> s.keys().equals("Ctrl+R") && s.action().contains("Sweep")), "the sheet says so");
    }

    @Test
    void inPresentationModeWithANoteOpenTheSweepTabsButtonsAreWholeAndInView(FxRobot robot) {
        robot.interact(() -> kit.presentationProperty().set(true));
        choosePreset(robot, "The article's five strategies");
        selectTab(robot, "sweepTab");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#notePanel").query().isVisible(), "the note is open");
        javafx.geometry.Bounds note = robot.lookup("#notePanel").query().localToScene(
                robot.lookup("#notePanel").query().getBoundsInLocal());
        javafx.scene.Scene scene = stage.getScene();
        for (String id : List.of("#sweepRunButton", "#sweepCancelButton", "#sweepCopyButton", "#sweepCsvButton",
                "#sweepExportButton", "#sweepLogScaleBox", "#sweepProgressBar")) {
            javafx.scene.control.Control b = robot.lookup(id).queryAs(javafx.scene.control.Control.class);
            javafx.geometry.Bounds r = b.localToScene(b.getBoundsInLocal());
            assertTrue(b.isVisible() && r.getMinY() >= 0 && r.getMaxY() <= scene.getHeight() - 20,
                    id + " below the fold: " + r + " in " + scene.getHeight());
            assertTrue(r.getMaxX() <= note.getMinX() + 0.5, id + " under the note: " + r + " vs " + note);
            assertTrue(b.getWidth() >= b.prefWidth(-1) - 0.5, id + " is cut: " + b.getWidth() + " < "
                    + b.prefWidth(-1));
        }
    }

    @Test
    void inPresentationModeTheArticlesFiveStrategiesChartShowsEveryNameAndNumberWhole(FxRobot robot) {
        robot.interact(() -> kit.presentationProperty().set(true));
        choosePreset(robot, "The article's five strategies");
        waitUntil(() -> !compare.runningProperty().get() && compare.rows().size() == 5); // the article's numbers
        WaitForAsyncUtils.waitForFxEvents();
        Node plot = robot.lookup("#chart .chart-plot-background").query();
        assertTrue(plot.getBoundsInLocal().getHeight() >= 180, "plot height " + plot.getBoundsInLocal().getHeight());
        long names = robot.lookup("#chart .axis").queryAll().stream()
                .flatMap(a -> ((javafx.scene.Parent) a).getChildrenUnmodifiable().stream())
                .filter(n -> n instanceof javafx.scene.text.Text && n.isVisible()).count();
        assertTrue(names >= 5 + 5, "every strategy's name and the value ticks are shown: " + names);
        javafx.geometry.Bounds chart = robot.lookup("#chart").query().localToScene(
                robot.lookup("#chart").query().getBoundsInLocal());
        List<javafx.geometry.Bounds> numbers = robot.lookup("#chart .bar-value").queryAll().stream()
                .map(n -> n.localToScene(n.getBoundsInLocal())).toList();
        assertEquals(10, numbers.size());
        for (int i = 0; i < numbers.size(); i++) {
            assertTrue(numbers.get(i).getMaxX() <= chart.getMaxX(), "cut at the right: " + numbers.get(i));
            for (int j = i + 1; j < numbers.size(); j++) {
                javafx.geometry.Bounds a = numbers.get(i);
                javafx.geometry.Bounds b = numbers.get(j);
                assertFalse(a.getMinX() < b.getMaxX() && b.getMinX() < a.getMaxX()
                        && a.getMinY() < b.getMaxY() - 1 && b.getMinY() < a.getMaxY() - 1,
                        "bar numbers overlap: " + a + " " + b);
            }
        }
    }
}
