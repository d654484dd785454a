package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The JSON helpers {@link ScenarioFiles} reads scenario files with: parsing the text into one JSON value, and
 * checking, converting and showing single values.
 */
final class ScenarioJson {

    private ScenarioJson() {
    }

    static void format(JsonNode format) {
        if (format == null) {
            throw new ScenarioFileException("format", "missing; expected \"" + ScenarioFile.FORMAT + "\"");
        }
        if (!format.isTextual() || !format.textValue().equals(ScenarioFile.FORMAT)) {
            throw new ScenarioFileException("format", shown(format) + " is not a format this lab reads; expected \""
                    + ScenarioFile.FORMAT + "\"");
        }
    }

    static Integer points(JsonNode n) {
        if (n == null) {
            return ScenarioFiles.DEFAULT_POINTS;
        }
        String range = SweepSpec.MIN_POINTS + " to " + Parameter.grouped(SweepSpec.MAX_POINTS);
        if (!n.isNumber()) {
            throw new ScenarioFileException("sweep.points", shown(n) + " is not a whole number; allowed " + range);
        }
        BigDecimal d = n.isIntegralNumber() ? new BigDecimal(n.bigIntegerValue()) : n.decimalValue();
        if (d.compareTo(BigDecimal.valueOf(SweepSpec.MIN_POINTS)) < 0
                || d.compareTo(BigDecimal.valueOf(SweepSpec.MAX_POINTS)) > 0) {
            throw new ScenarioFileException("sweep.points", shown(n) + " is outside the allowed range " + range);
        }
        if (!isWhole(d)) {
            throw new ScenarioFileException("sweep.points", shown(n) + " is not a whole number; allowed " + range);
        }
        return d.intValueExact();
    }

    static Double bound(JsonNode e, String path, String field) {
        JsonNode n = e.get(field);
        if (n == null) {
            return null;
        }
        if (!n.isNumber() || !Double.isFinite(n.doubleValue())) {
            throw new ScenarioFileException(path + "." + field, shown(n) + " is not a number");
        }
        return n.doubleValue();
    }

    /** @return a sweep end ({@code from} or {@code to}), in {@code p}'s model units and range */
    static double required(JsonNode sweep, String field, Parameter p) {
        JsonNode n = sweep.get(field);
        if (n == null) {
            throw new ScenarioFileException("sweep." + field, "missing; a value of " + p.id() + " is required, "
                    + p.rangeText());
        }
        return ((Number) value(n, "sweep." + field, p)).doubleValue();
    }

    static String child(String path, String key) {
        return FileOrder.child(path, key);
    }

    /** @return the text field, or {@code absent} if missing ({@code null}: the field is required) */
    static String text(JsonNode object, String field, String absent) {
        JsonNode v = object.get(field);
        if (v == null) {
            if (absent == null) {
                throw new ScenarioFileException(field, "missing; a text is required");
            }
            return absent;
        }
        if (!v.isTextual()) {
            throw new ScenarioFileException(field, shown(v) + " is not a text (\"...\")");
        }
        return v.textValue();
    }

    static <T> T choose(JsonNode v, String path, T[] values, Function<T, String> fileName, T absent) {
        List<String> names = Arrays.stream(values).map(fileName).toList();
        if (v == null) {
            if (absent == null) {
                throw new ScenarioFileException(path, "missing; allowed: " + String.join(", ", names));
            }
            return absent;
        }
        for (T t : values) {
            if (v.isTextual() && fileName.apply(t).equals(v.textValue())) {
                return t;
            }
        }
        throw new ScenarioFileException(path, shown(v) + " is not allowed; allowed: " + String.join(", ", names));
    }

    /** @return a {@code scenario} field's value, read as its parameter's kind and range-checked */
    static Object value(JsonNode n, String path, Parameter p) {
        return switch (p.kind()) {
            case COUNT, MILLIS -> whole(n, path, p);
            case PROBABILITY, RATE, FACTOR -> decimal(n, path, p);
            case FLAG -> {
                if (!n.isBoolean()) {
                    throw new ScenarioFileException(path, shown(n) + " is not true or false");
                }
                yield n.booleanValue();
            }
            case CHOICE -> choose(n, path, p.choices().toArray(Choice[]::new), Choice::cliName, null);
        };
    }

    static long whole(JsonNode n, String path, Parameter p) {
        if (!n.isNumber()) {
            throw new ScenarioFileException(path, shown(n) + " is not " + p.kindText() + "; allowed "
                    + p.rangeText());
        }
        // the range first, on the decimal as written: 1e999999999 is refused at once, never expanded to digits
        BigDecimal d = n.isIntegralNumber() ? new BigDecimal(n.bigIntegerValue()) : n.decimalValue();
        if (d.compareTo(BigDecimal.valueOf(p.min())) < 0 || d.compareTo(BigDecimal.valueOf(p.max())) > 0) {
            throw new ScenarioFileException(path, shown(n) + " is outside the allowed range " + p.rangeText());
        }
        if (!isWhole(d)) {
            throw new ScenarioFileException(path, shown(n) + " is not " + p.kindText() + "; allowed "
                    + p.rangeText());
        }
        return d.longValueExact(); // 1e5, 100000.0 and 100000 alike
    }

    static double decimal(JsonNode n, String path, Parameter p) {
        if (!n.isNumber()) {
            throw new ScenarioFileException(path, shown(n) + " is not " + p.kindText() + "; allowed "
                    + p.rangeText());
        }
        BigDecimal d = n.decimalValue();
        if (d.compareTo(BigDecimal.valueOf(p.min())) < 0 || d.compareTo(BigDecimal.valueOf(p.max())) > 0) {
            throw new ScenarioFileException(path, shown(n) + " is outside the allowed range " + p.rangeText());
        }
        return d.doubleValue();
    }

    /**
     * @return the index just past the first JSON value's closing brace or bracket (strings, escapes and comments
     *         skipped), or -1 if it never closes (a truncated file) or the text does not start with { or [
     */
    static int endOfFirstValue(String text) {
        int depth = 0;
        boolean inString = false;
        boolean started = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                int nl = text.indexOf('\n', i);
                if (nl < 0) {
                    return -1;
                }
                i = nl; // a comment: the parser refuses it, but a brace in it closes nothing
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                if (close < 0) {
                    return -1;
                }
                i = close + 1;
            } else if (c == '{' || c == '[') {
                depth++;
                started = true;
            } else if (c == '}' || c == ']') {
                depth--;
                if (started && depth == 0) {
                    return i + 1;
                }
            } else if (!started && !Character.isWhitespace(c)) {
                return -1; // not an object: the parser says what it is
            }
        }
        return -1;
    }

    static int firstNonBlank(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean isWhole(BigDecimal d) {
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    /** @return a value as a message quotes it: lists as "a list [...]", anything else as {@link #shown} */
    static String describe(JsonNode n) {
        return n.isArray() ? "a list [...]" : shown(n);
    }

    /**
     * @return a value as a message quotes it, one line and at most about {@value ParameterException#QUOTE_AT_MOST}
     *         characters of it: a text in double quotes with JSON's escapes, a long one cut with its length
     *         ({@code "aaaa…" (19,923,024 characters)}), a number as written, a long list or object by its size
     */
    static String shown(JsonNode n) {
        if (n.isTextual()) {
            return quote(n.textValue());
        }
        if (n.isContainerNode()) {
            String s = n.size() <= ParameterException.QUOTE_AT_MOST ? n.toString() : "";
            if (!s.isEmpty() && s.length() <= ParameterException.QUOTE_AT_MOST) {
                return s;
            }
            return n.isArray() ? "a list [...] of " + ScenarioText.grouped(n.size()) + " items"
                    : "an object {...} of " + ScenarioText.grouped(n.size()) + " fields";
        }
        return ParameterException.shortened(n.toString());
    }

    /** @return {@code text} in double quotes with JSON's escapes, as {@link ParameterException#jsonQuoted} */
    static String quote(String text) {
        return ParameterException.jsonQuoted(text);
    }

    /**
     * @param kind what the file is, for the messages
     * @return the one JSON value {@code text} holds
     * @throws ScenarioFileException if it is not one JSON value (one problem, with its line)
     */
    static JsonNode parse(String text, ScenarioText.Kind kind) {
        int end = endOfFirstValue(text);
        if (end >= 0) {
            String rest = text.substring(end);
            int k = firstNonBlank(rest);
            if (k < rest.length() && rest.charAt(k) != '/') { // a comment after it: the parser names it
                throw new ScenarioFileException("line " + ScenarioText.lineAt(text, end + k),
                        "unexpected text after the closing }: " + kind.words + " holds one JSON object");
            }
        }
        JsonNode root;
        JsonParser parser = null;
        try (JsonParser p = ScenarioFiles.MAPPER.createParser(text)) {
            parser = p;
            root = ScenarioFiles.MAPPER.readTree(p);
        } catch (JsonEOFException e) {
            throw new ScenarioFileException(line(e, parser), "the file ends early (truncated JSON)");
        } catch (JsonProcessingException e) {
            JsonLocation at = location(e, parser);
            String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
            if (m.startsWith("Trailing token")) {
                throw new ScenarioFileException(line(e, parser), "unexpected text after the closing }: "
                        + kind.words + " holds one JSON object");
            }
            if (end < 0 && at != null && at.getCharOffset() >= text.stripTrailing().length() - 1
                    && !(e instanceof StreamConstraintsException)) {
                // the object never closes and the parser stopped on the last character: the file was cut inside
                // a token, e.g. "0." at the end
                throw new ScenarioFileException(line(e, parser), "the file ends early (truncated JSON)");
            }
            throw new ScenarioFileException(line(e, parser), "not valid JSON: " + JsonWording.sentence(e, text,
                    at == null ? -1 : at.getCharOffset(), kind));
        } catch (IOException e) {
            throw new ScenarioFileException("file", "not valid JSON");
        } catch (RuntimeException e) {
            // BigDecimal refuses an exponent beyond an int's range (1e9999999999) with NumberFormatException
            JsonLocation at = parser == null ? null : parser.currentLocation();
            throw new ScenarioFileException("line " + (at == null || at.getLineNr() < 1 ? 1 : at.getLineNr()),
                    "not valid JSON: " + JsonWording.badNumber());
        }
        if (root == null || root.isMissingNode()) {
            throw new ScenarioFileException("line 1", "the file is empty; " + kind.words + " is one JSON object");
        }
        return root;
    }

    private static JsonLocation location(JsonProcessingException e, JsonParser parser) {
        // a limit (depth, number length) is reported without a location: the parser knows where it stopped
        return e.getLocation() != null ? e.getLocation() : parser == null ? null : parser.currentLocation();
    }

    private static String line(JsonProcessingException e, JsonParser parser) {
        JsonLocation at = location(e, parser);
        return "line " + (at == null || at.getLineNr() < 1 ? 1 : at.getLineNr());
    }

    /**
     * @return the problems of a {@code scenario} object's fields each taken alone (unknown names, types, ranges),
     *         each named under {@code path}; not the checks across fields, which need the values it goes over
     */
    static List<ScenarioFileException.Problem> fieldProblems(JsonNode scenario, String path) {
        List<ScenarioFileException.Problem> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = scenario.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String field = child(path, e.getKey());
            if (!ScenarioFiles.SCENARIO.contains(e.getKey())) {
                out.add(new ScenarioFileException.Problem(field, "unknown field; allowed: "
                        + String.join(", ", ScenarioFiles.SCENARIO)));
                continue;
            }
            try {
                value(e.getValue(), field, Parameter.byId(e.getKey()));
            } catch (ScenarioFileException x) {
                out.addAll(x.problems());
            }
        }
        return out;
    }
}
