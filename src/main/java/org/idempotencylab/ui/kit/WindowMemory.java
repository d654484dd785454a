package org.idempotencylab.ui.kit;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** Puts the window where it was last time, and remembers where it is when it closes (in {@link LabPrefs}). */
public final class WindowMemory {
    /**
     * The window's size on a first run, in pixels, shrunk to the screen: a projector's 1280x720 opens maximized
     * rather than at the 1024-pixel minimum, a large monitor gets a window, not a wall.
     */
    public static final Rectangle2D FIRST_RUN = new Rectangle2D(0, 0, 1440, 900);

    private WindowMemory() {
    }

    /**
     * Restores the last layout from {@code prefs}, if it still fits on a screen, and saves the layout when the
     * window is hidden. Call before {@code stage.show()}.
     */
    public static void restore(Stage stage, LabPrefs prefs) {
        if (prefs.window().isEmpty()) { // a first run: FIRST_RUN, or the whole screen if that is smaller
            Rectangle2D screen = Screen.getPrimary().getVisualBounds();
            stage.setWidth(Math.min(FIRST_RUN.getWidth(), screen.getWidth()));
            stage.setHeight(Math.min(FIRST_RUN.getHeight(), screen.getHeight()));
            stage.centerOnScreen();
            // a window manager shrinks a window as large as the screen (frame included) to its minimum size
            stage.setMaximized(screen.getWidth() <= FIRST_RUN.getWidth()
                    || screen.getHeight() <= FIRST_RUN.getHeight());
        }
        prefs.window().ifPresent(w -> {
            boolean onScreen = !Screen.getScreensForRectangle(new Rectangle2D(w.x(), w.y(), w.width(), w.height()))
                    .isEmpty();
            if (onScreen) {
                stage.setX(w.x());
                stage.setY(w.y());
                stage.setWidth(w.width());
                stage.setHeight(w.height());
            }
            stage.setMaximized(w.maximized());
        });
        double[] normal = new double[4]; // the last bounds while neither maximized nor full screen
        Runnable track = () -> {
            if (!stage.isMaximized() && !stage.isFullScreen()) {
                normal[0] = stage.getX();
                normal[1] = stage.getY();
                normal[2] = stage.getWidth();
                normal[3] = stage.getHeight();
            }
        };
        stage.xProperty().addListener(o -> track.run());
        stage.yProperty().addListener(o -> track.run());
        stage.widthProperty().addListener(o -> track.run());
        stage.heightProperty().addListener(o -> track.run());
        stage.setOnHidden(e -> {
            if (normal[2] > 0 && normal[3] > 0) {
                prefs.setWindow(new LabPrefs.WindowLayout(normal[0], normal[1], normal[2], normal[3],
                        stage.isMaximized()));
            }
        });
    }
}
