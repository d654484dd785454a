package org.idempotencylab.ui.kit;

import static org.idempotencylab.ui.FxSteps.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;

/** Where the window opens: on a first run as large as the screen allows (up to 1440x900), else as last left. */
@ExtendWith(ApplicationExtension.class)
class WindowMemoryFxTest {
    private Stage stage;

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void aFirstRunTakesTheScreenUpToItsDefaultSize() {
        Rectangle2D screen = onFx(() -> Screen.getPrimary().getVisualBounds());
        stage = onFx(() -> {
            Stage s = new Stage();
            WindowMemory.restore(s, LabPrefs.memory());
            return s;
        });
        // the headless screen's size is whatever the toolkit reports; the window is the smaller of it and 1440x900
        assertEquals(Math.min(1440, screen.getWidth()), stage.getWidth());
        assertEquals(Math.min(900, screen.getHeight()), stage.getHeight());
    }

    @Test
    void aSavedLayoutThatFitsIsRestored() {
        LabPrefs prefs = LabPrefs.memory();
        prefs.setWindow(new LabPrefs.WindowLayout(10, 20, 1100, 720, false));
        stage = onFx(() -> {
            Stage s = new Stage();
            WindowMemory.restore(s, prefs);
            return s;
        });
        assertEquals(1100, stage.getWidth());
        assertEquals(720, stage.getHeight());
        assertEquals(10, stage.getX());
    }
}
