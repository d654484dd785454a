package org.idempotencylab.cli;

import java.math.BigInteger;
import java.util.regex.Pattern;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;

/**
 * Reads a whole-number option that is not a scenario parameter ({@code --threads}, {@code --points}) with the
 * same two messages as the parameters': ASCII digits only, and an allowed value (leading zeros and a plus sign
 * included) is never called out of range.
 */
final class WholeNumber {
    private static final Pattern WHOLE = Pattern.compile("[-+]?[0-9]+");

    private WholeNumber() {
    }

    /**
     * @param option the option, e.g. {@code --threads}
     * @param text   as typed; surrounding spaces are ignored
     * @return the value
     * @throws IllegalArgumentException "{@code --threads: 'x' is not a whole number; allowed 1 to 64}" or
     *                                  "{@code --threads: 65 is outside the allowed range 1 to 64}"
     */
    static int read(String option, String text, int min, int max) {
        String t = text == null ? "" : text.strip();
        // grouped as "%,d" groups, without the Formatter, whose first use costs every command's start a few ms
        String range = Parameter.grouped(min) + " to " + Parameter.grouped(max);
        if (!WHOLE.matcher(t).matches()) {
            throw new IllegalArgumentException(option + ": " + ParameterException.quoted(t)
                    + " is not a whole number; allowed " + range);
        }
        BigInteger v = new BigInteger(t); // any length: 10^40 is out of range, not an overflow
        if (v.compareTo(BigInteger.valueOf(min)) < 0 || v.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException(option + ": " + ParameterException.shortened(t)
                    + " is outside the allowed range " + range);
        }
        return v.intValueExact();
    }
}
