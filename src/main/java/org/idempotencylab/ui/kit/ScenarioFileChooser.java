package org.idempotencylab.ui.kit;

import java.io.File;
import java.util.Locale;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.idempotencylab.ui.Texts;

/**
 * Asks which scenario file to open or where to save one (JSON). Controllers take it as a constructor argument, so
 * tests answer without a dialog. (The export's {@code FileChooserService} saves PNG images only.)
 */
public interface ScenarioFileChooser {
    /**
     * @param folder where the dialog starts (the last-used folder, {@link LabPrefs#lastFolder()}), or null for the
     *               platform's default
     * @return the file to open, or empty if the person cancelled
     */
    Optional<File> chooseOpenFile(Window owner, File folder);

    /**
     * @param suggestedName a file name to start from, e.g. {@code the-lost-reply.json}
     * @param folder        where the dialog starts, or null for the platform's default
     * @return where to save, or empty if the person cancelled
     */
    Optional<File> chooseSaveFile(Window owner, String suggestedName, File folder);

    /** A chooser that always answers "cancelled": for a window whose menus are not used. */
    ScenarioFileChooser NONE = new ScenarioFileChooser() {
        @Override
        public Optional<File> chooseOpenFile(Window owner, File folder) {
            return Optional.empty();
        }

        @Override
        public Optional<File> chooseSaveFile(Window owner, String suggestedName, File folder) {
            return Optional.empty();
        }
    };

    /** The platform's open and save dialogs, filtered to JSON; a saved name without {@code .json} gets it. */
    static ScenarioFileChooser dialog() {
        Texts texts = Texts.of(ScenarioFileChooser.class);
        return new ScenarioFileChooser() {
            @Override
            public Optional<File> chooseOpenFile(Window owner, File folder) {
                return Optional.ofNullable(chooser(texts.get("chooser.open"), texts, folder).showOpenDialog(owner));
            }

            @Override
            public Optional<File> chooseSaveFile(Window owner, String suggestedName, File folder) {
                FileChooser c = chooser(texts.get("chooser.save"), texts, folder);
                c.setInitialFileName(suggestedName);
                File f = c.showSaveDialog(owner);
                if (f != null && !f.getName().toLowerCase(Locale.ROOT).endsWith(".json")) {
                    f = new File(f.getParentFile(), f.getName() + ".json");
                }
                return Optional.ofNullable(f);
            }
        };
    }

    private static FileChooser chooser(String title, Texts texts, File folder) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        if (folder != null && folder.isDirectory()) {
            chooser.setInitialDirectory(folder);
        }
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(texts.get("chooser.filter"), "*.json"));
        return chooser;
    }
}
