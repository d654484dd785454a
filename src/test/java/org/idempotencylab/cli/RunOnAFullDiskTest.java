package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * {@code run --db} on a disk that fills up: the write the database refuses ends the run with exit 1, one line on
 * stderr that says the disk is full, and nothing on stdout. Before, SQLite's commit of the claim's {@code INSERT
 * ... RETURNING} failed as the statement was closed, where nobody looks: the claim was rolled back in silence and
 * the run exited 0 with wrong numbers (on a 2 MB disk, 2,188 steps done again where the model gives 0).
 */
class RunOnAFullDiskTest {
    /** The reproduction: the claim table with skip-finished steps, which claims every step of every sign-up. */
    private static final String[] RUN = {"run", "--store", "claim-table", "--retry", "whole-job-skip-finished",
        "--provider-key", "same", "--quiet"};

    private static String[] run(String jobs, String url) {
        List<String> args = new ArrayList<>(List.of(RUN));
        args.addAll(List.of("--jobs", jobs, "--db", url));
        return args.toArray(String[]::new);
    }

    private static void assertStoppedOnAFullDisk(int code, String out, String err) {
        assertEquals(1, code, err);
        assertEquals("", out, "no result row with wrong numbers");
        List<String> lines = err.lines().toList();
        assertEquals(1, lines.size(), err);
        assertTrue(lines.get(0).startsWith("--db: the run stopped: ") && lines.get(0).contains("disk full"), err);
    }

    /**
     * A deterministic full disk without root: the CLI in a child JVM whose files may not grow past 256 blocks
     * ({@code ulimit -f}: 128 or 256 KB, as the shell counts blocks), so SQLite's writes to its write-ahead log fail
     * with EFBIG (the JVM ignores SIGXFSZ, so the write fails and the process goes on) once the file reaches that.
     * 500 sign-ups need 5,000 claim rows, far more than that. SQLite's native library is put in place first, or
     * its own extraction (1 MB) would hit the limit.
     */
    @Test
    void aFileSizeLimitEndsTheRunWithOneLineAndExit1(@TempDir Path dir) throws IOException, InterruptedException {
        assumeTrue(!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows"), "needs sh");
        String library = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
        Path lib = Files.createDirectory(dir.resolve("lib"));
        try (InputStream in = LibraryLoaderUtil.class.getResourceAsStream(library)) {
            assumeTrue(in != null, "sqlite-jdbc has no native library for this platform: " + library);
            Files.copy(in, lib.resolve(LibraryLoaderUtil.getNativeLibName()));
        }
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "ulimit -f 256 && exec \"$0\" \"$@\"",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:-UsePerfData",
                "-Dorg.sqlite.lib.path=" + lib, "-Dorg.sqlite.lib.name=" + LibraryLoaderUtil.getNativeLibName(),
                "-cp", System.getProperty("java.class.path"), Cli.class.getName()));
        cmd.addAll(List.of(run("500", "jdbc:sqlite:" + dir.resolve("x.db"))));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
        assertStoppedOnAFullDisk(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /**
     * The reproduction itself, where this machine lets the test mount a 2 MB tmpfs (root); skipped elsewhere:
     * SQLite's writes fail with SQLITE_FULL (ENOSPC) once the 2 MB are used, long before 5,000 sign-ups' 50,000
     * rows are written.
     */
    @Test
    void aFullTmpfsEndsTheRunWithOneLineAndExit1(@TempDir Path dir) throws IOException, InterruptedException {
        Path small = Files.createDirectory(dir.resolve("small"));
        assumeTrue(exec("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", small.toString()) == 0,
                "cannot mount a tmpfs here (needs root)");
        try {
            Outcome o = cli(run("5000", "jdbc:sqlite:" + small.resolve("x.db")));
            assertStoppedOnAFullDisk(o.code(), o.out(), o.err());
            assertTrue(o.err().contains("(SQLITE_FULL") || o.err().contains("[SQLITE_FULL]"), o.err());
        } finally {
            assertEquals(0, exec("umount", small.toString()), "unmount " + small);
        }
    }

    /** @return the exit code of {@code cmd}, its output thrown away; -1 if it cannot be started. */
    private static int exec(String... cmd) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
