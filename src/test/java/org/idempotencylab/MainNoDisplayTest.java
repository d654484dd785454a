package org.idempotencylab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With no display, the launcher says in one line what is missing and what works without it, and exits
 * {@link Main#NO_DISPLAY}: checked on a real process started as a user would, with {@code DISPLAY} unset and
 * without Monocle (which would draw without a display).
 */
class MainNoDisplayTest {
    @Test
    void withDisplayUnsetTheWindowRefusesInOneLineAndTheCommandsStillRun(@TempDir Path dir)
            throws IOException, InterruptedException {
        Run window = main(dir, "window");
        assertEquals(Main.NO_DISPLAY, window.code(), "stderr: " + window.err());
        assertEquals("", window.out());
        List<String> lines = window.err().lines().collect(Collectors.toList());
        assertEquals(1, lines.size(), "one line, no stack trace: " + window.err());
        assertEquals(Main.noDisplayMessage("DISPLAY is not set", "java -jar target/idempotency-lab.jar"),
                lines.get(0));

        Run table = main(dir, "table", "table", "--jobs", "1000", "--threads", "1");
        assertEquals(0, table.code(), "stderr: " + table.err());
        assertTrue(table.out().startsWith("1,000 signups"), table.out());
    }

    /** A window's switch with a value outside its range is bad input: refused before the display is even looked for. */
    @Test
    void aLaunchSwitchOutsideItsRangeIsRefusedInOneLineWithExitCode2(@TempDir Path dir)
            throws IOException, InterruptedException {
        Run window = main(dir, "switch", "-Dlab.tab=Live");
        assertEquals(Main.BAD_SWITCH, window.code(), "stderr: " + window.err());
        assertEquals("", window.out());
        assertEquals("-Dlab.tab: 'Live' is not one of compare, live, sweep, explore, work" + System.lineSeparator(),
                window.err());
    }

    @Test
    void onlyLinuxWithoutDisplayAndWithoutMonocleLacksADisplay() {
        assertEquals("DISPLAY is not set", Main.missingDisplay(Map.of(), "Linux", null));
        assertEquals("DISPLAY is not set", Main.missingDisplay(Map.of("DISPLAY", " "), "Linux", null));
        assertEquals("DISPLAY is not set",
                Main.missingDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0"), "Linux", null));
        assertNull(Main.missingDisplay(Map.of("DISPLAY", ":0"), "Linux", null));
        assertNull(Main.missingDisplay(Map.of(), "Linux", "Monocle"));
        assertNull(Main.missingDisplay(Map.of(), "Windows 11", null));
        assertNull(Main.missingDisplay(Map.of(), "Mac OS X", null));
    }

    private record Run(int code, String out, String err) {
    }

    /**
     * Runs {@link Main} with {@code args} in a new JVM on this class path minus Monocle, and this module path
     * (JavaFX), with no DISPLAY; {@code args} that start with {@code -D} go to the JVM, before the main class.
     */
    private static Run main(Path dir, String name, String... args) throws IOException, InterruptedException {
        String classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("monocle"))
                .collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath));
        String modulePath = System.getProperty("jdk.module.path"); // JavaFX, as mvn javafx:run has it
        if (modulePath != null) {
            command.addAll(List.of("--module-path", modulePath, "--add-modules",
                    "javafx.controls,javafx.fxml,javafx.swing"));
        }
        List<String> properties = Stream.of(args).filter(a -> a.startsWith("-D")).toList();
        command.addAll(properties);
        command.add(Main.class.getName());
        command.addAll(Stream.of(args).filter(a -> !properties.contains(a)).toList());
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
