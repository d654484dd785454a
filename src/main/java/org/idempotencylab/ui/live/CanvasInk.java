package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Writing on the live view's canvases (the queue canvas, lane B's strip): text measured, wrapped and fitted to
 * its room, in the window's type (larger in presentation mode), and every box drawn in a frame kept until the
 * next, so a test can check what a person would see: which text went where, in what size, over what.
 */
final class CanvasInk {
    /** The window's plain type in the lab's style sheet, px (lab.css {@code .root}). */
    static final double PLAIN_TYPE = 14;

    /** What a drawn box is. Text must not overlap text; a shape must not cover text other than its own. */
    enum Kind {
        /** A region other things are drawn in: a station, a column, a box. */
        AREA,
        /** A line of text (with any icon in it). */
        TEXT,
        /** A job's token with the marks on it (attempt, delivery, repeat). */
        TOKEN,
        /** An envelope at the provider, or a mark on it. */
        SHAPE
    }

    /**
     * One box drawn in the last frame, px in the canvas.
     *
     * @param role   what it shows, e.g. "title", "counter", "count badge", "legend", "token"
     * @param text   its text, or "" for a shape
     * @param within the area or shape it is drawn in and must stay inside, or null
     */
    record Box(Kind kind, String role, String text, double x, double y, double w, double h, double fontSize,
               Box within) {
        /** @return true if the two boxes share more than a hairline */
        boolean overlaps(Box o) {
            double e = 0.5;
            return x + e < o.x + o.w && o.x + e < x + w && y + e < o.y + o.h && o.y + e < y + h;
        }

        /** @return true if this box lies inside {@code o} (to half a pixel) */
        boolean inside(Box o) {
            double e = 0.5;
            return x >= o.x - e && y >= o.y - e && x + w <= o.x + o.w + e && y + h <= o.y + o.h + e;
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "%s %s '%s' [%.1f, %.1f %.1f × %.1f, %.1f px]", kind, role,
                    text, x, y, w, h, fontSize);
        }
    }

    private final Text probe = new Text();
    private final Map<Font, Double> lineHeights = new HashMap<>();
    private final Map<Font, Map<String, Double>> widths = new HashMap<>();
    private final List<Box> boxes = new ArrayList<>();
    private final Label typeSample = new Label();

    /**
     * @param owner   the canvas's pane: holds an empty label that takes the window's type from the style sheets
     * @param retyped run when that type changes (presentation mode on or off)
     */
    CanvasInk(Pane owner, Runnable retyped) {
        typeSample.setManaged(false);
        typeSample.setMouseTransparent(true);
        typeSample.fontProperty().addListener((o, was, now) -> retyped.run());
        owner.getChildren().add(typeSample);
    }

    /**
     * @return how much larger than the lab's plain type the window's type is: 1 normally, about 1.3 in presentation
     *         mode (18 px); never below 1
     */
    double scale() {
        return Math.max(1, typeSample.getFont().getSize() / PLAIN_TYPE);
    }

    static Font font(FontWeight weight, double size) {
        return Font.font("System", weight, size);
    }

    static Font plain(double size) {
        return Font.font("System", size);
    }

    static Font bold(double size) {
        return Font.font("System", FontWeight.BOLD, size);
    }

    /** @return the width of {@code text} in {@code font}, px (measured once a frame's texts repeat: user numbers) */
    double width(String text, Font font) {
        Map<String, Double> known = widths.computeIfAbsent(font, f -> new HashMap<>());
        Double w = known.get(text);
        if (w == null) {
            if (known.size() > 4_000) { // bounded: a long run's counters take new values
                known.clear();
            }
            probe.setFont(font);
            probe.setText(text);
            w = probe.getLayoutBounds().getWidth();
            known.put(text, w);
        }
        return w;
    }

    /** @return the height of a line of {@code font}, px (rounded up) */
    double lineHeight(Font font) {
        return lineHeights.computeIfAbsent(font, f -> {
            probe.setFont(f);
            probe.setText("Ag");
            return Math.ceil(probe.getLayoutBounds().getHeight());
        });
    }

    /** @return {@code text} broken at spaces into lines; a word wider than {@code width} has a line of its own */
    List<String> wrap(String text, Font font, double width) {
        return wrap(text.split(" "), " ", font, width);
    }

    /** @return the {@code parts}, joined by {@code joint}, broken into lines between parts */
    List<String> wrap(String[] parts, String joint, Font font, double width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String part : parts) {
            String candidate = line.length() == 0 ? part : line + joint + part;
            if (line.length() == 0 || width(candidate, font) <= width) {
                line.setLength(0);
                line.append(candidate);
            } else {
                lines.add(line.toString());
                line.setLength(0);
                line.append(part);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    /** @return true if every line is at most {@code width} wide in {@code font} */
    boolean allFit(List<String> lines, Font font, double width) {
        for (String line : lines) {
            if (width(line, font) > width) {
                return false;
            }
        }
        return true;
    }

    /**
     * @return the largest size, {@code size} or one on the half-pixel grid below it down to {@code least}, in which
     *         {@code text} is at most {@code width} wide; {@code least} if none is
     */
    Font fitting(String text, FontWeight weight, double size, double least, double width) {
        for (double s = size; s > least; s = smaller(s)) {
            Font f = font(weight, s);
            if (width(text, f) <= width) {
                return f;
            }
        }
        return font(weight, least);
    }

    /** @return {@code font}, or the same weight smaller (down to {@code least}) in which {@code text} fits */
    Font fit(String text, Font font, double least, double width) {
        FontWeight weight = font.getStyle().toLowerCase(java.util.Locale.ROOT).contains("bold") ? FontWeight.BOLD
                : FontWeight.NORMAL;
        return width(text, font) <= width ? font : fitting(text, weight, font.getSize(), least, width);
    }

    /** @return the next size below {@code size} on the half-pixel grid, so that every scale tries the same sizes */
    static double smaller(double size) {
        return Math.ceil(size * 2) / 2 - 0.5;
    }

    /** @return {@code text}, cut and ended with "…" until it is at most {@code width} wide in {@code font} */
    String shortened(String text, Font font, double width) {
        if (width(text, font) <= width) {
            return text;
        }
        String s = text;
        while (!s.isEmpty() && width(s + "…", font) > width) {
            s = s.substring(0, s.length() - 1).stripTrailing();
        }
        return s + "…";
    }

    /** Forgets the boxes of the last frame. */
    void clear() {
        boxes.clear();
    }

    /** @return the boxes drawn since the last {@link #clear}, in drawing order */
    List<Box> boxes() {
        return List.copyOf(boxes);
    }

    /** Notes an area, a token or a shape drawn at (x, y), {@code w} × {@code h}. */
    Box note(Kind kind, String role, double x, double y, double w, double h, Box within) {
        Box b = new Box(kind, role, "", x, y, w, h, 0, within);
        boxes.add(b);
        return b;
    }

    /**
     * Fills {@code text} with its top left corner at (x, y) in the context's fill colour, and notes its box.
     *
     * @param room extra width in the box before the text (an icon drawn there), px
     * @return the text's box
     */
    Box text(GraphicsContext g, String role, String text, Font font, double x, double y, double room, Box within) {
        g.setFont(font);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.fillText(text, x + room, y);
        Box b = new Box(Kind.TEXT, role, text, x, y, room + width(text, font), lineHeight(font), font.getSize(),
                within);
        boxes.add(b);
        return b;
    }

    /** Notes the box of {@code text} drawn centred on (cx, cy) by the caller. */
    Box noteCentred(String role, String text, Font font, double cx, double cy, Box within) {
        double w = width(text, font);
        double h = lineHeight(font);
        Box b = new Box(Kind.TEXT, role, text, cx - w / 2, cy - h / 2, w, h, font.getSize(), within);
        boxes.add(b);
        return b;
    }

    /** As {@link #text}, with the text's right edge at {@code right}. */
    Box textRight(GraphicsContext g, String role, String text, Font font, double right, double y, Box within) {
        return text(g, role, text, font, right - width(text, font), y, 0, within);
    }
}
