package org.idempotencylab.ui.form;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.junit.jupiter.api.Test;

/** What a person types in the window, read the way the command line reads it. */
class ParameterBindingTest {

    @Test
    void percentTypedInTheWindowIsTheSameDoubleAsTheProbabilityOnTheCommandLine() {
        // Same seed, same numbers in the GUI and the CLI needs bit-identical probabilities:
        // "0.5" percent in the window must be the double the CLI reads from "0.005".
        String[][] pairs = {{"0.5", "0.005"}, {"1", "0.01"}, {"0.1", "0.001"}, {"33.3", "0.333"}, {"7%", "0.07"},
            {"100", "1"}, {"0", "0"}};
        for (String[] p : pairs) {
            assertEquals(Parameter.P_FAIL.parse(p[1]), ParameterBinding.parse(Parameter.P_FAIL, p[0]).doubleValue(), 0.0,
                    p[0]);
        }
    }

    @Test
    void countsAcceptThousandsSeparators() {
        assertEquals(1_000_000L, ParameterBinding.parse(Parameter.JOBS, "1,000,000"));
        assertEquals(20_000L, ParameterBinding.parse(Parameter.JOBS, " 20000 "));
    }

    @Test
    void messagesNameTheFieldTheValueAndTheRangeInTheWindowsUnits() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> ParameterBinding.parse(Parameter.LOST_REPLY, "101"));
        assertEquals("Lost-reply rate: 101% is outside the allowed range 0% to 100%", ParameterBinding.message(e));

        e = assertThrows(ParameterException.class, () -> ParameterBinding.parse(Parameter.P_FAIL, "ten"));
        assertEquals("Failure rate: 'ten' is not a number; allowed 0% to 100%", ParameterBinding.message(e));

        e = assertThrows(ParameterException.class, () -> ParameterBinding.parse(Parameter.MAX_ATTEMPTS, "0"));
        assertEquals("Max attempts: 0 is outside the allowed range 1 to 100", ParameterBinding.message(e));

        e = assertThrows(ParameterException.class, () -> ParameterBinding.parse(Parameter.P_FAIL, "-1"));
        assertEquals("Failure rate: -1% is outside the allowed range 0% to 100%", ParameterBinding.message(e));
    }

    @Test
    void fieldsShowPercentForProbabilitiesAndGroupedCounts() {
        assertEquals("0.5", ParameterBinding.format(Parameter.LOST_REPLY, 0.005));
        assertEquals("1", ParameterBinding.format(Parameter.P_FAIL, 0.01));
        assertEquals("1,000,000", ParameterBinding.format(Parameter.JOBS, 1_000_000));
        assertEquals("-7", ParameterBinding.format(Parameter.SEED, -7));
    }

    @Test
    void slidersRoundToValuesAPersonWouldPick() {
        // the probability slider is a square-root scale: position 10 is 1%, 7.07 is 0.5%
        assertEquals(0.01, SliderScale.PROBABILITY.toValue(10), 0.0);
        assertEquals(10, SliderScale.PROBABILITY.toPosition(0.01), 1e-9);
        assertEquals(0.005, SliderScale.PROBABILITY.toValue(7.07), 0.0);
        // the job slider is log10: 3 is 1,000, 6 is 1,000,000, 4.5 is 31,622.8 -> 32,000 (two digits)
        assertEquals(1_000, SliderScale.LOG10.toValue(3), 0.0);
        assertEquals(1_000_000, SliderScale.LOG10.toValue(6), 0.0);
        assertEquals(32_000, SliderScale.LOG10.toValue(4.5), 0.0);
        assertEquals(4, SliderScale.WHOLE.toValue(3.6), 0.0);
    }

    @Test
    void tooltipsSayWhatAValueMeansItsUnitAndItsRange() {
        assertEquals("Failure rate (percent): the chance that a call to any step fails before doing anything. "
                + "Allowed: 0% to 100%.", ParameterBinding.tooltipText(Parameter.P_FAIL));
        assertEquals("Sign-ups (whole number): how many sign-up jobs to simulate, one per user, user_0 to "
                + "user_{N-1}. Allowed: 1 to 100,000,000.", ParameterBinding.tooltipText(Parameter.JOBS));
        assertEquals("Key TTL (virtual ms): how long the in-memory store remembers a finished key. "
                + "Allowed: 1 to 2,678,400,000.", ParameterBinding.tooltipText(Parameter.TTL_MS));
    }

    @Test
    void ratesTooLargeOrTooSmallForADoubleAreRefusedOrReadWithoutCrashing() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> ParameterBinding.parse(Parameter.P_FAIL, "1e400"));
        assertEquals("Failure rate: 1e400% is outside the allowed range 0% to 100%", ParameterBinding.message(e));
        e = assertThrows(ParameterException.class, () -> ParameterBinding.parse(Parameter.P_FAIL, "-1e400"));
        assertEquals("Failure rate: -1e400% is outside the allowed range 0% to 100%", ParameterBinding.message(e));
        // a positive number far below the smallest double is within 0..100%: it reads as 0, as the CLI reads it
        assertEquals(0.0, ParameterBinding.parse(Parameter.LOST_REPLY, "1e-2147483647"));
        assertEquals(Parameter.LOST_REPLY.parse("1e-2147483649"),
                ParameterBinding.parse(Parameter.LOST_REPLY, "1e-2147483647"));
    }

    @Test
    void seedsAreReadExactlyAndOnlyWithin32Bits() {
        // a seed goes through a long, never a double, so every digit counts
        assertEquals(2_147_483_647L, ParameterBinding.parse(Parameter.SEED, "2147483647"));
        assertEquals(-7L, ParameterBinding.parse(Parameter.SEED, "-7"));
        ParameterException e = assertThrows(ParameterException.class,
                () -> ParameterBinding.parse(Parameter.SEED, "1234567890123456789"));
        assertEquals("Seed: 1234567890123456789 is outside the allowed range -2,147,483,648 to 2,147,483,647",
                ParameterBinding.message(e));
    }
}
