package org.idempotencylab.ui.live;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Slider;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.text.Font;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.StrategyNames;

/**
 * Binds live-toolbar.fxml to the {@link LiveViewModel}: the strategy box (its name as long as the toolbar has room
 * for), Play, Step, Reset, the speed slider and the virtual clock; the Parameters button of a narrow view is the
 * view's ({@link LiveFit}). Play and Step act on both lanes when two play ({@link Lanes}).
 */
public final class LiveToolbarController {
    private static final Texts TEXTS = Texts.of(LiveToolbarController.class);
    private final LiveViewModel model;
    private final Lanes lanes;
    /** Reset: the view reads the fields typed but not yet confirmed first. */
    private Runnable reset = () -> { };
    /** The clock stands in the timeline bar, beside the timeline (see {@link #fit}). */
    private final ReadOnlyBooleanWrapper clockAway = new ReadOnlyBooleanWrapper();
    /** The room the strategy box leaves its words, px; 0 before the first layout. */
    private double strategyRoom;
    /** The type and the strategy the box's words were last fitted for. */
    private Font strategyFont;
    private Strategy strategyFitted;

    @FXML private HBox toolbar;
    @FXML private Label strategyLabel;
    @FXML private ComboBox<Strategy> strategyBox;
    @FXML private Button playButton;
    @FXML private ToggleButton parametersToggle;
    @FXML private HBox speedGroup;
    @FXML private Slider speedSlider;
    @FXML private Label speedLabel;
    @FXML private HBox clockGroup;
    @FXML private Label clockLabel;

    public LiveToolbarController(LiveViewModel model) {
        this.model = model;
        this.lanes = model.lanes();
    }

    @FXML
    private void initialize() {
        bindStrategy();
        bindPlayback();
    }

    /** @param reset what Reset (the button) does */
    void setOnReset(Runnable reset) {
        this.reset = reset;
    }

    /** The strategy box: the article's five, or the name of the strategy the parts make. */
    private void bindStrategy() {
        strategyBox.getItems().setAll(Strategy.ARTICLE);
        strategyBox.setConverter(ChoiceText.of(strategyBox.getItems(), StrategyParts::name));
        // the parts can make a strategy that is not one of the article's five: the box then says "custom: …" and
        // its name instead of going blank (the list keeps the five; the button shows whatever will run)
        strategyBox.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Strategy item, boolean empty) {
                super.updateItem(item, empty);
                setText(strategyText(strategyBox.getValue()));
            }
        });
        strategyBox.valueProperty().bindBidirectional(model.strategyProperty());
        showStrategy(model.strategyProperty().get());
        model.strategyProperty().addListener((o, was, now) -> showStrategy(now));
    }

    /**
     * @return {@code s}'s name as the box has room for it: whole, else its short name ("whole job, skip
     *         finished"); a strategy made of parts, its short name with "custom: ", then without, then "custom
     *         strategy" (its parts are under Advanced); never cut with "…" (the tooltip says it whole)
     */
    private String strategyText(Strategy s) {
        String name = StrategyParts.name(s);
        if (s == null) {
            return name;
        }
        List<String> forms = Strategy.ARTICLE.contains(s) ? List.of(name, StrategyNames.shortName(s))
                : List.of(name, TEXTS.format("strategy.custom", StrategyNames.shortName(s)),
                        StrategyNames.shortName(s), TEXTS.get("strategy.customAlone"));
        return FittedText.longest(forms, strategyBox.getButtonCell().getFont(), strategyRoom);
    }

    /** The box's words in the room it has now (see {@link #strategyText}); after every layout pass. */
    void fitStrategyName() {
        ListCell<Strategy> cell = strategyBox.getButtonCell();
        Node arrow = strategyBox.lookup(".arrow-button");
        if (arrow == null || strategyBox.getWidth() <= 0) {
            return;
        }
        double room = strategyBox.getWidth() - strategyBox.snappedLeftInset() - strategyBox.snappedRightInset()
                - arrow.getLayoutBounds().getWidth() - cell.snappedLeftInset() - cell.snappedRightInset();
        Font font = cell.getFont();
        if (room == strategyRoom && font == strategyFont && strategyBox.getValue() == strategyFitted) {
            return; // as fitted after the last pass: this runs after every pulse's layout, while playing too
        }
        strategyRoom = room;
        strategyFont = font;
        strategyFitted = strategyBox.getValue();
        String text = strategyText(strategyFitted);
        if (!text.equals(cell.getText())) {
            cell.setText(text);
        }
    }

    private void showStrategy(Strategy s) {
        String name = StrategyParts.name(s);
        strategyBox.getButtonCell().setText(strategyText(s));
        Tooltip tip = new Tooltip(TEXTS.format("tip.strategy", name));
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        strategyBox.setTooltip(tip);
    }

    private void bindPlayback() {
        playButton.textProperty().bind(Bindings.when(model.playingProperty())
                .then(TEXTS.get("toolbar.pause")).otherwise(TEXTS.get("toolbar.play")));
        speedSlider.setLabelFormatter(null);
        speedSlider.valueProperty().addListener((o, a, v) -> model.speedProperty().set(
                Playback.speedAt(v.doubleValue())));
        speedLabel.textProperty().bind(Bindings.createStringBinding(
                () -> Playback.speedText(model.speedProperty().get()), model.speedProperty()));
        // a speed set by the model (a loaded preset) moves the slider too
        model.speedProperty().addListener((o, a, v) -> {
            double position = Math.log10(v.doubleValue());
            if (Math.abs(speedSlider.getValue() - position) > 1e-3) {
                speedSlider.setValue(position);
            }
        });
        clockLabel.textProperty().bind(model.clockProperty());
    }

    /**
     * One toolbar row whatever the width (1024 px with a note, presentation mode): the strategy box gives way
     * down to its least width; where the row still has no room, Speed and then the clock go to the end of
     * {@code away} (the timeline bar under the play area; Speed first: the clock is what a class reads), and last
     * the word "Strategy" steps aside (the box's tooltip still says it); all come back with the room. Their least
     * widths do not change as they run (style: speed-value, clock), so neither does their place. After every
     * layout pass.
     */
    void fit(HBox away) {
        double width = toolbar.getWidth();
        if (width <= 0) {
            return;
        }
        double spacing = toolbar.getSpacing();
        double row = toolbar.snappedLeftInset() + toolbar.snappedRightInset() - spacing;
        for (Node n : toolbar.getChildren()) {
            if (n.isManaged() && n != speedGroup && n != clockGroup && n != strategyLabel) {
                row += n.minWidth(-1) + spacing;
            }
        }
        double label = strategyLabel.minWidth(-1) + spacing;
        double clock = clockGroup.minWidth(-1) + spacing;
        boolean labelShown = row + label <= width;
        boolean clockUp = row + label + clock <= width;
        boolean speedUp = row + label + clock + speedGroup.minWidth(-1) + spacing <= width;
        if (strategyLabel.isManaged() != labelShown) {
            strategyLabel.setVisible(labelShown);
            strategyLabel.setManaged(labelShown);
        }
        HBox speedTo = speedUp ? toolbar : away;
        HBox clockTo = clockUp ? toolbar : away;
        if (speedGroup.getParent() != speedTo || clockGroup.getParent() != clockTo) {
            toolbar.getChildren().removeAll(speedGroup, clockGroup);
            away.getChildren().removeAll(speedGroup, clockGroup);
            speedTo.getChildren().add(speedGroup);
            clockTo.getChildren().add(clockGroup);
            clockAway.set(!clockUp);
        }
    }

    /** @return true while the clock stands beside the timeline (the toolbar has no room for it) */
    ReadOnlyBooleanProperty clockAwayProperty() {
        return clockAway.getReadOnlyProperty();
    }

    /** @return the Parameters button, shown while the view is too narrow for the parameters beside the queue */
    ToggleButton parametersToggle() {
        return parametersToggle;
    }

    @FXML
    private void togglePlay() {
        lanes.togglePlay();
    }

    @FXML
    private void step() {
        lanes.step();
    }

    @FXML
    private void reset() {
        reset.run();
    }
}
