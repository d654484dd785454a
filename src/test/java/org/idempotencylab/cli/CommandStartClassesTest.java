package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code table} loads before its first sign-up: only what it uses. Every class a command reads and verifies
 * costs its start, which is most of what the article's table costs beyond the bare loops (docs/measured-figures.md),
 * so the command's path must not touch the window's libraries, the JSON binder, the JDBC drivers, nor the java.time
 * and java.sql classes picocli registers converters for (no option of the lab is a date or a JDBC type), nor read
 * annotations. Checked in a child JVM's class-loading log, not by timing.
 */
class CommandStartClassesTest {
    /** Packages the table's path has no use for: any class of theirs loaded is a cost the command pays for nothing. */
    private static final List<String> UNUSED = List.of("java.time.", "java.sql.", "javafx.", "org.controlsfx.",
            "com.fasterxml.jackson.databind.", "org.postgresql.", "org.sqlite.", "io.zonky.");

    @Test
    void theTableCommandLoadsNoClassOfTheWindowTheDatabasesOrPicocliDateConvertersAndReadsNoAnnotation(@TempDir Path dir)
            throws IOException, InterruptedException {
        Path log = dir.resolve("classes.txt");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"),
                Cli.class.getName(), "table", "--jobs", "1", "--format", "csv"));
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));

        List<String> loaded = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            // "[0.051s][info][class,load] picocli.CommandLine source: file:/..."
            String[] words = line.substring(line.indexOf("] ") + 2).split(" ");
            // a dynamic proxy is how the JDK reads an annotation: table's and the top command's models are built
            // without reading picocli's annotations (TableCommand)
            if (UNUSED.stream().anyMatch(words[0]::startsWith) || words[0].contains("$Proxy")) {
                loaded.add(words[0]);
            }
        }
        assertTrue(loaded.isEmpty(), "table loaded " + loaded.size() + " classes it does not use, e.g. "
                + loaded.subList(0, Math.min(5, loaded.size())));
        // the log is the one the command wrote: it names the command's own classes
        assertTrue(Files.readString(log).contains("org.idempotencylab.cli.TableCommand "), "no class-loading log");
    }
}
