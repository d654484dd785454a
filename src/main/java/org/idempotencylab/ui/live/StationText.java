package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.Font;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.ui.Texts;

/**
 * The stations' bands, top to bottom: the title (wrapped onto as many lines as it needs, three at most), the strip
 * of tokens (one to three rows) and the counters ("done 12", "again 2": on one line where both fit), each in a
 * band of its own so that a token never covers a word. The type is the largest, from the window's down to a floor
 * ({@link QueueCanvas#LEAST_TEXT} px, or normal mode's sizes in presentation mode), in which every title wraps
 * whole and a station fits its room; a title is cut with "…" only when even the least type does not fit.
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

    /** Each station's title, on the lines shown. */
    final String[][] titles = new String[SignupSteps.COUNT][];
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

    /**
     * Chooses the fonts (see the class comment) and the strip's rows: one, and more while there is room, up to
     * three. At the least size, the titles' lines that do not fit are dropped and the last one shown ends with "…".
     *
     * @param stationW     a station's width, px
     * @param k            the type's scale: 1 in normal mode, larger in presentation mode
     * @param room         the height a station may take, px
     * @param titleFloor   the least size the titles may take, px
     * @param counterFloor the least size the counters may take, px
     */
    StationText(CanvasInk ink, double stationW, double k, double room, double titleFloor, double counterFloor) {
        double inner = stationW - 2 * QueueGrid.PAD;
        perStripRow = QueueGrid.perStripRow(stationW);
        List<List<String>> wrapped = new ArrayList<>();
        Font title;
        Font counter;
        boolean oneLine;
        int lines;
        double need;
        for (double s = 1; ; s -= 0.04) {
            title = CanvasInk.bold(Math.max(titleFloor, Math.round(13 * k * s * 2) / 2.0));
            counter = CanvasInk.plain(Math.max(counterFloor, Math.round(12 * k * s * 2) / 2.0));
            wrapped.clear();
            boolean whole = true;
            lines = 1;
            for (int i = 0; i < SignupSteps.COUNT; i++) {
                List<String> l = ink.wrap(title(i), title, inner);
                // whole words, three lines at most, the step's number not alone on its line
                whole &= ink.allFit(l, title, inner) && l.size() <= MOST_TITLE_LINES && !l.get(0).matches("\\d+\\.");
                lines = Math.max(lines, l.size());
                wrapped.add(l);
            }
            oneLine = ink.width(DONE_SAMPLE, counter) + 6 + againWidth(ink, AGAIN_SAMPLE, counter) <= inner;
            need = height(ink, title, counter, oneLine, lines, 1);
            boolean least = title.getSize() <= titleFloor && counter.getSize() <= counterFloor;
            if (whole && need <= room || least) {
                break;
            }
        }
        if (need > room) { // no room for whole titles even in the least type: as many lines as fit, then "…"
            double lineH = ink.lineHeight(title);
            lines = Math.max(1, Math.min(lines, (int) ((room - height(ink, title, counter, oneLine, 0, 1)) / lineH)));
        }
        titleFont = title;
        counterFont = counter;
        countersOnOneLine = oneLine;
        titleLines = lines;
        cutTitles = cutTitles(ink, wrapped, inner);
        int rows = 1;
        while (rows < 3 && height(ink, title, counter, oneLine, lines, rows + 1) <= room) {
            rows++;
        }
        stripRows = rows;
        height = height(ink, title, counter, oneLine, lines, rows);
        stripTop = TITLE_TOP + lines * ink.lineHeight(title) + BAND_GAP;
        badgeFont = CanvasInk.bold(Math.max(QueueCanvas.LEAST_TEXT, Math.min(12 * k, counter.getSize() + 1)));
    }

    /** Keeps {@link #titleLines} of each title, the last ending with "…" where lines were dropped. */
    private int cutTitles(CanvasInk ink, List<List<String>> wrapped, double inner) {
        int cut = 0;
        for (int i = 0; i < SignupSteps.COUNT; i++) {
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

    private static String title(int step) {
        return (step + 1) + ". " + SignupSteps.NAMES.get(step);
    }

    /** @return a station's height with {@code lines} of title and {@code rows} of tokens, px */
    private static double height(CanvasInk ink, Font title, Font counter, boolean oneLine, int lines, int rows) {
        return TITLE_TOP + lines * ink.lineHeight(title) + BAND_GAP + QueueGrid.STRIP_ROW + (rows - 1) * QueueGrid.SLOT
                + BAND_GAP + (oneLine ? 1 : 2) * ink.lineHeight(counter) + BAND_BOTTOM;
    }

    /** @return the width of a duplicate count with its icon before it, px */
    static double againWidth(CanvasInk ink, String again, Font font) {
        return font.getSize() + 3 + ink.width(again, CanvasInk.bold(font.getSize()));
    }
}
