package org.idempotencylab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Makes a named pipe (FIFO) for the tests of the readers that must refuse one: {@code mkfifo}, where there is one. */
public final class NamedPipe {
    private NamedPipe() {
    }

    /**
     * @param path where the pipe goes; nothing may exist there
     * @return true if the pipe was made; false where there is no {@code mkfifo} (Windows), so the caller skips
     */
    public static boolean make(Path path) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
