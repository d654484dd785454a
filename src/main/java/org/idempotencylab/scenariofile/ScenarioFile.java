package org.idempotencylab.scenariofile;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.idempotencylab.engine.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;

/**
 * One scenario as a teacher saves it (issue 5, sections 1 and 2): the parameters, the strategies to run on them,
 * which view shows them, and a short note saying what to watch and which number proves it. Read and written by
 * {@link ScenarioFiles}; the built-in ones are {@link Presets}.
 *
 * @param name       the title shown in the presets menu, not blank
 * @param note       what to watch, in two or three sentences (may be empty)
 * @param watch      the metric the note talks about: the name of a whole-number accessor of
 *                   {@link StrategyResult}, e.g. {@code usersWithDuplicateEmails} (see {@link #METRICS})
 * @param view       {@link View#COMPARE} runs every strategy side by side; {@link View#LIVE} plays the first one
 * @param strategies one or more; each is normalised to {@link Strategy#of}, so the name follows the settings
 *                   (the article's row name for the article's five)
 * @param scenario   every parameter, already validated by {@link Scenario}
 * @throws IllegalArgumentException if {@code name} is blank, {@code watch} is not a metric or
 *                                  {@code strategies} is empty
 */
public record ScenarioFile(String name, String note, String watch, View view, List<Strategy> strategies,
                           Scenario scenario) {

    /** The {@code format} tag of the files this version reads and writes. */
    public static final String FORMAT = "idempotency-lab/scenario@1";

    /**
     * The metrics {@code watch} may name: every whole-number component of {@link StrategyResult}, in its order
     * (jobs, failedJobs, calls, repeatedSteps, usersWithDuplicateEmails, ..., keyMismatches, stuckInProgressMs).
     */
    public static final List<String> METRICS = Arrays.stream(StrategyResult.class.getRecordComponents())
            .filter(c -> c.getType() == long.class).map(RecordComponent::getName).toList();

    /** Which tab opens the scenario. */
    public enum View {
        /** "Compare strategies": every strategy on the scenario, side by side. */
        COMPARE,
        /** "Watch it happen": the first strategy played slowly. */
        LIVE;

        /** @return the name in files: {@code compare} or {@code live}. */
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
        if (!METRICS.contains(watch)) {
            throw new IllegalArgumentException("watch: " + watch + " is not a metric; allowed: "
                    + String.join(", ", METRICS));
        }
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("strategies: at least one is needed");
        }
        strategies = strategies.stream().map(s -> Strategy.of(s.scope(), s.keyMode(), s.store())).toList();
    }

    /** @return the watched metric's value in {@code result}, e.g. its {@code usersWithDuplicateEmails}. */
    public long watched(StrategyResult result) {
        return metric(result, watch);
    }

    /**
     * @param metric one of {@link #METRICS}
     * @return that component of {@code result}
     * @throws IllegalArgumentException if {@code metric} is not one of {@link #METRICS}
     */
    public static long metric(StrategyResult result, String metric) {
        if (!METRICS.contains(metric)) {
            throw new IllegalArgumentException("not a metric: " + metric);
        }
        try {
            return (long) StrategyResult.class.getMethod(metric).invoke(result);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e); // every name in METRICS is an accessor of the record
        }
    }
}
