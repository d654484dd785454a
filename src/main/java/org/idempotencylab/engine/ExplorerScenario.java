package org.idempotencylab.engine;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;

/**
 * What the {@link Explorer} takes of a scenario, in one place for the command line and the window: its defaults,
 * the parameters it limits further (a handful of sign-ups, one or two workers), the ones it does not use (the
 * probabilities, which the choice points replace, and the number of repeats), and which kind of fault meets the need
 * of a parameter that a probability would meet in a normal run (a restart time needs crashes).
 */
public final class ExplorerScenario {
    /** The most sign-ups: the schedules of four run into the millions at K = 3. */
    public static final long MAX_JOBS = 3;
    /** The most workers: two make the races; more add little but schedules. */
    public static final long MAX_WORKERS = 2;

    /**
     * The explorer's defaults: the article's values, but one sign-up, every call exactly its mean (so two workers'
     * calls end at the same ms and race) and backoffs without jitter; probabilities 0 (not used).
     */
    public static final Scenario DEFAULTS = Scenario.article().toBuilder().jobs(1).callTime(CallTimeShape.FIXED)
            .jitter(false).pFail(0).lostReply(0).build();

    /** The probability whose need ("--restart-ms needs --p-crash above 0") each kind of fault meets here. */
    private static final Map<Parameter, FaultKind> KIND_OF = Map.of(Parameter.P_FAIL, FaultKind.FAIL,
            Parameter.LOST_REPLY, FaultKind.LOST_REPLY, Parameter.P_CRASH, FaultKind.CRASH, Parameter.P_DUPLICATE,
            FaultKind.REPEAT);

    private ExplorerScenario() {
    }

    /**
     * @return why the explorer takes no preset or scenario file, in a few words after the option: their scenarios are
     *         sized and drawn for random runs; and where its scenario comes from instead
     */
    public static String scenarioFileRefusal() {
        return "explore takes no preset or scenario file: their scenarios are sized and drawn for random runs; give "
                + "explore's scenario with run's options (" + Parameter.JOBS.cliOption() + " 1 to " + MAX_JOBS + ", "
                + Parameter.WORKERS.cliOption() + " 1 to " + MAX_WORKERS + ", --retry, --provider-key, --store, "
                + Parameter.QUEUE.cliOption() + ", ...)";
    }

    /**
     * @return why the explorer does not take {@code p}, in a few words after its option, or empty if it does: the
     *         probabilities (it chooses the faults itself) and the number of repeats (a repeat fault sends a
     *         sign-up again once)
     */
    public static Optional<String> refusal(Parameter p) {
        if (p == Parameter.REPEATS) {
            return Optional.of("explore sends a sign-up again at most once (a repeat fault), so the number of "
                    + "repeats does not apply");
        }
        if (p.kind() == Parameter.Kind.PROBABILITY) {
            return Optional.of("explore chooses the faults itself, so no probability applies; --faults names the "
                    + "kinds it may choose (" + FaultKind.names() + ")");
        }
        return Optional.empty();
    }

    /** @return the explorer's own largest value of {@code p}, below the parameter's, or empty */
    public static OptionalLong max(Parameter p) {
        return p == Parameter.JOBS ? OptionalLong.of(MAX_JOBS)
                : p == Parameter.WORKERS ? OptionalLong.of(MAX_WORKERS) : OptionalLong.empty();
    }

    /** @return what {@code p} means here, where {@link #max} limits it, e.g. why a handful of sign-ups */
    public static String meaning(Parameter p) {
        return p == Parameter.JOBS ? "how many sign-ups, user_0 to user_{N-1} (a handful: most design bugs show with "
                + "a few jobs and faults)"
                : p == Parameter.WORKERS ? "how many jobs are in progress at once (two make the races of events due "
                + "at the same ms)" : p.meaning();
    }

    /** @return the kind of fault that meets the need a probability {@code p} above 0 meets in a normal run */
    public static Optional<FaultKind> kindFor(Parameter p) {
        return Optional.ofNullable(KIND_OF.get(p));
    }

    /**
     * @return {@code s} with the probability of each kind allowed at 1 and of the others at 0: "may happen", what
     *         a parameter's need (a restart time needs crashes) is checked against; the explorer's chooser replaces
     *         every draw they would make
     */
    public static Scenario mayHappen(Scenario s, Set<FaultKind> kinds) {
        Scenario.Builder b = s.toBuilder();
        KIND_OF.forEach((p, kind) -> p.set(b, kinds.contains(kind) ? 1.0 : 0.0));
        return b.build();
    }

    /**
     * @throws IllegalArgumentException if a kind of fault given can never happen in {@code s}: races need two
     *                                  workers
     */
    public static void checkKinds(Scenario s, Set<FaultKind> kinds) {
        if (s.workers() == 1 && kinds.contains(FaultKind.ORDER)) {
            throw new IllegalArgumentException("--faults: order has no effect here; it needs "
                    + Parameter.WORKERS.cliOption() + " 2 (one worker never has two events race)");
        }
    }
}
