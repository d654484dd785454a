package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.idempotencylab.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code work} without {@code --db}, in a JVM of its own (this test's class path, a temporary folder of its own),
 * ended from outside: with SIGKILL, which runs none of its code, its watchdog stops the server and removes the
 * folder; with SIGTERM at any moment of the server's start or of the run, its shutdown hook does, before the JVM
 * ends, and the terminal gets one line.
 */
@DisabledOnOs(value = OS.WINDOWS, disabledReason = "SIGTERM: Process.destroy is a hard kill on Windows")
class EmbeddedServerLifecycleTest {
    private static final String INTERRUPTED = "work: interrupted; the worker processes and the embedded database are "
            + "stopped";

    /** A run that goes on long after the test has ended it: 100,000 sign-ups of ten 5 ms calls. */
    private static Process work(Path tmp) throws IOException {
        return work(tmp, List.of());
    }

    /** As {@link #work(Path)}, the command after {@code prefix} (e.g. {@code setsid}). */
    private static Process work(Path tmp, List<String> prefix) throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), Cli.class.getName(),
                "work", "--jobs", "100000", "--processes", "1", "--workers", "1", "--call-ms", "5",
                "--store", "claim-table"));
        return new ProcessBuilder(cmd)
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile())
                .start();
    }

    /**
     * A SIGKILL to the run's whole process group ({@code kill -9 -- -PGID}, as {@code timeout -s KILL} or a
     * terminal's job control sends it), while the run goes, and a SIGTERM followed 0.2 s later by that group kill
     * while the server starts: the watchdog, in a session of its own, outlives the group, stops the server and
     * removes the folder. The run starts through {@code setsid}, so its group is its own and not this JVM's. Before,
     * the watchdog was in the group and died with it; pg_ctl's server, in a session of its own, stayed for ever,
     * listening, with its folder. Nothing of the library is left in the temporary folder either (it left an empty
     * {@code embedded-pg} after every run, and its {@code detect_linux_distribution_*.sh} after a SIGKILL).
     */
    @Test
    void aSigkillOfTheWholeProcessGroupLeavesNoServerAndNoFolder(@TempDir Path tmp) throws Exception {
        Path setsid = Stream.of("/usr/bin/setsid", "/bin/setsid").map(Path::of).filter(Files::isExecutable)
                .findFirst().orElse(null);
        assumeTrue(setsid != null, "needs util-linux's setsid to start the run in a process group of its own");
        Map<String, Predicate<Path>> moments = Map.of(
                "the run going", t -> err(t).contains("this run's rows have run_id") && postmaster(t).isPresent(),
                "the server starting", t -> postmaster(t).isPresent());
        for (Map.Entry<String, Predicate<Path>> m : moments.entrySet()) {
            Path dir = Files.createDirectory(tmp.resolve(m.getKey().replace(' ', '-')));
            Process p = work(dir, List.of(setsid.toString()));
            try {
                waitFor(120, m.getKey(), () -> m.getValue().test(dir));
                long postmaster = postmaster(dir).orElseThrow();
                if (m.getKey().equals("the server starting")) {
                    p.destroy(); // SIGTERM: the hook starts its clean-up, which the group kill cuts short
                    Thread.sleep(200);
                }
                // setsid exec'd the JVM: its process id is its group's
                Process kill = new ProcessBuilder("kill", "-9", "--", "-" + p.pid()).start();
                assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -9 -- -PGID");
                assertTrue(p.waitFor(30, TimeUnit.SECONDS));
                waitFor(20, m.getKey() + ": no server and no folder", () -> folders(dir).isEmpty()
                        && !ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false));
                try (Stream<Path> left = Files.list(dir)) {
                    assertEquals(List.of("err.txt", "out.txt"), left.map(f -> f.getFileName().toString()).sorted()
                            .toList(), m.getKey() + ": nothing of the library left in the temporary folder");
                }
            } finally {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void aRunKilledWithSigkillLeavesNoServerAndNoFolder(@TempDir Path tmp) throws Exception {
        Process p = work(tmp);
        try {
            waitFor(120, "the run going", () -> err(tmp).contains("this run's rows have run_id"));
            long postmaster = postmaster(tmp).orElseThrow();
            assertTrue(ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false));
            p.destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            // the watchdog's work: at most a few seconds
            waitFor(20, "no server and no folder", () -> folders(tmp).isEmpty()
                    && !ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false));
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * SIGTERM while the binaries are unpacked (the first line is out), while the server starts (its PID file is
     * written), and while the run goes: the JVM ends with 143 after its hook stopped the server and removed the
     * folder, and the interrupt's line is the last one on stderr, once, nothing on stdout.
     */
    @Test
    void aSigtermAtAnyMomentOfTheStartOrTheRunLeavesNoFolderAndOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Predicate<Path>> moments = Map.of(
                "unpacking", t -> err(t).contains("starting an embedded PostgreSQL"),
                "the server starting", t -> postmaster(t).isPresent(),
                "the run going", t -> err(t).contains("this run's rows have run_id"));
        for (Map.Entry<String, Predicate<Path>> m : moments.entrySet()) {
            Path dir = Files.createDirectory(tmp.resolve(m.getKey().replace(' ', '-')));
            Process p = work(dir);
            try {
                waitFor(120, m.getKey(), () -> m.getValue().test(dir));
                OptionalLong postmaster = postmaster(dir);
                p.destroy();
                assertTrue(p.waitFor(90, TimeUnit.SECONDS), m.getKey());
                assertEquals(143, p.exitValue(), m.getKey() + ": " + err(dir));
                // at once, not after a while: the hook removed it before the JVM ended
                assertEquals(List.of(), folders(dir), m.getKey());
                // the server was told to stop before the folder went; its last moments of exiting may outlast
                // the JVM (a process being reaped still answers isAlive)
                if (postmaster.isPresent()) {
                    waitFor(10, m.getKey() + ": the server stopped", () -> !ProcessHandle.of(postmaster.getAsLong())
                            .map(ProcessHandle::isAlive).orElse(false));
                }
                List<String> lines = err(dir).lines().toList();
                assertEquals(INTERRUPTED, lines.get(lines.size() - 1), m.getKey() + ": " + lines);
                assertEquals(1, lines.stream().filter(INTERRUPTED::equals).count(), m.getKey() + ": " + lines);
                assertEquals("", Files.readString(dir.resolve("out.txt")), m.getKey());
            } finally {
                p.destroyForcibly();
            }
        }
    }

    private static String err(Path tmp) {
        try {
            return Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** @return the server's PID, once its {@code postmaster.pid} is written */
    private static OptionalLong postmaster(Path tmp) {
        List<Path> folders;
        try {
            folders = folders(tmp);
        } catch (IOException e) {
            return OptionalLong.empty();
        }
        for (Path f : folders) { // each folder on its own: one without a server yet does not hide another's
            try {
                List<String> lines = Files.readAllLines(f.resolve("data").resolve("postmaster.pid"));
                if (!lines.isEmpty() && !lines.get(0).isBlank()) {
                    return OptionalLong.of(Long.parseLong(lines.get(0).strip()));
                }
            } catch (IOException | NumberFormatException notYet) {
                // not written yet, or half (the server rewrites its status lines while it starts)
            }
        }
        return OptionalLong.empty();
    }

    private static List<Path> folders(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(f -> f.getFileName().toString().startsWith(EmbeddedDatabase.FOLDER_PREFIX)).toList();
        }
    }

    /** A check of a state that changes on its own: polled every 20 ms. */
    interface Check {
        boolean test() throws Exception;
    }

    static void waitFor(long seconds, String what, Check check) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!check.test()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(20);
        }
    }
}
