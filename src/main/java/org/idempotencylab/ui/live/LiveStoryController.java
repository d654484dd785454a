package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;

/**
 * Binds live-story.fxml, under the caption: the story so far ({@link StoryLine}), one row per piece of news, oldest
 * first, the newest marked ▶ in bold; a side effect done again carries its concept's icon and look. Each row says
 * its words whole (a shorter form where the bar is narrow, FittedText). Where the window is short, the rows give
 * way, oldest first, before the queue or the tabs below go below their least heights ({@link #fit}), the last
 * taking the line with it (the caption over it still says the newest moment); it comes back with room.
 */
public final class LiveStoryController {
    private static final Texts TEXTS = Texts.of(LiveStoryController.class);
    /** Rows shown: the newest and the two before it, so the story takes three lines of the play area. */
    static final int SHOWN = 3;
    static final String MARKER = "▶";
    private final LiveViewModel model;
    private final List<Row> rows = new ArrayList<>();
    private long shownVersion = -1;
    private int limit = SHOWN; // rows the play area has room for, 0..SHOWN (0: the line steps aside)
    private final double[] freed = new double[SHOWN]; // the height given back by going from n + 1 rows to n
    private double crowdedAt; // the window's height when the view ran past its bottom: no row back until it grows

    @FXML private HBox storyLine;
    @FXML private VBox entries;

    /** One row: the newest's marker, a duplicate's icon, and the words. */
    private record Row(HBox box, Label marker, StackPane icon, Label text, ObjectProperty<List<String>> forms) {
    }

    public LiveStoryController(LiveViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        for (int i = 0; i < SHOWN; i++) {
            Label marker = new Label();
            marker.getStyleClass().add("story-marker");
            marker.setMinWidth(Label.USE_PREF_SIZE);
            StackPane icon = new StackPane();
            icon.setMinSize(14, 14);
            icon.setPrefSize(14, 14);
            icon.setMaxSize(14, 14);
            Label text = new Label();
            text.getStyleClass().add("story-entry");
            text.setMaxWidth(Double.MAX_VALUE);
            HBox.setHgrow(text, Priority.ALWAYS);
            ObjectProperty<List<String>> forms = new SimpleObjectProperty<>(List.of(""));
            FittedText.bind(text, forms);
            HBox box = new HBox(4, marker, icon, text);
            box.setMinWidth(0);
            rows.add(new Row(box, marker, icon, text, forms));
        }
        show();
    }

    /** Shows the story as the run stands: once a frame at most, when the run moved. */
    void show() {
        if (model.version() == shownVersion) {
            return;
        }
        shownVersion = model.version();
        List<StoryLine.Entry> story = model.story();
        List<StoryLine.Entry> last = story.subList(Math.max(0, story.size() - Math.max(1, limit)), story.size());
        List<HBox> boxes = new ArrayList<>();
        for (int i = 0; i < last.size(); i++) {
            StoryLine.Entry e = last.get(i);
            Row row = rows.get(i);
            boolean newest = i == last.size() - 1;
            row.marker().setText(newest ? MARKER : "");
            row.marker().setMinWidth(14);
            style(row.text(), "story-newest", newest);
            style(row.text(), Concept.DUPLICATE.styleClass(), e.duplicate());
            row.icon().getChildren().setAll(e.duplicate() ? List.of(Concept.DUPLICATE.icon(12)) : List.of());
            row.forms().set(e.forms());
            boxes.add(row.box());
        }
        if (boxes.isEmpty()) {
            Row row = rows.get(0);
            row.marker().setText("");
            style(row.text(), "story-newest", false);
            style(row.text(), Concept.DUPLICATE.styleClass(), false);
            row.icon().getChildren().clear();
            row.forms().set(List.of(TEXTS.get("story.none")));
            boxes.add(row.box());
        }
        if (!entries.getChildren().equals(boxes)) {
            entries.getChildren().setAll(boxes);
        }
    }

    /**
     * After a layout pass: one row fewer while the play area has less room than its least height with the rows
     * ({@link LiveFit#playAreaSpare}: the queue at its least, the tabs below at theirs), the last one taking the line
     * with it; one more once there is the height that row gave back to spare (so a row that comes back never
     * squeezes anything again).
     *
     * @param spare px the play area could still grow by, negative when it has less than its least
     * @param past  px the view runs past its window's bottom: a row gives way, and none comes back in this window
     */
    void fit(double spare, double past) {
        if (storyLine.getScene() == null) {
            return;
        }
        double window = storyLine.getScene().getHeight();
        if ((spare < -0.5 || past > 0.5) && limit > 0) {
            limit--;
            freed[limit] = limit == 0 ? storyLine.getHeight() : rows.get(0).box().getHeight();
            if (past > 0.5) {
                crowdedAt = window;
            }
        } else if (limit < SHOWN && spare > freed[limit] + 2 && window > crowdedAt + 0.5) {
            limit++;
        } else {
            return;
        }
        storyLine.setVisible(limit > 0);
        storyLine.setManaged(limit > 0);
        shownVersion = -1;
        show();
    }

    private static void style(Label l, String styleClass, boolean on) {
        if (on && !l.getStyleClass().contains(styleClass)) {
            l.getStyleClass().add(styleClass);
        } else if (!on) {
            l.getStyleClass().remove(styleClass);
        }
    }

    /** @return the rows' words as shown, oldest first, the newest starting with {@link #MARKER} (tests) */
    List<String> shownLines() {
        List<String> out = new ArrayList<>();
        for (javafx.scene.Node n : entries.getChildren()) {
            Row row = rows.stream().filter(r -> r.box() == n).findFirst().orElseThrow();
            out.add((row.marker().getText().isEmpty() ? "" : MARKER + " ") + row.text().getText());
        }
        return out;
    }
}
