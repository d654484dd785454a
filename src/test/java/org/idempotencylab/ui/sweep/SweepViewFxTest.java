package org.idempotencylab.ui.sweep;

import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ControllerFactory;
import static org.idempotencylab.ui.FxSteps.type;
import static org.idempotencylab.ui.FxSteps.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
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
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.export.FileChooserService;
import org.idempotencylab.ui.export.ResultTable;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.ui.sweep.SweepViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Sweep tab driven as a teacher would: fields, Run sweep, Cancel, the chart, and its exports. */
@ExtendWith(ApplicationExtension.class)
class SweepViewFxTest {
    @TempDir
    static Path tmp;

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final AtomicInteger runsStarted = new AtomicInteger();
    private final AtomicReference<File> target = new AtomicReference<>();
    private Stage stage;
    private SweepViewModel model;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        open(2);
        stage.show();
    }

    /** Shows a fresh sweep.fxml whose sweep runs its cells on {@code threads} threads. */
    private void open(int threads) throws Exception {
        model = new SweepViewModel(SweepViewModel.classroomBase(), task -> {
            runsStarted.incrementAndGet();
            pool.execute(task);
        }, threads);
        FileChooserService chooser = (owner, title, name) -> Optional.ofNullable(target.get());
        FXMLLoader loader = new FXMLLoader(getClass().getResource("/fxml/sweep.fxml"));
        loader.setControllerFactory(new ControllerFactory().with(SweepViewModel.class, model)
                .with(FileChooserService.class, chooser));
        Parent root = loader.load();
        Scene scene = new Scene(root, 1280, 820);
        scene.getStylesheets().add(getClass().getResource("/assets/lab.css").toExternalForm());
        stage.setScene(scene);
    }

    @AfterEach
    void stopPool() throws InterruptedException {
        if (model != null) {
            WaitForAsyncUtils.asyncFx(model::cancel);
        }
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    /** A small sweep typed in: lost reply 0..4% over 5 points, 3,000 sign-ups. */
    private void runSmallSweep(FxRobot robot) {
        robot.interact(() -> model.parameterProperty().set(Parameter.LOST_REPLY));
        type(robot, "#sweepFromField", "0");
        type(robot, "#sweepToField", "4");
        type(robot, "#sweepPointsField", "5");
        type(robot, "#sweepJobsField", "3000");
        robot.interact(() -> model.metricProperty().set(Metric.USERS_WITH_DUPLICATE_EMAILS));
        robot.clickOn("#sweepRunButton");
        waitUntil(() -> model.resultProperty().get() != null && !model.runningProperty().get());
    }

    private static Sweep.Result direct() {
        Scenario base = SweepViewModel.classroomBase().toBuilder().jobs(3000).build();
        return Sweep.of(base, Parameter.LOST_REPLY, 0, 0.04, 5, Strategy.ARTICLE).run(1, RunControl.NONE);
    }

    /** @return the chart's series as {name, [x, y]...}. */
    private static List<List<Object>> plotted(FxRobot robot) {
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
    void oneAndTwoThreadsPlotTheSameCurvesAndTheyAreTheEnginesSweep(FxRobot robot) throws Exception {
        robot.interact(() -> {
            try {
                open(1);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        runSmallSweep(robot);
        assertEquals(1, model.threads());
        List<List<Object>> oneThread = plotted(robot);
        robot.interact(() -> {
            try {
                open(2);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        runSmallSweep(robot);
        assertEquals(2, model.threads());
        List<List<Object>> twoThreads = plotted(robot);
        assertEquals(oneThread, twoThreads, "same seed, same curves at any thread count");

        Sweep.Result r = direct();
        assertEquals(r, model.resultProperty().get());
        assertEquals(5, twoThreads.size());
        for (int j = 0; j < 5; j++) {
            List<Object> series = twoThreads.get(j);
            assertEquals(Strategy.ARTICLE.get(j).name(), series.get(0));
            for (int i = 0; i < 5; i++) {
                assertEquals(List.of(i * 1.0, (double) r.get(i, j).usersWithDuplicateEmails()), series.get(i + 1));
            }
        }
        assertTrue(r.get(4, 0).usersWithDuplicateEmails() > 0, "the no-key curve rises: something to see");
    }

    @Test
    void cancelStopsALongSweepAndTheTabIsReadyAgain(FxRobot robot) {
        type(robot, "#sweepJobsField", "1000000");
        type(robot, "#sweepPointsField", "50");
        robot.clickOn("#sweepRunButton");
        waitUntil(() -> model.progressProperty().get() > 0);
        assertTrue(robot.lookup("#sweepRunButton").queryAs(Button.class).isDisabled());
        robot.clickOn("#sweepRunButton"); // disabled: nothing more starts
        robot.interact(model::run); // nor through the model while running
        assertEquals(1, runsStarted.get());
        robot.clickOn("#sweepCancelButton");
        waitUntil(() -> !model.runningProperty().get());
        assertTrue(model.statusProperty().get().startsWith("Cancelled"), model.statusProperty().get());
        assertNull(model.resultProperty().get(), "no half results");
        assertFalse(robot.lookup("#sweepRunButton").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup("#sweepCancelButton").queryAs(Button.class).isDisabled());
        assertEquals(0, model.progressProperty().get(), 0.0);
    }

    @Test
    void badFromToOrPointsShowTheirMessageAndStartNothing(FxRobot robot) {
        Label error = robot.lookup("#sweepInputError").queryAs(Label.class);
        type(robot, "#sweepPointsField", "1");
        robot.clickOn("#sweepRunButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Points: 1 is outside the allowed range 2 to 1,000", error.getText());
        assertTrue(error.isVisible());
        type(robot, "#sweepPointsField", "11");
        type(robot, "#sweepToField", "101");
        robot.clickOn("#sweepRunButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("To: 101% is outside the allowed range 0% to 100% for Failure rate", error.getText());
        type(robot, "#sweepToField", "5");
        type(robot, "#sweepFromField", "-1");
        robot.clickOn("#sweepRunButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("From: -1% is outside the allowed range 0% to 100% for Failure rate", error.getText());
        assertEquals(0, runsStarted.get(), "nothing started");
        assertFalse(model.runningProperty().get());
    }

    @Test
    void theChartExportsAt1x2xAnd4x(FxRobot robot) throws Exception {
        runSmallSweep(robot);
        @SuppressWarnings("unchecked")
        ChoiceBox<Integer> scale = robot.lookup("#sweepExportScale").queryAs(ChoiceBox.class);
        int[][] sizes = new int[5][];
        for (int s : List.of(1, 2, 4)) {
            File f = tmp.resolve("sweep-" + s + "x-" + System.nanoTime() + ".png").toFile();
            target.set(f);
            robot.interact(() -> scale.setValue(s));
            robot.clickOn("#sweepExportButton");
            WaitForAsyncUtils.waitForFxEvents();
            BufferedImage png = ImageIO.read(f);
            sizes[s] = new int[] {png.getWidth(), png.getHeight()};
        }
        assertTrue(sizes[1][0] > 300 && sizes[1][1] > 200, "real content at 1x: " + sizes[1][0]);
        assertEquals(2 * sizes[1][0], sizes[2][0], "2x width");
        assertEquals(2 * sizes[1][1], sizes[2][1], "2x height");
        assertEquals(4 * sizes[1][0], sizes[4][0], "4x width");
        assertEquals(4 * sizes[1][1], sizes[4][1], "4x height");
    }

    @Test
    void csvExportParsesBackToTheResultsAndCopyGivesHeaderAndOneLinePerRow(FxRobot robot) throws Exception {
        runSmallSweep(robot);
        ResultTable expected = SweepViewModel.table(direct());
        File f = tmp.resolve("sweep-" + System.nanoTime() + ".csv").toFile();
        target.set(f);
        robot.clickOn("#sweepCsvButton");
        WaitForAsyncUtils.waitForFxEvents();
        try (Reader in = Files.newBufferedReader(f.toPath(), StandardCharsets.UTF_8);
             CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
            assertEquals(expected.header(), p.getHeaderNames());
            assertEquals("lostReply", p.getHeaderNames().get(0));
            List<CSVRecord> records = p.getRecords();
            assertEquals(25, records.size(), "5 points × 5 strategies");
            for (int i = 0; i < records.size(); i++) {
                assertEquals(expected.rows().get(i), records.get(i).toList());
            }
        }

        robot.clickOn("#sweepCopyButton");
        WaitForAsyncUtils.waitForFxEvents();
        String copied = WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get();
        String[] lines = copied.split("\n");
        assertEquals(26, lines.length, "a header and one line per row");
        assertEquals(String.join("\t", expected.header()), lines[0]);
        assertEquals(String.join("\t", expected.rows().get(7)), lines[8]);

        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        @SuppressWarnings("unchecked")
        TableView<List<String>> table = robot.lookup("#sweepResultsTable").queryAs(TableView.class);
        robot.clickOn(table);
        robot.press(KeyCode.CONTROL).type(KeyCode.C).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        String viaKeys = WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get();
        assertEquals(copied, viaKeys, "Ctrl+C on the table copies the same");
    }

    @Test
    void logScalePlotsEveryLineOnTheSymlogAxisAndBackAndTheLastPointIsNotClipped(FxRobot robot) {
        runSmallSweep(robot);
        List<List<Object>> linear = plotted(robot);
        robot.clickOn("#sweepLogScaleBox");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(model.logScaleProperty().get());
        List<List<Object>> log = plotted(robot);
        assertEquals(linear.size(), log.size());
        for (int s = 0; s < linear.size(); s++) {
            for (int i = 1; i < linear.get(s).size(); i++) {
                @SuppressWarnings("unchecked") List<Double> a = (List<Double>) linear.get(s).get(i);
                @SuppressWarnings("unchecked") List<Double> b = (List<Double>) log.get(s).get(i);
                assertEquals(a.get(0), b.get(0));
                assertEquals(org.idempotencylab.ui.charts.SymlogScale.toAxis(a.get(1)), b.get(1), 1e-12);
            }
        }
        javafx.scene.chart.NumberAxis y = robot.lookup("#sweepYAxis").queryAs(javafx.scene.chart.NumberAxis.class);
        assertTrue(y.getLabel().contains("log scale"), y.getLabel());
        assertEquals(1, y.getTickUnit());
        robot.clickOn("#sweepLogScaleBox");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(linear, plotted(robot), "unticked: the plain values again");
        assertFalse(y.getLabel().contains("log"));

        // the last swept value: its marker is whole and its tick label inside the chart
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup("#sweepChart").queryAs(LineChart.class);
        javafx.geometry.Bounds box = chart.localToScene(chart.getBoundsInLocal());
        XYChart.Series<Number, Number> first = chart.getData().get(0);
        javafx.scene.Node marker = first.getData().get(first.getData().size() - 1).getNode();
        javafx.geometry.Bounds m = marker.localToScene(marker.getBoundsInLocal());
        assertTrue(m.getMaxX() <= box.getMaxX() - 4, "the last marker " + m + " inside the chart " + box);
        for (javafx.scene.Node n = marker; n != null; n = n.getParent()) {
            if (n.getClip() != null) {
                javafx.geometry.Bounds clip = n.localToScene(n.getClip().getBoundsInParent());
                assertTrue(clip.getMaxX() >= m.getMaxX() - 0.5, "the last marker is clipped at " + clip.getMaxX()
                        + " by " + n.getClass() + n.getStyleClass());
            }
        }
        javafx.scene.chart.NumberAxis x = robot.lookup("#sweepXAxis").queryAs(javafx.scene.chart.NumberAxis.class);
        double rightmost = x.lookupAll("Text").stream().filter(javafx.scene.Node::isVisible)
                .mapToDouble(t -> t.localToScene(t.getBoundsInLocal()).getMaxX()).max().orElseThrow();
        assertTrue(rightmost <= box.getMaxX() - 4, "the last x tick label ends at " + rightmost + ", the chart at "
                + box.getMaxX());
    }
}
