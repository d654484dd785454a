package org.idempotencylab.ui;

import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextBoundsType;

/**
 * How wide a line of text is drawn, and how tall a wrapped one, for the views that size a column or row or choose a
 * shorter form. FX thread only.
 */
public final class TextWidth {
    /** One node for every measure: all run on the FX thread. */
    private static final Text MEASURE = new Text();

    private TextWidth() {
    }

    /** @return the width of {@code text} on one line in {@code font}, px */
    public static double of(String text, Font font) {
        MEASURE.setText(text);
        MEASURE.setFont(font);
        return MEASURE.getLayoutBounds().getWidth();
    }

    /**
     * @param width the width lines wrap at, px; 0 or less: no wrapping
     * @return the height of {@code text} in {@code font} wrapped at {@code width} between words, as a label or cell
     *         that wraps measures it before it cuts a line with "…" (its skin's vertical-centre bounds, taller
     *         than the font's own lines), px
     */
    public static double wrappedHeight(String text, Font font, double width) {
        MEASURE.setText(text);
        MEASURE.setFont(font);
        MEASURE.setWrappingWidth(Math.max(0, width));
        MEASURE.setBoundsType(TextBoundsType.LOGICAL_VERTICAL_CENTER);
        double h = MEASURE.getLayoutBounds().getHeight();
        MEASURE.setWrappingWidth(0);
        MEASURE.setBoundsType(TextBoundsType.LOGICAL);
        return h;
    }
}
