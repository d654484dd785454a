package org.idempotencylab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code explore}: every schedule of at most {@code --max-faults} faults of a small scenario ({@link Explorer}),
 * for the article's five strategies or the one {@code --retry}, {@code --provider-key} and {@code --store} name.
 * Prints one JSON line per strategy: {@code strategy}, {@code schedules}, {@code states},
 * {@code duplicateSchedules} (step name to schedules), {@code lostSchedules} and {@code shortestCounterexample}
 * (each fault's {@code kind}, {@code step}, {@code attempt}, {@code atMs}), then the explorer's further counts.
 *
 * <p>It takes {@code run}'s scenario options but the probabilities: the explorer chooses the faults itself, and
 * {@code --faults} names the kinds it may choose. Its defaults differ from {@code run}'s where exploring needs it:
 * one sign-up, every call exactly {@code --call-ms} long ({@code --call-time fixed}, so two workers' calls end at
 * once and race) and backoffs without jitter.
 */
@Command(name = "explore", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Tries every schedule of at most K faults of a small scenario (1 to 3 sign-ups, 1 or 2 "
                + "workers) and prints, per strategy, how many schedules duplicate each step's side effect or lose a "
                + "sign-up, and the shortest one that duplicates: one JSON line per strategy.")
public final class ExploreCommand implements Callable<Integer> {
    /** The most sign-ups an exploration takes: the schedules of four run into the millions at K = 3. */
    static final int MAX_JOBS = Explorer.MAX_JOBS;
    /** The most workers: two make the races; more add little but schedules. */
    static final int MAX_WORKERS = Explorer.MAX_WORKERS;

    /** The explorer's defaults: the article's values, but one sign-up, fixed call times and no jitter. */
    static final Scenario DEFAULTS = Scenario.article().toBuilder().jobs(1).callTime(CallTimeShape.FIXED)
            .jitter(false).pFail(0).lostReply(0).build();

    /** The probability options whose needs a kind of fault meets here. */
    private static final Map<String, FaultKind> NEEDS = Map.of("--p-fail", FaultKind.FAIL, "--lost-reply",
            FaultKind.LOST_REPLY, "--p-crash", FaultKind.CRASH, "--p-duplicate", FaultKind.REPEAT);

    @Spec
    CommandSpec spec;

    @Mixin
    StrategyOptions options = new StrategyOptions();

    @Mixin
    QuietOption quiet = new QuietOption();

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Option(names = "--max-faults", paramLabel = "K", description = "the most faults a schedule holds, 0 to "
            + Explorer.MAX_FAULTS + " (default: ${DEFAULT-VALUE})")
    String maxFaults = "2";

    @Option(names = "--faults", paramLabel = "KINDS", description = "the kinds of fault it may choose, separated by "
            + "commas: fail (a call fails before doing anything), lost-reply (the email went out, its reply is "
            + "lost), crash (the worker process dies after a side effect, before its result is recorded), repeat "
            + "(the sign-up is sent again, after --duplicate-delay-ms: each end of a MIN..MAX range is tried), "
            + "order (of two events due at the same ms, the other goes first; with two workers) "
            + "(default: ${DEFAULT-VALUE})")
    String faults = "fail,lost-reply,crash,repeat,order";

    @Option(names = "--format", paramLabel = "FORMAT", description = "json or text (default: ${DEFAULT-VALUE})")
    String format = "json";

    /** The scenario options: every parameter's but the probabilities, which are refused with a word on --faults. */
    static void addOptions(CommandSpec spec) {
        List<Parameter> taken = new ArrayList<>();
        for (Parameter p : Parameter.values()) {
            if (p.kind() == Parameter.Kind.PROBABILITY) {
                spec.addOption(OptionSpec.builder(p.cliOption()).type(String.class).hidden(true)
                        .defaultValue(p.format(p.get(DEFAULTS))) // read as 0; refused when given
                        .description("not used: the explorer chooses the faults (--faults)").build());
            } else {
                taken.add(p);
            }
        }
        ScenarioOptions.addTo(spec, taken, DEFAULTS, Map.of(Parameter.JOBS, "how many sign-ups, user_0 to "
                + "user_{N-1}, 1 to " + MAX_JOBS + " (a handful: most design bugs show with a few jobs and faults)",
                Parameter.WORKERS, "how many jobs are in progress at once, 1 or " + MAX_WORKERS + " (two make the "
                        + "races of events due at once)"), " virtual ms");
    }

    @Override
    public Integer call() {
        Scenario scenario;
        List<Strategy> strategies;
        Set<FaultKind> kinds;
        int k;
        int threadCount;
        boolean text;
        try {
            for (Parameter p : Parameter.values()) {
                if (p.kind() == Parameter.Kind.PROBABILITY
                        && spec.commandLine().getParseResult().hasMatchedOption(p.cliOption())) {
                    throw new IllegalArgumentException(p.cliOption() + ": explore chooses the faults itself, so no "
                            + "probability applies; --faults names the kinds it may choose ("
                            + kindNames(EnumSet.allOf(FaultKind.class)) + ")");
                }
            }
            text = switch (format.strip().toLowerCase(Locale.ROOT)) {
                case "json" -> false;
                case "text" -> true;
                default -> throw new IllegalArgumentException("--format: " + Cli.quote(format)
                        + " is not one of json, text");
            };
            k = WholeNumber.read("--max-faults", maxFaults, 0, Explorer.MAX_FAULTS);
            kinds = kinds(faults);
            strategies = options.strategyGiven() ? List.of(options.strategy()) : Strategy.ARTICLE;
            Scenario read = ScenarioOptions.read(spec, DEFAULTS, false);
            if (read.jobs() > MAX_JOBS) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--jobs: %,d is outside the explorer's "
                        + "range 1 to %d (it tries every schedule of a handful of sign-ups; run simulates more)",
                        read.jobs(), MAX_JOBS));
            }
            if (read.workers() > MAX_WORKERS) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--workers: %,d is outside the "
                        + "explorer's range 1 to %d", read.workers(), MAX_WORKERS));
            }
            scenario = mayHappen(read, kinds);
            try {
                ScenarioOptions.refuseWithoutEffect(spec, scenario, strategies, "explore explores the article's "
                        + "five strategies unless --retry, --provider-key or --store names one");
            } catch (IllegalArgumentException e) { // a need of a probability is a kind among --faults here
                String m = e.getMessage();
                for (Map.Entry<String, FaultKind> need : NEEDS.entrySet()) {
                    m = m.replace(need.getKey() + " above 0", need.getValue().cliName() + " among --faults");
                }
                throw new IllegalArgumentException(m);
            }
            threadCount = threads.count();
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<Explorer.Result> results;
        try (TerminalProgress progress = TerminalProgress.counting(quiet.quiet, "explore", " schedules")) {
            results = Explorer.exploreAll(scenario, strategies, kinds, k, threadCount, progress);
        }
        PrintWriter out = spec.commandLine().getOut();
        for (Explorer.Result r : results) {
            if (text) {
                out.println(text(r));
            } else {
                out.println(ResultWriter.json(row(r)));
            }
        }
        return 0;
    }

    /**
     * @return {@code read} with the probability of each kind allowed at 1 and of the others at 0: "may happen",
     *         what the options' needs (a restart time needs crashes) are checked against; the explorer's chooser
     *         replaces every draw they would make
     */
    static Scenario mayHappen(Scenario read, Set<FaultKind> kinds) {
        return read.toBuilder()
                .pFail(kinds.contains(FaultKind.FAIL) ? 1 : 0)
                .lostReply(kinds.contains(FaultKind.LOST_REPLY) ? 1 : 0)
                .pCrash(kinds.contains(FaultKind.CRASH) ? 1 : 0)
                .pDuplicate(kinds.contains(FaultKind.REPEAT) ? 1 : 0)
                .build();
    }

    /**
     * @param text kinds separated by commas, e.g. {@code fail,lost-reply}
     * @return the kinds named
     * @throws IllegalArgumentException naming {@code --faults}, the value and the allowed kinds
     */
    static Set<FaultKind> kinds(String text) {
        Set<FaultKind> out = EnumSet.noneOf(FaultKind.class);
        for (String part : text.split(",", -1)) {
            if (part.isBlank()) {
                throw new IllegalArgumentException("--faults: " + Cli.quote(text) + " names an empty kind; allowed "
                        + "kinds, separated by commas: " + kindNames(EnumSet.allOf(FaultKind.class)));
            }
            try {
                out.add(FaultKind.of(part));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--faults: " + Cli.quote(part.strip()) + " is not a kind of fault; "
                        + "allowed, separated by commas: " + kindNames(EnumSet.allOf(FaultKind.class)));
            }
        }
        return out;
    }

    private static String kindNames(Set<FaultKind> kinds) {
        return kinds.stream().map(FaultKind::cliName).collect(Collectors.joining(", "));
    }

    /**
     * @return one strategy's line: the keys scripts rely on first ({@code strategy}, {@code schedules},
     *         {@code states}, {@code duplicateSchedules}, {@code lostSchedules}, {@code shortestCounterexample}),
     *         then {@code schedulesWithDuplicate}, {@code failedSchedules}, {@code counterexampleDuplicates} and
     *         {@code runs}
     */
    static Map<String, Object> row(Explorer.Result r) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("strategy", r.strategy().name());
        row.put("schedules", r.schedules());
        row.put("states", r.states());
        Map<String, Long> dup = new LinkedHashMap<>();
        for (int s = 0; s < SignupSteps.COUNT; s++) {
            dup.put(SignupSteps.NAMES.get(s), r.duplicateSchedules().get(s));
        }
        row.put("duplicateSchedules", dup);
        row.put("lostSchedules", r.lostSchedules());
        row.put("shortestCounterexample", r.shortestCounterexample().stream().map(ExploreCommand::fault).toList());
        row.put("schedulesWithDuplicate", r.schedulesWithDuplicate());
        row.put("failedSchedules", r.failedSchedules());
        row.put("counterexampleDuplicates", r.counterexampleDuplicates().stream().map(SignupSteps.NAMES::get)
                .toList());
        row.put("runs", r.runs());
        return row;
    }

    /** @return one fault: kind, step (a name, or null), attempt, atMs, then user, worker and what it needs */
    static Map<String, Object> fault(Fault f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", f.kind().cliName());
        m.put("step", f.stepName());
        m.put("attempt", f.attempt());
        m.put("atMs", f.atMs());
        m.put("user", f.user() < 0 ? null : "user_" + f.user());
        m.put("repeat", f.repeat());
        m.put("worker", f.worker());
        if (f.kind() == FaultKind.REPEAT) {
            m.put("delayMs", f.delayMs());
        }
        if (f.kind() == FaultKind.ORDER) {
            m.put("first", f.first());
        }
        return m;
    }

    private static String text(Explorer.Result r) {
        StringBuilder b = new StringBuilder();
        b.append(r.strategy().name()).append('\n');
        b.append(String.format(Locale.ROOT, "  %,d schedules, %,d states; %,d with a duplicate, %,d lost a sign-up, "
                + "%,d failed one%n", r.schedules(), r.states(), r.schedulesWithDuplicate(), r.lostSchedules(),
                r.failedSchedules()));
        for (int s = 0; s < SignupSteps.COUNT; s++) {
            long n = r.duplicateSchedules().get(s);
            if (n > 0) {
                b.append(String.format(Locale.ROOT, "  %-30s done twice in %,d schedule%s%n",
                        SignupSteps.NAMES.get(s), n, n == 1 ? "" : "s"));
            }
        }
        if (!r.hasCounterexample()) {
            b.append("  no schedule duplicates a side effect");
        } else if (r.shortestCounterexample().isEmpty()) {
            b.append("  duplicates with no fault at all");
        } else {
            b.append("  shortest counterexample:");
            for (Fault f : r.shortestCounterexample()) {
                b.append("\n    ").append(f.describe());
            }
            b.append("\n    -> ").append(r.counterexampleDuplicates().stream().map(SignupSteps.NAMES::get)
                    .collect(Collectors.joining(", "))).append(" done twice");
        }
        return b.toString();
    }
}
