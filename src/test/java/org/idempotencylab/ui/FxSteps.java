package org.idempotencylab.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the TestFX tests do again and again, as a person would: type into a field, wait for something. */
public final class FxSteps {
    private FxSteps() {
    }

    /** Clicks the field, selects its text, types {@code text} and presses Enter. */
    public static void type(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        reveal(robot, field);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write(text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Scrolls the panel that holds {@code node}, if any, until the node is in view (as a person would). */
    public static void reveal(FxRobot robot, Node node) {
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane pane) {
                robot.interact(() -> {
                    Node content = pane.getContent();
                    double y = content.sceneToLocal(node.localToScene(0, 0)).getY();
                    double room = content.getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
                    if (room > 0) {
                        pane.setVvalue(Math.max(0, Math.min(1, (y - 40) / room)));
                    }
                });
                WaitForAsyncUtils.waitForFxEvents();
                return;
            }
        }
    }

    /** Waits up to 60 s for {@code condition}, then lets the FX thread catch up. */
    public static void waitUntil(Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("condition not met within 60 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
