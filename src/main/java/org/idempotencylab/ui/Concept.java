package org.idempotencylab.ui;

import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.paint.Color;
import javafx.scene.shape.FillRule;
import javafx.scene.shape.SVGPath;
import javafx.scene.shape.StrokeLineJoin;
import javafx.scene.transform.Scale;

/**
 * The one look of each teaching concept: one colour and one icon, the same in the play area, the code panel, the
 * tables, the charts, the legends and the exported images (PhET's interface studies: one concept, one
 * representation). Colours are from the Okabe–Ito palette, which stays distinct under the common colour-vision
 * deficiencies; every use also carries the icon or a word, never the colour alone. The strategies' own palette
 * (the sweep chart) is separate.
 *
 * <p>CSS uses the same colours through looked-up colours in {@code lab.css} (beside this class's resources), named
 * {@code -lab-concept-<css name>} and {@code -lab-concept-<css name>-ink}; {@code ConceptTest} checks that the
 * two agree.
 *
 * <p>Icons are SVG path data in a 16×16 box, filled with the even-odd rule, so a scene-graph {@link SVGPath} and
 * a canvas ({@code GraphicsContext.appendSVGPath}) draw the same shape without depending on a font's glyphs.
 */
public enum Concept {
    /** A side effect done a second time (or more) for one user: the bug the lab is about. Two stacked sheets. */
    DUPLICATE("duplicate", "#D55E00", "#A33F00",
            "M1 5h9v10H1z M5 1h10v10h-4V5H5z"),
    /** The call did its work but its reply never came back: the caller sees a timeout. A reply crossed out. */
    REPLY_LOST("lost-reply", "#000000", "#000000",
            "M2 1h12a1 1 0 0 1 1 1v8a1 1 0 0 1 -1 1H7l-4 4v-4H2a1 1 0 0 1 -1 -1V2a1 1 0 0 1 1 -1z"
                    + " M4.49 3.61L5.51 2.39L11.51 7.39L10.49 8.61z M10.49 2.39L11.51 3.61L5.51 8.61L4.49 7.39z"),
    /** A key the idempotency store (or the provider) remembers, with its saved result, until its TTL. A key. */
    KEY_REMEMBERED("key", "#56B4E9", "#1F6F9E",
            "M5 3a4 4 0 1 0 3.46 6H11v2h2V9h2V7H8.46A4 4 0 0 0 5 3z M5 5.5a1.5 1.5 0 1 0 0.01 0z"),
    /** A call the key stopped: the provider knew the key and sent nothing, or the store returned a saved result. */
    SUPPRESSED("suppressed", "#C5CCD3", "#5A6570",
            "M1 8a7 7 0 1 0 14 0a7 7 0 1 0 -14 0z M3 8a5 5 0 1 0 10 0a5 5 0 1 0 -10 0z"
                    + " M5.25 3.83L3.83 5.25L10.75 12.17L12.17 10.75z"),
    /** The worker process died: its in-memory store and queue are gone. A lightning bolt on hazard yellow. */
    CRASH("crash", "#F0E442", "#6B6300",
            "M9 1L3 9h4l-2 6 7-9H8z"),
    /** The time an {@code in_progress} claim (or a lock) is held; when it runs out another worker may take over. */
    LEASE("lease", "#E69F00", "#8A5A00",
            "M1 8a7 7 0 1 0 14 0a7 7 0 1 0 -14 0z M3 8a5 5 0 1 0 10 0a5 5 0 1 0 -10 0z"
                    + " M7.2 4h1.6v3.5l2.6 1.5-0.8 1.4-3.4-2z"),
    /** Another delivery holds the key: "job in progress", the job goes back to the queue. An hourglass. */
    IN_PROGRESS("in-progress", "#CC79A7", "#8C3F6B",
            "M3 1h10v2l-3.5 5 3.5 5v2H3v-2l3.5-5L3 3z");

    /** Side of the square the icons' paths are drawn in, in px at scale 1. */
    public static final double ICON_SIZE = 16;

    private final String cssName;
    private final String fill;
    private final String ink;
    private final String iconPath;

    Concept(String cssName, String fill, String ink, String iconPath) {
        this.cssName = cssName;
        this.fill = fill;
        this.ink = ink;
        this.iconPath = iconPath;
    }

    /** @return the name in CSS: the style class {@code concept-<name>} and the colours {@code -lab-concept-<name>}. */
    public String cssName() {
        return cssName;
    }

    /** @return the style class a node of this concept carries, e.g. {@code concept-duplicate}. */
    public String styleClass() {
        return "concept-" + cssName;
    }

    /** @return the fill colour: icons, bars, tokens, chart bars. */
    public Color fill() {
        return Color.web(fill);
    }

    /** @return the fill colour as {@code #RRGGBB}. */
    public String fillHex() {
        return fill;
    }

    /** @return a darker shade of the same hue for text on white (contrast at least 4.5:1). */
    public Color ink() {
        return Color.web(ink);
    }

    /** @return the text colour as {@code #RRGGBB}. */
    public String inkHex() {
        return ink;
    }

    /** @return the icon: SVG path data in a {@link #ICON_SIZE} square, to fill with the even-odd rule. */
    public String iconPath() {
        return iconPath;
    }

    /**
     * @param size the icon's side in px (1..256)
     * @return a new node drawing the icon in the concept's colour, with a dark outline for the pale colours; its
     *         layout bounds are {@code size} square
     * @throws IllegalArgumentException if {@code size} is out of range
     */
    public Node icon(double size) {
        if (!(size >= 1 && size <= 256)) {
            throw new IllegalArgumentException("size: " + size + " is not in 1..256");
        }
        SVGPath p = new SVGPath();
        p.setContent(iconPath);
        p.setFillRule(FillRule.EVEN_ODD);
        p.setFill(fill());
        if (pale()) {
            p.setStroke(ink());
            p.setStrokeWidth(0.8);
            p.setStrokeLineJoin(StrokeLineJoin.ROUND); // a mitred tip would stick out of the square
        }
        p.getStyleClass().addAll("concept-icon", styleClass());
        p.getTransforms().add(new Scale(size / ICON_SIZE, size / ICON_SIZE));
        return new Group(p);
    }

    /**
     * Gives a cell or label a concept's look: its style class (the ink colour, {@code lab.css}) and its icon as
     * the graphic; {@code null} takes any concept's look off (an empty cell).
     *
     * @param node    the cell or label
     * @param concept the concept it shows, or null for none
     */
    public static void mark(Labeled node, Concept concept) {
        if (concept != null && node.getGraphic() != null && node.getStyleClass().contains(concept.styleClass())) {
            return; // already so: a cell updated again keeps its icon (no new node per update)
        }
        for (Concept c : values()) {
            node.getStyleClass().remove(c.styleClass());
        }
        if (concept == null) {
            node.setGraphic(null);
            return;
        }
        node.getStyleClass().add(concept.styleClass());
        node.setGraphic(concept.icon(13));
    }

    /** @return true when the fill is too light to stand on white without an outline (yellow, light grey). */
    public boolean pale() {
        return this == CRASH || this == SUPPRESSED;
    }
}
