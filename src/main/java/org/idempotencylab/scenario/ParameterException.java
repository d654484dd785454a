package org.idempotencylab.scenario;

import java.util.Locale;

/**
 * A parameter value outside its allowed range, or text that is not a number of the parameter's kind.
 *
 * <p>The message names the field, the value and the range, e.g.
 * {@code pFail: 1.5 is outside the allowed range 0 to 1}. Front ends that name the field differently (the CLI
 * by its option, the window by its label and in percent) read {@link #parameter()}, {@link #value()} and
 * {@link #isNotANumber()} and say it their way.
 */
public final class ParameterException extends IllegalArgumentException {
    private final transient Parameter parameter;
    private final String value;
    private final boolean notANumber;

    private ParameterException(Parameter parameter, String value, boolean notANumber, String message) {
        super(message);
        this.parameter = parameter;
        this.value = value;
        this.notANumber = notANumber;
    }

    /** Most characters of a bad value a message quotes: a value pasted by mistake keeps the message one line. */
    public static final int QUOTE_AT_MOST = 60;

    /**
     * @return {@code text} cut to {@value #QUOTE_AT_MOST} characters, with "..." and its full length when cut
     *         ("aaaa... (19,923,024 characters)")
     */
    public static String shortened(String text) {
        return text.length() <= QUOTE_AT_MOST ? text : text.substring(0, QUOTE_AT_MOST) + "... ("
                + String.format(Locale.ROOT, "%,d", text.length()) + " characters)";
    }

    /** @return {@link #shortened} in single quotes, as every message quotes a value that does not read. */
    public static String quoted(String text) {
        return "'" + shortened(text) + "'";
    }

    /** @return the error for a number outside {@code parameter}'s range. */
    public static ParameterException outOfRange(Parameter parameter, String value) {
        return new ParameterException(parameter, value, false,
                parameter.id() + ": " + shortened(value) + " is outside the allowed range " + parameter.rangeText());
    }

    /**
     * @param range the allowed range when it depends on another field, e.g. "500 (duplicateDelayMinMs) to 2,678,400,000"
     * @return the error for a number outside a range that another field sets
     */
    public static ParameterException outOfRange(Parameter parameter, String value, String range) {
        return new ParameterException(parameter, value, false,
                parameter.id() + ": " + shortened(value) + " is outside the allowed range " + range);
    }

    /** @return the error for text that does not read as a number of {@code parameter}'s kind. */
    public static ParameterException notANumber(Parameter parameter, String text) {
        return new ParameterException(parameter, text, true,
                parameter.id() + ": " + quoted(text) + " is not " + parameter.kindText() + "; allowed "
                        + parameter.rangeText());
    }

    /** @return the error for text that names none of a flag's or a choice's values. */
    public static ParameterException notOneOf(Parameter parameter, String text) {
        return new ParameterException(parameter, text, true,
                parameter.id() + ": " + quoted(text) + " is not one of " + parameter.rangeText());
    }

    /**
     * @param field how the front end names the field, e.g. {@code --p-fail}
     * @return this error's message with {@code field} in place of the scenario field name
     */
    public String messageFor(String field) {
        return field + getMessage().substring(parameter.id().length());
    }

    public Parameter parameter() {
        return parameter;
    }

    /** @return the rejected value as text. */
    public String value() {
        return value;
    }

    /** @return true if the text was not a number at all, false if it was a number out of range. */
    public boolean isNotANumber() {
        return notANumber;
    }
}
