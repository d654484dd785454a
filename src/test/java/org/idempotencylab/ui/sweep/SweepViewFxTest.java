package org.idempotencylab.ui.sweep;

import static org.idempotencylab.ui.FxSteps.press;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ControllerFactory;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.SymlogScale;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.export.ResultTable;
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
 * The Sweep tab on its own (sweep.fxml with the lab's style sheet), driven as a teacher would: the fields, Run
 * sweep, Cancel, the chart, and its exports. The sweep here is small (5 points × 5 strategies × 3,000 sign-ups);
 * the expected curves are the engine's own sweep of the same scenario on one thread, while the window ran it on
 * two: same seed, same curves at any thread count.
 */
class SweepViewFxTest {
    @TempDir
    static Path tmp;

    // One window for the class (building the view with its base scenario's panel costs the headless toolkit about
    // a second); each test starts from the tab as it opens (fresh()).
    private static final ExecutorService POOL = Executors.newSingleThreadExecutor();
    private static final AtomicInteger RUNS_STARTED = new AtomicInteger();
    private static final AtomicReference<File> TARGET = new AtomicReference<>();
    private static SweepViewModel model;
    private static Stage stage;

    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void openTheView() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupFixture(() -> {
            model = new SweepViewModel(SweepViewModel.classroomBase(), task -> {
                RUNS_STARTED.incrementAndGet();
                POOL.execute(task);
            }, 2);
            FileChooserService chooser = (owner, title, name) -> Optional.ofNullable(TARGET.get());
            try {
                Parent root = App.load("sweep/sweep.fxml", Texts.of(SweepController.class).bundle(),
                        new ControllerFactory().with(SweepViewModel.class, model)
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

    /** The tab as it opens: failure rate 0 to 5% over 11 points, every strategy, the classroom's base scenario. */
    @BeforeEach
    void fresh() {
        robot.interact(() -> {
            model.cancel();
            model.parameterProperty().set(Parameter.P_FAIL);
            model.fromProperty().set("0");
            model.toProperty().set("5");
            model.pointsProperty().set("11");
            model.metricProperty().set(Metric.REPEATED_STEPS);
            model.logScaleProperty().set(false);
            model.strategies().forEach(c -> c.selected().set(true));
            model.form().load(SweepViewModel.classroomBase());
            model.inputErrorProperty().set(null);
            model.setStatus("");
            robot.lookup("#sweepExportScale").<ChoiceBox<Integer>>query().setValue(2);
            FxSteps.collapseAndScrollBack(stage.getScene().getRoot());
            stage.getScene().getRoot().requestFocus();
        });
        RUNS_STARTED.set(0);
        TARGET.set(null);
    }

    @AfterAll
    static void closeTheView() throws Exception {
        WaitForAsyncUtils.asyncFx(model::cancel).get();
        POOL.shutdownNow();
        POOL.awaitTermination(10, TimeUnit.SECONDS);
        FxToolkit.cleanupStages();
    }

    /** A small sweep chosen and typed in: lost reply 0..4% over 5 points, 3,000 sign-ups. */
    private void runSmallSweep() {
        @SuppressWarnings("unchecked")
        ChoiceBox<Parameter> vary = robot.lookup("#sweepParameterChoice").queryAs(ChoiceBox.class);
        robot.interact(() -> vary.setValue(Parameter.LOST_REPLY));
        type(robot, "#sweepFromField", "0");
        type(robot, "#sweepToField", "4");
        type(robot, "#sweepPointsField", "5");
        type(robot, "#sweepJobsField", "3000");
        @SuppressWarnings("unchecked")
        ChoiceBox<Metric> plot = robot.lookup("#sweepMetricChoice").queryAs(ChoiceBox.class);
        robot.interact(() -> plot.setValue(Metric.USERS_WITH_DUPLICATE_EMAILS));
        press(robot, "#sweepRunButton");
        waitUntil(() -> model.resultProperty().get() != null && !model.runningProperty().get());
    }

    private static Sweep.Result direct() {
        Scenario base = SweepViewModel.classroomBase().toBuilder().jobs(3000).build();
        return Sweep.of(base, Parameter.LOST_REPLY, 0, 0.04, 5, Strategy.ARTICLE).run(1, RunControl.NONE);
    }

    /** @return the chart's series as {name, [x, y]...}. */
    private List<List<Object>> plotted() {
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup("#sweepChart").queryAs(LineChart.class);
        List<List<Object>> out = new ArrayList<>();
        for (XYChart.Series<Number, Number> s : chart.getData()) {
            List<Object> row = new ArrayList<>();
            row.add(s.getName());
            for (XYChart.Data<Number, Number> d : s.getData()) {
                row.add(List.of(d.getXValue().doubleValue(), d.getYValue().doubleValue()));
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void theChartPlotsTheEnginesSweepLinearAndLogAndItsLastPointIsNotClipped() {
        runSmallSweep();
        Sweep.Result r = direct();
        assertEquals(r, model.resultProperty().get(), "two threads in the window, one here: the same results");
        List<List<Object>> linear = plotted();
        assertEquals(5, linear.size());
        for (int j = 0; j < 5; j++) {
            List<Object> series = linear.get(j);
            assertEquals(Strategy.ARTICLE.get(j).name(), series.get(0));
            for (int i = 0; i < 5; i++) {
                assertEquals(List.of(i * 1.0, (double) r.get(i, j).usersWithDuplicateEmails()), series.get(i + 1));
            }
        }
        assertTrue(r.get(4, 0).usersWithDuplicateEmails() > 0, "the no-key curve rises: something to see");
        assertEquals("Users with 2+ welcome emails by lost-reply rate",
                robot.lookup("#sweepChartHeading").queryAs(Label.class).getText());
        assertEquals(SweepViewModel.caption(r), robot.lookup("#sweepChartCaption").queryAs(Label.class).getText());
        assertEquals(5, robot.lookup(".sweep-legend-item").queryAll().size(), "a legend entry per strategy");

        press(robot, "#sweepLogScaleBox");
        WaitForAsyncUtils.waitForFxEvents();
        List<List<Object>> log = plotted();
        for (int s = 0; s < linear.size(); s++) {
            for (int i = 1; i < linear.get(s).size(); i++) {
                @SuppressWarnings("unchecked") List<Double> a = (List<Double>) linear.get(s).get(i);
                @SuppressWarnings("unchecked") List<Double> b = (List<Double>) log.get(s).get(i);
                assertEquals(a.get(0), b.get(0));
                assertEquals(SymlogScale.toAxis(a.get(1)), b.get(1), 1e-12);
            }
        }
        NumberAxis y = robot.lookup("#sweepYAxis").queryAs(NumberAxis.class);
        assertEquals("Users with 2+ welcome emails (users), log scale", y.getLabel());
        assertEquals(1, y.getTickUnit());
        press(robot, "#sweepLogScaleBox");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(linear, plotted(), "unticked: the plain values again");
        assertFalse(y.getLabel().contains("log"));

        // the last swept value: its marker is whole and its tick label inside the chart
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup("#sweepChart").queryAs(LineChart.class);
        Bounds box = chart.localToScene(chart.getBoundsInLocal());
        XYChart.Series<Number, Number> first = chart.getData().get(0);
        Node marker = first.getData().get(first.getData().size() - 1).getNode();
        Bounds m = marker.localToScene(marker.getBoundsInLocal());
        assertTrue(m.getMaxX() <= box.getMaxX() - 4, "the last marker " + m + " inside the chart " + box);
        for (Node n = marker; n != null; n = n.getParent()) {
            if (n.getClip() != null) {
                Bounds clip = n.localToScene(n.getClip().getBoundsInParent());
                assertTrue(clip.getMaxX() >= m.getMaxX() - 0.5, "the last marker is clipped at " + clip.getMaxX()
                        + " by " + n.getClass() + n.getStyleClass());
            }
        }
        NumberAxis x = robot.lookup("#sweepXAxis").queryAs(NumberAxis.class);
        assertEquals("Lost-reply rate (%)", x.getLabel());
        double rightmost = x.lookupAll("Text").stream().filter(Node::isVisible)
                .mapToDouble(t -> t.localToScene(t.getBoundsInLocal()).getMaxX()).max().orElseThrow();
        assertTrue(rightmost <= box.getMaxX() - 4, "the last x tick label ends at " + rightmost + ", the chart at "
                + box.getMaxX());
    }

    @Test
    void cancelStopsALongSweepKeepsTheLastFinishedChartAndTheTabIsReadyAgain() {
        runSmallSweep();
        List<List<Object>> finished = plotted();
        type(robot, "#sweepJobsField", "1000000");
        type(robot, "#sweepPointsField", "50");
        robot.clickOn("#sweepRunButton"); // the mouse, once: the button a teacher clicks
        waitUntil(() -> model.progressProperty().get() > 0);
        assertTrue(robot.lookup("#sweepRunButton").queryAs(Button.class).isDisabled());
        press(robot, "#sweepRunButton"); // disabled: nothing more starts
        robot.interact(model::run); // nor through the model (Ctrl+R) while running
        assertEquals(2, RUNS_STARTED.get());
        press(robot, "#sweepCancelButton");
        waitUntil(() -> !model.runningProperty().get());
        assertEquals("Cancelled: the chart still shows the last finished sweep", model.statusProperty().get());
        assertEquals(finished, plotted(), "the small sweep's chart stays");
        assertFalse(robot.lookup("#sweepRunButton").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup("#sweepCancelButton").queryAs(Button.class).isDisabled());
        assertEquals(0, model.progressProperty().get(), 0.0);
    }

    @Test
    void badFromToOrPointsShowTheirMessageAndStartNothing() {
        Label error = robot.lookup("#sweepInputError").queryAs(Label.class);
        type(robot, "#sweepPointsField", "1");
        press(robot, "#sweepRunButton");
        assertEquals("Points: 1 is outside the allowed range 2 to 1,000", error.getText());
        assertTrue(error.isVisible());
        type(robot, "#sweepPointsField", "11");
        type(robot, "#sweepToField", "101");
        press(robot, "#sweepRunButton");
        assertEquals("To: 101% is outside the allowed range 0% to 100% for Failure rate", error.getText());
        type(robot, "#sweepToField", "5");
        type(robot, "#sweepFromField", "-1");
        press(robot, "#sweepRunButton");
        assertEquals("From: -1% is outside the allowed range 0% to 100% for Failure rate", error.getText());
        // a base value: the same messages as every field
        type(robot, "#sweepFromField", "0");
        type(robot, "#sweepCallMsField", "-5");
        assertEquals("Call time: -5 is outside the allowed range 0 to 3,600,000", error.getText());
        assertEquals(0, RUNS_STARTED.get(), "nothing started");
        assertFalse(model.runningProperty().get());
    }

    @Test
    void enterInFromToOrPointsChecksThemAtOnceAsTheCompareTabsFieldsAre() {
        // no Run pressed: Enter alone shows the message under the fields, and a good value clears it
        Label error = robot.lookup("#sweepInputError").queryAs(Label.class);
        type(robot, "#sweepPointsField", "1");
        assertEquals("Points: 1 is outside the allowed range 2 to 1,000", error.getText());
        assertTrue(error.isVisible());
        type(robot, "#sweepPointsField", "11");
        assertFalse(error.isVisible(), error.getText());
        type(robot, "#sweepToField", "150");
        assertEquals("To: 150% is outside the allowed range 0% to 100% for Failure rate", error.getText());
        type(robot, "#sweepToField", "5");
        assertFalse(error.isVisible());
        assertEquals(0, RUNS_STARTED.get(), "checking starts nothing");
    }

    @Test
    void theBaseScenarioShowsEveryParameterAndGreysOutTheVariedOne() {
        for (Parameter p : Parameter.values()) {
            assertNotNull(robot.lookup("#sweep" + Character.toUpperCase(p.id().charAt(0)) + p.id().substring(1)
                    + (p.kind().isNumber() ? "Field" : "Box")).query(), p.id());
        }
        assertTrue(robot.lookup("#sweepPFailField").queryAs(TextField.class).isDisabled(),
                "failure rate is varied: its base value is not used");
        @SuppressWarnings("unchecked")
        ChoiceBox<Parameter> vary = robot.lookup("#sweepParameterChoice").queryAs(ChoiceBox.class);
        assertEquals(SweepViewModel.PARAMETERS, vary.getItems());
        assertTrue(vary.getItems().stream().allMatch(Parameter::isSweepable));
        @SuppressWarnings("unchecked")
        ChoiceBox<Metric> plot = robot.lookup("#sweepMetricChoice").queryAs(ChoiceBox.class);
        assertEquals(Metric.numbers(), plot.getItems());
        robot.interact(() -> vary.setValue(Parameter.DUPLICATE_DELAY_MIN_MS));
        assertFalse(robot.lookup("#sweepPFailField").queryAs(TextField.class).isDisabled(), "back in use");
        assertTrue(robot.lookup("#sweepDuplicateDelayMinMsField").queryAs(TextField.class).isDisabled());
        assertTrue(robot.lookup("#sweepDuplicateDelayMaxMsField").queryAs(TextField.class).isDisabled(),
                "a fixed delay: the sweep sets both ends");
        assertEquals("ms", robot.lookup("#sweepFromUnit").queryAs(Label.class).getText());
    }

    @Test
    void thePngCsvAndClipboardHoldTheChartAndTheSweepCommandsTable() throws Exception {
        runSmallSweep();
        // at 1x (the same choice offers 2x and 4x: PngExportFxTest)
        @SuppressWarnings("unchecked")
        ChoiceBox<Integer> scale = robot.lookup("#sweepExportScale").queryAs(ChoiceBox.class);
        assertEquals(2, scale.getValue(), "2x unless chosen otherwise");
        robot.interact(() -> scale.setValue(1));
        File png = tmp.resolve("sweep-" + System.nanoTime() + ".png").toFile();
        TARGET.set(png);
        press(robot, "#sweepExportButton");
        WaitForAsyncUtils.waitForFxEvents();
        BufferedImage image = ImageIO.read(png);
        Bounds b = robot.lookup("#sweepChartBox").query().getBoundsInLocal(); // what a snapshot takes
        assertEquals(Math.ceil(b.getWidth()), image.getWidth(), 1, "the chart box as on screen");
        assertEquals(Math.ceil(b.getHeight()), image.getHeight(), 1);
        boolean indigo = false; // the no-key line, in the strategies palette
        for (int y = 0; y < image.getHeight() && !indigo; y++) {
            for (int x = 0; x < image.getWidth() && !indigo; x++) {
                indigo = (image.getRGB(x, y) & 0xFFFFFF) == 0x332288; // SweepChart.COLOURS' first
            }
        }
        assertTrue(indigo, "the no-key line's colour is in the image");

        ResultTable expected = SweepViewModel.table(direct());
        File csv = tmp.resolve("sweep-" + System.nanoTime() + ".csv").toFile();
        TARGET.set(csv);
        press(robot, "#sweepCsvButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Saved " + csv + " (25 rows)", model.statusProperty().get());
        try (Reader in = Files.newBufferedReader(csv.toPath(), StandardCharsets.UTF_8);
             CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
            assertEquals(expected.header(), p.getHeaderNames());
            assertEquals("lostReply", p.getHeaderNames().get(0));
            List<CSVRecord> records = p.getRecords();
            assertEquals(25, records.size(), "5 points × 5 strategies");
            for (int i = 0; i < records.size(); i++) {
                assertEquals(expected.rows().get(i), records.get(i).toList());
            }
        }

        press(robot, "#sweepCopyButton");
        WaitForAsyncUtils.waitForFxEvents();
        String copied = WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get();
        String[] lines = copied.split("\n");
        assertEquals(26, lines.length, "a header and one line per row");
        assertEquals(String.join("\t", expected.header()), lines[0]);
        assertEquals(String.join("\t", expected.rows().get(7)), lines[8]);

        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        @SuppressWarnings("unchecked")
        TableView<List<String>> table = robot.lookup("#sweepResultsTable").queryAs(TableView.class);
        robot.interact(table::requestFocus);
        robot.press(KeyCode.CONTROL).type(KeyCode.C).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        String viaKeys = WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get();
        assertEquals(copied, viaKeys, "Ctrl+C on the table copies the same");
    }
}
