package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.Font;
import org.idempotencylab.ui.Texts;

/**
 * The stations' bands, top to bottom: the title (wrapped onto as many lines as it needs, three at most), the strip
 * of tokens (one to three rows), the keys of the users who came there (a row of chips, when the run's steps keep a
 * record) and the counters ("done 12", "again 2": on one line where both fit), each in a band of its own so that a
 * token never covers a word. The type is the largest, from the window's down to a floor (the layout's least, or
 * normal mode's sizes in presentation mode), in which every title wraps whole and a station fits its room; at the
 * floor a title that does not wrap whole in bold tries the plain weight; it is cut with "…" only when even that does
 * not fit.
 */
final class StationText {
    private static final Texts TEXTS = Texts.of(StationText.class);
    // a station's bands: its title from TITLE_TOP, BAND_GAP, the strip of tokens, BAND_GAP, the counters, BAND_BOTTOM
    static final double TITLE_TOP = 4;
    private static final double BAND_GAP = 2;
    static final double BAND_BOTTOM = 3;
    private static final int MOST_TITLE_LINES = 3;
    /** Counters laid out on one line if these fit (up to 99,999 sign-ups and 9,999 again). */
    private static final String DONE_SAMPLE = TEXTS.format("canvas.sideEffects", 88_888);
    private static final String AGAIN_SAMPLE = TEXTS.format("canvas.againShort", 8_888);

    /** Each station's title, on the lines shown: one per step of the workflow. */
    final String[][] titles;
    final Font titleFont;
    final int titleLines;
    /** Titles that do not fit whole (cut with "…"). */
    final int cutTitles;
    final Font counterFont;
    final boolean countersOnOneLine;
    final int stripRows;
    final int perStripRow;
    /** A station's height, px. */
    final double height;
    /** Where a station's strip of tokens begins, px below its top. */
    final double stripTop;
    /** The type of a strip's "+N". */
    final Font badgeFont;
    /** Whether a station has a band of key chips, where it begins (px below its top) and a chip's height. */
    final boolean keys;
    final double keysTop;
    final double chipH;
    /** The type of the key chips: the counters'. */
    final Font keyFont;

    /**
     * Chooses the fonts (see the class comment) and the strip's rows: one, and more while there is room, up to
     * three. At the least size, the titles' lines that do not fit are dropped and the last one shown ends with "…".
     *
     * @param across       the canvas split across: a station's width, the tokens' pitch
     * @param k            the type's scale: 1 in normal mode, larger in presentation mode
     * @param room         the height a station may take, px
     * @param titleFloor   the least size the titles may take, px
     * @param counterFloor the least size the counters may take, px
     * @param keys         true for a band of key chips (the run's steps keep a record)
     * @param steps        the workflow's step names, in order: a station each, titled "1. charge the card"
     */
    StationText(CanvasInk ink, QueueGrid.Across across, double k, double room, double titleFloor,
                double counterFloor, boolean keys, List<String> steps) {
        titles = new String[steps.size()][];
        double stationW = across.stationW();
        double inner = stationW - 2 * QueueGrid.PAD;
        perStripRow = across.perStripRow(stationW);
        Type type = Type.fit(ink, across, inner, k, room, titleFloor, counterFloor, keys, steps);
        int lines = type.lines();
        if (type.need() > room) { // no room for whole titles even in the least type: as many lines as fit, then "…"
            double lineH = ink.lineHeight(type.title());
            lines = Math.max(1, Math.min(lines, (int) ((room - type.height(ink, 0, 1)) / lineH)));
        }
        titleFont = type.title();
        counterFont = type.counter();
        countersOnOneLine = type.oneLine();
        titleLines = lines;
        cutTitles = cutTitles(ink, type.wrapped(), inner);
        int rows = 1;
        while (rows < 3 && type.height(ink, lines, rows + 1) <= room) {
            rows++;
        }
        stripRows = rows;
        height = type.height(ink, lines, rows);
        stripTop = TITLE_TOP + lines * ink.lineHeight(titleFont) + BAND_GAP;
        badgeFont = CanvasInk.bold(Math.max(counterFloor, Math.min(12 * k, counterFont.getSize() + 1)));
        this.keys = keys;
        keyFont = counterFont;
        chipH = chipHeight(ink, keyFont);
        keysTop = stripTop + across.stripRow() + (rows - 1) * across.slot() + BAND_GAP;
    }

    /** @return a key chip's height in {@code font}: its line, a pad above and below and its bar of time left, px */
    static double chipHeight(CanvasInk ink, Font font) {
        return ink.lineHeight(font) + 4 + KeyPainter.BAR;
    }

    /**
     * The stations' type: the titles' and the counters' fonts, whether the counters fit one line, the titles wrapped
     * in the title font, the most lines a title takes and the height a station with one row of tokens needs.
     */
    private record Type(QueueGrid.Across across, boolean keys, Font title, Font counter, boolean oneLine,
                        List<List<String>> wrapped, int lines, double need) {
        /**
         * @return the largest type, from {@code k} times 13 px (titles) and 12 px (counters) down to the floors, in
         *         which every title wraps whole within {@code inner} (in bold, or at the floor in the plain weight)
         *         and a station fits {@code room}; else the least
         */
        static Type fit(CanvasInk ink, QueueGrid.Across across, double inner, double k, double room,
                        double titleFloor, double counterFloor, boolean keys, List<String> steps) {
            for (double s = 1; ; s -= 0.04) {
                double size = Math.max(titleFloor, Math.round(13 * k * s * 2) / 2.0);
                Font counter = CanvasInk.plain(Math.max(counterFloor, Math.round(12 * k * s * 2) / 2.0));
                boolean least = size <= titleFloor && counter.getSize() <= counterFloor;
                Type t = null;
                for (Font title : least ? List.of(CanvasInk.bold(size), CanvasInk.plain(size))
                        : List.of(CanvasInk.bold(size))) {
                    t = wrapped(ink, across, keys, title, counter, inner, steps);
                    if (t.whole(ink, inner) && t.need() <= room) {
                        return t;
                    }
                }
                if (least) {
                    Type bold = wrapped(ink, across, keys, CanvasInk.bold(size), counter, inner, steps);
                    return bold.whole(ink, inner) || !t.whole(ink, inner) ? bold : t;
                }
            }
        }

        /** @return the titles wrapped in {@code title} within {@code inner}, the counters in {@code counter} */
        private static Type wrapped(CanvasInk ink, QueueGrid.Across across, boolean keys, Font title, Font counter,
                                    double inner, List<String> steps) {
            List<List<String>> wrapped = new ArrayList<>();
            int lines = 1;
            for (int i = 0; i < steps.size(); i++) {
                List<String> l = ink.wrap((i + 1) + ". " + steps.get(i), title, inner);
                lines = Math.max(lines, l.size());
                wrapped.add(l);
            }
            boolean oneLine = ink.width(DONE_SAMPLE, counter) + 6 + againWidth(ink, AGAIN_SAMPLE, counter) <= inner;
            Type t = new Type(across, keys, title, counter, oneLine, wrapped, lines, 0);
            return new Type(across, keys, title, counter, oneLine, wrapped, lines, t.height(ink, lines, 1));
        }

        /** @return true if every title wraps in whole words, three lines at most, its number not alone on a line */
        boolean whole(CanvasInk ink, double inner) {
            for (List<String> l : wrapped) {
                if (!ink.allFit(l, title, inner) || l.size() > MOST_TITLE_LINES || l.get(0).matches("\\d+\\.")) {
                    return false;
                }
            }
            return true;
        }

        /** @return a station's height with {@code titleLines} of title and {@code rows} of tokens, px */
        double height(CanvasInk ink, int titleLines, int rows) {
            return TITLE_TOP + titleLines * ink.lineHeight(title) + BAND_GAP + across.stripRow()
                    + (rows - 1) * across.slot() + BAND_GAP + (keys ? chipHeight(ink, counter) + BAND_GAP : 0)
                    + (oneLine ? 1 : 2) * ink.lineHeight(counter) + BAND_BOTTOM;
        }
    }

    /** Keeps {@link #titleLines} of each title, the last ending with "…" where lines were dropped. */
    private int cutTitles(CanvasInk ink, List<List<String>> wrapped, double inner) {
        int cut = 0;
        for (int i = 0; i < titles.length; i++) {
            List<String> lines = wrapped.get(i);
            boolean cutOne = lines.size() > titleLines;
            cut += cutOne ? 1 : 0;
            List<String> shown = new ArrayList<>(lines.subList(0, Math.min(titleLines, lines.size())));
            for (int l = 0; l < shown.size(); l++) {
                boolean last = l == shown.size() - 1;
                shown.set(l, ink.shortened(shown.get(l) + (cutOne && last ? "…" : ""), titleFont, inner));
            }
            titles[i] = shown.toArray(String[]::new);
        }
        return cut;
    }

    /** @return the width of a duplicate count with its icon before it, px */
    static double againWidth(CanvasInk ink, String again, Font font) {
        return font.getSize() + 3 + ink.width(again, CanvasInk.bold(font.getSize()));
    }
}
