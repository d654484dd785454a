package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.NamedPipe;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.Lessons;
import org.idempotencylab.scenario.NotRegularFileException;
import org.idempotencylab.scenario.ScenarioFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only a regular file is read as a scenario or lesson file: a named pipe with no writer, or a terminal, would be
 * waited on for ever, and {@code /dev/zero} never ends. Each reader refuses one at once, in one line naming the
 * option, the file and what it is, exit 2. Each test has a timeout on a thread of its own, so a reader that opens
 * the pipe again fails the test rather than hanging the build.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class NotRegularFileTest {
    @TempDir
    static Path dir;
    private static Path fifo;

    @BeforeAll
    static void makeAPipe() throws InterruptedException {
        fifo = dir.resolve("scenario.json");
        assumeTrue(NamedPipe.make(fifo), "mkfifo makes a named pipe");
    }

    @Test
    void everyCommandThatReadsAFileRefusesANamedPipeAndADevice() {
        for (Path file : List.of(fifo, Path.of("/dev/zero"))) {
            assumeTrue(Files.exists(file));
            String what = file.equals(fifo) ? "a named pipe (FIFO)" : "a character device";
            for (List<String> args : List.of(List.of("check", "FILE"), List.of("run", "--scenario", "FILE"),
                    List.of("sweep", "--scenario", "FILE"), List.of("check", "--lesson", "FILE"))) {
                String option = args.get(args.size() - 2).startsWith("--") ? args.get(args.size() - 2) : "FILE";
                Outcome o = cli(args.stream().map(a -> a.equals("FILE") ? file.toString() : a)
                        .toArray(String[]::new));
                assertEquals(Cli.BAD_INPUT, o.code(), args + ": " + o.err());
                assertEquals("", o.out());
                assertEquals(option + ": " + file + " is " + what + ", not a regular file" + System.lineSeparator(),
                        o.err(), args.toString());
            }
        }
    }

    /** The readers the window and the commands share: a symbolic link to a regular file is still read. */
    @Test
    void theReadersRefuseBeforeOpeningAndFollowALinkToARegularFile() throws IOException {
        ScenarioFiles scenarios = new ScenarioFiles(Metric.watchNames());
        NotRegularFileException e = assertThrows(NotRegularFileException.class, () -> scenarios.read(fifo));
        assertEquals("a named pipe (FIFO), not a regular file", e.getReason());
        e = assertThrows(NotRegularFileException.class, () -> Lessons.reader(scenarios, SignupSteps.NAMES)
                .read(fifo));
        assertEquals("a named pipe (FIFO), not a regular file", e.getReason());
        assertEquals("a folder, not a regular file",
                assertThrows(NotRegularFileException.class, () -> scenarios.read(dir)).getReason());

        Path real = Files.writeString(dir.resolve("real.json"), "{\"format\": \"idempotency-lab/scenario@1\", "
                + "\"name\": \"linked\"}");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);
        assertEquals("linked", scenarios.read(link).name());
    }

    /**
     * A symbolic link that points at itself: the system's reason is given whole, where it was cut at 60 characters
     * mid-word ("or unable to access attrib…"), as a value the user typed would be.
     */
    @Test
    void aSymbolicLinkLoopIsRefusedWithTheSystemsWholeReason() throws IOException {
        Path loop = dir.resolve("loop.json");
        Files.createSymbolicLink(loop, loop.getFileName());
        for (List<String> args : List.of(List.of("check", "FILE"), List.of("run", "--scenario", "FILE"),
                List.of("check", "--lesson", "FILE"))) {
            String option = args.get(args.size() - 2).startsWith("--") ? args.get(args.size() - 2) : "FILE";
            Outcome o = cli(args.stream().map(a -> a.equals("FILE") ? loop.toString() : a).toArray(String[]::new));
            assertEquals(Cli.BAD_INPUT, o.code(), args + ": " + o.err());
            // the JDK's reason for ELOOP on Linux and macOS
            assertEquals(option + ": " + loop + " cannot be read: Too many levels of symbolic links or unable to "
                    + "access attributes of symbolic link" + System.lineSeparator(), o.err(), args.toString());
        }
    }
}
