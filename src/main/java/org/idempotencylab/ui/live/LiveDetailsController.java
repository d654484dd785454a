package org.idempotencylab.ui.live;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.scene.control.Control;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Label;
import javafx.scene.control.skin.VirtualFlow;
import org.idempotencylab.ui.Texts;

/**
 * Binds live-details.fxml, below the play area, to the {@link LiveViewModel}: the event log and the followed job's
 * history, each kept scrolled to its latest line; a click on a job brings its history's tab forward. The key
 * store's tab is its own view, which App connects to the live run.
 */
public final class LiveDetailsController {
    private static final Texts TEXTS = Texts.of(LiveDetailsController.class);
    private final LiveViewModel model;

    @FXML private TabPane detailTabs;
    @FXML private Tab historyTab;
    @FXML private ListView<String> logList;
    @FXML private Label historyTitle;
    @FXML private ListView<String> historyList;

    public LiveDetailsController(LiveViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        logList.setItems(model.log());
        scrollToEnd(logList, model.log());
        wrapCells(historyList); // a job's history is short: its long lines wrap
        historyList.setItems(model.selectedHistory());
        scrollToEnd(historyList, model.selectedHistory());
        historyTitle.textProperty().bind(Bindings.createStringBinding(() -> model.selectedProperty().get() == null
                ? TEXTS.get("history.none") : TEXTS.format("history.of", model.selectedProperty().get().user()),
                model.selectedProperty()));
        model.selectedProperty().addListener((o, a, t) -> {
            if (t != null) {
                detailTabs.getSelectionModel().select(historyTab); // a click on a job shows its story
            }
        });
    }

    /**
     * Keeps {@code list} scrolled to its newest line. The list's skin counts new lines only when it lays out, so a
     * scroll asked for inside the change landed on the line count before it, and {@code ListView.scrollTo} of the
     * last line can stop a line short: while playing the next frame hid it, but while paused a step's new line
     * stayed out of sight below the edge. So the scroll runs after the change, once the list is laid out, to the
     * flow's very end; many changes in one frame scroll once.
     */
    private static void scrollToEnd(ListView<String> list, ObservableList<String> lines) {
        boolean[] queued = {false};
        lines.addListener((ListChangeListener<String>) c -> {
            if (queued[0]) {
                return;
            }
            queued[0] = true;
            Platform.runLater(() -> {
                queued[0] = false;
                if (lines.isEmpty()) {
                    return;
                }
                list.layout(); // the skin counts the list's new lines only when it lays out
                // to the very end: ListView.scrollTo(last line) may stop a line short, the last one below the edge
                if (list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
                    flow.setPosition(1);
                    list.requestLayout();
                } else {
                    list.scrollTo(lines.size() - 1);
                }
            });
        });
    }

    /** Long lines wrap inside the list instead of needing a horizontal scroll bar. */
    private static void wrapCells(ListView<String> list) {
        list.setCellFactory(lv -> {
            ListCell<String> cell = new ListCell<>() {
                @Override
                protected void updateItem(String item, boolean empty) {
                    super.updateItem(item, empty);
                    setText(empty ? null : item);
                }
            };
            cell.setWrapText(true);
            cell.prefWidthProperty().bind(lv.widthProperty().subtract(24));
            cell.setMaxWidth(Control.USE_PREF_SIZE);
            return cell;
        });
    }
}
