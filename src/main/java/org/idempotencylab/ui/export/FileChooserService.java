package org.idempotencylab.ui.export;

import java.io.File;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** Asks where to save a file. Controllers take it as a constructor argument, so tests can answer without a dialog. */
@FunctionalInterface
public interface FileChooserService {
    /**
     * @param suggestedName a file name to start from, e.g. {@code duplicates.png}
     * @return the chosen file, or empty if the person cancelled
     */
    Optional<File> chooseSaveFile(Window owner, String title, String suggestedName);

    /** The platform's save dialog, filtered to PNG images. */
    static FileChooserService dialog() {
        return (owner, title, suggestedName) -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(title);
            chooser.setInitialFileName(suggestedName);
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG image", "*.png"));
            File f = chooser.showSaveDialog(owner);
            if (f != null && !f.getName().toLowerCase().endsWith(".png")) {
                f = new File(f.getParentFile(), f.getName() + ".png");
            }
            return Optional.ofNullable(f);
        };
    }
}
