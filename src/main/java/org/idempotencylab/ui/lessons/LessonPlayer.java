package org.idempotencylab.ui.lessons;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import org.idempotencylab.engine.FrameWatch;
import org.idempotencylab.engine.LessonRun;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.Lesson;
import org.idempotencylab.scenario.LessonFiles;
import org.idempotencylab.scenario.LessonFrame;
import org.idempotencylab.scenario.Lessons;
import org.idempotencylab.scenario.Prediction;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StopCondition;
import org.idempotencylab.scenario.Tally;
import org.idempotencylab.ui.LiveRunListener;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * The lesson player's view-model: which lesson and frame is shown, the class's prediction, and where the frame's
 * run is. Opening a frame loads its scenario into the live view ({@link LessonStage}: one lane, the frame's
 * strategy and speed, whatever was open before), paused at 0, or, when the previous frame played the same scenario
 * and strategy, at the previous frame's moment (the run replayed there in tens of ms, so the class does not wait
 * through what it saw already); {@link #primary()} plays it, and when the frame's {@link StopCondition} is met (a
 * {@link FrameWatch} on the run hears every event) the run is paused and the answer revealed: the measured number beside the prediction. Continue and Back move
 * between frames. A Reset of the same run in the live view replays the frame to its moment. Uses
 * {@code javafx.beans} only; call it on the FX thread.
 */
public final class LessonPlayer {
    private static final Texts TEXTS = Texts.of(LessonPlayer.class);
    /** Real time a frame should take to reach its moment, ms: the speed is chosen for it (at least 1×). */
    static final long FRAME_REAL_MS = 8_000;

    /** Where the frame is. */
    public enum State {
        /** No lesson is open. */
        CLOSED,
        /** The frame is loaded, paused at its start: the class reads and predicts. */
        READY,
        /** The frame plays towards its moment. */
        PLAYING,
        /** The frame paused at its moment; the answer is shown. */
        REVEALED
    }

    private final LessonStage stage;
    private final LessonFiles reader;
    private Lessons.Catalog catalog;
    private final ReadOnlyLongWrapper version = new ReadOnlyLongWrapper(this, "version");
    private final ReadOnlyBooleanWrapper open = new ReadOnlyBooleanWrapper(this, "open");
    /** Each frame's moment, virtual ms from 0, as its headless run finds it (read once a frame). */
    private final Map<LessonFrame, Long> moments = new HashMap<>();
    private Runnable showStage = () -> { };

    private Lessons.Entry lesson;
    private int frame;
    private State state = State.CLOSED;
    private int chosen = -1;
    private long measured;
    private long reachedAtMs;
    private boolean endedEarly;
    private boolean settling; // pausing at the moment replays the run to it (the timeline): ignore that run
    private String notice = "";
    private FrameWatch watch;
    private SignupSimulation sim;

    /**
     * @param stage where frames play: the live view
     * @param reader the lessons' reader (the built-in presets, the engine's steps)
     */
    public LessonPlayer(LessonStage stage, LessonFiles reader) {
        this.stage = stage;
        this.reader = reader;
        stage.addRunListener(new LiveRunListener() {
            @Override
            public void attached(SignupSimulation simulation) {
                onRun(simulation);
            }

            @Override
            public void frame(long nowMs) {
                onFrame(nowMs);
            }
        });
        stage.playingProperty().addListener((o, was, playing) -> {
            if (playing && state == State.READY && watch != null) {
                state = State.PLAYING; // Play pressed in the live view: the frame plays to its moment all the same
                changed();
            } else if (!playing && state == State.PLAYING) {
                state = State.READY; // paused by hand before the moment
                changed();
            }
        });
    }

    /** @return the lessons' reader over the built-in presets, the engine's metrics and steps */
    public static LessonFiles defaultReader() {
        return Lessons.reader(new ScenarioFiles(Metric.watchNames()), SignupSteps.NAMES);
    }

    /** @param show selects the live view's tab (App gives it once the window's frame is built) */
    public void setShowStage(Runnable show) {
        this.showStage = show;
    }

    /** @return the built-in lessons in menu order (read once); those that do not read are in {@link #problems()} */
    public List<Lessons.Entry> lessons() {
        return catalog().lessons();
    }

    /** @return one line for each built-in lesson that did not read, naming the file, the field and the value */
    public List<String> problems() {
        return catalog().problems();
    }

    private Lessons.Catalog catalog() {
        if (catalog == null) {
            catalog = new Lessons(reader).read();
        }
        return catalog;
    }

    /**
     * Opens the built-in lesson {@code name} (-Dlab.lesson=lost-reply.json; the {@code .json} may be left out) at
     * its first frame, or at frame N (from 1) with {@code name:N} ({@code stuck-in-progress:3}); an unknown name or
     * frame opens the panel with a line naming it and what there is.
     *
     * @return true if one was opened
     */
    public boolean open(String name) {
        String file = name;
        int at = 1;
        int colon = name.lastIndexOf(':');
        if (colon > 0 && name.substring(colon + 1).matches("[0-9]{1,3}")) {
            file = name.substring(0, colon);
            at = Integer.parseInt(name.substring(colon + 1));
        }
        String fileName = file.endsWith(".json") ? file : file + ".json";
        for (Lessons.Entry e : lessons()) {
            if (e.fileName().equals(fileName)) {
                int frames = e.lesson().frames().size();
                if (at < 1 || at > frames) {
                    return refuse(TEXTS.format("notice.noFrame", e.fileName(), at, frames));
                }
                lesson = e;
                notice = "";
                show(at - 1);
                open.set(true);
                return true;
            }
        }
        return refuse(TEXTS.format("notice.noLesson", name, String.join(", ", lessons().stream()
                .map(Lessons.Entry::fileName).toList())));
    }

    private boolean refuse(String why) {
        lesson = null;
        state = State.CLOSED;
        notice = why;
        open.set(true);
        changed();
        return false;
    }

    /** Opens the panel on the lines saying which built-in lessons did not read, and why. */
    public void showProblems() {
        lesson = null;
        state = State.CLOSED;
        notice = "";
        open.set(true);
        changed();
    }

    /** Opens {@code entry} at its first frame. */
    public void open(Lessons.Entry entry) {
        lesson = entry;
        notice = "";
        show(0);
        open.set(true);
    }

    /** Closes the panel; the live view keeps the frame's run as it is. */
    public void close() {
        if (!open.get()) {
            return;
        }
        lesson = null;
        watch = null;
        state = State.CLOSED;
        notice = "";
        open.set(false);
        changed();
    }

    private void show(int index) {
        frame = index;
        chosen = -1;
        measured = 0;
        reachedAtMs = -1;
        endedEarly = false;
        state = State.READY;
        watch = null;
        LessonFrame f = current();
        long from = startMs(index);
        stage.load(f.scenario(), f.strategy(), speed(f, from));
        if (from > 0) {
            stage.seek(from); // a replay without animation: the frame's watch hears the run from 0 all the same
        }
        showStage.run();
        changed();
    }

    /**
     * @return virtual ms at which frame {@code index} starts: the previous frame's moment when that frame played
     *         the same scenario with the same strategy and this frame's moment comes later (the story goes on from
     *         where the class saw it pause), else 0
     */
    long startMs(int index) {
        if (index == 0) {
            return 0;
        }
        LessonFrame before = frames().get(index - 1);
        LessonFrame f = frames().get(index);
        return sameRun(before, f) && moment(f) > moment(before) ? moment(before) : 0;
    }

    /** @return true if both frames play the same scenario with the same strategy, so the same run */
    static boolean sameRun(LessonFrame a, LessonFrame b) {
        return a.strategy().on(a.scenario()).equals(b.strategy().on(b.scenario()))
                && a.strategy().scope() == b.strategy().scope() && a.strategy().keyMode() == b.strategy().keyMode()
                && a.strategy().store() == b.strategy().store();
    }

    /** @return the frame's moment, virtual ms (its headless run, once: milliseconds for the live view's sizes) */
    private long moment(LessonFrame f) {
        return moments.computeIfAbsent(f, k -> LessonRun.play(k).atMs());
    }

    /**
     * @param from virtual ms at which the frame starts ({@link #startMs})
     * @return the speed that brings the frame's moment in about {@value #FRAME_REAL_MS} ms of real time from
     *         {@code from}, at least 1× and at most 1000×
     */
    private double speed(LessonFrame f, long from) {
        long left = Math.max(0, moment(f) - from);
        return Math.max(1, Math.min(1000, Math.round(left / (double) FRAME_REAL_MS * 10) / 10.0));
    }

    /** A new run in the live view: the frame's (loaded or Reset) is watched; any other one is not. */
    private void onRun(SignupSimulation simulation) {
        if (settling) { // the moment's replay: the same run, back at its moment
            sim = simulation;
            return;
        }
        if (lesson == null || state == State.CLOSED) {
            return;
        }
        LessonFrame f = current();
        boolean mine = simulation.scenario().equals(f.strategy().on(f.scenario()))
                && simulation.strategy().scope() == f.strategy().scope()
                && simulation.strategy().keyMode() == f.strategy().keyMode()
                && simulation.strategy().store() == f.strategy().store();
        sim = simulation;
        if (mine) {
            watch = new FrameWatch(f);
            simulation.addListener(watch);
            if (state == State.REVEALED) { // the live view's Reset: the frame plays to its moment again
                state = State.READY;
                endedEarly = false;
            }
        } else {
            watch = null;
        }
        changed();
    }

    private void onFrame(long nowMs) {
        if (settling) {
            return;
        }
        if (watch == null || state == State.REVEALED || state == State.CLOSED) {
            return;
        }
        boolean finished = sim != null && sim.isFinished();
        if (watch.check(nowMs, finished) || finished) {
            endedEarly = !watch.reached();
            measured = watch.measured();
            reachedAtMs = watch.reached() ? watch.reachedAtMs() : nowMs;
            settling = true; // the seek back to the moment starts a replayed run: not a Reset of the frame
            try {
                // the clock stops at the moment itself, the caption on the job of the event waited for
                stage.pauseAt(reachedAtMs, watch.reached() ? watch.reachedBy() : null);
            } finally {
                settling = false;
            }
            state = State.REVEALED;
            changed();
        }
    }

    /** Play to the moment (before it), or Continue to the next frame (after it; on the last frame: close). */
    public void primary() {
        switch (state) {
            case READY -> {
                if (watch == null) { // the live view shows another run now: load the frame again
                    show(frame);
                }
                state = State.PLAYING;
                stage.play();
                changed();
            }
            case REVEALED -> {
                if (frame + 1 < frames().size()) {
                    show(frame + 1);
                } else {
                    close();
                }
            }
            default -> {
            }
        }
    }

    /** Back to the previous frame's start. */
    public void back() {
        if (lesson != null && frame > 0) {
            show(frame - 1);
        }
    }

    /** Shows the current frame again from its start. */
    public void replay() {
        if (lesson != null) {
            show(frame);
        }
    }

    /** @param option the class's prediction, a choice's place from 0; ignored once the answer is shown */
    public void choose(int option) {
        if (state == State.REVEALED || current() == null || current().predict() == null
                || option < 0 || option >= current().predict().options().size()) {
            return;
        }
        chosen = option;
        changed();
    }

    private void changed() {
        version.set(version.get() + 1);
    }

    private List<LessonFrame> frames() {
        return lesson.lesson().frames();
    }

    /** @return the frame shown, or null when no lesson is open */
    public LessonFrame current() {
        return lesson == null ? null : frames().get(frame);
    }

    // ------------------------------------------------------------------ what the panel shows

    /** @return changes on every change of what the panel shows */
    public ReadOnlyLongProperty versionProperty() {
        return version.getReadOnlyProperty();
    }

    /** @return true while the panel is shown (a lesson, or a line saying why none opened) */
    public ReadOnlyBooleanProperty openProperty() {
        return open.getReadOnlyProperty();
    }

    /** @return where the frame is */
    public State state() {
        return state;
    }

    /** @return the class's prediction, or -1 */
    public int chosen() {
        return chosen;
    }

    /** @return the frame's place, from 0 */
    public int frameIndex() {
        return frame;
    }

    /** @return the prediction's measure when the frame paused (0 before) */
    public long measured() {
        return measured;
    }

    /** @return the open lesson, or null */
    public Lesson lesson() {
        return lesson == null ? null : lesson.lesson();
    }

    /** @return the line shown when -Dlab.lesson named no lesson, or "" */
    public String notice() {
        return notice;
    }

    /** @return "Frame 2 of 5" */
    public String frameCountText() {
        return lesson == null ? "" : TEXTS.format("frame.count", frame + 1, frames().size());
    }

    /** @return what the status line says: what the frame waits for, that it plays, or where it paused */
    public String statusText() {
        LessonFrame f = current();
        if (f == null) {
            return "";
        }
        String until = conditionText(f.until());
        return switch (state) {
            case READY -> TEXTS.format("status.ready", until);
            case PLAYING -> TEXTS.format("status.playing", until);
            case REVEALED -> endedEarly ? TEXTS.format("status.ended", until, VirtualTime.format(reachedAtMs))
                    : TEXTS.format("status.paused", VirtualTime.format(reachedAtMs), until);
            case CLOSED -> "";
        };
    }

    /** @return the primary button's words: "Play to the moment ▶", "Playing…", "Continue →" or "Finish the lesson" */
    public String primaryText() {
        return switch (state) {
            case READY -> TEXTS.get("button.play");
            case PLAYING -> TEXTS.get("button.playing");
            case REVEALED -> frame + 1 < frames().size() ? TEXTS.get("button.continue") : TEXTS.get("button.finish");
            case CLOSED -> "";
        };
    }

    /**
     * @param option a choice's place
     * @return the choice's words, and once revealed its mark in words and symbol, not colour alone:
     *         "Two  ✓ right answer", "One  ✗ your prediction"
     */
    public String optionText(int option) {
        Prediction p = current().predict();
        String text = p.options().get(option).text();
        if (state != State.REVEALED) {
            return text;
        }
        if (option == p.answer()) {
            return TEXTS.format(option == chosen ? "option.rightChosen" : "option.right", text);
        }
        return option == chosen ? TEXTS.format("option.wrongChosen", text) : text;
    }

    /** @return true if the choice is the right answer and the answer is shown */
    public boolean isMarkedRight(int option) {
        return state == State.REVEALED && option == current().predict().answer();
    }

    /** @return true if the choice is the class's wrong prediction and the answer is shown */
    public boolean isMarkedWrong(int option) {
        return state == State.REVEALED && option == chosen && option != current().predict().answer();
    }

    /**
     * @return after the reveal, the answer beside the prediction: "✓ You predicted Two: right. Measured: 2 welcome
     *         emails of user_1."; before it, ""
     */
    public String revealText() {
        LessonFrame f = current();
        if (f == null || f.predict() == null || state != State.REVEALED) {
            return "";
        }
        Prediction p = f.predict();
        String right = p.options().get(p.answer()).text();
        String verdict = chosen < 0 ? TEXTS.format("reveal.none", right)
                : chosen == p.answer() ? TEXTS.format("reveal.right", right)
                : TEXTS.format("reveal.wrong", p.options().get(chosen).text(), right);
        return verdict + " " + TEXTS.format("reveal.measured", measured, tallyText(p.measure()));
    }

    /** @return the frame's explanation once its moment is shown, else "" */
    public String explainText() {
        LessonFrame f = current();
        return f == null || state != State.REVEALED ? "" : f.explain();
    }

    /** @return e.g. "the first duplicate side effect at step 7 (send the welcome email)" */
    static String conditionText(StopCondition c) {
        return switch (c.kind()) {
            case END -> TEXTS.get("until.end");
            case TIME -> TEXTS.format("until.time", VirtualTime.format(c.atMs()));
            case EVENT -> (c.times() == 1 ? TEXTS.get("until.first") : TEXTS.format("until.nth", c.times()))
                    + " " + TEXTS.get("event." + c.tally().count().fileName()) + narrowing(c.tally());
        };
    }

    /** @return e.g. "welcome emails of user_1", "steps done again at step 7 (send the welcome email)" */
    static String tallyText(Tally t) {
        return TEXTS.get("count." + t.count().fileName()) + narrowing(t);
    }

    private static String narrowing(Tally t) {
        String s = t.step() == 0 ? "" : TEXTS.format("narrow.step", t.step(), SignupSteps.NAMES.get(t.step() - 1));
        return t.user() < 0 ? s : s + TEXTS.format("narrow.user", t.user());
    }
}
