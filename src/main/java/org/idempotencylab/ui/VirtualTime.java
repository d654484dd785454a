package org.idempotencylab.ui;

import java.util.Locale;

/** Virtual time as a person reads it. */
public final class VirtualTime {
    private VirtualTime() {
    }

    /**
     * @param ms virtual milliseconds, 0 or more
     * @return "m:ss.SSS" below an hour ("0:03.250", "12:00.000"), "h:mm:ss" from an hour ("1:02:03")
     */
    public static String format(long ms) {
        long s = ms / 1000;
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d:%02d.%03d", s / 60, s % 60, ms % 1000);
        }
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }

    /** @return a duration such as "23.4 s", "2.5 min" or "3.1 h". */
    public static String duration(long ms) {
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        if (ms < 3_600_000) {
            return String.format(Locale.ROOT, "%.1f min", ms / 60_000.0);
        }
        return String.format(Locale.ROOT, "%.1f h", ms / 3_600_000.0);
    }
}
