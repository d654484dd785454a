package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class VirtualTimeTest {

    @Test
    void momentsUnderAnHourShowMilliseconds() {
        assertEquals("0:00.000", VirtualTime.format(0));
        assertEquals("0:03.250", VirtualTime.format(3_250));
        assertEquals("0:59.999", VirtualTime.format(59_999));
        assertEquals("1:02.003", VirtualTime.format(62_003));
        assertEquals("59:59.999", VirtualTime.format(3_599_999));
    }

    @Test
    void momentsFromAnHourOnShowHoursMinutesSeconds() {
        assertEquals("1:00:00", VirtualTime.format(3_600_000));
        assertEquals("1:02:03", VirtualTime.format(3_723_999));
        assertEquals("24:00:00", VirtualTime.format(86_400_000));
        assertEquals("744:00:00", VirtualTime.format(31 * 86_400_000L));
    }

    @Test
    void aNegativeMomentIsRefusedWithTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VirtualTime.format(-1));
        assertEquals("virtual time must be >= 0 ms, was -1", e.getMessage());
    }

    @Test
    void countdownRoundsUpSoZeroMeansGone() {
        assertEquals("0.0 s", VirtualTime.countdown(0));
        assertEquals("0.0 s", VirtualTime.countdown(-5));
        assertEquals("0.1 s", VirtualTime.countdown(1));
        assertEquals("0.1 s", VirtualTime.countdown(100));
        assertEquals("0.2 s", VirtualTime.countdown(101));
        assertEquals("23.4 s", VirtualTime.countdown(23_350));
        assertEquals("5.0 s", VirtualTime.countdown(5_000));
        assertEquals("59.9 s", VirtualTime.countdown(59_900));
    }

    @Test
    void countdownFromAMinuteOnShowsWholeSeconds() {
        assertEquals("1:00", VirtualTime.countdown(59_901)); // 59.901 s rounds up past 59.9
        assertEquals("1:00", VirtualTime.countdown(60_000));
        assertEquals("4:03", VirtualTime.countdown(243_000));
        assertEquals("4:04", VirtualTime.countdown(243_001));
        assertEquals("1:00:00", VirtualTime.countdown(3_600_000));
        assertEquals("23:59:58", VirtualTime.countdown(86_398_000));
        assertEquals("24:00:00", VirtualTime.countdown(86_400_000));
    }

    @Test
    void momentsReadAsTheFormatStringsWouldWriteThem() {
        // written by hand for speed: every digit as %d:%02d.%03d and %d:%02d:%02d give it
        for (long ms = 0; ms < 40L * 3_600_000; ms += ms < 20_000 ? 1 : 9_973) {
            String expected = ms < 3_600_000
                    ? String.format(java.util.Locale.ROOT, "%d:%02d.%03d", ms / 60_000, ms / 1000 % 60, ms % 1000)
                    : String.format(java.util.Locale.ROOT, "%d:%02d:%02d", ms / 3_600_000, ms / 60_000 % 60,
                            ms / 1000 % 60);
            assertEquals(expected, VirtualTime.format(ms), ms + " ms");
        }
    }
}
