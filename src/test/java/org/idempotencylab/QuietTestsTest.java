package org.idempotencylab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build log shows Maven's lines and a failing test's message, nothing else: no test (nor a helper the tests
 * call) prints to standard output or error, or prints a stack trace. What a test measures goes into its assertions'
 * messages. The benchmarks in {@code bench/} print their figures: they are run by hand ({@code java -cp ...}),
 * never by the suite, which runs only classes named {@code *Test} (surefire's default includes; the pom sets none).
 * A child JVM's main class ({@link #CHILD_MAINS}) prints to a pipe or file its test reads.
 */
class QuietTestsTest {
    private static final Path TESTS = Path.of("src/test/java/org/idempotencylab");
    /** A print to the console, or a stack trace printed (on standard error unless given a stream). */
    private static final Pattern PRINTS = Pattern.compile(
            "System\\.(out|err)\\s*(\\.|::)\\s*(print|println|printf|format|write|append)\\b|\\.printStackTrace\\s*\\(");

    /** Main classes of child JVMs that tests start and read: their output never reaches the build log. */
    private static final List<Path> CHILD_MAINS = List.of(Path.of("cli/CliChildDriver.java"),
            Path.of("cli/WorkShutdownDriver.java"));

    @Test
    void noTestPrintsToTheBuildLog() throws IOException {
        List<String> prints = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> all = Files.walk(TESTS)) {
            files = all.filter(f -> f.toString().endsWith(".java")).filter(f -> !runByHand(f))
                    .filter(f -> !CHILD_MAINS.contains(TESTS.relativize(f))).sorted().toList();
        }
        for (Path f : files) {
            Matcher m = PRINTS.matcher(FanOutTest.withoutComments(Files.readString(f)));
            while (m.find()) {
                prints.add(TESTS.relativize(f) + ": " + m.group());
            }
        }
        assertEquals(List.of(), prints, "tests print to the build log (put the value in an assertion's message)");
    }

    /** @return whether {@code f} is a benchmark or a benchmark's helper: in bench/ and not named like a test */
    private static boolean runByHand(Path f) {
        return TESTS.relativize(f).startsWith("bench") && !f.getFileName().toString().endsWith("Test.java");
    }
}
