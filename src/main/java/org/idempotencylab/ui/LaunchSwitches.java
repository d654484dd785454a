package org.idempotencylab.ui;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import org.idempotencylab.scenario.ParameterException;

/**
 * The window's launch switches, read and checked in this one place: {@code java -Dlab.<name>=<value> -jar
 * idempotency-lab.jar} (or in {@code JAVA_TOOL_OPTIONS}, the pom, the start-up benchmarks). {@link Switch} lists
 * each with its meaning and the values it takes; everything else asks an instance of this record. A switch not
 * given takes its default; a value outside a switch's range is refused with one line naming the switch, the value
 * and the values allowed ({@link #read}), which {@code Main} prints before the window opens (exit code 2).
 *
 * @param prefsInMemory       {@code lab.prefs=memory}: start as on a first run and remember nothing
 * @param presentation        {@code lab.presentation}: presentation mode on or off, overriding the remembered one;
 *                            empty when not given
 * @param preset              {@code lab.preset}: the built-in preset to open on, e.g. {@code lost-reply.json}
 * @param lesson              {@code lab.lesson}: the built-in lesson (and frame) to open on, e.g. {@code lost-reply}
 * @param tab                 {@code lab.tab}: the tab to open on
 * @param play                {@code lab.play=true}: also start what the lesson or tab opened on plays or runs
 * @param timing              {@code lab.timing=true}: print the start-up measurements on stdout
 * @param exitAfterFirstFrame {@code lab.exitAfterFirstFrame=true}: build every tab after the first frame, then close
 * @param exitAfterDuplicate  {@code lab.exitAfterDuplicate=true}: close once the first duplicate was drawn
 * @param underMaven          {@code lab.launcher=mvn}: started by {@code mvn javafx:run}
 */
public record LaunchSwitches(boolean prefsInMemory, Optional<Boolean> presentation, Optional<String> preset,
                             Optional<String> lesson, Optional<Tab> tab, boolean play, boolean timing,
                             boolean exitAfterFirstFrame, boolean exitAfterDuplicate, boolean underMaven) {
    /** Every switch: its property name, what it does, and the values it takes (none listed: any text). */
    public enum Switch {
        PREFS("lab.prefs", "memory starts as on a first run (so with the opening scene) and remembers nothing: "
                + "screenshots, demos on a shared machine; user (the default) reads and keeps the user's "
                + "preferences", "memory", "user"),
        PRESENTATION("lab.presentation", "presentation mode (large type, high contrast) on or off, whatever "
                + "the lab remembers", "true", "false"),
        PRESET("lab.preset", "opens on a built-in preset, on its view's tab, e.g. lost-reply.json (the presets "
                + "command lists them); an unknown name says so in the window's note panel, with the names"),
        LESSON("lab.lesson", "opens a built-in lesson at its first frame, or at frame N with name:N, e.g. "
                + "lost-reply or stuck-in-progress:3; an unknown name says so in the lesson panel, with the names"),
        TAB("lab.tab", "opens on a tab instead of the opening scene or the tab left last time",
                Arrays.stream(Tab.values()).map(t -> t.name().toLowerCase(Locale.ROOT))
                        .toArray(String[]::new)),
        PLAY("lab.play", "true also starts what the window opens on: a lesson frame plays to its moment, Compare "
                + "compares, the live view plays, Sweep runs its sweep, Explore explores, Real workers starts a run", "true",
                "false"),
        TIMING("lab.timing", "true prints start-up measurements on stdout (lab.timing: window at ..., first "
                + "frame at ...; packaging/measure-startup.sh)", "true", "false"),
        EXIT_AFTER_FIRST_FRAME("lab.exitAfterFirstFrame", "true builds every tab after the first frame, then "
                + "closes (the build's class-data-sharing training run, start-up benchmarks)", "true", "false"),
        EXIT_AFTER_DUPLICATE("lab.exitAfterDuplicate", "true closes once the first duplicate welcome email was "
                + "drawn (start-up benchmarks)", "true", "false"),
        LAUNCHER("lab.launcher", "mvn: started by mvn javafx:run (set in the pom), whose plugin answers an exit "
                + "code other than 0 with stack traces: no display then exits 0", "mvn");

        private final String property;
        private final String meaning;
        private final List<String> allowed;

        Switch(String property, String meaning, String... allowed) {
            this.property = property;
            this.meaning = meaning;
            this.allowed = List.of(allowed);
        }

        /** @return the system property, e.g. {@code lab.tab} (given as {@code -Dlab.tab=live}) */
        public String property() {
            return property;
        }

        /** @return what the switch does, in a sentence */
        public String meaning() {
            return meaning;
        }

        /** @return the values it takes, lower case as written; empty when it takes any text */
        public List<String> allowed() {
            return allowed;
        }
    }

    /** A tab {@code lab.tab} opens on, by its id in lab.fxml. */
    public enum Tab {
        COMPARE("compareTab"), LIVE("liveTab"), SWEEP("sweepTab"), EXPLORE("exploreTab"), WORK("workTab");

        private final String id;

        Tab(String id) {
            this.id = id;
        }

        /** @return the tab's {@code fx:id} in lab.fxml, e.g. {@code liveTab} */
        public String id() {
            return id;
        }
    }

    /** @return the switches of this JVM's system properties; see {@link #read} */
    public static LaunchSwitches current() {
        return read(System.getProperties());
    }

    /**
     * @param properties where the switches are, e.g. {@link System#getProperties()}
     * @return the switches, each not given at its default (user preferences, the remembered presentation mode, no
     *         preset, lesson or tab, every {@code true|false} switch false)
     * @throws IllegalArgumentException for a value outside its switch's range, one line, e.g.
     *                                  {@code -Dlab.tab: 'Live' is not one of compare, live, sweep, explore,
     *                                  work}; values are matched exactly, as {@link Switch#allowed()} writes them
     */
    public static LaunchSwitches read(Properties properties) {
        return new LaunchSwitches("memory".equals(value(properties, Switch.PREFS)),
                Optional.ofNullable(value(properties, Switch.PRESENTATION)).map(Boolean::valueOf),
                Optional.ofNullable(value(properties, Switch.PRESET)),
                Optional.ofNullable(value(properties, Switch.LESSON)),
                Optional.ofNullable(value(properties, Switch.TAB)).map(t -> Tab.valueOf(t.toUpperCase(Locale.ROOT))),
                on(properties, Switch.PLAY), on(properties, Switch.TIMING),
                on(properties, Switch.EXIT_AFTER_FIRST_FRAME), on(properties, Switch.EXIT_AFTER_DUPLICATE),
                "mvn".equals(value(properties, Switch.LAUNCHER)));
    }

    private static boolean on(Properties properties, Switch s) {
        return "true".equals(value(properties, s));
    }

    /** @return the switch's value, or null when it is not given; a value outside its range is refused */
    private static String value(Properties properties, Switch s) {
        String v = properties.getProperty(s.property());
        if (v == null || s.allowed().isEmpty() || s.allowed().contains(v)) {
            return v;
        }
        throw new IllegalArgumentException("-D" + s.property() + ": " + ParameterException.quoted(v)
                + " is not one of " + String.join(", ", s.allowed()));
    }
}
