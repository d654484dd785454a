package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.Bounds;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.paint.Color;
import javafx.scene.shape.SVGPath;
import javafx.stage.Stage;
import org.idempotencylab.ui.charts.StrategyNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** One look per concept: distinct, readable colours, the same in CSS, apart from the strategies' palette. */
@ExtendWith(ApplicationExtension.class)
class ConceptFxTest {
    @Start
    void start(Stage stage) {
        // the toolkit, for SVG paths' bounds
    }

    @Test
    void everyConceptHasItsOwnColourAndNoStrategyTakesOne() {
        Set<String> seen = new HashSet<>();
        for (Concept c : Concept.values()) {
            assertTrue(seen.add(c.fillHex().toUpperCase(Locale.ROOT)), c + " shares its colour");
        }
        for (String s : StrategyNames.COLOURS) {
            assertFalse(seen.contains(s.toUpperCase(Locale.ROOT)), s + " is a concept's colour and a strategy's");
        }
    }

    /** WCAG 2's contrast ratio of each concept's text colour on white: 4.5:1 is the level for body text. */
    @Test
    void everyInkReadsOnWhite() {
        for (Concept c : Concept.values()) {
            double ratio = 1.05 / (luminance(c.ink()) + 0.05);
            assertTrue(ratio >= 4.5, c + "'s ink " + c.inkHex() + " has contrast " + ratio);
        }
    }

    /**
     * The main buttons (Play, Explore, Compare) read in both modes: their text against their own background, as
     * the style sheets draw them, at WCAG's 4.5:1 (presentation mode's black text once made them 2.8:1).
     */
    @Test
    void theMainButtonsTextReadsOnItsBackgroundInBothModes(org.testfx.api.FxRobot robot) {
        for (boolean presentation : new boolean[] {false, true}) {
            javafx.scene.control.Button b = new javafx.scene.control.Button("Play");
            b.getStyleClass().add("primary");
            robot.interact(() -> {
                javafx.scene.Scene scene = App.scene(new javafx.scene.layout.StackPane(b));
                if (presentation) {
                    scene.getStylesheets().add(App.class.getResource("presentation.css").toExternalForm());
                }
                new Stage().setScene(scene);
                b.applyCss();
                b.layout();
            });
            Color text = (Color) ((javafx.scene.text.Text) b.lookup(".text")).getFill();
            javafx.scene.layout.Background bg = b.getBackground();
            javafx.scene.paint.Paint back = bg.getFills().get(bg.getFills().size() - 1).getFill(); // the face
            List<Color> shades = back instanceof javafx.scene.paint.LinearGradient g
                    ? g.getStops().stream().map(javafx.scene.paint.Stop::getColor).toList() : List.of((Color) back);
            for (Color shade : shades) { // every shade of the face's gradient
                double l1 = luminance(text);
                double l2 = luminance(shade);
                double ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
                assertTrue(ratio >= 4.5, (presentation ? "presentation" : "normal") + " mode: " + text + " on "
                        + shade + " is " + ratio + ":1");
            }
        }
    }

    @Test
    void labCssDeclaresTheSameColours() throws IOException {
        String css;
        try (InputStream in = ConceptFxTest.class.getResourceAsStream("/org/idempotencylab/ui/lab.css")) {
            css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (Concept c : Concept.values()) {
            assertEquals(c.fillHex(), declared(css, "-lab-concept-" + c.cssName()), c + " in lab.css");
            assertEquals(c.inkHex(), declared(css, "-lab-concept-" + c.cssName() + "-ink"), c + "'s ink in lab.css");
            assertTrue(css.contains("." + c.styleClass() + ".label"), "lab.css styles a " + c + " label");
        }
    }

    @Test
    void everyIconIsAShapeInsideItsSquare() {
        for (Concept c : Concept.values()) {
            SVGPath path = (SVGPath) ((Group) c.icon(Concept.ICON_SIZE)).getChildren().get(0);
            Bounds b = path.getLayoutBounds();
            assertTrue(b.getWidth() >= 8 && b.getHeight() >= 8, c + "'s icon is drawn: " + b);
            assertTrue(b.getMinX() >= -1 && b.getMinY() >= -1 && b.getMaxX() <= 17 && b.getMaxY() <= 17,
                    c + "'s icon fits its 16 px square: " + b);
            Bounds scaled = c.icon(32).getLayoutBounds();
            assertEquals(2 * b.getWidth(), scaled.getWidth(), 1, c + " at 32 px is twice as wide");
        }
    }

    @Test
    void markingALabelGivesItTheIconAndClassAndTakesThePreviousOff() {
        Label label = new Label("2");
        Concept.mark(label, Concept.DUPLICATE);
        assertTrue(label.getStyleClass().contains("concept-duplicate"));
        Node icon = label.getGraphic();
        assertEquals(Concept.DUPLICATE.iconPath(), ((SVGPath) ((Group) icon).getChildren().get(0)).getContent());
        Concept.mark(label, Concept.LEASE);
        assertFalse(label.getStyleClass().contains("concept-duplicate"));
        assertTrue(label.getStyleClass().contains("concept-lease"));
        Concept.mark(label, null);
        assertFalse(label.getStyleClass().contains("concept-lease"));
        assertNull(label.getGraphic());
    }

    private static String declared(String css, String name) {
        Matcher m = Pattern.compile(Pattern.quote(name) + ":\\s*(#[0-9A-Fa-f]{6});").matcher(css);
        assertTrue(m.find(), name + " is declared in lab.css");
        return m.group(1);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
