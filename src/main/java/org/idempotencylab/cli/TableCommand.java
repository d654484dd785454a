package org.idempotencylab.cli;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code table}: the first article's five strategies on one scenario, printed as text, CSV or JSON lines.
 * Defaults are the article's parameters, so with no options it prints the article's table.
 */
@Command(name = "table", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Runs the first article's five strategies and prints their results.")
public final class TableCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text, csv or json (default: ${DEFAULT-VALUE})")
    String format = OutputFormat.text.name();

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Mixin
    QuietOption quiet = new QuietOption();

    @Override
    public Integer call() {
        Scenario scenario;
        int threadCount;
        OutputFormat how;
        try {
            how = OutputFormat.read(format);
            scenario = ScenarioOptions.read(spec);
            ScenarioOptions.refuseWithoutEffect(spec, scenario, Strategy.ARTICLE,
                    "table runs the article's five strategies; run and sweep take --store and --provider-key");
            threadCount = threads.count();
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<StrategyResult> results;
        try (TerminalProgress progress = TerminalProgress.on(scenario.jobs() * Strategy.ARTICLE.size(), quiet.quiet,
                "table")) {
            results = Comparison.run(scenario, Strategy.ARTICLE, threadCount, progress);
        }
        ResultWriter.write(how, scenario, results, spec.commandLine().getOut());
        return 0;
    }

    /** Output formats of {@code table}. Lower-case names, as typed on the command line. */
    public enum OutputFormat {
        text, csv, json;

        /**
         * @return the format {@code text} names, in any case
         * @throws IllegalArgumentException "{@code --format: 'xml' is not one of text, csv, json}"
         */
        static OutputFormat read(String text) {
            return read(text, values());
        }

        /**
         * @param allowed the formats the command writes, in the order its message lists them
         * @return the one {@code text} names, in any case
         * @throws IllegalArgumentException "{@code --format: 'xml' is not one of csv, json}"
         */
        static OutputFormat read(String text, OutputFormat... allowed) {
            for (OutputFormat f : allowed) {
                if (f.name().equalsIgnoreCase(text.strip())) {
                    return f;
                }
            }
            throw new IllegalArgumentException("--format: " + ParameterException.quoted(text.strip())
                    + " is not one of " + Arrays.stream(allowed).map(Enum::name).collect(Collectors.joining(", ")));
        }
    }
}
