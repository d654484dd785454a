package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.StrategyNames;

/**
 * Binds live-second-lane.fxml to the live view's {@link Lanes}: the second lane's switch and strategy under the
 * queue, and, while two lanes play, lane B's summary, lane B drawn compact ({@link LaneStrip}) and the difference
 * between the lanes. A click on lane B does what the same click on lane A does, in both lanes.
 */
public final class LiveSecondLaneController {
    private static final Texts TEXTS = Texts.of(LiveSecondLaneController.class);
    private final Lanes lanes;
    /** Whether a click on a job also makes its next call fail (the parameters' switch). */
    private BooleanSupplier clickFails = () -> false;
    /** Px lane B's box has for its text (see {@link #fit}); unknown before the first layout. */
    private double laneBRoom;

    @FXML private HBox laneHeaderB;
    @FXML private CheckBox besideBox;
    @FXML private ComboBox<Strategy> secondStrategyBox;
    @FXML private Label laneSummaryB;
    @FXML private LaneStrip laneStrip;
    @FXML private Label differenceLabel;

    public LiveSecondLaneController(LiveViewModel model) {
        this.lanes = model.lanes();
    }

    @FXML
    private void initialize() {
        bindSwitch();
        bindLaneB();
        laneStrip.setOnMouseClicked(this::onStripClicked);
    }

    /** The switch and the strategy lane B runs; off, greyed, with the claim table on a database (the tip says why). */
    private void bindSwitch() {
        secondStrategyBox.getItems().setAll(secondLaneChoices(lanes.secondStrategyProperty().get()));
        secondStrategyBox.setConverter(ChoiceText.of(secondStrategyBox.getItems(), StrategyNames::shortName));
        secondStrategyBox.valueProperty().bindBidirectional(lanes.secondStrategyProperty());
        lanes.secondStrategyProperty().addListener((o, was, now) -> {
            if (now != null && !secondStrategyBox.getItems().contains(now)) {
                secondStrategyBox.getItems().add(now); // a preset's own (a fix with its settings)
            }
        });
        besideBox.selectedProperty().bindBidirectional(lanes.secondOnProperty());
        besideBox.setAccessibleText(TEXTS.get("lane.besideIt")); // also when its words step aside
        besideBox.disableProperty().bind(lanes.availableProperty().not());
        secondStrategyBox.disableProperty().bind(lanes.availableProperty().not());
        Tooltip tip = new Tooltip();
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        tip.textProperty().bind(Bindings.when(lanes.availableProperty()).then(TEXTS.get("tip.besideIt"))
                .otherwise(TEXTS.get("tip.besideItDatabase")));
        besideBox.setTooltip(tip);
        secondStrategyBox.setTooltip(tip);
        // with the box off and greyed, its tooltip still has to say why: the row shows it too
        Tooltip.install(besideBox.getParent(), tip);
    }

    /** While two lanes play: lane B's name in the box, its summary, its strip and the difference line. */
    private void bindLaneB() {
        for (Node n : List.of(laneStrip, differenceLabel, laneSummaryB)) {
            n.visibleProperty().bind(lanes.activeProperty());
            n.managedProperty().bind(lanes.activeProperty());
        }
        // the box is lane B's label: "B · each step, same key" while two lanes play
        secondStrategyBox.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Strategy item, boolean empty) {
                super.updateItem(item, empty);
                setText(laneBText(item));
            }
        });
        lanes.nameBFormsProperty().addListener((o, was, now) -> fit());
        lanes.activeProperty().addListener((o, was, now) -> fit());
        // numbers first, whole: a shorter form where the row is narrow, else wrapped onto a second line
        FittedText.bind(laneSummaryB, lanes.summaryBFormsProperty());
        FittedText.bind(differenceLabel, lanes.differenceFormsProperty());
    }

    /** @param fails whether a click on a job also makes its next call fail */
    void setClickFails(BooleanSupplier fails) {
        clickFails = fails;
    }

    /** Draws lane B, while two lanes play (once a frame). */
    void draw() {
        if (lanes.activeProperty().get()) {
            laneStrip.draw(lanes);
        }
    }

    /** A click on the second lane: the same as on the first, in both lanes. */
    private void onStripClicked(MouseEvent e) {
        if (laneStrip.workersAt(e.getX(), e.getY())) {
            lanes.crashWorkers();
        } else if (laneStrip.providerAt(e.getX(), e.getY())) {
            lanes.clickProvider();
        } else {
            JobToken t = laneStrip.tokenAt(e.getX(), e.getY());
            if (t != null) {
                lanes.clickUser(t.user(), t.repeat(), clickFails.getAsBoolean());
            }
        }
    }

    /**
     * @return the second lane's box: lane B's name while two lanes play, else the strategy it would run; the
     *         longest form that fits {@link #laneBRoom}
     */
    private String laneBText(Strategy s) {
        if (s == null) {
            return "";
        }
        List<String> forms = lanes.activeProperty().get() && !lanes.nameBProperty().get().isEmpty()
                ? lanes.nameBFormsProperty().get() : List.of(StrategyNames.shortName(s));
        return FittedText.longest(forms, secondStrategyBox.getButtonCell().getFont(), laneBRoom);
    }

    /**
     * Lane B's row: its box as wide as its text, up to half the row beside its switch while two lanes play (the
     * summary keeps the other half), the whole row otherwise; a name too long for that shows a shorter form
     * ({@link Lanes#nameForms}). The switch's words step aside where that keeps the summary on one line (its tooltip
     * still says them), as the toolbar's "Strategy" does: a second line would cost the play area its height. After
     * every layout pass.
     */
    void fit() {
        ListCell<Strategy> cell = secondStrategyBox.getButtonCell();
        Node arrow = secondStrategyBox.lookup(".arrow-button");
        String besideIt = TEXTS.get("lane.besideIt");
        double words = FittedText.width(besideIt, besideBox.getFont()) + besideBox.getGraphicTextGap();
        double spacing = laneHeaderB.getSpacing();
        // the room beside the switch with its words, whether they show now or not
        double row = laneHeaderB.getWidth() - laneHeaderB.snappedLeftInset() - laneHeaderB.snappedRightInset()
                - besideBox.getWidth() - (besideBox.getText().isEmpty() ? words : 0) - spacing;
        if (arrow == null || row <= 0) {
            return;
        }
        double frame = secondStrategyBox.snappedLeftInset() + secondStrategyBox.snappedRightInset()
                + arrow.prefWidth(-1) + cell.snappedLeftInset() + cell.snappedRightInset();
        boolean active = lanes.activeProperty().get();
        double most = active ? (row - spacing) / 2 : row;
        laneBRoom = most - frame;
        String text = laneBText(secondStrategyBox.getValue());
        double width = Math.ceil(frame + FittedText.width(text, cell.getFont())) + 1;
        if (!text.equals(cell.getText())) {
            cell.setText(text);
        }
        if (secondStrategyBox.getPrefWidth() != width) {
            secondStrategyBox.setMinWidth(width);
            secondStrategyBox.setPrefWidth(width);
        }
        List<String> summary = lanes.summaryBFormsProperty().get();
        double need = FittedText.width(summary.get(summary.size() - 1), laneSummaryB.getFont())
                + laneSummaryB.snappedLeftInset() + laneSummaryB.snappedRightInset();
        double left = row - width - spacing;
        boolean wordsShown = !active || left >= need || left + words < need;
        if (wordsShown == besideBox.getText().isEmpty()) {
            besideBox.setText(wordsShown ? besideIt : "");
        }
    }

    /** @return what the second lane offers: the article's five, the claim table's, and {@code current} */
    private static List<Strategy> secondLaneChoices(Strategy current) {
        List<Strategy> all = new ArrayList<>(Strategy.ARTICLE);
        all.add(Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE));
        all.add(Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.NONE, StoreKind.MEMORY));
        if (current != null && !all.contains(current)) {
            all.add(current);
        }
        return all;
    }
}
