package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javafx.beans.property.Property;
import javafx.fxml.FXML;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.form.ParameterPanel;

/**
 * Binds live-parameters.fxml to the {@link LiveViewModel}: the parameter panel, built from the {@link Parameter}
 * registry, with the strategy's parts (retry scope, key, store, the claim table's database) as the first section
 * under "Advanced"; the switch that makes a clicked job's next call fail, and the button that crashes the workers.
 */
public final class LiveParametersController {
    /**
     * Parameters the scene needs at hand, shown open with the first article's: who arrives and how many work on
     * them. The others sit in their sections, collapsed.
     */
    static final List<Parameter> OPEN_PARAMETERS = List.of(Parameter.WORKERS, Parameter.ARRIVAL_RATE);
    /** The open section's order: the lesson's rates first, the seed (the run's identity) last. */
    private static final List<Parameter> BASIC_ORDER = List.of(Parameter.P_FAIL, Parameter.LOST_REPLY,
            Parameter.MAX_ATTEMPTS, Parameter.JOBS, Parameter.WORKERS, Parameter.ARRIVAL_RATE, Parameter.SEED);
    private static final Texts TEXTS = Texts.of(LiveParametersController.class);
    private final LiveViewModel model;
    private ParameterPanel parameters;
    /** Where a refused value is said (under the toolbar). */
    private Consumer<String> inputError = message -> { };

    @FXML private VBox parameterSlot;
    @FXML private TitledPane strategyPane;
    @FXML private ComboBox<RetryScope> scopeBox;
    @FXML private ComboBox<KeyMode> keyBox;
    @FXML private ComboBox<StoreKind> storeBox;
    @FXML private TextField databaseField;
    @FXML private Tooltip databaseTip;
    @FXML private Tooltip retryTip; // its text names the stores that record finished steps
    @FXML private Tooltip storeTip; // its text is each store's own help
    @FXML private CheckBox faultBox;

    public LiveParametersController(LiveViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        bindParts();
        bindParameters();
    }

    /** The strategy's three parts and the claim table's database, bound both ways. */
    private void bindParts() {
        choice(scopeBox, RetryScope.values(), model.scopeProperty());
        choice(keyBox, KeyMode.values(), model.keyModeProperty());
        choice(storeBox, StoreKind.values(), model.storeProperty());
        databaseField.textProperty().bindBidirectional(model.databaseUrlProperty());
        databaseField.disableProperty().bind(model.storeProperty().isNotEqualTo(StoreKind.CLAIM_TABLE)
                .or(model.connectingProperty()));
        databaseTip.setText(TEXTS.format("tip.database", JdbcClaimStore.ALLOWED_URLS));
        retryTip.setText(TEXTS.format("tip.retry", StoreKind.recordingLabels()));
        storeTip.setText(TEXTS.format("tip.store", Arrays.stream(StoreKind.values())
                .map(k -> k.label().substring(0, 1).toUpperCase(Locale.ROOT) + k.label().substring(1) + ": "
                        + k.help() + ".").collect(Collectors.joining(" "))));
    }

    /** A list of one strategy part, bound both ways, showing the part's words. */
    private static <T extends Choice> void choice(ComboBox<T> box, T[] values, Property<T> value) {
        box.getItems().setAll(values);
        box.setConverter(ChoiceText.of(box.getItems(), StrategyParts::label));
        box.valueProperty().bindBidirectional(value);
    }

    /**
     * The parameter panel, from the registry: the first article's parameters and {@link #OPEN_PARAMETERS} open,
     * then one "Advanced" pane, collapsed, with the strategy's parts and every other section; its title counts the
     * values that differ from the registry's defaults (as Compare's does), so a preset's change shows while
     * collapsed. A refused value is said where {@link #setOnInputError} asks.
     */
    private void bindParameters() {
        List<Parameter> shown = new ArrayList<>(BASIC_ORDER);
        Stream.of(Parameter.values()).filter(p -> !shown.contains(p)).forEach(shown::add);
        parameters = ParameterPanel.build(model.form(), shown, OPEN_PARAMETERS, "live",
                message -> inputError.accept(message));
        parameters.addAdvancedSection(0, strategyPane);
        parameters.showChangesFrom(Scenario.article());
        parameterSlot.getChildren().setAll(parameters.node());
    }

    /** @param show says a refused value (or hides the message, given "") */
    void setOnInputError(Consumer<String> show) {
        inputError = show;
    }

    /** @return the parameter panel (tests find its sections and fields) */
    ParameterPanel parameters() {
        return parameters;
    }

    /** @return true if a click on a job also makes its next call fail */
    boolean clickFails() {
        return faultBox.isSelected();
    }

    @FXML
    private void crashWorkers() {
        model.lanes().crashWorkers();
    }
}
