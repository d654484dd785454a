package org.idempotencylab.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.Strategy;
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
@Command(name = "table", mixinStandardHelpOptions = true, version = Cli.VERSION,
        description = "Runs the first article's five strategies and prints their results.")
public final class TableCommand implements Callable<Integer> {

    private static final Scenario DEFAULTS = Scenario.article();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    ArticleOptions article = new ArticleOptions();

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text, csv or json (default: ${DEFAULT-VALUE})")
    OutputFormat format = OutputFormat.text;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads to run strategies on, 1..64; results do not depend on it (default: cores, at most 64)")
    String threads = Integer.toString(Math.min(64, Runtime.getRuntime().availableProcessors()));

    @Override
    public Integer call() {
        Scenario scenario;
        int threadCount;
        try {
            scenario = article.apply(DEFAULTS.toBuilder()).build();
            threadCount = parseThreads(threads);
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<StrategyResult> results = Comparison.run(scenario, Strategy.ARTICLE, threadCount, RunControl.NONE);
        ResultWriter.write(format, scenario, results, spec.commandLine().getOut());
        return 0;
    }

    /** @return {@code --threads} read as 1..64; {@code sweep} shares it. */
    static int parseThreads(String text) {
        String t = text.strip();
        if (!t.matches("[-+]?[0-9]+")) {
            throw new IllegalArgumentException("--threads: '" + t + "' is not a whole number; allowed 1 to 64");
        }
        if (t.length() > 3 || Integer.parseInt(t) < 1 || Integer.parseInt(t) > 64) {
            throw new IllegalArgumentException("--threads: " + t + " is outside the allowed range 1 to 64");
        }
        return Integer.parseInt(t);
    }

    /** Output formats of {@code table}. Lower-case names, as typed on the command line. */
    public enum OutputFormat { text, csv, json }
}
