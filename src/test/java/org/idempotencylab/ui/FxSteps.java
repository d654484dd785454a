package org.idempotencylab.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the TestFX tests do again and again, as a person would: type into a field, wait for something. */
final class FxSteps {
    private FxSteps() {
    }

    /** Clicks the field, selects its text, types {@code text} and presses Enter. */
    static void type(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write(text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits up to 60 s for {@code condition}, then lets the FX thread catch up. */
    static void waitUntil(Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("condition not met within 60 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
