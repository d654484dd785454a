package org.idempotencylab.ui;

import java.io.IOException;
import javafx.scene.Parent;

/**
 * Loads one feature's view from its FXML, with the controllers the window's {@link ControllerFactory} builds. The
 * window's frame builds a tab's view only when it is first shown (or in a quiet moment after the first frame), so
 * the window draws its first frame after building one view instead of all of them.
 */
@FunctionalInterface
public interface ViewLoader {
    /**
     * @param fxml  the view's file relative to the ui package's resources (where lab.fxml is), in its feature's
     *              folder beside its controller, e.g. {@code "compare/compare.fxml"}
     * @param texts the base name of its resource bundle, e.g. {@code "org.idempotencylab.ui.compare.CompareTexts"}
     * @return the view and its controller
     * @throws IOException if the file is missing or does not load
     */
    View load(String fxml, String texts) throws IOException;

    /** A loaded view: its root node and the controller of its root. */
    record View(Parent root, Object controller) {
    }
}
