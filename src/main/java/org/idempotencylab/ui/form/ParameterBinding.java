package org.idempotencylab.ui.form;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.Property;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.ui.Texts;

/**
 * Ties a slider and an exact-value field to one view-model property.
 *
 * <p>Dragging the slider sets a rounded value; typing in the field sets the exact value on Enter or when the
 * field loses focus. Typed text goes through the same {@link Parameter} validation as the command line and
 * scenario files; a bad value leaves the property unchanged, puts the field back to the current value, and
 * reports one message naming the field, the value and the allowed range. Probabilities are shown and typed in
 * percent.
 */
public final class ParameterBinding {
    private static final Texts TEXTS = Texts.of(ParameterBinding.class);

    private final Parameter parameter;
    private final Property<Object> property;
    private final Slider slider;
    private final TextField field;
    private final SliderScale scale;
    private final Consumer<String> errors;
    private boolean updating;
    private String rejected; // the message for the last value refused, until a good value is read

    private ParameterBinding(Parameter parameter, Property<Object> property, Slider slider, TextField field,
                             SliderScale scale, Consumer<String> errors) {
        this.parameter = parameter;
        this.property = property;
        this.slider = slider;
        this.field = field;
        this.scale = scale;
        this.errors = errors;
    }

    /**
     * Binds {@code slider} (may be null) and {@code field} to {@code property}, and gives both a tooltip with the
     * parameter's meaning and allowed range.
     *
     * @param errors receives a message for a rejected value, and null when a value is accepted
     */
    public static ParameterBinding bind(Parameter parameter, Property<Object> property, Slider slider,
                                        TextField field, SliderScale scale, Consumer<String> errors) {
        ParameterBinding b = new ParameterBinding(parameter, property, slider, field, scale, errors);
        b.wire();
        return b;
    }

    private void wire() {
        Tooltip tip = new Tooltip(tooltipText(parameter));
        tip.setWrapText(true);
        tip.setMaxWidth(360);
        field.setTooltip(tip);
        if (slider != null) {
            slider.setTooltip(tip);
            slider.valueProperty().addListener((obs, old, pos) -> {
                if (!updating) {
                    setFromSlider(scale.toValue(pos.doubleValue()));
                }
            });
        }
        property.addListener((obs, old, value) -> show(((Number) value).doubleValue()));
        field.setOnAction(e -> commit());
        field.focusedProperty().addListener((obs, was, now) -> {
            if (!now) {
                commit();
            }
        });
        show(((Number) property.getValue()).doubleValue());
    }

    /**
     * Reads the field's text; on a bad value reports it and shows the current value again.
     *
     * @return true if the text was accepted (or unchanged)
     */
    public boolean commit() {
        String error = read();
        rejected = error; // kept until the next good value: a button pressed next must not act without it
        errors.accept(error);
        return error == null;
    }

    /**
     * Reads every field (a button or shortcut acts on what the fields show, confirmed or not). A bad value's
     * message stays on screen even when a later field is fine.
     *
     * @return true if every field was accepted
     */
    public static boolean commitAll(List<ParameterBinding> bindings) {
        String firstError = null;
        ParameterBinding failed = null;
        for (ParameterBinding b : bindings) {
            String error = b.read();
            if (error == null) {
                // the field lost the focus to the button just pressed, and refused its value then
                error = b.rejected;
            }
            b.rejected = null; // reported once
            if (error != null && firstError == null) {
                firstError = error;
                failed = b;
            }
        }
        if (failed != null) {
            failed.errors.accept(firstError);
            return false;
        }
        bindings.forEach(b -> b.errors.accept(null));
        return true;
    }

    /** Applies the field's text to the property; returns the message for a bad value (then shown again), or null. */
    private String read() {
        try {
            Number value = parse(parameter, field.getText());
            set(value);
            show(value.doubleValue()); // the same value typed differently ("1.0") is shown in its usual form
            return null;
        } catch (ParameterException e) {
            show(((Number) property.getValue()).doubleValue());
            return message(e);
        }
    }

    private void set(Number value) {
        property.setValue(parameter.normalise(value));
    }

    private void setFromSlider(double sliderValue) {
        set(parameter.kind().isDecimal() ? (Number) sliderValue : (Number) (long) sliderValue);
    }

    private void show(double value) {
        updating = true;
        try {
            field.setText(format(parameter, value));
            if (slider != null) {
                slider.setValue(scale.toPosition(value));
            }
        } finally {
            updating = false;
        }
    }

    /**
     * Reads text typed for {@code parameter}: percent for probabilities (a trailing "%" allowed), a decimal for
     * rates, whole numbers otherwise (thousands separators allowed).
     *
     * @return the value in model units: a {@link Double} probability 0..1 or rate, or a {@link Long} count
     * @throws ParameterException naming the parameter, the text as typed (in percent for probabilities) and the
     *                            range; {@link #message} words it for the window
     */
    public static Number parse(Parameter parameter, String text) {
        String t = text == null ? "" : text.strip();
        if (!parameter.kind().isDecimal()) {
            return parameter.parseLong(t.replace(",", "").replace("_", ""));
        }
        if (parameter.kind().isPlainDecimal()) {
            return parameter.parse(t);
        }
        if (t.endsWith("%")) {
            t = t.substring(0, t.length() - 1).strip();
        }
        BigDecimal percent;
        try {
            percent = new BigDecimal(t);
        } catch (NumberFormatException e) {
            throw ParameterException.notANumber(parameter, t);
        }
        if (percent.signum() < 0 || percent.compareTo(BigDecimal.valueOf(100)) > 0) {
            throw ParameterException.outOfRange(parameter, t); // the value in percent, as typed
        }
        // The double nearest percent/100: the same double the command line reads from the decimal probability.
        // Built as text, since BigDecimal's own scale cannot take exponents such as 1e-2147483647.
        long exponent = -(long) percent.scale() - 2;
        return Double.parseDouble(percent.unscaledValue() + "e" + exponent);
    }

    /** @return the value as the field shows it: percent without a sign for probabilities, else grouped digits. */
    public static String format(Parameter parameter, double value) {
        if (parameter.kind() == Parameter.Kind.PROBABILITY) {
            return new BigDecimal(Double.toString(value)).movePointRight(2).stripTrailingZeros().toPlainString();
        }
        if (parameter.kind().isPlainDecimal()) {
            return Parameter.plain(value);
        }
        if (!parameter.groupsDigits()) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%,d", (long) value);
    }

    /**
     * @param e an error from {@link #parse}
     * @return a message for the window: the label, the value as typed, and the range in the field's units
     */
    public static String message(ParameterException e) {
        Parameter p = e.parameter();
        boolean percent = p.kind() == Parameter.Kind.PROBABILITY;
        String range = rangeText(p);
        if (e.isNotANumber()) {
            return TEXTS.format("error.notANumber", p.label(), e.value(), p.kindText(), range);
        }
        // parse() reports probabilities in percent, as typed
        String value = percent ? e.value() + "%" : e.value();
        return TEXTS.format("error.outOfRange", p.label(), value, range);
    }

    /** @return the allowed range in the window's units: "0% to 100%" for probabilities, else the parameter's. */
    public static String rangeText(Parameter p) {
        return p.kind() == Parameter.Kind.PROBABILITY ? TEXTS.get("range.percent") : p.rangeText();
    }

    /** @return the tooltip: what the value means, its unit and its range. */
    public static String tooltipText(Parameter p) {
        String unit = p.kind() == Parameter.Kind.PROBABILITY ? TEXTS.get("unit.percent") : p.unit();
        return TEXTS.format("tooltip", p.label(), unit, p.meaning(), rangeText(p));
    }
}
