package org.idempotencylab.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One scenario as a teacher saves it: the parameters, the strategies to run on them,
 * which view shows them, and a short note saying what to watch and which number proves it. Read and written by
 * {@link ScenarioFiles}; the built-in ones are {@link Presets}.
 *
 * @param name       the title shown in the presets menu, not blank
 * @param note       what to watch, in two or three sentences (may be empty)
 * @param watch      the id of the metric the note talks about, e.g. {@code usersWithDuplicateEmails}; the
 *                   engine's metrics, which {@link ScenarioFiles} checks it against when it reads a file
 * @param view       {@link View#COMPARE} runs every strategy side by side; {@link View#LIVE} plays the first one;
 *                   {@link View#SWEEP} runs them all over {@code sweep}'s range
 * @param strategies one or more; each is normalised to {@link Strategy#of}, so the name follows the settings
 *                   (the article's row name for the article's five, then each of its own settings)
 * @param scenario   every parameter, already validated by {@link Scenario}; a sweep's base scenario
 * @param sweep      what a {@link View#SWEEP} file varies and plots; null for the other views
 * @param expect     the claims the file makes about its results, which {@code check} runs (may be empty)
 * @param lanes      empty, or two different places in {@code strategies} (from 0): the bug and its fix, played
 *                   side by side in the live view (lane A the first, lane B the second) on one seed; a compare file
 *                   with lanes also sets the live view up with them, so both tabs show both
 * @throws IllegalArgumentException if {@code name} or {@code watch} is blank, {@code strategies} is empty,
 *                                  {@code sweep} is null for a sweep file or given for another view, or an
 *                                  expectation names a strategy the file does not have, or {@code lanes} is
 *                                  not two different places in {@code strategies} (or is given for a sweep)
 */
public record ScenarioFile(String name, String note, String watch, View view, List<Strategy> strategies,
                           Scenario scenario, SweepSpec sweep, List<Expectation> expect, List<Integer> lanes) {

    /** The {@code format} tag of the files this version reads and writes. */
    public static final String FORMAT = "idempotency-lab/scenario@1";

    /** Which tab opens the scenario. */
    public enum View {
        /** "Compare strategies": every strategy on the scenario, side by side. */
        COMPARE,
        /** "Watch it happen": the first strategy played slowly. */
        LIVE,
        /** "Sweep": every strategy over a range of one parameter, as {@link ScenarioFile#sweep()} says. */
        SWEEP;

        /** @return the name in files: {@code compare}, {@code live} or {@code sweep}. */
        public String fileName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ScenarioFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(note, "note");
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(scenario, "scenario");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name: must not be blank");
        }
        if (watch.isBlank()) {
            throw new IllegalArgumentException("watch: must name a metric");
        }
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("strategies: at least one is needed");
        }
        if ((view == View.SWEEP) != (sweep != null)) {
            throw new IllegalArgumentException(sweep == null ? "sweep: a sweep file needs one"
                    : "sweep: only a sweep file has one, not a " + view.fileName() + " file");
        }
        strategies = strategies.stream().map(s -> Strategy.of(s.scope(), s.keyMode(), s.store(), s.settings())).toList();
        expect = List.copyOf(expect);
        lanes = List.copyOf(lanes);
        String problem = lanesProblem(lanes, strategies.size(), view);
        if (problem != null) {
            throw new IllegalArgumentException("lanes: " + problem);
        }
        for (Expectation e : expect) {
            if (e.strategy() >= strategies.size()) {
                throw new IllegalArgumentException("expect: strategy " + e.strategy() + " is not one of the "
                        + strategies.size() + " strategies (0 to " + (strategies.size() - 1) + ")");
            }
        }
    }

    /** A file with no lanes of its own. */
    public ScenarioFile(String name, String note, String watch, View view, List<Strategy> strategies,
                        Scenario scenario, SweepSpec sweep, List<Expectation> expect) {
        this(name, note, watch, view, strategies, scenario, sweep, expect, List.of());
    }

    /**
     * @param lanes      the {@code lanes} of a file: places in its strategies
     * @param strategies how many strategies the file has
     * @return what is wrong with {@code lanes} in one sentence (e.g. "[0, 3] names no strategy 3; expected two
     *         different places in strategies, 0 to 2, e.g. [0, 1]"), or null if nothing is
     */
    public static String lanesProblem(List<Integer> lanes, int strategies, View view) {
        if (lanes.isEmpty()) {
            return null;
        }
        String expected = "expected two different places in \"strategies\", 0 to " + (strategies - 1)
                + ", e.g. [0, 1]";
        if (view == View.SWEEP) {
            return "only a compare or live file plays two lanes, not a sweep file";
        }
        if (strategies < 2) {
            return lanes + ": the file has one strategy; two lanes need two";
        }
        if (lanes.size() != 2) {
            return lanes + " is " + lanes.size() + " place" + (lanes.size() == 1 ? "" : "s") + "; " + expected;
        }
        for (Integer i : lanes) {
            if (i == null || i < 0 || i >= strategies) {
                return lanes + " names no strategy " + i + "; " + expected;
            }
        }
        if (lanes.get(0).equals(lanes.get(1))) {
            return lanes + " names strategy " + lanes.get(0) + " twice; " + expected;
        }
        return null;
    }

    /** @return the strategies of lane A and lane B, or an empty list for a file without lanes */
    public List<Strategy> laneStrategies() {
        return lanes.stream().map(strategies::get).toList();
    }

    /** A file that states no expectations. */
    public ScenarioFile(String name, String note, String watch, View view, List<Strategy> strategies,
                        Scenario scenario, SweepSpec sweep) {
        this(name, note, watch, view, strategies, scenario, sweep, List.of());
    }

    /** A compare or live file: no sweep. */
    public ScenarioFile(String name, String note, String watch, View view, List<Strategy> strategies,
                        Scenario scenario) {
        this(name, note, watch, view, strategies, scenario, null);
    }
}
