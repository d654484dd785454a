package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Parameter.parse reads typed text (CLI options, text fields) and gives the same messages as Scenario. */
class ParameterTest {

    @ParameterizedTest(name = "pFail ''{0}''")
    @ValueSource(strings = {"abc", "1e", "", "  ", "0x10", "0x1p-1", "NaN", "Infinity", "1d", "0.5f", "1,5", "1.2.3",
        "--1", "."})
    void probabilityRejectsTextThatIsNotADecimalNumber(String text) {
        ParameterException e = assertThrows(ParameterException.class, () -> Parameter.P_FAIL.parse(text));
        assertTrue(e.isNotANumber(), e.getMessage());
        assertEquals(text.strip(), e.value());
        assertEquals("pFail: '" + text.strip() + "' is not a number; allowed 0 to 1", e.getMessage());
    }

    @ParameterizedTest(name = "jobs ''{0}''")
    @ValueSource(strings = {"abc", "1e", "", "0x10", "1.5", "1e3", "1,000", "20 000", "+-1"})
    void countRejectsTextThatIsNotAWholeNumber(String text) {
        ParameterException e = assertThrows(ParameterException.class, () -> Parameter.JOBS.parse(text));
        assertTrue(e.isNotANumber(), e.getMessage());
        assertEquals("jobs: '" + text.strip() + "' is not a whole number; allowed 1 to 100,000,000",
                e.getMessage());
    }

    @Test
    void aNumberTooLongForALongIsOutOfRangeNotNotANumber() {
        // 20 digits exceed Long.MAX_VALUE (19 digits), but it is still a whole number: it is out of range.
        String huge = "99999999999999999999";
        ParameterException e = assertThrows(ParameterException.class, () -> Parameter.JOBS.parse(huge));
        assertFalse(e.isNotANumber());
        assertEquals("jobs: " + huge + " is outside the allowed range 1 to 100,000,000", e.getMessage());

        ParameterException neg = assertThrows(ParameterException.class,
                () -> Parameter.MAX_ATTEMPTS.parseLong("-" + huge));
        assertFalse(neg.isNotANumber());
        assertEquals("maxAttempts: -" + huge + " is outside the allowed range 1 to 100", neg.getMessage());

        ParameterException seed = assertThrows(ParameterException.class, () -> Parameter.SEED.parseLong(huge));
        assertFalse(seed.isNotANumber());
        assertTrue(seed.getMessage().startsWith("seed: " + huge + " is outside the allowed range"),
                seed.getMessage());
    }

    @Test
    void numbersOutOfRangeNameTheRange() {
        ParameterException e = assertThrows(ParameterException.class, () -> Parameter.P_FAIL.parse("1.5"));
        assertEquals("pFail: 1.5 is outside the allowed range 0 to 1", e.getMessage());
        assertFalse(e.isNotANumber());
        assertEquals(Parameter.P_FAIL, e.parameter());

        e = assertThrows(ParameterException.class, () -> Parameter.LOST_REPLY.parse("-0.1"));
        assertEquals("lostReply: -0.1 is outside the allowed range 0 to 1", e.getMessage());

        e = assertThrows(ParameterException.class, () -> Parameter.P_FAIL.parse("1e5"));
        assertEquals("pFail: 1e5 is outside the allowed range 0 to 1", e.getMessage(), "the value as typed");

        e = assertThrows(ParameterException.class, () -> Parameter.JOBS.parse("0"));
        assertEquals("jobs: 0 is outside the allowed range 1 to 100,000,000", e.getMessage());
    }

    @Test
    void validTextParses() {
        assertEquals(0.25, Parameter.P_FAIL.parse(" 0.25 "));
        assertEquals(0.5, Parameter.P_FAIL.parse(".5"));
        assertEquals(0.005, Parameter.P_FAIL.parse("5e-3"));
        assertEquals(1.0, Parameter.P_FAIL.parse("1"));
        assertEquals(0.0, Parameter.LOST_REPLY.parse("0"));
        assertEquals(20_000.0, Parameter.JOBS.parse("20000"));
        assertEquals(20_000L, Parameter.JOBS.parseLong("+20000"));
        assertEquals(-7L, Parameter.SEED.parseLong("-7"));
        assertEquals(Integer.MIN_VALUE, Parameter.SEED.parseLong(Integer.toString(Integer.MIN_VALUE)));
        // mulberry32 takes 32 bits: a wider seed would only alias a narrower one, so it is refused
        assertThrows(ParameterException.class, () -> Parameter.SEED.parseLong("4294967297"));
    }

    @Test
    void messageForPutsTheFrontEndsNameInPlaceOfTheFieldId() {
        ParameterException e = assertThrows(ParameterException.class, () -> Parameter.P_FAIL.parse("1.5"));
        assertEquals("--p-fail: 1.5 is outside the allowed range 0 to 1",
                e.messageFor(Parameter.P_FAIL.cliOption()));
        ParameterException n = assertThrows(ParameterException.class, () -> Parameter.JOBS.parse("abc"));
        assertEquals("--jobs: 'abc' is not a whole number; allowed 1 to 100,000,000",
                n.messageFor(Parameter.JOBS.cliOption()));
    }

    @Test
    void checkRejectsNaNAndAcceptsTheEnds() {
        ParameterException e = assertThrows(ParameterException.class, () -> Parameter.P_FAIL.check(Double.NaN));
        assertEquals("pFail: NaN is outside the allowed range 0 to 1", e.getMessage());
        assertEquals(0.0, Parameter.P_FAIL.check(0.0));
        assertEquals(1.0, Parameter.P_FAIL.check(1.0));
        assertEquals(1L, Parameter.JOBS.check(1L));
        assertEquals(100_000_000L, Parameter.JOBS.check(100_000_000L));
    }

    @Test
    void plainPrintsShortestDecimalWithoutExponent() {
        assertEquals("0.005", Parameter.plain(0.005));
        assertEquals("0.0000001", Parameter.plain(1e-7));
        assertEquals("2", Parameter.plain(2.0));
        assertEquals("1.5", Parameter.plain(1.5));
        assertEquals("NaN", Parameter.plain(Double.NaN));
    }

    @Test
    void everyParameterHasADistinctIdAndCliOption() {
        Set<String> ids = new HashSet<>();
        Set<String> options = new HashSet<>();
        for (Parameter p : Parameter.values()) {
            assertTrue(ids.add(p.id()), "duplicate id " + p.id());
            // one option carries both ends of the repeated request's delay: --duplicate-delay-ms MIN..MAX
            boolean sharedRange = p == Parameter.DUPLICATE_DELAY_MAX_MS;
            assertTrue(options.add(p.cliOption()) || sharedRange, "duplicate option " + p.cliOption());
            assertTrue(p.cliOption().startsWith("--"), p.cliOption());
            assertTrue(p.min() <= p.max(), p.id());
        }
    }

    /**
     * The messages are fixed English text (docs/design.md's example "1 to 100,000,000"), so the range must not follow
     * the JVM's default locale (a German default would print "1 to 100.000.000" next to "pFail: 1.5").
     */
    @Test
    void rangeTextDoesNotDependOnTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("1 to 100,000,000", Parameter.JOBS.rangeText());
            ParameterException e = assertThrows(ParameterException.class, () -> Parameter.TTL_MS.parse("0"));
            assertEquals("ttlMs: 0 is outside the allowed range 1 to 2,678,400,000", e.getMessage());
        } finally {
            Locale.setDefault(saved);
        }
    }
}
