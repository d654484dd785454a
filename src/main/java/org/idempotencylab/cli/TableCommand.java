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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code table}: the first article's five strategies on one scenario, printed as text, CSV or JSON lines.
 * Defaults are the article's parameters, so with no options it prints the article's table.
 *
 * <p>Its model is built with picocli's programmatic API ({@link #spec()}), not read from annotations as the other
 * commands' are: reading a command's annotations (and those of picocli's standard help options) costs a third of
 * the start of the command, and {@code table} is the one whose whole run is measured against the bare loops
 * (docs/measured-figures.md). Its help and messages are the same either way.
 */
public final class TableCommand implements Callable<Integer> {
    /** What the help says the command does. */
    static final String DESCRIPTION = "Runs the first article's five strategies and prints their results.";

    private CommandSpec spec;

    private TableCommand() {
    }

    /**
     * @return the model of {@code table} with its own options ({@code --format}, {@code --threads},
     *         {@code --quiet}, {@code -h}, {@code -V}); the caller adds the scenario's ({@link ScenarioOptions})
     */
    static CommandSpec spec() {
        TableCommand command = new TableCommand();
        command.spec = Cli.standardCommand(command, "table", DESCRIPTION);
        command.spec.addOption(OptionSpec.builder("--format").paramLabel("FORMAT").type(String.class)
                .defaultValue(OutputFormat.text.name()).description("text, csv or json (default: ${DEFAULT-VALUE})")
                .build());
        command.spec.addOption(ThreadsOption.option());
        command.spec.addOption(QuietOption.option());
        return command.spec;
    }

    @Override
    public Integer call() {
        Scenario scenario;
        int threadCount;
        OutputFormat how;
        try {
            how = OutputFormat.read(spec.findOption("--format").getValue());
            scenario = ScenarioOptions.read(spec);
            ScenarioOptions.refuseWithoutEffect(spec, scenario, Strategy.ARTICLE,
                    "table runs the article's five strategies; run and sweep take --store and --provider-key");
            threadCount = ThreadsOption.count(spec);
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<StrategyResult> results;
        boolean quiet = Boolean.TRUE.equals(spec.findOption(QuietOption.NAME).getValue());
        try (TerminalProgress progress = TerminalProgress.on(scenario.jobs() * Strategy.ARTICLE.size(), quiet,
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
