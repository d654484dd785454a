package org.idempotencylab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Spacing;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.SweepSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sweep --vary OPTION --from X --to Y --points N [any run option]}, or {@code sweep --scenario FILE} /
 * {@code sweep --preset NAME} (a scenario file's strategies on its scenario, over the file's own {@code sweep} when
 * it has one: the options given change its values, e.g. {@code --points 5}): runs the
 * article's five strategies, or the one {@code --retry}/{@code --provider-key}/{@code --store} name, at each of
 * {@code N} evenly spaced values (linearly, or with {@code --spacing log} logarithmically) of one numeric
 * {@code run} option, and writes CSV: one row per point and
 * strategy, the varied value, the strategy, then every metric {@code run} prints under its JSON key
 * ({@code duplicateSideEffects} as one column per step). Points as {@link Sweep}: ends exact, whole-number
 * options rounded, a point equal to an earlier one after rounding dropped. Bad input as {@link Cli}: one line,
 * exit 2.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Runs the five strategies (or the one --retry/--provider-key/--store name, or the strategies "
                + "of a --scenario or --preset file) at evenly spaced values of one run option and writes CSV: one "
                + "row per value and strategy, with every metric run prints.")
public final class SweepCommand implements Callable<Integer> {
    /** Most points a sweep takes. */
    static final int MAX_POINTS = 1_000;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    StrategyOptions options = new StrategyOptions();

    @Option(names = "--vary", paramLabel = "OPTION",
            description = "the run option to vary: any numeric option of run (its option name, or its field name "
                    + "as in scenario files); a range option varies one fixed value, both ends (default: the sweep "
                    + "of the --scenario or --preset file, if it has one)")
    String vary;

    @Option(names = "--scenario", paramLabel = "FILE", description = "sweep every strategy of this scenario file, "
            + "on its scenario (the scenario options given here change its values), over the file's sweep when it "
            + "has one")
    String scenarioFile;

    @Option(names = "--preset", paramLabel = "NAME", description = "likewise for a built-in preset, by its file "
            + "name without .json (e.g. field-powertools-expiry-sweep; 'idempotency-lab presets' lists them)")
    String preset;

    @Option(names = "--from", paramLabel = "X", description = "first value, in the option's unit (default: the "
            + "start of a range worth exploring for that option, as the window's Sweep tab offers)")
    String from;

    @Option(names = "--to", paramLabel = "Y", description = "last value, in the option's unit (default: the end of "
            + "that range)")
    String to;

    @Option(names = "--points", paramLabel = "N",
            description = "evenly spaced values from X to Y, both included, 2..1,000; whole-number options are "
                    + "rounded and a value already swept is not run again (default: ${DEFAULT-VALUE})")
    String points = "11";

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "csv (a header, then one row per value and strategy) or json (one line per value and "
                    + "strategy: the varied value under its field name, then run's keys) (default: ${DEFAULT-VALUE})")
    String format = "csv";

    @Option(names = "--spacing", paramLabel = "SPACING",
            description = "linear (the same step between values) or log (the same ratio: for a lease from 1 s to "
                    + "1 h; both ends above 0) (default: linear)")
    String spacing;

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Mixin
    QuietOption quiet = new QuietOption();

    @Override
    public Integer call() {
        Sweep sweep;
        int threadCount;
        boolean json;
        try {
            ScenarioFile file = ScenarioSource.either(scenarioFile, preset);
            if (file != null && options.strategyGiven()) {
                throw new IllegalArgumentException((options.retry != null ? "--retry" : options.providerKey != null
                        ? "--provider-key" : "--store") + ": the scenario names its strategies; give them in its "
                        + "file, or sweep without --scenario and --preset");
            }
            SweepSpec plan = file == null ? null : file.sweep();
            if (vary == null && plan == null) {
                throw new IllegalArgumentException("sweep needs --vary OPTION" + (file == null
                        ? " (see 'idempotency-lab sweep --help' for the options and their ranges)"
                        : ": the scenario file has no sweep of its own"));
            }
            Parameter parameter = vary != null ? varied(vary) : plan.vary();
            if (plan != null && plan.vary() != parameter) {
                plan = null; // --vary names another parameter: the file's range and points are not for it
            }
            json = TableCommand.OutputFormat.read(format, TableCommand.OutputFormat.csv,
                    TableCommand.OutputFormat.json) == TableCommand.OutputFormat.json;
            double[] explore = parameter.exploreRange();
            double x = from != null ? bound("--from", from, parameter) : plan != null ? plan.from() : explore[0];
            double y = to != null ? bound("--to", to, parameter) : plan != null ? plan.to() : explore[1];
            int n = plan != null && !given("--points") ? plan.points() : points(points);
            if (x == y) {
                // name the end the command line gave, and where the other came from
                String end = to != null ? "--to" : "--from";
                String other = to != null ? origin("--from", from, plan, "sweep.from")
                        : origin("--to", to, plan, "sweep.to");
                throw new IllegalArgumentException(end + ": " + parameter.format(y) + " equals " + other
                        + "; a sweep needs two different ends");
            }
            Spacing how = spacing == null && plan != null ? plan.spacing() : spacing(spacing);
            if (how == Spacing.LOG && (x <= 0 || y <= 0)) {
                String end = x <= 0 ? "--from" : "--to";
                throw new IllegalArgumentException(end + ": " + parameter.format(x <= 0 ? x : y) + " is not above "
                        + "0; --spacing log needs both ends above 0");
            }
            String set = spec.commandLine().getParseResult().matchedOptions().stream()
                    .map(o -> o.longestName())
                    .filter(name -> name.equals(parameter.cliOption())).findFirst().orElse(null);
            if (set != null) {
                throw new IllegalArgumentException(set + ": the sweep sets it at each point (--vary " + set
                        + "); give it only as --from and --to");
            }
            threadCount = threads.count();
            List<Strategy> strategies = file != null ? file.strategies()
                    : options.strategyGiven() ? List.of(options.strategy()) : Strategy.ARTICLE;
            for (Strategy st : strategies) {
                if (st.settings().containsKey(parameter)) {
                    // its own value would win at every point: a flat line that looks like a finding
                    throw new IllegalArgumentException("--vary: the strategy \"" + st.name() + "\" sets "
                            + parameter.id() + " itself, so the sweep would not change it; vary another option");
                }
            }
            Scenario base = file != null ? ScenarioOptions.readOnto(spec, file.scenario())
                    : ScenarioOptions.read(spec);
            String whose = file != null || options.strategyGiven() ? ""
                    : "without --retry, --provider-key or --store, sweep runs the article's five strategies";
            // an option counts if it counts at either end of the sweep (--vary --p-slow with --slow-call-ms)
            List<Scenario> ends = List.of(Sweep.with(base, parameter, x), Sweep.with(base, parameter, y));
            ScenarioOptions.refuseWithoutEffect(spec, ends, strategies, whose);
            ScenarioOptions.refuseWithoutEffect(parameter, "--vary " + parameter.cliOption(), ends, strategies,
                    whose);
            sweep = Sweep.of(base, parameter, x, y, n, strategies, how);
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        Sweep.Result result;
        try (TerminalProgress progress = TerminalProgress.on(sweep.totalJobs(), quiet.quiet, "sweep")) {
            result = sweep.run(threadCount, progress);
        }
        if (json) {
            writeJson(result, spec.commandLine().getOut());
        } else {
            write(result, spec.commandLine().getOut());
        }
        return 0;
    }

    /** Writes one JSON line per (point, strategy), in {@link #write}'s order: the varied value, then run's keys. */
    static void writeJson(Sweep.Result result, PrintWriter out) {
        Sweep sweep = result.sweep();
        for (int i = 0; i < sweep.values().size(); i++) {
            for (int s = 0; s < sweep.strategies().size(); s++) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put(column(sweep.parameter()), ResultColumns.sweepNumber(sweep.parameter(),
                        sweep.values().get(i)));
                row.putAll(RunCommand.row(result.get(i, s)));
                out.println(ResultWriter.json(row));
            }
        }
        out.flush();
    }

    /** @return the CSV column of the varied value: the parameter's field name ({@code duplicateDelayMs} for both ends). */
    static String column(Parameter p) {
        return ResultColumns.sweepColumn(p);
    }

    /** @return {@code v} as the option takes it: a whole number, or the shortest decimal ("0.0025"). */
    static String valueText(Parameter p, double v) {
        return ResultColumns.sweepValue(p, v);
    }

    /** Writes the header and one row per (point, strategy), points in order, each point's strategies in order. */
    static void write(Sweep.Result result, PrintWriter out) {
        Sweep sweep = result.sweep();
        List<String> header = new ArrayList<>();
        header.add(column(sweep.parameter()));
        header.addAll(RunCommand.flatRow(result.get(0, 0)).keySet());
        try {
            CSVPrinter p = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new))
                    .setRecordSeparator('\n').build());
            for (int i = 0; i < sweep.values().size(); i++) {
                String value = valueText(sweep.parameter(), sweep.values().get(i));
                for (int s = 0; s < sweep.strategies().size(); s++) {
                    StrategyResult r = result.get(i, s);
                    List<Object> row = new ArrayList<>();
                    row.add(value);
                    row.addAll(RunCommand.flatRow(r).values());
                    p.printRecord(row);
                }
            }
            p.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
    }

    /** The options a sweep can vary, by name: the numeric parameters' (a range's one option sets both ends). */
    static Map<String, Parameter> numericOptions() {
        Map<String, Parameter> m = new LinkedHashMap<>();
        for (Parameter p : Parameter.values()) {
            if (p.isSweepable()) {
                m.put(p.cliOption(), p);
            }
        }
        return m;
    }

    /**
     * @param text a run option's name, e.g. {@code --p-fail} (or its field name, {@code pFail})
     * @throws IllegalArgumentException for an option that is not numeric or not one of run's, listing the allowed
     */
    static Parameter varied(String text) {
        String t = text.strip();
        Map<String, Parameter> numeric = numericOptions();
        for (Map.Entry<String, Parameter> e : numeric.entrySet()) {
            if (e.getKey().equalsIgnoreCase(t) || e.getValue().id().equalsIgnoreCase(t)
                    || e.getKey().equalsIgnoreCase("--" + t)) { // "p-fail" is read as --p-fail too
                return e.getValue();
            }
        }
        String allowed = "; allowed " + String.join(", ", numeric.keySet());
        boolean known = ScenarioOptions.names().stream().anyMatch(o -> o.equalsIgnoreCase(t))
                || List.of("--retry", "--provider-key", "--store", "--db", "--format").stream()
                        .anyMatch(o -> o.equalsIgnoreCase(t));
        if (known) {
            throw new IllegalArgumentException("--vary: " + t + " is not a numeric option" + allowed);
        }
        throw new IllegalArgumentException("--vary: " + ParameterException.quoted(t) + " is not a run option" + allowed);
    }

    /** Reads {@code --from} or {@code --to} as a value of the varied parameter, with its range. */
    private static double bound(String option, String text, Parameter p) {
        try {
            return p.parse(text);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.messageFor(option) + " for " + p.cliOption(), e);
        }
    }

    /** @return the spacing {@code --spacing} names, linear when it is not given. */
    private static Spacing spacing(String text) {
        if (text == null) {
            return Spacing.LINEAR;
        }
        return Choice.parse("--spacing", Spacing.values(), text);
    }

    /** @return where an end of the sweep came from: its option, the file's field, or the option's default */
    private static String origin(String option, String text, SweepSpec plan, String field) {
        return text != null ? option : plan != null ? "the file's " + field : "the default " + option;
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    private static int points(String text) {
        return WholeNumber.read("--points", text, 2, MAX_POINTS);
    }
}
