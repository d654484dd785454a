package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.idempotencylab.SmallDisk;
import org.idempotencylab.engine.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file the lab writes goes through {@link AtomicFile}: the whole content or nothing, the earlier file kept when
 * a write fails, no temporary file left, and the reason said.
 */
class AtomicFileTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());

    @TempDir
    Path dir;

    /** A folder that is a file (works as root too, where a read-only folder would not stop a write). */
    @Test
    void aFolderThatIsAFileIsSaidAndNothingIsWritten() throws IOException {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "mine");
        Path target = notes.resolve("chart.png");
        FileSystemException e = assertThrows(FileSystemException.class,
                () -> AtomicFile.write(target, ".png", tmp -> Files.writeString(tmp, "png")));
        assertEquals(notes + " is a file, not a folder", e.getReason());
        assertEquals("mine", Files.readString(notes));
        assertEquals(List.of("notes.txt"), names(dir));
    }

    /**
     * A disk that fills during the write: the scenario file saved earlier keeps its content, no temporary file is
     * left, and the exception carries the system's reason. The disk is a 64 KiB tmpfs filled to the last block
     * before the save, so the save's first block does not fit.
     */
    @Test
    void aFullDiskKeepsTheEarlierFileAndLeavesNoTemporaryFile() throws Exception {
        try (SmallDisk d = SmallDisk.mountIn(dir)) {
            Path saved = d.folder().resolve("mine.json");
            ScenarioFile article = new Presets(FILES).load("article.json");
            FILES.write(article, saved);
            String before = Files.readString(saved);
            d.fill();

            IOException e = assertThrows(IOException.class, () -> FILES.write(article, saved));
            assertEquals("No space left on device", e.getMessage());
            assertEquals(before, Files.readString(saved), "the earlier file is untouched");
            assertEquals(List.of("filler", "mine.json"), names(d.folder()), "no temporary file is left");
        }
    }

    /**
     * A saved file gets the permissions any new file gets there: {@code Files.createTempFile}, as the save used,
     * makes its file rw------- on POSIX, and the move kept that, so a colleague could not read a saved scenario.
     */
    @Test
    void aWrittenFileHasTheFoldersUsualPermissions() throws IOException {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path plain = Files.createFile(dir.resolve("plain.txt"));
        Path saved = dir.resolve("saved.json");
        FILES.write(new Presets(FILES).load("article.json"), saved);
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(saved));
        assertEquals(List.of("plain.txt", "saved.json"), names(dir));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
