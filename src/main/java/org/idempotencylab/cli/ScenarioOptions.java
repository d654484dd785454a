package org.idempotencylab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The scenario's options of {@code table}, {@code run} and {@code sweep}, made from {@link Parameter} with
 * picocli's programmatic API: one option per parameter, its help line (what it means, its unit, its allowed
 * range and its default) and its reading all come from the parameter's row, so adding a parameter adds its
 * option everywhere. Values are kept as text and read through {@link Parameter#parseValue}, so a bad one gets
 * the same message as in the window and in scenario files.
 *
 * <p>The two ends of a range share one option: {@code --duplicate-delay-ms} takes {@code MS} (a fixed delay)
 * or {@code MIN..MAX}.
 */
final class ScenarioOptions {
    private ScenarioOptions() {
    }

    /** Adds one option per parameter to {@code spec} (the end of a range has none of its own). */
    static void addTo(CommandSpec spec) {
        addTo(spec, List.of(Parameter.values()), Scenario.article(), Map.of(), " virtual ms");
    }

    /**
     * Adds one option per parameter of {@code parameters} to {@code spec}, for a command that takes only some of
     * them ({@code work}): the same reading and range messages as every other command.
     *
     * @param defaults the scenario whose values are the options' defaults
     * @param meanings what a parameter means in this command, where it differs from {@link Parameter#meaning}
     * @param msUnit   how the help names a time's unit, e.g. " virtual ms" or " wall-clock ms"
     */
    static void addTo(CommandSpec spec, List<Parameter> parameters, Scenario defaults, Map<Parameter, String> meanings,
                      String msUnit) {
        for (Parameter p : parameters) {
            if (p.rangeStart() != null) {
                continue; // set through its start's MIN..MAX
            }
            Parameter end = p.rangeEnd();
            String dflt = end == null ? p.format(p.get(defaults))
                    : rangeText(p.format(p.get(defaults)), end.format(end.get(defaults)));
            spec.addOption(OptionSpec.builder(p.cliOption())
                    .paramLabel(end == null ? paramLabel(p) : "MS|MIN..MAX")
                    .type(String.class)
                    .defaultValue(dflt)
                    .description(description(p, end, meanings.get(p), msUnit))
                    .build());
        }
    }

    private static String rangeText(String min, String max) {
        return min.equals(max) ? min : min + ".." + max;
    }

    private static String paramLabel(Parameter p) {
        return switch (p.kind()) {
            case PROBABILITY -> "P";
            case MILLIS -> "MS";
            case COUNT -> "N";
            case RATE -> "R";
            case FACTOR -> "F";
            case FLAG -> "true|false";
            case CHOICE -> p.id().toUpperCase(Locale.ROOT);
        };
    }

    private static String description(Parameter p, Parameter end, String meaning, String msUnit) {
        String what = meaning != null ? meaning : end == null ? p.meaning()
                : "when the repeated request arrives after the first: a fixed delay, or MIN..MAX for a delay drawn "
                        + "uniformly between";
        String unit = switch (p.kind()) {
            case PROBABILITY -> " (a probability)";
            case MILLIS -> msUnit;
            case RATE -> " per virtual second";
            case FACTOR -> " (a factor)";
            case COUNT, FLAG, CHOICE -> "";
        };
        return capitalised(what) + ". Allowed: " + p.rangeText() + unit + " (default: ${DEFAULT-VALUE}).";
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * @return the article's scenario with every option of {@code spec} applied
     * @throws ParameterException       naming the first bad value ({@link ParameterException#messageFor} words it
     *                                  with the option)
     * @throws IllegalArgumentException for a delay range that is not MS or MIN..MAX, or runs backwards
     */
    static Scenario read(CommandSpec spec) {
        return read(spec, Scenario.article(), false);
    }

    /**
     * @return {@code base} with only the options given on the command line applied (a scenario file's values stay
     *         where no option was given)
     * @throws ParameterException       naming the first bad value
     * @throws IllegalArgumentException for a delay range that is not MS or MIN..MAX, or runs backwards
     */
    static Scenario readOnto(CommandSpec spec, Scenario base) {
        return read(spec, base, true);
    }

    static Scenario read(CommandSpec spec, Scenario base, boolean givenOnly) {
        Scenario.Builder b = base.toBuilder();
        for (Parameter p : Parameter.values()) {
            if (p.rangeStart() != null) {
                continue;
            }
            if (spec.findOption(p.cliOption()) == null // a command that takes only some parameters
                    || givenOnly && !spec.commandLine().getParseResult().hasMatchedOption(p.cliOption())) {
                continue;
            }
            String text = spec.findOption(p.cliOption()).getValue();
            Parameter end = p.rangeEnd();
            if (end == null) {
                p.set(b, p.parseValue(text));
            } else {
                long[] range = range(p, end, text);
                p.set(b, range[0]);
                end.set(b, range[1]);
            }
        }
        return b.build();
    }

    /**
     * Refuses a scenario option given on the command line that changes nothing in this run: one whose parameter's
     * need ({@link Parameter#unmetNeed}) none of the strategies meets, e.g. {@code --lease-ms} without a claim
     * table, or {@code --slow-call-ms} with no slow calls. Options left at their defaults are not checked.
     *
     * @param scenario   the scenario the options give
     * @param strategies the strategies the command runs
     * @param whose      how the command's strategies are described when a strategy option would help, e.g.
     *                   "table runs the article's five strategies; use run or sweep for others", or ""
     * @throws IllegalArgumentException naming the first such option and the options that would give it an effect
     */
    static void refuseWithoutEffect(CommandSpec spec, Scenario scenario, List<Strategy> strategies, String whose) {
        refuseWithoutEffect(spec, List.of(scenario), strategies, whose);
    }

    /**
     * As {@link #refuseWithoutEffect(CommandSpec, Scenario, List, String)}, for a command that runs several
     * scenarios (a sweep's points): an option counts if it changes a run of any of them.
     */
    static void refuseWithoutEffect(CommandSpec spec, List<Scenario> scenarios, List<Strategy> strategies,
                                    String whose) {
        for (Parameter p : Parameter.values()) {
            if (p.rangeStart() != null || spec.findOption(p.cliOption()) == null
                    || !spec.commandLine().getParseResult().hasMatchedOption(p.cliOption())) {
                continue;
            }
            refuseWithoutEffect(p, p.cliOption(), scenarios, strategies, whose);
        }
    }

    /**
     * @param given how the command line gave {@code p}: its option, or {@code --vary <option>}
     * @param scenarios the scenarios the command runs (a sweep's ends): {@code p} counts if it counts in any
     * @throws IllegalArgumentException if {@code p} changes nothing in a run of these strategies on any of them
     */
    static void refuseWithoutEffect(Parameter p, String given, List<Scenario> scenarios, List<Strategy> strategies,
                                    String whose) {
        Optional<String> why = Optional.empty();
        for (Scenario s : scenarios) {
            Optional<String> here = withoutEffect(p, s, strategies, whose);
            if (here.isEmpty()) {
                return; // it counts in this one
            }
            why = why.isPresent() ? why : here;
        }
        if (why.isPresent()) {
            throw new IllegalArgumentException(given + ": has no effect here; " + why.get());
        }
    }

    /** @return why {@code p} changes nothing in a run of these strategies on {@code scenario}, if it does not */
    private static Optional<String> withoutEffect(Parameter p, Scenario scenario, List<Strategy> strategies,
                                                  String whose) {
        if (strategies.stream().allMatch(st -> st.settings().containsKey(p))) {
            return Optional.of("every strategy of the scenario sets " + p.id() + " itself (its settings)");
        }
        if (scenario.workflow().setsOnEveryStep(p)) { // the step's own value wins: a flat sweep, an ignored option
            return Optional.of("every step of the workflow that takes " + p.id() + " sets its own");
        }
        return p.unmetNeed(scenario, strategies).map(need -> {
            boolean strategyOption = need.startsWith("--store") || need.startsWith("--provider-key");
            return "it needs " + need + (strategyOption && !whose.isEmpty() ? " (" + whose + ")" : "");
        });
    }

    /** @return the names of the options {@link #addTo} adds, in order. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Parameter p : Parameter.values()) {
            if (p.rangeStart() == null) {
                names.add(p.cliOption());
            }
        }
        return names;
    }

    /** Reads "30000" (a fixed delay) or "1000..60000" (uniform between), in virtual ms. */
    static long[] range(Parameter start, Parameter end, String text) {
        String t = text.strip();
        String allowed = "; allowed a whole number of ms or MIN..MAX, each " + start.rangeText();
        if (!t.matches("[0-9]+(\\.\\.[0-9]+)?")) {
            throw new IllegalArgumentException(start.cliOption() + ": " + ParameterException.quoted(t) + " is not a delay" + allowed);
        }
        int dots = t.indexOf("..");
        try {
            if (dots < 0) {
                long v = start.parseLong(t);
                return new long[] {v, v};
            }
            long min = start.parseLong(t.substring(0, dots));
            long max = end.parseLong(t.substring(dots + 2));
            if (min > max) {
                throw new IllegalArgumentException(start.cliOption() + ": " + ParameterException.quoted(t) + " runs backwards; MIN must not "
                        + "be above MAX");
            }
            return new long[] {min, max};
        } catch (ParameterException e) {
            throw new IllegalArgumentException(start.cliOption() + ": " + ParameterException.quoted(t) + " is out of range" + allowed);
        }
    }
}
