package org.idempotencylab.ui.lessons;

import javafx.fxml.FXML;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.idempotencylab.scenario.Lessons;
import org.idempotencylab.ui.Texts;

/**
 * The Lessons menu (lessons-menu.fxml, included in the window's menu bar): one item per built-in lesson, in the
 * order of {@code assets/lessons/index.json}; choosing one opens it in the lesson panel.
 */
public final class LessonMenuController {
    private static final Texts TEXTS = Texts.of(LessonMenuController.class);
    private final LessonPlayer player;

    @FXML private Menu lessonsMenu;

    public LessonMenuController(LessonPlayer player) {
        this.player = player;
    }

    @FXML
    private void initialize() {
        for (Lessons.Entry e : player.lessons()) {
            MenuItem item = new MenuItem(e.lesson().title());
            item.setId("lesson-" + e.fileName().replace(".json", ""));
            item.setMnemonicParsing(false);
            item.setOnAction(a -> player.open(e));
            lessonsMenu.getItems().add(item);
        }
        if (!player.problems().isEmpty()) {
            MenuItem bad = new MenuItem(TEXTS.format("menu.problem", player.problems().size()));
            bad.setId("lessonProblems");
            bad.setMnemonicParsing(false);
            bad.setOnAction(a -> player.showProblems());
            lessonsMenu.getItems().addAll(new SeparatorMenuItem(), bad);
        }
    }
}
