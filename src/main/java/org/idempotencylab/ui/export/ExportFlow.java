package org.idempotencylab.ui.export;

import java.io.File;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.idempotencylab.scenario.AtomicFile;
import org.idempotencylab.ui.Texts;

/**
 * The one way the lab saves a file, for every export (a chart as PNG, a table as CSV, a scenario): ask where, write
 * there, and say what happened in one status line: {@code Saved <file> (1280 × 720 px)} or
 * {@code Could not save <file>: the folder does not exist}. {@link #atomically} is how the exports write: to a
 * temporary file in the target's folder, then one move into place, so a failed export never leaves half a file
 * and an old file keeps its content. No JavaFX here: the callers choose the file and draw the image.
 */
public final class ExportFlow {
    private static final Texts TEXTS = Texts.of(ExportFlow.class);

    /** What an export writes. */
    @FunctionalInterface
    public interface Content {
        /**
         * Writes the export to {@code file}, replacing it if it exists.
         *
         * @return what was written, for the status line, e.g. "1280 × 720 px" or "25 rows"
         * @throws IOException       if the file cannot be written
         * @throws RuntimeException  if the content cannot be made (its message is shown)
         */
        String writeTo(Path file) throws IOException;
    }

    private final Consumer<String> saved;
    private final Consumer<String> failed;

    /** @param status receives the line that says what happened: saved, or why not */
    public ExportFlow(Consumer<String> status) {
        this(status, status);
    }

    /**
     * @param saved  receives the line for a file saved
     * @param failed receives the line for a file that could not be saved (e.g. also shown in a dialog)
     */
    public ExportFlow(Consumer<String> saved, Consumer<String> failed) {
        this.saved = Objects.requireNonNull(saved, "saved");
        this.failed = Objects.requireNonNull(failed, "failed");
    }

    /**
     * Asks where to save, writes there and reports the outcome. A cancelled choice does nothing and says nothing.
     *
     * @param choose  asks the person for the file (a dialog, or a test's answer); empty if they cancelled
     * @param content writes the file
     * @return true if the file was saved
     */
    public boolean save(Supplier<Optional<File>> choose, Content content) {
        Optional<File> chosen = choose.get();
        if (chosen.isEmpty()) {
            return false;
        }
        File file = chosen.get();
        Path target = file.toPath().toAbsolutePath();
        try {
            Path folder = target.getParent();
            if (folder == null || Files.notExists(folder)) {
                throw new NoSuchFileException(target.toString());
            }
            if (!Files.isDirectory(folder)) {
                failed.accept(TEXTS.format("couldNotSave", file, TEXTS.format("reason.notAFolder",
                        folder.getFileName())));
                return false;
            }
            String what = content.writeTo(target);
            saved.accept(TEXTS.format("saved", file, what));
            return true;
        } catch (IOException | RuntimeException e) {
            failed.accept(TEXTS.format("couldNotSave", file, reason(e)));
            return false;
        }
    }

    /**
     * Writes {@code target} through a temporary file in the same folder, then moves it into place in one step
     * ({@link AtomicFile}). If anything fails, {@code target} keeps its old content, or still does not exist, and
     * the temporary file is deleted.
     *
     * @param suffix the temporary file's ending, e.g. ".png"
     * @throws IOException if the folder does not exist or cannot be written, or a write fails
     */
    public static void atomically(Path target, String suffix, AtomicFile.Writing writing) throws IOException {
        AtomicFile.write(target, suffix, writing);
    }

    /**
     * @return why a write failed, in words a person can act on: the system's own reason where a writer wrapped it
     *         (ImageIO's "I/O error writing PNG file!" around "No space left on device")
     */
    public static String reason(Exception e) {
        Throwable t = e;
        while (t.getCause() instanceof IOException inner && t != inner) {
            t = inner;
        }
        if (t instanceof NoSuchFileException) {
            return TEXTS.get("reason.noFolder");
        }
        if (t instanceof AccessDeniedException || t instanceof FileSystemException
                && String.valueOf(t.getMessage()).contains("Read-only")) {
            return TEXTS.get("reason.noPermission");
        }
        if (t instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** @return "1280 × 720 px", for the status line of an image saved. */
    public static String pixels(int width, int height) {
        return TEXTS.format("png.size", width, height);
    }

    /** @return "25 rows", for the status line of a table saved. */
    public static String rows(int count) {
        return TEXTS.format("csv.rows", count);
    }
}
