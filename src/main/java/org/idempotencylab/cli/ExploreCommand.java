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
    static final int MAX_JOBS = 3;
    /** The most workers: two make the races; more add little but schedules. */
    static final int MAX_WORKERS = 2;

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

    /**
     * The parameters explore does not take: the probabilities (the explorer chooses the faults) and the number of
     * repeats (a repeat fault sends a sign-up again once); each is refused with its reason when given.
     */
    private static boolean refused(Parameter p) {
        return p.kind() == Parameter.Kind.PROBABILITY || p == Parameter.REPEATS;
    }

    /**
     * The scenario options: every parameter's but the {@link #refused} ones; {@code --jobs} and {@code --workers}
     * with the explorer's own ranges.
     */
    static void addOptions(CommandSpec spec) {
        List<Parameter> taken = new ArrayList<>();
        for (Parameter p : Parameter.values()) {
            if (refused(p)) {
                spec.addOption(OptionSpec.builder(p.cliOption()).type(String.class).hidden(true)
                        .defaultValue(p.format(p.get(DEFAULTS))) // read as the default; refused when given
                        .description("not used by explore").build());
            } else if (p == Parameter.JOBS || p == Parameter.WORKERS) {
                spec.addOption(OptionSpec.builder(p.cliOption()).type(String.class).paramLabel("N")
                        .defaultValue(p.format(p.get(DEFAULTS))).description(p == Parameter.JOBS
                                ? "How many sign-ups, user_0 to user_{N-1} (a handful: most design bugs show with a "
                                + "few jobs and faults). Allowed: 1 to " + MAX_JOBS + " (default: ${DEFAULT-VALUE})."
                                : "How many jobs are in progress at once (two make the races of events due at the "
                                + "same ms). Allowed: 1 to " + MAX_WORKERS + " (default: ${DEFAULT-VALUE}).").build());
            } else {
                taken.add(p);
            }
        }
        ScenarioOptions.addTo(spec, taken, DEFAULTS, Map.of(), " virtual ms");
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
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
                if (refused(p) && given(p.cliOption())) {
                    throw new IllegalArgumentException(p == Parameter.REPEATS ? "--repeats: explore sends a sign-up "
                            + "again at most once (a repeat fault), so the number of repeats does not apply"
                            : p.cliOption() + ": explore chooses the faults itself, so no probability applies; "
                            + "--faults names the kinds it may choose (" + kindNames(EnumSet.allOf(FaultKind.class))
                            + ")");
                }
            }
            WholeNumber.read("--jobs", spec.findOption("--jobs").getValue(), 1, MAX_JOBS);
            int workers = WholeNumber.read("--workers", spec.findOption("--workers").getValue(), 1, MAX_WORKERS);
            text = switch (format.strip().toLowerCase(Locale.ROOT)) {
                case "json" -> false;
                case "text" -> true;
                default -> throw new IllegalArgumentException("--format: " + Cli.quote(format)
                        + " is not one of json, text");
            };
            k = WholeNumber.read("--max-faults", maxFaults, 0, Explorer.MAX_FAULTS);
            kinds = kinds(faults);
            if (workers == 1 && kinds.contains(FaultKind.ORDER) && given("--faults")) {
                throw new IllegalArgumentException("--faults: order has no effect here; it needs --workers 2 (one "
                        + "worker never has two events race)");
            }
            strategies = options.strategyGiven() ? List.of(options.strategy()) : Strategy.ARTICLE;
            scenario = mayHappen(ScenarioOptions.read(spec, DEFAULTS, false), kinds);
            try {
                ScenarioOptions.refuseWithoutEffect(spec, scenario, strategies, "explore explores the article's "
                        + "five strategies unless --retry, --provider-key or --store names one");
            } catch (IllegalArgumentException e) { // a need of a probability is a kind among --faults here
                String m = e.getMessage();
                for (Map.Entry<String, FaultKind> need : NEEDS.entrySet()) {
                    m = m.replace(need.getKey() + " above 0", need.getValue().cliName() + " among --faults");
                }
                // the other probabilities (slow calls, rollbacks) are not used here at all
                throw new IllegalArgumentException(m.replaceAll("it needs (--p-[a-z-]+) above 0",
                        "it needs $1, which explore does not use"));
            }
            threadCount = threads.count();
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<Explorer.Result> results;
        try (TerminalProgress progress = TerminalProgress.counting(quiet.quiet, "explore", " schedules")) {
            results = Explorer.exploreAll(scenario, strategies, kinds, k, threadCount, progress);
        } catch (Explorer.EndlessScheduleException e) {
            spec.commandLine().getErr().println("explore: " + e.getMessage());
            return 1;
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

    /**
     * @return one fault: kind, step (a name, or null for a repeat or an order), attempt (0 for those), atMs, then user
     *         ("user_0", or null for an order), repeatedRequest (the call was the repeated request's), worker (-1
     *         for a repeat or an order), and delayMs for a repeat, first and before for an order
     */
    static Map<String, Object> fault(Fault f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", f.kind().cliName());
        m.put("step", f.stepName());
        m.put("attempt", f.attempt());
        m.put("atMs", f.atMs());
        m.put("user", f.user() < 0 ? null : "user_" + f.user());
        m.put("repeatedRequest", f.repeat());
        m.put("worker", f.worker());
        if (f.kind() == FaultKind.REPEAT) {
            m.put("delayMs", f.delayMs());
        }
        if (f.kind() == FaultKind.ORDER) {
            m.put("first", f.first());
            m.put("before", f.overtaken());
        }
        return m;
    }

    private static String text(Explorer.Result r) {
        StringBuilder b = new StringBuilder();
        b.append(r.strategy().name()).append('\n');
        b.append(String.format(Locale.ROOT, "  %,d schedule%s (%,d run), %,d states; %,d with a duplicate, %,d lost a "
                + "sign-up, %,d failed one%n", r.schedules(), r.schedules() == 1 ? "" : "s", r.runs(), r.states(),
                r.schedulesWithDuplicate(), r.lostSchedules(), r.failedSchedules()));
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
