package org.idempotencylab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Properties;
import org.idempotencylab.scenario.ParameterException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The headless command line: {@code java -jar idempotency-lab.jar table|run|sweep|explore|work [options]}.
 *
 * <p>Exit codes: 0 done; 2 bad input (one line on stderr naming the option, the value and the allowed range, or
 * for a scenario file one line per problem it holds; nothing on stdout); 1 anything else.
 *
 * <p>The top-level command's model is built with picocli's programmatic API ({@link #standardCommand}), as
 * {@code table}'s is: reading annotations costs every command's start (see {@link TableCommand}).
 */
public final class Cli implements Runnable {
    /** What the top-level help says the program does. */
    private static final String DESCRIPTION = "Simulates background jobs that run twice, and idempotency keys that "
            + "stop it. With no command, opens the lab window.";

    /** The commands, in the order the help lists them. */
    private static final List<String> COMMANDS = List.of("table", "run", "sweep", "explore", "work", "check",
            "presets", "schema");
    /** The commands that take every scenario parameter as an option. */
    private static final List<String> SCENARIO_COMMANDS = List.of("table", "run", "sweep");

    /** What {@code --version} prints: "Idempotency Lab " and the pom's version, which the build writes in. */
    public static final String VERSION = "Idempotency Lab " + buildVersion();

    private static String buildVersion() {
        Properties p = new Properties();
        try (InputStream in = Cli.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // a jar without its version file still runs; it says so below
        }
        return p.getProperty("version", "(version unknown)");
    }

    /** Gives every command's {@code --version} {@link #VERSION}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {VERSION};
        }
    }

    /** Most characters of a message of picocli's the lab shows as it is. */
    private static final int MESSAGE_AT_MOST = 200;

    /** Exit code for bad input. */
    public static final int BAD_INPUT = 2;

    /** The system property naming the classes whose built-in picocli converters are left out (regexes). */
    private static final String CONVERTERS_EXCLUDED = "picocli.converters.excludes";

    /** The model this command runs in. */
    private CommandSpec spec;

    private Cli() {
    }

    @Override
    public void run() {
        // "idempotency-lab" with options but no command: the launcher opens the window for no arguments at all
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: try 'table', 'run', 'sweep', 'explore', 'work', 'check', "
                + "'presets' or 'schema'");
    }

    /**
     * The model of a command with what {@code @Command(name = ..., mixinStandardHelpOptions = true, versionProvider
     * = Cli.Version.class, description = ...)} gives an annotated one: its name, description, version and the
     * standard {@code -h, --help} and {@code -V, --version} options with picocli's own words.
     *
     * @param command the object that runs the command ({@link Runnable} or {@link java.util.concurrent.Callable})
     * @return the model, without the command's own options
     */
    static CommandSpec standardCommand(Object command, String name, String description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name).versionProvider(new Version());
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).type(boolean.class)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).type(boolean.class)
                .description("Print version information and exit.").build());
        return spec;
    }

    /** Runs the command line with {@code out} and {@code err} as its streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        if (System.getProperty(CONVERTERS_EXCLUDED) == null) {
            // picocli's documented switch: no option here is a date, a time or a JDBC type, and registering their
            // converters (by reflection, for each command) loads and initialises some 80 classes of java.time and
            // java.sql at every start
            System.setProperty(CONVERTERS_EXCLUDED, "java\\.(sql|time)\\..*");
        }
        Cli top = new Cli();
        top.spec = standardCommand(top, "idempotency-lab", DESCRIPTION);
        CommandLine cl = new CommandLine(top.spec);
        // Picocli builds a command's model by reflection, and each command gets the scenario's twenty-odd options:
        // when the first argument names a command, only that one is built (a third of the start-up of "table"); the
        // top-level help and errors get all three.
        for (String name : args.length > 0 && COMMANDS.contains(args[0]) ? List.of(args[0]) : COMMANDS) {
            CommandLine sub = name.equals("table") ? new CommandLine(TableCommand.spec())
                    : new CommandLine(command(name));
            if (SCENARIO_COMMANDS.contains(name)) {
                ScenarioOptions.addTo(sub.getCommandSpec()); // these take the whole scenario
            } else if (name.equals("work")) {
                WorkCommand.addOptions(sub.getCommandSpec()); // the parameters real workers have
            } else if (name.equals("explore")) {
                ExploreCommand.addOptions(sub.getCommandSpec()); // all but the probabilities
            }
            cl.addSubcommand(name, sub);
        }
        cl.setCaseInsensitiveEnumValuesAllowed(true); // --format JSON works as well as json
        // Picocli expands ${DEFAULT-VALUE} and the like in every string of the model each time it reads one, a third
        // of the start-up of "table"; only the help has such variables (descriptions), so only the help pays for it
        cl.setInterpolateVariables(asksForHelp(args));
        cl.setOut(out);
        cl.setErr(err);
        CommandLine sweep = cl.getSubcommands().get("sweep");
        if (sweep != null) { // "sweep --vary --p-fail": the value of --vary is itself the name of an option
            sweep.setAllowOptionsAsOptionParameters(true);
        }
        cl.setParameterExceptionHandler((ex, a) -> {
            String name = ex.getCommandLine().getCommandName();
            String hint = ex.getCommandLine().getCommandSpec().parent() == null
                    ? "commands: " + String.join(", ", COMMANDS) + "; see 'idempotency-lab --help'"
                    : "see 'idempotency-lab " + name + " --help' for the options and their ranges";
            err.println(inOurWords(ex, List.of(a)) + " (" + hint + ")");
            err.flush();
            return BAD_INPUT;
        });
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            // a run whose queue of repeated requests or whose keys outgrow the heap: say so in one line
            String what = String.valueOf(e.getMessage());
            if (what.contains("native thread")) { // not the heap: the system refused a thread (a process limit)
                err.println("out of threads: the system refused this JVM another thread (" + what + "); close other "
                        + "programs or raise the process limit (ulimit -u)");
            } else {
                err.println("out of memory: the run needs more than this JVM's heap (" + Runtime.getRuntime()
                        .maxMemory() / (1024 * 1024) + " MiB); use fewer sign-ups, shorter key TTLs, or a larger -Xmx");
            }
            code = 1;
        }
        out.flush();
        err.flush();
        return code;
    }

    /**
     * @return true if {@code args} may ask for a help or version text (an argument {@code -h}, {@code --help},
     *         {@code -V}, {@code --version}, or one that starts with {@code -h} or {@code -V} as clustered short
     *         options do): the texts whose descriptions hold picocli's variables
     */
    static boolean asksForHelp(String[] args) {
        for (String a : args) {
            if (a.equals("--help") || a.equals("--version") || a.startsWith("-h") || a.startsWith("-V")) {
                return true;
            }
        }
        return false;
    }

    /** @return {@code text} as a message quotes it ({@link ParameterException#quoted}). */
    static String quote(String text) {
        return ParameterException.quoted(text);
    }

    /**
     * @return picocli's complaint about the shape of a command line, in the lab's words: an unknown option or
     *         argument (with picocli's suggestion of the option meant), an option without its value, a required
     *         option missing, an option given twice
     */
    static String inOurWords(CommandLine.ParameterException ex, List<String> args) {
        CommandLine cmd = ex.getCommandLine();
        boolean top = cmd.getCommandSpec().parent() == null;
        String command = cmd.getCommandName();
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().get(0);
            if (top && !first.startsWith("-")) {
                return quote(first) + " is not a command";
            }
            if (!first.startsWith("-")) {
                boolean takesOne = !cmd.getCommandSpec().positionalParameters().isEmpty();
                return quote(first) + ": " + command + (takesOne ? " takes one "
                        + cmd.getCommandSpec().positionalParameters().get(0).paramLabel() + ", then options"
                        : " takes options only, each as --name value");
            }
            String option = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
            List<String> close = u.getSuggestions();
            return quote(option) + " is not an option of " + (top ? "idempotency-lab" : command)
                    + (close.isEmpty() ? "" : "; did you mean " + String.join(" or ", close.subList(0,
                    Math.min(3, close.size()))) + "?");
        }
        if (ex instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty()) {
            CommandLine.Model.ArgSpec arg = m.getMissing().get(0);
            if (arg instanceof CommandLine.Model.OptionSpec o) {
                boolean given = args.stream().anyMatch(x -> x.equals(o.longestName())
                        || x.startsWith(o.longestName() + "="));
                return given ? o.longestName() + ": a value is needed (" + o.longestName() + " " + o.paramLabel()
                        + ")" : command + " needs " + o.longestName() + " " + o.paramLabel();
            }
        }
        if (ex instanceof CommandLine.OverwrittenOptionException o) {
            String option = o.getOverwritten() instanceof CommandLine.Model.OptionSpec spec ? spec.longestName()
                    : "an option";
            return option + ": given twice; give each option once";
        }
        if (ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o && ex.getValue() != null) {
            // a value picocli itself refused: a flag given one (--quiet=x)
            return o.longestName() + ": " + quote(ex.getValue()) + (o.typeInfo().isBoolean()
                    ? " is not true or false; give " + o.longestName() + " alone to turn it on" : " is not allowed");
        }
        // any other message of picocli's may quote what was typed: one line, escaped, of a bounded length
        return ParameterException.shortened(String.valueOf(ex.getMessage()), MESSAGE_AT_MOST);
    }

    /**
     * Reports bad input on stderr, one line per problem (a scenario file may hold several): a
     * {@link ParameterException} names its option (not the scenario field), anything else is already worded for
     * the command line.
     *
     * @return {@link #BAD_INPUT}
     */
    static int badInput(CommandLine.Model.CommandSpec spec, IllegalArgumentException e) {
        String line = e instanceof ParameterException p ? p.messageFor(p.parameter().cliOption()) : e.getMessage();
        spec.commandLine().getErr().println(line);
        return BAD_INPUT;
    }

    private static Object command(String name) {
        return switch (name) {
            case "run" -> new RunCommand();
            case "sweep" -> new SweepCommand();
            case "explore" -> new ExploreCommand();
            case "work" -> new WorkCommand();
            case "check" -> new CheckCommand();
            case "presets" -> new PresetsCommand();
            case "schema" -> new SchemaCommand();
            default -> throw new IllegalArgumentException("no command " + name);
        };
    }

    /**
     * Runs with the process's stdout and stderr, every write checked ({@link CheckedOutput}): when a write to stdout
     * fails (a full disk, {@code /dev/full}, a closed pipe) the command ends with exit 1 and one line on stderr
     * naming the stream and the system's reason; when stderr fails, with exit 1 (or the command's own non-zero
     * code), as there is nowhere to say it.
     *
     * @return the exit code
     */
    public static int run(String[] args) {
        CheckedOutput stdout = CheckedOutput.stdout();
        CheckedOutput stderr = CheckedOutput.stderr();
        PrintWriter err = stderr.writer(encoding("stderr"));
        int code = run(args, stdout.writer(encoding("stdout")), err);
        return afterWrites(code, stdout, stderr, err);
    }

    /**
     * @return {@code code}, or 1 if a write to {@code stdout} failed (its line then said on {@code err}) or one to
     *         {@code stderr} failed under a command that ended with 0: nothing exits 0 after losing output
     */
    static int afterWrites(int code, CheckedOutput stdout, CheckedOutput stderr, PrintWriter err) {
        if (stdout.failed()) {
            err.println(stdout.failureLine());
            err.flush();
            return 1;
        }
        return stderr.failed() && code == 0 ? 1 : code;
    }

    /**
     * @param stream "stdout" or "stderr"
     * @return the encoding {@code System.out} or {@code System.err} writes in: the console's where the JVM names
     *         one, else the default
     */
    private static Charset encoding(String stream) {
        for (String property : List.of(stream + ".encoding", "sun." + stream + ".encoding")) {
            String name = System.getProperty(property);
            if (name != null) {
                try {
                    return Charset.forName(name);
                } catch (IllegalArgumentException e) {
                    // a name this JVM does not know: the next, or the default
                }
            }
        }
        return Charset.defaultCharset();
    }

    /** Entry point for the command line alone. */
    public static void main(String[] args) {
        System.exit(run(args));
    }
}
