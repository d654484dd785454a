package org.idempotencylab.scenario;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one way the lab writes a file (a scenario saved, a chart's PNG, a table's CSV): never half a file. The
 * content goes to a temporary file in the target's folder; only when it was all written, closed and forced to the
 * disk without an error does one move (atomic where the file system has one, as every POSIX one does within a
 * folder) put it in place. When anything fails the temporary file is removed, the earlier file (if any) keeps its
 * content, and the {@link IOException} says why.
 */
public final class AtomicFile {
    /** Writes the whole content to a path: the temporary file. */
    @FunctionalInterface
    public interface Writing {
        /**
         * @param file the temporary file, empty, to write (and close) the whole content to
         * @throws IOException if a write fails; the target is then left as it was
         */
        void write(Path file) throws IOException;
    }

    /** Tries at a fresh temporary name before giving up (each collision is a 1 in 2^64 draw, or a folder's trick). */
    private static final int NAME_TRIES = 10;
    /** Most characters of the target's name the temporary file's name repeats. */
    private static final int MAX_NAME_KEPT = 100;

    private AtomicFile() {
    }

    /**
     * @param target the file to write or replace
     * @param suffix the temporary file's ending, e.g. ".png" (some writers choose their format by it)
     * @throws NoSuchFileException if the folder does not exist
     * @throws FileSystemException  if what should be the folder is a file ({@code notes.txt/chart.png}): its
     *                              {@linkplain FileSystemException#getReason() reason} says so
     * @throws IOException          if the folder cannot be written, or a write, the close, the flush to disk or the
     *                              move fails: the target then keeps its content (or still does not exist), and no
     *                              temporary file is left
     */
    public static void write(Path target, String suffix, Writing writing) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        if (folder == null || Files.notExists(folder)) {
            throw new NoSuchFileException(absolute.toString(), null, "the folder " + folder + " does not exist");
        }
        if (!Files.isDirectory(folder)) {
            throw new FileSystemException(absolute.toString(), null, folder + " is a file, not a folder");
        }
        Path tmp = createTemporary(folder, absolute.getFileName().toString(), suffix);
        try {
            writing.write(tmp);
            // the bytes reach the disk before the move names them: a crash just after it leaves the whole new
            // file or the old one, and a disk that fills on the flush fails here, not later
            try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                c.force(true);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException | Error e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /**
     * @return a new empty file beside the target, hidden ({@code .chart.png.5f3a...tmp.png}), with the permissions
     *         a new file gets in that folder ({@code Files.createTempFile} would make it readable by its owner only,
     *         and the moved file would keep that)
     */
    private static Path createTemporary(Path folder, String name, String suffix) throws IOException {
        String base = name.length() > MAX_NAME_KEPT ? name.substring(0, MAX_NAME_KEPT) : name; // names end at 255 bytes
        FileAlreadyExistsException last = null;
        for (int i = 0; i < NAME_TRIES; i++) {
            String random = Long.toHexString(ThreadLocalRandom.current().nextLong()).toLowerCase(Locale.ROOT);
            try {
                return Files.createFile(folder.resolve("." + base + "." + random + ".tmp" + suffix));
            } catch (FileAlreadyExistsException e) {
                last = e;
            }
        }
        throw last;
    }
}
