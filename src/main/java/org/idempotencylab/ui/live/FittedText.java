package org.idempotencylab.ui.live;

import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import org.idempotencylab.ui.TextWidth;

/**
 * Words kept whole in a narrow window: a label shows the longest of its text's forms that fits its width on one
 * line, else its last form wrapped onto as many lines as it needs; never a text cut with "…". The forms come
 * longest first and each starts with its numbers, so what a class reads first is in every one and on the first
 * line. FX thread only.
 */
final class FittedText {
    private FittedText() {
    }

    /**
     * Shows in {@code label} the form of {@code forms} that fits (see the class comment), chosen again whenever
     * the forms, the label's width or its type change. The label takes what width its row gives it (its least
     * width 0) and as many lines as its text needs at that width: its least height is theirs, also where a pane
     * asks for it without a width (a split pane's divider keeps the lines whole then too).
     */
    static void bind(Label label, ObservableValue<List<String>> forms) {
        label.setWrapText(true);
        label.setMinWidth(0);
        InvalidationListener fit = o -> {
            label.setText(longest(forms.getValue(), label.getFont(),
                    label.getWidth() - label.snappedLeftInset() - label.snappedRightInset()));
            label.setMinHeight(label.getWidth() > 0 ? label.prefHeight(label.getWidth()) : Region.USE_PREF_SIZE);
        };
        forms.addListener(fit);
        label.widthProperty().addListener(fit);
        label.fontProperty().addListener(fit);
        fit.invalidated(null);
    }

    /**
     * @param room px for one line of text; 0 or less before a layout gave it a width
     * @return the first of {@code forms} whose one line in {@code font} fits {@code room}, the last where none
     *         does, the first while the room is not known yet
     */
    static String longest(List<String> forms, Font font, double room) {
        if (room <= 0) {
            return forms.get(0);
        }
        for (String form : forms) {
            if (width(form, font) <= room) {
                return form;
            }
        }
        return forms.get(forms.size() - 1);
    }

    /** @return the width of {@code text} on one line in {@code font}, px, rounded up */
    static double width(String text, Font font) {
        return Math.ceil(TextWidth.of(text, font));
    }
}
