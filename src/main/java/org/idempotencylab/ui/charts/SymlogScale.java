package org.idempotencylab.ui.charts;

import java.util.Locale;
import javafx.util.StringConverter;

/**
 * A logarithmic scale that also shows zero: 0 maps to 0 and {@code v >= 1} to {@code 1 + log10(v)}, so 1, 10, 100
 * sit at 1, 2, 3. Counts here are whole numbers, so nothing falls between 0 and 1. With it a bar of 464,233 and
 * one of 4,939 are both readable on one axis.
 */
public final class SymlogScale {
    private SymlogScale() {
    }

    /** @return the axis position of a count (0 or at least 1). */
    public static double toAxis(double count) {
        return count < 1 ? count : 1 + Math.log10(count);
    }

    /** @return the count at an axis position. */
    public static double fromAxis(double position) {
        return position <= 1 ? position : Math.pow(10, position - 1);
    }

    /** @return tick labels for whole positions: 0, 1, 10, 100, 1k, 10k, 100k, 1M, 10M. */
    public static StringConverter<Number> tickLabels() {
        return new StringConverter<>() {
            @Override
            public String toString(Number position) {
                double p = position.doubleValue();
                if (Math.abs(p - Math.rint(p)) > 1e-9) {
                    return "";
                }
                return compact(Math.round(fromAxis(p)));
            }

            @Override
            public Number fromString(String s) {
                throw new UnsupportedOperationException("tick labels are read-only");
            }
        };
    }

    /** @return 1,234 as "1.2k", 1,000,000 as "1M"; below 1,000 the number itself. */
    public static String compact(long n) {
        if (n < 1_000) {
            return Long.toString(n);
        }
        if (n < 1_000_000) {
            return trim(n / 1e3) + "k";
        }
        return trim(n / 1e6) + "M";
    }

    private static String trim(double x) {
        String s = String.format(Locale.ROOT, "%.1f", x);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
