package org.idempotencylab.ui.lessons;

import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.VBox;
import org.idempotencylab.scenario.LessonFrame;
import org.idempotencylab.scenario.Prediction;
import org.idempotencylab.ui.Texts;

/**
 * The lesson panel (lesson-panel.fxml, beside the tabs): the lesson's and the frame's titles, "Frame 2 of 5", what to
 * watch, the prediction's choices, the status line (what the frame waits for, where it paused), the answer beside
 * the prediction and the explanation, and Back / Play to the moment / Continue. Thin: every word comes from the
 * {@link LessonPlayer}.
 */
public final class LessonPanelController {
    private static final Texts TEXTS = Texts.of(LessonPanelController.class);
    private final LessonPlayer player;
    private final ToggleGroup choices = new ToggleGroup();
    /** The lesson frame whose choices are shown (rebuilt when another is). */
    private LessonFrame shownFrame;
    private boolean rendering;

    /** The state shown last: a new reveal scrolls the answer into view, a new frame scrolls back to its top. */
    private LessonPlayer.State shownState = LessonPlayer.State.CLOSED;

    @FXML private VBox lessonPanel;
    @FXML private ScrollPane lessonScroll;
    @FXML private Label lessonTitle;
    @FXML private Label lessonFrameCount;
    @FXML private Label lessonFrameTitle;
    @FXML private Label lessonWatch;
    @FXML private VBox lessonPredict;
    @FXML private Label lessonQuestion;
    @FXML private VBox lessonChoices;
    @FXML private Label lessonStatus;
    @FXML private Label lessonReveal;
    @FXML private Label lessonExplain;
    @FXML private Button lessonBack;
    @FXML private Button lessonReplay;
    @FXML private Button lessonNext;

    public LessonPanelController(LessonPlayer player) {
        this.player = player;
    }

    @FXML
    private void initialize() {
        player.versionProperty().addListener((o, was, now) -> render());
        player.openProperty().addListener((o, was, now) -> render());
        choices.selectedToggleProperty().addListener((o, was, now) -> {
            if (!rendering && now != null) {
                player.choose((Integer) now.getUserData());
            }
        });
        render();
    }

    private void render() {
        rendering = true;
        try {
            boolean open = player.openProperty().get();
            lessonPanel.setVisible(open);
            lessonPanel.setManaged(open);
            LessonFrame f = player.current();
            boolean problem = open && f == null;
            lessonTitle.setText(problem ? TEXTS.get("notice.title") : f == null ? "" : player.lesson().title());
            lessonFrameCount.setText(player.frameCountText());
            lessonFrameTitle.setText(f == null ? "" : f.title());
            lessonWatch.setText(problem ? notice() : f == null ? "" : f.watch());
            show(lessonFrameCount, f != null);
            show(lessonFrameTitle, f != null);
            Prediction p = f == null ? null : f.predict();
            show(lessonPredict, p != null);
            if (f != shownFrame) {
                shownFrame = f;
                lessonScroll.setVvalue(0);
                lessonChoices.getChildren().clear();
                choices.getToggles().clear();
                if (p != null) {
                    lessonQuestion.setText(p.question());
                    for (int i = 0; i < p.options().size(); i++) {
                        RadioButton b = new RadioButton();
                        b.setId("lessonChoice-" + i);
                        b.setUserData(i);
                        b.setToggleGroup(choices);
                        b.setWrapText(true);
                        b.setMnemonicParsing(false);
                        b.getStyleClass().add("lesson-choice");
                        lessonChoices.getChildren().add(b);
                    }
                }
            }
            if (p != null) {
                for (int i = 0; i < lessonChoices.getChildren().size(); i++) {
                    RadioButton b = (RadioButton) lessonChoices.getChildren().get(i);
                    b.setText(player.optionText(i));
                    b.setSelected(i == player.chosen());
                    b.setDisable(player.state() == LessonPlayer.State.REVEALED);
                    b.getStyleClass().removeAll("lesson-right", "lesson-wrong");
                    if (player.isMarkedRight(i)) {
                        b.getStyleClass().add("lesson-right");
                    } else if (player.isMarkedWrong(i)) {
                        b.getStyleClass().add("lesson-wrong");
                    }
                }
            }
            lessonStatus.setText(player.statusText());
            show(lessonStatus, f != null);
            lessonReveal.setText(player.revealText());
            show(lessonReveal, !player.revealText().isEmpty());
            lessonExplain.setText(player.explainText());
            show(lessonExplain, !player.explainText().isEmpty());
            lessonNext.setText(player.primaryText());
            lessonNext.setDisable(f == null || player.state() == LessonPlayer.State.PLAYING);
            lessonBack.setDisable(f == null || player.frameIndex() == 0);
            lessonReplay.setDisable(f == null);
            show(lessonNext.getParent(), f != null);
            if (player.state() == LessonPlayer.State.REVEALED && shownState != LessonPlayer.State.REVEALED) {
                // a short window (1280 × 720, presentation mode): the answer and its explanation in view, the
                // marked choices just above them; docked below the stage as a strip a few lines high (1024 × 768),
                // the frame's text from its first line, the answer a scroll below
                lessonPanel.applyCss();
                lessonPanel.layout();
                lessonScroll.setVvalue(docked() ? 0 : 1);
            }
            shownState = player.state();
        } finally {
            rendering = false;
        }
    }

    /** @return true while the panel is docked below the stage as a strip (the side panels' {@code docked} class) */
    private boolean docked() {
        return lessonPanel.getParent() != null && lessonPanel.getParent().getStyleClass().contains("docked");
    }

    private String notice() {
        if (!player.notice().isEmpty()) {
            return player.notice();
        }
        return TEXTS.get("panel.problems") + "\n" + String.join("\n", player.problems());
    }

    private static void show(javafx.scene.Node n, boolean on) {
        n.setVisible(on);
        n.setManaged(on);
    }

    @FXML
    private void next() {
        player.primary();
    }

    @FXML
    private void back() {
        player.back();
    }

    @FXML
    private void replay() {
        player.replay();
    }

    @FXML
    private void close() {
        player.close();
    }
}
