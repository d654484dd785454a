package org.idempotencylab.ui.export;

import java.io.File;
import java.util.Locale;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.idempotencylab.ui.Texts;

/** Asks where to save a file. Controllers take it as a constructor argument, so tests can answer without a dialog. */
@FunctionalInterface
public interface FileChooserService {
    /**
     * @param suggestedName a file name to start from, e.g. {@code duplicates.png}; its extension picks the filter
     * @return the chosen file, or empty if the person cancelled
     */
    Optional<File> chooseSaveFile(Window owner, String title, String suggestedName);

    /**
     * The platform's save dialog, filtered to the suggested name's type: PNG images for {@code *.png}, CSV files
     * for {@code *.csv}. A name typed without the extension gets it.
     */
    static FileChooserService dialog() {
        Texts texts = Texts.of(FileChooserService.class);
        return (owner, title, suggestedName) -> {
            boolean csv = suggestedName.toLowerCase(Locale.ROOT).endsWith(".csv");
            String ext = csv ? ".csv" : ".png";
            FileChooser chooser = new FileChooser();
            chooser.setTitle(title);
            chooser.setInitialFileName(suggestedName);
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(
                    texts.get(csv ? "chooser.csv" : "chooser.png"), "*" + ext));
            File f = chooser.showSaveDialog(owner);
            if (f != null && !f.getName().toLowerCase(Locale.ROOT).endsWith(ext)) {
                f = new File(f.getParentFile(), f.getName() + ext);
            }
            return Optional.ofNullable(f);
        };
    }
}
