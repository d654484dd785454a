package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;

/**
 * The row under the stations: the worker process under step 6, the durable path's legend under step 10 (as wide
 * as its words), the email provider between them, under the email step, with a band of the keys it remembers; where
 * each box goes, the type of its words (the largest, from the window's down to the layout's least, that fits its
 * box) and the least height the row needs for them.
 */
final class BottomRow {
    private static final Texts TEXTS = Texts.of(BottomRow.class);
    /** Inside the boxes, top and bottom, px. */
    static final double BOX_PAD = 4;
    /** Above an envelope: room for a lost reply's tab and a "≠", which stand out of its top edge. */
    static final double MARK_ROOM = 8;
    /** Where the envelopes start in the provider's box: a "≠" stands 6 px out of an envelope's left edge. */
    static final double ENVELOPE_X = 8;
    /** Where the durable legend's words start, after its symbols, px. */
    static final double LEGEND_TEXT_X = 24;
    /** The provider's legend items, each after an em space where its concept's icon is drawn. */
    static final Concept[] PROVIDER_LEGEND_ICONS = {Concept.DUPLICATE, Concept.SUPPRESSED, Concept.REPLY_LOST};
    /** An em space: the room a concept's icon takes in a line of text (about the font's size). */
    static final char ICON_ROOM = '\u2003';

    /** The worker process's box: from {@code workersX}, a station wide. */
    final double workersX;
    final double workersW;
    final double providerX;
    final double providerW;
    final double legendX;
    final double legendW;
    final Font providerFont;
    final Font providerArmedFont;
    /** The provider's title, and its title while its next reply is to be lost, on the lines each takes. */
    final String[] providerTitle;
    final String[] providerArmedTitle;
    final Font providerLegendFont;
    /** The provider's legend, on the lines it takes. */
    final String[] providerLegend;
    /** Per legend line, the x of each icon in it, px from the line's start. */
    final double[][] providerLegendIcons;
    final Font envelopeFont;
    final double envelopeH;
    final Font legendFont;
    final Font workersTitleFont;
    /** "Workers DOWN", on the lines it takes after the crash's icon. */
    final String[] workersDownTitle;
    final Font workerFont;
    final Font hintFont;
    /** The click's hint after the crash's icon, on the lines it takes in {@link #hintFont} (one, or its words). */
    final String[] hint;
    final Font countdownFont;
    /** The type of the provider's key chips, and a chip's height, px (0: no band, the run sends no key). */
    final Font keyFont;
    final double chipH;
    /** The least height the row needs, px. */
    final double need;
    /** The least size of its text, px: a line longer than its box in the row's type takes a shorter form first. */
    final double least;

    /**
     * @param k        the row's type scale: 1 in normal mode, larger in presentation mode
     * @param least    the least size of its text, px
     * @param stationW a station's width, px: the worker process's, and the legend's least
     * @param left     where the row begins, px
     * @param right    where it ends, px
     * @param keys     true for the provider's band of keys (the run sends it a key)
     * @param titles   the provider's title in its forms, the fullest first ({@link ProviderWords#titles})
     */
    BottomRow(CanvasInk ink, double k, double least, double stationW, double left, double right, boolean keys,
              List<ProviderWords.Title> titles) {
        this.least = least;
        workersX = left;
        workersW = stationW;
        legendW = legendWidth(ink, stationW, least);
        String longest = longest(legendNames());
        legendFont = ink.fitting(longest, FontWeight.NORMAL, 11 * k, least, legendW - LEGEND_TEXT_X - QueueGrid.PAD);
        legendX = right - legendW;
        providerX = workersX + stationW + QueueGrid.STATION_GAP;
        providerW = legendX - QueueGrid.STATION_GAP - providerX;
        double inner = providerW - 2 * QueueGrid.PAD;
        ProviderWords.Title words = providerWords(ink, titles, least, inner);
        providerFont = ink.fitting(words.title(), FontWeight.BOLD, 13 * k, least, inner);
        providerArmedFont = ink.fitting(words.armed(), FontWeight.BOLD, 13 * k, least, inner - 18);
        // in the least type and still too long (presentation mode's 16 px): on lines of whole words
        providerTitle = ink.wrap(words.title(), providerFont, inner).toArray(String[]::new);
        providerArmedTitle = ink.wrap(words.armed(), providerArmedFont, inner - 18).toArray(String[]::new);
        ProviderLegend legend = providerLegend(ink, k, least, inner);
        providerLegendFont = legend.font();
        providerLegend = legend.lines();
        providerLegendIcons = iconOffsets(ink, providerLegend, providerLegendFont);
        envelopeFont = CanvasInk.plain(Math.max(least, 10 * k));
        envelopeH = ink.lineHeight(envelopeFont) + 8;
        // the worker process: its title (two lines while down, if need be), a worker a line, the click's hint
        double workersInner = stationW - 2 * QueueGrid.PAD;
        // the title's first word after the crash's icon while down
        workersTitleFont = ink.fitting(TEXTS.get("canvas.workers"), FontWeight.BOLD, 12 * k, least,
                workersInner - 16);
        workersDownTitle = ink.wrap(TEXTS.get("canvas.workersDown"), workersTitleFont, workersInner - 16)
                .toArray(String[]::new);
        workerFont = ink.fitting(TEXTS.format("canvas.worker", 1, "user_9999"), FontWeight.NORMAL, 11 * k, least,
                workersInner);
        hintFont = hintFont(ink, k, least, workersInner);
        hint = ink.wrap(TEXTS.get("canvas.crashHint"), hintFont, workersInner - hintFont.getSize() - 3)
                .toArray(String[]::new);
        countdownFont = ink.fitting("0:00.000", FontWeight.BOLD, 13 * k, least, workersInner);
        keyFont = CanvasInk.plain(Math.max(least, 11 * k));
        chipH = keys ? StationText.chipHeight(ink, keyFont) : 0;
        need = Math.max(Math.max(providerNeed(ink), workersNeed(ink)), 4 * legendLineH(ink) + 8);
    }

    /**
     * @return the first of {@code titles} whose two forms take at most {@value #TITLE_LINES} lines of whole words in
     *         the least type, else the last: a workflow's steps by name where they fit, else its generic words
     */
    private static ProviderWords.Title providerWords(CanvasInk ink, List<ProviderWords.Title> titles, double least,
                                                     double inner) {
        Font f = CanvasInk.bold(least);
        for (ProviderWords.Title t : titles) {
            List<String> title = ink.wrap(t.title(), f, inner);
            List<String> armed = ink.wrap(t.armed(), f, inner - 18);
            if (title.size() <= TITLE_LINES && armed.size() <= TITLE_LINES && ink.allFit(title, f, inner)
                    && ink.allFit(armed, f, inner - 18)) {
                return t;
            }
        }
        return titles.get(titles.size() - 1);
    }

    /** The most lines a provider's title by its steps' names may take before its generic form is used. */
    private static final int TITLE_LINES = 2;

    /**
     * @return the legend's box: as wide as its words in normal mode's type (up to 1.6 stations), a station at the
     *         least; a larger type does not narrow the provider
     */
    private static double legendWidth(CanvasInk ink, double stationW, double least) {
        String longest = longest(legendNames());
        double most = stationW * 1.6 - LEGEND_TEXT_X - QueueGrid.PAD;
        return Math.max(stationW, LEGEND_TEXT_X + QueueGrid.PAD
                + ink.width(longest, ink.fitting(longest, FontWeight.NORMAL, Math.max(11, least), least, most)));
    }

    /** @return the largest bold type, from 11 px times {@code k}, in which the crash icon and hint fit {@code inner} */
    private static Font hintFont(CanvasInk ink, double k, double least, double inner) {
        double size = Math.max(least, 11 * k);
        while (size > least
                && ink.width(TEXTS.get("canvas.crashHint"), CanvasInk.bold(size)) + size + 3 > inner) {
            size = CanvasInk.smaller(size);
        }
        return CanvasInk.bold(size);
    }

    /**
     * @return the provider's least height: its title, its legend, its band of keys, a row of envelopes with the room
     *         above it, px
     */
    private double providerNeed(CanvasInk ink) {
        return BOX_PAD + providerTitleH(ink) + 2 + providerLegend.length * ink.lineHeight(providerLegendFont)
                + (chipH > 0 ? 2 + chipH : 0) + MARK_ROOM + envelopeH + BOX_PAD;
    }

    /** @return the provider's title's height, px: the taller of its two forms, so the legend stays where it is */
    double providerTitleH(CanvasInk ink) {
        return Math.max(providerTitle.length * ink.lineHeight(providerFont),
                providerArmedTitle.length * ink.lineHeight(providerArmedFont));
    }

    /** @return the worker process's least height, running (a worker and the hint) or down (the countdown), px */
    private double workersNeed(CanvasInk ink) {
        double title = ink.lineHeight(workersTitleFont);
        double line = ink.lineHeight(workerFont);
        return 2 * BOX_PAD + Math.max(title + 2 + line + 2 + hint.length * ink.lineHeight(hintFont),
                workersDownTitle.length * title + 2 + line + ink.lineHeight(countdownFont));
    }

    /** @return the height of a line of the durable legend, px: a symbol's at the least */
    double legendLineH(CanvasInk ink) {
        return Math.max(15, ink.lineHeight(legendFont) + 2);
    }

    private record ProviderLegend(Font font, String[] lines) {
    }

    /**
     * The provider's legend in the largest font, 11 px (more in presentation mode) down to {@code least}, that keeps
     * it to one line, else two; an item is never broken across lines.
     */
    private static ProviderLegend providerLegend(CanvasInk ink, double k, double least, double width) {
        String room = ICON_ROOM + "\u2009"; // an em and a thin space: the icon is 1.1 em wide
        String[] items = {room + TEXTS.get("canvas.providerLegend.duplicate"),
            room + TEXTS.get("canvas.providerLegend.suppressed"), room + TEXTS.get("canvas.providerLegend.lost")};
        for (int most = 1; most <= 3; most++) {
            for (double s = Math.max(least, 11 * k); s >= least; s = CanvasInk.smaller(s)) {
                Font f = CanvasInk.plain(s);
                List<String> l = ink.wrap(items, " · ", f, width);
                if (l.size() <= most && ink.allFit(l, f, width)) {
                    return new ProviderLegend(f, l.toArray(String[]::new));
                }
            }
        }
        // narrower than any item: each on its own line
        return new ProviderLegend(CanvasInk.plain(least), items);
    }

    /** @return for each line, the x offsets (px from the line's start) of its {@link #ICON_ROOM}s, measured once */
    private static double[][] iconOffsets(CanvasInk ink, String[] lines, Font font) {
        double[][] out = new double[lines.length][];
        for (int l = 0; l < lines.length; l++) {
            List<Double> at = new ArrayList<>();
            for (int i = lines[l].indexOf(ICON_ROOM); i >= 0; i = lines[l].indexOf(ICON_ROOM, i + 1)) {
                at.add(i == 0 ? 0 : ink.width(lines[l].substring(0, i), font));
            }
            out[l] = at.stream().mapToDouble(Double::doubleValue).toArray();
        }
        return out;
    }

    /** @return the durable legend's words, a line each */
    static String[] legendNames() {
        return new String[] {TEXTS.get("canvas.legend.redelivery"), TEXTS.get("canvas.legend.inProgress"),
                TEXTS.get("canvas.legend.lost"), TEXTS.get("canvas.legend.delivery")};
    }

    private static String longest(String[] texts) {
        String longest = "";
        for (String t : texts) {
            longest = t.length() > longest.length() ? t : longest;
        }
        return longest;
    }
}
