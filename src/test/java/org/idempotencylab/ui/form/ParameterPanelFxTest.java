package org.idempotencylab.ui.form;

import static org.idempotencylab.ui.FxSteps.enter;
import static org.idempotencylab.ui.FxSteps.onFx;
import static org.idempotencylab.ui.FxSteps.reveal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Objects;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.FxSteps;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A parameter panel built from the registry, as a person uses it: every parameter has its row, label, tooltip
 * and unit; the article's are open and the others in collapsed sections; a bad value is refused with one message
 * and the previous value stays; Enter or leaving the field commits; a button reads what the fields show.
 */
class ParameterPanelFxTest {
    // one window for the class; each test starts from the panel as it is built (fresh())
    private static ScenarioForm form;
    private static ParameterPanel panel;
    private static Label errors;
    private static Stage stage;

    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void openThePanel() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupFixture(ParameterPanelFxTest::build);
    }

    private static void build() {
        errors = new Label();
        form = new ScenarioForm(Scenario.article());
        panel = ParameterPanel.build(form, ParameterPanel.everyParameter(), "t", m -> errors.setText(m == null ? "" : m));
        panel.showChangesFrom(Scenario.article());
        ScrollPane scroll = new ScrollPane(panel.node());
        scroll.setFitToWidth(true);
        VBox root = new VBox(8, scroll, errors);
        root.setPrefWidth(340); // as narrow as the lab's panels
        Scene scene = new Scene(root, 340, 760);
        scene.getStylesheets().add(App.class.getResource("lab.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    /** The article's values, every section collapsed, every row enabled, the lab's type size, no message. */
    @BeforeEach
    void fresh() {
        robot.interact(() -> {
            form.load(Scenario.article());
            for (Parameter p : Parameter.values()) {
                panel.setDisabled(p, false);
            }
            FxSteps.collapseAndScrollBack(stage.getScene().getRoot());
            stage.getScene().getRoot().setStyle("");
            stage.getScene().getRoot().requestFocus();
            errors.setText("");
        });
    }

    @AfterAll
    static void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    private TextField field(Parameter p) {
        return robot.lookup("#" + ParameterPanel.nodeId("t", p, "Field")).queryAs(TextField.class);
    }

    @Test
    void everyParameterHasItsRowWithLabelTooltipAndUnitAndOnlyTheArticlesAreOpen() {
        for (Parameter p : Parameter.values()) {
            Node editor = panel.editor(p);
            assertNotNull(editor, p.id());
            String tip = ParameterBinding.tooltipText(p);
            switch (p.kind()) {
                case FLAG -> {
                    assertEquals(p.label(), ((CheckBox) editor).getText());
                    assertEquals(tip, ((CheckBox) editor).getTooltip().getText());
                }
                case CHOICE -> assertEquals(tip, ((ComboBox<?>) editor).getTooltip().getText());
                default -> {
                    TextField f = (TextField) editor;
                    assertEquals(ParameterPanel.nodeId("t", p, "Field"), f.getId());
                    assertEquals(tip, f.getTooltip().getText(), p.id());
                    Label label = robot.lookup("#" + ParameterPanel.nodeId("t", p, "Label")).queryAs(Label.class);
                    assertEquals(p.label(), label.getText());
                    assertEquals(f.getTooltip(), label.getTooltip(), "the label explains itself too");
                    assertEquals(ParameterBinding.format(p, form.number(p)), f.getText(), p.id());
                }
            }
            boolean shown = p.section().isBasic();
            assertEquals(shown, panel.pane(p.section()) == null, p.id());
            if (!shown) {
                assertFalse(panel.pane(p.section()).isExpanded(), p.section() + " starts collapsed");
            }
        }
        assertEquals("pFailField", ParameterPanel.nodeId("", Parameter.P_FAIL, "Field"));
        assertTrue(field(Parameter.P_FAIL).isVisible());
        TextField pFail = field(Parameter.P_FAIL);
        // read on the FX thread: the grid's children may still be laid out while the test looks
        Label unit = (Label) onFx(() -> robot.from(pFail.getParent()).lookup(".unit").queryAll().stream()
                .filter(n -> Objects.equals(GridPane.getRowIndex(n), GridPane.getRowIndex(pFail))).findFirst()
                .orElseThrow());
        assertEquals("%", unit.getText(), "probabilities are typed in percent");
        // the sign-ups slider is marked by powers of ten, the attempts slider by every value
        assertTrue(robot.lookup("#tJobsSlider").queryAs(Slider.class).isShowTickLabels());
        assertEquals(1, robot.lookup("#tMaxAttemptsSlider").queryAs(Slider.class).getMajorTickUnit());
    }

    @Test
    void aBadValueTypedIsRefusedWithOneMessageAndThePreviousValueStays() {
        TextField pFail = field(Parameter.P_FAIL);
        robot.clickOn(pFail);
        robot.interact(pFail::selectAll);
        robot.write("150"); // the keys, as typed
        robot.type(KeyCode.ENTER);
        assertEquals("Failure rate: 150% is outside the allowed range 0% to 100%", errors.getText());
        assertEquals(0.01, form.number(Parameter.P_FAIL), 0.0, "the previous value stays");
        assertEquals("1", pFail.getText(), "and the field shows it again");

        TextField jobs = field(Parameter.JOBS);
        enter(robot, jobs, "lots");
        robot.type(KeyCode.ENTER);
        assertEquals("Sign-ups: 'lots' is not a whole number; allowed 1 to 100,000,000", errors.getText());

        enter(robot, jobs, "5,000");
        robot.clickOn(pFail); // leaving the field commits it
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", errors.getText(), "a good value clears the message");
        assertEquals(5_000L, form.value(Parameter.JOBS));
        assertEquals("5,000", jobs.getText());
    }

    @Test
    void aButtonReadsTheValueTypedButNotConfirmedAndAnAdvancedOneInItsSection() {
        TextField lease = field(Parameter.LEASE_MS);
        TitledPane durability = panel.pane(Parameter.Section.DURABILITY);
        enter(robot, lease, "2000"); // opens the section, as a person would to reach the field
        assertTrue(durability.isExpanded());
        assertEquals(Parameter.LEASE_MS.defaultValue(), form.value(Parameter.LEASE_MS), "not confirmed yet");
        assertTrue(onFx(panel::commitAll));
        assertEquals(2_000L, form.value(Parameter.LEASE_MS));
        assertEquals("Failures and durability  (1 changed)", durability.getText(),
                "a collapsed section still shows that something in it changed");
        assertEquals("Advanced  (1 changed)", panel.advanced().getText(), "and so does the pane around the sections");

        enter(robot, lease, "0");
        assertFalse(onFx(panel::commitAll));
        assertEquals("Lease: 0 is outside the allowed range 1 to 2,678,400,000", errors.getText());
        assertEquals(2_000L, form.value(Parameter.LEASE_MS));
    }

    @Test
    void slidersFlagsAndChoicesSetTheirValues() {
        Slider attempts = robot.lookup("#tMaxAttemptsSlider").queryAs(Slider.class);
        robot.clickOn(attempts.lookup(".thumb"));
        robot.type(KeyCode.RIGHT);
        assertEquals(4L, form.value(Parameter.MAX_ATTEMPTS));
        assertEquals("4", field(Parameter.MAX_ATTEMPTS).getText());

        CheckBox jitter = (CheckBox) panel.editor(Parameter.JITTER);
        reveal(robot, jitter);
        robot.clickOn(jitter);
        assertEquals(false, form.value(Parameter.JITTER));
        @SuppressWarnings("unchecked")
        ComboBox<Object> queue = (ComboBox<Object>) panel.editor(Parameter.QUEUE);
        reveal(robot, queue);
        robot.interact(() -> queue.setValue(QueueKind.DURABLE));
        assertEquals(QueueKind.DURABLE, form.value(Parameter.QUEUE));
        robot.interact(() -> form.load(Scenario.article()));
        assertEquals(QueueKind.MEMORY, queue.getValue(), "the list follows the form");
        assertTrue(jitter.isSelected(), "the box follows the form");
    }

    @Test
    void inLargeTypeEveryOpenedSectionsFieldsStayInsideTheNarrowPanel() {
        robot.interact(() -> {
            stage.getScene().getRoot().setStyle("-fx-font-size: 18px;");
            form.set(Parameter.P_CRASH, 0.01);
            form.set(Parameter.LEASE_MS, 2_000);
            panel.advanced().setExpanded(true);
            panel.pane(Parameter.Section.DURABILITY).setExpanded(true);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Bounds box = panel.node().localToScene(panel.node().getLayoutBounds());
        for (Parameter p : Parameter.Section.DURABILITY.parameters()) {
            Node editor = panel.editor(p);
            Bounds b = editor.localToScene(editor.getLayoutBounds());
            assertTrue(b.getMaxX() <= box.getMaxX() + 0.5 && b.getMaxX() <= stage.getScene().getWidth(),
                    p.id() + " at " + b + " is cut off the panel " + box);
        }
    }

    @Test
    void aDisabledRowIsGreyedOutAndComesBack() {
        robot.interact(() -> panel.setDisabled(Parameter.P_FAIL, true));
        assertTrue(field(Parameter.P_FAIL).isDisabled());
        assertTrue(robot.lookup("#tPFailSlider").query().isDisabled());
        robot.interact(() -> panel.setDisabled(Parameter.P_FAIL, false));
        assertFalse(field(Parameter.P_FAIL).isDisabled());
        assertNull(panel.pane(Parameter.Section.ARTICLE), "the article's parameters are no section of their own");
    }
}
