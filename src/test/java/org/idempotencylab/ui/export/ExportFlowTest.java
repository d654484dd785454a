package org.idempotencylab.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.imageio.IIOException;
import org.idempotencylab.SmallDisk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one export flow: ask, write through a temporary file, one status line. No toolkit: the content is text. */
class ExportFlowTest {
    @TempDir
    Path dir;

    private final List<String> saved = new ArrayList<>();
    private final List<String> failed = new ArrayList<>();
    private final ExportFlow flow = new ExportFlow(saved::add, failed::add);

    @Test
    void aSavedFileIsNamedWithWhatItHolds() throws Exception {
        File target = dir.resolve("table.csv").toFile();
        ResultTable t = new ResultTable(List.of("a", "b"), List.of(List.of("1", "2"), List.of("3", "4")));
        assertTrue(flow.save(() -> Optional.of(target), t.csv()));
        assertEquals(List.of("Saved " + target + " (2 rows)"), saved);
        assertEquals("a,b\n1,2\n3,4\n", Files.readString(target.toPath()));
        assertEquals(List.of(), failed);
        assertEquals(List.of("table.csv"), names(), "no temporary file is left beside it");
    }

    @Test
    void aCancelledChoiceWritesAndSaysNothing() {
        assertFalse(flow.save(Optional::empty, file -> {
            throw new AssertionError("nothing is written");
        }));
        assertEquals(List.of(), saved);
        assertEquals(List.of(), failed);
    }

    @Test
    void aFolderThatDoesNotExistIsSaidInWordsAndNothingIsWritten() {
        File target = dir.resolve("gone").resolve("chart.png").toFile();
        assertFalse(flow.save(() -> Optional.of(target), file -> {
            throw new AssertionError("not called for a missing folder");
        }));
        assertEquals(List.of("Could not save " + target + ": the folder does not exist"), failed);
        assertFalse(target.exists());
    }

    @Test
    void aWriteThatFailsHalfWayKeepsTheOldFileAndLeavesNoTemporaryFile() throws Exception {
        Path target = Files.writeString(dir.resolve("sweep.csv"), "the old export");
        IOException e = assertThrows(IOException.class, () -> ExportFlow.atomically(target, ".csv", tmp -> {
            Files.writeString(tmp, "half of a ");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("the old export", Files.readString(target));
        assertEquals(List.of("sweep.csv"), names());

        assertFalse(flow.save(() -> Optional.of(target.toFile()), file -> {
            throw new IOException("disk full");
        }));
        assertEquals(List.of("Could not save " + target + ": disk full"), failed);
    }

    @Test
    void aReplacedFileGetsTheNewContentWhole() throws Exception {
        Path target = Files.writeString(dir.resolve("x.csv"), "old");
        ExportFlow.atomically(target, ".csv", tmp -> Files.writeString(tmp, "new"));
        assertEquals("new", Files.readString(target));
        assertEquals("1280 × 720 px", ExportFlow.pixels(1280, 720));
    }

    /** A chosen folder that is a file: the line says so, and nothing is written. */
    @Test
    void aFolderThatIsAFileIsSaidInWords() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "mine");
        File target = notes.resolve("chart.png").toFile();
        assertFalse(flow.save(() -> Optional.of(target), file -> {
            throw new AssertionError("not called for a folder that is a file");
        }));
        assertEquals(List.of("Could not save " + target + ": notes.txt is a file, not a folder"), failed);
        assertEquals("mine", Files.readString(notes));
    }

    /**
     * A table saved to a full disk (a 64 KiB tmpfs, filled): the line gives the system's reason, the earlier export
     * keeps its content and no temporary file is left.
     */
    @Test
    void aFullDiskIsSaidAndKeepsTheEarlierExport() throws Exception {
        try (SmallDisk d = SmallDisk.mountIn(dir)) {
            Path target = Files.writeString(d.folder().resolve("table.csv"), "the old export");
            d.fill();
            ResultTable t = new ResultTable(List.of("a"), List.of(List.of("1")));
            assertFalse(flow.save(() -> Optional.of(target.toFile()), t.csv()));
            assertEquals(List.of("Could not save " + target + ": No space left on device"), failed);
            assertEquals("the old export", Files.readString(target));
            try (Stream<Path> s = Files.list(d.folder())) {
                assertEquals(List.of("filler", "table.csv"), s.map(p -> p.getFileName().toString()).sorted()
                        .toList());
            }
        }
    }

    /**
     * ImageIO answers a format it cannot write with false, not an exception: a failed export all the same. A
     * writer's wrapped exception is reported by the system's reason under it.
     */
    @Test
    void noImageWriterIsAFailureAndAWrappedReasonIsTheSystems() {
        Path target = dir.resolve("chart.png");
        IOException e = assertThrows(IOException.class, () -> ExportFlow.atomically(target, ".png",
                tmp -> PngExport.writeImage(new BufferedImage(2, 2, BufferedImage.TYPE_INT_RGB), "no-such-format",
                        tmp)));
        assertEquals("no PNG writer available", e.getMessage());
        assertFalse(Files.exists(target));
        assertEquals("No space left on device", ExportFlow.reason(new IIOException("I/O error writing PNG file!",
                new IOException("No space left on device"))));
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
