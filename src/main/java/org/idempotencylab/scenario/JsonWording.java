package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says in plain words why a text is not JSON, in place of Jackson's parser messages ("Unexpected character ('}'
 * (code 125)): was expecting double-quote to start field name" becomes "a trailing comma before }: remove the
 * comma after the last field"). Each sentence is one line and quotes at most
 * {@value ParameterException#QUOTE_AT_MOST} characters of the file.
 */
final class JsonWording {
    /** Deepest nesting of {@code {}} and {@code []} a file may have; a scenario file needs 4. */
    static final int MAX_DEPTH = 32;
    /** Most characters of one number: a double written in plain digits takes up to about 330. */
    static final int MAX_NUMBER_LENGTH = 1_000;
    /** Most characters of one text value: twice the longest note, so the reader's own caps name the field. */
    static final int MAX_STRING_LENGTH = 10_000;
    /** Most characters of one field name. */
    static final int MAX_NAME_LENGTH = 1_000;

    private static final Pattern CODE = Pattern.compile("code (\\d+)\\)");
    private static final Pattern TOKEN = Pattern.compile("token '(.*)'", Pattern.DOTALL);
    private static final Pattern QUOTED = Pattern.compile("'(.*)'", Pattern.DOTALL);
    private static final String VALUES = "a number, a \"text\", true, false, null, a list [...] or an object {...}";

    private JsonWording() {
    }

    /**
     * @param text   the whole text being parsed
     * @param offset the character offset the parser stopped at (-1 if unknown)
     * @param kind   what the file is, for the sentence
     * @return why {@code text} is not JSON, as a sentence without the line
     */
    static String sentence(JsonProcessingException e, String text, long offset, ScenarioText.Kind kind) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (e instanceof StreamConstraintsException) {
            return limit(m, kind);
        }
        int c = code(m);
        char before = previousNonBlank(text, offset);
        if (m.contains("maybe a (non-standard) comment") || (c == '#' && m.contains("expected a valid value"))) {
            return "comments are not allowed in " + kind.words + " (JSON has none)";
        }
        if (m.startsWith("Non-standard token")) {
            return token(m) + " is not a number JSON can hold; write a number such as 0.5";
        }
        if (m.contains("was expecting double-quote to start field name")) {
            if (c == '}' && before == ',') {
                return "a trailing comma before }: remove the comma after the last field";
            }
            return "a field name in double quotes is expected here" + (c == '\'' ? " (JSON has no 'single quotes')"
                    : c >= 0 ? ", not " + shown(c) : "");
        }
        if (m.contains("expected a valid value")) {
            if (c == ']' && before == ',') {
                return "a trailing comma before ]: remove the comma after the last item";
            }
            if (c == '.') {
                return "a number needs a digit before its decimal point (0.5, not .5)";
            }
            if (c == '\'') {
                return "a text goes in double quotes (JSON has no 'single quotes')";
            }
            return "a value is expected here, not " + shown(c) + ": " + VALUES;
        }
        if (m.startsWith("Unrecognized token")) {
            String t = token(m);
            for (String word : new String[] {"true", "false", "null"}) {
                if (t.equalsIgnoreCase(word)) {
                    return "JSON writes " + word + " in lower case, not " + ParameterException.shortened(t);
                }
            }
            return ParameterException.shortened(t) + " is not a JSON value; a text goes in double quotes, and a "
                    + "value is " + VALUES;
        }
        if (m.contains("allow numbers to have plus signs")) {
            return "a number may not start with + (write 1, not +1)";
        }
        if (m.contains("Leading zeroes not allowed")) {
            return "a number may not start with 0 (write 7, not 007)";
        }
        if (m.contains("Decimal point not followed by a digit")) {
            return "a decimal point needs a digit after it (1.0, not 1.)";
        }
        if (m.contains("to follow minus sign")) {
            return "a minus sign needs a digit after it";
        }
        if (m.contains("Exponent indicator not followed by a digit")) {
            return "an exponent needs a digit after its e (1e5, not 1e)";
        }
        if (m.contains("was expecting comma to separate")) {
            if (Character.isDigit(before) && (Character.isLetter(c) || c == '_')) {
                return "a number is written with the digits 0-9, a point and an exponent only (no 0x10, no 1_000)";
            }
            return m.contains("Object entries") ? "a comma is missing between two fields (or a } to close the object)"
                    : "a comma is missing between two items of a list (or a ] to close it)";
        }
        if (m.contains("was expecting a colon to separate field name and value")) {
            return "a colon (:) is expected after the field name";
        }
        if (m.startsWith("Illegal unquoted character")) {
            return c == '\n' || c == '\r' ? "a line break inside a text; write it as \\n"
                    : c == '\t' ? "a tab inside a text; write it as \\t"
                    : "a control character inside a text; write it as "
                    + String.format(Locale.ROOT, "\\u%04x", Math.max(c, 0));
        }
        if (m.startsWith("Illegal character")) {
            return shown(c) + " between values; only spaces, tabs and line breaks go there";
        }
        if (m.startsWith("Unrecognized character escape")) {
            // the character after the backslash may be a control character: shown escaped
            return "\\" + (c >= 0 ? ParameterException.shortened(String.valueOf((char) c)) : "")
                    + " is not an escape JSON knows; use \\n, \\t, "
                    + "\\\", \\\\ or \\u followed by four hex digits";
        }
        if (m.contains("expected a hex-digit for character escape sequence")) {
            return "\\u needs four hex digits after it (\\u00e9 is é)";
        }
        if (m.startsWith("Unexpected close marker")) {
            char found = m.length() > 25 ? m.charAt(25) : '?';
            return m.contains("for Array") ? "a " + found + " where a ] should close the list"
                    : m.contains("for Object") ? "a " + found + " where a } should close the object"
                    : "a " + found + " that closes nothing";
        }
        if (m.startsWith("Duplicate field")) {
            Matcher q = QUOTED.matcher(m);
            String name = q.find() ? q.group(1) : "";
            return "the field " + ScenarioJson.quote(name) + " is given twice; give each field once";
        }
        if (c >= 0) {
            return shown(c) + " is not expected here";
        }
        return "the text cannot be read as JSON here";
    }

    /** @return the sentence for a number that parses but cannot be held, e.g. an exponent beyond 2^31 */
    static String badNumber() {
        return "a number that cannot be read (an exponent beyond ±2,147,483,647?)";
    }

    private static String limit(String m, ScenarioText.Kind kind) {
        if (m.startsWith("Document nesting depth")) {
            return "nested more than " + MAX_DEPTH + " levels deep ({...} and [...] inside each other)"
                    + (kind == ScenarioText.Kind.SCENARIO ? "; a scenario file needs 4" : "");
        }
        if (m.startsWith("Number value length")) {
            return "a number longer than " + ScenarioText.grouped(MAX_NUMBER_LENGTH) + " characters";
        }
        if (m.startsWith("String value length")) {
            return "a text longer than " + ScenarioText.grouped(MAX_STRING_LENGTH) + " characters";
        }
        if (m.startsWith("Name length")) {
            return "a field name longer than " + ScenarioText.grouped(MAX_NAME_LENGTH) + " characters";
        }
        return "the file is larger than " + kind.words + " may be";
    }

    private static int code(String m) {
        Matcher x = CODE.matcher(m);
        if (!x.find()) {
            return -1;
        }
        try {
            return Integer.parseInt(x.group(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String token(String m) {
        Matcher x = TOKEN.matcher(m);
        if (!x.find()) {
            return "this";
        }
        String t = x.group(1);
        int colon = t.indexOf("':");
        return colon >= 0 ? t.substring(0, colon) : t;
    }

    private static String shown(int c) {
        if (c < 0) {
            return "this";
        }
        if (c < 0x20 || c == 0x7F) {
            return String.format(Locale.ROOT, "the control character U+%04X", c);
        }
        if (Character.isSpaceChar(c) || Character.getType(c) == Character.FORMAT) {
            return String.format(Locale.ROOT, "the invisible character U+%04X", c); // e.g. a no-break space
        }
        return "'" + new String(Character.toChars(c)) + "'";
    }

    private static char previousNonBlank(String text, long offset) {
        for (long i = Math.min(offset, text.length()) - 1; i >= 0; i--) {
            char ch = text.charAt((int) i);
            if (!Character.isWhitespace(ch)) {
                return ch;
            }
        }
        return 0;
    }
}
