package org.idempotencylab.work;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The embedded PostgreSQL's watchdog: a small process of its own, started with the server's folder, that outlives
 * the lab. It holds a pipe from the lab on its standard input; when the pipe reaches its end (the lab closed it, or
 * the lab died, however: SIGKILL and crashes included, as the operating system closes a dead process's pipes), it
 * stops the server whose binaries and data lie in the folder and removes the folder, then exits. It ignores SIGINT,
 * SIGTERM and SIGHUP, so a Ctrl+C that reaches the terminal's whole process group leaves it to do its work; and it
 * runs in a session of its own ({@link #ownSession}), so a SIGKILL sent to the lab's whole process group
 * ({@code kill -9 -- -PGID}, {@code timeout -s KILL}) does not reach it (pg_ctl puts the server in a session of its
 * own too, so the server outlives the group: the watchdog must as well).
 *
 * <p>A Java main rather than a shell script: the lab runs on Windows too, where there is no {@code /bin/sh}, and the
 * worker processes already start this way ({@link WorkRun#javaCommand()}); a small heap keeps it light.
 *
 * <p>{@link #removeServer} is also the lab's own clean-up of a server whose start was cut short.
 */
public final class ServerWatchdog {
    /** The watchdog's JVM: small, quick to start, no performance-data file in the temporary folder. */
    private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xmx24m", "-Xss512k", "-XX:-UsePerfData");
    /** Wall-clock ms the watchdog keeps trying to stop the server and remove the folder. */
    static final long REMOVE_WITHIN_MS = 30_000;
    /** Wall-clock ms a server gets to stop at an immediate shutdown's request before it is killed. */
    private static final long STOP_WAIT_MS = 5_000;

    private ServerWatchdog() {
    }

    /**
     * Starts the watchdog of {@code folder}; nothing happens until the returned process's standard input is closed.
     *
     * @param folder the server's folder, its real path (as the operating system names the binaries inside)
     * @throws IOException if the process cannot be started
     */
    static Process start(Path folder) throws IOException {
        List<String> cmd = new ArrayList<>(ownSession());
        cmd.add(WorkRun.javaCommand());
        cmd.addAll(JVM_OPTIONS);
        cmd.add(ServerWatchdog.class.getName());
        cmd.add(folder.toString());
        // it prints nothing a person should see: after a Ctrl+C the terminal has the lab's one line only
        return WorkRun.classPath(new ProcessBuilder(cmd)).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * @return the words that start a program in a new session, outside the lab's process group, with the same
     *         process id and standard input: util-linux's {@code setsid} (Linux), else Perl's {@code POSIX::setsid}
     *         (macOS ships Perl, not setsid); none on Windows, which has no process groups a kill could reach, or
     *         where neither is found (then a kill of the whole group takes the watchdog too). Neither forks: a child
     *         of the JVM is no process group leader, so setsid(2) succeeds in it and the program is exec'd.
     */
    static List<String> ownSession() {
        if (windows()) {
            return List.of();
        }
        Optional<Path> setsid = onPath("setsid");
        if (setsid.isPresent()) {
            return List.of(setsid.get().toString());
        }
        return onPath("perl").map(perl -> List.of(perl.toString(), "-MPOSIX", "-e",
                "POSIX::setsid(); exec { $ARGV[0] } @ARGV or exit 127")).orElse(List.of());
    }

    /** @return the executable {@code name} in a folder of {@code PATH}, or in /usr/bin or /bin */
    private static Optional<Path> onPath(String name) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "")
                .split(File.pathSeparator)));
        dirs.addAll(List.of("/usr/bin", "/bin"));
        for (String dir : dirs) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** {@code ServerWatchdog <folder>}: waits for the end of standard input, then {@link #removeServer}. */
    public static void main(String[] args) {
        ignoreInterrupts();
        Path folder = Path.of(args[0]);
        try (InputStream in = System.in) {
            byte[] buf = new byte[256];
            while (in.read(buf) >= 0) {
                // the lab writes nothing: only the end of the pipe counts
            }
        } catch (IOException e) {
            // a broken pipe is the lab's end too
        }
        removeServer(folder, REMOVE_WITHIN_MS);
        System.exit(0);
    }

    /**
     * Ignores Ctrl+C, SIGTERM and SIGHUP through {@code sun.misc.Signal} (jdk.unsupported; JDK 17 has no public API
     * for signals), reached by reflection so that the build does not warn about a proprietary API at every compile.
     */
    private static void ignoreInterrupts() {
        for (String name : new String[] {"INT", "TERM", "HUP"}) {
            try {
                Class<?> signal = Class.forName("sun.misc.Signal");
                Class<?> handler = Class.forName("sun.misc.SignalHandler");
                Object ignore = handler.getField("SIG_IGN").get(null);
                signal.getMethod("handle", signal, handler)
                        .invoke(null, signal.getConstructor(String.class).newInstance(name), ignore);
            } catch (ReflectiveOperationException | LinkageError e) {
                // no such signal here (Windows has no HUP), or no jdk.unsupported: the lab's own clean-up remains
            }
        }
    }

    /**
     * Stops the server of {@code folder} (an immediate shutdown of the postmaster named in
     * {@code data/postmaster.pid}, killed if it does not stop within 5 s), kills every other process whose program
     * lies in the folder ({@code initdb}, {@code pg_ctl}, a backend left alone), and removes the folder; again until
     * nothing is left or {@code withinMs} wall-clock ms have passed (a server that is still stopping writes its last
     * files for a moment).
     *
     * @return true if the folder is gone and no process runs from it
     */
    static boolean removeServer(Path folder, long withinMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(withinMs);
        // a process in the middle of exiting no longer shows its program, so it is no longer found in the folder:
        // every one seen is waited for by its handle
        List<ProcessHandle> seen = new ArrayList<>();
        while (true) {
            postmaster(folder).ifPresent(seen::add);
            processesIn(folder).forEach(seen::add);
            stopProcesses(folder);
            removeTree(folder);
            if (!Files.exists(folder) && processesIn(folder).findAny().isEmpty()) {
                return awaitExits(seen, deadline);
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * Stops the server of {@code folder} and kills every other process whose program lies in the folder, as
     * {@link #removeServer} does, and removes nothing.
     */
    static void stopProcesses(Path folder) {
        stopPostmaster(folder);
        processesIn(folder).forEach(ProcessHandle::destroyForcibly);
    }

    /** @return true if every one of {@code processes} ended before {@code deadline} ({@link System#nanoTime}) */
    private static boolean awaitExits(List<ProcessHandle> processes, long deadline) {
        for (ProcessHandle h : processes) {
            try {
                h.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (Exception e) {
                return false; // still running at the deadline
            }
        }
        return true;
    }

    /** @return the running server of {@code folder}, by the PID in its {@code data/postmaster.pid} */
    private static Optional<ProcessHandle> postmaster(Path folder) {
        Path data = folder.resolve(EmbeddedDatabase.DATA);
        Optional<ProcessHandle> postmaster;
        try {
            String first = Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.US_ASCII).get(0);
            postmaster = ProcessHandle.of(Long.parseLong(first.strip()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // no server (yet, or any more)
        }
        // a PID from a file outlives its process and may be another program's now: only a server of this data
        return postmaster.filter(h -> servesData(h, data));
    }

    private static void stopPostmaster(Path folder) {
        Optional<ProcessHandle> postmaster = postmaster(folder);
        if (postmaster.isEmpty()) {
            return;
        }
        Path data = folder.resolve(EmbeddedDatabase.DATA);
        ProcessHandle h = postmaster.get();
        try {
            // an immediate shutdown stops the backends and frees the shared memory (a SIGKILL would leave it);
            // pg_ctl sends it on Windows, which has no signals; elsewhere SIGQUIT is it (pg_ctl refuses root)
            List<String> cmd = windows()
                    ? List.of(pgCtl(folder).toString(), "stop", "-D", data.toString(), "-m", "immediate", "-w")
                    : List.of("kill", "-s", "QUIT", Long.toString(h.pid()));
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(STOP_WAIT_MS, TimeUnit.MILLISECONDS);
            h.onExit().get(STOP_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
        h.destroyForcibly(); // no-op if it stopped
    }

    /**
     * @return true if {@code h} is a PostgreSQL server of {@code data}: its command line names the folder (the
     *         postmaster keeps the one pg_ctl gave it), or, where the system shows no command line, its program is
     *         {@code postgres}
     */
    private static boolean servesData(ProcessHandle h, Path data) {
        ProcessHandle.Info info = h.info();
        if (info.commandLine().isPresent()) {
            return info.commandLine().get().contains(data.toString());
        }
        return info.command().map(c -> Path.of(c).getFileName().toString().toLowerCase(Locale.ROOT)
                .matches("postgres(\\.exe)?")).orElse(false);
    }

    /** @return the unpacked {@code pg_ctl.exe}, in {@code binaries/PG-<digest>/bin} of the folder */
    private static Path pgCtl(Path folder) throws IOException {
        try (Stream<Path> found = Files.find(folder, 4, (p, a) -> p.getFileName().toString().equals("pg_ctl.exe"))) {
            return found.findFirst().orElseThrow(() -> new IOException("no pg_ctl.exe in " + folder));
        }
    }

    /** @return the live processes whose program lies in {@code folder} (only ours can: the folder is private) */
    private static Stream<ProcessHandle> processesIn(Path folder) {
        return ProcessHandle.allProcesses().filter(h -> isIn(h, folder));
    }

    private static boolean isIn(ProcessHandle h, Path folder) {
        String prefix = folder.toString() + folder.getFileSystem().getSeparator();
        return h.pid() != ProcessHandle.current().pid()
                && h.info().command().map(c -> c.startsWith(prefix)).orElse(false);
    }

    private static boolean windows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /** Removes {@code folder} and everything in it, as far as it can (a file still open on Windows stays). */
    static void removeTree(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE; // gone meanwhile, or unreadable: the next round sees it
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort: the caller tries again
        }
    }
}
