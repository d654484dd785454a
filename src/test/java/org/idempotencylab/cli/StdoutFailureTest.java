package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.Main;
import org.idempotencylab.SmallDisk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard output is checked: a command whose output cannot be written (a full disk, {@code /dev/full}) ends with
 * exit 1 and one line on stderr with the system's reason, never exit 0 with the output lost. Run in child JVMs with
 * stdout redirected, as a shell would; the commands that print share one JVM ({@link CliChildDriver}).
 */
class StdoutFailureTest {
    /** What every command says when its output is lost to a full device. */
    private static final String LINE = "standard output: write failed (No space left on device); the output is "
            + "incomplete";

    /** Every command that prints, each small enough to finish at once. */
    private static final List<String> COMMANDS = List.of("table --jobs 10", "run --jobs 10",
            "sweep --vary p-fail --points 2 --jobs 10", "explore --jobs 1 --max-faults 1", "check --preset lost-reply",
            "presets", "schema", "--help", "--version", "run --help");

    @TempDir
    Path dir;

    @Test
    void everyCommandWhoseOutputIsLostToDevFullExits1WithOneLine() throws Exception {
        File devFull = new File("/dev/full");
        assumeTrue(devFull.exists(), "a system with /dev/full");
        List<String> args = new ArrayList<>(List.of(CliChildDriver.class.getName()));
        args.addAll(COMMANDS);
        String err = child(args, devFull);
        List<String> expected = new ArrayList<>();
        for (String ignored : COMMANDS) {
            expected.add(LINE);
            expected.add("exit 1");
        }
        assertEquals(expected, err.lines().toList(), err);

        // the jar's and the launcher's main class goes the same way, to the process's exit code
        String main = child(List.of(Main.class.getName(), "--version"), devFull);
        assertEquals(1, lastExit, main);
        assertEquals(LINE, main.strip());
    }

    /** A sweep whose CSV (87 KB) does not fit on a 64 KiB disk: exit 1 and the one line, not exit 0 with 64 KiB. */
    @Test
    void aSweepToAFullDiskExits1WithOneLine() throws Exception {
        try (SmallDisk d = SmallDisk.mountIn(dir)) {
            File out = d.folder().resolve("sweep.csv").toFile();
            String err = child(List.of(Cli.class.getName(), "sweep", "--vary", "p-fail", "--points", "100", "--jobs",
                    "10"), out);
            assertEquals(1, lastExit, err);
            assertEquals(LINE, err.strip());
            assertTrue(out.length() <= 64 * 1024, "the disk holds what fitted: " + out.length());
        }
    }

    /** After the first failure the stream is never written again: a command that goes on printing costs nothing. */
    @Test
    void afterOneFailedWriteTheStreamIsNotAskedAgain() {
        int[] writes = {0};
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                writes[0]++;
                throw new IOException("No space left on device");
            }
        };
        CheckedOutput stdout = new CheckedOutput(full, "standard output");
        PrintWriter out = stdout.writer(StandardCharsets.UTF_8);
        for (int i = 0; i < 100_000; i++) {
            out.println("a row of a long sweep that nobody will read");
        }
        out.flush();
        assertEquals(1, writes[0], "one write reached the stream");
        assertTrue(stdout.failed());
        assertEquals(LINE, stdout.failureLine());
        assertThrows(IOException.class, () -> stdout.write(1));

        // the exit code: 1 with the line for lost output; 1 for a lost stderr (nowhere to say it), the command's
        // own code when it already failed
        StringWriter said = new StringWriter();
        CheckedOutput fine = new CheckedOutput(OutputStream.nullOutputStream(), "standard error");
        assertEquals(1, Cli.afterWrites(0, stdout, fine, new PrintWriter(said)));
        assertEquals(LINE + System.lineSeparator(), said.toString());
        CheckedOutput lostErr = new CheckedOutput(full, "standard error");
        lostErr.writer(StandardCharsets.UTF_8).append("x").flush();
        CheckedOutput fineOut = new CheckedOutput(OutputStream.nullOutputStream(), "standard output");
        assertEquals(1, Cli.afterWrites(0, fineOut, lostErr, new PrintWriter(new StringWriter())));
        assertEquals(2, Cli.afterWrites(2, fineOut, lostErr, new PrintWriter(new StringWriter())));
        assertFalse(fineOut.failed());
        assertEquals(0, Cli.afterWrites(0, fineOut, fine, new PrintWriter(new StringWriter())));
    }

    private int lastExit;

    /** @return the child's stderr; its exit code in {@link #lastExit} */
    private String child(List<String> mainAndArgs, File stdout) throws IOException, InterruptedException {
        Path err = Files.createTempFile(dir, "err", ".txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path")));
        command.addAll(mainAndArgs);
        Process p = new ProcessBuilder(command).redirectOutput(stdout).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
        lastExit = p.exitValue();
        return Files.readString(err);
    }
}
