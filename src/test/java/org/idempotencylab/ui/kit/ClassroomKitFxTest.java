package org.idempotencylab.ui.kit;

import static org.idempotencylab.ui.FxSteps.enter;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.prefs.BackingStoreException;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.control.DialogPane;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Slider;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.Spacing;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.SweepSpec;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabController;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.LabWiring;
import org.idempotencylab.ui.charts.StrategyNames;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.form.ParameterPanel;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.matcher.control.LabeledMatchers;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The classroom kit the way a teacher uses it, in the whole window as {@link App} wires it: presets from the
 * menu, scenario files through File ▸ Open/Save (a fake chooser answers), Ctrl+R on each tab, full screen,
 * presentation mode and the shortcut sheet. Headless under {@code mvn verify}.
 */
class ClassroomKitFxTest {
    private static final Presets PRESETS = new Presets(ScenarioKit.FILES);
    @TempDir
    static Path tmp;

    // One window for the class: building the whole lab (every tab) costs the headless toolkit seconds, so the tests
    // share it, and each starts from the state a teacher finds on opening the lab (see fresh()).
    private static final ExecutorService POOL = Executors.newSingleThreadExecutor();
    /** False in a test that only loads presets: their comparisons are not run, only asked for. */
    private static volatile boolean runComparisons = true;
    private static final Deque<File> TO_OPEN = new ArrayDeque<>();
    private static final Deque<File> TO_SAVE = new ArrayDeque<>();
    private static final List<String> FOLDERS = new ArrayList<>();
    private static final MemoryPreferences NODE = new MemoryPreferences();
    private static CompareViewModel compare;
    private static LiveViewModel live;
    private static SweepViewModel sweep;
    private static ScenarioKit kit;
    private static Stage stage;

    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void openTheLab() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupFixture(() -> {
            Executor comparisons = task -> {
                if (runComparisons) {
                    POOL.execute(task);
                }
            };
            ScenarioFileChooser chooser = new ScenarioFileChooser() {
                @Override
                public Optional<File> chooseOpenFile(Window owner, File folder) {
                    FOLDERS.add(String.valueOf(folder));
                    return Optional.ofNullable(TO_OPEN.poll());
                }

                @Override
                public Optional<File> chooseSaveFile(Window owner, String suggestedName, File folder) {
                    FOLDERS.add(String.valueOf(folder));
                    return Optional.ofNullable(TO_SAVE.poll());
                }
            };
            LabWiring wiring = LabWindow.wiring(new LabWiring.Runs(comparisons, POOL, POOL, POOL, 2),
                    new LabPrefs(NODE));
            wiring.services().with(ScenarioFileChooser.class, chooser);
            compare = wiring.compare();
            live = wiring.live();
            sweep = wiring.sweep();
            kit = wiring.kit();
            kit.setRunOnLoad(true); // as App does
            try {
                LabWindow window = LabWindow.frame(stage, wiring);
                window.lab().buildAllTabs();
                // the lab's own 1280 × 820, whatever size the shared stage was given by a test class before
                stage.sizeToScene();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            stage.show();
        });
    }

    /** The lab as it opens: no run going, no note, no dialog, the article's parameters, the Compare tab. */
    @BeforeEach
    void fresh() {
        runComparisons = true;
        TO_OPEN.clear();
        TO_SAVE.clear();
        FOLDERS.clear();
        robot.interact(() -> {
            for (Window w : new ArrayList<>(Window.getWindows())) {
                if (w != stage) {
                    w.hide(); // a dialog a failed test left open
                }
            }
            stage.setFullScreen(false);
            live.playingProperty().set(false);
            live.speedProperty().set(1);
            live.lanes().prepare(null); // one lane, whatever preset with two a test loaded
            sweep.cancel();
            sweep.form().load(SweepViewModel.classroomBase());
            // the Sweep tab as it opens, whatever sweep preset a test loaded
            sweep.setStrategies(Strategy.ARTICLE);
            sweep.clearResults();
            sweep.parameterProperty().set(Parameter.P_FAIL);
            sweep.fromProperty().set("0");
            sweep.toProperty().set("5");
            sweep.spacingProperty().set(Spacing.LINEAR);
            sweep.metricProperty().set(Metric.REPEATED_STEPS);
            sweep.metric2Property().set(null);
            sweep.logScaleProperty().set(false);
            sweep.pointsProperty().set("11");
            compare.apply(Scenario.article(), Strategy.ARTICLE);
            compare.watch(null);
            compare.clearResults();
            compare.inputErrorProperty().set(null);
            compare.setStatus("");
            kit.presentationProperty().set(false);
            kit.closeNote();
            selectTab("compareTab");
        });
        try {
            NODE.clear();
        } catch (BackingStoreException e) {
            throw new IllegalStateException(e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterAll
    static void closeTheLab() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            compare.cancel();
            sweep.cancel();
            live.playingProperty().set(false);
        }).get();
        POOL.shutdownNow();
        POOL.awaitTermination(10, TimeUnit.SECONDS);
        FxToolkit.cleanupStages();
    }

    /**
     * Picks the preset named {@code name} from the Presets menu: its item's action, as a click on it runs it (the
     * menu itself, opened and clicked, is {@link #choosePreset}'s; a popup per preset costs each test seconds).
     */
    private void pickPreset(String name) {
        Menu presets = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> "presetsMenu".equals(m.getId())).findFirst().orElseThrow();
        robot.interact(() -> presetItems(presets).stream().filter(i -> name.equals(i.getText())).findFirst()
                .orElseThrow(() -> new AssertionError("no preset " + name)).fire());
    }

    /** The Presets menu's preset items: the lessons, then those of its "Field cases" submenu. */
    private static List<MenuItem> presetItems(Menu presets) {
        List<MenuItem> out = new ArrayList<>();
        for (MenuItem i : presets.getItems()) {
            if (i instanceof Menu sub) {
                assertEquals("fieldCasesMenu", sub.getId());
                out.addAll(sub.getItems());
            } else if (!(i instanceof SeparatorMenuItem)) {
                out.add(i);
            }
        }
        return out;
    }

    /** Opens the Presets menu and clicks the item named {@code name}. */
    private void choosePreset(String name) {
        Menu presets = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> "presetsMenu".equals(m.getId())).findFirst().orElseThrow();
        robot.interact(presets::show);
        Node item = robot.from(robot.lookup(".context-menu").queryAll()).lookup(".label")
                .match(LabeledMatchers.hasText(name)).query();
        robot.clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private ScenarioFile preset(String fileName) {
        return PRESETS.load(fileName);
    }

    // Read on the FX thread: a preset's live scene plays while the test reads, and a lookup from the test thread
    // can walk a child list the FX thread is changing.
    private String text(String query) {
        return FxSteps.onFx(() -> robot.lookup(query).queryAs(TextField.class).getText());
    }

    private boolean noteShown() {
        return FxSteps.onFx(() -> robot.lookup("#notePanel").query().isVisible());
    }

    private String label(String query) {
        return FxSteps.onFx(() -> robot.lookup(query).queryAs(Label.class).getText());
    }

    /** Selects the tab whose fx:id is {@code id}; on the FX thread. */
    private void selectTab(String id) {
        TabPane tabs = robot.lookup(".tab-pane").queryAs(TabPane.class);
        tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst()
                .orElseThrow());
    }

    private void showTab(String id) {
        robot.interact(() -> selectTab(id));
    }

    private String selectedTab() {
        return FxSteps.onFx(() -> robot.lookup(".tab-pane").queryAs(TabPane.class).getSelectionModel()
                .getSelectedItem().getId());
    }

    /**
     * @return the text of the live view's field for {@code p}: by the parameter panel's id, or by the ids the live
     *         view's own fields have had
     */
    private String liveField(Parameter p, String legacyId) {
        return FxSteps.onFx(() -> {
            Optional<Node> panel = robot.lookup(".live-view #" + ParameterPanel.nodeId("live", p, "Field"))
                    .tryQuery();
            return ((TextField) panel.orElseGet(() -> robot.lookup(".live-view #" + legacyId).query())).getText();
        });
    }

    /** @return the fields as a person reads them, for the scenario {@code f} should show */
    private static Map<String, String> expectedFields(ScenarioFile f) {
        Scenario s = f.scenario();
        Map<String, String> fields = new LinkedHashMap<>();
        if (f.view() == ScenarioFile.View.SWEEP) {
            // the sweep's own fields in window units, and the base scenario's in the panel
            SweepSpec w = f.sweep();
            fields.put("from", ParameterBinding.format(w.vary(), w.from()));
            fields.put("to", ParameterBinding.format(w.vary(), w.to()));
            fields.put("points", Integer.toString(w.points()));
            for (Parameter p : List.of(Parameter.JOBS, Parameter.WORKERS, Parameter.P_CRASH)) {
                fields.put(p.id(), ParameterBinding.format(p, p.number(s)));
            }
            return fields;
        }
        if (f.view() == ScenarioFile.View.COMPARE) {
            // every parameter has a field in Compare, those a preset changes in its advanced sections too
            for (Parameter p : Parameter.values()) {
                if (p.kind().isNumber()) {
                    fields.put(p.id(), ParameterBinding.format(p, p.number(s)));
                }
            }
            return fields;
        }
        fields.put("jobs", ParameterBinding.format(Parameter.JOBS, s.jobs()));
        fields.put("pFail", ParameterBinding.format(Parameter.P_FAIL, s.pFail()));
        fields.put("workers", ParameterBinding.format(Parameter.WORKERS, s.workers()));
        fields.put("leaseMs", ParameterBinding.format(Parameter.LEASE_MS, s.leaseMs()));
        fields.put("visibilityTimeoutMs", ParameterBinding.format(Parameter.VISIBILITY_TIMEOUT_MS,
                s.visibilityTimeoutMs()));
        return fields;
    }

    private Map<String, String> shownFields(ScenarioFile f) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (f.view() == ScenarioFile.View.SWEEP) {
            fields.put("from", text("#sweepFromField"));
            fields.put("to", text("#sweepToField"));
            fields.put("points", text("#sweepPointsField"));
            for (Parameter p : List.of(Parameter.JOBS, Parameter.WORKERS, Parameter.P_CRASH)) {
                fields.put(p.id(), text(".sweep-view #" + ParameterPanel.nodeId("sweep", p, "Field")));
            }
            return fields;
        }
        if (f.view() == ScenarioFile.View.COMPARE) {
            expectedFields(f).keySet().forEach(id -> fields.put(id, text(".compare-view #" + id + "Field")));
            return fields;
        }
        fields.put("jobs", liveField(Parameter.JOBS, "liveJobsField"));
        fields.put("pFail", liveField(Parameter.P_FAIL, "livePFailField"));
        fields.put("workers", liveField(Parameter.WORKERS, "liveWorkersField"));
        fields.put("leaseMs", liveField(Parameter.LEASE_MS, "liveLeaseMsField"));
        fields.put("visibilityTimeoutMs", liveField(Parameter.VISIBILITY_TIMEOUT_MS, "liveVisibilityTimeoutMsField"));
        return fields;
    }

    @Test
    void everyPresetFromTheMenuLoadsIntoItsTabWithEveryParameterShownAndItsNote() {
        runComparisons = false; // what this proves is the loading; the runs are another test's
        List<Presets.Preset> presets = kit.presets();
        Menu menu = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> "presetsMenu".equals(m.getId())).findFirst().orElseThrow();
        assertEquals(presets.stream().map(p -> p.file().name()).toList(),
                presetItems(menu).stream().map(MenuItem::getText).toList(), "lessons, then the field cases");
        boolean first = true;
        for (Presets.Preset p : presets) {
            ScenarioFile f = p.file();
            if (first) {
                choosePreset(f.name()); // the menu opened and its item clicked
            } else {
                pickPreset(f.name()); // the other items' actions, without a popup each
            }
            first = false;
            assertEquals(f.view() == ScenarioFile.View.LIVE ? "liveTab" : f.view() == ScenarioFile.View.SWEEP
                    ? "sweepTab" : "compareTab", selectedTab(), f.name());
            assertEquals(expectedFields(f), shownFields(f), f.name());
            assertTrue(noteShown(), "the note is shown");
            assertEquals(f.name(), label("#noteTitle"));
            assertEquals(f.note(), label("#noteText"));
            // the watched number in the words of the preset's job (a checkout's card charged twice, not emails)
            String watched = Metric.byId(f.watch()).orElseThrow().label(f.scenario().workflow());
            assertTrue(label("#noteWatch").startsWith(watched), label("#noteWatch"));
            if (f.view() == ScenarioFile.View.COMPARE) {
                assertEquals(CompareViewModel.differencesLine(CompareViewModel.differences(f.scenario())),
                        label(".parameter-differences"), "the line of what differs from the article");
            }
        }
        robot.clickOn("#closeNoteButton");
        assertFalse(noteShown(), "closed until the next preset");
    }

    @Test
    void aComparePresetRunsAtOnceAndItsWatchedNumberIsTheEnginesInTheNoteAndTheTable() {
        ScenarioFile lost = preset("lost-reply.json");
        pickPreset(lost.name());
        waitUntil(() -> !compare.runningProperty().get() && compare.rows().size() == lost.strategies().size()
                && label("#noteWatch").contains("\n"));
        // no Ctrl+R: the preset ran at once, and the note's number per strategy is the one its table row shows
        // (that the table's numbers are the engine's is CompareViewFxTest's)
        @SuppressWarnings("unchecked")
        TableView<Object> rows = robot.lookup("#resultsTable").queryAs(TableView.class);
        String[] note = label("#noteWatch").split("\n");
        assertEquals(ScenarioKit.label(lost.watch()) + ":", note[0]);
        TableColumn<Object, ?> watched = rows.getColumns().stream()
                .filter(c -> c.getText().equals(ScenarioKit.label(lost.watch()))).findFirst().orElseThrow();
        for (int i = 0; i < lost.strategies().size(); i++) {
            long shown = Long.parseLong(String.valueOf(watched.getCellData(i)).replace(",", "")); // "4,951"
            assertEquals(String.format(Locale.ROOT, "%,d  %s", shown, lost.strategies().get(i).name()), note[i + 1]);
        }
        assertTrue(compare.rows().stream().anyMatch(r -> r.result().usersWithDuplicateEmails() > 0),
                "not all zeros: the lesson has something to show");

        // the next preset: until its run finished, the table shows no other run's numbers
        ScenarioFile whole = preset("whole-job-vs-each-step.json");
        pickPreset(whole.name());
        boolean[] stale = new boolean[1];
        // read both on the FX thread: a run that ends sets its rows and its scenario in one callback
        robot.interact(() -> stale[0] = !compare.rows().isEmpty()
                && !whole.scenario().equals(compare.resultScenarioProperty().getValue()));
        assertFalse(stale[0], "the previous run's table stays beside " + whole.name());

        // a preset that watches a number outside the article's five: the table shows its column too
        ScenarioFile lease = preset("short-lease.json");
        pickPreset(lease.name());
        waitUntil(() -> !compare.runningProperty().get() && compare.rows().size() == lease.strategies().size()
                && label("#noteWatch").contains("\n"));
        StrategyResult leaseDirect = new SignupSimulation(lease.scenario(), lease.strategies().get(0),
                RunControl.NONE).run();
        // the bug and its fix (a lease longer than the slowest call): a line each
        assertEquals(List.of("Lease reclaims:", String.format(Locale.ROOT, "%,d  %s", leaseDirect.leaseReclaims(),
                lease.strategies().get(0).name()), "0  " + lease.strategies().get(1).name()),
                label("#noteWatch").lines().toList());
        assertTrue(leaseDirect.leaseReclaims() > 0, "the short lease is reclaimed");
        @SuppressWarnings("unchecked")
        TableView<Object> table = robot.lookup("#resultsTable").queryAs(TableView.class);
        // the watched number's column comes after the article's five, before the main cause's (the last)
        TableColumn<Object, ?> last = table.getColumns().get(table.getColumns().size() - 2);
        assertEquals(Metric.LEASE_RECLAIMS.label(), last.getText());
        assertEquals(Long.toString(leaseDirect.leaseReclaims()), String.valueOf(last.getCellData(0)));
    }

    private static void assertNoOverlap(List<Bounds> numbers) {
        for (int i = 0; i < numbers.size(); i++) {
            for (int j = i + 1; j < numbers.size(); j++) {
                Bounds a = numbers.get(i);
                Bounds b = numbers.get(j);
                boolean overlap = a.getMinX() < b.getMaxX() && b.getMinX() < a.getMaxX()
                        && a.getMinY() < b.getMaxY() - 1 && b.getMinY() < a.getMaxY() - 1;
                assertFalse(overlap, "bar numbers overlap: " + a + " " + b);
            }
        }
    }

    @Test
    void aRememberedFileThatNoLongerOpensIsNamedInTheNotePanel() {
        Path gone = tmp.resolve("deleted-since.json");
        NODE.put("lastScenario", LabPrefs.FILE + gone);
        robot.interact(() -> kit.restoreLast());
        assertTrue(noteShown(), "shown where the user looks");
        assertEquals("Scenario not opened", label("#noteTitle"));
        assertTrue(label("#noteText").contains(gone.toString()), label("#noteText"));
        assertEquals("", label("#noteWatch"));
        runComparisons = false;
        pickPreset("The lost reply");
        assertEquals("The lost reply", label("#noteTitle"), "a loaded preset replaces the notice");
    }

    @Test
    void theLivePresetPlayedToTheEndShowsItsWatchedNumber() {
        ScenarioFile f = preset("stuck-in-progress.json");
        pickPreset(f.name());
        double lesson = LiveViewModel.lessonSpeed(f.scenario());
        assertTrue(lesson > 1, "the preset is played faster than real time");
        assertEquals(lesson, live.speedProperty().get());
        assertEquals(Math.log10(lesson), robot.lookup("#speedSlider").queryAs(Slider.class).getValue(), 1e-9,
                "the slider shows the speed the preset set");
        assertEquals(String.format(Locale.ROOT, "%,.0f×", lesson), label("#speedLabel"));
        assertTrue(label("#noteWatch").contains("press Play (Space)"), label("#noteWatch"));
        robot.interact(() -> {
            live.speedProperty().set(LiveViewModel.MAX_SPEED);
            live.togglePlay();
        });
        waitUntil(() -> { // Play again after each pause at a new duplicate, as a teacher does, to the end
            robot.interact(() -> {
                if (!live.playingProperty().get() && !live.finishedProperty().get()) {
                    live.togglePlay();
                }
            });
            return label("#noteWatch").matches(".*: [0-9,]+");
        });
        StrategyResult direct = new SignupSimulation(f.scenario(), f.strategies().get(0), RunControl.NONE).run();
        assertEquals(ScenarioKit.watchText(f.watch(), List.of(direct)), label("#noteWatch"));
    }

    @Test
    void theSweepPresetFromTheFieldCasesMenuRunsItsSweepAndShowsBothMetricsPerStrategy() {
        ScenarioFile f = preset("field-powertools-expiry-sweep.json");
        // as a teacher does: Presets, then Field cases, then the preset's item
        Menu presets = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> "presetsMenu".equals(m.getId())).findFirst().orElseThrow();
        robot.interact(presets::show);
        robot.clickOn(robot.from(robot.lookup(".context-menu").queryAll()).lookup(".label")
                .match(LabeledMatchers.hasText("Field cases")).<Node>query());
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(robot.from(robot.lookup(".context-menu").queryAll()).lookup(".label")
                .match(LabeledMatchers.hasText(f.name())).<Node>query());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("sweepTab", selectedTab(), "the preset opens the Sweep tab");
        waitUntil(() -> sweep.resultProperty().get() != null && !sweep.runningProperty().get());

        // the preset's one strategy in place of the article's five, ticked
        List<CheckBox> boxes = robot.lookup("#sweepStrategyBox").queryAs(VBox.class)
                .getChildren().stream().map(n -> (CheckBox) n).toList();
        String strategy = f.strategies().get(0).name();
        assertEquals(List.of(strategy), boxes.stream().map(CheckBox::getText).toList());
        assertTrue(boxes.get(0).isSelected());
        ChoiceBox<Optional<Metric>> second = robot.lookup("#sweepMetric2Choice").query();
        assertEquals("Dead-lettered jobs", second.getConverter().toString(second.getValue()));

        // two lines for the one strategy: the first metric, then the second, both named
        LineChart<?, ?> chart = robot.lookup("#sweepChart").queryAs(LineChart.class);
        List<String> names = List.of(strategy + " — Overlapping runs", strategy + " — Dead-lettered jobs");
        assertEquals(names, chart.getData().stream().map(XYChart.Series::getName).toList());
        assertEquals(f.sweep().points(), chart.getData().get(0).getData().size(), "one point per lease");
        // the legend: the strategy's short name with each metric, the full name in its tooltip
        String shortName = StrategyNames.shortName(f.strategies().get(0));
        List<Label> legend = robot.lookup("#sweepLegend").queryAs(FlowPane.class).getChildren().stream()
                .map(n -> (Label) n).toList();
        assertEquals(List.of(shortName + " — Overlapping runs", shortName + " — Dead-lettered jobs"),
                legend.stream().map(Label::getText).toList(), "the legend names both");
        assertEquals(names, legend.stream().map(l -> l.getTooltip().getText()).toList());
        Node note = robot.lookup("#notePanel").query();
        double noteLeft = note.localToScene(note.getLayoutBounds()).getMinX();
        for (Label l : legend) {
            assertTrue(l.localToScene(l.getLayoutBounds()).getMaxX() <= noteLeft,
                    "the legend entry is not hidden under the teaching note: " + l.getText());
        }
        assertEquals("Overlapping runs and\ndead-lettered jobs,\nlog scale",
                ((NumberAxis) chart.getYAxis()).getLabel());
        assertEquals("Overlapping runs and dead-lettered jobs by lease", label("#sweepChartHeading"));

        // the note's number is the engine's: the most dead-lettered jobs over the sweep, and the first lease there
        SweepSpec w = f.sweep();
        Sweep.Result direct = Sweep.of(f.scenario(), w.vary(), w.from(), w.to(), w.points(), f.strategies(),
                w.spacing()).run(1, RunControl.NONE);
        assertEquals(SweepViewModel.peakText(direct, Metric.DEAD_LETTERED_JOBS), label("#noteWatch"));
        assertEquals("Dead-lettered jobs: up to 41, first at lease 234,892 ms", label("#noteWatch"));
    }

    @Test
    void eachKindOfMalformedFileShowsItsNamedErrorAndTheFieldsStay() throws Exception {
        runComparisons = false;
        ScenarioFile lost = preset("lost-reply.json");
        pickPreset(lost.name());
        Map<String, String> before = shownFields(lost);
        Map<String, String> errors = Map.of(
                "\"jobs\": \"many\"", "scenario.jobs",
                "\"pFail\": 1.5", "scenario.pFail: 1.5 is outside the allowed range 0 to 1",
                "\"jobs\": 100, \"colour\": 1", "scenario.colour: unknown field",
                "TRUNCATED", "the file ends early",
                // every problem of the file in the one dialog, one a line
                "\"pFail\": 1.5, \"jobs\": 0, \"colour\": 1", "it has 3 problems.\n"
                        + "scenario.pFail: 1.5 is outside the allowed range 0 to 1\n"
                        + "scenario.jobs: 0 is outside the allowed range 1 to 100,000,000\n"
                        + "scenario.colour: unknown field; allowed: jobs, pFail");
        for (Map.Entry<String, String> e : errors.entrySet()) {
            String json = e.getKey().equals("TRUNCATED") ? ScenarioKitTest.file("\"jobs\": 100").substring(0, 60)
                    : ScenarioKitTest.file(e.getKey());
            TO_OPEN.add(Files.writeString(tmp.resolve("bad-" + System.nanoTime() + ".json"), json).toFile());
            robot.push(KeyCode.CONTROL, KeyCode.O);
            WaitForAsyncUtils.waitForFxEvents();
            DialogPane dialog = robot.lookup("#scenario-error").queryAs(DialogPane.class);
            assertTrue(dialog.getContentText().contains(e.getValue()), dialog.getContentText());
            robot.interact(() -> dialog.getScene().getWindow().hide());
            assertEquals(before, shownFields(lost), "the open scenario is untouched after " + e.getValue());
            assertEquals("The lost reply", label("#noteTitle"));
        }
    }

    @Test
    void saveThenOpenRoundTripsThroughAFileAndTheStatusLineSaysWhere() {
        runComparisons = false;
        ScenarioFile whole = preset("whole-job-vs-each-step.json");
        pickPreset(whole.name());
        type(robot, "#jobsField", "5000");
        type(robot, "#pFailField", "2");
        type(robot, "#pCrashField", "1"); // an advanced parameter, in its section
        Map<String, String> saved = shownFields(whole);
        File file = tmp.resolve("saved-" + System.nanoTime() + ".json").toFile();
        TO_SAVE.add(file);
        robot.push(KeyCode.CONTROL, KeyCode.S);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(file.isFile(), "saved");
        assertEquals("Saved " + file + " (scenario \"" + whole.name() + "\")", compare.statusProperty().get());

        pickPreset("The article's five strategies");
        assertEquals("1,000,000", text("#jobsField"));
        assertEquals("0", text("#pCrashField"));
        TO_OPEN.add(file);
        robot.push(KeyCode.CONTROL, KeyCode.O);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(saved, shownFields(whole));
        assertEquals("1", text("#pCrashField"));
        assertEquals(whole.strategies(), List.copyOf(compare.strategies()));
        assertEquals(whole.name(), label("#noteTitle"));
        assertEquals(LabPrefs.FILE + file.getAbsolutePath(), NODE.get("lastScenario", null));
        // the open dialog started in the folder the file was saved to; the first save had none to start from
        assertEquals(List.of("null", file.getAbsoluteFile().getParent()), FOLDERS);
        // the parameters were edited before saving: the preset's note, whose numbers no longer hold, is not kept
        assertEquals(ScenarioKit.editedNote(whole.name()), label("#noteText"));

        // a folder that does not exist: the status line and a dialog say so, and nothing is written
        File nowhere = tmp.resolve("no-such-folder").resolve("x.json").toFile();
        TO_SAVE.add(nowhere);
        robot.push(KeyCode.CONTROL, KeyCode.S);
        WaitForAsyncUtils.waitForFxEvents();
        String why = "Could not save " + nowhere + ": the folder does not exist";
        assertEquals(why, compare.statusProperty().get());
        DialogPane dialog = robot.lookup("#scenario-error").queryAs(DialogPane.class);
        assertEquals(why, dialog.getContentText());
        robot.interact(() -> dialog.getScene().getWindow().hide());
        assertFalse(nowhere.exists());
    }

    /**
     * "Watch it happen" with a second lane: Save writes both lanes (its strategies and {@code "lanes": [0, 1]}), and
     * opening the file, from one lane, shows lane B again with the strategy it had.
     */
    @Test
    void savingTwoLanesWritesThemAndOpeningTheFileShowsLaneBAgain() throws Exception {
        runComparisons = false;
        showTab("liveTab");
        @SuppressWarnings("unchecked")
        ComboBox<Strategy> second = robot.lookup("#secondStrategyBox").queryAs(ComboBox.class);
        CheckBox beside = robot.lookup("#besideBox").queryAs(CheckBox.class);
        Strategy claims = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        assertFalse(beside.isSelected(), "one lane as the lab opens");
        FxSteps.press(robot, "#besideBox");
        robot.interact(() -> second.setValue(claims)); // one of the box's own choices
        assertTrue(second.getItems().contains(claims));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(live.lanes().activeProperty().get(), "two lanes play");
        String laneA = label("#laneNameA");
        String laneB = second.getButtonCell().getText();
        assertEquals("B · " + StrategyNames.settingsFirst(claims), laneB);

        File file = tmp.resolve("two-lanes-" + System.nanoTime() + ".json").toFile();
        TO_SAVE.add(file);
        robot.push(KeyCode.CONTROL, KeyCode.S);
        WaitForAsyncUtils.waitForFxEvents();
        ScenarioFile saved = ScenarioKit.FILES.read(file.toPath());
        assertEquals(List.of(0, 1), saved.lanes(), Files.readString(file.toPath()));
        assertEquals(List.of(live.strategyProperty().get(), claims), saved.laneStrategies());
        String json = Files.readString(file.toPath());
        assertTrue(json.replaceAll("\\s", "").contains("\"lanes\":[0,1]"), json);

        // one lane again, lane B's box on another strategy; then the file
        FxSteps.press(robot, "#besideBox");
        robot.interact(() -> second.setValue(Strategy.EACH_STEP_NO_KEY));
        assertFalse(live.lanes().activeProperty().get());
        TO_OPEN.add(file);
        robot.push(KeyCode.CONTROL, KeyCode.O);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("liveTab", selectedTab());
        assertTrue(beside.isSelected(), "Beside it: on");
        assertEquals(laneB, second.getButtonCell().getText(), "lane B with the strategy it was saved with");
        assertEquals(laneA, label("#laneNameA"));
        assertTrue(robot.lookup("#laneStrip").query().isVisible(), "lane B is drawn");
    }

    @Test
    void f11FullScreenAndTheShortcutSheet() {
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(stage.isFullScreen(), "F11: full screen");
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(stage.isFullScreen(), "F11 again: a window");

        robot.interact(() -> robot.lookup(".tab-pane").query().requestFocus());
        robot.write("?");
        WaitForAsyncUtils.waitForFxEvents();
        Node sheet = robot.lookup("#shortcut-sheet").query();
        assertTrue(sheet != null && sheet.isVisible(), "? opens the shortcut sheet");
        assertTrue(robot.from(sheet).lookup(LabeledMatchers.hasText("F11")).tryQuery().isPresent());
        assertTrue(robot.from(sheet).lookup(LabeledMatchers.hasText("In \"Watch it happen\"")).tryQuery().isPresent());
        robot.interact(() -> sheet.getScene().getWindow().hide());
    }

    @Test
    void ctrlRRunsTheShownTabOnWhatItsFieldsShowEvenBeforeEnterAndTheSheetSaysSo() {
        showTab("sweepTab");
        type(robot, "#sweepJobsField", "300");
        TextField points = robot.lookup("#sweepPointsField").queryAs(TextField.class);
        enter(robot, robot.lookup("#sweepSeedField").queryAs(TextField.class), "7"); // no Enter: still in the field
        robot.interact(() -> points.setText("3"));
        robot.push(KeyCode.CONTROL, KeyCode.R);
        waitUntil(() -> sweep.resultProperty().get() != null && !sweep.runningProperty().get());
        assertEquals(3, sweep.resultProperty().get().sweep().values().size());
        assertEquals(7, sweep.resultProperty().get().sweep().scenarios().get(0).seed(),
                "the sweep used the seed on screen");
        assertTrue(compare.rows().isEmpty() && !compare.runningProperty().get(), "Ctrl+R on Sweep compares nothing");

        showTab("compareTab");
        type(robot, "#jobsField", "2000");
        enter(robot, robot.lookup("#pFailField").queryAs(TextField.class), "5"); // no Enter
        Object swept = sweep.resultProperty().get();
        robot.push(KeyCode.CONTROL, KeyCode.R);
        waitUntil(() -> !compare.runningProperty().get() && !compare.rows().isEmpty());
        assertEquals(0.05, compare.resultScenarioProperty().getValue().pFail(), 0.0, "the run used the 5% on screen");
        assertTrue(swept == sweep.resultProperty().get(), "Ctrl+R on Compare does not sweep");

        assertTrue(Shortcuts.ALL.stream().anyMatch(s -> s.keys().equals("Ctrl+R") && s.action().contains("Sweep")),
                "the sheet says so");
    }

    /**
     * Presentation mode at 1280 × 820 with a note open, as in front of a class: nothing is cut off. The Compare
     * chart runs a scenario of the article's five strategies whose bars are at least as long as the article's
     * (100,000 sign-ups, 10% failures, 5% lost replies, 5 attempts: 527,884 steps done again after the longest bar,
     * against the article's 464,233, and 4,980 users with two emails against its 4,939, on the same log axis up to
     * 10M), so the article's own numbers fit too, in a tenth of its million sign-ups' time.
     */
    @Test
    void ctrlPTurnsPresentationModeOnAndInItWithANoteOpenNothingIsCutOffOrOverlaps() throws Exception {
        String css = App.class.getResource(LabController.PRESENTATION_CSS).toExternalForm();
        assertFalse(stage.getScene().getStylesheets().contains(css));
        robot.push(KeyCode.CONTROL, KeyCode.P);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(stage.getScene().getStylesheets().contains(css), "presentation mode adds its style sheet");
        assertTrue(NODE.getBoolean("presentation", false), "and is remembered");
        TO_OPEN.add(Files.writeString(tmp.resolve("long-bars.json"), """
                {"format": "idempotency-lab/scenario@1", "name": "The article's five strategies, longer bars",
                 "note": "The article's five strategies with more failures: the same shape of chart.",
                 "watch": "repeatedSteps", "view": "compare",
                 "scenario": {"jobs": 100000, "pFail": 0.1, "lostReply": 0.05, "maxAttempts": 5}}
                """).toFile());
        robot.push(KeyCode.CONTROL, KeyCode.O);
        waitUntil(() -> !compare.runningProperty().get() && compare.rows().size() == 5);
        assertTrue(noteShown(), "the note is open");
        assertTrue(compare.rows().get(3).result().repeatedSteps() >= 464_233, "bars at least the article's");
        Node plot = robot.lookup("#chart .chart-plot-background").query();
        assertTrue(plot.getBoundsInLocal().getHeight() >= 180, "plot height " + plot.getBoundsInLocal().getHeight());
        long names = robot.lookup("#chart .axis").queryAll().stream()
                .flatMap(a -> ((Parent) a).getChildrenUnmodifiable().stream())
                .filter(n -> n instanceof Text && n.isVisible()).count();
        assertTrue(names >= 5 + 5, "every strategy's name and the value ticks are shown: " + names);
        Bounds chart = robot.lookup("#chart").query().localToScene(robot.lookup("#chart").query().getBoundsInLocal());
        List<Bounds> numbers = barNumbers();
        assertEquals(10, numbers.size());
        for (Bounds n : numbers) {
            assertTrue(n.getMaxX() <= chart.getMaxX(), "cut at the right: " + n);
        }
        assertNoOverlap(numbers);
        assertHeadersKeepTheirWords();
        // the parameter panel keeps its fields in view in large type
        Node panel = robot.lookup(".parameter-panel").query();
        Bounds p = panel.localToScene(panel.getLayoutBounds());
        for (String id : List.of("#pFailField", "#jobsField", "#seedField")) {
            Bounds f = robot.lookup(id).query().localToScene(robot.lookup(id).query().getLayoutBounds());
            assertTrue(f.getMaxX() <= p.getMaxX(), id + " cut off at " + f + " in " + p);
        }

        // three strategies with thick bars: a category's two numbers move apart instead of overlapping
        pickPreset("Charge-then-crash, claim table");
        waitUntil(() -> !compare.runningProperty().get() && compare.rows().size() == 3);
        List<Bounds> three = barNumbers();
        assertEquals(6, three.size());
        assertNoOverlap(three);
        assertHeadersKeepTheirWords();

        // the Sweep tab: its buttons whole and in view, beside the note
        showTab("sweepTab");
        Bounds note = robot.lookup("#notePanel").query().localToScene(
                robot.lookup("#notePanel").query().getBoundsInLocal());
        Scene scene = stage.getScene();
        for (String id : List.of("#sweepRunButton", "#sweepCancelButton", "#sweepCopyButton", "#sweepCsvButton",
                "#sweepExportButton", "#sweepLogScaleBox", "#sweepProgressBar")) {
            Control b = robot.lookup(id).queryAs(Control.class);
            Bounds r = b.localToScene(b.getBoundsInLocal());
            assertTrue(b.isVisible() && r.getMinY() >= 0 && r.getMaxY() <= scene.getHeight() - 20,
                    id + " below the fold: " + r + " in " + scene.getHeight());
            assertTrue(r.getMaxX() <= note.getMinX() + 0.5, id + " under the note: " + r + " vs " + note);
            assertTrue(b.getWidth() >= b.prefWidth(-1) - 0.5, id + " is cut: " + b.getWidth() + " < "
                    + b.prefWidth(-1));
        }

        robot.push(KeyCode.CONTROL, KeyCode.P);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(stage.getScene().getStylesheets().contains(css), "Ctrl+P again removes it");
        assertFalse(NODE.getBoolean("presentation", true));
    }

    private List<Bounds> barNumbers() {
        return robot.lookup("#chart .bar-value").queryAll().stream().map(n -> n.localToScene(n.getBoundsInLocal()))
                .toList();
    }

    /** Each header of the Compare table wraps between its words, never inside one ("Succeed / ed"). */
    private void assertHeadersKeepTheirWords() {
        for (Node header : robot.lookup("#resultsTable .column-header .label").queryAll()) {
            Label l = (Label) header;
            for (String word : l.getText().split(" ")) {
                Text t = new Text(word);
                t.setFont(l.getFont());
                assertTrue(t.getLayoutBounds().getWidth() <= l.getWidth() + 0.5,
                        "the header \"" + l.getText() + "\" breaks \"" + word + "\" (" + l.getWidth() + " px)");
            }
        }
    }
}
