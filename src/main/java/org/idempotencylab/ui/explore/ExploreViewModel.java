package org.idempotencylab.ui.explore;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.ExplorerScenario;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.BackgroundRun;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.form.ParameterBinding;

/**
 * The Explore tab: the strategies, a small scenario and the kinds of fault a teacher chose, every schedule of at
 * most K faults of it run by {@link Explorer} in the background ({@link BackgroundRun}: a count of the schedules
 * run so far, since their total is not known beforehand, and Cancel), and one row per strategy: how many schedules,
 * how many duplicate a side effect, how many lose a sign-up, and the shortest counterexample in words, which
 * {@link #play} hands to a {@link CounterexampleStage} ("Watch it happen").
 *
 * <p>The scenario is the base's (the explore command's defaults, ExplorerScenario.DEFAULTS) with the fields' values, every call exactly
 * its call time and no jitter (so two workers' calls end at once and race, as the {@code explore} command's
 * defaults) and every probability 0: the explorer chooses the faults, and a counterexample played back fails
 * nowhere else. A value typed out of range starts nothing and gives one message naming the field, the value and
 * the allowed range. Call it on the FX thread; {@link #plan()} and the words need no toolkit.
 */
public final class ExploreViewModel {
    private static final Texts TEXTS = Texts.of(ExploreViewModel.class);
    /** The most sign-ups the window explores, as the command line: the schedules of four run into the millions. */
    public static final int MAX_JOBS = (int) ExplorerScenario.MAX_JOBS;
    /** The most workers: two make the races of events due at once; more add schedules, not insight. */
    public static final int MAX_WORKERS = (int) ExplorerScenario.MAX_WORKERS;
    /** The most faults a schedule holds in the window: three sign-ups at 3 take about a minute on two cores. */
    public static final int MAX_FAULTS = 4;

    /** A strategy offered, and whether the exploration runs it. */
    public record StrategyChoice(Strategy strategy, BooleanProperty selected) {
    }

    /** A kind of fault offered, and whether the explorer may choose it. */
    public record KindChoice(FaultKind kind, BooleanProperty selected) {
    }

    /**
     * An exploration the fields describe.
     *
     * @param scenario   the scenario, probabilities 0
     * @param strategies the ticked strategies, in the order offered
     * @param kinds      the ticked kinds of fault (none: only the schedule without a fault)
     * @param maxFaults  K, 0 to {@link #MAX_FAULTS}
     */
    public record Plan(Scenario scenario, List<Strategy> strategies, Set<FaultKind> kinds, int maxFaults) {
        public Plan {
            strategies = List.copyOf(strategies);
            kinds = kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
        }
    }

    /** A finished exploration: its plan, and one result per strategy in the plan's order. */
    public record Exploration(Plan plan, List<Explorer.Result> results) {
        public Exploration {
            results = List.copyOf(results);
        }

        /** @return the schedules of every strategy, added up */
        public long schedules() {
            return results.stream().mapToLong(Explorer.Result::schedules).sum();
        }
    }

    /**
     * One row of the table: a strategy's numbers with thousands separators, and its shortest counterexample in
     * words (one line a fault, then what the run ends with), or "none".
     *
     * @param source   the exploration it belongs to (what Play replays)
     * @param playable true if it has a counterexample to play
     */
    public record Row(Exploration source, Explorer.Result result, String strategy, String schedules,
                      String duplicates, String lost, String counterexample, boolean playable) {
        /** @return true if some schedule duplicates a side effect: the count carries the duplicate's look */
        public boolean hasDuplicates() {
            return result.schedulesWithDuplicate() > 0;
        }
    }

    private final Scenario base;
    private final int threads;
    private final CounterexampleStage stage;
    private final ObservableList<StrategyChoice> strategies = FXCollections.observableArrayList();
    private final ObservableList<KindChoice> kinds = FXCollections.observableArrayList();
    private final StringProperty jobs = new SimpleStringProperty("1");
    private final StringProperty workers;
    private final ObjectProperty<QueueKind> queue;
    private final StringProperty visibilityTimeout;
    private final StringProperty maxReceives;
    private final StringProperty repeatMin;
    private final StringProperty repeatMax;
    private final StringProperty maxFaults = new SimpleStringProperty("2");
    private final StringProperty inputError = new SimpleStringProperty();
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper(TEXTS.get("table.empty"));
    private final BackgroundRun<Exploration> run;
    private final StringBinding progressText;

    /**
     * @param base     the scenario the fields start from and the rest comes from (the explore command's defaults in
     *                 the window, which the hint describes)
     * @param executor runs the exploration's task off the FX thread
     * @param threads  exploring threads (one strategy each), at least 1; the numbers do not depend on it
     * @param stage    where a counterexample plays
     */
    public ExploreViewModel(Scenario base, Executor executor, int threads, CounterexampleStage stage) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        this.base = base;
        this.threads = threads;
        this.stage = stage;
        this.run = new BackgroundRun<>(executor);
        workers = new SimpleStringProperty(Long.toString(Math.max(1, Math.min(MAX_WORKERS, base.workers()))));
        queue = new SimpleObjectProperty<>(base.queue());
        visibilityTimeout = field(Parameter.VISIBILITY_TIMEOUT_MS);
        maxReceives = field(Parameter.MAX_RECEIVES);
        repeatMin = field(Parameter.DUPLICATE_DELAY_MIN_MS);
        repeatMax = field(Parameter.DUPLICATE_DELAY_MAX_MS);
        for (Strategy s : Strategy.ARTICLE) {
            strategies.add(new StrategyChoice(s, new SimpleBooleanProperty(true)));
        }
        for (FaultKind k : FaultKind.values()) {
            kinds.add(new KindChoice(k, new SimpleBooleanProperty(true)));
        }
        run.resultProperty().addListener((o, was, e) -> show(e));
        progressText = Bindings.createStringBinding(() -> run.runningProperty().get()
                ? TEXTS.format("progress.count", run.jobsDoneProperty().get()) : "",
                run.runningProperty(), run.jobsDoneProperty());
    }

    private StringProperty field(Parameter p) {
        return new SimpleStringProperty(ParameterBinding.format(p, p.number(base)));
    }

    /**
     * Reads the fields; nothing runs.
     *
     * @return the exploration they describe
     * @throws IllegalArgumentException with one line naming the field, the value and the allowed range, e.g.
     *                                  {@code Sign-ups: 5 is outside the allowed range 1 to 3}
     */
    public Plan plan() {
        List<Strategy> chosen = strategies.stream().filter(c -> c.selected().get()).map(StrategyChoice::strategy)
                .toList();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException(TEXTS.get("error.noStrategy"));
        }
        int j = whole("label.jobs", jobs.get(), 1, MAX_JOBS, "range.jobs");
        int w = whole("label.workers", workers.get(), 1, MAX_WORKERS, "range.workers");
        Set<FaultKind> allowed = EnumSet.noneOf(FaultKind.class);
        kinds.stream().filter(c -> c.selected().get()).forEach(c -> allowed.add(c.kind()));
        if (w == 1) {
            allowed.remove(FaultKind.ORDER); // greyed out: with one worker no two events race
        }
        Scenario.Builder b = base.toBuilder().jobs(j).workers(w).queue(queue.get())
                .callTime(CallTimeShape.FIXED).jitter(false);
        if (durable()) { // the in-memory queue has neither: its fields are greyed out and not read
            b.visibilityTimeoutMs(value(Parameter.VISIBILITY_TIMEOUT_MS, visibilityTimeout.get()))
                    .maxReceives(value(Parameter.MAX_RECEIVES, maxReceives.get()));
        }
        if (allowed.contains(FaultKind.REPEAT)) { // the delay only counts when the sign-up may be sent again
            long min = value(Parameter.DUPLICATE_DELAY_MIN_MS, repeatMin.get());
            long max = value(Parameter.DUPLICATE_DELAY_MAX_MS, repeatMax.get());
            if (max < min) {
                throw new IllegalArgumentException(TEXTS.format("error.repeatBackwards", Parameter.grouped(min),
                        Parameter.grouped(max)));
            }
            b.duplicateDelayMinMs(min).duplicateDelayMaxMs(max);
        }
        int k = whole("label.maxFaults", maxFaults.get(), 0, MAX_FAULTS, "range.maxFaults");
        for (Parameter p : Parameter.values()) {
            if (p.kind() == Parameter.Kind.PROBABILITY) {
                p.set(b, 0.0); // the explorer chooses the faults; played back, nothing else fails
            }
        }
        try {
            return new Plan(b.build(), chosen, allowed, k);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * Checks the fields as {@link #explore()} would, without exploring (Enter in a field): a bad one shows its
     * message, good ones clear it.
     *
     * @return true if the fields describe an exploration
     */
    public boolean check() {
        try {
            plan();
            inputError.set(null);
            return true;
        } catch (IllegalArgumentException e) {
            inputError.set(e.getMessage());
            return false;
        }
    }

    /** @return true if the workers typed are two: only then can two events race (the order kind counts) */
    public boolean races() {
        String t = workers.get() == null ? "" : workers.get().strip();
        return !t.equals("1");
    }

    /** @return true if the queue chosen is durable: its visibility timeout and max receives count */
    public boolean durable() {
        return queue.get() == QueueKind.DURABLE;
    }

    /** @return a whole number typed in the field {@code labelKey}, in {@code min..max}; else its message */
    private static int whole(String labelKey, String text, int min, int max, String rangeKey) {
        String t = text == null ? "" : text.strip();
        String digits = t.replace(",", "");
        if (!digits.matches("[-+]?[0-9]+")) {
            throw new IllegalArgumentException(TEXTS.format("error.notANumber", TEXTS.get(labelKey), t,
                    TEXTS.get(rangeKey)));
        }
        long v = digits.length() > 12 ? Long.MAX_VALUE : Long.parseLong(digits);
        if (v < min || v > max) {
            throw new IllegalArgumentException(TEXTS.format("error.outOfRange", TEXTS.get(labelKey), t,
                    TEXTS.get(rangeKey)));
        }
        return (int) v;
    }

    /** @return a parameter's typed value in its own range, or its message (the same as every parameter field's) */
    private static long value(Parameter p, String text) {
        try {
            return ParameterBinding.parse(p, text).longValue();
        } catch (ParameterException e) {
            throw new IllegalArgumentException(ParameterBinding.message(e), e);
        }
    }

    /**
     * Reads the fields and explores in the background; a bad field shows its message and starts nothing; does
     * nothing while an exploration is running.
     */
    public void explore() {
        if (run.runningProperty().get()) {
            return;
        }
        Plan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            inputError.set(e.getMessage());
            return;
        }
        inputError.set(null);
        String size = TEXTS.format("status.size", plan.strategies().size(),
                TEXTS.get(plan.strategies().size() == 1 ? "status.strategy" : "status.strategies"),
                scenarioText(plan));
        run.start(BackgroundRun.UNKNOWN_TOTAL, control -> new Exploration(plan, Explorer.exploreAll(plan.scenario(),
                plan.strategies(), plan.kinds(), plan.maxFaults(), threads, control)), new BackgroundRun.Messages<>() {
                    @Override
                    public String running() {
                        return TEXTS.format("status.running", size);
                    }

                    @Override
                    public String finished(Exploration e, double seconds) {
                        return TEXTS.format("status.finished", size, e.schedules(), seconds);
                    }

                    @Override
                    public String cancelled() {
                        return TEXTS.format(run.resultProperty().get() == null ? "status.cancelled"
                                : "status.cancelled.kept", run.jobsDoneProperty().get());
                    }

                    @Override
                    public String failed(Throwable error) {
                        return TEXTS.format("status.failed", error.getMessage());
                    }
                });
    }

    /** Stops the exploration going, if any; the table keeps the last finished one. */
    public void cancel() {
        run.cancel();
    }

    /** Plays {@code row}'s counterexample in "Watch it happen"; a row with none plays nothing. */
    public void play(Row row) {
        if (row != null && row.playable()) {
            stage.play(counterexample(row.source(), row.result()));
        }
    }

    private void show(Exploration e) {
        if (e == null) {
            rows.clear();
            heading.set(TEXTS.get("table.empty"));
            return;
        }
        List<Row> shown = new ArrayList<>();
        for (Explorer.Result r : e.results()) {
            shown.add(row(e, r));
        }
        rows.setAll(shown);
        heading.set(heading(e.plan()));
    }

    /** @return the table's row of {@code r}, a result of {@code e} */
    static Row row(Exploration e, Explorer.Result r) {
        String cx = r.hasCounterexample() ? String.join("\n", lines(r, e.plan().scenario().workflow()))
                : TEXTS.get("none");
        return new Row(e, r, r.strategy().name(), count(r.schedules()), count(r.schedulesWithDuplicate()),
                count(r.lostSchedules()), cx, r.hasCounterexample());
    }

    /**
     * @return the counterexample of {@code r} in words, the steps by their names in {@code flow}: one line a fault
     *         (or "no fault needed"), then the outcome
     */
    static List<String> lines(Explorer.Result r, Workflow flow) {
        List<String> lines = new ArrayList<>();
        for (Fault f : r.shortestCounterexample()) {
            lines.add(FaultWords.of(f, flow));
        }
        if (lines.isEmpty()) {
            lines.add(TEXTS.get("noFault"));
        }
        lines.add(FaultWords.outcome(r.counterexampleDuplicates(), flow));
        return lines;
    }

    /**
     * @return {@code r}'s shortest counterexample, to play: the exploration's scenario and kinds, the note's title
     *         and text, and the number that shows its duplicate
     * @throws IllegalArgumentException if {@code r} has none
     */
    static Counterexample counterexample(Exploration e, Explorer.Result r) {
        if (!r.hasCounterexample()) {
            throw new IllegalArgumentException(r.strategy().name() + " has no counterexample");
        }
        Plan p = e.plan();
        String footer = TEXTS.format("note.footer", r.schedules(), p.maxFaults(), faults(p.maxFaults()),
                r.schedulesWithDuplicate());
        String text = String.join("\n", lines(r, p.scenario().workflow())) + "\n\n" + footer;
        // the provider-side metric counts the workflow's key step (the sign-up's welcome email)
        Metric watched = r.counterexampleDuplicates().contains(p.scenario().workflow().keyStep())
                ? Metric.USERS_WITH_DUPLICATE_EMAILS
                : Metric.REPEATED_STEPS;
        return new Counterexample(p.scenario(), r.strategy(), p.kinds(), r.shortestCounterexample(),
                TEXTS.format("note.title", r.strategy().name()), text, watched);
    }

    /** @return e.g. "Schedules of at most 2 faults of fail, lost reply, crash · 1 sign-up, 2 workers, in-memory queue" */
    static String heading(Plan p) {
        String kinds = p.kinds().isEmpty() ? TEXTS.get("kindShort.none") : String.join(", ", p.kinds().stream()
                .sorted().map(FaultWords::kindShort).toList());
        return TEXTS.format("table.heading", p.maxFaults(), faults(p.maxFaults()), kinds, scenarioText(p));
    }

    private static String faults(int k) {
        return TEXTS.get(k == 1 ? "table.fault" : "table.faults");
    }

    /** @return e.g. "1 sign-up, 2 workers, in-memory queue" */
    static String scenarioText(Plan p) {
        Scenario s = p.scenario();
        return TEXTS.format(s.jobs() == 1 ? "table.scenario.one" : "table.scenario.many", s.jobs(), s.workers(),
                TEXTS.get(s.workers() == 1 ? "table.worker" : "table.workers"), s.queue().label());
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** @return the strategies offered (the article's five), each ticked at first */
    public ObservableList<StrategyChoice> strategies() {
        return strategies;
    }

    /** @return the kinds of fault offered, each ticked at first */
    public ObservableList<KindChoice> kinds() {
        return kinds;
    }

    /** @return true if the kind is ticked: the repeat delay counts only while repeats are */
    public boolean allows(FaultKind kind) {
        return kinds.stream().anyMatch(c -> c.kind() == kind && c.selected().get());
    }

    /** @return the sign-ups typed, 1 to {@link #MAX_JOBS} */
    public StringProperty jobsProperty() {
        return jobs;
    }

    /** @return the workers typed, 1 to {@link #MAX_WORKERS} */
    public StringProperty workersProperty() {
        return workers;
    }

    public ObjectProperty<QueueKind> queueProperty() {
        return queue;
    }

    /** @return the visibility timeout typed, virtual ms (durable queue only) */
    public StringProperty visibilityTimeoutProperty() {
        return visibilityTimeout;
    }

    /** @return the max receives typed (durable queue only) */
    public StringProperty maxReceivesProperty() {
        return maxReceives;
    }

    /** @return the shortest repeat delay typed, virtual ms (the explorer tries both ends) */
    public StringProperty repeatMinProperty() {
        return repeatMin;
    }

    /** @return the longest repeat delay typed, virtual ms */
    public StringProperty repeatMaxProperty() {
        return repeatMax;
    }

    /** @return K typed, 0 to {@link #MAX_FAULTS} */
    public StringProperty maxFaultsProperty() {
        return maxFaults;
    }

    /** @return the message of the last refused field, or null */
    public StringProperty inputErrorProperty() {
        return inputError;
    }

    /** @return the table's rows: one per strategy of the last finished exploration */
    public ObservableList<Row> rows() {
        return rows;
    }

    /** @return what the table shows: the faults, K and the scenario of its exploration; what to do before one */
    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    /** @return the last finished exploration, or null */
    public ReadOnlyObjectProperty<Exploration> resultProperty() {
        return run.resultProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return run.runningProperty();
    }

    /** @return -1 (indeterminate) while exploring, 0 otherwise */
    public ReadOnlyDoubleProperty progressProperty() {
        return run.progressProperty();
    }

    /** @return "12,345 schedules run" while exploring, "" otherwise */
    public StringBinding progressTextProperty() {
        return progressText;
    }

    /** @return one line on what happened last */
    public ReadOnlyStringProperty statusProperty() {
        return run.statusProperty();
    }

    /** Shows {@code text} as the status line. */
    public void setStatus(String text) {
        run.setStatus(text);
    }
}
