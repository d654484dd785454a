package org.idempotencylab.ui.form;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * How a slider's position maps to a parameter's value. Values are in model units (probability 0..1, a count);
 * positions are whatever the slider's min..max are.
 */
public interface SliderScale {
    /** @return the slider position that shows {@code value}. */
    double toPosition(double value);

    /** @return the value for a slider position, rounded to what a person would pick. */
    double toValue(double position);

    /** Whole numbers, one per position (attempts). */
    SliderScale WHOLE = new SliderScale() {
        @Override
        public double toPosition(double value) {
            return value;
        }

        @Override
        public double toValue(double position) {
            return Math.round(position);
        }
    };

    /**
     * Probabilities on a square-root slider 0..100: fine steps near 0 where the lessons are (1% sits at 10), and
     * still the whole range to 100%. Values are rounded to two significant digits of the percent.
     */
    SliderScale PROBABILITY = new SliderScale() {
        @Override
        public double toPosition(double value) {
            return 100 * Math.sqrt(value);
        }

        @Override
        public double toValue(double position) {
            double p = Math.pow(Math.max(0, position) / 100, 2);
            return round2(p * 100) / 100;
        }
    };

    /** Counts on a log10 slider (3..6 for 1,000..1,000,000), rounded to two significant digits. */
    SliderScale LOG10 = new SliderScale() {
        @Override
        public double toPosition(double value) {
            return Math.log10(Math.max(1, value));
        }

        @Override
        public double toValue(double position) {
            return Math.round(round2(Math.pow(10, position)));
        }
    };

    /** @return {@code x} rounded to two significant digits (0 stays 0). */
    static double round2(double x) {
        if (x == 0) {
            return 0;
        }
        return new BigDecimal(x).round(new MathContext(2)).doubleValue();
    }
}
