package org.idempotencylab.ui;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ConcurrentModificationException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.KeyCode;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the TestFX tests do again and again, as a person would: type into a field, open the section that holds
 * it, wait for something to show. Shared by every feature's tests; the toolkit starts once per test run.
 */
public final class FxSteps {
    private FxSteps() {
    }

    /**
     * Puts {@code text} into the field and presses Enter, as a person would: the field's collapsed section is
     * opened and the field scrolled into view and given the focus, its text replaced, then the Enter key typed.
     */
    public static void type(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        enter(robot, field, text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Opens the field's section, scrolls it into view, gives it the focus and replaces its text with
     * {@code text}, without Enter: the value is typed but not yet confirmed. One FX event, not a mouse trip and a
     * key per character: the commit paths under test (Enter, the focus leaving, a button or shortcut reading the
     * fields) are the same, and each robot step costs the headless toolkit tens of milliseconds.
     */
    public static void enter(FxRobot robot, TextField field, String text) {
        robot.interact(() -> {
            reveal(field);
            field.requestFocus();
            field.replaceText(0, field.getLength(), text);
        });
    }

    /**
     * Presses the button (or check box) {@code query} names, as a click on it does: its action runs, unless it is
     * disabled. It must be shown. Without the mouse's trip across the screen, which costs the headless robot half
     * a second a click: tests where the click itself matters click.
     */
    public static void press(FxRobot robot, String query) {
        ButtonBase button = robot.lookup(query).queryAs(ButtonBase.class);
        robot.interact(() -> {
            if (!button.isVisible() || button.getScene() == null) {
                throw new AssertionError(query + " is not shown");
            }
            button.fire();
        });
    }

    /**
     * Opens the collapsed section that holds {@code node}, if any, and scrolls the panel that holds it until it
     * is in view (as a person would).
     */
    public static void reveal(FxRobot robot, Node node) {
        robot.interact(() -> reveal(node));
    }

    /** {@link #reveal(FxRobot, Node)}, on the FX thread. */
    private static void reveal(Node node) {
        ScrollPane scroll = null;
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof TitledPane pane && !pane.isExpanded()) {
                pane.setExpanded(true);
            }
            if (scroll == null && p instanceof ScrollPane pane) {
                scroll = pane;
            }
        }
        if (scroll != null) {
            scroll.applyCss();
            scroll.layout();
            Node content = scroll.getContent();
            double y = content.sceneToLocal(node.localToScene(0, 0)).getY();
            double room = content.getBoundsInLocal().getHeight() - scroll.getViewportBounds().getHeight();
            if (room > 0) {
                scroll.setVvalue(Math.max(0, Math.min(1, (y - 40) / room)));
            }
        }
    }

    /**
     * Collapses every parameter section under {@code root} and scrolls its panels back to the top: a view as it
     * opens, for tests that share one window. Call on the FX thread.
     */
    public static void collapseAndScrollBack(Node root) {
        for (Node n : root.lookupAll(".parameter-section")) {
            ((TitledPane) n).setExpanded(false);
        }
        for (Node n : root.lookupAll(".scroll-pane")) {
            ((ScrollPane) n).setVvalue(0);
        }
    }

    /** Waits up to 60 s for {@code condition}, then lets the FX thread catch up. */
    public static void waitUntil(Callable<Boolean> condition) {
        // A lookup from the test thread walks children the FX thread may be changing at that instant (an animation
        // adds and removes nodes: an index gone, a list changed, a child slot read as null); such a torn read is
        // retried, and one that never stops still fails the wait at its end.
        Callable<Boolean> tolerant = () -> {
            try {
                return condition.call();
            } catch (IndexOutOfBoundsException | ConcurrentModificationException | NullPointerException e) {
                return false;
            }
        };
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, tolerant);
        } catch (TimeoutException e) {
            throw new AssertionError("condition not met within 60 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Starts the FX toolkit if no test started it yet (once per test run), for tests without a window. */
    public static void startToolkit() {
        try {
            FxToolkit.registerPrimaryStage();
        } catch (TimeoutException e) {
            throw new AssertionError("the FX toolkit did not start", e);
        }
    }

    /** @return {@code work}'s value, computed on the FX thread (the toolkit is started if needed). */
    public static <T> T onFx(Callable<T> work) {
        startToolkit();
        try {
            return WaitForAsyncUtils.asyncFx(work).get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new AssertionError(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("the FX thread did not answer within 60 s", e);
        }
    }

    /** Runs {@code work} on the FX thread and waits for it (the toolkit is started if needed). */
    public static void onFx(Runnable work) {
        onFx(() -> {
            work.run();
            return null;
        });
    }

    /**
     * Runs {@code steps} on the test's thread and lets the FX thread and the renderer catch up, with standard error
     * caught meanwhile: the toolkit prints there what it fails at in the background, which no assertion would
     * otherwise see. One such failure is Monocle's: a window grown back to a size its scene already had (1024 x 768,
     * then 1280 x 720 again) reuses the larger frame's pixel buffer, whose limit Monocle's copy to the screen left at
     * the smaller frame's size, and the painter prints "Too small int buffer size" for that frame (a real display
     * has no such painter). So a test resizes from the larger size to the smaller, or grows past every size its
     * scene had.
     *
     * @return what was printed on standard error, "" if nothing
     */
    public static String stderrOf(Runnable steps) {
        PrintStream was = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            steps.run();
            WaitForAsyncUtils.waitForFxEvents();
        } finally {
            System.setErr(was);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }
}
