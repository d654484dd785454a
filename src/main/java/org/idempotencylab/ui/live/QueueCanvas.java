package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.ArcType;
import javafx.scene.shape.FillRule;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;

/**
 * Draws the job queue: the waiting line, the ten steps as stations, the worker process, the email provider under
 * the email step with the envelopes it sent, and the finished jobs. Each job is a token that glides to where it
 * is, by elapsed real time (not per frame), so the speed of the animation does not depend on the frame rate.
 *
 * <p>A station holds its title (wrapped onto as many lines as it needs), a strip of the tokens there (the jobs
 * calling it, then the ones waiting their backoff; "+N" in the strip for those that do not fit) and its counters,
 * each in a band of its own, so a token never covers a word. The text takes the window's type: larger in
 * presentation mode, as large as the room allows, never below {@value #LEAST_TEXT} px; a title is cut with "…"
 * only when even that does not fit.
 *
 * <p>Colours (Okabe–Ito): waiting grey, calling blue, backoff pale blue with a countdown ring, done green,
 * failed grey with "✗"; a duplicate email is vermilion with "2nd". The durable path: the worker process box (pale
 * yellow with a restart countdown while down; a click crashes it), a job waiting for its redelivery pale with a
 * dashed outline and a ring counting down the visibility timeout, a job sent back with "job in progress" purple
 * with a ring, a lost job with the crash's icon, and a redelivered job's delivery number in a small badge on the
 * token (2 for the second delivery).
 */
public final class QueueCanvas extends Pane {
    private static final Texts TEXTS = Texts.of(QueueCanvas.class);
    // A job's phase. The concepts (a duplicate, a lost reply, a crash, "job in progress", ...) take their one
    // look from Concept, so the canvas, the tables, the charts and the legend say the same thing the same way.
    static final Color CALLING = Color.web("#0072B2");
    /** Waiting its backoff: a pale token of the calling colour, the same job between two calls. */
    static final Color BACKOFF = Color.web("#cfe3f1");
    static final Color DONE = Color.web("#009E73");
    /** Ran out of attempts: dark grey, with "✗" on it. */
    static final Color FAILED = Color.web("#707a84");
    static final Color WAITING = Color.web("#8a939b");
    static final Color INK = Color.web("#1b1f23");
    static final Color MUTED = Color.web("#5a6570");
    /** Sent back with "job in progress". */
    static final Color SENT_BACK = Concept.IN_PROGRESS.fill();
    /** Lost with an in-memory queue when the worker process crashed: the crash's look. */
    static final Color LOST = Concept.CRASH.fill();
    /** The provider's box: a neutral frame, no concept's colour. */
    static final Color PROVIDER_FRAME = Color.web("#c9b58f");
    /** Waiting for a redelivery after a crash: a pale token with a dashed outline. */
    static final Color REDELIVERY = Color.web("#e4e7ea");
    /** The least size of text drawn on the play area, px (the marks on a token aside). */
    static final double LEAST_TEXT = 10;
    private static final double R = 12;              // token radius
    /** A token with its marks takes a square of 2R + 4: the pitch of a station's strip and of the Done column. */
    private static final double SLOT = 2 * R + 4;
    private static final double WAIT_SLOT = 2 * R + 6; // the waiting line's pitch
    /** A strip's row: a token and its countdown ring ({@link #RING} + 1.25 px) within the bands' gaps. */
    private static final double STRIP_ROW = 2 * R + 6;
    private static final double RING = R + 2.5;
    private static final double PAD = 5;             // inside a station or a box, left and right
    private static final double GAP = 6;             // between rows and boxes
    private static final double STATION_GAP = 6;     // between the stations of a row
    private static final double TOP = 6;             // above the stations and the columns' headings
    private static final double BOTTOM = 6;          // under the row of boxes and the columns' labels
    // a station's bands: its title from TITLE_TOP, BAND_GAP, the strip of tokens, BAND_GAP, the counters, BAND_BOTTOM
    private static final double TITLE_TOP = 4;
    private static final double BAND_GAP = 2;
    private static final double BAND_BOTTOM = 3;
    private static final double BOX_PAD = 4;         // inside the boxes under the stations, top and bottom
    /** Above an envelope: room for a lost reply's tab and a "≠", which stand out of its top edge. */
    private static final double MARK_ROOM = 8;
    /** Where the envelopes start in the provider's box: a "≠" stands 6 px out of an envelope's left edge. */
    private static final double ENVELOPE_X = 8;
    private static final double LEGEND_TEXT_X = 24;  // the durable legend's words, after its symbols
    private static final int MOST_TITLE_LINES = 3;
    private static final long MOVE_NANOS = 280_000_000L;
    /** Jobs in flight up to which tokens get their countdown rings. */
    private static final int DETAILED_UP_TO = 150;
    /** Counters laid out on one line if these fit (up to 99,999 sign-ups and 9,999 again). */
    private static final String DONE_SAMPLE = TEXTS.format("canvas.sideEffects", 88_888);
    private static final String AGAIN_SAMPLE = TEXTS.format("canvas.againShort", 8_888);

    private final Canvas canvas = new Canvas();
    private final CanvasInk ink = new CanvasInk(this, this::retype);
    // layout, recomputed on resize and when the window's type changes (layOut)
    private final double[] stationX = new double[SignupSteps.COUNT];
    private final double[] stationY = new double[SignupSteps.COUNT];
    private double stationW;
    private double stationH;
    private int sideColumns;        // tokens across the waiting line and the Done column
    private double queueX;
    private double queueEdge;       // the line between the waiting line and the stations
    private double binX;            // the line between the stations and the Done column
    private double bottomY;         // the row under the stations: workers, provider, legend
    private double bottomH;
    private double workersX;
    private double providerX;
    private double providerW;
    private double legendX;
    private double legendW;
    private double laidW = -1;
    private double laidH = -1;
    private double laidScale;
    // the stations' bands: title lines, the token strip, the counters
    private final String[][] stationTitles = new String[SignupSteps.COUNT][];
    private Font titleFont;
    private int titleLines;
    private int cutTitles;          // titles that do not fit whole
    private double titleFloor;      // the least sizes the stations' fonts may take: normal mode's in presentation
    private double counterFloor;
    private Font counterFont;
    private boolean countersOnOneLine;
    private int stripRows;
    private int perStripRow;
    // the columns' headings and labels
    private Font queueHeadingFont;
    private Font doneHeadingFont;
    private String[] doneHeading;
    private Font columnLabelFont;
    private int queueLabelLines;
    private int doneLabelLines;
    private Font badgeFont;
    // the bottom row
    private Font providerFont;
    private Font providerArmedFont;
    private Font providerLegendFont;
    private String[] providerLegend = new String[0];
    private double[][] providerLegendIcons = new double[0][]; // per legend line, the x of each icon in it
    private Font envelopeFont;
    private double envelopeH;
    private Font legendFont;
    private Font workersTitleFont;
    private String[] workersDownTitle;
    private Font workerFont;
    private Font hintFont;
    private Font countdownFont;
    // what the last frame drew
    private final Box[] stationBoxes = new Box[SignupSteps.COUNT];
    private Box queueBox;
    private Box doneBox;
    private final Map<JobToken, double[]> drawnAt = new HashMap<>();
    private final Map<Long, double[]> waitingAt = new HashMap<>();
    private Map<Long, double[]> lastWaitingAt = new HashMap<>();
    private long drawnVersion = -1;
    private double drawnWidth;
    private double drawnHeight;
    private long lastMoveStartNanos;
    /** Whether the last frame drawn had every glide at its end (a frame skipped mid-glide must still be drawn). */
    private boolean drawnSettled;

    public QueueCanvas() {
        getChildren().add(canvas);
        getStyleClass().add("queue-canvas");
        setMinSize(640, 300);
        // a click on the queue gives it the keyboard, so Space, → and R work right after
        setFocusTraversable(true);
        addEventHandler(MouseEvent.MOUSE_PRESSED, e -> requestFocus());
    }

    /** The window's type changed (presentation mode): lay the drawing out again. */
    private void retype() {
        laidW = -1;
        drawnVersion = -1;
        requestLayout();
    }

    /** @return what the last frame drew: areas, text, tokens and shapes, in drawing order (for tests) */
    List<Box> drawn() {
        return ink.boxes();
    }

    @Override
    protected void layoutChildren() {
        boolean resized = canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight();
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        boolean retyped = laidScale != ink.scale();
        if (getWidth() != laidW || getHeight() != laidH || retyped) {
            layOut(getWidth(), getHeight());
        }
        if ((resized || retyped) && lastModel != null) {
            // layout runs after this pulse's frame was drawn: draw again now, tokens straight at their new
            // places (no glide across the stations), so even a paused run never shows the old layout
            snap = true;
            drawnVersion = -1;
            draw(lastModel, lastNowNanos);
            snap = false;
        }
    }

    private LiveViewModel lastModel;
    private long lastNowNanos;
    private boolean snap;

    /**
     * Places the columns, the stations and the row under them for a {@code w} × {@code h} canvas, and chooses the
     * fonts: the largest, up to the window's type, in which each piece fits its room. In presentation mode the
     * larger type of the row under the stations leaves them less height: that row's type is taken down, step by
     * step, until the stations' text is at least as large (and as whole) as in normal mode.
     */
    private void layOut(double w, double h) {
        laidW = w;
        laidH = h;
        laidScale = ink.scale();
        titleFloor = LEAST_TEXT;
        counterFloor = LEAST_TEXT;
        layOut(w, h, 1, 1);
        if (laidScale > 1) {
            titleFloor = titleFont.getSize();
            counterFloor = counterFont.getSize();
            int cut = cutTitles;
            double row = laidScale;
            for (; row > 1.001; row -= 0.05) {
                layOut(w, h, laidScale, row);
                if (cutTitles <= cut) {
                    break;
                }
            }
            if (row <= 1.001) {
                layOut(w, h, laidScale, 1); // the row as in normal mode: the stations fit as they did there
            }
        }
    }

    /**
     * Lays the canvas out in {@code k} times the lab's plain type, the row under the stations in {@code row} times.
     */
    private void layOut(double w, double h, double k, double row) {
        sideColumns = w >= 900 ? 3 : 2;
        queueX = 8;
        queueEdge = queueX + (sideColumns - 1) * WAIT_SLOT + 2 * R + 6;
        double left = queueEdge + GAP;
        binX = w - 8 - ((sideColumns - 1) * SLOT + 2 * R) - GAP;
        double right = binX - GAP;
        stationW = (right - left - 4 * STATION_GAP) / 5;
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            stationX[i] = left + (i % 5) * (stationW + STATION_GAP);
        }
        layOutColumns(k, w);
        double bottomNeed = layOutBottomRow(row, left, right);
        fitStations(k, (h - TOP - 2 * GAP - bottomNeed - BOTTOM) / 2);
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            stationY[i] = TOP + (i / 5) * (stationH + GAP);
        }
        bottomY = TOP + 2 * (stationH + GAP);
        bottomH = Math.max(bottomNeed, h - BOTTOM - bottomY);
        // four lines of the durable legend in the row's height
        while (legendFont.getSize() > LEAST_TEXT && 4 * legendLineH() + 8 > bottomH) {
            legendFont = CanvasInk.plain(CanvasInk.smaller(legendFont.getSize()));
        }
        badgeFont = CanvasInk.bold(Math.max(LEAST_TEXT, Math.min(12 * k, counterFont.getSize() + 1)));
    }

    /** The headings and the labels of the waiting line and the Done column, wrapped in their columns. */
    private void layOutColumns(double k, double w) {
        double queueRoom = queueEdge - queueX - 4;
        double doneRoom = w - binX - 12;
        queueHeadingFont = ink.fitting(TEXTS.get("canvas.queue"), FontWeight.BOLD, 14 * k, LEAST_TEXT, queueRoom);
        for (double s = 14 * k; ; s = CanvasInk.smaller(s)) {
            doneHeadingFont = CanvasInk.bold(Math.max(LEAST_TEXT, s));
            List<String> lines = ink.wrap(TEXTS.get("canvas.done"), doneHeadingFont, doneRoom);
            doneHeading = lines.toArray(String[]::new);
            if (s <= LEAST_TEXT || lines.size() <= 2 && ink.allFit(lines, doneHeadingFont, doneRoom)) {
                break;
            }
        }
        // the labels under the columns: their longest (100,000 sign-ups) on lines of whole words
        String waiting = TEXTS.format("canvas.waiting", LiveViewModel.MAX_LIVE_JOBS);
        String finished = TEXTS.format("canvas.finished", LiveViewModel.MAX_LIVE_JOBS);
        for (double s = 12 * k; ; s = CanvasInk.smaller(s)) {
            columnLabelFont = CanvasInk.plain(Math.max(LEAST_TEXT, s));
            List<String> q = ink.wrap(waiting, columnLabelFont, queueRoom);
            List<String> d = ink.wrap(finished, columnLabelFont, doneRoom);
            queueLabelLines = q.size();
            doneLabelLines = d.size();
            if (s <= LEAST_TEXT
                    || ink.allFit(q, columnLabelFont, queueRoom) && ink.allFit(d, columnLabelFont, doneRoom)) {
                break;
            }
        }
    }

    /**
     * The row under the stations: the worker process under step 6, the durable path's legend under step 10 (as
     * wide as its words), the provider between them, under the email step.
     *
     * @return the row's least height, px
     */
    private double layOutBottomRow(double k, double left, double right) {
        workersX = left;
        // the legend's box as wide as its words in normal mode's type (up to 1.6 stations): a larger type does
        // not narrow the provider
        String longest = longest(legendNames());
        double most = stationW * 1.6 - LEGEND_TEXT_X - PAD;
        legendW = Math.max(stationW, LEGEND_TEXT_X + PAD
                + ink.width(longest, ink.fitting(longest, FontWeight.NORMAL, 11, LEAST_TEXT, most)));
        legendFont = ink.fitting(longest, FontWeight.NORMAL, 11 * k, LEAST_TEXT, legendW - LEGEND_TEXT_X - PAD);
        legendX = right - legendW;
        providerX = workersX + stationW + STATION_GAP;
        providerW = legendX - STATION_GAP - providerX;
        double inner = providerW - 2 * PAD;
        providerFont = ink.fitting(TEXTS.get("canvas.provider"), FontWeight.BOLD, 13 * k, LEAST_TEXT, inner);
        providerArmedFont = ink.fitting(TEXTS.get("canvas.providerArmed"), FontWeight.BOLD, 13 * k, LEAST_TEXT,
                inner - 18);
        layOutProviderLegend(k, inner);
        envelopeFont = CanvasInk.plain(Math.max(LEAST_TEXT, 10 * k));
        envelopeH = ink.lineHeight(envelopeFont) + 8;
        double providerNeed = BOX_PAD + ink.lineHeight(providerFont) + 2
                + providerLegend.length * ink.lineHeight(providerLegendFont) + MARK_ROOM + envelopeH + BOX_PAD;
        // the worker process: its title (two lines while down, if need be), a worker a line, the click's hint
        double workersInner = stationW - 2 * PAD;
        String down = TEXTS.get("canvas.workersDown");
        // the title's first word after the crash's icon while down
        workersTitleFont = ink.fitting(TEXTS.get("canvas.workers"), FontWeight.BOLD, 12 * k, LEAST_TEXT,
                workersInner - 16);
        workersDownTitle = ink.wrap(down, workersTitleFont, workersInner - 16).toArray(String[]::new);
        workerFont = ink.fitting(TEXTS.format("canvas.worker", 1, "user_9999"), FontWeight.NORMAL, 11 * k, LEAST_TEXT,
                workersInner);
        double hintSize = 11 * k;
        while (hintSize > LEAST_TEXT
                && ink.width(TEXTS.get("canvas.crashHint"), CanvasInk.bold(hintSize)) + hintSize + 3 > workersInner) {
            hintSize = CanvasInk.smaller(hintSize);
        }
        hintFont = CanvasInk.bold(hintSize);
        countdownFont = ink.fitting("0:00.000", FontWeight.BOLD, 13 * k, LEAST_TEXT, workersInner);
        double title = ink.lineHeight(workersTitleFont);
        double line = ink.lineHeight(workerFont);
        double workersNeed = 2 * BOX_PAD + Math.max(title + 2 + line + 2 + ink.lineHeight(hintFont),
                workersDownTitle.length * title + 2 + line + ink.lineHeight(countdownFont));
        return Math.max(Math.max(providerNeed, workersNeed), 4 * legendLineH() + 8);
    }

    private double legendLineH() {
        return Math.max(15, ink.lineHeight(legendFont) + 2);
    }

    /**
     * The provider's legend in the largest font, 11 px (more in presentation mode) down to {@value #LEAST_TEXT},
     * that keeps it to one line, else two; an item is never broken across lines.
     */
    private void layOutProviderLegend(double k, double width) {
        String room = ICON_ROOM + "\u2009"; // an em and a thin space: the icon is 1.1 em wide
        String[] items = {room + TEXTS.get("canvas.providerLegend.duplicate"),
            room + TEXTS.get("canvas.providerLegend.suppressed"), room + TEXTS.get("canvas.providerLegend.lost")};
        List<String> lines = null;
        for (int most = 1; most <= 3 && lines == null; most++) {
            for (double s = 11 * k; s >= LEAST_TEXT; s = CanvasInk.smaller(s)) {
                Font f = CanvasInk.plain(s);
                List<String> l = ink.wrap(items, " · ", f, width);
                if (l.size() <= most && ink.allFit(l, f, width)) {
                    providerLegendFont = f;
                    lines = l;
                    break;
                }
            }
        }
        if (lines == null) { // narrower than any item: each on its own line
            providerLegendFont = CanvasInk.plain(LEAST_TEXT);
            lines = List.of(items);
        }
        providerLegend = lines.toArray(String[]::new);
        providerLegendIcons = iconOffsets(providerLegend, providerLegendFont);
    }

    /**
     * Chooses the stations' title and counter fonts: the largest, from the window's type down to
     * {@value #LEAST_TEXT} px, in which every title wraps whole within the station's width and a station with its
     * title, one row of tokens and its counters fits {@code room}. At the least size, the titles' lines that do
     * not fit are dropped and the last one shown ends with "…". Rows of tokens are added while there is room, up to
     * three.
     *
     * @param room the height a station may take, px
     */
    private void fitStations(double k, double room) {
        double inner = stationW - 2 * PAD;
        perStripRow = Math.max(1, (int) ((inner + 4) / SLOT));
        List<List<String>> titles = new ArrayList<>();
        double need = 0;
        for (double s = 1; ; s -= 0.04) {
            titleFont = CanvasInk.bold(Math.max(titleFloor, Math.round(13 * k * s * 2) / 2.0));
            counterFont = CanvasInk.plain(Math.max(counterFloor, Math.round(12 * k * s * 2) / 2.0));
            titles.clear();
            boolean whole = true;
            titleLines = 1;
            for (int i = 0; i < SignupSteps.COUNT; i++) {
                List<String> lines = ink.wrap(title(i), titleFont, inner);
                // whole words, three lines at most, the step's number not alone on its line
                whole &= ink.allFit(lines, titleFont, inner) && lines.size() <= MOST_TITLE_LINES
                        && !lines.get(0).matches("\\d+\\.");
                titleLines = Math.max(titleLines, lines.size());
                titles.add(lines);
            }
            countersOnOneLine = ink.width(DONE_SAMPLE, counterFont) + 6 + againWidth(AGAIN_SAMPLE, counterFont)
                    <= inner;
            need = stationHeight(titleLines, 1);
            boolean least = titleFont.getSize() <= titleFloor && counterFont.getSize() <= counterFloor;
            if (whole && need <= room || least) {
                break;
            }
        }
        if (need > room) { // no room for whole titles even in the least type: as many lines as fit, then "…"
            double lineH = ink.lineHeight(titleFont);
            titleLines = Math.max(1, Math.min(titleLines, (int) ((room - stationHeight(0, 1)) / lineH)));
            need = stationHeight(titleLines, 1);
        }
        cutTitles = 0;
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            List<String> lines = titles.get(i);
            boolean cut = lines.size() > titleLines;
            cutTitles += cut ? 1 : 0;
            List<String> shown = new ArrayList<>(lines.subList(0, Math.min(titleLines, lines.size())));
            for (int l = 0; l < shown.size(); l++) {
                boolean last = l == shown.size() - 1;
                shown.set(l, ink.shortened(shown.get(l) + (cut && last ? "…" : ""), titleFont, inner));
            }
            stationTitles[i] = shown.toArray(String[]::new);
        }
        stripRows = 1;
        while (stripRows < 3 && stationHeight(titleLines, stripRows + 1) <= room) {
            stripRows++;
        }
        stationH = stationHeight(titleLines, stripRows);
    }

    private static String title(int step) {
        return (step + 1) + ". " + SignupSteps.NAMES.get(step);
    }

    /** @return a station's height with {@code lines} of title and {@code rows} of tokens, px */
    private double stationHeight(int lines, int rows) {
        return TITLE_TOP + lines * ink.lineHeight(titleFont) + BAND_GAP + STRIP_ROW + (rows - 1) * SLOT + BAND_GAP
                + (countersOnOneLine ? 1 : 2) * ink.lineHeight(counterFont) + BAND_BOTTOM;
    }

    /** @return the width of a duplicate count with its icon before it, px */
    private double againWidth(String again, Font font) {
        return font.getSize() + 3 + ink.width(again, CanvasInk.bold(font.getSize()));
    }

    /** @return where a station's strip of tokens begins, px below the station's top */
    private double stripTop() {
        return TITLE_TOP + titleLines * ink.lineHeight(titleFont) + BAND_GAP;
    }

    private static String longest(String[] texts) {
        String longest = "";
        for (String t : texts) {
            longest = t.length() > longest.length() ? t : longest;
        }
        return longest;
    }

    /** The provider's legend items, each after an em space where its concept's icon is drawn. */
    private static final Concept[] PROVIDER_LEGEND_ICONS = {Concept.DUPLICATE, Concept.SUPPRESSED, Concept.REPLY_LOST};

    /** An em space: the room a concept's icon takes in a line of text (about the font's size). */
    private static final char ICON_ROOM = '\u2003';

    /**
     * Draws a concept's icon (its SVG path, {@link Concept#iconPath}) with its top-left corner at (x, y).
     *
     * @param size the icon's side in px
     */
    static void drawIcon(GraphicsContext g, Concept c, double x, double y, double size) {
        g.save();
        g.translate(x, y);
        g.scale(size / Concept.ICON_SIZE, size / Concept.ICON_SIZE);
        g.beginPath();
        g.appendSVGPath(c.iconPath());
        g.setFillRule(FillRule.EVEN_ODD);
        g.setFill(c.fill());
        g.fill();
        if (c.pale()) {
            g.setStroke(c.ink());
            g.setLineWidth(1);
            g.stroke();
        }
        g.restore();
    }

    /** @return for each line, the x offsets (px from the line's start) of its {@link #ICON_ROOM}s, measured once */
    private double[][] iconOffsets(String[] lines, Font font) {
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

    private static String[] legendNames() {
        return new String[] {TEXTS.get("canvas.legend.redelivery"), TEXTS.get("canvas.legend.inProgress"),
                TEXTS.get("canvas.legend.lost"), TEXTS.get("canvas.legend.delivery")};
    }

    /**
     * Redraws everything for the view-model's state; {@code nowNanos} drives the glides. Skips the frame when
     * nothing changed and the last frame drawn showed every glide at its end, so a paused lab costs next to nothing
     * (frames the FX thread missed while busy, e.g. building a tab, do not leave a token drawn half way).
     */
    public void draw(LiveViewModel vm, long nowNanos) {
        lastModel = vm;
        lastNowNanos = nowNanos;
        if (vm.version() == drawnVersion && drawnSettled && getWidth() == drawnWidth
                && getHeight() == drawnHeight) {
            return;
        }
        if (laidW < 0) {
            return; // not laid out yet (a view built into a window already showing): its first layout draws it
        }
        drawnVersion = vm.version();
        drawnWidth = getWidth();
        drawnHeight = getHeight();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = getWidth();
        double h = getHeight();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        ink.clear();
        long now = vm.nowMs();
        drawFrame(g, vm, w, h);
        placeTokens(vm, now, nowNanos, g);
        drawnSettled = nowNanos - lastMoveStartNanos >= MOVE_NANOS;
    }

    private void drawFrame(GraphicsContext g, LiveViewModel vm, double w, double h) {
        g.setStroke(Color.web("#d7dce1"));
        g.setLineWidth(1);
        g.strokeLine(binX, 8, binX, h - 8);
        g.strokeLine(queueEdge, 8, queueEdge, h - 8);
        queueBox = ink.note(Kind.AREA, "waiting line", 0, 0, queueEdge - 1, h, null);
        doneBox = ink.note(Kind.AREA, "done column", binX + 1, 0, w - binX - 1, h, null);
        g.setFill(INK);
        ink.text(g, "heading", TEXTS.get("canvas.queue"), queueHeadingFont, queueX, TOP, 0, queueBox);
        for (int line = 0; line < doneHeading.length; line++) {
            ink.text(g, "heading", doneHeading[line], doneHeadingFont, binX + 8,
                    TOP + line * ink.lineHeight(doneHeadingFont), 0, doneBox);
        }
        double titleH = ink.lineHeight(titleFont);
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            double x = stationX[i];
            double y = stationY[i];
            boolean email = i == SignupSteps.EMAIL;
            g.setFill(email ? Color.web("#eef5fb") : Color.web("#f4f6f8"));
            g.fillRoundRect(x, y, stationW, stationH, 12, 12);
            g.setStroke(email ? CALLING : Color.web("#c5ccd3"));
            g.setLineWidth(email ? 2 : 1);
            g.strokeRoundRect(x, y, stationW, stationH, 12, 12);
            stationBoxes[i] = ink.note(Kind.AREA, "station", x, y, stationW, stationH, null);
            g.setFill(INK);
            for (int line = 0; line < stationTitles[i].length; line++) {
                ink.text(g, "title", stationTitles[i][line], titleFont, x + PAD, y + TITLE_TOP + titleH * line, 0,
                        stationBoxes[i]);
            }
            // every side effect leaves a mark: how many times the step really did its work, and how many again
            drawCounters(g, i, vm);
        }
        drawProvider(g, vm);
        drawWorkers(g, vm);
        drawLegend(g);
    }

    /**
     * A station's counters in its bottom band: "done 12", and once a side effect was done again the duplicate's
     * icon and "again 2" in its ink, beside it or on the line under it as the layout has room for; a count too
     * long for the room is said shorter ("2" with the icon), then in a smaller type down to {@value #LEAST_TEXT} px.
     */
    private void drawCounters(GraphicsContext g, int i, LiveViewModel vm) {
        double inner = stationW - 2 * PAD;
        double lineH = ink.lineHeight(counterFont);
        double x = stationX[i] + PAD;
        double top = stationY[i] + stationH - BAND_BOTTOM - (countersOnOneLine ? 1 : 2) * lineH;
        String done = TEXTS.format("canvas.sideEffects", vm.sideEffects(i));
        Font doneFont = fit(done, counterFont, inner);
        g.setFill(MUTED);
        Box d = ink.text(g, "counter", done, doneFont, x, top, 0, stationBoxes[i]);
        if (vm.duplicates(i) == 0) {
            return;
        }
        double ax = countersOnOneLine ? d.x() + d.w() + 6 : x;
        double ay = countersOnOneLine ? top : top + lineH;
        double room = stationX[i] + stationW - PAD - ax;
        String again = TEXTS.format("canvas.again", vm.duplicates(i));
        if (againWidth(again, counterFont) > room) {
            again = TEXTS.format("canvas.againShort", vm.duplicates(i));
        }
        Font font = counterFont;
        while (font.getSize() > LEAST_TEXT && againWidth(again, font) > room) {
            font = CanvasInk.plain(CanvasInk.smaller(font.getSize()));
        }
        drawIcon(g, Concept.DUPLICATE, ax, ay + (lineH - font.getSize()) / 2, font.getSize());
        g.setFill(Concept.DUPLICATE.ink());
        ink.text(g, "counter", again, CanvasInk.bold(font.getSize()), ax, ay, font.getSize() + 3, stationBoxes[i]);
    }

    /** @return {@code font}, or a smaller one down to {@value #LEAST_TEXT} px, in which {@code text} fits */
    private Font fit(String text, Font font, double width) {
        return ink.fit(text, font, LEAST_TEXT, width);
    }

    /** The worker process: what each worker runs, or pale yellow with a restart countdown while it is down. */
    private void drawWorkers(GraphicsContext g, LiveViewModel vm) {
        boolean down = vm.workersDown();
        double x = workersX;
        double y = bottomY;
        g.setFill(down ? Color.web("#faf6c8") : Color.web("#eef7f3")); // down: the crash's hazard yellow, pale
        g.fillRoundRect(x, y, stationW, bottomH, 12, 12);
        g.setStroke(down ? Concept.CRASH.ink() : DONE);
        g.setLineWidth(2);
        if (down) {
            g.setLineDashes(6, 4);
        }
        g.strokeRoundRect(x, y, stationW, bottomH, 12, 12);
        g.setLineDashes();
        Box box = ink.note(Kind.AREA, "workers", x, y, stationW, bottomH, null);
        double inner = stationW - 2 * PAD;
        double titleH = ink.lineHeight(workersTitleFont);
        double lineH = ink.lineHeight(workerFont);
        g.setFill(INK);
        if (down) { // the crash's icon before the title
            drawIcon(g, Concept.CRASH, x + PAD - 1, y + BOX_PAD + (titleH - 14) / 2, 14);
            for (int l = 0; l < workersDownTitle.length; l++) {
                ink.text(g, "workers", workersDownTitle[l], workersTitleFont, x + PAD, y + BOX_PAD + l * titleH,
                        l == 0 ? 16 : 0, box);
            }
            double top = y + BOX_PAD + workersDownTitle.length * titleH + 2;
            ink.text(g, "workers", TEXTS.get("canvas.restarting"), fit(TEXTS.get("canvas.restarting"), workerFont,
                    inner), x + PAD, top, 0, box);
            ink.text(g, "workers", VirtualTime.countdown(Math.max(0, vm.restartAtMs() - vm.nowMs())), countdownFont,
                    x + PAD, top + lineH, 0, box);
            return;
        }
        ink.text(g, "workers", TEXTS.get("canvas.workers"), workersTitleFont, x + PAD, y + BOX_PAD, 0, box);
        double hintH = ink.lineHeight(hintFont);
        double hintY = y + bottomH - BOX_PAD - hintH;
        double top = y + BOX_PAD + titleH + 2;
        JobToken[] running = vm.workerTokens();
        int rows = Math.max(1, (int) ((hintY - 2 - top) / lineH));
        for (int i = 0; i < running.length && i < rows; i++) {
            boolean last = i == rows - 1 && running.length > rows;
            String text = last ? TEXTS.format("canvas.moreWorkers", running.length - i)
                    : TEXTS.format("canvas.worker", i + 1, running[i] == null ? TEXTS.get("canvas.idle")
                    : "user_" + running[i].user());
            g.setFill(running[i] == null || last ? MUTED : INK);
            Font f = fit(text, workerFont, inner);
            ink.text(g, "workers", ink.shortened(text, f, inner), f, x + PAD, top + i * lineH, 0, box);
        }
        double size = hintFont.getSize();
        drawIcon(g, Concept.CRASH, x + PAD, hintY + (hintH - size) / 2, size);
        g.setFill(Concept.CRASH.ink());
        ink.text(g, "hint", TEXTS.get("canvas.crashHint"), hintFont, x + PAD, hintY, size + 3, box);
    }

    /** What the marks of the durable path mean. */
    private void drawLegend(GraphicsContext g) {
        double x = legendX;
        double y = bottomY;
        g.setFill(Color.web("#f4f6f8"));
        g.fillRoundRect(x, y, legendW, bottomH, 12, 12);
        Box box = ink.note(Kind.AREA, "legend", x, y, legendW, bottomH, null);
        double r = 5;
        String[] names = legendNames();
        Color[] fills = {REDELIVERY, SENT_BACK, LOST, null};
        double lineH = legendLineH();
        double textH = ink.lineHeight(legendFont);
        for (int i = 0; i < names.length; i++) {
            double cy = y + 4 + lineH * i + lineH / 2;
            double sx = x + PAD + 2; // the symbols' column
            if (fills[i] != null) {
                g.setFill(fills[i]);
                g.fillOval(sx, cy - r, 2 * r, 2 * r);
                if (fills[i] == REDELIVERY) {
                    g.setStroke(SENT_BACK);
                    g.setLineWidth(1.5);
                    g.setLineDashes(3, 2);
                    g.strokeOval(sx, cy - r, 2 * r, 2 * r);
                    g.setLineDashes();
                }
            } else { // the delivery badge, as on a token
                drawDeliveryBadge(g, sx + r - R + 3, cy - R + 3, 2);
            }
            if (fills[i] == SENT_BACK || fills[i] == LOST) { // the concept's icon on its colour's dot
                drawIcon(g, fills[i] == SENT_BACK ? Concept.IN_PROGRESS : Concept.CRASH, sx, cy - r, 2 * r);
            }
            g.setFill(INK);
            ink.text(g, "legend", names[i], legendFont, x + LEGEND_TEXT_X, cy - textH / 2, 0, box);
        }
    }

    private void drawProvider(GraphicsContext g, LiveViewModel vm) {
        boolean armed = vm.providerArmed();
        double y0 = bottomY;
        g.setFill(Color.web("#fbf7ee"));
        g.fillRoundRect(providerX, y0, providerW, bottomH, 12, 12);
        g.setStroke(armed ? Concept.REPLY_LOST.fill() : PROVIDER_FRAME); // armed: the lost reply's look
        g.setLineWidth(armed ? 3 : 2);
        if (armed) {
            g.setLineDashes(8, 4);
        }
        g.strokeRoundRect(providerX, y0, providerW, bottomH, 12, 12);
        g.setLineDashes();
        Box box = ink.note(Kind.AREA, "provider", providerX, y0, providerW, bottomH, null);
        Font font = armed ? providerArmedFont : providerFont;
        double titleH = ink.lineHeight(font);
        if (armed) {
            drawIcon(g, Concept.REPLY_LOST, providerX + PAD, y0 + BOX_PAD + (titleH - 14) / 2, 14);
        }
        g.setFill(INK);
        ink.text(g, "provider", TEXTS.get(armed ? "canvas.providerArmed" : "canvas.provider"), font,
                providerX + PAD, y0 + BOX_PAD, armed ? 18 : 0, box);
        g.setFill(MUTED);
        double legendH = ink.lineHeight(providerLegendFont);
        double iconSize = providerLegendFont.getSize() * 1.1;
        int icon = 0; // the legend's lines, each ICON_ROOM holding the next concept's icon
        for (int line = 0; line < providerLegend.length; line++) {
            double y = y0 + BOX_PAD + titleH + 2 + legendH * line;
            ink.text(g, "provider legend", providerLegend[line], providerLegendFont, providerX + PAD, y, 0, box);
            for (double at : providerLegendIcons[line]) {
                if (icon < PROVIDER_LEGEND_ICONS.length) {
                    drawIcon(g, PROVIDER_LEGEND_ICONS[icon++], providerX + PAD + at, y + (legendH - iconSize) / 2,
                            iconSize);
                }
            }
            g.setFill(MUTED);
        }
        drawEnvelopes(g, vm, box, y0 + BOX_PAD + titleH + 2 + legendH * providerLegend.length + MARK_ROOM);
    }

    /**
     * The latest envelopes, newest last, in rows from {@code top}: each as wide as the longest label among them
     * ("u12 2nd"), with room on its right for the suppressed send's icon; a lost reply's tab and the "≠" of a
     * difference stand out of its top edge into the room kept above it.
     */
    private void drawEnvelopes(GraphicsContext g, LiveViewModel vm, Box box, double top) {
        List<Envelope> all = new ArrayList<>();
        vm.envelopes().forEach(all::add);
        double labelW = 0;
        boolean suppressed = false;
        for (Envelope e : all) {
            labelW = Math.max(labelW, ink.width(envelopeLabel(e), envelopeFont));
            suppressed |= e.suppressed();
        }
        double ew = Math.max(44, 4 + labelW + 4 + (suppressed ? 14 : 0));
        double eh = envelopeH;
        int perRow = Math.max(1, (int) ((providerW - ENVELOPE_X - PAD + 6) / (ew + 6)));
        int rows = Math.max(1, (int) ((bottomY + bottomH - BOX_PAD - top + MARK_ROOM) / (eh + MARK_ROOM)));
        List<Envelope> shown = all.subList(Math.max(0, all.size() - perRow * rows), all.size());
        double labelH = ink.lineHeight(envelopeFont);
        for (int i = 0; i < shown.size(); i++) {
            Envelope e = shown.get(i);
            double x = providerX + ENVELOPE_X + (i % perRow) * (ew + 6);
            double y = top + (i / perRow) * (eh + MARK_ROOM);
            Color c = e.suppressed() ? Concept.SUPPRESSED.fill() : e.duplicate() ? Concept.DUPLICATE.fill()
                    : Color.web("#fdfdfd");
            g.setFill(c);
            g.fillRect(x, y, ew, eh);
            g.setStroke(e.duplicate() ? Concept.DUPLICATE.ink() : MUTED);
            g.setLineWidth(e.duplicate() ? 2 : 1);
            g.strokeRect(x, y, ew, eh);
            double labelY = y + eh - labelH - 2;
            g.strokeLine(x, y, x + ew / 2, labelY - 1); // the flap, above the label
            g.strokeLine(x + ew, y, x + ew / 2, labelY - 1);
            Box envelope = ink.note(Kind.SHAPE, "envelope", x, y, ew, eh, box);
            g.setFill(e.duplicate() ? Color.WHITE : INK);
            ink.text(g, "envelope", envelopeLabel(e), envelopeFont, x + 4, labelY, 0, envelope);
            if (e.suppressed()) { // the key stopped it: the suppressed call's icon
                drawIcon(g, Concept.SUPPRESSED, x + ew - 14, labelY + (labelH - 11) / 2, 11);
            }
            if (envelopeMark.test(e)) { // differs from the other lane (Lanes): an outline and "≠", not colour alone
                drawDifferenceMark(g, x, y, ew, eh);
                ink.note(Kind.SHAPE, "difference mark", x - 6, y - 8, 14, 14, box);
            }
            if (e.replyLost()) { // the caller never heard back: the lost reply's icon on a white tab
                g.setFill(Color.WHITE);
                g.fillRect(x + ew - 15, y - 8, 14, 12);
                drawIcon(g, Concept.REPLY_LOST, x + ew - 14, y - 8, 12);
                ink.note(Kind.SHAPE, "reply lost mark", x + ew - 15, y - 8, 14, 12, box);
            }
        }
    }

    private static String envelopeLabel(Envelope e) {
        return TEXTS.format("canvas.envelope", e.user()) + (e.duplicate() ? " " + ordinal(e.nth()) : "");
    }

    /** Which envelopes differ from the other lane's (two lanes, {@link Lanes#differs}); none by default. */
    private java.util.function.Predicate<Envelope> envelopeMark = e -> false;

    /** @param mark true for an envelope to draw with the "≠" mark (a difference between two lanes) */
    public void setEnvelopeMark(java.util.function.Predicate<Envelope> mark) {
        envelopeMark = mark;
        drawnVersion = -1;
    }

    /**
     * The mark of a difference between two lanes on an envelope at (x, y), {@code w} × {@code h} px: a thick dark
     * outline and a "≠" badge on its top left corner (shape and sign, not colour alone).
     */
    static void drawDifferenceMark(GraphicsContext g, double x, double y, double w, double h) {
        g.setStroke(INK);
        g.setLineWidth(2.5);
        g.strokeRect(x - 2, y - 2, w + 4, h + 4);
        // top left: the top right holds a lost reply's icon; no concept's colour: the sign and the outline say it
        drawSign(g, x + 1, y - 1, 7, 1.2, 11, TEXTS.get("strip.differs"));
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
    }

    private static String ordinal(int n) {
        return n == 2 ? TEXTS.get("canvas.second") : n == 3 ? TEXTS.get("canvas.third")
                : TEXTS.format("canvas.nth", n);
    }

    /** Works out where each token belongs, glides it there, and draws it. */
    private void placeTokens(LiveViewModel vm, long nowMs, long nowNanos, GraphicsContext g) {
        // a station's strip: the jobs calling it, then those waiting their backoff; "+N" for the ones not drawn
        int[] calling = new int[SignupSteps.COUNT];
        int[] backingOff = new int[SignupSteps.COUNT];
        int finishedCount = 0;
        int active = 0;
        for (JobToken t : vm.tokens()) {
            if (!t.active()) {
                finishedCount++;
            } else if (t.phase != JobToken.Phase.QUEUED) {
                active++;
            }
            if (t.phase == JobToken.Phase.CALLING) {
                calling[Math.max(0, t.step)]++;
            } else if (t.phase == JobToken.Phase.BACKOFF) {
                backingOff[Math.max(0, t.step)]++;
            }
        }
        int capacity = perStripRow * stripRows;
        int[] shownAt = new int[SignupSteps.COUNT];
        String[] badges = new String[SignupSteps.COUNT];
        for (int s = 0; s < SignupSteps.COUNT; s++) {
            int there = calling[s] + backingOff[s];
            shownAt[s] = Math.min(there, capacity);
            while (shownAt[s] > 0 && there > shownAt[s]) { // the badge takes the last slots it needs
                badges[s] = "+" + (there - shownAt[s]);
                int slots = (int) Math.ceil((ink.width(badges[s], badgeFont) + 4) / SLOT);
                if (shownAt[s] <= capacity - slots) {
                    break;
                }
                shownAt[s] = Math.max(0, capacity - slots);
            }
            if (there > shownAt[s]) {
                badges[s] = "+" + (there - shownAt[s]);
            }
        }
        // with many jobs on screen, skip the countdown rings: they cost the most to rasterize without a GPU
        boolean detailed = active <= DETAILED_UP_TO;
        // the waiting line comes from the engine's queue: the first sign-ups that fit, as grey tokens
        double labelH = ink.lineHeight(columnLabelFont);
        double columnTop = TOP + ink.lineHeight(queueHeadingFont) + 8;
        double doneTop = TOP + doneHeading.length * ink.lineHeight(doneHeadingFont) + 8;
        long waiting = vm.waitingJobs();
        double queueBottom = getHeight() - BOTTOM - queueLabelLines * labelH - 4;
        int waitingRows = Math.max(1, (int) ((queueBottom - columnTop + 6) / WAIT_SLOT));
        int waitingSlots = sideColumns * waitingRows;
        List<Long> waitingUsers = vm.waitingUsers(waitingSlots);
        lastWaitingAt = new HashMap<>(waitingAt);
        waitingAt.clear();
        Set<JobToken> drawnBefore = new HashSet<>(drawnAt.keySet());
        drawnAt.clear();
        int queueSlot = waitingUsers.size(); // jobs on their way back to the queue follow the waiting ones
        for (int i = 0; i < waitingUsers.size(); i++) {
            long user = waitingUsers.get(i);
            double wx = queueX + R + (i % sideColumns) * WAIT_SLOT;
            double wy = columnTop + R + (i / sideColumns) * WAIT_SLOT;
            waitingAt.put(user, new double[] {wx, wy});
            JobToken known = vm.token(user); // a waiting job someone clicked
            JobToken shown = known != null ? known : new JobToken(user);
            shown.x = wx;
            shown.y = wy;
            shown.toX = wx;
            shown.toY = wy;
            drawToken(g, shown, nowMs, known != null && known == vm.selectedProperty().get(), detailed);
            ink.note(Kind.TOKEN, "token", wx - R - 2, wy - R - 2, SLOT, SLOT, queueBox);
        }
        double doneBottom = getHeight() - BOTTOM - doneLabelLines * labelH - 4;
        int binRows = Math.max(1, (int) ((doneBottom - doneTop + 4) / SLOT));
        int firstShown = Math.max(0, finishedCount - sideColumns * binRows);
        int finished = 0;
        int[] callingSlot = new int[SignupSteps.COUNT];
        int[] backoffSlot = new int[SignupSteps.COUNT];
        double stripTop = stripTop();
        for (JobToken t : vm.tokens()) {
            double tx;
            double ty;
            Box within;
            if (!drawnBefore.contains(t) && t.phase != JobToken.Phase.QUEUED) {
                boolean atStation = t.phase == JobToken.Phase.CALLING || t.phase == JobToken.Phase.BACKOFF;
                double[] from = atStation ? waitingAt.get(t.user()) : null;
                if (from == null && atStation) {
                    from = lastWaitingAt.get(t.user());
                }
                if (from != null) { // taken from the queue to a station: glide out of the waiting line
                    t.x = from[0];
                    t.y = from[1];
                    t.toX = from[0];
                    t.toY = from[1];
                } else { // one of a station's "+N", a job finished below the Done column's latest or straight
                    // from the queue (a fast run): it appears where it belongs, no glide over the stations' words
                    t.x = Double.NaN;
                }
            }
            switch (t.phase) {
                case QUEUED -> {
                    continue; // drawn with the waiting line above
                }
                case CALLING, BACKOFF -> {
                    int s = Math.max(0, t.step);
                    int i = t.phase == JobToken.Phase.CALLING ? callingSlot[s]++ : calling[s] + backoffSlot[s]++;
                    if (i >= shownAt[s]) {
                        continue; // counted in the station's "+N"
                    }
                    tx = stationX[s] + PAD + R + (i % perStripRow) * SLOT;
                    ty = stationY[s] + stripTop + STRIP_ROW / 2 + (i / perStripRow) * SLOT;
                    within = stationBoxes[s];
                }
                case REDELIVERY, SENT_BACK -> {
                    if (!t.repeat() && waitingAt.containsKey(t.user())) {
                        continue; // visible again: drawn in the waiting line
                    }
                    int i = queueSlot++;
                    if (i >= waitingSlots) {
                        continue;
                    }
                    tx = queueX + R + (i % sideColumns) * WAIT_SLOT;
                    ty = columnTop + R + (i / sideColumns) * WAIT_SLOT;
                    within = queueBox;
                }
                default -> {
                    int i = finished++;
                    if (i < firstShown) {
                        continue;
                    }
                    int j = i - firstShown;
                    tx = binX + 8 + R + (j % sideColumns) * SLOT;
                    ty = doneTop + R + (j / sideColumns) * SLOT;
                    within = doneBox;
                    if (t.toX < binX && (t.x != t.toX || t.y != t.toY)) {
                        // finished before its last glide ended (a fast run: the queue, the stations and the end
                        // between two frames): it lands at once rather than fly over the stations' words
                        t.x = Double.NaN;
                    } else if (t.toX >= binX && (tx != t.toX || ty != t.toY)) {
                        // already in the column, which moved on by the jobs finished since: it takes its new cell
                        // at once, so the column stays a grid of readable numbers however fast jobs finish
                        t.x = Double.NaN;
                    }
                }
            }
            glide(t, tx, ty, nowNanos);
            lastMoveStartNanos = lastMoveStart;
            drawToken(g, t, nowMs, t == vm.selectedProperty().get(), detailed);
            drawnAt.put(t, new double[] {t.x, t.y});
            ink.note(Kind.TOKEN, "token", t.x - R - 2, t.y - R - 2, SLOT, SLOT, t.x == tx && t.y == ty ? within : null);
        }
        // the "+N" of a station's strip: right-aligned in its last row
        double badgeH = ink.lineHeight(badgeFont);
        g.setFill(CALLING);
        for (int s = 0; s < SignupSteps.COUNT; s++) {
            if (badges[s] != null) {
                double cy = stationY[s] + stripTop + STRIP_ROW / 2 + (stripRows - 1) * SLOT;
                ink.textRight(g, "count badge", badges[s], badgeFont, stationX[s] + stationW - PAD, cy - badgeH / 2,
                        stationBoxes[s]);
            }
        }
        g.setFill(MUTED);
        drawColumnLabel(g, TEXTS.format("canvas.waiting", waiting), queueX, getHeight() - BOTTOM,
                queueEdge - queueX - 4, queueBox, "waiting");
        drawColumnLabel(g, TEXTS.format("canvas.finished", vm.finishedJobs()), binX + 8, getHeight() - BOTTOM,
                getWidth() - binX - 12, doneBox, "finished");
    }

    /** A column's label, on lines of whole words ending at {@code bottom}. */
    private void drawColumnLabel(GraphicsContext g, String text, double x, double bottom, double width, Box within,
                                 String role) {
        List<String> lines = ink.wrap(text, columnLabelFont, width);
        double lineH = ink.lineHeight(columnLabelFont);
        for (int l = 0; l < lines.size(); l++) {
            Font f = fit(lines.get(l), columnLabelFont, width);
            ink.text(g, role, lines.get(l), f, x, bottom - (lines.size() - l) * lineH, 0, within);
        }
    }

    private long lastMoveStart;

    private void glide(JobToken t, double tx, double ty, long nowNanos) {
        if (Double.isNaN(t.x) || snap) { // first appearance, or a new layout: no glide (a glide under way ends)
            t.x = tx;
            t.y = ty;
            t.fromX = tx;
            t.fromY = ty;
            t.toX = tx;
            t.toY = ty;
            return;
        }
        if (tx != t.toX || ty != t.toY) {
            t.fromX = t.x;
            t.fromY = t.y;
            t.toX = tx;
            t.toY = ty;
            t.moveStartNanos = nowNanos;
        }
        lastMoveStart = Math.max(lastMoveStart, t.moveStartNanos);
        double f = Math.min(1, (nowNanos - t.moveStartNanos) / (double) MOVE_NANOS);
        f = f * f * (3 - 2 * f); // ease in and out
        t.x = t.fromX + (t.toX - t.fromX) * f;
        t.y = t.fromY + (t.toY - t.fromY) * f;
    }

    /**
     * A token and its marks, all inside its square of {@code SLOT} px: the attempt ("#2") on a tab at the top
     * right, a failed job's "✗" or a lost job's crash icon there instead, a repeated request's "R" at the bottom
     * left and the delivery's badge at the bottom right.
     */
    private static void drawToken(GraphicsContext g, JobToken t, long nowMs, boolean selected, boolean detailed) {
        Color fill = switch (t.phase) {
            case QUEUED -> WAITING;
            case CALLING -> CALLING;
            case BACKOFF -> BACKOFF;
            case DONE -> DONE;
            case FAILED -> FAILED;
            case REDELIVERY -> REDELIVERY;
            case SENT_BACK -> SENT_BACK;
            case LOST -> LOST;
        };
        g.setFill(fill);
        g.fillOval(t.x - R, t.y - R, 2 * R, 2 * R);
        if (t.phase == JobToken.Phase.REDELIVERY) {
            g.setStroke(SENT_BACK);
            g.setLineWidth(2);
            g.setLineDashes(4, 3);
            g.strokeOval(t.x - R, t.y - R, 2 * R, 2 * R);
            g.setLineDashes();
        }
        if (detailed && t.active() && t.untilMs > t.sinceMs && t.phase != JobToken.Phase.QUEUED) {
            // a ring that empties as the call, the wait or the time until the job is visible again runs out
            double left = Math.max(0, Math.min(1, (t.untilMs - nowMs) / (double) (t.untilMs - t.sinceMs)));
            g.setStroke(switch (t.phase) {
                case BACKOFF -> CALLING;
                case REDELIVERY, SENT_BACK -> Color.web("#8c3f6b");
                default -> Color.web("#9cc7e6");
            });
            g.setLineWidth(2.5);
            g.strokeArc(t.x - RING, t.y - RING, 2 * RING, 2 * RING, 90, 360 * left, ArcType.OPEN);
        }
        if (t.faultArmed) {
            g.setStroke(INK);
            g.setLineWidth(2);
            g.strokeLine(t.x - R, t.y - R, t.x + R, t.y + R);
        }
        if (selected) {
            g.setStroke(INK);
            g.setLineWidth(3);
            g.strokeOval(t.x - R - 2, t.y - R - 2, 2 * R + 4, 2 * R + 4);
        }
        g.setFill(switch (t.phase) { // the number in a colour that reads on the token's fill
            case REDELIVERY, LOST -> INK;
            case BACKOFF -> CALLING;
            default -> Color.WHITE;
        });
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(numberFont(t.user()));
        g.fillText(Long.toString(t.user()), t.x, t.y);
        if (t.repeat()) { // a repeated request: the same user's second job
            drawCornerMark(g, t.x - R + 3, t.y + R - 3, "R");
        }
        if (t.delivery() > 1) { // delivered again after a crash or a "job in progress" refusal
            drawDeliveryBadge(g, t.x, t.y, t.delivery());
        }
        if (t.phase == JobToken.Phase.LOST) { // lost in the crash: the crash's icon
            drawIcon(g, Concept.CRASH, t.x + R - 10, t.y - R - 2, 12);
        } else if (t.phase == JobToken.Phase.FAILED) { // out of attempts
            drawCornerMark(g, t.x + R - 3, t.y - R + 3, "✗");
        } else if (t.attempt() > 1 && t.active()) {
            drawAttemptTab(g, t.x, t.y, t.attempt());
        }
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
    }

    /** @return the font of a token's user number: as large as fits the token */
    static Font numberFont(long user) {
        return Font.font("System", FontWeight.BOLD, user < 100 ? 11 : user < 1_000 ? 9 : user < 10_000 ? 7.5 : 6);
    }

    /** A one-letter mark in a white disc centred on (cx, cy), inside a token's square. */
    private static void drawCornerMark(GraphicsContext g, double cx, double cy, String mark) {
        drawSign(g, cx, cy, 5.5, 1, 8.5, mark);
    }

    /** A sign in bold ink in a white disc of radius {@code r} with an ink outline, centred on (cx, cy). */
    private static void drawSign(GraphicsContext g, double cx, double cy, double r, double line, double size,
                                 String sign) {
        g.setFill(Color.WHITE);
        g.fillOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setStroke(INK);
        g.setLineWidth(line);
        g.strokeOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setFill(INK);
        g.setFont(Font.font("System", FontWeight.BOLD, size));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(sign, cx, cy);
    }

    /** The attempt ("#2") on a white tab at the token's top right, inside its square. */
    private static void drawAttemptTab(GraphicsContext g, double x, double y, int attempt) {
        String text = "#" + attempt;
        double w = attempt < 10 ? 15 : 20;
        double h = 11;
        double left = x + R + 2 - w;
        double top = y - R - 2;
        g.setFill(Color.WHITE);
        g.fillRoundRect(left, top, w, h, 6, 6);
        g.setStroke(INK);
        g.setLineWidth(1);
        g.strokeRoundRect(left, top, w, h, 6, 6);
        g.setFill(INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 8.5));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(text, left + w / 2, top + h / 2);
    }

    /**
     * Where a token's delivery number goes: a small badge on the token's lower right, at most 2 px outside the
     * token's own square, so it never reaches the neighbouring tokens of the waiting line, a station or the Done column
     * (tokens sit {@code 2R + 4} apart at the least).
     *
     * @return {x, y, width, height} of the badge for a token centred on (x, y)
     */
    static double[] deliveryBadge(double x, double y) {
        double cx = x + R - 3;
        double cy = y + R - 3;
        return new double[] {cx - BADGE_R, cy - BADGE_R, 2 * BADGE_R, 2 * BADGE_R};
    }

    private static final double BADGE_R = 5;

    private static void drawDeliveryBadge(GraphicsContext g, double x, double y, int delivery) {
        double[] b = deliveryBadge(x, y);
        g.setFill(SENT_BACK.darker());
        g.fillOval(b[0], b[1], b[2], b[3]);
        g.setStroke(Color.WHITE);
        g.setLineWidth(1.2);
        g.strokeOval(b[0], b[1], b[2], b[3]);
        g.setFill(Color.WHITE);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(Font.font("System", FontWeight.BOLD, delivery < 10 ? 8 : 6));
        g.fillText(Integer.toString(delivery), b[0] + b[2] / 2, b[1] + b[3] / 2);
    }

    /** @return the token drawn under ({@code x}, {@code y}), or null. */
    public JobToken tokenAt(double x, double y) {
        JobToken best = null;
        double bestD = (R + 3) * (R + 3);
        for (Map.Entry<JobToken, double[]> e : drawnAt.entrySet()) {
            double dx = e.getValue()[0] - x;
            double dy = e.getValue()[1] - y;
            double d = dx * dx + dy * dy;
            if (d <= bestD) {
                bestD = d;
                best = e.getKey();
            }
        }
        return best;
    }

    /** @return the user number of the waiting sign-up drawn under ({@code x}, {@code y}), or -1. */
    public long waitingUserAt(double x, double y) {
        for (Map.Entry<Long, double[]> e : waitingAt.entrySet()) {
            double dx = e.getValue()[0] - x;
            double dy = e.getValue()[1] - y;
            if (dx * dx + dy * dy <= (R + 3) * (R + 3)) {
                return e.getKey();
            }
        }
        return -1;
    }

    /** @return true if ({@code x}, {@code y}) is on the worker process box (a click crashes it). */
    public boolean workersAt(double x, double y) {
        return x >= workersX && x <= workersX + stationW && y >= bottomY && y <= bottomY + bottomH;
    }

    /** @return the centre of the worker process box, in this pane's coordinates (for tests that click it). */
    public double[] workersCentre() {
        return new double[] {workersX + stationW / 2, bottomY + bottomH / 2};
    }

    /** @return true if ({@code x}, {@code y}) is on the email provider. */
    public boolean providerAt(double x, double y) {
        return x >= providerX && x <= providerX + providerW && y >= bottomY && y <= bottomY + bottomH;
    }

    /** @return the centre of the provider box, in this pane's coordinates (for tests that click it). */
    public double[] providerCentre() {
        return new double[] {providerX + providerW / 2, bottomY + bottomH / 2};
    }

    /** @return where {@code t} was last drawn, or null. */
    public double[] drawnAt(JobToken t) {
        return drawnAt.get(t);
    }
}
