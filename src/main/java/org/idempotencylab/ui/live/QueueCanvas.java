package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * Draws the job queue: the waiting line, the ten steps as stations, the email provider beside the email step with
 * the envelopes it sent, and the finished jobs. Each job is a token that glides to where it is, by elapsed real
 * time (not per frame), so the speed of the animation does not depend on the frame rate.
 *
 * <p>Colours (Okabe–Ito): waiting grey, calling blue, backoff orange with a countdown ring, done green,
 * failed vermilion; a duplicate email is vermilion with "2nd". The durable path: the worker process box (grey
 * with a restart countdown while down; a click crashes it), a job waiting for its redelivery pale with a dashed
 * outline and a ring counting down the visibility timeout, a job sent back with "job in progress" purple with a
 * ring, a lost job dark with "✗", and a redelivered job's delivery number in a small badge on the token (2 for the
 * second delivery).
 */
public final class QueueCanvas extends Pane {
    private static final Texts TEXTS = Texts.of(QueueCanvas.class);
    // A job's phase. The concepts (a duplicate, a lost reply, a crash, "job in progress", ...) take their one
    // look from Concept, so the canvas, the tables, the charts and the legend say the same thing the same way.
    static final Color CALLING = Color.web("#0072B2");
    /** Waiting its backoff: a pale token of the calling colour, the same job between two calls. */
    static final Color BACKOFF = Color.web("#cfe3f1");
    static final Color DONE = Color.web("#009E73");
    /** Ran out of attempts: dark grey, with "✗" beside it. */
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
    private static final double R = 12;              // token radius
    private static final long MOVE_NANOS = 280_000_000L;
    /** Jobs in flight up to which tokens get their countdown rings. */
    private static final int DETAILED_UP_TO = 150;

    private final Canvas canvas = new Canvas();
    private final CanvasInk ink = new CanvasInk(this, this::retype);
    // layout, recomputed on resize
    private final double[] stationX = new double[SignupSteps.COUNT];
    private final double[] stationY = new double[SignupSteps.COUNT];
    private double stationW;
    private double stationH;
    private double queueX;
    private double binX;
    private double providerX;
    private double providerY;
    private double providerW;
    private double providerH;
    private double workersX;
    private double legendX;
    // the stations' titles, broken into lines for the stations' size (layoutStations)
    private final String[][] stationTitles = new String[SignupSteps.COUNT][];
    private Font stationTitleFont;
    private double stationTitleLineH;
    private double titledW = -1;
    private double titledH = -1;
    private Font providerFont;
    private Font providerArmedFont;
    private Font providerLegendFont;
    private String[] providerLegend = new String[0];
    private double[][] providerLegendIcons = new double[0][]; // per legend line, the x of each icon in it
    private Font legendFont;
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
        titledW = -1;
        drawnVersion = -1;
        requestLayout();
    }

    /** @return what the last frame drew: areas, text, tokens and shapes, in drawing order (for tests) */
    List<CanvasInk.Box> drawn() {
        return ink.boxes();
    }

    @Override
    protected void layoutChildren() {
        boolean resized = canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight();
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        layoutStations(getWidth(), getHeight());
        if (resized && lastModel != null) {
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

    private void layoutStations(double w, double h) {
        queueX = 12;
        double left = 122;
        binX = w - 128;
        double gap = 12;
        stationW = (binX - left - 4 * gap - 12) / 5;
        stationH = Math.min(130, (h - 170) / 2);
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            int row = i / 5;
            int col = i % 5;
            stationX[i] = left + col * (stationW + gap);
            stationY[i] = 40 + row * (stationH + 28);
        }
        int email = SignupSteps.EMAIL;
        providerW = stationW * 3 + 2 * gap;
        providerX = stationX[email];
        providerY = stationY[email] + stationH + 24;
        providerH = Math.max(70, h - providerY - 8);
        workersX = stationX[email - 1];
        legendX = stationX[email + 3];
        if (stationW != titledW || stationH != titledH) {
            titledW = stationW;
            titledH = stationH;
            layoutTitles();
            // the provider's and the legend's words in the largest font that fits their boxes
            providerFont = fitting(TEXTS.get("canvas.provider"), FontWeight.BOLD, 13, providerW - 16);
            providerArmedFont = fitting(TEXTS.get("canvas.providerArmed"), FontWeight.BOLD, 13, providerW - 16);
            layoutProviderLegend();
            providerLegendIcons = iconOffsets(providerLegend, providerLegendFont);
            String longest = "";
            for (String name : legendNames()) {
                longest = name.length() > longest.length() ? name : longest;
            }
            legendFont = fitting(longest, FontWeight.NORMAL, 11, stationW - 26);
        }
    }

    /**
     * The provider's legend on one line at 11 or 10.5 px; in a narrow box on two lines at 10.5 px rather than
     * smaller, the envelopes moving down to make room.
     */
    private void layoutProviderLegend() {
        String legend = providerLegendText();
        double width = providerW - 16;
        for (double size : new double[] {11, 10.5}) {
            Font font = Font.font("System", size);
            if (wrap(legend, font, width).size() == 1) {
                providerLegendFont = font;
                providerLegend = new String[] {legend};
                return;
            }
        }
        providerLegendFont = Font.font("System", 10.5);
        List<String> lines = wrap(legend, providerLegendFont, width);
        if (lines.size() > 2) { // too narrow even for two lines: one, in what font fits
            providerLegendFont = fitting(legend, FontWeight.NORMAL, 10.5, width);
            lines = List.of(legend);
        }
        providerLegend = lines.toArray(String[]::new);
    }

    /** The provider's legend items, each after an em space where its concept's icon is drawn. */
    private static final Concept[] PROVIDER_LEGEND_ICONS = {Concept.DUPLICATE, Concept.SUPPRESSED, Concept.REPLY_LOST};

    /** An em space: the room a concept's icon takes in a line of text (about the font's size). */
    private static final char ICON_ROOM = '\u2003';

    private static String providerLegendText() {
        String room = ICON_ROOM + "\u2009"; // an em and a thin space: the icon is 1.1 em wide
        return room + TEXTS.get("canvas.providerLegend.duplicate") + " · " + room
                + TEXTS.get("canvas.providerLegend.suppressed") + " · " + room
                + TEXTS.get("canvas.providerLegend.lost");
    }

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
    private static double[][] iconOffsets(String[] lines, Font font) {
        Text probe = new Text();
        probe.setFont(font);
        double[][] out = new double[lines.length][];
        for (int l = 0; l < lines.length; l++) {
            List<Double> at = new ArrayList<>();
            for (int i = lines[l].indexOf(ICON_ROOM); i >= 0; i = lines[l].indexOf(ICON_ROOM, i + 1)) {
                probe.setText(lines[l].substring(0, i));
                at.add(i == 0 ? 0 : probe.getLayoutBounds().getWidth());
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
     * Breaks the stations' titles into lines in the largest font, 13 px down to 9, in which every title fits its
     * box above the counters (one size for all, so the stations read alike); at 9 px the lines that still do not
     * fit are dropped and the last one shown ends with "…".
     */
    private void layoutTitles() {
        double room = stationH - 6 - 24; // the title's top margin; the counters' line at the bottom
        for (double size = 13; size >= 9; size--) {
            Font font = Font.font("System", FontWeight.BOLD, size);
            double lineH = Math.ceil(size * 1.25);
            int fit = (int) Math.max(1, Math.floor(room / lineH));
            boolean all = true;
            for (int i = 0; i < SignupSteps.COUNT; i++) {
                List<String> lines = wrap((i + 1) + ". " + SignupSteps.NAMES.get(i), font, stationW - 12);
                if (lines.size() > fit) {
                    all = false;
                    lines = new ArrayList<>(lines.subList(0, fit));
                    lines.set(fit - 1, lines.get(fit - 1) + "…");
                }
                stationTitles[i] = lines.toArray(String[]::new);
            }
            stationTitleFont = font;
            stationTitleLineH = lineH;
            if (all) {
                return;
            }
        }
    }

    /** @return {@code text} broken at spaces into lines no wider than {@code width} in {@code font}. */
    private static List<String> wrap(String text, Font font, double width) {
        Text probe = new Text();
        probe.setFont(font);
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            probe.setText(candidate);
            if (probe.getLayoutBounds().getWidth() <= width || line.length() == 0) {
                line.setLength(0);
                line.append(candidate);
            } else {
                lines.add(line.toString());
                line.setLength(0);
                line.append(word);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    /** @return the largest font, {@code size} px down to 8, in which {@code text} is at most {@code width} wide. */
    private static Font fitting(String text, FontWeight weight, double size, double width) {
        Text probe = new Text(text);
        for (double s = size; s > 8; s -= 0.5) {
            Font font = Font.font("System", weight, s);
            probe.setFont(font);
            if (probe.getLayoutBounds().getWidth() <= width) {
                return font;
            }
        }
        return Font.font("System", weight, 8);
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
        if (stationTitles[0] == null) {
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
        drawFrame(g, vm, h);
        placeTokens(vm, now, nowNanos, g);
        drawnSettled = nowNanos - lastMoveStartNanos >= MOVE_NANOS;
    }

    private void drawFrame(GraphicsContext g, LiveViewModel vm, double h) {
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFont(Font.font("System", FontWeight.BOLD, 14));
        g.setFill(INK);
        Font heading = Font.font("System", FontWeight.BOLD, 14);
        ink.text(g, "heading", TEXTS.get("canvas.queue"), heading, queueX, 12, 0, null);
        ink.text(g, "heading", TEXTS.get("canvas.done"), heading, binX + 14, 12, 0, null);
        g.setStroke(Color.web("#d7dce1"));
        g.setLineWidth(1);
        g.strokeLine(binX + 6, 8, binX + 6, h - 8);
        g.strokeLine(112, 8, 112, h - 8);
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            double x = stationX[i];
            double y = stationY[i];
            boolean email = i == SignupSteps.EMAIL;
            g.setFill(email ? Color.web("#eef5fb") : Color.web("#f4f6f8"));
            g.fillRoundRect(x, y, stationW, stationH, 12, 12);
            g.setStroke(email ? CALLING : Color.web("#c5ccd3"));
            g.setLineWidth(email ? 2 : 1);
            g.strokeRoundRect(x, y, stationW, stationH, 12, 12);
            CanvasInk.Box station = ink.note(CanvasInk.Kind.AREA, "station", x, y, stationW, stationH, null);
            g.setFill(INK);
            // narrow or low stations (a 1024-pixel window, a 720-pixel screen) get a smaller font, more lines
            g.setFont(stationTitleFont);
            for (int line = 0; line < stationTitles[i].length; line++) {
                ink.text(g, "title", stationTitles[i][line], stationTitleFont, x + 6, y + 6 + stationTitleLineH * line,
                        0, station);
            }
            // every side effect leaves a mark: how many times the step really did its work, and how many again
            drawCounters(g, i, vm, x, y, station);
            g.setFill(MUTED);
            ink.text(g, "backoff", TEXTS.get("canvas.backoff"), Font.font("System", 11), x + 8, y + stationH + 4, 0,
                    null);
        }
        drawProvider(g, vm);
        drawWorkers(g, vm);
        drawLegend(g);
    }

    /**
     * A station's counters at its bottom: "done 12", and in red "again 2" once a side effect was done again, in
     * 12 px, or smaller in a narrow station so that both stay inside it.
     */
    private void drawCounters(GraphicsContext g, int i, LiveViewModel vm, double x, double y, CanvasInk.Box station) {
        String done = TEXTS.format("canvas.sideEffects", vm.sideEffects(i));
        String again = vm.duplicates(i) > 0 ? TEXTS.format("canvas.again", vm.duplicates(i)) : null;
        double room = stationW - 16;
        double size = 12;
        Text probe = new Text();
        double doneW;
        double againW = 0;
        boolean oneLine = true;
        while (true) {
            probe.setFont(Font.font("System", size));
            probe.setText(done);
            doneW = probe.getLayoutBounds().getWidth();
            if (again != null) {
                probe.setFont(Font.font("System", FontWeight.BOLD, size));
                probe.setText(again);
                againW = probe.getLayoutBounds().getWidth() + 4 + size; // the duplicate's icon before it
            }
            if (doneW + 6 + againW <= room) {
                break;
            }
            if (size <= 10) {
                String count = TEXTS.format("canvas.againShort", vm.duplicates(i));
                if (again != null && !again.equals(count)) { // a narrow station: the icon and the count only
                    again = count;
                    continue;
                }
                oneLine = doneW + 6 + againW <= room; // still too narrow: "again" on a line above "done"
                break;
            }
            size -= 0.5;
        }
        double baseY = y + stationH - 18;
        g.setFont(Font.font("System", size));
        g.setFill(MUTED);
        ink.text(g, "counter", done, Font.font("System", size), x + 8, baseY, 0, station);
        if (again != null) { // a duplicate: its icon, then the count in its ink
            double ax = oneLine ? x + 14 + doneW : x + 8;
            double ay = oneLine ? baseY : baseY - size - 3;
            drawIcon(g, Concept.DUPLICATE, ax, ay, size);
            g.setFill(Concept.DUPLICATE.ink());
            ink.text(g, "counter", again, Font.font("System", FontWeight.BOLD, size), ax, ay, size + 4, station);
        }
    }

    /** The worker process: what each worker runs, or grey with a restart countdown while it is down. */
    private void drawWorkers(GraphicsContext g, LiveViewModel vm) {
        boolean down = vm.workersDown();
        double x = workersX;
        double y = providerY;
        g.setFill(down ? Color.web("#faf6c8") : Color.web("#eef7f3")); // down: the crash's hazard yellow, pale
        g.fillRoundRect(x, y, stationW, providerH, 12, 12);
        g.setStroke(down ? Concept.CRASH.ink() : DONE);
        g.setLineWidth(2);
        if (down) {
            g.setLineDashes(6, 4);
        }
        g.strokeRoundRect(x, y, stationW, providerH, 12, 12);
        g.setLineDashes();
        CanvasInk.Box box = ink.note(CanvasInk.Kind.AREA, "workers", x, y, stationW, providerH, null);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.setFill(INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 12));
        if (down) { // the crash's icon before the title
            drawIcon(g, Concept.CRASH, x + 5, y + 4, 14);
        }
        ink.text(g, "workers", TEXTS.get(down ? "canvas.workersDown" : "canvas.workers"),
                Font.font("System", FontWeight.BOLD, 12), x + (down ? 5 : 6), y + 4, down ? 16 : 0, box);
        g.setFont(Font.font("System", 11));
        double lineH = 14;
        double bottom = y + providerH - 16;
        if (down) {
            g.setFill(INK);
            ink.text(g, "workers", TEXTS.get("canvas.restarting"), Font.font("System", 11), x + 6, y + 20, 0, box);
            ink.text(g, "workers", VirtualTime.countdown(Math.max(0, vm.restartAtMs() - vm.nowMs())),
                    Font.font("System", FontWeight.BOLD, 13), x + 6, y + 34, 0, box);
            return;
        }
        JobToken[] running = vm.workerTokens();
        int rows = Math.max(1, (int) ((bottom - (y + 20)) / lineH));
        for (int i = 0; i < running.length && i < rows; i++) {
            boolean last = i == rows - 1 && running.length > rows;
            String text = last ? TEXTS.format("canvas.moreWorkers", running.length - i)
                    : TEXTS.format("canvas.worker", i + 1, running[i] == null ? TEXTS.get("canvas.idle")
                    : "user_" + running[i].user());
            g.setFill(running[i] == null || last ? MUTED : INK);
            ink.text(g, "workers", text, Font.font("System", 11), x + 6, y + 20 + i * lineH, 0, box);
        }
        drawIcon(g, Concept.CRASH, x + 6, bottom, 11);
        g.setFill(Concept.CRASH.ink());
        ink.text(g, "hint", TEXTS.get("canvas.crashHint"), Font.font("System", FontWeight.BOLD, 11), x + 6, bottom, 14,
                box);
    }

    /** What the marks of the durable path mean. */
    private void drawLegend(GraphicsContext g) {
        double x = legendX;
        double y = providerY;
        g.setFill(Color.web("#f4f6f8"));
        g.fillRoundRect(x, y, stationW, providerH, 12, 12);
        CanvasInk.Box box = ink.note(CanvasInk.Kind.AREA, "legend", x, y, stationW, providerH, null);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(legendFont);
        double r = 5;
        String[] names = legendNames();
        Color[] fills = {REDELIVERY, SENT_BACK, LOST, null};
        double lineH = Math.min(16, (providerH - 8) / names.length);
        for (int i = 0; i < names.length; i++) {
            double cy = y + 4 + lineH * i + lineH / 2;
            if (fills[i] != null) {
                g.setFill(fills[i]);
                g.fillOval(x + 8, cy - r, 2 * r, 2 * r);
                if (fills[i] == REDELIVERY) {
                    g.setStroke(SENT_BACK);
                    g.setLineWidth(1.5);
                    g.setLineDashes(3, 2);
                    g.strokeOval(x + 8, cy - r, 2 * r, 2 * r);
                    g.setLineDashes();
                }
            }
            if (fills[i] == null) { // the delivery badge, as on a token
                drawDeliveryBadge(g, x + 8 + r - R + 3, cy - R + 3, 2); // the badge centred on the row's symbol column
                g.setTextAlign(TextAlignment.LEFT);
                g.setTextBaseline(VPos.CENTER);
                g.setFont(legendFont);
            }
            if (fills[i] == SENT_BACK || fills[i] == LOST) { // the concept's icon on its colour's dot
                drawIcon(g, fills[i] == SENT_BACK ? Concept.IN_PROGRESS : Concept.CRASH, x + 8, cy - r, 2 * r);
            }
            g.setFill(INK);
            ink.text(g, "legend", names[i], legendFont, x + 22, cy - ink.lineHeight(legendFont) / 2, 0, box);
        }
        g.setTextBaseline(VPos.TOP);
    }

    private void drawProvider(GraphicsContext g, LiveViewModel vm) {
        boolean armed = vm.providerArmed();
        g.setFill(Color.web("#fbf7ee"));
        g.fillRoundRect(providerX, providerY, providerW, providerH, 12, 12);
        g.setStroke(armed ? Concept.REPLY_LOST.fill() : PROVIDER_FRAME); // armed: the lost reply's look
        g.setLineWidth(armed ? 3 : 2);
        if (armed) {
            g.setLineDashes(8, 4);
        }
        g.strokeRoundRect(providerX, providerY, providerW, providerH, 12, 12);
        g.setLineDashes();
        CanvasInk.Box box = ink.note(CanvasInk.Kind.AREA, "provider", providerX, providerY, providerW, providerH, null);
        g.setFill(INK);
        g.setFont(armed ? providerArmedFont : providerFont);
        double titleX = providerX + 8;
        if (armed) {
            drawIcon(g, Concept.REPLY_LOST, titleX, providerY + 6, 14);
        }
        ink.text(g, "provider", TEXTS.get(armed ? "canvas.providerArmed" : "canvas.provider"),
                armed ? providerArmedFont : providerFont, titleX, providerY + 6, armed ? 18 : 0, box);
        g.setFont(providerLegendFont);
        g.setFill(MUTED);
        int icon = 0; // the legend's lines, each ICON_ROOM holding the next concept's icon
        for (int line = 0; line < providerLegend.length; line++) {
            double y = providerY + 23 + 13 * line;
            ink.text(g, "provider legend", providerLegend[line], providerLegendFont, providerX + 8, y, 0, box);
            for (double at : providerLegendIcons[line]) {
                if (icon < PROVIDER_LEGEND_ICONS.length) {
                    drawIcon(g, PROVIDER_LEGEND_ICONS[icon++], providerX + 8 + at, y, providerLegendFont.getSize() * 1.1);
                }
            }
        }
        // envelopes: newest last; a second email to the same user is a duplicate
        double ex = providerX + 8;
        double ey = providerY + 25 + 13 * providerLegend.length;
        double ew = 44;
        double eh = Math.max(18, Math.min(26, providerY + providerH - 4 - ey)); // lower under a two-line legend
        int perRow = Math.max(1, (int) ((providerW - 16) / (ew + 6)));
        int rows = Math.max(1, (int) ((providerY + providerH - 4 - ey + 6) / (eh + 6)));
        List<Envelope> all = new ArrayList<>();
        vm.envelopes().forEach(all::add);
        int fit = perRow * rows;
        List<Envelope> shown = all.subList(Math.max(0, all.size() - fit), all.size());
        g.setFont(Font.font("System", 10));
        for (int i = 0; i < shown.size(); i++) {
            Envelope e = shown.get(i);
            double x = ex + (i % perRow) * (ew + 6);
            double y = ey + (i / perRow) * (eh + 6);
            Color c = e.suppressed() ? Concept.SUPPRESSED.fill() : e.duplicate() ? Concept.DUPLICATE.fill()
                    : Color.web("#fdfdfd");
            g.setFill(c);
            g.fillRect(x, y, ew, eh);
            g.setStroke(e.duplicate() ? Concept.DUPLICATE.ink() : MUTED);
            g.setLineWidth(e.duplicate() ? 2 : 1);
            g.strokeRect(x, y, ew, eh);
            g.strokeLine(x, y, x + ew / 2, y + eh / 2);
            g.strokeLine(x + ew, y, x + ew / 2, y + eh / 2);
            CanvasInk.Box envelope = ink.note(CanvasInk.Kind.SHAPE, "envelope", x, y, ew, eh, box);
            g.setFill(e.duplicate() ? Color.WHITE : INK);
            ink.text(g, "envelope", TEXTS.format("canvas.envelope", e.user()) + (e.duplicate() ? " " + ordinal(e.nth())
                    : ""), Font.font("System", 10), x + 3, y + eh - 13, 0, envelope);
            if (e.suppressed()) { // the key stopped it: the suppressed call's icon
                drawIcon(g, Concept.SUPPRESSED, x + ew - 14, y + eh - 13, 11);
            }
            if (envelopeMark.test(e)) { // differs from the other lane (Lanes): an outline and "≠", not colour alone
                drawDifferenceMark(g, x, y, ew, eh);
                ink.note(CanvasInk.Kind.SHAPE, "difference mark", x - 8, y - 8, 16, 16, box);
                g.setFont(Font.font("System", 10));
            }
            if (e.replyLost()) { // the caller never heard back: the lost reply's icon on a white tab
                g.setFill(Color.WHITE);
                g.fillRect(x + ew - 17, y - 8, 16, 15);
                drawIcon(g, Concept.REPLY_LOST, x + ew - 16, y - 7, 14);
                ink.note(CanvasInk.Kind.SHAPE, "reply lost mark", x + ew - 17, y - 8, 16, 15, box);
            }
        }
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
        double r = 7;
        double cx = x + 1; // top left: the top right holds a lost reply's icon
        double cy = y - 1;
        g.setFill(Color.WHITE); // no concept's colour: the sign and the outline say it
        g.fillOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setStroke(INK);
        g.setLineWidth(1.2);
        g.strokeOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setFill(INK);
        g.setFont(Font.font("System", FontWeight.BOLD, 11));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(TEXTS.get("strip.differs"), cx, cy);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
    }

    private static String ordinal(int n) {
        return n == 2 ? TEXTS.get("canvas.second") : n == 3 ? TEXTS.get("canvas.third")
                : TEXTS.format("canvas.nth", n);
    }

    /** Works out where each token belongs, glides it there, and draws it. */
    private void placeTokens(LiveViewModel vm, long nowMs, long nowNanos, GraphicsContext g) {
        int[] atStation = new int[SignupSteps.COUNT];
        int[] inBackoff = new int[SignupSteps.COUNT];
        int finished = 0;
        int perStationRow = Math.max(1, (int) ((stationW - 12) / (2 * R + 4)));
        double titleH = stationW < 120 ? 50 : 44; // room for the step's name, three lines when narrow
        int stationRows = Math.max(1, (int) ((stationH - titleH - 20) / (2 * R + 4)));
        int stationCapacity = perStationRow * stationRows;
        int backoffCapacity = Math.max(1, (int) ((stationW - 70) / (2 * R + 4)));
        drawnAt.clear();
        int finishedCount = 0;
        int active = 0;
        for (JobToken t : vm.tokens()) {
            if (!t.active()) {
                finishedCount++;
            } else if (t.phase != JobToken.Phase.QUEUED) {
                active++;
            }
        }
        // with many jobs on screen, skip the countdown rings: they cost the most to rasterize without a GPU
        boolean detailed = active <= DETAILED_UP_TO;
        int binPerRow = Math.max(1, (int) ((getWidth() - binX - 20) / (2 * R + 4)));
        int binRows = Math.max(1, (int) ((getHeight() - 50) / (2 * R + 4)));
        int firstShown = Math.max(0, finishedCount - binPerRow * binRows);
        // the waiting line comes from the engine's queue: the first sign-ups that fit, as grey tokens
        long waiting = vm.waitingJobs();
        int waitingRows = Math.max(1, (int) ((getHeight() - 70) / (2 * R + 6)));
        List<Long> waitingUsers = vm.waitingUsers(3 * waitingRows);
        lastWaitingAt = new HashMap<>(waitingAt);
        waitingAt.clear();
        int waitingSlots = 3 * waitingRows;
        int queueSlot = waitingUsers.size(); // jobs on their way back to the queue follow the waiting ones
        for (int i = 0; i < waitingUsers.size(); i++) {
            long user = waitingUsers.get(i);
            double wx = queueX + R + (i % 3) * (2 * R + 6);
            double wy = 40 + R + (i / 3) * (2 * R + 6);
            waitingAt.put(user, new double[] {wx, wy});
            JobToken known = vm.token(user); // a waiting job someone clicked
            JobToken shown = known != null ? known : new JobToken(user);
            shown.x = wx;
            shown.y = wy;
            shown.toX = wx;
            shown.toY = wy;
            drawToken(g, shown, nowMs, known != null && known == vm.selectedProperty().get(), detailed);
            ink.note(CanvasInk.Kind.TOKEN, "waiting " + user, wx - R - 2, wy - R - 2, 2 * R + 4, 2 * R + 4, null);
        }
        for (JobToken t : vm.tokens()) {
            double tx;
            double ty;
            if (Double.isNaN(t.x) && t.phase != JobToken.Phase.QUEUED) {
                double[] from = waitingAt.get(t.user()); // taken from the queue: glide out of the waiting line
                if (from == null) {
                    from = lastWaitingAt.get(t.user());
                }
                if (from != null) {
                    t.x = from[0];
                    t.y = from[1];
                    t.toX = from[0];
                    t.toY = from[1];
                }
            }
            switch (t.phase) {
                case QUEUED -> {
                    continue; // drawn with the waiting line above
                }
                case CALLING -> {
                    int s = Math.max(0, t.step);
                    int i = atStation[s]++;
                    if (i >= stationCapacity) {
                        continue; // counted as "+N" on the station
                    }
                    tx = stationX[s] + 8 + R + (i % perStationRow) * (2 * R + 4);
                    ty = stationY[s] + titleH + R + (i / perStationRow) * (2 * R + 4);
                }
                case REDELIVERY, SENT_BACK -> {
                    if (!t.repeat() && waitingAt.containsKey(t.user())) {
                        continue; // visible again: drawn in the waiting line
                    }
                    int i = queueSlot++;
                    if (i >= waitingSlots) {
                        continue;
                    }
                    tx = queueX + R + (i % 3) * (2 * R + 6);
                    ty = 40 + R + (i / 3) * (2 * R + 6);
                }
                case BACKOFF -> {
                    int s = Math.max(0, t.step);
                    int i = inBackoff[s]++;
                    if (i >= backoffCapacity) {
                        continue;
                    }
                    tx = stationX[s] + 70 + R + i * (2 * R + 4);
                    ty = stationY[s] + stationH + 2 + R;
                }
                default -> {
                    int i = finished++;
                    if (i < firstShown) {
                        continue;
                    }
                    int j = i - firstShown;
                    tx = binX + 16 + R + (j % binPerRow) * (2 * R + 4);
                    ty = 40 + R + (j / binPerRow) * (2 * R + 4);
                }
            }
            glide(t, tx, ty, nowNanos);
            lastMoveStartNanos = lastMoveStart;
            drawToken(g, t, nowMs, t == vm.selectedProperty().get(), detailed);
            drawnAt.put(t, new double[] {t.x, t.y});
            ink.note(CanvasInk.Kind.TOKEN, t.phase + " " + t.user(), t.x - R - 2, t.y - R - 2, 2 * R + 4, 2 * R + 4,
                    null);
        }
        // more tokens than a station or its backoff lane can show: say how many are not drawn
        g.setFont(Font.font("System", FontWeight.BOLD, 12));
        g.setTextBaseline(VPos.TOP);
        for (int s = 0; s < SignupSteps.COUNT; s++) {
            if (atStation[s] > stationCapacity) {
                g.setFill(CALLING);
                ink.textRight(g, "count badge", "+" + (atStation[s] - stationCapacity),
                        Font.font("System", FontWeight.BOLD, 12), stationX[s] + stationW - 8, stationY[s] + stationH - 18,
                        null);
            }
            if (inBackoff[s] > backoffCapacity) {
                g.setFill(CALLING);
                ink.text(g, "count badge", "+" + (inBackoff[s] - backoffCapacity), Font.font("System", FontWeight.BOLD, 12),
                        stationX[s] + stationW - 30, stationY[s] + stationH + 4, 0, null);
            }
        }
        g.setFill(MUTED);
        ink.text(g, "waiting", TEXTS.format("canvas.waiting", waiting), Font.font("System", 12), queueX,
                getHeight() - 20, 0, null);
        ink.text(g, "finished", TEXTS.format("canvas.finished", vm.finishedJobs()), Font.font("System", 12), binX + 14,
                getHeight() - 20, 0, null);
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
            g.setLineWidth(3);
            g.strokeArc(t.x - R - 3, t.y - R - 3, 2 * R + 6, 2 * R + 6, 90, 360 * left, ArcType.OPEN);
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
        long u = t.user();
        g.setFont(Font.font("System", FontWeight.BOLD, u < 100 ? 11 : u < 1_000 ? 9 : u < 10_000 ? 7.5 : 6));
        g.fillText(Long.toString(t.user()), t.x, t.y);
        if (t.repeat()) { // a repeated request: the same user's second job
            g.setFill(INK);
            g.setFont(Font.font("System", FontWeight.BOLD, 10));
            g.fillText("R", t.x - R - 4, t.y + R - 2);
        }
        if (t.delivery() > 1) { // delivered again after a crash or a "job in progress" refusal
            drawDeliveryBadge(g, t.x, t.y, t.delivery());
        }
        if (t.phase == JobToken.Phase.LOST) { // lost in the crash: the crash's icon
            drawIcon(g, Concept.CRASH, t.x + R - 2, t.y - R - 6, 12);
        }
        if (t.phase == JobToken.Phase.FAILED) { // out of attempts
            g.setFill(INK);
            g.setFont(Font.font("System", FontWeight.BOLD, 10));
            g.fillText("✗", t.x + R + 4, t.y - R + 2);
        }
        if (t.attempt() > 1 && t.active()) {
            g.setFill(INK);
            g.setFont(Font.font("System", FontWeight.BOLD, 10));
            g.fillText("#" + t.attempt(), t.x + R + 6, t.y - R + 2);
        }
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
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
        return x >= workersX && x <= workersX + stationW && y >= providerY && y <= providerY + providerH;
    }

    /** @return the centre of the worker process box, in this pane's coordinates (for tests that click it). */
    public double[] workersCentre() {
        return new double[] {workersX + stationW / 2, providerY + providerH / 2};
    }

    /** @return true if ({@code x}, {@code y}) is on the email provider. */
    public boolean providerAt(double x, double y) {
        return x >= providerX && x <= providerX + providerW && y >= providerY && y <= providerY + providerH;
    }

    /** @return the centre of the provider box, in this pane's coordinates (for tests that click it). */
    public double[] providerCentre() {
        return new double[] {providerX + providerW / 2, providerY + providerH / 2};
    }

    /** @return where {@code t} was last drawn, or null. */
    public double[] drawnAt(JobToken t) {
        return drawnAt.get(t);
    }
}
