package org.idempotencylab.ui.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.idempotencylab.ui.FxSteps;
import org.idempotencylab.ui.LabWindow;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Real workers tab in a projector's window, as a class sees it: at 1024 × 768 and 1280 × 720, in normal and
 * presentation mode, with a preset's teaching note open beside it (the narrowest the tab gets), every label of the
 * form shows its whole text (the text drawn is the label's, not cut to "..."), every field its whole value, and
 * every cell of the form lies inside the tab; the panes below keep their titles and contents inside them.
 * Headless under {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class WorkFormFxTest {
    private Stage stage;
    private ScenarioKit kit;
    private Parent tab;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        LabWindow window = LabWindow.open(stage, task -> { }); // the note's comparison is not what is looked at
        kit = window.kit();
        kit.applyPreset("lost-reply.json"); // its note opens beside the tabs
        window.lab().selectTab("workTab");
        window.lab().buildShownTab();
        window.root().applyCss(); // the tab's content joins the scene on the next pass: now
        window.root().layout();
        tab = (Parent) window.root().lookup(".work-view");
    }

    @Test
    void everyLabelAndValueOfTheFormIsWholeAtProjectorSizesInBothModes(FxRobot robot) {
        // the larger window first: growing it back after shrinking makes Monocle's painter fail a frame (FxSteps)
        String printed = FxSteps.stderrOf(() -> {
            for (int[] size : new int[][] {{1280, 720}, {1024, 768}}) {
                for (boolean presentation : new boolean[] {false, true}) {
                    String where = size[0] + "x" + size[1] + (presentation ? ", presentation mode" : "");
                    robot.interact(() -> {
                        kit.presentationProperty().set(presentation);
                        stage.setWidth(size[0]);
                        stage.setHeight(size[1]);
                    });
                    WaitForAsyncUtils.waitForFxEvents();
                    robot.interact(() -> check(where));
                }
            }
        });
        assertEquals("", printed, "the toolkit painted every frame of every size (it prints a frame it failed)");
    }

    private void check(String where) {
        assertTrue(kit.noteVisibleProperty().get(), "the note takes its room beside the tab");
        Node form = tab.lookup(".work-form");
        Bounds inTab = tab.localToScene(tab.getLayoutBounds());
        int labels = 0;
        for (Node n : descendants(form)) {
            if (!n.isVisible() || n.getScene() == null) {
                continue;
            }
            Bounds b = n.localToScene(n.getLayoutBounds());
            assertTrue(b.getMinX() >= inTab.getMinX() - 0.5 && b.getMaxX() <= inTab.getMaxX() + 0.5,
                    where + ": " + n + " lies outside the tab " + inTab + ": " + b);
            if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
                // a titled pane's own text is its title's (its first .text inside is a field's label)
                Text drawn = (Text) l.lookup(l instanceof TitledPane ? ".title .text" : ".text");
                assertEquals(l.getText(), drawn == null ? null : drawn.getText(),
                        where + ": the label is cut (" + l.getWidth() + " px wide, it needs " + l.prefWidth(-1) + ")");
                labels++;
            }
            if (n instanceof TextField f && !f.getText().isEmpty()) {
                Text value = (Text) f.lookup(".text");
                double room = f.getWidth() - f.snappedLeftInset() - f.snappedRightInset();
                assertTrue(value.getLayoutBounds().getWidth() <= room + 0.5, where + ": " + f.getId() + "'s value "
                        + f.getText() + " needs " + value.getLayoutBounds().getWidth() + " px, it has " + room);
            }
        }
        // the 12 fields' labels, the three choices' values, Start, Stop, the title and the status line
        assertTrue(labels >= 18, where + ": " + labels + " labels");
        // each pane below holds its title and contents: none drawn over the next pane
        for (Node pane : tab.lookupAll(".work-pane")) {
            Region r = (Region) pane;
            for (Node child : r.getChildrenUnmodifiable()) {
                if (child.isManaged() && child.isVisible()) {
                    Bounds b = child.getBoundsInParent();
                    assertTrue(b.getMaxY() <= r.getHeight() + 0.5, where + ": " + child + " reaches " + b.getMaxY()
                            + ", past its pane's height " + r.getHeight());
                }
            }
        }
    }

    /** @return {@code root}'s nodes, the controls' own parts too, but not the rows of a list or table */
    private static List<Node> descendants(Node root) {
        List<Node> out = new ArrayList<>();
        out.add(root);
        if (root instanceof Parent p && !(root instanceof TableView<?>) && !(root instanceof ListView<?>)) {
            for (Node c : p.getChildrenUnmodifiable()) {
                out.addAll(descendants(c));
            }
        }
        return out;
    }
}
