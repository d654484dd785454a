package org.idempotencylab.ui;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.value.ObservableStringValue;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.kit.ScenarioView;
import org.idempotencylab.ui.live.Lanes;
import org.idempotencylab.ui.live.LiveViewModel;

/**
 * "Watch it happen" as the classroom kit sees it: a preset's first strategy, or its two lanes, reset onto the live
 * view at the size and speed that show what the preset teaches ({@link ClassroomCut}); its watched number so far
 * whenever the run stands still part way (paused by hand or at a duplicate) or plays on after such a pause, and the
 * final one once the run's last job ended.
 */
final class LiveScenarioView implements ScenarioView {
    private static final Texts TEXTS = Texts.of(LiveScenarioView.class);
    /** How often the watched number so far is said again while the run plays, per real second. */
    private static final int WATCH_UPDATES_PER_SECOND = 4;
    private final LiveViewModel live;
    // the preset last loaded and the subset of it that plays: the view shows the preset while it plays that subset
    private Scenario loadedPreset;
    private Scenario loadedCut;
    private Scenario cutRun; // lane A's scenario of the cut: the note under the toolbar goes with a run of another

    /** @param live the live view's model (lane A, and through it lane B) */
    LiveScenarioView(LiveViewModel live) {
        this.live = live;
        live.addFrameListener(new LiveRunListener() {
            @Override
            public void attached(SignupSimulation simulation) {
                if (!simulation.scenario().equals(cutRun)) {
                    live.playNoteProperty().set(""); // another run: the preset's note no longer tells it
                }
            }

            @Override
            public void frame(long nowMs) {
                // the note stays while the preset's run plays
            }
        });
    }

    @Override
    public void load(Scenario scenario, List<Strategy> strategies, Metric watched) {
        play(scenario, strategies.get(0), null, watched);
    }

    /**
     * A file that names two lanes plays them side by side (lane A in the fields, lane B beside it, on the same
     * scenario and seed); any other file plays its first strategy alone. Either plays a classroom-sized subset of
     * its sign-ups at the speed that shows its phenomenon ({@link ClassroomCut}), said in the teaching note beside
     * the view ({@link #playNote}).
     */
    @Override
    public void load(ScenarioFile file, Metric watched) {
        List<Strategy> lanes = file.laneStrategies();
        if (lanes.isEmpty()) {
            live.lanes().prepare(null);
            play(file.scenario(), file.strategies().get(0), null, watched);
            return;
        }
        Strategy b = ScenarioViews.laneB(lanes.get(0), lanes.get(1), file.scenario());
        live.lanes().prepare(b);
        play(file.scenario(), lanes.get(0), b, watched);
    }

    /** Loads {@code first} (and lane B's {@code b}, or null) on the cut of {@code preset}, at the cut's speed. */
    private void play(Scenario preset, Strategy first, Strategy b, Metric watched) {
        live.lanes().watch(b == null ? null : watched);
        ClassroomCut.Cut cut = ClassroomCut.of(preset, first, b, watched, LiveViewModel.lessonSpeed(preset));
        loadedPreset = preset;
        loadedCut = cut.scenario();
        // the strategy's own settings go into the fields, so what the panel shows is what plays
        live.apply(first.on(cut.scenario()), first.withSettings(Map.of()));
        live.speedProperty().set(cut.speed());
        cutRun = first.on(cut.scenario());
        live.playNoteProperty().set(noteText(cut, b != null));
    }

    /**
     * @return "The first 200 of the preset's 100,000 sign-ups, at 5×: the lanes first differ at 0:41.250, 8 s
     *         after Play. Compare strategies runs all of them."; without a subset only the speed and the moment;
     *         "" when nothing is cut and the run plays at 1× or the moment never comes
     */
    static String noteText(ClassroomCut.Cut cut, boolean twoLanes) {
        String speed = TEXTS.format("live.cut.speedText", cut.speed());
        String moment = cut.phenomenonMs() < 0 ? TEXTS.get("live.cut.never")
                : TEXTS.format(twoLanes ? "live.cut.lanes" : "live.cut.one", VirtualTime.format(cut.phenomenonMs()),
                        Math.max(1, Math.round(cut.realSeconds())));
        if (cut.subset()) {
            return TEXTS.format("live.cut.subset", cut.scenario().jobs(), cut.presetJobs(), speed, moment);
        }
        // real time shows it by itself: nothing to say
        return cut.phenomenonMs() < 0 || cut.speed() == 1 ? "" : TEXTS.format("live.cut.speed", speed, moment);
    }

    @Override
    public Scenario scenario() {
        return live.scenario();
    }

    @Override
    public List<Strategy> strategies() {
        return List.of(live.strategyProperty().get());
    }

    /** With "Beside it:" on (and possible): lane A's strategy, then lane B's, as the window shows them. */
    @Override
    public List<Strategy> lanes() {
        Lanes lanes = live.lanes();
        Strategy b = lanes.secondStrategyProperty().get();
        return lanes.secondOnProperty().get() && lanes.availableProperty().get() && b != null
                ? List.of(live.strategyProperty().get(), b) : List.of();
    }

    /** A preset loaded last counts as shown while the view shows the subset of it that plays. */
    @Override
    public boolean shows(Scenario scenario, List<Strategy> strategies) {
        Strategy first = strategies.get(0);
        Scenario played = scenario.equals(loadedPreset) ? loadedCut : scenario;
        return ScenarioView.super.shows(first.on(played), List.of(first.withSettings(Map.of())));
    }

    /** The file's lane A (its first strategy without lanes) and its lane B as it was set up, or one lane. */
    @Override
    public boolean shows(ScenarioFile file) {
        List<Strategy> fileLanes = file.laneStrategies();
        List<Strategy> mine = lanes();
        if (fileLanes.isEmpty()) {
            return mine.isEmpty() && ScenarioView.super.shows(file);
        }
        return mine.size() == 2 && shows(file.scenario(), fileLanes)
                && mine.get(1).equals(ScenarioViews.laneB(fileLanes.get(0), fileLanes.get(1), file.scenario()));
    }

    /** The classroom subset and speed a loaded preset plays at, and when its phenomenon comes. */
    @Override
    public ObservableStringValue playNote() {
        return live.playNoteProperty();
    }

    @Override
    public void startRun() {
        // the person presses Play: the lesson is in watching it happen
    }

    @Override
    public void play() {
        if (!live.playingProperty().get()) {
            live.togglePlay(); // from the start of the run just loaded
        }
    }

    @Override
    public String waitingText(boolean runStarting) {
        return TEXTS.format("live.waiting", live.speedProperty().get());
    }

    /** The live run's number once its last job ended (the clock may run on while keys expire). */
    @Override
    public void addResultsListener(Consumer<List<StrategyResult>> listener) {
        live.addFrameListener(new LiveRunListener() {
            private SignupSimulation sim;

            @Override
            public void attached(SignupSimulation simulation) {
                sim = simulation;
            }

            @Override
            public void frame(long nowMs) {
                if (sim != null && sim.isFinished()) {
                    listener.accept(List.of(sim.result()));
                }
            }
        });
    }

    /**
     * The watched number as the run stands: the final one once its last job ended; part way, once the run has moved
     * (a run at 0:00 keeps the note's "press Play" line), the number so far, saying whether the run stands paused
     * (and where) or plays on: never "the number comes when the run ends" beside a paused run whose number is on
     * screen.
     */
    @Override
    public void addWatchListener(Consumer<Function<Metric, String>> listener) {
        Runnable say = () -> {
            SignupSimulation sim = live.simulation();
            if (sim == null || !sim.isFinished() && (sim.nowMs() == 0 || live.database() != null)) {
                return; // at 0:00 the note's line says what to press; a database's counts are read off this thread
            }
            List<StrategyResult> r = List.of(sim.result());
            Workflow flow = sim.scenario().workflow(); // the number named in the run's own words
            if (sim.isFinished()) {
                listener.accept(m -> ScenarioKit.watchText(m.id(), flow, r));
            } else if (live.playingProperty().get()) {
                listener.accept(m -> TEXTS.format("live.soFar.playing", ScenarioKit.watchText(m.id(), flow, r)));
            } else {
                String at = VirtualTime.format(sim.nowMs());
                listener.accept(m -> TEXTS.format("live.soFar.paused", ScenarioKit.watchText(m.id(), flow, r), at));
            }
        };
        live.addFrameListener(new LiveRunListener() {
            @Override
            public void attached(SignupSimulation simulation) {
                // a new run: its number comes with its first frame that moved
            }

            @Override
            public void frame(long nowMs) {
                say.run();
            }
        }, WATCH_UPDATES_PER_SECOND);
        live.playingProperty().addListener((o, was, playing) -> say.run());
    }
}
