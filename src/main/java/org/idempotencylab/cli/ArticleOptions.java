package org.idempotencylab.cli;

import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import picocli.CommandLine.Option;

/**
 * The options {@code table} and {@code run} share: the first article's parameters. Values are kept as text and
 * read through {@link Parameter}, so a bad one gets the same message as in the window and in scenario files.
 */
final class ArticleOptions {
    private static final Scenario DEFAULTS = Scenario.article();

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

    /**
     * @return the article's scenario with these options applied
     * @throws org.idempotencylab.scenario.ParameterException naming the first bad option
     */
    Scenario.Builder apply(Scenario.Builder b) {
        return b.jobs(Parameter.JOBS.parseLong(jobs))
                .pFail(Parameter.P_FAIL.parse(pFail))
                .lostReply(Parameter.LOST_REPLY.parse(lostReply))
                .maxAttempts((int) Parameter.MAX_ATTEMPTS.parseLong(attempts))
                .seed(Parameter.SEED.parseLong(seed));
    }
}
