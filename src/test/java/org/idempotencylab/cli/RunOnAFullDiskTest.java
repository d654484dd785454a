package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.idempotencylab.scenario.ParameterException.quoted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * {@code run --db} on a disk that fills up: the write the database refuses ends the run with exit 1, one line on
 * stderr that says the disk is full, and nothing on stdout; a disk full as the store opens is exit 1 too (the
 * machine failed, the URL is right). Before, SQLite's commit of the claim's {@code INSERT
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
        String library = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
        Path lib = Files.createDirectory(dir.resolve("lib"));
        try (InputStream in = LibraryLoaderUtil.class.getResourceAsStream(library)) {
            assumeTrue(in != null, "sqlite-jdbc has no native library for this platform: " + library);
            Files.copy(in, lib.resolve(LibraryLoaderUtil.getNativeLibName()));
        }
        Outcome o = limitedChild(dir, List.of("-Dorg.sqlite.lib.path=" + lib,
                "-Dorg.sqlite.lib.name=" + LibraryLoaderUtil.getNativeLibName()),
                run("500", "jdbc:sqlite:" + dir.resolve("x.db")));
        assertStoppedOnAFullDisk(o.code(), o.out(), o.err());
    }

    /**
     * The SQLite driver unpacks its native library (about 1 MB) into the temporary folder before its first
     * connection; where it cannot, the driver said only "Error opening connection", its loader logged a 77-line
     * stack trace, and the run exited 2 as if the URL were wrong. Now: one line that names the folder and why,
     * exit 1 (the machine failed, not the input). The child JVM's files may not grow past 256 blocks, as above.
     */
    @Test
    void noRoomForTheSqliteLibraryIsOneLineAndExit1(@TempDir Path dir) throws IOException, InterruptedException {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Outcome o = limitedChild(dir, List.of("-Djava.io.tmpdir=" + tmp),
                run("10", "jdbc:sqlite:" + dir.resolve("x.db")));
        assertEquals(1, o.code(), o.err());
        assertEquals("", o.out());
        assertEquals(List.of("--db: Cannot open the claim store at " + quoted("jdbc:sqlite:" + dir.resolve("x.db"))
                + ": the SQLite driver could not unpack its native library into the temporary folder '" + tmp + "' (a "
                + "file size limit: File too large); raise the limit (ulimit -f)."), o.err().lines().toList());
    }

    /**
     * A database that cannot grow as the tables are created (SQLite's {@code max_page_count} of 1 page gives
     * SQLITE_FULL at once, as a full disk does): exit 1, not 2, and no list of allowed URLs, since the URL is right.
     */
    @Test
    void aDatabaseFullAtOpenIsExit1(@TempDir Path dir) {
        String url = "jdbc:sqlite:" + dir.resolve("x.db") + "?max_page_count=1";
        Outcome o = cli(run("10", url));
        assertEquals(1, o.code(), o.err());
        List<String> lines = o.err().lines().toList();
        assertEquals(1, lines.size(), o.err());
        assertTrue(lines.get(0).startsWith("--db: Cannot open the claim store at 'jdbc:sqlite:") && lines.get(0)
                .endsWith(": disk full: the database could not write ([SQLITE_FULL] Insertion failed because database "
                        + "is full (database or disk is full)). Nothing was created."), o.err());
    }

    /**
     * A disk that fills as the tables are created, where this machine lets the test mount a 1 MB tmpfs (root);
     * skipped elsewhere. With 48 KiB left, the commit of the tables fails (SQLITE_FULL, writing the write-ahead
     * log) and SQLite rolls back by itself; the driver's later "cannot commit - no transaction is active" was the
     * message. With 16 KiB left, SQLite cannot grow its 32 KiB shared-memory file and calls it an I/O error
     * (SQLITE_IOERR_SHMSIZE): the folder's free room says it is the disk.
     */
    @ParameterizedTest
    @ValueSource(ints = {16, 48})
    void aDiskFullAtOpenIsNamedAsSuch(int freeKiB, @TempDir Path dir) throws IOException, InterruptedException {
        Path small = Files.createDirectory(dir.resolve("small"));
        assumeTrue(exec("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString()) == 0,
                "cannot mount a tmpfs here (needs root)");
        try {
            try (OutputStream fill = Files.newOutputStream(small.resolve("fill"))) {
                fill.write(new byte[1024 * (1024 - freeKiB)]);
            }
            Outcome o = cli(run("10", "jdbc:sqlite:" + small.resolve("x.db")));
            assertEquals(1, o.code(), o.err());
            List<String> lines = o.err().lines().toList();
            assertEquals(1, lines.size(), o.err());
            assertTrue(lines.get(0).startsWith("--db: Cannot open the claim store at "
                    + quoted("jdbc:sqlite:" + small.resolve("x.db")) + ": disk full: ")
                    && lines.get(0).endsWith(" Nothing was created."),
                    o.err());
            try (Stream<Path> left = Files.list(small)) {
                assertEquals(List.of(small.resolve("fill")), left.toList());
            }
        } finally {
            assertEquals(0, exec("umount", small.toString()), "unmount " + small);
        }
    }

    /**
     * {@code work} without {@code --db} whose temporary folder fills up (a 100 MB tmpfs, where this machine lets the
     * test mount one; skipped elsewhere), with a million sign-ups to queue: the embedded server's start, the
     * preparing of its tables or the run fails on the full disk, whichever comes first on this machine. Either way
     * one line after the start's, that says the disk is full and names neither {@code --db} nor the server's
     * internal URL (the user gave neither), and exit 1. Before, a start that failed said "cannot read pg_hba.conf"
     * or printed initdb's whole command line, and tables that could not be prepared gave "--db: ... at
     * 'jdbc:postgresql://localhost:PORT/postgres?user=postgres...'" and exit 2, as if the user's URL were wrong.
     */
    @Test
    void workWithoutDbOnAFullTemporaryFolderIsOneLineAndExit1(@TempDir Path dir) throws Exception {
        Path small = Files.createDirectory(dir.resolve("small"));
        assumeTrue(exec("mount", "-t", "tmpfs", "-o", "size=100m", "tmpfs", small.toString()) == 0,
                "cannot mount a tmpfs here (needs root)");
        try {
            Outcome o = child(dir, false, List.of("-Djava.io.tmpdir=" + small), "work", "--jobs", "1000000");
            assertEquals(1, o.code(), o.err());
            assertEquals("", o.out());
            List<String> lines = o.err().lines().toList();
            assertEquals(List.of("work: starting an embedded PostgreSQL in a temporary folder (removed at the end)"),
                    lines.subList(0, 1), o.err());
            String last = lines.get(lines.size() - 1);
            assertTrue(last.startsWith("work: ") && last.contains("disk full") && !last.contains("--db")
                    && !last.contains("jdbc:"), o.err());
            assertTrue(lines.size() == 2 || lines.size() == 3 && lines.get(1).startsWith("work: this run's rows "),
                    "one line after the start's (and the run's, if it began): " + o.err());
        } finally {
            assertEquals(0, exec("umount", small.toString()), "unmount " + small);
        }
    }

    private static Outcome limitedChild(Path dir, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        return child(dir, true, jvmOptions, args);
    }

    /**
     * Runs the CLI with {@code args} in a child JVM (with {@code jvmOptions}), with {@code limited} one whose files
     * may not grow past 256 blocks ({@code ulimit -f}); skips the test where there is no {@code sh}.
     */
    private static Outcome child(Path dir, boolean limited, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        assumeTrue(!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows"), "needs sh");
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", (limited ? "ulimit -f 256 && " : "")
                + "exec \"$0\" \"$@\"", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-UsePerfData"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Cli.class.getName()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the child JVM did not finish");
        return new Outcome(p.exitValue(), Files.readString(out), Files.readString(err));
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
