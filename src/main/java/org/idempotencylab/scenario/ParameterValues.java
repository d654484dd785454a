package org.idempotencylab.scenario;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import org.idempotencylab.scenario.Parameter.Kind;

/**
 * How a {@link Parameter}'s values are read, checked and written as text: normalising to its kind, parsing typed
 * or command-line text, the plain and grouped number forms, and the unit, kind and range wording. {@link Parameter}
 * delegates its public methods of the same names here.
 */
final class ParameterValues {
    /** A whole number as typed: ASCII digits with an optional sign. */
    private static final Pattern WHOLE = Pattern.compile("[-+]?[0-9]+");
    /** A decimal as typed: ASCII digits and dots, an optional sign and exponent. */
    private static final Pattern DECIMAL = Pattern.compile("[-+]?[0-9.]+([eE][-+]?[0-9]+)?");

    private ParameterValues() {
    }

    static Object normalise(Parameter p, Object value) {
        Objects.requireNonNull(value, p.id());
        Object normal = switch (p.kind()) { // an expression: a new kind does not compile until it is normalised
            case COUNT, MILLIS -> value instanceof Number n
                    ? (n instanceof Double || n instanceof Float ? Math.round(n.doubleValue()) : n.longValue()) : null;
            case PROBABILITY, RATE, FACTOR -> value instanceof Number n ? n.doubleValue() : null;
            case FLAG -> value instanceof Boolean ? value : null;
            case CHOICE -> p.choices().contains(value) ? value : null;
        };
        if (normal != null) {
            return normal;
        }
        throw new IllegalArgumentException(p.id() + ": " + value + " is not " + kindText(p));
    }

    static Object parseValue(Parameter p, String text) {
        String t = text == null ? "" : text.strip();
        return switch (p.kind()) {
            case COUNT, MILLIS -> parseLong(p, t);
            case PROBABILITY, RATE, FACTOR -> parse(p, t);
            case FLAG -> switch (t.toLowerCase(Locale.ROOT)) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw ParameterException.notOneOf(p, t);
            };
            case CHOICE -> {
                Choice c = Choice.find(choices(p), t).orElse(null);
                if (c == null) {
                    throw ParameterException.notOneOf(p, t);
                }
                yield c;
            }
        };
    }

    static double parse(Parameter p, String text) {
        String t = text == null ? "" : text.strip();
        if (p.kind().isDecimal()) {
            if (!DECIMAL.matcher(t).matches()) {
                throw ParameterException.notANumber(p, t);
            }
            double v;
            try {
                v = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw ParameterException.notANumber(p, t);
            }
            if (!(v >= p.min() && v <= p.max())) {
                throw ParameterException.outOfRange(p, t); // as typed: "1e309", not "Infinity"
            }
            return v;
        }
        return p.check(parseLong(p, t));
    }

    static long parseLong(Parameter p, String text) {
        String t = text == null ? "" : text.strip();
        if (!WHOLE.matcher(t).matches()) {
            throw ParameterException.notANumber(p, t);
        }
        try {
            return p.check(Long.parseLong(t));
        } catch (NumberFormatException e) { // a whole number too large for a long is still out of range
            throw ParameterException.outOfRange(p, t);
        }
    }

    static String displayText(Parameter p, Object value) {
        Object v = normalise(p, value);
        return switch (p.kind()) {
            case PROBABILITY -> new BigDecimal(Double.toString((Double) v)).movePointRight(2).stripTrailingZeros()
                    .toPlainString() + "%";
            case RATE -> plain((Double) v) + " per s";
            case FACTOR -> "×" + plain((Double) v);
            case MILLIS -> String.format(Locale.ROOT, "%,d ms", (Long) v);
            case COUNT -> p.groupsDigits() ? String.format(Locale.ROOT, "%,d", (Long) v) : v.toString();
            case FLAG -> (Boolean) v ? "on" : "off";
            case CHOICE -> ((Choice) v).cliName();
        };
    }

    static String grouped(long n) {
        String digits = Long.toString(n);
        int start = n < 0 ? 1 : 0;
        StringBuilder b = new StringBuilder(digits.length() + 6).append(digits, 0, start);
        for (int i = start; i < digits.length(); i++) {
            if (i > start && (digits.length() - i) % 3 == 0) {
                b.append(',');
            }
            b.append(digits.charAt(i));
        }
        return b.toString();
    }

    static String plain(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }

    static String unit(Parameter p) {
        return switch (p.kind()) {
            case PROBABILITY -> "probability 0..1";
            case MILLIS -> "virtual ms";
            case COUNT -> "whole number";
            case RATE -> "per virtual second";
            case FACTOR -> "a factor";
            case FLAG -> "true or false";
            case CHOICE -> "one of " + choiceNames(p);
        };
    }

    static String windowUnit(Parameter p) {
        return switch (p.kind()) {
            case PROBABILITY -> "%";
            case MILLIS -> "ms";
            case RATE -> "per s";
            case FACTOR -> "×";
            case COUNT, FLAG, CHOICE -> "";
        };
    }

    static String kindText(Parameter p) {
        return switch (p.kind()) {
            case PROBABILITY, RATE, FACTOR -> "a number";
            case COUNT, MILLIS -> "a whole number";
            case FLAG -> "true or false";
            case CHOICE -> "one of " + choiceNames(p);
        };
    }

    static String rangeText(Parameter p) {
        if (p.kind() == Kind.FLAG) {
            return "true, false";
        }
        if (p.kind() == Kind.CHOICE) {
            return choiceNames(p);
        }
        return grouped(p.min()) + " to " + grouped(p.max());
    }

    static String format(Parameter p, Object value) {
        Object v = normalise(p, value);
        if (v instanceof Double d) {
            return plain(d);
        }
        return v instanceof Choice c ? c.cliName() : v.toString();
    }

    private static String choiceNames(Parameter p) {
        return Choice.names(choices(p));
    }

    private static Choice[] choices(Parameter p) {
        return p.choices().toArray(new Choice[0]);
    }
}
