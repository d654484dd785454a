package org.idempotencylab.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installed app's Linux launcher ({@code packaging/linux/idempotency-lab}, which the build puts in place of
 * jpackage's) starts Java as jpackage's launcher does: the cfg's Java options, then {@code jpackage.app-path} (the
 * launcher's real path, through a symbolic link such as {@code /usr/bin/idempotency-lab}), the cfg's class path in
 * its order with {@code $APPDIR} as the app folder, the main class, then the command's own arguments unchanged.
 * Checked on a made-up image whose "java" prints the arguments it was given, one per line.
 */
@EnabledOnOs(OS.LINUX)
class LinuxLauncherTest {
    private static final Path SCRIPT = Path.of("packaging", "linux", "idempotency-lab");

    @Test
    void startsJavaWithTheCfgsOptionsClassPathAndMainClassThenTheArguments(@TempDir Path dir) throws Exception {
        Path image = dir.resolve("opt").resolve("idempotency-lab");
        Path launcher = image.resolve("bin").resolve("idempotency-lab");
        Files.createDirectories(launcher.getParent());
        Files.copy(SCRIPT, launcher);
        executable(launcher);
        Path app = image.resolve("lib").resolve("app");
        Files.createDirectories(app);
        Files.writeString(app.resolve("idempotency-lab.cfg"), """
                [Application]
                app.classpath=$APPDIR/idempotency-lab-app.jar
                app.mainclass=org.idempotencylab.Main
                app.classpath=$APPDIR/picocli-4.7.7.jar

                [JavaOptions]
                java-options=-Djpackage.app-version=0.1.0
                java-options=--add-exports=javafx.base/com.sun.javafx.event=ALL-UNNAMED
                java-options=-Dlab.dir=$APPDIR/x
                """);
        Path java = image.resolve("lib").resolve("runtime").resolve("bin").resolve("java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
        executable(java);
        Path link = dir.resolve("usr-bin-idempotency-lab");
        Files.createSymbolicLink(link, launcher);

        List<String> args = run(link.toString(), "table", "--jobs", "1 000", "$APPDIR");

        String real = launcher.toRealPath().toString();
        String appDir = app.toRealPath().toString();
        assertEquals(List.of("-Djpackage.app-version=0.1.0",
                "--add-exports=javafx.base/com.sun.javafx.event=ALL-UNNAMED",
                "-Dlab.dir=" + appDir + "/x",
                "-Djpackage.app-path=" + real,
                "-cp", appDir + "/idempotency-lab-app.jar:" + appDir + "/picocli-4.7.7.jar",
                "org.idempotencylab.Main",
                "table", "--jobs", "1 000", "$APPDIR"), args);
    }

    private static void executable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** @return what the launcher's "java" printed, a line per argument */
    private static List<String> run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the launcher did not end");
        }
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }
}
