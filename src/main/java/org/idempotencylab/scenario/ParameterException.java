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
     * The one way every message shows a value it did not make (an option's value, a file name, a field of a file):
     * control characters escaped ({@code \n}, {@code \r}, {@code \t}, any other as a backslash, u and its four
     * hex digits, ESC as {@code \}{@code u001b}), so a
     * newline or a terminal's escape sequence never reaches the terminal raw, and cut to at most
     * {@value #QUOTE_AT_MOST} characters as shown, with "…" and the value's full length when cut
     * ({@code aaaa… (19,923,024 characters)}).
     *
     * @return {@code text} shown without quotes
     */
    public static String shortened(String text) {
        return shown(text, (char) 0, QUOTE_AT_MOST);
    }

    /**
     * @param atMost most characters shown, at least 1
     * @return {@link #shortened} with another cap: for a whole message worded elsewhere (a library's) that may
     *         hold a value
     */
    public static String shortened(String text, int atMost) {
        return shown(text, (char) 0, atMost);
    }

    /** @return {@link #shortened} in single quotes: {@code 'aaaa…' (80,000 characters)}, as the command line quotes */
    public static String quoted(String text) {
        return shown(text, '\'', QUOTE_AT_MOST);
    }

    /**
     * @return {@link #shortened} in double quotes, with JSON's escapes for {@code "} and {@code \} too, as messages
     *         about a JSON file quote its texts: {@code "aaaa…" (9,000 characters)}
     */
    public static String jsonQuoted(String text) {
        return shown(text, '"', QUOTE_AT_MOST);
    }

    /** @param quote the quote around the text, or 0 for none; {@code "} also escapes {@code "} and {@code \} */
    private static String shown(String text, char quote, int atMost) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), atMost) + 24);
        if (quote != 0) {
            sb.append(quote);
        }
        int start = sb.length();
        boolean cut = false;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            String piece = escaped(cp, quote == '"');
            if (sb.length() - start + piece.length() > atMost) {
                cut = true;
                break;
            }
            sb.append(piece);
            i += Character.charCount(cp);
        }
        if (cut) {
            sb.append('…');
        }
        if (quote != 0) {
            sb.append(quote);
        }
        if (cut) {
            sb.append(" (").append(String.format(Locale.ROOT, "%,d", text.length())).append(" characters)");
        }
        return sb.toString();
    }

    /**
     * @return one code point as a message shows it: itself, or an escape for a control character (C0, DEL, C1), a
     *         line or paragraph separator, a bidirectional override or isolate (they reorder the rest of the line),
     *         a surrogate without its pair
     */
    private static String escaped(int cp, boolean json) {
        switch (cp) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            case '"':
                return json ? "\\\"" : "\"";
            case '\\':
                return json ? "\\\\" : "\\";
            default:
                boolean hidden = cp < 0x20 || cp >= 0x7F && cp <= 0x9F || cp == 0x2028 || cp == 0x2029
                        || cp >= 0x202A && cp <= 0x202E || cp >= 0x2066 && cp <= 0x2069
                        || Character.getType(cp) == Character.SURROGATE;
                return hidden ? String.format(Locale.ROOT, "\\u%04x", cp) : new String(Character.toChars(cp));
        }
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
