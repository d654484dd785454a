package org.idempotencylab.ui.export;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.transform.Transform;
import javax.imageio.ImageIO;

/**
 * Saves a node as it looks on screen to a PNG file: {@code node.snapshot} → {@code SwingFXUtils} →
 * {@code ImageIO} (DESIGN.md). Writes to a temporary file beside the target and moves it into place, so a failed
 * export never leaves half a file.
 */
public final class PngExport {
    private PngExport() {
    }

    /**
     * Must be called on the FX thread.
     *
     * @param scale 1 for screen pixels, 2 or more for sharper images (e.g. for slides)
     * @return the image's size in pixels as {@code {width, height}}
     * @throws IOException if the file cannot be written
     */
    public static int[] write(Node node, File file, double scale) throws IOException {
        SnapshotParameters params = new SnapshotParameters();
        params.setTransform(Transform.scale(scale, scale));
        WritableImage image = node.snapshot(params, null);
        BufferedImage buffered = SwingFXUtils.fromFXImage(image, null);
        Path target = file.toPath().toAbsolutePath();
        Path tmp = Files.createTempFile(target.getParent(), ".export-", ".png");
        try {
            if (!ImageIO.write(buffered, "png", tmp.toFile())) {
                throw new IOException("no PNG writer available");
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return new int[] {buffered.getWidth(), buffered.getHeight()};
    }

    /** @return why a write failed, in words a person can act on. */
    public static String reason(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "the folder does not exist";
        }
        if (e instanceof AccessDeniedException || e instanceof FileSystemException
                && String.valueOf(e.getMessage()).contains("Read-only")) {
            return "no permission to write there";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
