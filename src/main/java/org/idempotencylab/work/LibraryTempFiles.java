package org.idempotencylab.work;

import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The embedded PostgreSQL library's own file in the temporary folder: on Linux, the first server of a JVM has it
 * write a script {@code detect_linux_distribution_<n>.sh} into {@code java.io.tmpdir} (to pick binaries made for the
 * distribution), run it, and leave it there until the JVM exits normally, so a SIGKILL left it behind for ever. The
 * file's folder cannot be chosen (the JDK reads {@code java.io.tmpdir} once, at its start), so the detection is run
 * here, once per JVM, and the script it wrote removed as soon as it has run.
 */
final class LibraryTempFiles {
    private static final String SCRIPT_PREFIX = "detect_linux_distribution_";
    private static boolean detected; // guarded by the class

    private LibraryTempFiles() {
    }

    /**
     * Runs the library's distribution detection, if this JVM has not yet, and removes the script it wrote (the new
     * {@code detect_linux_distribution_*.sh} files of the temporary folder: those of other programs were there
     * before). A detection that fails (a full temporary folder) leaves the library to the generic binaries.
     */
    static synchronized void detectDistribution() {
        if (detected) {
            return;
        }
        detected = true;
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Set<Path> before = scripts(tmp);
        LinuxUtils.getDistributionName(); // the class's first use runs the script
        for (Path script : scripts(tmp)) {
            if (!before.contains(script)) {
                try {
                    Files.deleteIfExists(script);
                } catch (IOException ignored) {
                    // the library's deleteOnExit still removes it at a normal exit
                }
            }
        }
    }

    private static Set<Path> scripts(Path tmp) {
        Set<Path> out = new HashSet<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(tmp, SCRIPT_PREFIX + "*.sh")) {
            s.forEach(out::add);
        } catch (IOException | RuntimeException e) {
            // no temporary folder to read: nothing to remove either
        }
        return out;
    }
}
