package org.idempotencylab.ui.export;

import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.DoubleSupplier;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.transform.Transform;
import javax.imageio.ImageIO;
import org.idempotencylab.ui.Texts;

/**
 * Saves a node as it looks on screen to a PNG file: {@code node.snapshot} → {@code SwingFXUtils} →
 * {@code ImageIO} (docs/design.md), written through {@link ExportFlow#atomically}, so a failed export never leaves half
 * a file.
 */
public final class PngExport {
    private static final Texts TEXTS = Texts.of(PngExport.class);

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
        ExportFlow.atomically(file.toPath(), ".png", tmp -> writeImage(buffered, "png", tmp));
        return new int[] {buffered.getWidth(), buffered.getHeight()};
    }

    /**
     * Writes {@code image} to {@code file} in {@code format}; {@code ImageIO} answers a format it has no writer for
     * with false, not an exception, which is a failed export too.
     *
     * @param format an ImageIO format name, e.g. "png"
     * @throws IOException if the file cannot be written, or there is no writer for {@code format}
     */
    static void writeImage(RenderedImage image, String format, Path file) throws IOException {
        if (!ImageIO.write(image, format, file.toFile())) {
            throw new IOException(TEXTS.get("reason.noPngWriter"));
        }
    }

    /**
     * @param scale read when the export runs: the scale chosen beside the button
     * @return {@code node} as an export's content, reporting the image's size ("2560 × 1440 px")
     */
    public static ExportFlow.Content of(Node node, DoubleSupplier scale) {
        return (Path file) -> {
            int[] size = write(node, file.toFile(), scale.getAsDouble());
            return ExportFlow.pixels(size[0], size[1]);
        };
    }
}
