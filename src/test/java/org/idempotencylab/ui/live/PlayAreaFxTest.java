package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.LiveFx.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.VirtualTime;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.idempotencylab.ui.live.CanvasInk.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The play area read from the back of a classroom: what the queue canvas (lane A) and lane B's strip draw on a busy
 * run, box by box, at the sizes they have in the lab's window at 1440 × 900, 1280 × 720 and 1024 × 768 (a window
 * manager, a preset's note open), in normal and in presentation mode: no token or "+N" on a counter, no text on
 * other text or outside its box, whole station titles, larger text in presentation mode, readable tokens and
 * envelopes in lane B.
 */
@ExtendWith(ApplicationExtension.class)
class PlayAreaFxTest {
    /**
     * The queue canvas's size in the lab's window, px: at 1440 × 900, 1280 × 720 and 1024 × 768; in presentation mode
     * also its size now that the tabs fold away there (1024 × 768 with a note: the code's strip below).
     */
    private static final double[][] NORMAL = {{640, 371}, {736, 300}, {780, 300}};
    private static final double[][] PRESENTATION = {{806, 326}, {640, 300}, {730, 300}, {730, 455}};
    /** The queue canvas with room to spare, as in a large window. */
    private static final double[] ROOMY = {1100, 560};
    /**
     * Lane B's strip is as wide as the play area with its code panel: at 1024 × 768 in presentation mode, 1280 × 720
     * and 1440 × 900 in normal mode, 1280 × 720 in presentation mode.
     */
    private static final double[] STRIP_WIDTHS = {730, 734, 880, 985};
    /** The least size of text on the play area, px: lane A's smallest in normal mode (counters, legends, labels). */
    private static final double LEAST_TEXT = 10;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.show();
    }

    /**
     * A busy run: 300 workers on 100,000 sign-ups all waiting at the start, 10% failures and 20% lost replies with
     * no key, 2 minutes in: thousands done at each step, hundreds again at the email step, dozens of tokens at each
     * station and in backoff, envelopes sent again and replies lost.
     */
    private static LiveViewModel busyRun() {
        LiveViewModel vm = busy(Strategy.EACH_STEP_NO_KEY, 120_000);
        while (!latestEnvelope(vm).replyLost()) { // the newest envelope, drawn at any size, with its lost reply
            vm.stepOnce();
        }
        return vm;
    }

    /**
     * The same busy run with the strategy that keeps a record of each step and sends the provider the same key: the
     * stations and the provider draw their bands of keys.
     */
    private static LiveViewModel keyedRun() {
        return busy(Strategy.WHOLE_JOB_SKIP_FINISHED, 20_000);
    }

    /** 300 workers on 100,000 sign-ups, 10% failures, 20% lost replies, played with {@code strategy} to {@code ms}. */
    private static LiveViewModel busy(Strategy strategy, long ms) {
        Scenario s = Scenario.article().toBuilder().jobs(100_000).workers(300).arrivalRate(0).pFail(0.1)
                .lostReply(0.2).build();
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.apply(s, strategy);
        for (int frame = 0; vm.nowMs() < ms && frame < 10_000; frame++) {
            vm.advanceTo(ms, 0); // a frame runs a bounded number of events
        }
        return vm;
    }

    private static Envelope latestEnvelope(LiveViewModel vm) {
        Envelope last = null;
        for (Envelope e : vm.envelopes()) {
            last = e;
        }
        return last;
    }

    /** Shows a new queue canvas of {@code size} in a scene with the lab's style sheets, and draws {@code vm} on it. */
    private QueueCanvas drawn(LiveViewModel vm, double[] size, boolean presentation, Consumer<QueueCanvas> setUp) {
        QueueCanvas[] canvas = new QueueCanvas[1];
        onFx(() -> {
            canvas[0] = new QueueCanvas();
            canvas[0].setPrefSize(size[0], size[1]);
            canvas[0].setMaxSize(size[0], size[1]);
            setUp.accept(canvas[0]);
            show(new Pane(canvas[0]), size[0], size[1], presentation);
            long now = System.nanoTime();
            canvas[0].draw(vm, now);
            canvas[0].draw(vm, now + 1_000_000_000L); // every token at the end of its glide
        });
        return canvas[0];
    }

    private void show(Pane root, double w, double h, boolean presentation) {
        Scene scene = App.scene(root);
        if (presentation) {
            scene.getStylesheets().add(App.class.getResource("presentation.css").toExternalForm());
        }
        stage.setScene(scene);
        stage.setWidth(w + 40);
        stage.setHeight(h + 60);
        root.applyCss();
        root.layout();
    }

    private static List<Box> of(List<Box> boxes, String role) {
        return boxes.stream().filter(b -> b.role().equals(role)).toList();
    }

    private static String where(double[] size, boolean presentation) {
        return (int) size[0] + " × " + (int) size[1] + (presentation ? " presentation" : " normal") + ": ";
    }

    /**
     * @return what a person could not read: a box outside the box it is drawn in; text over other text, over a token
     *         or a shape not its own, or (outside every area) over an area; areas over each other; tokens over
     *         tokens, envelopes over envelopes
     */
    static List<String> collisions(List<Box> boxes) {
        List<String> out = new ArrayList<>();
        for (Box a : boxes) {
            if (a.within() != null && !a.inside(a.within())) {
                out.add(a + " outside " + a.within());
            }
        }
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                Box a = boxes.get(i);
                Box b = boxes.get(j);
                if (a.overlaps(b) && a.within() != b && b.within() != a && unreadable(a, b)) {
                    out.add(a + " on " + b);
                }
            }
        }
        return out;
    }

    private static boolean unreadable(Box a, Box b) {
        if (a.kind() == Kind.AREA || b.kind() == Kind.AREA) {
            Box other = a.kind() == Kind.AREA ? b : a;
            return other.kind() == Kind.AREA || other.kind() == Kind.TEXT && other.within() == null;
        }
        if (a.kind() == Kind.TEXT || b.kind() == Kind.TEXT) {
            return true;
        }
        return a.kind() == b.kind() && a.role().equals(b.role());
    }

    @Test
    void onABusyRunNoTokenAndNoCountBadgeCoversAStationsCounters() {
        LiveViewModel vm = busyRun();
        for (boolean presentation : new boolean[] {false, true}) {
            for (double[] size : presentation ? PRESENTATION : NORMAL) {
                List<Box> boxes = drawn(vm, size, presentation, c -> { }).drawn();
                List<Box> counters = of(boxes, "counter");
                List<Box> badges = of(boxes, "count badge");
                List<Box> tokens = boxes.stream().filter(b -> b.kind() == Kind.TOKEN).toList();
                String at = where(size, presentation);
                assertTrue(counters.size() >= SignupSteps.COUNT + 1, at + "every station's counter, and one again: "
                        + counters);
                assertTrue(counters.stream().anyMatch(c -> c.text().matches("done \\d{1,3}(,\\d{3})+")),
                        at + "thousands done: " + counters);
                assertFalse(badges.isEmpty(), at + "more tokens at a station than it shows: a +N");
                List<String> covered = new ArrayList<>();
                for (Box c : counters) {
                    for (Box t : tokens) {
                        if (t.overlaps(c)) {
                            covered.add(t + " on " + c);
                        }
                    }
                    for (Box b : badges) {
                        if (b.overlaps(c)) {
                            covered.add(b + " on " + c);
                        }
                    }
                }
                assertEquals(List.of(), covered, at + "counters covered");
            }
        }
    }

    /**
     * A job a station had no room for (in its "+N"), or one drawn again after frames out of sight, appears in its
     * place: it does not glide there from where it was last drawn, across the stations' words (a job taken from the
     * queue to a station glides out of its place in the waiting line). Nor does a job that finished before its last
     * glide ended fly to the Done column over the stations: it lands at once.
     */
    @Test
    void aJobOutOfSightOrFinishingMidGlideAppearsInItsPlaceRatherThanGlidingOverTheStations() {
        // a busy run: stations with "+N"; one worker at a frame of 2 s: a job's steps and its end between frames
        Scenario one = Scenario.article().toBuilder().jobs(1_000).arrivalRate(0).lostReply(0.2).build();
        LiveViewModel fast = new LiveViewModel(LiveViewModel.classroomDefaults());
        fast.apply(one, Strategy.EACH_STEP_NO_KEY);
        assertEquals(List.of(), glidesOverTheStations(busyRun(), 200), "a busy run");
        assertEquals(List.of(), glidesOverTheStations(fast, 2_000), "one worker, fast");
    }

    /**
     * Draws {@code vm} in frames {@code frameMs} of virtual time apart and 1 µs of real time (every glide at its
     * start).
     *
     * @return the jobs drawn away from their place: out of sight in the last frame, or finished during a glide
     */
    private List<String> glidesOverTheStations(LiveViewModel vm, long frameMs) {
        QueueCanvas canvas = drawn(vm, NORMAL[1], false, c -> { });
        List<String> glidedIn = new ArrayList<>();
        onFx(() -> {
            long nanos = System.nanoTime() + 2_000_000_000L;
            java.util.Set<JobToken> before = new java.util.HashSet<>();
            java.util.Set<JobToken> gliding = new java.util.HashSet<>(); // towards a place outside the Done column
            for (int frame = 0; frame < 60; frame++) {
                double doneX = of(canvas.drawn(), "done column").get(0).x();
                List<String> waiting = canvas.drawn().stream().filter(b -> b.kind() == Kind.TOKEN
                        && b.within() != null && b.within().role().equals("waiting line"))
                        .map(b -> (b.x() + b.w() / 2) + ", " + (b.y() + b.h() / 2)).toList();
                for (JobToken t : vm.tokens()) {
                    double[] at = canvas.drawnAt(t);
                    if (at != null) {
                        before.add(t);
                    } else {
                        before.remove(t);
                    }
                    if (at != null && (at[0] != t.toX || at[1] != t.toY) && t.toX < doneX) {
                        gliding.add(t);
                    } else {
                        gliding.remove(t);
                    }
                }
                vm.advanceTo(vm.nowMs() + frameMs, 0);
                canvas.draw(vm, nanos += 1_000); // a glide that starts now has not moved yet
                for (JobToken t : vm.tokens()) {
                    double[] at = canvas.drawnAt(t);
                    if (at != null && !t.active() && gliding.contains(t) && at[0] < doneX) {
                        glidedIn.add("user_" + t.user() + " " + t.phase() + " flying from " + at[0] + ", " + at[1]);
                    }
                    boolean toStation = t.phase() == JobToken.Phase.CALLING || t.phase() == JobToken.Phase.BACKOFF;
                    if (at != null && !before.contains(t) && (at[0] != t.toX || at[1] != t.toY)
                            && !(toStation && waiting.contains(at[0] + ", " + at[1]))) {
                        glidedIn.add("user_" + t.user() + " " + t.phase() + " from " + at[0] + ", " + at[1]);
                    }
                }
            }
        });
        return glidedIn;
    }

    /**
     * The Done column moves on by the jobs finished since the last frame (it shows the latest): a job already in it
     * takes its new cell at once, so while jobs finish faster than a glide lasts (a busy run, frames 50 ms apart in
     * real time) the column is a grid of whole, readable numbers, not a pile of tokens on their way up.
     */
    @Test
    void jobsAlreadyInTheDoneColumnTakeTheirNewCellAtOnce() {
        LiveViewModel vm = busyRun();
        QueueCanvas canvas = drawn(vm, NORMAL[1], false, c -> { });
        List<String> sliding = new ArrayList<>();
        int[] moved = {0};
        onFx(() -> {
            long nanos = System.nanoTime() + 2_000_000_000L;
            for (int frame = 0; frame < 40; frame++) {
                double doneX = of(canvas.drawn(), "done column").get(0).x();
                java.util.Map<JobToken, double[]> inColumn = new java.util.HashMap<>();
                for (JobToken t : vm.tokens()) {
                    double[] at = canvas.drawnAt(t);
                    if (at != null && at[0] >= doneX && at[0] == t.toX && at[1] == t.toY) {
                        inColumn.put(t, at.clone());
                    }
                }
                vm.advanceTo(vm.nowMs() + 200, 0);
                canvas.draw(vm, nanos += 50_000_000L); // a glide (a third of a second) is under way
                for (java.util.Map.Entry<JobToken, double[]> e : inColumn.entrySet()) {
                    JobToken t = e.getKey();
                    double[] at = canvas.drawnAt(t);
                    if (at == null) {
                        continue; // scrolled out of the column
                    }
                    if (at[0] != e.getValue()[0] || at[1] != e.getValue()[1]) {
                        moved[0]++;
                    }
                    if (at[0] != t.toX || at[1] != t.toY) {
                        sliding.add("user_" + t.user() + " at " + at[0] + ", " + at[1] + " on its way to " + t.toX
                                + ", " + t.toY);
                    }
                }
            }
        });
        assertTrue(moved[0] > 0, "the column moved on as jobs finished");
        assertEquals(List.of(), sliding, "jobs in the Done column between cells");
    }

    @Test
    void nothingDrawnOverlapsOtherTextAndEveryTextStaysInItsBox() {
        LiveViewModel busy = busyRun();
        LiveViewModel crashed = busyRun();
        crashed.crashWorkers();
        crashed.clickProvider();
        for (boolean presentation : new boolean[] {false, true}) {
            for (double[] size : presentation ? PRESENTATION : NORMAL) {
                for (LiveViewModel vm : List.of(busy, crashed)) {
                    // a second lane marks envelopes that differ from its own with "≠"
                    List<Box> boxes = drawn(vm, size, presentation, c -> c.setEnvelopeMark(e -> e.user() % 2 == 0))
                            .drawn();
                    String at = where(size, presentation) + (vm == crashed ? "workers down, " : "");
                    assertFalse(of(boxes, "provider legend").isEmpty(), at + "the provider's legend");
                    assertTrue(of(boxes, "envelope").size() >= 4, at + "envelopes");
                    assertTrue(boxes.stream().anyMatch(b -> b.role().equals("reply lost mark")), at + "a lost reply");
                    assertTrue(boxes.stream().anyMatch(b -> b.role().equals("difference mark")), at + "a ≠");
                    assertTrue(vm != busy || !of(boxes, "hint").isEmpty(), at + "the workers' click hint");
                    assertEquals(List.of(), collisions(boxes), at + "collisions");
                    for (Box b : boxes) {
                        if (b.kind() == Kind.TEXT) {
                            assertTrue(b.fontSize() >= LEAST_TEXT, at + b + " smaller than " + LEAST_TEXT + " px");
                        }
                    }
                }
            }
        }
    }

    /**
     * The opening scene (its preset), event by event over its first 8 virtual seconds (user_1's duplicate comes at about 6 s),
     * each drawn as its glides begin, half-way and at their end: no token, at rest or gliding, ever covers a word (a
     * glide from the first row of stations to the second went straight over station 8's title at 0:05.56).
     */
    @Test
    void noGlidingTokenCoversAWordInTheOpeningScene() throws Exception {
        ScenarioFile opening;
        try (var in = App.class.getResourceAsStream("/" + Presets.FOLDER + "opening-no-key.json")) {
            opening = new ScenarioFiles(org.idempotencylab.engine.Metric.watchNames()).read(in);
        }
        for (boolean presentation : new boolean[] {false, true}) {
            for (double[] size : presentation ? PRESENTATION : NORMAL) {
                LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
                vm.apply(opening.scenario(), opening.strategies().get(0));
                QueueCanvas canvas = drawn(vm, size, presentation, c -> { });
                String at = where(size, presentation);
                long[] nanos = {System.nanoTime()};
                for (int event = 0; event < 400 && vm.nowMs() < 8_000 && !vm.finishedProperty().get(); event++) {
                    List<String> covered = new ArrayList<>();
                    onFx(() -> {
                        vm.stepOnce();
                        for (long part : new long[] {0, TokenPlacer.MOVE_NANOS / 2, 2 * TokenPlacer.MOVE_NANOS}) {
                            canvas.draw(vm, nanos[0] + part);
                            collisions(canvas.drawn()).stream().filter(c -> c.startsWith("TOKEN")
                                    && c.contains(" on TEXT") || c.contains("on TOKEN") && c.startsWith("TEXT"))
                                    .forEach(c -> covered.add(VirtualTime.format(vm.nowMs()) + " " + c));
                        }
                        nanos[0] += 2 * TokenPlacer.MOVE_NANOS + 1;
                    });
                    assertEquals(List.of(), covered, at + "a token over a word");
                }
            }
        }
    }

    @Test
    void aFullDoneColumnSaysHowManyEarlierJobsItHasNoRoomFor() {
        LiveViewModel vm = busyRun();
        long finished = 0;
        for (JobToken t : vm.tokens()) {
            finished += t.active() || t.phase() == JobToken.Phase.QUEUED ? 0 : 1;
        }
        for (boolean presentation : new boolean[] {false, true}) {
            for (double[] size : presentation ? PRESENTATION : NORMAL) {
                List<Box> boxes = drawn(vm, size, presentation, c -> { }).drawn();
                String at = where(size, presentation);
                List<Box> badges = of(boxes, "count badge").stream()
                        .filter(b -> b.within().role().equals("done column")).toList();
                long tokens = boxes.stream().filter(b -> b.kind() == Kind.TOKEN && b.within() != null
                        && b.within().role().equals("done column")).count();
                // thousands finished in 2 minutes, a column of a few dozen: "+N" and the tokens add up to them all
                assertEquals(1, badges.size(), at + "the Done column's +N: " + badges);
                assertEquals("+" + (finished - tokens), badges.get(0).text(), at + tokens + " of " + finished);
            }
        }
    }

    @Test
    void eachStationAndTheProviderShowTheirKeysWholeInsideTheirBoxes() {
        LiveViewModel vm = keyedRun();
        for (boolean presentation : new boolean[] {false, true}) {
            for (double[] size : presentation ? PRESENTATION : NORMAL) {
                List<Box> boxes = drawn(vm, size, presentation, c -> { }).drawn();
                String at = where(size, presentation);
                List<Box> keys = of(boxes, "key");
                // every station has keys held (300 jobs went through each step in 20 s), each in a chip in it
                assertEquals(SignupSteps.COUNT, keys.stream().map(k -> k.within().within())
                        .filter(b -> b.role().equals("station")).distinct().count(), at + "keys at each station");
                assertTrue(keys.stream().anyMatch(k -> k.within().within().role().equals("provider")),
                        at + "a key the provider remembers: " + keys);
                for (Box k : keys) { // "user_12", or "u12" where a chip that long does not fit
                    assertTrue(k.text().matches("(user_|u)\\d+"), at + "a whole key: " + k);
                    assertTrue(k.fontSize() >= LEAST_TEXT, at + k + " smaller than " + LEAST_TEXT + " px");
                }
                assertEquals(List.of(), collisions(boxes), at + "collisions");
            }
        }
    }

    @Test
    void stationTitlesWrapWholeAndPresentationModeDrawsTheCanvasTextLarger() {
        LiveViewModel vm = busyRun();
        for (boolean presentation : new boolean[] {false, true}) {
            for (double[] size : presentation ? PRESENTATION : NORMAL) {
                List<Box> titles = of(drawn(vm, size, presentation, c -> { }).drawn(), "title");
                String at = where(size, presentation);
                assertTrue(titles.stream().noneMatch(t -> t.text().endsWith("…")), at + "whole titles: " + titles);
                assertTrue(titles.stream().allMatch(t -> t.fontSize() >= 11), at + "titles of 11 px or more: "
                        + titles);
                assertTrue(titles.size() <= 3 * SignupSteps.COUNT, at + "at most three lines each: " + titles);
            }
        }
        // the same room in both modes: presentation never smaller; with room to spare about the lab's presentation
        // type over its plain type larger
        for (double[] size : new double[][] {NORMAL[0], NORMAL[1], NORMAL[2], PRESENTATION[0], PRESENTATION[1],
            PRESENTATION[2], ROOMY}) {
            Map<String, Double> normal = sizes(drawn(vm, size, false, c -> { }).drawn());
            Map<String, Double> large = sizes(drawn(vm, size, true, c -> { }).drawn());
            String at = where(size, true);
            for (String role : List.of("title", "counter", "provider", "provider legend", "legend", "workers",
                    "heading", "waiting", "envelope")) {
                assertTrue(normal.containsKey(role) && large.containsKey(role), at + role + " drawn");
                assertTrue(large.get(role) >= normal.get(role), at + role + " " + large.get(role) + " against "
                        + normal.get(role) + " in normal mode");
                if (size == ROOMY) {
                    assertTrue(large.get(role) >= 1.2 * normal.get(role), at + role + " " + large.get(role)
                            + " against " + normal.get(role) + " in normal mode");
                }
            }
        }
    }

    /**
     * Presentation mode on a canvas with room for it (a lab window at 1440 × 900, a large one): every text drawn is
     * 16 px or more (read from the back of a classroom) and whole in its box (the provider's title on two lines where
     * one is too long), and the tokens grow from 28 px squares to 36.
     */
    @Test
    void withRoomPresentationModeDrawsNoTextUnder16PxAndLargerTokens() {
        for (LiveViewModel vm : List.of(busyRun(), keyedRun())) {
            // the canvas at 1440 × 900 in presentation mode with the opening scene's note (the tabs folded away)
            for (double[] size : new double[][] {ROOMY, {900, 460}, {770, 630}}) {
                List<Box> boxes = drawn(vm, size, true, c -> { }).drawn();
                String at = where(size, true);
                for (Box b : boxes) {
                    if (b.kind() == Kind.TEXT) {
                        assertTrue(b.fontSize() >= QueueLayout.PRESENTATION_LEAST, at + b + " under 16 px");
                    } else if (b.kind() == Kind.TOKEN) {
                        assertEquals(2 * QueueLayout.PRESENTATION_R + 4, b.w(), 1e-9, at + "a token's square " + b);
                    }
                }
                assertEquals(List.of(), collisions(boxes), at + "collisions");
            }
        }
    }

    /** @return the least font size drawn per role */
    private static Map<String, Double> sizes(List<Box> boxes) {
        Map<String, Double> least = new java.util.HashMap<>();
        for (Box b : boxes) {
            if (b.kind() == Kind.TEXT) {
                least.merge(b.role(), b.fontSize(), Math::min);
            }
        }
        return least;
    }

    /** Plays two lanes, lane B without a key, 12 s into 100,000 sign-ups with {@code workers} workers. */
    private static Lanes twoLanes(int workers) {
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        Lanes lanes = live.lanes();
        lanes.prepare(Strategy.EACH_STEP_NO_KEY);
        live.apply(Scenario.article().toBuilder().jobs(100_000).workers(workers).arrivalRate(0).pFail(0.1)
                .lostReply(0.2).build(), Strategy.EACH_STEP_SAME_KEY);
        live.speedProperty().set(1000);
        lanes.togglePlay();
        long now = 0;
        while (lanes.clockMs() < 12_000) {
            now += 1_000_000L;
            lanes.frame(1_000_000L, now); // 1 s of virtual time a frame
        }
        live.playingProperty().set(false);
        return lanes;
    }

    private LaneStrip strip(Lanes lanes, double width, boolean presentation) {
        LaneStrip[] strip = new LaneStrip[1];
        onFx(() -> {
            strip[0] = new LaneStrip();
            strip[0].setPrefWidth(width);
            strip[0].setMaxWidth(width);
            show(new Pane(strip[0]), width, LaneStrip.HEIGHT, presentation);
            strip[0].draw(lanes);
        });
        return strip[0];
    }

    /** @return how many of {@code boxes} are drawn in an area of {@code role} */
    private static long in(List<Box> boxes, String role) {
        return boxes.stream().filter(b -> b.within() != null && b.within().role().equals(role)).count();
    }

    @Test
    void laneBDrawsItsTokensAndEnvelopesReadablyAndStaysCompact() {
        Lanes calm = twoLanes(12);  // a job or two at a station
        Lanes busy = twoLanes(300); // more than a station shows: "+N"
        for (boolean presentation : new boolean[] {false, true}) {
            for (double width : STRIP_WIDTHS) {
                for (Lanes lanes : List.of(calm, busy)) {
                    LaneStrip strip = strip(lanes, width, presentation);
                    List<Box> boxes = strip.drawn();
                    String at = where(new double[] {width, LaneStrip.HEIGHT}, presentation)
                            + (lanes == busy ? "busy, " : "");
                    assertEquals(LaneStrip.HEIGHT, strip.getHeight(), 0.5, at + "lane B stays compact");
                    List<Box> tokens = boxes.stream().filter(b -> b.kind() == Kind.TOKEN).toList();
                    for (Box b : boxes) {
                        if (b.kind() == Kind.TEXT) {
                            assertTrue(b.fontSize() >= LEAST_TEXT, at + b + " smaller than " + LEAST_TEXT + " px");
                        }
                    }
                    for (Box t : tokens) {
                        assertTrue(t.h() >= LEAST_TEXT + 4, at + "a token's height " + t);
                    }
                    assertTrue(in(tokens, "waiting line") >= 4, at + "the first waiting sign-ups: " + tokens);
                    if (lanes == calm) {
                        assertTrue(in(tokens, "station") >= 5, at + "jobs at the stations: " + tokens);
                    } else {
                        assertTrue(of(boxes, "count badge").size() >= 5, at + "+N at the stations: " + boxes);
                    }
                    assertTrue(of(boxes, "envelope").stream().filter(l -> l.kind() == Kind.TEXT).count() >= 4,
                            at + "envelopes: " + boxes);
                    assertEquals(List.of(), collisions(boxes), at + "collisions");
                }
            }
        }
    }
}
