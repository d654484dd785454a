package org.idempotencylab.ui.compare;

import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ControllerFactory;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.compare.ResultRow;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The compare view driven the way a teacher would: move a slider, type a value, press Compare, read the table,
 * export the chart. Runs headless (Monocle) under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewFxTest {
    @TempDir
    static Path tmp;

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final AtomicInteger runsStarted = new AtomicInteger();
    private CompareViewModel model;
    private File exportTarget;

    @Start
    void start(Stage stage) throws Exception {
        Executor counting = task -> {
            runsStarted.incrementAndGet();
            pool.execute(task);
        };
        model = new CompareViewModel(Scenario.article(), counting, 2);
        exportTarget = tmp.resolve("chart-" + System.nanoTime() + ".png").toFile();
        FileChooserService chooser = (owner, title, name) -> Optional.of(exportTarget);
        Parent root = App.load(new ControllerFactory()
                .with(CompareViewModel.class, model)
                .with(LiveViewModel.class, new LiveViewModel(LiveViewModel.classroomDefaults()))
                .with(KeyStoreViewModel.class, new KeyStoreViewModel())
                .with(SweepViewModel.class, new SweepViewModel(SweepViewModel.classroomBase(), Runnable::run, 1))
                .with(FileChooserService.class, chooser));
        stage.setScene(App.scene(root));
        stage.show();
    }

    @AfterEach
    void stopPool() throws InterruptedException {
        model.cancel();
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    @Test
    void sliderAndFieldChangeTheRunAndTheTableShowsTheEnginesNumbers(FxRobot robot) throws Exception {
        // Move the attempts slider one notch to the right with the keyboard: 3 -> 4 attempts.
        Slider attempts = robot.lookup("#attemptsSlider").queryAs(Slider.class);
        robot.clickOn(attempts.lookup(".thumb"));
        robot.type(KeyCode.RIGHT);
        assertEquals(4, ((Number) model.form().value(Parameter.MAX_ATTEMPTS)).intValue(), "the slider sets max attempts");
        assertEquals("4", robot.lookup("#attemptsField").queryAs(TextField.class).getText());

        // Type an exact job count and a failure rate in percent.
        type(robot, "#jobsField", "20000");
        type(robot, "#pFailField", "5");
        assertEquals(0.05, model.form().number(Parameter.P_FAIL), 0.0);

        robot.clickOn("#compareButton");
        waitUntil(() -> model.rows().size() == 5 && !model.runningProperty().get());

        // The same scenario built independently of the window: the article's, 20,000 jobs, 5%, 4 attempts.
        Scenario expectedScenario = Scenario.article().toBuilder().jobs(20_000).pFail(0.05).maxAttempts(4).build();
        List<StrategyResult> expected = Comparison.run(expectedScenario, Strategy.ARTICLE, 1, RunControl.NONE);
        @SuppressWarnings("unchecked")
        TableView<ResultRow> table = robot.lookup("#resultsTable").queryAs(TableView.class);
        assertEquals(5, table.getItems().size());
        for (int i = 0; i < 5; i++) {
            StrategyResult e = expected.get(i);
            assertEquals(e.strategy().name(), cell(table, 0, i));
            assertEquals(e.succeeded(), cell(table, 1, i));
            assertEquals(Long.toString(e.failedJobs()), cell(table, 2, i));
            assertEquals(e.callsPerJobText(), cell(table, 3, i));
            assertEquals(Long.toString(e.repeatedSteps()), cell(table, 4, i));
            assertEquals(Long.toString(e.usersWithDuplicateEmails()), cell(table, 5, i));
        }
        // With 5% failures the no-key strategy really does send duplicates, so the chart has bars to draw.
        assertTrue(expected.get(0).usersWithDuplicateEmails() > 0);

        robot.clickOn("#exportButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(exportTarget.isFile(), "the chart was exported");
        BufferedImage png = ImageIO.read(exportTarget);
        assertTrue(png.getWidth() > 400 && png.getHeight() > 300, "exported at 2x: " + png.getWidth());
        Set<Integer> colours = new HashSet<>();
        boolean orangeBar = false;
        boolean blueBar = false;
        for (int y = 0; y < png.getHeight(); y += 2) {
            for (int x = 0; x < png.getWidth(); x += 2) {
                int rgb = png.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                orangeBar |= rgb == 0xD55E00;
                blueBar |= rgb == 0x0072B2;
            }
        }
        assertTrue(colours.size() > 20, "real content, not a blank image: " + colours.size() + " colours");
        assertTrue(orangeBar && blueBar, "both series' bars are in the image");
        assertTrue(Files.readAllBytes(exportTarget.toPath()).length > 5_000);
    }

    @Test
    void everyParameterControlExplainsItselfInATooltip(FxRobot robot) {
        for (String id : List.of("pFail", "lostReply", "attempts", "jobs", "seed")) {
            TextField field = robot.lookup("#" + id + "Field").queryAs(TextField.class);
            assertTrue(field.getTooltip() != null && field.getTooltip().getText().contains("Allowed:"), id);
            Label label = robot.lookup("#" + id + "Label").queryAs(Label.class);
            assertEquals(field.getTooltip(), label.getTooltip(), id + " label");
        }
        for (String id : List.of("pFail", "lostReply", "attempts", "jobs")) {
            Slider slider = robot.lookup("#" + id + "Slider").queryAs(Slider.class);
            assertTrue(slider.getTooltip().getText().contains("Allowed:"), id + " slider");
        }
        assertTrue(robot.lookup("#pFailField").queryAs(TextField.class).getTooltip().getText().contains("percent"));
    }

    @Test
    void aValueOutOfRangeIsRejectedWithTheFieldTheValueAndTheRange(FxRobot robot) {
        type(robot, "#pFailField", "150");
        Label error = robot.lookup("#inputError").queryAs(Label.class);
        assertEquals("Failure rate: 150% is outside the allowed range 0% to 100%", error.getText());
        assertTrue(error.isVisible());
        assertEquals(0.01, model.form().number(Parameter.P_FAIL), 0.0, "the model keeps its value");
        assertEquals("1", robot.lookup("#pFailField").queryAs(TextField.class).getText(), "the field shows it again");

        type(robot, "#jobsField", "lots");
        assertEquals("Sign-ups: 'lots' is not a whole number; allowed 1 to 100,000,000", error.getText());
        assertEquals(1_000_000, ((Number) model.form().value(Parameter.JOBS)).longValue());

        type(robot, "#jobsField", "5000");
        assertFalse(error.isVisible(), "a good value clears the message");
        assertEquals(5_000, ((Number) model.form().value(Parameter.JOBS)).longValue());
    }

    @Test
    void aSecondPressWhileRunningStartsNoSecondRunAndCancelStops(FxRobot robot) {
        type(robot, "#jobsField", "100000000"); // long enough to still be running when we press again
        robot.clickOn("#compareButton");
        waitUntil(() -> model.progressProperty().get() > 0);
        assertTrue(robot.lookup("#compareButton").queryAs(Button.class).isDisabled());
        robot.interact(() -> model.compare()); // the menu's Ctrl+R path, which bypasses the disabled button
        robot.clickOn("#compareButton");
        assertEquals(1, runsStarted.get(), "one run only");

        robot.clickOn("#cancelButton");
        waitUntil(() -> !model.runningProperty().get());
        assertTrue(model.statusProperty().get().startsWith("Cancelled"), model.statusProperty().get());
        assertTrue(model.rows().isEmpty(), "a cancelled run leaves no half results");
        assertFalse(robot.lookup("#compareButton").queryAs(Button.class).isDisabled());
    }

    @Test
    void aShortcutRunsWhatTheFieldsShowEvenBeforeEnter(FxRobot robot) {
        type(robot, "#jobsField", "2000");
        TextField pFail = robot.lookup("#pFailField").queryAs(TextField.class);
        robot.clickOn(pFail);
        robot.interact(pFail::selectAll);
        robot.write("5"); // no Enter, and the focus stays in the field
        robot.press(KeyCode.CONTROL).type(KeyCode.R).release(KeyCode.CONTROL);
        waitUntil(() -> model.rows().size() == 5 && !model.runningProperty().get());
        assertEquals(0.05, model.resultScenarioProperty().get().pFail(), 0.0, "the run used the 5% on screen");
    }

    @Test
    void anExportThatCannotBeWrittenSaysWhyAndWritesNothing(FxRobot robot) {
        type(robot, "#jobsField", "2000");
        robot.clickOn("#compareButton");
        waitUntil(() -> model.rows().size() == 5 && !model.runningProperty().get());
        exportTarget = tmp.resolve("no-such-folder").resolve("chart.png").toFile();
        robot.clickOn("#exportButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Could not save " + exportTarget + ": the folder does not exist",
                model.statusProperty().get());
        assertFalse(exportTarget.exists());
    }


    @Test
    void theBarChartExportsAt1x2xAnd4xAndTheTableGoesToCsvAndTheClipboard(FxRobot robot) throws Exception {
        type(robot, "#jobsField", "2000");
        robot.clickOn("#compareButton");
        waitUntil(() -> model.rows().size() == 5 && !model.runningProperty().get());
        @SuppressWarnings("unchecked")
        javafx.scene.control.ChoiceBox<Integer> scale = robot.lookup("#exportScale").queryAs(
                javafx.scene.control.ChoiceBox.class);
        int[][] sizes = new int[5][];
        for (int s : List.of(1, 2, 4)) {
            exportTarget = tmp.resolve("bars-" + s + "x-" + System.nanoTime() + ".png").toFile();
            robot.interact(() -> scale.setValue(s));
            robot.clickOn("#exportButton");
            WaitForAsyncUtils.waitForFxEvents();
            BufferedImage png = ImageIO.read(exportTarget);
            sizes[s] = new int[] {png.getWidth(), png.getHeight()};
        }
        assertEquals(2 * sizes[1][0], sizes[2][0]);
        assertEquals(2 * sizes[1][1], sizes[2][1]);
        assertEquals(4 * sizes[1][0], sizes[4][0]);
        assertEquals(4 * sizes[1][1], sizes[4][1]);

        List<StrategyResult> expected = Comparison.run(Scenario.article().toBuilder().jobs(2000).build(),
                Strategy.ARTICLE, 1, RunControl.NONE);
        exportTarget = tmp.resolve("strategies-" + System.nanoTime() + ".csv").toFile();
        robot.clickOn("#csvButton");
        WaitForAsyncUtils.waitForFxEvents();
        try (org.apache.commons.csv.CSVParser p = org.apache.commons.csv.CSVFormat.DEFAULT.builder().setHeader()
                .setSkipHeaderRecord(true).build().parse(Files.newBufferedReader(exportTarget.toPath()))) {
            assertEquals(List.copyOf(org.idempotencylab.engine.ResultColumns.flat(expected.get(0)).keySet()),
                    p.getHeaderNames());
            List<org.apache.commons.csv.CSVRecord> records = p.getRecords();
            assertEquals(5, records.size());
            for (int i = 0; i < 5; i++) {
                List<String> want = org.idempotencylab.engine.ResultColumns.flat(expected.get(i)).values().stream()
                        .map(String::valueOf).toList();
                assertEquals(want, records.get(i).toList());
            }
        }

        robot.clickOn("#copyButton");
        WaitForAsyncUtils.waitForFxEvents();
        String copied = WaitForAsyncUtils.asyncFx(() -> javafx.scene.input.Clipboard.getSystemClipboard()
                .getString()).get();
        String[] lines = copied.split("\n");
        assertEquals(6, lines.length, "a header and five rows");
        assertEquals("Strategy\tSucceeded\tFailed jobs\tCalls per job\tSteps done again\t"
                + "Users with 2+ welcome emails", lines[0]);
        StrategyResult first = expected.get(0);
        assertEquals(String.join("\t", first.strategy().name(), first.succeeded(), Long.toString(first.failedJobs()),
                first.callsPerJobText(), Long.toString(first.repeatedSteps()),
                Long.toString(first.usersWithDuplicateEmails())), lines[1]);
    }

    private static String cell(TableView<ResultRow> table, int column, int row) {
        return String.valueOf(table.getColumns().get(column).getCellData(row));
    }

}
