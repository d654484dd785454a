package org.idempotencylab.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * The SQLite driver's native library, which sqlite-jdbc unpacks from its jar into a temporary folder
 * ({@code org.sqlite.tmpdir}, else {@code java.io.tmpdir}) before the first connection. Where it cannot (a full disk,
 * a file size limit), the driver only says "Error opening connection" (and its loader logs stack traces, which the
 * lab's logging settings turn off): this says why, in the operating system's words.
 */
final class SqliteNativeLibrary {
    private static final String DISK_FULL = "disk full: ";
    private static final String SIZE_LIMIT = "a file size limit: ";

    private SqliteNativeLibrary() {
    }

    /**
     * Loads the library, if this JVM has not yet.
     *
     * @return why it cannot be loaded, one phrase without a full stop; empty once it is loaded
     */
    static Optional<String> problem() {
        try {
            SQLiteJDBCLoader.initialize();
            return Optional.empty();
        } catch (Exception | LinkageError e) {
            Path dir = Path.of(System.getProperty("org.sqlite.tmpdir", System.getProperty("java.io.tmpdir")));
            String why = unpackFailure(dir).orElse(String.valueOf(e.getMessage()));
            String advice = why.startsWith(DISK_FULL) ? "free room there, or name a folder with room with "
                    + "-Dorg.sqlite.tmpdir=FOLDER" : why.startsWith(SIZE_LIMIT) ? "raise the limit (ulimit -f)"
                    : "name another folder with -Dorg.sqlite.tmpdir=FOLDER";
            return Optional.of("the SQLite driver could not unpack its native library into the temporary folder '"
                    + dir + "' (" + why + "); " + advice);
        }
    }

    /**
     * @return why the library cannot be written into {@code dir}, as the operating system says it, found by
     *         writing a copy of it there (then removed): {@code disk full (No space left on device)}, {@code a
     *         file size limit (File too large)}; empty if the copy could be written
     */
    private static Optional<String> unpackFailure(Path dir) {
        String library = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
        Path copy = null;
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(library)) {
            if (in == null) {
                return Optional.of("the driver has no native library for this system: " + library);
            }
            copy = Files.createTempFile(dir, "idempotency-lab-sqlite-", ".tmp");
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            return Optional.empty();
        } catch (IOException e) {
            String os = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            String lower = os.toLowerCase(Locale.ROOT);
            return Optional.of(lower.contains("no space") ? DISK_FULL + os
                    : lower.contains("too large") ? SIZE_LIMIT + os : os);
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException ignored) {
                    // a copy in a temporary folder: the folder's own clean-up removes it
                }
            }
        }
    }
}
