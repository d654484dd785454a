package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.store.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code work} interrupted (a SIGTERM, a Ctrl+C) as its run starts: the JVM is shutting down and refuses the run's
 * shutdown hook. The interrupt's one line is the last on stderr; before, the refusal ({@code IllegalStateException:
 * Shutdown in progress}) followed it as an 18-line stack trace (seen in a SIGTERM while the run went). The moment is
 * made exact by {@link WorkShutdownDriver}, not by timing a signal.
 */
class WorkShutdownTest {
    @Test
    void anInterruptAsTheRunStartsIsOneLineAndNoStackTrace(@TempDir Path dir) throws Exception {
        String url = TestPostgres.freshDatabase("work_shutdown");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-UsePerfData", WorkShutdownDriver.class.getName(), "work", "--db", url, "--jobs", "10",
                "--processes", "1", "--workers", "1"));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("CLASSPATH", System.getProperty("java.class.path"));
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not end");
        String said = Files.readString(err);
        assertEquals(143, p.exitValue(), said);
        List<String> lines = said.lines().toList();
        assertEquals(2, lines.size(), said);
        assertTrue(lines.get(0).startsWith("work: this run's rows have run_id '"), said);
        assertEquals("work: interrupted; the worker processes are stopped", lines.get(1), said);
        assertEquals("", Files.readString(out));
    }
}
