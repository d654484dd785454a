package org.idempotencylab.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
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

    @Option(names = "--jobs", paramLabel = "N", description = "sign-ups, 1..100,000,000 (default: ${DEFAULT-VALUE})")
    String jobs = Long.toString(DEFAULTS.jobs());

    @Option(names = "--p-fail", paramLabel = "P",
            description = "probability 0..1 that a call fails before doing anything (default: ${DEFAULT-VALUE})")
    String pFail = Parameter.plain(DEFAULTS.pFail());

    @Option(names = "--lost-reply", paramLabel = "P",
            description = "probability 0..1 that the email is sent but its reply is lost (default: ${DEFAULT-VALUE})")
    String lostReply = Parameter.plain(DEFAULTS.lostReply());

    @Option(names = "--attempts", paramLabel = "N",
            description = "attempts in all, the first included, 1..100 (default: ${DEFAULT-VALUE})")
    String attempts = Integer.toString(DEFAULTS.maxAttempts());

    @Option(names = "--seed", paramLabel = "N",
            description = "random seed, -2147483648..2147483647 (default: ${DEFAULT-VALUE})")
    String seed = Long.toString(DEFAULTS.seed());

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
            scenario = DEFAULTS.toBuilder()
                    .jobs(Parameter.JOBS.parseLong(jobs))
                    .pFail(Parameter.P_FAIL.parse(pFail))
                    .lostReply(Parameter.LOST_REPLY.parse(lostReply))
                    .maxAttempts((int) Parameter.MAX_ATTEMPTS.parseLong(attempts))
                    .seed(Parameter.SEED.parseLong(seed))
                    .build();
            threadCount = parseThreads(threads);
        } catch (ParameterException e) {
            spec.commandLine().getErr().println(e.messageFor(e.parameter().cliOption()));
            return Cli.BAD_INPUT;
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return Cli.BAD_INPUT;
        }
        List<StrategyResult> results = Comparison.run(scenario, Strategy.ARTICLE, threadCount, RunControl.NONE);
        ResultWriter.write(format, scenario, results, spec.commandLine().getOut());
        return 0;
    }

    private static int parseThreads(String text) {
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
