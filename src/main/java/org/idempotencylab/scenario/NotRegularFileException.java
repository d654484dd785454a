package org.idempotencylab.scenario;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A path given as a scenario or lesson file that is not a regular file: a folder, a named pipe, a device, a socket.
 * Such a file is refused before it is opened: reading a named pipe or a terminal waits for a writer for ever, and
 * a device such as {@code /dev/zero} never ends. {@link #getReason()} says what it is, e.g. "a named pipe (FIFO),
 * not a regular file". A symbolic link is followed: one to a regular file is read.
 */
public final class NotRegularFileException extends FileSystemException {
    /** The file type bits of a POSIX {@code st_mode}, and the types among them that are not regular files. */
    private static final int TYPE_BITS = 0170000;
    private static final int FIFO = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int SOCKET = 0140000;

    private NotRegularFileException(Path path, String what) {
        super(path.toString(), null, what + ", not a regular file");
    }

    /**
     * Checks what {@code path} is before anything opens it (following symbolic links).
     *
     * @throws NotRegularFileException if it is anything but a regular file, naming what it is
     * @throws IOException             if its attributes cannot be read ({@link java.nio.file.NoSuchFileException}
     *                                 when it does not exist)
     */
    public static void check(Path path) throws IOException {
        BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
        if (!a.isRegularFile()) {
            throw new NotRegularFileException(path, a.isDirectory() ? "a folder" : special(path));
        }
    }

    /** @return what a file that is neither regular nor a folder is, from its POSIX mode where the system has one */
    private static String special(Path path) {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(path, "unix:mode");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file"; // no POSIX mode (Windows): the kind cannot be named
        }
        return switch (mode & TYPE_BITS) {
            case FIFO -> "a named pipe (FIFO)";
            case CHARACTER_DEVICE -> "a character device";
            case BLOCK_DEVICE -> "a block device";
            case SOCKET -> "a socket";
            default -> "a special file";
        };
    }
}
