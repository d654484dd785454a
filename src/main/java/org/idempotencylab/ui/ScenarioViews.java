package org.idempotencylab.ui;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.SweepSpec;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.explore.Counterexample;
import org.idempotencylab.ui.explore.CounterexampleStage;
import org.idempotencylab.ui.kit.ScenarioKit;
import org.idempotencylab.ui.kit.ScenarioView;
import org.idempotencylab.ui.lessons.LessonStage;
import org.idempotencylab.ui.live.LiveViewModel;
import org.idempotencylab.ui.sweep.SweepViewModel;

/**
 * The adapters that let the classroom kit load scenarios into "Compare strategies", "Watch it happen" and "Sweep"
 * without any of them knowing the others: each is a {@link ScenarioView} over the view's own model, written against that
 * model's public API; and those through which the lessons and the Explore tab play in "Watch it happen". {@link App}
 * builds them; they are the one place that knows both sides.
 */
final class ScenarioViews {
    private static final Texts TEXTS = Texts.of(ScenarioViews.class);

    private ScenarioViews() {
    }

    /** @return "Compare strategies" as the kit sees it: a preset's strategies side by side, run at once or on Ctrl+R */
    static ScenarioView compare(CompareViewModel compare) {
        return new ScenarioView() {
            @Override
            public void load(Scenario scenario, List<Strategy> strategies, Metric watched) {
                compare.apply(scenario, strategies);
                compare.watch(watched);
                compare.clearResults();
            }

            @Override
            public Scenario scenario() {
                return compare.scenario();
            }

            @Override
            public List<Strategy> strategies() {
                return List.copyOf(compare.strategies());
            }

            @Override
            public void startRun() {
                compare.compare();
            }

            @Override
            public String waitingText(boolean runStarting) {
                return TEXTS.get(runStarting ? "compare.waiting.running" : "compare.waiting.press");
            }

            @Override
            public void addResultsListener(Consumer<List<StrategyResult>> listener) {
                compare.resultsProperty().addListener((o, was, r) -> {
                    if (r != null) {
                        listener.accept(r.results());
                    }
                });
            }

            @Override
            public void addWatchListener(Consumer<Function<Metric, String>> listener) {
                // the watched number in the words of the run's job: a workflow's key step, not the welcome email
                compare.resultsProperty().addListener((o, was, r) -> {
                    if (r != null && !r.results().isEmpty()) {
                        listener.accept(m -> ScenarioKit.watchText(m.id(), r.scenario().workflow(), r.results()));
                    }
                });
            }
        };
    }

    /**
     * @return "Watch it happen" as the kit sees it: a preset's first strategy (or its two lanes) at the size and
     *         speed that show its phenomenon ({@link LiveScenarioView})
     */
    static ScenarioView live(LiveViewModel live) {
        return new LiveScenarioView(live);
    }

    /**
     * @return lane B's strategy for a run whose fields hold {@code a.on(scenario)}: {@code b} with, besides its own
     *         settings, the scenario's value of every parameter lane A's strategy sets and {@code b} does not, so
     *         lane B runs exactly {@code b.on(scenario)}
     */
    static Strategy laneB(Strategy a, Strategy b, Scenario scenario) {
        Map<Parameter, Object> settings = new EnumMap<>(Parameter.class);
        settings.putAll(b.settings());
        for (Parameter p : a.settings().keySet()) {
            settings.putIfAbsent(p, p.get(scenario));
        }
        return settings.equals(b.settings()) ? b : b.withSettings(settings);
    }

    /**
     * @return the Sweep tab as the kit sees it: a sweep file's base scenario, its strategies in place of the ones
     *         offered (all ticked), its range, points, spacing, metrics and log scale; run at once on load, in the
     *         background; its number the watched metric's largest value over the points, and where
     */
    static ScenarioView sweep(SweepViewModel sweep) {
        return new ScenarioView() {
            @Override
            public void load(Scenario scenario, List<Strategy> strategies, Metric watched) {
                // a file without a sweep of its own keeps the range and metrics the tab shows
                sweep.form().load(scenario);
                sweep.setStrategies(strategies);
                sweep.clearResults();
            }

            @Override
            public void load(ScenarioFile file, Metric watched) {
                SweepSpec spec = file.sweep();
                if (spec == null) {
                    load(file.scenario(), file.strategies(), watched);
                    return;
                }
                List<Metric> metrics = spec.metrics().stream().map(id -> Metric.byId(id).orElseThrow(
                        () -> new IllegalArgumentException("not a metric: " + id))).toList();
                sweep.load(file.scenario(), file.strategies(), spec, metrics);
            }

            @Override
            public Scenario scenario() {
                return sweep.form().scenario();
            }

            @Override
            public List<Strategy> strategies() {
                return sweep.chosenStrategies(); // the ticked ones: what the sweep runs and a saved file keeps
            }

            @Override
            public SweepSpec sweep() {
                return sweep.spec();
            }

            @Override
            public void startRun() {
                sweep.run();
            }

            @Override
            public String waitingText(boolean runStarting) {
                return TEXTS.get(runStarting ? "sweep.waiting.running" : "sweep.waiting.press");
            }

            @Override
            public void addResultsListener(Consumer<List<StrategyResult>> listener) {
                // a sweep's results are a grid, not one number per strategy: addWatchListener says them
            }

            @Override
            public void addWatchListener(Consumer<Function<Metric, String>> listener) {
                sweep.resultProperty().addListener((o, was, r) -> {
                    if (r != null) {
                        listener.accept(m -> SweepViewModel.peakText(r, m));
                    }
                });
            }
        };
    }

    /**
     * @return "Watch it happen" as a lesson sees it: a frame's scenario and strategy (its own settings go into the
     *         fields, as a live preset's do) in one lane on the in-memory model, reset onto it at the frame's speed;
     *         seek, play, pause, and the run's frames
     */
    static LessonStage lessons(LiveViewModel live) {
        return new LessonStage() {
            @Override
            public void load(Scenario scenario, Strategy strategy, double speed) {
                live.playingProperty().set(false);
                live.lanes().prepare(null); // a preset's second lane would show the fix before the lesson asks
                live.databaseUrlProperty().set(""); // the frame pauses on the timeline, which a database has not
                live.apply(strategy.on(scenario), strategy.withSettings(Map.of()));
                live.speedProperty().set(speed);
            }

            @Override
            public void seek(long ms) {
                live.lanes().seek(ms);
            }

            @Override
            public void play() {
                if (!live.playingProperty().get()) {
                    live.togglePlay();
                }
            }

            @Override
            public void pause() {
                live.playingProperty().set(false);
            }

            @Override
            public void pauseAt(long ms) {
                live.playingProperty().set(false);
                if (live.nowMs() > ms && live.timelineOffProperty().get().isEmpty()) {
                    live.lanes().seek(ms); // back to the moment on the timeline (both lanes)
                }
            }

            @Override
            public void pauseAt(long ms, SimulationEvent event) {
                pauseAt(ms);
                live.spotlight(event);
            }

            @Override
            public ReadOnlyBooleanProperty playingProperty() {
                return live.playingProperty();
            }

            @Override
            public void addRunListener(LiveRunListener listener) {
                live.addFrameListener(listener);
            }
        };
    }

    /**
     * @return "Watch it happen" as the Explore tab sees it: a counterexample's scenario and strategy with its faults
     *         forced (one lane, at the speed that plays the scenario in about a minute), its note in the kit's note
     *         panel with the duplicate's number once the run ends, the tab shown and the run playing from its start
     */
    static CounterexampleStage counterexamples(LiveViewModel live, ScenarioKit kit) {
        // the note describes the forced faults: once a Reset on other parameters or another strategy drops them,
        // the run it describes is gone, and so is the note
        ScenarioKit.Note[] mine = {null}; // the last note this stage showed
        live.forcingFaultsProperty().addListener((o, was, on) -> {
            if (!on && mine[0] != null && kit.noteProperty().get() == mine[0]) {
                kit.closeNote();
            }
        });
        PauseAtDuplicate pause = new PauseAtDuplicate(live);
        live.addFrameListener(pause);
        return c -> {
            live.playingProperty().set(false);
            live.lanes().prepare(null); // the counterexample alone: a second lane would run without its faults
            LiveViewModel.FaultPlan plan = new LiveViewModel.FaultPlan(c.kinds(), c.faults());
            pause.arm(plan);
            live.apply(c.strategy().on(c.scenario()), c.strategy().withSettings(Map.of()), plan);
            live.speedProperty().set(counterexampleSpeed(c));
            mine[0] = new ScenarioKit.Note(c.title(), c.text(), ScenarioFile.View.LIVE, c.watched());
            kit.showNote(mine[0]);
            live.togglePlay();
        };
    }

    /**
     * A counterexample's playback pauses once, at the moment its first side effect is done again, so the class sees
     * that moment's caption ("user_0 got ANOTHER welcome email") and the code panel's line that let it through (the
     * provider sending on every call, a retry of the whole job); Play goes on to the run's end and its number. The
     * pause comes at the frame that passed the moment, and the timeline takes the run back to the moment itself.
     */
    private static final class PauseAtDuplicate implements LiveRunListener {
        private final LiveViewModel live;
        /** The playback being watched; null once it paused, or when the run forces no faults of a ▶ Play. */
        private LiveViewModel.FaultPlan plan;
        private SimulationEvent duplicate; // the run's first duplicate side effect, once it came

        PauseAtDuplicate(LiveViewModel live) {
            this.live = live;
        }

        /** Watches the next run of {@code plan} for its first duplicate side effect. */
        void arm(LiveViewModel.FaultPlan plan) {
            this.plan = plan;
            duplicate = null;
        }

        @Override
        public void attached(SignupSimulation simulation) {
            if (plan == null || live.faultPlan() != plan) {
                plan = null; // another run (a preset, edited parameters): nothing to pause for
                return;
            }
            duplicate = null;
            simulation.addListener(e -> {
                if (duplicate == null && e.kind() == SimulationEvent.Kind.DUPLICATE_SIDE_EFFECT) {
                    duplicate = e;
                }
            });
        }

        @Override
        public void frame(long nowMs) {
            if (plan == null || duplicate == null) {
                return;
            }
            long at = duplicate.timeMs();
            plan = null; // once: a Reset or Play after the pause plays on
            live.playingProperty().set(false);
            if (nowMs > at) {
                live.lanes().seek(at); // both lanes, as a lesson's pause does (here one plays)
            }
            live.spotlight(duplicate); // the caption and the lit line on the duplicate's job
        }
    }

    /** Real seconds in which a counterexample's faults all come, at the speed it plays. */
    static final double COUNTEREXAMPLE_REAL_S = 8;

    /**
     * @return the speed at which {@code c}'s last fault comes about {@link #COUNTEREXAMPLE_REAL_S} real seconds in
     *         (a repeat 30 s later comes in 8 s, not after half a minute of an empty screen), never slower than a
     *         lesson plays its scenario
     */
    static double counterexampleSpeed(Counterexample c) {
        long lastMs = c.faults().stream().mapToLong(Fault::atMs).max().orElse(0);
        double speed = Math.max(LiveViewModel.lessonSpeed(c.scenario()), lastMs / (COUNTEREXAMPLE_REAL_S * 1000));
        return Math.min(LiveViewModel.MAX_SPEED, speed);
    }
}
