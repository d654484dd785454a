package org.idempotencylab.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Compare strategies" on a preset that declares its own job (the checkout: charge the card, reserve the stock, send
 * the receipt): every word a person reads about the provider-side count names the workflow's key step, the first
 * external step with a provider key ("charge the card"), as the live view's status bar does, and none says
 * "welcome email", which this job does not send. Headless under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class CompareWorkflowWordsFxTest {
    /** The count's label in the checkout's words, as the live status bar words it (capitalised in a header). */
    private static final String CHARGED_TWICE = "Users with \"charge the card\" done 2+ times";

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private LabWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = LabWindow.open(stage, pool);
        window.kit().applyPreset("workflow-checkout.json");
        window.lab().selectTab("compareTab");
        window.lab().buildShownTab();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void theCheckoutsHeaderChartHintAndWatchLineNameTheChargeNeverTheWelcomeEmail(FxRobot robot) {
        TableView<?> table = FxSteps.onFx(() -> robot.lookup("#resultsTable").queryAs(TableView.class));
        FxSteps.press(robot, "#compareButton");
        // the preset's three strategies, then the watch line once the note has the run's numbers
        FxSteps.waitUntil(() -> FxSteps.onFx(() -> table.getItems().size() == 3
                && window.kit().watchLineProperty().get().startsWith(CHARGED_TWICE)));
        List<String> seen = new ArrayList<>();
        robot.interact(() -> {
            String header = table.getColumns().stream()
                    .filter(c -> "usersWithDuplicateEmailsColumn".equals(c.getId()))
                    .map(TableColumn::getText).findFirst().orElseThrow();
            assertEquals(CHARGED_TWICE, header);
            // the header is drawn whole: its label's text node shows every word, none cut with "…"
            Label drawn = table.lookupAll(".column-header .label").stream()
                    .filter(n -> n instanceof Label l && CHARGED_TWICE.equals(l.getText())).map(Label.class::cast)
                    .findFirst().orElseThrow();
            Text text = (Text) drawn.lookup(".text");
            assertEquals(CHARGED_TWICE, text.getText().replace('\n', ' '), "the header as drawn");
            table.getColumns().forEach(c -> seen.add(c.getText()));
            BarChart<?, ?> chart = robot.lookup("#chart").queryAs(BarChart.class);
            List<String> legend = chart.getData().stream().map(XYChart.Series::getName).toList();
            assertTrue(legend.contains(CHARGED_TWICE), "the chart's legend: " + legend);
            seen.addAll(legend);
            seen.add(chart.getXAxis().getLabel());
            seen.add(robot.lookup("#chartHeading").queryAs(Label.class).getText());
            String hint = robot.lookup("#hintLabel").queryAs(Label.class).getText();
            assertTrue(hint.contains("\"charge the card\" can also go out and lose its reply"), hint);
            seen.add(hint);
            seen.add(window.kit().watchLineProperty().get());
        });
        for (String text : seen) {
            assertFalse(text.toLowerCase().contains("welcome email"), "a checkout sends no welcome email: " + text);
        }
    }
}
