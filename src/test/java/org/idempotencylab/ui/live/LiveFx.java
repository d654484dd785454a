package org.idempotencylab.ui.live;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.event.ActionEvent;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.ControllerFactory;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.lessons.LessonPlayer;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the live view's TestFX tests do again and again: open the view as the lab does, type, wait. */
final class LiveFx {
    private LiveFx() {
    }

    /**
     * Shows "Watch it happen" (live.fxml with the key store inside) in {@code stage}, in the lab's 1280 × 820
     * scene with lab.css, the key store connected to the live run the way App connects them.
     *
     * @return the loader, for its controller and namespace
     */
    static FXMLLoader show(Stage stage, LiveViewModel live, KeyStoreViewModel keys) throws IOException {
        live.addFrameListener(keys, KeyStoreViewModel.FLUSHES_PER_SECOND);
        FXMLLoader loader = new FXMLLoader(LiveFx.class.getResource("live.fxml"),
                Texts.of(LiveController.class).bundle()); // as lab.fxml includes it
        loader.setControllerFactory(new ControllerFactory().with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, keys));
        Parent root = loader.load();
        stage.setScene(App.scene(root));
        stage.sizeToScene(); // the lab's own 1280 × 820, whatever size the shared stage was given by a test before
        stage.show();
        return loader;
    }

    /** Clicks the field, selects its text, types {@code text} and presses Enter, as a person does. */
    static void type(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        reveal(robot, field);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write(text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Puts {@code text} in the field and confirms it as Enter does, without moving the mouse: for a test whose
     * point is not the typing (a field's own checks type with {@link #type}).
     */
    static void enter(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        onFx(() -> {
            field.setText(text);
            field.fireEvent(new ActionEvent());
        });
    }

    /** Presses the button as a click would ({@code fire}: its action runs), without moving the mouse. */
    static void press(FxRobot robot, String query) {
        Button button = robot.lookup(query).queryButton();
        onFx(button::fire);
    }

    /**
     * Runs {@code action} on the FX thread and waits for it, and for nothing else: what it changes in the view-model
     * and in bound properties is there when this returns (a check of layout or drawing waits for a pulse itself).
     * Cheaper than {@code robot.interact}, which then waits for five more round trips to the FX thread.
     */
    static void onFx(Runnable action) {
        try {
            WaitForAsyncUtils.asyncFx(action).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err; // an assertion made on the FX thread
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new IllegalStateException("the FX thread did not run the action within 30 s", e);
        }
    }

    /** Opens the collapsed sections that hold {@code node}, and scrolls its panel until the node is in view. */
    static void reveal(FxRobot robot, Node node) {
        List<TitledPane> closed = new ArrayList<>();
        for (Node p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof TitledPane pane && !pane.isExpanded()) {
                closed.add(0, pane); // the outermost first
            }
        }
        for (TitledPane pane : closed) {
            // its own title: a lookup would find a section's inside it first (the "Advanced" pane holds sections)
            Node title = pane.getChildrenUnmodifiable().stream().filter(n -> n.getStyleClass().contains("title"))
                    .findFirst().orElseThrow();
            scrollTo(robot, title);
            robot.clickOn(title); // as a person opens it
            WaitForAsyncUtils.waitForFxEvents();
        }
        scrollTo(robot, node);
    }

    /** Scrolls the panel that holds {@code node}, if any, until the node is in view (as a person would). */
    private static void scrollTo(FxRobot robot, Node node) {
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane pane) {
                robot.interact(() -> {
                    pane.layout();
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

    /** Waits up to 30 s for {@code condition} (checked on the FX thread), then lets the FX thread catch up. */
    static void waitUntil(Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition).get());
        } catch (TimeoutException e) {
            throw new AssertionError("condition not met within 30 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits until the FX thread has drawn {@code n} more frames. */
    static void waitForPulses(FxRobot robot, int n) {
        java.util.concurrent.atomic.AtomicInteger pulses = new java.util.concurrent.atomic.AtomicInteger();
        javafx.animation.AnimationTimer counter = new javafx.animation.AnimationTimer() {
            @Override
            public void handle(long now) {
                pulses.incrementAndGet();
            }
        };
        onFx(counter::start);
        waitUntil(() -> pulses.get() >= n);
        onFx(counter::stop);
    }

    /** @return true if {@code node} is in a scene and it and every parent are visible: a person can see it. */
    static boolean showing(Node node) {
        if (node.getScene() == null) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The lab's whole window ({@link LabWindow#open}) at the headless screen's corner, Watch it happen built and
     * shown: a window centred at its first size and widened later would reach past the screen's edge, where Monocle
     * fails every frame it paints (the pom's headless.geometry).
     */
    static LabWindow labAtTheCorner(Stage stage, Executor runs) throws Exception {
        LabWindow window = LabWindow.open(stage, runs);
        stage.setX(0);
        stage.setY(0);
        window.lab().selectTab("liveTab");
        window.lab().buildShownTab();
        return window;
    }

    /** Opens a lesson at a frame ({@code -Dlab.lesson=name:N}) and plays it at 1000× to its moment: the answer. */
    static void playLessonFrame(FxRobot robot, LabWindow window, String frame) {
        LiveViewModel live = window.services().service(LiveViewModel.class);
        LessonPlayer lessons = window.services().service(LessonPlayer.class);
        onFx(() -> lessons.open(frame));
        onFx(() -> live.speedProperty().set(1000));
        FxSteps.press(robot, "#lessonNext");
        waitUntil(() -> lessons.state() == LessonPlayer.State.REVEALED && !live.playingProperty().get());
    }
}
