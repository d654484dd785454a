package org.idempotencylab.engine;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Number formatting exactly as the article's JavaScript prints it. */
public final class JsFormat {
    private JsFormat() {
    }

    /**
     * JavaScript's {@code Number.prototype.toFixed(digits)} for finite {@code x} below 1e21: the exact binary value
     * rounded to {@code digits} decimals, a tie going to the larger magnitude (ECMA-262, 21.1.3.3).
     */
    public static String toFixed(double x, int digits) {
        return new BigDecimal(x).setScale(digits, RoundingMode.HALF_UP).toPlainString();
    }

    /**
     * {@code Math.round(x * 100)} as JavaScript computes it: the nearest integer, halves rounded towards positive
     * infinity. Java's {@link Math#round(double)} follows the same rule, and {@code x * 100} is the same IEEE
     * product in both languages.
     *
     * @return x in hundredths, e.g. 1011 for 10.11
     */
    public static long roundHundredths(double x) {
        return Math.round(x * 100);
    }

    /**
     * How JavaScript prints {@code hundredths / 100}: the shortest decimal, no trailing zeros ("10.6", "10.11",
     * "10"). Division by 100 is correctly rounded, so the double nearest the decimal prints as that decimal.
     */
    public static String hundredthsToString(long hundredths) {
        return BigDecimal.valueOf(hundredths, 2).stripTrailingZeros().toPlainString();
    }
}
