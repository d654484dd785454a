package org.idempotencylab.ui;

import javafx.scene.text.Font;
import javafx.scene.text.Text;

/** How wide a line of text is drawn, for the views that size a column or choose a shorter form. FX thread only. */
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
}
