package org.idempotencylab.ui.live;

import java.util.function.DoubleSupplier;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import org.idempotencylab.ui.SideDrawer;

/**
 * Where the live view's parts go for the room the window gives it: the parameters beside the queue or set aside
 * behind the toolbar's Parameters button, the code panel beside the queue or below the play area, the tabs below the
 * play area or stepped aside, and the divider between the play area and what is below it (one lane or two). Each
 * {@code fit} runs after a layout pass and moves a node only when its place changes, so the pass that follows finds
 * all in place.
 */
final class LiveFit {
    /**
     * The least width the queue keeps beside the parameters, in px: its own least width (640) and a margin; the
     * code panel's readable width comes on top while it is shown. A narrower view sets the parameters
     * aside behind the toolbar's Parameters button rather than cut the queue off or push the code under it.
     */
    static final double QUEUE_ROOM = 660;
    /** Least width the code panel is put beside the queue with, px (its lines scroll sideways below their length). */
    static final double CODE_MIN_WIDTH = 240;
    /** Least height the tabs below the play area are shown in, px: their headers and two rows of a table. */
    static final double DETAILS_LEAST = 96;
    /** Rows of a table the tabs below the play area show at the least, beside their headings and counters. */
    private static final int DETAIL_ROWS = 3;
    /** A table's row, px (keystore.fxml's fixed cell size). */
    private static final double ROW = 26;
    /** The tab's and the key store's padding and spacing, px (lab.css, keystore.fxml). */
    private static final double DETAIL_PADS = 24;
    /** Room for the code strip's sideways scroll bar, px (its lines scroll sideways in a narrow strip). */
    private static final double CODE_SCROLL_BAR = 14;
    /** A split pane's divider, px (modena: 3 px of padding on each side of a line). */
    private static final double DIVIDER = 7;
    /** Where the divider sits with one lane (the key store gets the rest) and with two (the lanes need room). */
    private static final double ONE_LANE_DIVIDER = 0.6;
    private static final double TWO_LANES_DIVIDER = 0.84;

    private final BorderPane root;
    private final ScrollPane parameters;
    private final ToggleButton parametersToggle;
    private final SplitPane split;
    private final VBox playArea;
    private final SplitPane playSplit;
    private final SplitPane detailSplit;
    private final TabPane detailTabs;
    private final CodePanel codePanel;
    private final ToggleButton codeToggle;
    /** Opens the tabs over the play area, as large as the view. */
    private final ToggleButton tablesToggle;
    private final QueueCanvas queue;
    private final Lanes lanes;
    /** The parameters beside the queue, or set aside and opened over it. */
    private final SideDrawer parametersAside;
    /** The split width and the code's own width the code panel was last sized for (see {@link #code}). */
    private double codeSizedFor;
    private double codeSizedTo;
    /** The split height and the play area's least height the code alone below was last sized for. */
    private double codeAloneFor;
    private double codeAloneLeast;
    private boolean codeAlonePresentation;
    /** The height the rows around the stage could still fold away, px ({@link StageFolds#foldable}). */
    private DoubleSupplier foldable = () -> 0;

    /**
     * @param split      the play area over what is below it
     * @param playSplit  the queue and, beside it, the code panel
     * @param detailSplit below the play area: the tabs and, where there is no room beside the queue, the code panel
     */
    LiveFit(BorderPane root, ScrollPane parameters, ToggleButton parametersToggle, SplitPane split, VBox playArea,
            SplitPane playSplit, SplitPane detailSplit, TabPane detailTabs, CodePanel codePanel,
            ToggleButton codeToggle, ToggleButton tablesToggle, QueueCanvas queue, Lanes lanes) {
        this.root = root;
        this.parameters = parameters;
        this.parametersToggle = parametersToggle;
        this.split = split;
        this.playArea = playArea;
        this.playSplit = playSplit;
        this.detailSplit = detailSplit;
        this.detailTabs = detailTabs;
        this.codePanel = codePanel;
        this.codeToggle = codeToggle;
        this.tablesToggle = tablesToggle;
        this.queue = queue;
        this.lanes = lanes;
        this.parametersAside = new SideDrawer(root, parameters);
        SplitPane.setResizableWithParent(codePanel, false); // the canvas takes the width a resize adds
        lanes.activeProperty().addListener((o, was, now) -> split.setDividerPositions(divider()));
        if (lanes.activeProperty().get()) {
            split.setDividerPositions(TWO_LANES_DIVIDER);
        }
    }

    /**
     * @return the least height the tabs are shown below the play area in, px: their tab bar, the key store's
     *         headings, counters and hint in the type shown, and {@value #DETAIL_ROWS} rows of its table
     */
    private double detailsLeast() {
        // in ems of the type: the tab bar (2.2), the heading (1.6), the counters on two lines and the hint on one
        // (3 × 1.3), the table's header (1.9); and the rows, the pads between
        double em = Font.getDefault().getSize();
        return Math.max(DETAILS_LEAST, 9.6 * em + DETAIL_ROWS * ROW + DETAIL_PADS);
    }

    private double divider() {
        return lanes.activeProperty().get() ? TWO_LANES_DIVIDER : ONE_LANE_DIVIDER;
    }

    /**
     * The parameters beside the queue and the code while there is room for all three, the code's lines read whole
     * ({@link CodePanel#readableWidth}: 1280 px with no note, in normal mode); else set aside, and opened over the
     * queue's left part while the Parameters button asks ({@link SideDrawer}).
     *
     * @return true if the parameters or their button moved, appeared or went
     */
    boolean parameters() {
        double panel = parameters.prefWidth(-1);
        double code = Math.max(CODE_MIN_WIDTH, codePanel.readableWidth());
        // the queue's room grows with its least width (presentation mode's, where its text fits at 16 px)
        double queueRoom = QUEUE_ROOM + stageWidth() - queue.minWidth(-1);
        double room = queueRoom + (codeToggle.isSelected() ? code : 0);
        boolean narrow = root.getWidth() > 0 && root.getWidth() < panel + room;
        boolean moved = parametersToggle.isVisible() != narrow;
        if (moved) {
            parametersToggle.setVisible(narrow);
            parametersToggle.setManaged(narrow);
        }
        // asked for in a narrow view: a drawer over the queue's left part, so the queue, the code and the status
        // bar keep their places (beside the queue there is no room: it would push them out of the window)
        return parametersAside.place(!narrow, parametersToggle.isSelected()) || moved;
    }

    /**
     * The code panel as wide as its longest line beside the queue, where the queue keeps its least width, else
     * narrower (its lines then scroll sideways): beside the canvas when the play area has room for the canvas's
     * least width and {@link #CODE_MIN_WIDTH} (the parameters step aside for it, see {@link #parameters}); else
     * (1024 px with a note) under the play area beside the tabs, where it shows at least the lit line; nowhere while
     * its toggle is off. Sized again when the split's width or its own (a strategy's program, presentation mode's
     * type) changed since.
     *
     * @return true if the code panel moved, appeared, went or was sized again
     */
    boolean code() {
        double w = split.getWidth();
        if (w <= 0) {
            return false;
        }
        // in presentation mode the canvas keeps the width its text fits at 16 px from (the code goes below first)
        boolean beside = w >= stageWidth() + CODE_MIN_WIDTH;
        SplitPane want = !codeToggle.isSelected() ? null : beside ? playSplit : detailSplit;
        SplitPane now = playSplit.getItems().contains(codePanel) ? playSplit
                : detailSplit.getItems().contains(codePanel) ? detailSplit : null;
        double lines = codePanel.prefWidth(-1);
        if (want == now && (want == null || (w == codeSizedFor && lines == codeSizedTo))) {
            return false;
        }
        if (want != now && now != null) {
            now.getItems().remove(codePanel);
        }
        if (want != null) {
            if (want != now) {
                want.getItems().add(codePanel);
            }
            // as wide as its longest line (larger in presentation mode), as far as the canvas keeps its least width
            double room = want == playSplit ? w - stageWidth() : w / 2;
            double code = Math.max(CODE_MIN_WIDTH, Math.min(lines + 16, room));
            want.setDividerPositions(Math.max(0, Math.min(1, (w - code) / w)));
            codeSizedFor = w;
            codeSizedTo = lines;
        }
        return true;
    }

    /**
     * The key store, log and history tabs below the play area where the play area leaves them room for their
     * headings, counters and {@value #DETAIL_ROWS} rows (at least {@link #DETAILS_LEAST}), so no heading is ever
     * under the tab bar; else (two lanes at 1280 × 720, presentation mode at 1024 × 768) they step aside rather than
     * show a strip of cut-off headers, and the code panel, when it sits below, takes the whole row and all the height
     * the play area leaves (the canvas keeps its least): the more whole lines of code around the lit one. Less room
     * than the code's one line, or nothing left below: the play area takes the whole height. In presentation mode
     * the tabs fold away (the stations show the keys) and the stage takes the height the code below leaves it. While
     * the Tables toggle is on, the tabs lie over the play area instead, as large as the view (a store of 54 keys
     * shows them in rows, not 4 of them).
     *
     * @return true if the tabs or the code below moved, appeared or went, or the divider moved
     */
    boolean details() {
        double least = playLeast();
        double room = split.getHeight() - least - DIVIDER;
        boolean over = tablesToggle.isSelected();
        // presentation mode gives the stage the height: the stations show the keys, the tables are a click away
        boolean presentation = queue.presentation();
        boolean tabs = !over && !presentation && (split.getHeight() <= 0 || room >= detailsLeast());
        StackPane stage = (StackPane) root.getCenter(); // the play area's stack, which the drawers open over
        boolean moved = false;
        if (!over && stage.getChildren().contains(detailTabs)) {
            stage.getChildren().remove(detailTabs);
            detailTabs.getStyleClass().remove("drawer");
            moved = true;
        }
        if (tabs != detailSplit.getItems().contains(detailTabs)) {
            moved = true;
            if (tabs) {
                detailSplit.getItems().add(0, detailTabs);
                codeSizedFor = 0; // the code beside them is sized again
            } else {
                detailSplit.getItems().remove(detailTabs);
            }
        }
        double want = detailsLeast();
        if (tabs && split.getHeight() > 0 && detailTabs.getHeight() > 0 && detailTabs.getHeight() < want - 0.5) {
            // the divider left them less than their least (the divider's default share, a drag): they take it
            split.setDividerPositions((split.getHeight() - want - DIVIDER) / split.getHeight());
            moved = true;
        }
        if (over && !stage.getChildren().contains(detailTabs)) {
            stage.getChildren().add(detailTabs);
            detailTabs.getStyleClass().add("drawer");
            moved = true;
        }
        // the code alone below gets at least its one line and a sideways scroll bar, else it steps aside too (a
        // crash's two-line caption at 1024 px in presentation mode): the status bar stays in the window
        boolean codeFits = split.getHeight() <= 0 || room >= codePanel.minHeight(-1) + CODE_SCROLL_BAR;
        boolean below = !detailSplit.getItems().isEmpty() && (tabs || codeFits);
        if (below != split.getItems().contains(detailSplit)) {
            moved = true;
            if (below) {
                split.getItems().add(detailSplit);
                split.setDividerPositions(divider());
            } else {
                split.getItems().remove(detailSplit);
            }
        }
        boolean codeAlone = below && !tabs;
        if (codeAlone && (split.getHeight() != codeAloneFor || least != codeAloneLeast
                || presentation != codeAlonePresentation)) {
            // the split keeps the play area's least height; in presentation mode the code keeps its least (its
            // lit line) and the stage takes the rest
            double play = presentation ? Math.max(least, split.getHeight() - DIVIDER - codePanel.minHeight(-1)
                    - CODE_SCROLL_BAR) : least;
            split.setDividerPositions(play / split.getHeight());
            codeAloneFor = split.getHeight();
            codeAloneLeast = least;
            moved = true;
            codeAlonePresentation = presentation;
        } else if (!codeAlone) {
            codeAloneFor = 0;
        }
        return moved;
    }

    /**
     * @return the height the play area could still grow by, px: the split's height less the play area's least, and,
     *         where something sits below it, the divider and that part's least (the tabs' {@link #DETAILS_LEAST}, or
     *         the code strip's line and scroll bar); negative where the play area has less than its least. The
     *         story line takes its rows from this, so it never pushes the tabs or the status bar away.
     */
    double playAreaSpare() {
        double least = playLeast();
        // the code that belongs below (no room beside the queue) counts even while it stepped aside: the story's
        // rows give way for it
        boolean codeBelow = codeToggle.isSelected() && !playSplit.getItems().contains(codePanel);
        if (!split.getItems().contains(detailSplit) && !codeBelow) {
            return split.getHeight() - least;
        }
        double below = detailSplit.getItems().contains(detailTabs) ? DETAILS_LEAST
                : codePanel.minHeight(-1) + CODE_SCROLL_BAR;
        return split.getHeight() - least - DIVIDER - below;
    }

    /**
     * @return the play area's least height, px: its parts' least at its width (the lanes' lines wrapped there take
     *         their lines), and in presentation mode the height the canvas needs beyond its own least for every text
     *         at 16 px ({@link QueueCanvas#neededHeight}): the code strip below and the story's rows give way to it
     */
    private double playLeast() {
        double parts = playArea.minHeight(playArea.getWidth());
        if (!stageClaims()) {
            return parts;
        }
        double stage = Math.max(0, queue.neededHeight() - queue.minHeight(-1));
        // only a need the view can meet (not with two lanes at 1024 × 768): the split, with every row that may fold
        // folded, holds the other parts at their least and the stage at its need; else nothing gives way for it
        boolean met = split.getHeight() <= 0 || split.getHeight() + foldable.getAsDouble() >= parts + stage;
        return parts + (met ? stage : 0);
    }

    /**
     * @return true while the stage claims the room for 16 px text (its least width, the height it needs): in
     *         presentation mode while one lane plays; two lanes share the height with lane B's strip and the
     *         difference between them, and keep the code beside the stage as before
     */
    boolean stageClaims() {
        return queue.presentation() && !lanes.activeProperty().get();
    }

    /** @return the least width the stage keeps beside the code and the parameters, px */
    private double stageWidth() {
        return stageClaims() ? queue.leastWidth() : queue.minWidth(-1);
    }

    /** @param rows the height the rows around the stage could still fold away to give it, px ({@link StageFolds}) */
    void foldable(DoubleSupplier rows) {
        foldable = rows;
    }

    /** @return how far the view runs past its window's bottom, px (a window that keeps the view's least height) */
    double pastTheWindow() {
        return root.getScene() == null ? 0
                : Math.max(0, root.localToScene(root.getLayoutBounds()).getMaxY() - root.getScene().getHeight());
    }
}
