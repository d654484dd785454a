package org.idempotencylab.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The PNG scale every chart export offers (1× as on screen, 2× by default, 4×), on a small node: what the
 * Compare and Sweep views export through the same choice and the same flow.
 */
@ExtendWith(ApplicationExtension.class)
class PngExportFxTest {
    @TempDir
    Path dir;

    private ChoiceBox<Integer> scale;
    private VBox chart;

    @Start
    void start(Stage stage) {
        scale = new ChoiceBox<>();
        chart = new VBox(new Label("Duplicates"), new Rectangle(200, 100, Color.web("#D55E00")));
        ExportControls.scaleChoice(scale);
        stage.setScene(new Scene(new VBox(scale, chart), 400, 300));
        stage.show();
    }

    @Test
    void theChartIsSavedAt1x2xOr4xItsPixels(FxRobot robot) throws Exception {
        assertEquals(List.of("1×", "2×", "4×"), scale.getItems().stream().map(scale.getConverter()::toString).toList());
        assertEquals(2, scale.getValue(), "2× unless chosen otherwise");
        List<String> status = new ArrayList<>();
        ExportFlow flow = new ExportFlow(status::add);
        int[][] sizes = new int[5][];
        for (int s : List.of(1, 2, 4)) {
            File f = dir.resolve("chart-" + s + "x.png").toFile();
            robot.interact(() -> {
                scale.setValue(s);
                flow.save(() -> Optional.of(f), PngExport.of(chart, scale::getValue));
            });
            BufferedImage png = ImageIO.read(f);
            sizes[s] = new int[] {png.getWidth(), png.getHeight()};
            assertEquals("Saved " + f + " (" + png.getWidth() + " × " + png.getHeight() + " px)",
                    status.get(status.size() - 1));
            assertEquals(0xD55E00, png.getRGB(50 * s, png.getHeight() - 2 * s) & 0xFFFFFF,
                    "the node's content, at " + s + "×");
        }
        assertTrue(sizes[1][0] >= 200 && sizes[1][1] >= 100, "1× is the size on screen");
        assertEquals(2 * sizes[1][0], sizes[2][0]);
        assertEquals(2 * sizes[1][1], sizes[2][1]);
        assertEquals(4 * sizes[1][0], sizes[4][0]);
        assertEquals(4 * sizes[1][1], sizes[4][1]);
    }
}
