package org.idempotencylab.ui;

import java.io.File;
import java.net.URL;
import java.util.Optional;
import javafx.application.Platform;
import javafx.fxml.FXML;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.ui.compare.CompareController;
import org.idempotencylab.ui.kit.ScenarioFileChooser;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.kit.Shortcuts;
import org.idempotencylab.ui.sweep.SweepController;

/**
 * The window's frame (lab.fxml): the menu bar, the feature tabs and the teaching note. Binds the menus to a
 * {@link ScenarioKit}; full screen and the presentation style sheet are the window's own business.
 */
public final class LabController {
    /** The presentation mode's style sheet, added after lab.css. */
    public static final String PRESENTATION_CSS = "/assets/presentation.css";

    private final ScenarioKit kit;
    private final ScenarioFileChooser files;

    @FXML private CompareController compareController; // injected from <fx:include fx:id="compare">
    @FXML private SweepController sweepController; // injected from <fx:include fx:id="sweep">
    @FXML private Menu presetsMenu;
    @FXML private CheckMenuItem presentationItem;
    @FXML private TabPane tabs;
    @FXML private Tab compareTab;
    @FXML private Tab liveTab;
    @FXML private Tab sweepTab;
    @FXML private VBox notePanel;
    @FXML private Label noteTitle;
    @FXML private Label noteText;
    @FXML private Label noteWatch;
    @FXML private Label noteWatchHeading;

    public LabController(ScenarioKit kit, ScenarioFileChooser files) {
        this.kit = kit;
        this.files = files;
    }

    @FXML
    private void initialize() {
        for (Presets.Preset p : kit.presets()) {
            MenuItem item = new MenuItem(p.file().name());
            item.setId("preset-" + p.fileName().replace(".json", ""));
            item.setMnemonicParsing(false);
            item.setOnAction(e -> kit.applyPreset(p));
            presetsMenu.getItems().add(item);
        }
        kit.viewProperty().addListener((o, was, v) -> {
            if (v != null) {
                tabs.getSelectionModel().select(v == ScenarioFile.View.LIVE ? liveTab : compareTab);
            }
        });
        notePanel.visibleProperty().bind(kit.noteVisibleProperty());
        notePanel.managedProperty().bind(kit.noteVisibleProperty());
        kit.loadedProperty().addListener((o, was, f) -> showNote());
        // the remembered scenario did not open, or -Dlab.preset named none: say so where the note would be
        kit.noticeProperty().addListener((o, was, n) -> showNote());
        showNote();

        presentationItem.selectedProperty().bindBidirectional(kit.presentationProperty());
        kit.presentationProperty().addListener((o, was, on) -> applyPresentation(tabs.getScene()));
        tabs.sceneProperty().addListener((o, was, scene) -> {
            applyPresentation(scene);
            if (scene != null) {
                scene.addEventHandler(KeyEvent.KEY_TYPED, this::onTyped);
            }
        });
        tabs.getSelectionModel().selectedItemProperty().addListener((o, was, tab) -> {
            if (tab != null && tab.getId() != null) {
                kit.prefs().setTab(tab.getId());
            }
        });
    }

    private void showNote() {
        String notice = kit.noticeProperty().get();
        ScenarioFile f = kit.loadedProperty().get();
        boolean problem = !notice.isEmpty();
        noteTitle.setText(problem ? "Scenario not opened" : f == null ? "" : f.name());
        noteText.setText(problem ? notice : f == null ? "" : f.note());
        noteWatch.textProperty().unbind();
        if (problem) {
            noteWatch.setText("");
        } else {
            noteWatch.textProperty().bind(kit.watchLineProperty());
        }
        noteWatchHeading.setVisible(!problem);
        noteText.getStyleClass().remove("note-problem");
        if (problem) {
            noteText.getStyleClass().add("note-problem");
        }
    }

    /** Selects the tab whose fx:id is {@code id}, if there is one (the tab remembered from the last run). */
    public void selectTab(String id) {
        for (Tab t : tabs.getTabs()) {
            if (id.equals(t.getId())) {
                tabs.getSelectionModel().select(t);
            }
        }
    }

    private void applyPresentation(Scene scene) {
        if (scene == null) {
            return;
        }
        URL css = LabController.class.getResource(PRESENTATION_CSS);
        if (css == null) {
            throw new IllegalStateException("missing resource " + PRESENTATION_CSS);
        }
        String sheet = css.toExternalForm();
        scene.getStylesheets().remove(sheet);
        if (kit.presentationProperty().get()) {
            scene.getStylesheets().add(sheet);
        }
    }

    /** "?" opens the shortcut sheet, unless it was typed into a text field. */
    private void onTyped(KeyEvent e) {
        if ("?".equals(e.getCharacter()) && !(tabs.getScene().getFocusOwner() instanceof TextInputControl)) {
            showShortcuts();
            e.consume();
        }
    }

    private Window window() {
        return tabs.getScene().getWindow();
    }

    @FXML
    private void openScenario() {
        Optional<File> file = files.chooseOpenFile(window(), kit.prefs().lastFolder().orElse(null));
        if (file.isPresent() && !kit.open(file.get().toPath())) {
            error("Could not open the scenario", kit.messageProperty().get());
        }
    }

    @FXML
    private void saveScenario() {
        ScenarioFile.View from = tabs.getSelectionModel().getSelectedItem() == liveTab ? ScenarioFile.View.LIVE
                : ScenarioFile.View.COMPARE;
        Optional<File> file = files.chooseSaveFile(window(), kit.suggestedFileName(),
                kit.prefs().lastFolder().orElse(null));
        if (file.isPresent()) {
            if (kit.save(file.get().toPath(), from)) {
                compareController.model().setStatus("Saved the scenario to " + file.get());
            } else {
                error("Could not save the scenario", kit.messageProperty().get());
            }
        }
    }

    private void error(String header, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR, message, ButtonType.OK);
        a.initOwner(window());
        a.setTitle(header);
        a.setHeaderText(header);
        a.getDialogPane().setId("scenario-error");
        a.show(); // not showAndWait: the window stays responsive, and tests read the message
    }

    @FXML
    private void closeNote() {
        kit.closeNote();
    }

    @FXML
    private void toggleFullScreen() {
        Stage stage = (Stage) window();
        stage.setFullScreen(!stage.isFullScreen());
    }

    @FXML
    private void showShortcuts() {
        GridPane grid = new GridPane();
        grid.setId("shortcut-sheet");
        grid.getStyleClass().add("shortcut-sheet");
        grid.setHgap(18);
        grid.setVgap(6);
        int row = 0;
        String where = null;
        for (Shortcuts.Shortcut s : Shortcuts.ALL) {
            if (!s.where().equals(where)) {
                where = s.where();
                Label heading = new Label(where.equals("everywhere") ? "Anywhere in the window" : "In \"" + where + "\"");
                heading.getStyleClass().add("shortcut-heading");
                grid.add(heading, 0, row++, 2, 1);
            }
            Label keys = new Label(s.keys());
            keys.getStyleClass().add("shortcut-keys");
            grid.add(keys, 0, row);
            grid.add(new Label(s.action()), 1, row++);
        }
        Dialog<Void> d = new Dialog<>();
        d.initOwner(window());
        d.setTitle("Keyboard shortcuts");
        d.setHeaderText("Keyboard shortcuts");
        d.getDialogPane().setContent(grid);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.getDialogPane().getStylesheets().setAll(tabs.getScene().getStylesheets());
        d.show();
    }

    /** Ctrl+E: exports the Sweep tab's chart when that tab is shown, else the comparison's. */
    @FXML
    private void exportChart() {
        if (tabs.getSelectionModel().getSelectedItem() == sweepTab) {
            sweepController.exportChart();
        } else {
            compareController.exportChart();
        }
    }

    /** Ctrl+R: runs the sweep when the Sweep tab is shown, else compares the strategies. */
    @FXML
    private void compare() {
        if (tabs.getSelectionModel().getSelectedItem() == sweepTab) {
            sweepController.run();
        } else {
            compareController.compare();
        }
    }

    @FXML
    private void quit() {
        Platform.exit();
    }

    @FXML
    private void about() {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.setTitle("About Idempotency Lab");
        a.setHeaderText("Idempotency Lab");
        a.setContentText("Why background jobs run twice, and how idempotency keys stop it.\n\n"
                + "The simulation follows \"Jobs that run twice: idempotency keys in Node.js\" and reproduces its "
                + "table of 1,000,000 sign-ups exactly. Same seed, same numbers.");
        a.showAndWait();
    }
}
