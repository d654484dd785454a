package org.idempotencylab.ui.live;

import java.util.List;
import java.util.function.Predicate;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.live.CanvasInk.Box;

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

    private final Canvas canvas = new Canvas();
    private final CanvasInk ink = new CanvasInk(this, this::retype);
    private final QueueHits hits = new QueueHits();
    private final ColumnPainter columns = new ColumnPainter(ink);
    private final StationPainter stations = new StationPainter(ink);
    private final KeyPainter keys = new KeyPainter(ink);
    private final ProviderPainter provider = new ProviderPainter(ink, keys);
    private final WorkersPainter workers = new WorkersPainter(ink);
    private final LegendPainter legend = new LegendPainter(ink);
    private final TokenPlacer tokens = new TokenPlacer(ink, hits, columns, stations);
    // the layout, made again on a resize and when the window's type changes (layoutChildren)
    private QueueLayout layout;
    private double laidW = -1;
    private double laidH = -1;
    private double laidScale;
    /** The bands of keys laid out: the stations' (the run's steps keep a record), the provider's (it sends a key). */
    private StageKeys.Bands laidKeys = StageKeys.Bands.NONE;
    /** The workflow laid out: a station per step. */
    private Workflow laidFlow = Workflow.SIGNUP;
    /** The height the 16 px layout needs ({@link #neededHeight}), and the width, type and bands it was measured for. */
    private double needed;
    private double neededFor = -1;
    private double neededScale;
    private StageKeys.Bands neededKeys = StageKeys.Bands.NONE;
    private Workflow neededFlow = Workflow.SIGNUP;
    // what the last frame drew
    private long drawnVersion = -1;
    private double drawnWidth;
    private double drawnHeight;
    /** Whether the last frame drawn had every glide at its end (a frame skipped mid-glide must still be drawn). */
    private boolean drawnSettled;
    private LiveViewModel lastModel;
    private long lastNowNanos;
    private boolean snap;
    /** Which envelopes differ from the other lane's (two lanes, {@link Lanes#differs}); none by default. */
    private Predicate<Envelope> envelopeMark = e -> false;

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

    /** @return true in presentation mode: the window's type larger than the lab's plain type */
    boolean presentation() {
        return ink.scale() > 1.01;
    }

    /**
     * @return the least width the canvas wants beside the code and the parameters, px: its least, and in presentation
     *         mode {@link QueueLayout#PRESENTATION_WIDTH}, the width its text fits at 16 px from
     */
    double leastWidth() {
        return presentation() ? Math.max(minWidth(-1), QueueLayout.PRESENTATION_WIDTH) : minWidth(-1);
    }

    /**
     * @return the height, px, the canvas needs at its present width for every text at 16 px in presentation mode
     *         ({@link QueueLayout#neededHeight}); its least height in normal mode or where no height would do.
     *         Measured again when the width, the type, the run's bands of keys or its workflow change.
     */
    double neededHeight() {
        StageKeys.Bands keyed = lastModel == null ? laidKeys : lastModel.stageKeys().bands();
        Workflow flow = lastModel == null ? laidFlow : lastModel.workflow();
        if (getWidth() != neededFor || ink.scale() != neededScale || !keyed.equals(neededKeys)
                || !flow.equals(neededFlow)) {
            neededFor = getWidth();
            neededScale = ink.scale();
            neededKeys = keyed;
            neededFlow = flow;
            needed = getWidth() <= 0 ? minHeight(-1)
                    : QueueLayout.neededHeight(ink, getWidth(), minHeight(-1), neededScale, keyed, flow);
        }
        return needed;
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
        StageKeys.Bands keyed = lastModel == null ? laidKeys : lastModel.stageKeys().bands();
        Workflow flow = lastModel == null ? laidFlow : lastModel.workflow();
        if (getWidth() != laidW || getHeight() != laidH || retyped || !keyed.equals(laidKeys)
                || !flow.equals(laidFlow)) {
            layOut(keyed, flow);
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

    private void layOut(StageKeys.Bands keyed, Workflow flow) {
        laidW = getWidth();
        laidH = getHeight();
        laidScale = ink.scale();
        laidKeys = keyed;
        laidFlow = flow;
        layout = QueueLayout.of(ink, laidW, laidH, laidScale, laidKeys, laidFlow);
        hits.laidOut(layout);
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
        // a run whose steps keep a record, or no longer do; a run of another workflow
        if (!vm.stageKeys().bands().equals(laidKeys) || !vm.workflow().equals(laidFlow)) {
            layOut(vm.stageKeys().bands(), vm.workflow());
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
        columns.drawFrame(g, layout, w, h);
        stations.draw(g, layout, vm);
        keys.drawStations(g, layout, vm.stageKeys(), vm.nowMs(), stations);
        provider.draw(g, layout, vm, envelopeMark);
        workers.draw(g, layout, vm);
        legend.draw(g, layout);
        tokens.place(g, layout, vm, nowNanos, snap, w, h);
        drawnSettled = nowNanos - tokens.lastMoveStartNanos() >= TokenPlacer.MOVE_NANOS;
    }

    /** @param mark true for an envelope to draw with the "≠" mark (a difference between two lanes) */
    public void setEnvelopeMark(Predicate<Envelope> mark) {
        envelopeMark = mark;
        drawnVersion = -1;
    }

    /** @return the token drawn under ({@code x}, {@code y}), or null. */
    public JobToken tokenAt(double x, double y) {
        return hits.tokenAt(x, y);
    }

    /** @return the user number of the waiting sign-up drawn under ({@code x}, {@code y}), or -1. */
    public long waitingUserAt(double x, double y) {
        return hits.waitingUserAt(x, y);
    }

    /** @return true if ({@code x}, {@code y}) is on the worker process box (a click crashes it). */
    public boolean workersAt(double x, double y) {
        return hits.workersAt(x, y);
    }

    /** @return the centre of the worker process box, in this pane's coordinates (for tests that click it). */
    public double[] workersCentre() {
        return hits.workersCentre();
    }

    /** @return true if ({@code x}, {@code y}) is on the email provider. */
    public boolean providerAt(double x, double y) {
        return hits.providerAt(x, y);
    }

    /** @return the centre of the provider box, in this pane's coordinates (for tests that click it). */
    public double[] providerCentre() {
        return hits.providerCentre();
    }

    /** @return where {@code t} was last drawn, or null. */
    public double[] drawnAt(JobToken t) {
        return hits.drawnAt(t);
    }
}
