package org.idempotencylab.ui.compare;

import static org.idempotencylab.ui.FxSteps.press;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.controlsfx.control.StatusBar;
import org.idempotencylab.SmallDisk;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ControllerFactory;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.form.ParameterBinding;
import org.idempotencylab.ui.FxSteps;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Compare strategies" on its own (compare.fxml with the lab's style sheet), driven the way a teacher would: move a
 * slider, type a value, press Compare, read the table, export the chart and the table. Headless (Monocle) under
 * {@code mvn verify}. Runs are small (thousands of sign-ups): the expected numbers come from a direct engine run
 * of the same scenario, which proves the table as well as the article's million would; the article's own table
 * is the engine's test (ArticleTableTest).
 */
class CompareViewFxTest {
    @TempDir
    static Path tmp;

    // One window for the class (building a view costs the headless toolkit about a second); each test starts from
    // the view as it opens (fresh()).
    private static final ExecutorService POOL = Executors.newSingleThreadExecutor();
    private static final AtomicInteger RUNS_STARTED = new AtomicInteger();
    private static CompareViewModel model;
    private static Stage stage;
    private static volatile File exportTarget;

    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void openTheView() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupFixture(() -> {
            model = new CompareViewModel(Scenario.article(), task -> {
                RUNS_STARTED.incrementAndGet();
                POOL.execute(task);
            }, 2);
            FileChooserService chooser = (owner, title, name) -> Optional.ofNullable(exportTarget);
            try {
                Parent root = App.load("compare/compare.fxml", Texts.of(CompareController.class).bundle(),
                        new ControllerFactory().with(CompareViewModel.class, model)
                                .with(FileChooserService.class, chooser));
                Scene scene = new Scene(root, 1280, 820);
                scene.getStylesheets().add(App.class.getResource("lab.css").toExternalForm());
                stage.setScene(scene);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            stage.show();
        });
    }

    /** The view as it opens: the article's parameters and strategies, no results, sections collapsed. */
    @BeforeEach
    void fresh() {
        robot.interact(() -> {
            model.apply(Scenario.article(), Strategy.ARTICLE);
            model.watch(null);
            model.clearResults();
            model.inputErrorProperty().set(null);
            model.setStatus("");
            robot.lookup("#exportScale").<ChoiceBox<Integer>>query().setValue(2);
            robot.lookup("#logScaleBox").queryAs(CheckBox.class).setSelected(true);
            FxSteps.collapseAndScrollBack(stage.getScene().getRoot());
            stage.getScene().getRoot().requestFocus();
        });
        RUNS_STARTED.set(0);
        exportTarget = null;
    }

    @AfterAll
    static void closeTheView() throws Exception {
        WaitForAsyncUtils.asyncFx(model::cancel).get();
        POOL.shutdownNow();
        POOL.awaitTermination(10, TimeUnit.SECONDS);
        FxToolkit.cleanupStages();
    }

    private void compareAndWait() {
        press(robot, "#compareButton");
        waitUntil(() -> !model.rows().isEmpty() && !model.runningProperty().get());
        // the rows are in the model; a busy JVM lays out their cells and the chart a few pulses later
        WaitForAsyncUtils.waitForFxEvents(5);
        robot.interact(() -> stage.getScene().getRoot().layout());
    }

    @SuppressWarnings("unchecked")
    private TableView<ResultRow> table() {
        return robot.lookup("#resultsTable").queryAs(TableView.class);
    }

    /** @return the cell on screen in column {@code id}, row {@code row}. */
    private static TableCell<?, ?> shownCell(TableView<ResultRow> table, String id, int row) {
        // on the FX thread: a lookup from the test's thread can meet the cells' list while a pulse changes it
        return FxSteps.onFx(() -> shownCellOnFx(table, id, row));
    }

    private static TableCell<?, ?> shownCellOnFx(TableView<ResultRow> table, String id, int row) {
        for (Node n : table.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && c.getTableColumn() != null && id.equals(c.getTableColumn().getId())
                    && c.getIndex() == row) {
                return c;
            }
        }
        throw new AssertionError("no cell on screen in " + id + " row " + row);
    }

    private static String cell(TableView<ResultRow> table, int column, int row) {
        return String.valueOf(table.getColumns().get(column).getCellData(row));
    }

    @Test
    void sliderAndFieldChangeTheRunAndTheTableShowsTheEnginesNumbersInTheArticlesColumns() {
        // Move the attempts slider one notch to the right with the keyboard: 3 -> 4 attempts.
        Slider attempts = robot.lookup("#maxAttemptsSlider").queryAs(Slider.class);
        robot.clickOn(attempts.lookup(".thumb"));
        robot.type(KeyCode.RIGHT);
        assertEquals(4L, model.form().value(Parameter.MAX_ATTEMPTS), "the slider sets max attempts");
        assertEquals("4", robot.lookup("#maxAttemptsField").queryAs(TextField.class).getText());
        // Type an exact job count and a failure rate in percent.
        type(robot, "#jobsField", "10000");
        type(robot, "#pFailField", "5");
        assertEquals(0.05, model.form().number(Parameter.P_FAIL), 0.0);
        robot.clickOn("#compareButton"); // the mouse, once: the button a teacher clicks
        waitUntil(() -> !model.rows().isEmpty() && !model.runningProperty().get());

        // The same scenario built without the window: the article's, 10,000 jobs, 5%, 4 attempts.
        Scenario expectedScenario = Scenario.article().toBuilder().jobs(10_000).pFail(0.05).maxAttempts(4).build();
        List<StrategyResult> expected = Comparison.run(expectedScenario, Strategy.ARTICLE, 1, RunControl.NONE);
        TableView<ResultRow> table = table();
        List<String> headers = table.getColumns().stream().map(TableColumn::getText).toList();
        assertEquals(List.of("Strategy", "Succeeded", "Failed jobs", "Calls per job", "Steps done again",
                "Users with 2+ welcome emails", "Main cause"), headers, "the article's columns, then why");
        assertEquals(5, table.getItems().size());
        for (int i = 0; i < 5; i++) {
            StrategyResult e = expected.get(i);
            assertEquals(e.strategy().name(), cell(table, 0, i));
            assertEquals(e.succeeded(), cell(table, 1, i));
            // counts with the chart's thousands separators (464,233 in the article's million-job table)
            assertEquals(String.format(Locale.ROOT, "%,d", e.failedJobs()), cell(table, 2, i));
            assertEquals(e.callsPerJobText(), cell(table, 3, i));
            assertEquals(String.format(Locale.ROOT, "%,d", e.repeatedSteps()), cell(table, 4, i));
            assertEquals(String.format(Locale.ROOT, "%,d", e.usersWithDuplicateEmails()), cell(table, 5, i));
        }
        // why: the retries of each step resend an email whose reply was lost; a retry of the whole job runs the
        // finished steps again (its same key keeps the email single); the other rows do nothing again
        assertEquals(List.of("lost reply", "lost reply", "\u2014", "whole job retry", "\u2014"),
                List.of(cell(table, 6, 0), cell(table, 6, 1), cell(table, 6, 2), cell(table, 6, 3), cell(table, 6, 4)));
        // With 5% failures the no-key strategy really does send duplicates, so the chart has bars to draw.
        assertTrue(expected.get(0).usersWithDuplicateEmails() > 0);
        // on screen, a duplicate count above zero carries the duplicate's icon; the same-key row's 0 does not
        assertTrue(shownCell(table, "usersWithDuplicateEmailsColumn", 0).getStyleClass().contains("concept-duplicate"));
        assertNotNull(shownCell(table, "usersWithDuplicateEmailsColumn", 0).getGraphic(), "the duplicate's icon");
        assertEquals(0, expected.get(2).usersWithDuplicateEmails(), "same key every time: no second email");
        assertNull(shownCell(table, "usersWithDuplicateEmailsColumn", 2).getGraphic());
        assertEquals("10,000 sign-ups · failure rate 5% · lost reply 0.5% · 4 attempts · seed 1 · backoff 100 ms "
                + "up to 2,000 ms with jitter", robot.lookup(".chart-caption").queryAs(Label.class).getText());
        assertEquals(CompareViewModel.differencesLine("Sign-ups 10,000 · Failure rate 5% · Max attempts 4"),
                robot.lookup(".parameter-differences").queryAs(Label.class).getText());
    }

    @Test
    void aTableOfOtherParametersIsDimmedAndSaysSoUntilCompareRunsAgain() {
        type(robot, "#jobsField", "2000");
        compareAndWait();
        TableView<ResultRow> table = table();
        Label stale = robot.lookup("#staleLabel").queryAs(Label.class);
        assertFalse(stale.isVisible(), "fresh numbers: no note");
        assertEquals(1.0, table.getOpacity(), 1e-9);
        String before = cell(table, 4, 0);

        type(robot, "#pFailField", "5"); // a parameter changes; the table still holds the 1% run's numbers
        waitUntil(() -> stale.isVisible());
        assertEquals("Parameters changed — press \"Compare strategies\" to run them. The table and chart show the "
                + "last run's numbers.", stale.getText());
        assertTrue(stale.getHeight() > 0, "the note takes room above the table");
        assertEquals(0.45, table.getOpacity(), 1e-9, "the old numbers are dimmed");
        assertEquals(before, cell(table, 4, 0), "the numbers shown are still the last run's");

        type(robot, "#pFailField", "1"); // back to the run's parameters: the numbers are theirs again
        waitUntil(() -> !stale.isVisible());
        assertEquals(1.0, table.getOpacity(), 1e-9);
        type(robot, "#pFailField", "5");
        waitUntil(() -> stale.isVisible());
        compareAndWait();
        waitUntil(() -> !stale.isVisible());
        assertEquals(1.0, table.getOpacity(), 1e-9, "a new run's numbers are shown plainly");
    }

    @Test
    void everyParameterIsShownTheArticlesOpenTheOthersUnderOneCollapsedAdvancedPaneEachExplainedByItsTooltip() {
        for (Parameter p : Parameter.values()) {
            Node editor = robot.lookup("#" + p.id() + (p.kind().isNumber() ? "Field" : "Box")).query();
            assertNotNull(editor, p.id());
            // its section's pane, and around it (as in the live view's panel) the one "Advanced" pane
            TitledPane section = null;
            TitledPane outer = null;
            for (Parent n = editor.getParent(); n != null; n = n.getParent()) {
                if (n instanceof TitledPane t) {
                    section = section == null ? t : section;
                    outer = t;
                }
            }
            assertEquals(p.section().isBasic(), section == null, p.id() + " in the open part or a section");
            if (section != null) {
                assertFalse(section.isExpanded(), section.getText() + " starts collapsed");
                assertTrue(section.getText().startsWith(p.section().title()), section.getText());
                assertEquals("advancedPane", outer.getId(), p.id() + " under Advanced");
                assertFalse(outer.isExpanded(), "Advanced starts collapsed");
                assertTrue(outer.getText().startsWith("Advanced"), outer.getText());
            }
            if (p.kind().isNumber()) {
                TextField field = (TextField) editor;
                assertEquals(ParameterBinding.tooltipText(p), field.getTooltip().getText());
                assertEquals(field.getTooltip(), robot.lookup("#" + p.id() + "Label").queryAs(Label.class)
                        .getTooltip(), p.id() + " label");
            }
        }
        assertTrue(robot.lookup("#pFailField").queryAs(TextField.class).getTooltip().getText().contains("percent"));
        assertTrue(robot.lookup("#pFailSlider").queryAs(Slider.class).getTooltip().getText().contains("Allowed:"));
    }

    @Test
    void aValueOutOfRangeIsRejectedWithTheFieldTheValueAndTheRange() {
        type(robot, "#pFailField", "150");
        Label error = robot.lookup("#inputError").queryAs(Label.class);
        assertEquals("Failure rate: 150% is outside the allowed range 0% to 100%", error.getText());
        assertTrue(error.isVisible());
        assertEquals(0.01, model.form().number(Parameter.P_FAIL), 0.0, "the model keeps its value");
        assertEquals("1", robot.lookup("#pFailField").queryAs(TextField.class).getText(), "the field shows it again");

        type(robot, "#jobsField", "lots");
        assertEquals("Sign-ups: 'lots' is not a whole number; allowed 1 to 100,000,000", error.getText());
        assertEquals(1_000_000L, model.form().value(Parameter.JOBS));

        // an advanced parameter: its section opens to type into it, and the same kind of message
        type(robot, "#leaseMsField", "0");
        assertEquals("Lease: 0 is outside the allowed range 1 to 2,678,400,000", error.getText());

        type(robot, "#jobsField", "5000");
        assertFalse(error.isVisible(), "a good value clears the message");
        assertEquals(5_000L, model.form().value(Parameter.JOBS));
    }

    @Test
    void aSecondPressWhileRunningStartsNothingAndCancelKeepsTheLastFinishedTable() {
        type(robot, "#jobsField", "2000");
        compareAndWait();
        List<String> finished = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            finished.add(cell(table(), 4, i));
        }
        type(robot, "#jobsField", "100000000"); // long enough to still be running when we press again
        press(robot, "#compareButton");
        waitUntil(() -> model.progressProperty().get() > 0);
        assertTrue(robot.lookup("#compareButton").queryAs(Button.class).isDisabled());
        robot.interact(() -> model.compare()); // the menu's Ctrl+R path, which bypasses the disabled button
        press(robot, "#compareButton"); // disabled: nothing happens
        assertEquals(2, RUNS_STARTED.get(), "one run at a time");

        press(robot, "#cancelButton");
        waitUntil(() -> !model.runningProperty().get());
        assertEquals("Cancelled: the table still shows the last finished run", model.statusProperty().get());
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            shown.add(cell(table(), 4, i));
        }
        assertEquals(finished, shown, "the 2,000 sign-ups' table stays");
        assertTrue(robot.lookup(".chart-caption").queryAs(Label.class).getText().startsWith("2,000 sign-ups"));
        assertFalse(robot.lookup("#compareButton").queryAs(Button.class).isDisabled());
    }

    @Test
    void theChartTheCsvAndTheClipboardHoldTheTableAndABadFolderSaysWhy() throws Exception {
        type(robot, "#jobsField", "2000");
        type(robot, "#pFailField", "5");
        compareAndWait();
        Scenario s = Scenario.article().toBuilder().jobs(2000).pFail(0.05).build();
        List<StrategyResult> expected = Comparison.run(s, Strategy.ARTICLE, 1, RunControl.NONE);

        // the chart, its heading and caption, at 1x (the same choice offers 2x and 4x: PngExportFxTest)
        @SuppressWarnings("unchecked")
        ChoiceBox<Integer> scale = robot.lookup("#exportScale").queryAs(ChoiceBox.class);
        assertEquals(2, scale.getValue(), "2x unless chosen otherwise");
        robot.interact(() -> scale.setValue(1));
        exportTarget = tmp.resolve("bars-" + System.nanoTime() + ".png").toFile();
        Node box = robot.lookup(".chart-box").query();
        // what a snapshot takes: the numbers past the plot too; read before and after the press, since the
        // status line's new text may lay the chart out again by a few pixels after the snapshot was taken
        Bounds before = FxSteps.onFx(box::getBoundsInLocal);
        press(robot, "#exportButton");
        WaitForAsyncUtils.waitForFxEvents();
        BufferedImage png = ImageIO.read(exportTarget);
        Bounds after = FxSteps.onFx(box::getBoundsInLocal);
        Bounds b = Math.abs(Math.ceil(before.getWidth()) - png.getWidth()) <= 1 ? before : after;
        assertEquals(Math.ceil(b.getWidth()), png.getWidth(), 1, "the chart as on screen");
        assertEquals(Math.ceil(b.getHeight()), png.getHeight(), 1);
        assertEquals("Saved " + exportTarget + " (" + png.getWidth() + " × " + png.getHeight() + " px)",
                model.statusProperty().get());
        Set<Integer> colours = new HashSet<>();
        boolean solidBar = false;
        boolean hatchedBar = false;
        for (int y = 0; y < png.getHeight(); y++) {
            for (int x = 0; x < png.getWidth(); x++) {
                int rgb = png.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                solidBar |= rgb == 0xD55E00; // the duplicate's colour (Concept.DUPLICATE)
                hatchedBar |= rgb == 0xF6D2BD; // the pale stripe of the hatched "steps done again" bars
            }
        }
        assertTrue(colours.size() > 20, "real content, not a blank image: " + colours.size() + " colours");
        assertTrue(solidBar && hatchedBar, "both series' bars are in the image");

        // the CSV: the run command's columns, one row per strategy, the engine's values
        exportTarget = tmp.resolve("strategies-" + System.nanoTime() + ".csv").toFile();
        press(robot, "#csvButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Saved " + exportTarget + " (5 rows)", model.statusProperty().get());
        try (Reader in = Files.newBufferedReader(exportTarget.toPath());
             CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
            assertEquals(List.copyOf(ResultColumns.flat(expected.get(0)).keySet()), p.getHeaderNames());
            List<CSVRecord> records = p.getRecords();
            assertEquals(5, records.size());
            for (int i = 0; i < 5; i++) {
                assertEquals(ResultColumns.flat(expected.get(i)).values().stream().map(String::valueOf).toList(),
                        records.get(i).toList());
            }
        }

        // the clipboard: the table as shown, tab-separated with its header, by the button and by Ctrl+C
        press(robot, "#copyButton");
        WaitForAsyncUtils.waitForFxEvents();
        String copied = WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get();
        String[] lines = copied.split("\n");
        assertEquals(6, lines.length, "a header and five rows");
        assertEquals("Strategy\tSucceeded\tFailed jobs\tCalls per job\tSteps done again\t"
                + "Users with 2+ welcome emails\tMain cause", lines[0]);
        StrategyResult first = expected.get(0);
        assertEquals(String.join("\t", first.strategy().name(), first.succeeded(), Long.toString(first.failedJobs()),
                first.callsPerJobText(), Long.toString(first.repeatedSteps()),
                Long.toString(first.usersWithDuplicateEmails()), first.mainCause().map(DuplicateCause::label)
                        .orElse("\u2014")), lines[1]);
        assertEquals("Copied the table (5 rows) to the clipboard", model.statusProperty().get());
        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        robot.interact(() -> table().requestFocus());
        robot.press(KeyCode.CONTROL).type(KeyCode.C).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(copied, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get());

        // a folder that does not exist: one line that says so, and no file
        exportTarget = tmp.resolve("no-such-folder").resolve("chart.png").toFile();
        press(robot, "#exportButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Could not save " + exportTarget + ": the folder does not exist", model.statusProperty().get());
        assertFalse(exportTarget.exists());
    }

    /**
     * A chart that could not be saved says so in the status bar, where the teacher looks, with the reason: a folder
     * that is a file, and a full disk (a 64 KiB tmpfs filled, where one can be mounted), whose earlier chart keeps
     * its content with no temporary file beside it.
     */
    @Test
    void aChartThatCannotBeSavedSaysWhyInTheStatusBar() throws Exception {
        type(robot, "#jobsField", "200");
        compareAndWait();
        Path notes = Files.writeString(tmp.resolve("notes-" + System.nanoTime() + ".txt"), "mine");
        exportTarget = notes.resolve("chart.png").toFile();
        press(robot, "#exportButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Could not save " + exportTarget + ": " + notes.getFileName() + " is a file, not a folder",
                statusBar());

        try (SmallDisk d = SmallDisk.mountIn(tmp)) {
            Path old = Files.writeString(d.folder().resolve("chart.png"), "the old chart");
            d.fill();
            exportTarget = old.toFile();
            press(robot, "#exportButton");
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals("Could not save " + old + ": No space left on device", statusBar());
            assertEquals("the old chart", Files.readString(old));
            try (Stream<Path> files = Files.list(d.folder())) {
                assertEquals(List.of("chart.png", "filler"), files.map(f -> f.getFileName().toString()).sorted()
                        .toList(), "no temporary file is left");
            }
        }
    }

    /** @return the status bar's text, as on screen */
    private String statusBar() {
        return robot.lookup("#statusBar").queryAs(StatusBar.class).getText();
    }

    @Test
    void aWatchedMetricOutsideTheArticlesFiveGetsItsOwnColumn() {
        Scenario s = Scenario.article().toBuilder().jobs(2_000).build();
        robot.interact(() -> {
            model.apply(s, List.of(Strategy.EACH_STEP_NO_KEY, Strategy.WHOLE_JOB_SAME_KEY));
            model.watch(Metric.EMAILS_SENT);
        });
        compareAndWait();
        TableView<ResultRow> table = table();
        assertEquals("Welcome emails sent", table.getColumns().get(6).getText());
        List<StrategyResult> expected = Comparison.run(s, List.of(Strategy.EACH_STEP_NO_KEY,
                Strategy.WHOLE_JOB_SAME_KEY), 1, RunControl.NONE);
        for (int i = 0; i < 2; i++) {
            assertEquals(String.format(Locale.ROOT, "%,d", expected.get(i).emailsSent()), cell(table, 6, i));
        }
        // the sixth number column keeps every header's words whole
        for (Node header : robot.lookup(".results-table .column-header .label").queryAll()) {
            Label l = (Label) header;
            for (String word : l.getText().split(" ")) {
                Text t = new Text(word);
                t.setFont(l.getFont());
                assertTrue(t.getLayoutBounds().getWidth() <= l.getWidth() + 0.5,
                        "the header \"" + l.getText() + "\" breaks \"" + word + "\" (" + l.getWidth() + " px)");
            }
        }
    }

    /**
     * The stripe-ruby#503 field case watches silently wrong results, a number neither duplicate count shows: nothing
     * is done twice there (both counts 0 for both strategies), a changed repeat gets the first request's answer. The
     * chart charts the watched number as a third series, named in the legend and the heading, each bar with its
     * number, and the exported PNG holds its bars inside the plot area (without it the plot is empty: all zeros).
     */
    @Test
    void aPresetsWatchedNumberIsChartedNamedInTheLegendAndItsBarsAreInTheExportedImage() throws Exception {
        ScenarioFile f = new Presets(new ScenarioFiles(Metric.watchNames())).load("field-stripe-changed-params.json");
        Metric watched = Metric.byId(f.watch()).orElseThrow();
        assertEquals(Metric.SILENT_WRONG_RESULTS, watched);
        robot.interact(() -> {
            model.apply(f.scenario(), f.strategies());
            model.watch(watched);
            robot.lookup("#exportScale").<ChoiceBox<Integer>>query().setValue(1);
        });
        compareAndWait();
        List<StrategyResult> expected = Comparison.run(f.scenario(), f.strategies(), 1, RunControl.NONE);
        for (StrategyResult r : expected) { // the preset's point: no duplicate at all, so two zero series alone
            assertEquals(0, r.usersWithDuplicateEmails() + r.repeatedSteps(), r.strategy().name());
        }
        long wrong = (long) watched.number(expected.get(0));
        assertTrue(wrong >= 500, "the in-memory store answers changed repeats wrongly (the preset expects 500+)");

        BarChart<Number, String> chart = robot.lookup("#chart").query();
        assertEquals(List.of("Users with 2+ welcome emails", "Steps done again", "Silently wrong results"),
                chart.getData().stream().map(XYChart.Series::getName).toList(), "the series, the legend's names");
        List<String> legend = robot.from(chart).lookup(".chart-legend-item").queryAll().stream()
                .map(n -> ((Label) n).getText()).toList();
        assertTrue(legend.contains("Silently wrong results"), "the legend names it: " + legend);
        assertEquals("Duplicate side effects and silently wrong results per strategy",
                robot.lookup(".chart-heading").queryAs(Label.class).getText());
        // each bar carries the engine's number: the memory store's wrong answers, the claim table's 0
        List<String> numbers = new ArrayList<>();
        for (XYChart.Data<Number, String> d : chart.getData().get(2).getData()) {
            numbers.add(robot.from(d.getNode()).lookup(".bar-value").queryAs(Label.class).getText());
        }
        assertEquals(List.of("0", String.format(Locale.ROOT, "%,d", wrong)), numbers, "bottom-up, as the axis lists");

        exportTarget = tmp.resolve("watched-" + System.nanoTime() + ".png").toFile();
        press(robot, "#exportButton");
        WaitForAsyncUtils.waitForFxEvents();
        BufferedImage png = ImageIO.read(exportTarget);
        Node box = robot.lookup(".chart-box").query();
        Node plot = chart.lookup(".chart-plot-background");
        Bounds inBox = box.sceneToLocal(plot.localToScene(plot.getBoundsInLocal()));
        double x0 = inBox.getMinX() - box.getBoundsInLocal().getMinX();
        double y0 = inBox.getMinY() - box.getBoundsInLocal().getMinY();
        int barPixels = 0;
        for (int y = (int) Math.ceil(y0); y < Math.min(png.getHeight(), y0 + inBox.getHeight()); y++) {
            for (int x = (int) Math.ceil(x0); x < Math.min(png.getWidth(), x0 + inBox.getWidth()); x++) {
                if ((png.getRGB(x, y) & 0xFFFFFF) == 0x44546A) { // the watched series' slate (lab.css)
                    barPixels++;
                }
            }
        }
        assertTrue(barPixels > 200, "the watched number's bar in the image's plot area: " + barPixels + " px");
    }
}
