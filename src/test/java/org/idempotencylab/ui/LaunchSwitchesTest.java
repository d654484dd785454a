package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The window's {@code -Dlab.*} switches: read in one place, each value checked against its switch's range. */
class LaunchSwitchesTest {
    private static Properties given(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    @Test
    void noSwitchGivenIsTheDefaultLab() {
        assertEquals(new LaunchSwitches(false, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), false, false, false, false, false), LaunchSwitches.read(given()));
    }

    @Test
    void everySwitchIsReadUnderItsName() {
        LaunchSwitches s = LaunchSwitches.read(given("lab.prefs", "memory", "lab.presentation", "false",
                "lab.preset", "lost-reply.json", "lab.lesson", "stuck-in-progress:3", "lab.tab", "work",
                "lab.play", "true", "lab.timing", "true", "lab.exitAfterFirstFrame", "true",
                "lab.exitAfterDuplicate", "true", "lab.launcher", "mvn"));
        assertEquals(new LaunchSwitches(true, Optional.of(false), Optional.of("lost-reply.json"),
                Optional.of("stuck-in-progress:3"), Optional.of(LaunchSwitches.Tab.WORK), true, true, true, true,
                true), s);
        assertEquals("workTab", s.tab().orElseThrow().id(), "the tab's fx:id in lab.fxml");
        assertEquals(Optional.of(true), LaunchSwitches.read(given("lab.presentation", "true")).presentation());
        assertFalse(LaunchSwitches.read(given("lab.prefs", "user")).prefsInMemory());
    }

    @Test
    void aValueOutsideItsRangeIsRefusedNamingTheSwitchTheValueAndTheRange() {
        assertEquals("-Dlab.tab: 'Live' is not one of compare, live, sweep, explore, work",
                assertThrows(IllegalArgumentException.class,
                        () -> LaunchSwitches.read(given("lab.tab", "Live"))).getMessage());
        // Boolean.getBoolean read "yes" as false without a word; a control character never reaches the terminal
        assertEquals("-Dlab.play: 'yes\\n' is not one of true, false",
                assertThrows(IllegalArgumentException.class,
                        () -> LaunchSwitches.read(given("lab.play", "yes\n"))).getMessage());
        assertEquals("-Dlab.prefs: 'disk' is not one of memory, user",
                assertThrows(IllegalArgumentException.class,
                        () -> LaunchSwitches.read(given("lab.prefs", "disk"))).getMessage());
    }

    /** Each tab lab.tab names is one of lab.fxml's, so selecting it opens that tab. */
    @Test
    void everyTabTheSwitchTakesIsATabOfTheWindow() throws IOException {
        String lab = Files.readString(Path.of("src/main/resources/org/idempotencylab/ui/lab.fxml"));
        for (LaunchSwitches.Tab t : LaunchSwitches.Tab.values()) {
            assertTrue(lab.contains("fx:id=\"" + t.id() + "\""), t + " in lab.fxml");
            assertTrue(LaunchSwitches.Switch.TAB.allowed().contains(t.name().toLowerCase(Locale.ROOT)), t.name());
        }
        assertEquals(LaunchSwitches.Tab.values().length, LaunchSwitches.Switch.TAB.allowed().size());
    }

    /** No code but LaunchSwitches reads a lab.* property: a new switch is declared, documented and checked there. */
    @Test
    void onlyLaunchSwitchesReadsTheSwitches() throws IOException {
        Pattern read = Pattern.compile("(getProperty|getBoolean|getenv)\\(\\s*\"lab\\.");
        List<Path> readers;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            readers = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> !f.endsWith(Path.of("org/idempotencylab/ui/LaunchSwitches.java")))
                    .filter(f -> {
                        try {
                            return read.matcher(Files.readString(f)).find();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).toList();
        }
        assertEquals(List.of(), readers);
    }
}
