package org.idempotencylab.ui;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The frame's side panels (a preset's teaching note, the opening scene's way on, a lesson's frames): on the right
 * of the window, or docked below the tabs as a strip as wide as the window, where beside the tabs they would leave
 * the stage less width than its text needs at 16 px (presentation mode at 1024 × 768). Docked, each panel lays its
 * parts out in columns: its title and text (scrolling), the parts marked {@code dock-middle} (what to watch) and
 * the parts marked {@code dock-end} (its buttons), so the strip stays a few lines high and its buttons stay in
 * sight. FX thread only.
 */
final class SideDock {
    /** A side panel's width in presentation mode, px (presentation.css: {@code .note-panel}, {@code .lesson-panel}). */
    static final double PANEL_WIDTH = 290;
    /**
     * The least width the stage's view keeps beside the panels in presentation mode, px: the canvas's least width for
     * 16 px text (900, the live view's {@code QueueLayout.PRESENTATION_WIDTH}) and the view's margins around it.
     */
    static final double STAGE_WIDTH = 930;

    private final BorderPane frame;
    private final HBox panels;
    /** Each docked panel's own parts, in their order, to put back when it is beside the tabs again. */
    private final Map<Pane, List<Node>> own = new IdentityHashMap<>();

    /** @param panels {@code frame}'s right: the side panels, each a {@link VBox} */
    SideDock(BorderPane frame, HBox panels) {
        this.frame = frame;
        this.panels = panels;
    }

    /** @return true in presentation mode in a window {@code width} px wide too narrow for the stage and a panel */
    static boolean below(boolean presentation, double width) {
        return presentation && width > 0 && width - PANEL_WIDTH < STAGE_WIDTH;
    }

    /**
     * @return true if the view in {@code tab} asks for the window's width for its stage: a node in it with the style
     *         class {@code stage-wide} (the live view while one lane plays: two lanes need the height the strip
     *         would take)
     */
    static boolean wide(Tab tab) {
        return tab.getContent() != null && tab.getContent().lookup(".stage-wide") != null;
    }

    /** @return true while the panels are docked below the tabs */
    boolean docked() {
        return frame.getBottom() == panels;
    }

    /** Puts the panels beside the tabs or, where {@code below}, docked under them; moves them only on a change. */
    void place(boolean below) {
        if (below == docked()) {
            return;
        }
        if (below) {
            frame.setRight(null);
            frame.setBottom(panels);
            panels.getStyleClass().add("docked");
            for (Node n : panels.getChildren()) {
                if (n instanceof VBox panel) {
                    dock(panel);
                }
            }
        } else {
            frame.setBottom(null);
            panels.getStyleClass().remove("docked");
            for (Map.Entry<Pane, List<Node>> e : own.entrySet()) {
                e.getKey().getChildren().setAll(e.getValue()); // each part leaves its column for its panel
                HBox.setHgrow(e.getKey(), null);
            }
            own.clear();
            frame.setRight(panels);
        }
    }

    private void dock(VBox panel) {
        List<Node> parts = new ArrayList<>(panel.getChildren());
        own.put(panel, parts);
        VBox body = new VBox(panel.getSpacing());
        VBox middle = column(panel);
        VBox end = column(panel);
        for (Node n : parts) {
            (n.getStyleClass().contains("dock-end") ? end : n.getStyleClass().contains("dock-middle") ? middle : body)
                    .getChildren().add(n);
        }
        HBox.setHgrow(body, Priority.ALWAYS);
        HBox row = new HBox(12, body);
        for (VBox c : List.of(middle, end)) {
            if (!c.getChildren().isEmpty()) {
                row.getChildren().add(c);
            }
        }
        VBox.setVgrow(row, Priority.ALWAYS);
        panel.getChildren().setAll(row);
        HBox.setHgrow(panel, Priority.ALWAYS);
        // a strip a few lines high: its text from its first line, not where the taller panel had scrolled to
        for (Node n : panel.lookupAll(".note-scroll")) {
            if (n instanceof ScrollPane scroll) {
                scroll.setVvalue(0);
            }
        }
    }

    private static VBox column(VBox panel) {
        VBox c = new VBox(panel.getSpacing());
        c.getStyleClass().add("dock-column");
        return c;
    }
}
