package org.idempotencylab.ui;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.fxml.FXML;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.ui.export.ExportFlow;
import org.idempotencylab.ui.kit.OpeningScene;
import org.idempotencylab.ui.kit.ScenarioFileChooser;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.kit.Shortcuts;

/**
 * The window's root controller, of its frame (lab.fxml, beside it; words in this package's texts.properties): the
 * menu bar, the feature tabs and the teaching note. Binds the menus to a {@link ScenarioKit}; full screen and the
 * presentation style sheet are the window's own business. It knows the features in the tabs only as
 * {@link TabCommands} (Ctrl+R, Ctrl+E, a status line), from their controllers.
 *
 * <p>A tab names its view ({@code properties view="compare/compare.fxml" texts="..."} in lab.fxml: the path from
 * lab.fxml to the view in its feature's folder), and the frame builds it when the tab is first shown: the window
 * draws its first frame after building one view, not all of them (building a view with its parameter panel costs
 * about a second on a two-core laptop). {@link #buildShownTab()} starts that, {@link #buildNextTab()} builds the
 * others in quiet moments, {@link #buildAllTabs()} all at once.
 */
public final class LabController {
    private static final Texts TEXTS = Texts.of(LabController.class);
    /** The presentation mode's style sheet, added after lab.css. */
    public static final String PRESENTATION_CSS = "/org/idempotencylab/ui/presentation.css";

    private final ScenarioKit kit;
    private final ScenarioFileChooser files;
    private final ViewLoader views;
    private final OpeningScene opening;
    private final Map<Tab, TabCommands> commands = new HashMap<>();
    /** Whether a tab's view is built when the tab is selected (from {@link #buildShownTab()} on). */
    private boolean building;

    @FXML private Menu presetsMenu;
    @FXML private CheckMenuItem presentationItem;
    @FXML private CheckMenuItem openingItem;
    @FXML private VBox openingBar;
    @FXML private Button openingFixButton;
    @FXML private CheckBox openingAtStartBox;
    @FXML private TabPane tabs;
    @FXML private Tab compareTab;
    @FXML private Tab liveTab;
    @FXML private Tab sweepTab;
    @FXML private BorderPane frame;
    @FXML private HBox sidePanels;
    @FXML private VBox notePanel;
    @FXML private Label noteTitle;
    @FXML private Label noteText;
    @FXML private Label noteWatch;
    @FXML private Label noteWatchHeading;
    @FXML private Label notePlay;

    public LabController(ScenarioKit kit, ScenarioFileChooser files, ViewLoader views, OpeningScene opening) {
        this.kit = kit;
        this.files = files;
        this.views = views;
        this.opening = opening;
    }

    @FXML
    private void initialize() {
        // the lessons, then the field cases in a submenu of their own under a separator
        Menu fieldCases = new Menu(TEXTS.get("menu.fieldCases"));
        fieldCases.setId("fieldCasesMenu");
        for (Presets.Preset p : kit.presets()) {
            MenuItem item = new MenuItem(p.file().name());
            item.setId("preset-" + p.fileName().replace(".json", ""));
            item.setMnemonicParsing(false);
            item.setOnAction(e -> kit.applyPreset(p));
            (p.group() == Presets.Group.FIELD_CASES ? fieldCases.getItems() : presetsMenu.getItems()).add(item);
        }
        if (!fieldCases.getItems().isEmpty()) {
            presetsMenu.getItems().addAll(new SeparatorMenuItem(), fieldCases);
        }
        kit.viewProperty().addListener((o, was, v) -> {
            if (v != null) {
                tabs.getSelectionModel().select(tabOf(v));
            }
        });
        // a note belongs to its tab: beside another tab it would describe a run that tab does not show
        BooleanBinding noteHere = Bindings.createBooleanBinding(this::noteBelongsHere, kit.noteVisibleProperty(),
                kit.noteProperty(), kit.loadedProperty(), kit.noticeProperty(),
                tabs.getSelectionModel().selectedItemProperty());
        notePanel.visibleProperty().bind(noteHere);
        notePanel.managedProperty().bind(noteHere);
        // beside "Watch it happen": the classroom subset and speed the loaded preset plays at there
        notePlay.textProperty().bind(kit.livePlayNote());
        BooleanBinding playHere = Bindings.createBooleanBinding(() -> !kit.livePlayNote().get().isEmpty()
                && tabs.getSelectionModel().getSelectedItem() == liveTab, kit.livePlayNote(),
                tabs.getSelectionModel().selectedItemProperty());
        notePlay.visibleProperty().bind(playHere);
        notePlay.managedProperty().bind(playHere);
        kit.loadedProperty().addListener((o, was, f) -> showNote());
        kit.noteProperty().addListener((o, was, n) -> showNote());
        // the remembered scenario did not open, or -Dlab.preset named none: say so where the note would be
        kit.noticeProperty().addListener((o, was, n) -> showNote());
        showNote();

        presentationItem.selectedProperty().bindBidirectional(kit.presentationProperty());
        openingItem.selectedProperty().bindBidirectional(opening.atStartProperty());
        openingAtStartBox.selectedProperty().bindBidirectional(opening.atStartProperty());
        opening.stageProperty().addListener((o, was, now) -> showOpening(now));
        showOpening(opening.stageProperty().get());
        SideDock dock = new SideDock(frame, sidePanels);
        // beside Watch it happen in presentation mode, a window too narrow for the stage and a panel docks them below
        // while its view asks for the width (checked after each layout pass: two lanes turned on need the height)
        Runnable place = () -> {
            Scene scene = tabs.getScene();
            Tab shown = tabs.getSelectionModel().getSelectedItem();
            dock.place(scene != null && shown != null && SideDock.wide(shown)
                    && SideDock.below(kit.presentationProperty().get(), scene.getWidth()));
        };
        kit.presentationProperty().addListener((o, was, on) -> applyPresentation(tabs.getScene()));
        kit.presentationProperty().addListener(o -> place.run());
        tabs.getSelectionModel().selectedItemProperty().addListener(o -> place.run());
        tabs.sceneProperty().addListener((o, was, scene) -> {
            applyPresentation(scene);
            if (scene != null) {
                scene.addEventHandler(KeyEvent.KEY_TYPED, this::onTyped);
                scene.addPostLayoutPulseListener(place);
            }
            place.run();
        });
        tabs.getSelectionModel().selectedItemProperty().addListener((o, was, tab) -> {
            if (tab != null && tab.getId() != null) {
                kit.prefs().setTab(tab.getId());
            }
            if (tab != null && building) {
                build(tab);
            }
        });
    }

    /**
     * @return true if the teaching note is open and belongs beside the tab shown: a notice beside any tab; a note the
     *         window wrote itself (a counterexample) beside its view's tab; a loaded scenario's beside its view's
     *         tab, and one whose lanes also play in "Watch it happen" beside that tab too (its note tells them)
     */
    private boolean noteBelongsHere() {
        if (!kit.noteVisibleProperty().get()) {
            return false;
        }
        ScenarioKit.Note own = kit.noteProperty().get();
        ScenarioFile f = kit.loadedProperty().get();
        if (!kit.noticeProperty().get().isEmpty() || own == null && f == null) {
            return true;
        }
        Tab shown = tabs.getSelectionModel().getSelectedItem();
        ScenarioFile.View v = own != null ? own.view() : f.view();
        return shown == tabOf(v) || own == null && shown == liveTab && !f.lanes().isEmpty();
    }

    private Tab tabOf(ScenarioFile.View v) {
        return switch (v) {
            case LIVE -> liveTab;
            case SWEEP -> sweepTab;
            case COMPARE -> compareTab;
        };
    }

    /**
     * Builds the selected tab's view, and from now on every tab's view when it is first selected. Call once the
     * tab to open on is chosen (the remembered one, a preset's), before the window is shown.
     */
    public void buildShownTab() {
        building = true;
        build(tabs.getSelectionModel().getSelectedItem());
    }

    /** Builds the first tab whose view is not built yet; @return whether there was one. */
    public boolean buildNextTab() {
        for (Tab t : tabs.getTabs()) {
            if (t.getContent() == null) {
                build(t);
                return true;
            }
        }
        return false;
    }

    /** Builds every tab's view now (a window whose tests look into every tab). */
    public void buildAllTabs() {
        buildShownTab();
        while (buildNextTab()) {
            // one view a round
        }
    }

    /**
     * Loads {@code tab}'s view if it has none yet, from the {@code view} and {@code texts} lab.fxml gives it.
     *
     * @throws UncheckedIOException if the view's file is missing or broken (a broken installation)
     */
    private void build(Tab tab) {
        if (tab == null || tab.getContent() != null) {
            return;
        }
        try {
            ViewLoader.View v = views.load((String) tab.getProperties().get("view"),
                    (String) tab.getProperties().get("texts"));
            tab.setContent(v.root());
            if (v.controller() instanceof TabCommands c) {
                commands.put(tab, c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load the view of tab " + tab.getId(), e);
        }
    }

    private void showNote() {
        String notice = kit.noticeProperty().get();
        ScenarioFile f = kit.loadedProperty().get();
        ScenarioKit.Note own = kit.noteProperty().get(); // a run the window set up itself: its note first
        boolean problem = !notice.isEmpty();
        noteTitle.setText(problem ? TEXTS.get("notice.title") : own != null ? own.title() : f == null ? "" : f.name());
        noteText.setText(problem ? notice : own != null ? own.text() : f == null ? "" : f.note());
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

    /** The opening scene's buttons: "Now fix it" while the bug plays, "On to the lab" throughout. */
    private void showOpening(OpeningScene.Stage stage) {
        boolean on = stage != OpeningScene.Stage.OFF;
        openingBar.setVisible(on);
        openingBar.setManaged(on);
        openingFixButton.setVisible(stage == OpeningScene.Stage.BUG);
        openingFixButton.setManaged(stage == OpeningScene.Stage.BUG);
    }

    @FXML
    private void openingFix() {
        opening.fix();
    }

    @FXML
    private void openingEnd() {
        opening.end();
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

    /** @return the commands of the tab shown; "Compare strategies"' where the tab has none (the live view's own keys) */
    private TabCommands shown() {
        TabCommands c = commands.get(tabs.getSelectionModel().getSelectedItem());
        if (c == null) {
            build(compareTab);
            c = commands.get(compareTab);
        }
        return c;
    }

    @FXML
    private void openScenario() {
        Optional<File> file = files.chooseOpenFile(window(), kit.prefs().lastFolder().orElse(null));
        if (file.isPresent() && !kit.open(file.get().toPath())) {
            error(TEXTS.get("open.title"), kit.messageProperty().get());
        }
    }

    /**
     * Saves the shown tab's scenario through the one export flow: the status line of the tab says where, or why
     * not (and a dialog too, for a save that failed).
     */
    @FXML
    private void saveScenario() {
        Tab shown = tabs.getSelectionModel().getSelectedItem();
        ScenarioFile.View from = shown == liveTab ? ScenarioFile.View.LIVE
                : shown == sweepTab ? ScenarioFile.View.SWEEP : ScenarioFile.View.COMPARE;
        TabCommands status = shown();
        ExportFlow flow = new ExportFlow(status::showStatus, line -> {
            status.showStatus(line);
            error(TEXTS.get("save.title"), line);
        });
        flow.save(() -> files.chooseSaveFile(window(), kit.suggestedFileName(), kit.prefs().lastFolder().orElse(null)),
                file -> kit.saveTo(file, from));
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
                Label heading = new Label(where);
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
        d.setTitle(TEXTS.get("shortcuts.title"));
        d.setHeaderText(TEXTS.get("shortcuts.title"));
        d.getDialogPane().setContent(grid);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.getDialogPane().getStylesheets().setAll(tabs.getScene().getStylesheets());
        d.show();
    }

    /** Ctrl+E: exports the shown tab's chart (the Sweep tab's, else the comparison's). */
    @FXML
    private void exportChart() {
        shown().exportChart();
    }

    /** Ctrl+R: runs the shown tab's work (the sweep on the Sweep tab, else the comparison). */
    @FXML
    private void compare() {
        shown().run();
    }

    @FXML
    private void quit() {
        Platform.exit();
    }

    @FXML
    private void about() {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(window());
        a.setTitle(TEXTS.get("about.title"));
        a.setHeaderText(TEXTS.get("about.header"));
        a.setContentText(TEXTS.get("about.text"));
        a.showAndWait();
    }
}
