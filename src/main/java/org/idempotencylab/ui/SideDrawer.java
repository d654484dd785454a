package org.idempotencylab.ui;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * A view's side panel (the live view's parameters, the Explore tab's settings): on the left of its
 * {@link BorderPane} while the view has room for it beside the centre; else set aside, and, when a button asks,
 * opened as a drawer over the centre's left part (style class {@code drawer}), so the centre keeps its width and
 * nothing is pushed out of the window. Set aside, the panel stays in the view, hidden: styled as the mode is (its
 * width stays true) and filled as ever. FX thread only.
 */
public final class SideDrawer {
    private final BorderPane root;
    private final Region panel;
    private final StackPane center = new StackPane();

    /** Takes {@code root}'s centre into a stack the drawer opens over; {@code panel} is {@code root}'s left. */
    public SideDrawer(BorderPane root, Region panel) {
        this.root = root;
        this.panel = panel;
        Node inside = root.getCenter();
        root.setCenter(center);
        center.getChildren().add(inside);
        StackPane.setAlignment(panel, Pos.TOP_LEFT);
        panel.setMaxWidth(Region.USE_PREF_SIZE); // a drawer as wide as the panel, not the whole centre
    }

    /**
     * Puts the panel where it belongs now; moves it only when its place changes (call after every layout pass).
     *
     * @param beside true while the view has room for the panel beside its centre
     * @param open   true while the button asks for the panel (counts only where it is not beside)
     * @return true if the panel moved, appeared or went (the scene needs another layout pass)
     */
    public boolean place(boolean beside, boolean open) {
        Object parentBefore = panel.getParent();
        boolean visibleBefore = panel.isVisible();
        boolean drawer = !beside && open;
        // out of one place before into the other: a node has one parent
        if (!drawer && panel.getParent() == center) {
            center.getChildren().remove(panel);
            panel.getStyleClass().remove("drawer");
            root.setLeft(panel);
        }
        boolean shown = beside || open;
        if (panel.isVisible() != shown) {
            panel.setVisible(shown);
            panel.setManaged(shown);
        }
        if (drawer && panel.getParent() != center) {
            root.setLeft(null);
            center.getChildren().add(panel);
            panel.getStyleClass().add("drawer");
        }
        return panel.getParent() != parentBefore || panel.isVisible() != visibleBefore;
    }
}
