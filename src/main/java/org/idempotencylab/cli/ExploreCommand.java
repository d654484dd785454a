package org.idempotencylab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.ExplorerScenario;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
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
    @Spec
    CommandSpec spec;

    @Mixin
    StrategyOptions options = new StrategyOptions();

    @Mixin
    QuietOption quiet = new QuietOption();

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Option(names = "--max-faults", paramLabel = "K", description = "The most faults a schedule holds. Allowed: 0 to "
            + Explorer.MAX_FAULTS + " (default: ${DEFAULT-VALUE}; the states remembered take about 0.9 GB of heap "
            + "at 5 and 3.3 GB at 6 over one sign-up).")
    String maxFaults = "2";

    @Option(names = "--faults", paramLabel = "KINDS", description = "The kinds of fault it may choose, separated by "
            + "commas: fail (a call fails before doing anything), lost-reply (the email went out, its reply is "
            + "lost), crash (the worker process dies after a side effect, before its result is recorded), repeat "
            + "(the sign-up is sent again after the repeat delay: each end of its MIN..MAX range is tried), "
            + "order (of two events due at the same ms, the other goes first; with two workers). "
            + "(default: ${DEFAULT-VALUE}).")
    String faults = "fail,lost-reply,crash,repeat,order";

    @Option(names = "--format", paramLabel = "FORMAT", description = "One JSON line per strategy, or words for people. "
            + "Allowed: json, text (default: ${DEFAULT-VALUE}).")
    String format = "json";

    /** Taken only to be refused with the reason: a preset's or file's scenario is for random runs. */
    @Option(names = "--preset", paramLabel = "NAME", hidden = true)
    String preset;

    /** As {@link #preset}. */
    @Option(names = "--scenario", paramLabel = "FILE", hidden = true)
    String scenarioFile;

    /**
     * The scenario options, from the registry as every command's: the ones the explorer does not take are hidden and
     * refused with their reason when given ({@link ExplorerScenario#refusal}); the ones it limits further say its
     * range ({@link ExplorerScenario#max}).
     */
    static void addOptions(CommandSpec spec) {
        List<Parameter> taken = new ArrayList<>();
        Scenario defaults = ExplorerScenario.DEFAULTS;
        for (Parameter p : Parameter.values()) {
            OptionalLong max = ExplorerScenario.max(p);
            if (ExplorerScenario.refusal(p).isPresent()) {
                spec.addOption(OptionSpec.builder(p.cliOption()).type(String.class).hidden(true)
                        .defaultValue(p.format(p.get(defaults))) // read as the default; refused when given
                        .description("not used by explore").build());
            } else if (max.isPresent()) {
                String meaning = ExplorerScenario.meaning(p);
                spec.addOption(OptionSpec.builder(p.cliOption()).type(String.class).paramLabel("N")
                        .defaultValue(p.format(p.get(defaults)))
                        .description(Character.toUpperCase(meaning.charAt(0)) + meaning.substring(1) + ". Allowed: "
                                + p.min() + " to " + max.getAsLong() + " (default: ${DEFAULT-VALUE}).")
                        .build());
            } else {
                taken.add(p);
            }
        }
        ScenarioOptions.addTo(spec, taken, defaults, Map.of(), " virtual ms");
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
            if (preset != null || scenarioFile != null) {
                String option = preset != null ? "--preset" : "--scenario";
                throw new IllegalArgumentException(option + ": " + ExplorerScenario.scenarioFileRefusal());
            }
            for (Parameter p : Parameter.values()) {
                Optional<String> why = ExplorerScenario.refusal(p);
                if (why.isPresent() && given(p.cliOption())) {
                    throw new IllegalArgumentException(p.cliOption() + ": " + why.get());
                }
                OptionalLong max = ExplorerScenario.max(p);
                if (max.isPresent()) { // the explorer's own range, in the words of every whole-number option
                    WholeNumber.read(p.cliOption(), spec.findOption(p.cliOption()).getValue(), (int) p.min(),
                            (int) max.getAsLong());
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
            Scenario read = ScenarioOptions.read(spec, ExplorerScenario.DEFAULTS, false);
            if (given("--faults")) {
                ExplorerScenario.checkKinds(read, kinds);
            }
            scenario = ExplorerScenario.mayHappen(read, kinds);
            try {
                ScenarioOptions.refuseWithoutEffect(spec, scenario, strategies, "explore explores the article's "
                        + "five strategies unless --retry, --provider-key or --store names one");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(inExploresWords(e.getMessage()));
            }
            threadCount = threads.count();
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<Explorer.Result> results;
        try (TerminalProgress progress = TerminalProgress.counting(quiet.quiet, "explore", " schedules run")) {
            results = Explorer.exploreAll(scenario, strategies, kinds, k, threadCount, progress);
        } catch (Explorer.EndlessScheduleException e) {
            spec.commandLine().getErr().println("explore: " + e.getMessage());
            return 1;
        } catch (OutOfMemoryError | IllegalStateException e) {
            Optional<String> memory = outOfMemory(e, Runtime.getRuntime().maxMemory());
            if (memory.isEmpty()) {
                throw e;
            }
            spec.commandLine().getErr().println(memory.get());
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
     * @param e       what the exploration threw (a worker thread's error comes wrapped)
     * @param maxHeap the JVM's heap limit, bytes
     * @return the one line for an exploration that ran out of memory (the states it remembers grow with K and the
     *         sign-ups: about 0.9 GB at K = 5 and 3.3 GB at K = 6 over one sign-up), naming the heap and what to
     *         change; empty when {@code e} is not that
     */
    static Optional<String> outOfMemory(Throwable e, long maxHeap) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return Optional.of(String.format(Locale.ROOT, "explore: out of memory with a heap of %,d MB: the "
                        + "states explored do not fit; try a smaller --max-faults or scenario, or a larger heap "
                        + "(java -Xmx4g -jar …)", maxHeap >> 20));
            }
        }
        return Optional.empty();
    }

    /**
     * @return a need's message in explore's terms: a probability a kind of fault stands for ("it needs --p-crash
     *         above 0") becomes that kind among --faults; any other probability is one explore does not use
     */
    private static String inExploresWords(String message) {
        String m = message;
        for (Parameter p : Parameter.values()) {
            Optional<FaultKind> kind = ExplorerScenario.kindFor(p);
            if (kind.isPresent()) {
                m = m.replace(p.cliOption() + " above 0", kind.get().cliName() + " among --faults");
            }
        }
        return m.replaceAll("it needs (--p-[a-z-]+) above 0", "it needs $1, which explore does not use");
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
                        + "kinds, separated by commas: " + FaultKind.names());
            }
            try {
                out.add(FaultKind.of(part));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--faults: " + Cli.quote(part.strip()) + " is not a kind of fault; "
                        + "allowed, separated by commas: " + FaultKind.names());
            }
        }
        return out;
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
        for (int s = 0; s < r.stepNames().size(); s++) {
            dup.put(r.stepNames().get(s), r.duplicateSchedules().get(s));
        }
        row.put("duplicateSchedules", dup);
        row.put("lostSchedules", r.lostSchedules());
        row.put("shortestCounterexample", r.shortestCounterexample().stream().map(f -> fault(f, r.stepNames()))
                .toList());
        row.put("schedulesWithDuplicate", r.schedulesWithDuplicate());
        row.put("failedSchedules", r.failedSchedules());
        row.put("counterexampleDuplicates", r.counterexampleDuplicates().stream().map(r.stepNames()::get)
                .toList());
        row.put("runs", r.runs());
        return row;
    }

    /**
     * @return one fault: kind, step (a name, or null for a repeat or an order), attempt (0 for those), atMs, then user
     *         ("user_0", or null for an order), repeatedRequest (the call was the repeated request's), worker (-1
     *         for a repeat or an order), and delayMs for a repeat, first and before for an order
     */
    static Map<String, Object> fault(Fault f, List<String> stepNames) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", f.kind().cliName());
        m.put("step", f.stepName(stepNames));
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
        for (int s = 0; s < r.stepNames().size(); s++) {
            long n = r.duplicateSchedules().get(s);
            if (n > 0) {
                b.append(String.format(Locale.ROOT, "  %-30s done twice in %,d schedule%s%n",
                        r.stepNames().get(s), n, n == 1 ? "" : "s"));
            }
        }
        if (!r.hasCounterexample()) {
            b.append("  no schedule duplicates a side effect");
        } else if (r.shortestCounterexample().isEmpty()) {
            b.append("  duplicates with no fault at all");
        } else {
            b.append("  shortest counterexample:");
            for (Fault f : r.shortestCounterexample()) {
                b.append("\n    ").append(f.describe(r.stepNames()));
            }
            b.append("\n    -> ").append(r.counterexampleDuplicates().stream().map(r.stepNames()::get)
                    .collect(Collectors.joining(", "))).append(" done twice");
        }
        return b.toString();
    }
}
