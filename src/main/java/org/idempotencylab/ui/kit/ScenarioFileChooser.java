package org.idempotencylab.ui.kit;

import java.io.File;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * Asks which scenario file to open or where to save one (JSON). Controllers take it as a constructor argument, so
 * tests answer without a dialog. (The export's {@code FileChooserService} saves PNG images only.)
 */
public interface ScenarioFileChooser {
    /** @return the file to open, or empty if the person cancelled */
    Optional<File> chooseOpenFile(Window owner);

    /**
     * @param suggestedName a file name to start from, e.g. {@code the-lost-reply.json}
     * @return where to save, or empty if the person cancelled
     */
    Optional<File> chooseSaveFile(Window owner, String suggestedName);

    /** A chooser that always answers "cancelled": for a window whose menus are not used. */
    ScenarioFileChooser NONE = new ScenarioFileChooser() {
        @Override
        public Optional<File> chooseOpenFile(Window owner) {
            return Optional.empty();
        }

        @Override
        public Optional<File> chooseSaveFile(Window owner, String suggestedName) {
            return Optional.empty();
        }
    };

    /** The platform's open and save dialogs, filtered to JSON; a saved name without {@code .json} gets it. */
    static ScenarioFileChooser dialog() {
        return new ScenarioFileChooser() {
            @Override
            public Optional<File> chooseOpenFile(Window owner) {
                return Optional.ofNullable(chooser("Open scenario").showOpenDialog(owner));
            }

            @Override
            public Optional<File> chooseSaveFile(Window owner, String suggestedName) {
                FileChooser c = chooser("Save scenario");
                c.setInitialFileName(suggestedName);
                File f = c.showSaveDialog(owner);
                if (f != null && !f.getName().toLowerCase().endsWith(".json")) {
                    f = new File(f.getParentFile(), f.getName() + ".json");
                }
                return Optional.ofNullable(f);
            }
        };
    }

    private static FileChooser chooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Scenario (JSON)", "*.json"));
        return chooser;
    }
}
