package org.idempotencylab;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.idempotencylab.cli.Cli;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.LaunchSwitches;

/**
 * Main class of {@code idempotency-lab.jar}, of {@code mvn javafx:run} and of the installed app's launcher: with no
 * arguments it opens the lab window, with any it runs the command line ({@code table}, {@code run}, {@code sweep},
 * {@code check} ...) without loading JavaFX. It does not extend {@code Application}, which a jar with JavaFX on the class path needs
 * (shared/recipes), and it is the one class that knows both front ends, so neither {@code ui} nor {@code cli}
 * imports the other.
 *
 * <p>Exit codes: those of {@link Cli} for a command; 0 when the window is closed; {@value #NO_DISPLAY} when the
 * window cannot open for want of a display (one line on stderr saying what is missing and what works without it).
 * Under {@code mvn javafx:run} ({@code -Dlab.launcher=mvn}, set in the pom) that case exits 0 instead: the
 * javafx-maven-plugin answers any other exit code with two stack traces, which would bury the line. A window's
 * launch switch ({@code -Dlab.*}, {@link LaunchSwitches}) with a value outside its range: one line on stderr naming
 * it, exit code {@value #BAD_SWITCH}, before anything opens.
 */
public final class Main {
    /** Exit code when there is no display to open the window on (the commands still work without one). */
    public static final int NO_DISPLAY = 3;
    /** Exit code when a launch switch ({@code -Dlab.*}) has a value outside its range: bad input, as the commands'. */
    public static final int BAD_SWITCH = 2;

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0) {
            System.exit(Cli.run(args));
        }
        LaunchSwitches switches = switches(System.err);
        String missing = missingDisplay(System.getenv(), System.getProperty("os.name", ""),
                System.getProperty("glass.platform"));
        if (missing != null) {
            exitNoDisplay(missing, switches, System.err);
        }
        try {
            App.main(args);
        } catch (RuntimeException e) {
            // DISPLAY names a display that does not answer (an ssh session whose forwarding ended, a stopped Xvfb):
            // GTK refuses it when the toolkit starts
            if (!mentionsDisplay(e)) {
                throw e;
            }
            exitNoDisplay("DISPLAY=" + System.getenv("DISPLAY") + " does not answer", switches, System.err);
        }
    }

    /**
     * @param env          the process's environment
     * @param osName       the {@code os.name} property
     * @param glassPlatform the {@code glass.platform} property, or null ({@code Monocle} draws without a display)
     * @return what is missing, e.g. {@code "DISPLAY is not set"}, or null when a window may open: on Windows and
     *         macOS, under Monocle, or on Linux with {@code DISPLAY} set (JavaFX's GTK toolkit needs X11, which
     *         Wayland desktops provide through Xwayland, so {@code WAYLAND_DISPLAY} alone is not enough)
     */
    static String missingDisplay(Map<String, String> env, String osName, String glassPlatform) {
        if ("Monocle".equalsIgnoreCase(glassPlatform)) {
            return null;
        }
        String os = osName.toLowerCase(java.util.Locale.ROOT);
        if (os.startsWith("windows") || os.startsWith("mac")) {
            return null;
        }
        String display = env.get("DISPLAY");
        return display == null || display.isBlank() ? "DISPLAY is not set" : null;
    }

    /**
     * Prints the one line saying what is missing and what works without it, and exits {@value #NO_DISPLAY} (0 under
     * {@code mvn javafx:run}, see the class comment).
     */
    private static void exitNoDisplay(String missing, LaunchSwitches switches, PrintStream err) {
        boolean maven = switches.underMaven();
        err.println(noDisplayMessage(missing, maven ? MAVEN_HINT : commandHint()));
        err.flush();
        System.exit(maven ? 0 : NO_DISPLAY);
    }

    /**
     * @return this JVM's launch switches; one with a value outside its range ends the program with one line on
     *         {@code err} naming the switch, the value and the values allowed, and exit code {@value #BAD_SWITCH}
     */
    private static LaunchSwitches switches(PrintStream err) {
        try {
            return LaunchSwitches.current();
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.flush();
            System.exit(BAD_SWITCH);
            throw e; // not reached
        }
    }

    /** How to run a command from the project, where {@code mvn javafx:run} has not built the jar. */
    private static final String MAVEN_HINT = "mvn -q package -DskipTests, then java -jar target/idempotency-lab.jar";

    /**
     * @param missing what is missing, e.g. {@code "DISPLAY is not set"}
     * @param command how this installation runs a command, e.g. {@code "java -jar target/idempotency-lab.jar"}
     * @return the one line printed when the window cannot open
     */
    static String noDisplayMessage(String missing, String command) {
        return "no display (" + missing + "): the window cannot open; the commands table, run, sweep, explore and "
                + "check work without one: " + command + " table --help";
    }

    /**
     * @return how the user runs a command with what they started: the installed launcher (jpackage sets
     *         {@code jpackage.app-path}), {@code java -jar} with this jar, or the jar {@code mvn package} makes
     */
    private static String commandHint() {
        String launcher = System.getProperty("jpackage.app-path");
        if (launcher != null) {
            return launcher;
        }
        try {
            Path code = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(code)) {
                Path here = Path.of("").toAbsolutePath();
                Path shown = code.startsWith(here) ? here.relativize(code) : code;
                return "java -jar " + shown;
            }
        } catch (URISyntaxException | RuntimeException e) {
            // no code source to name (an unusual class loader): fall back to the jar the build makes
        }
        return "java -jar target/idempotency-lab.jar";
    }

    private static boolean mentionsDisplay(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnsupportedOperationException && t.getMessage() != null
                    && t.getMessage().contains("DISPLAY")) {
                return true;
            }
        }
        return false;
    }
}
