package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long headless run shows a progress bar on stderr when stderr is a terminal, and nothing when it is a pipe or
 * with {@code --quiet}; stdout holds the results alone either way. The terminal is util-linux's {@code script},
 * which runs the command on a pseudo-terminal and copies what it printed.
 */
class TerminalProgressTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private static String command(Path results, String... args) {
        return JAVA + " -cp " + System.getProperty("java.class.path") + " " + Cli.class.getName() + " "
                + String.join(" ", args) + " > " + results;
    }

    /** @return what the terminal showed while {@code shell} ran on it */
    private static String onTerminal(String shell, Path dir) throws IOException, InterruptedException {
        Path shown = dir.resolve("terminal.txt");
        Process p = new ProcessBuilder("script", "-qec", shell, "/dev/null").redirectErrorStream(true)
                .redirectOutput(shown.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the run did not finish");
        assertEquals(0, p.exitValue(), Files.readString(shown));
        return Files.readString(shown);
    }

    private static boolean hasScript() {
        try {
            return new ProcessBuilder("script", "--version").start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    void aTerminalSeesTheBarAPipeAndQuietSeeNothing(@TempDir Path dir) throws Exception {
        assumeTrue(hasScript(), "util-linux's script is not installed");
        Path results = dir.resolve("results.json");
        // 300,000 sign-ups: above the 200,000 that a bar is worth, one strategy, so the bar counts to 300,000
        String shown = onTerminal(command(results, "run", "--jobs", "300000"), dir);
        assertTrue(shown.contains("run 100%") && shown.contains("300000/300000 sign-ups"), shown);
        List<String> lines = Files.readAllLines(results);
        assertEquals(1, lines.size(), "stdout is the result line alone");
        assertTrue(lines.get(0).startsWith("{\"strategy\":"), lines.get(0));

        String quiet = onTerminal(command(results, "run", "--jobs", "300000", "--quiet"), dir);
        assertFalse(quiet.contains("sign-ups"), quiet);

        // stderr to a file (a pipe or a CI log): no bar
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(JAVA, "-cp", System.getProperty("java.class.path"), Cli.class.getName(),
                "run", "--jobs", "300000").redirectOutput(results.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals("", Files.readString(err));
    }

    @Test
    void aRunOnADatabaseShowsItsBarFromTenThousandSignUps() {
        // a 100,000-job run on a database takes minutes: it must show a bar, while the model's runs wait for
        // 200,000 (a bar on a run of a few seconds says nothing)
        assertEquals(10_000, RunCommand.progressFrom("jdbc:sqlite:claims.db"));
        assertEquals(200_000, RunCommand.progressFrom(null));
        assertTrue(RunCommand.progressFrom("default") <= 100_000);
    }
}
