package org.idempotencylab.ui;

import java.util.Locale;

/**
 * Text for virtual time (the simulation clock, in virtual milliseconds since the run started), as the live views
 * show it: a moment such as a key's creation ({@link #format}), and time left before a TTL runs out
 * ({@link #countdown}).
 */
public final class VirtualTime {
    private static final long SECOND_MS = 1_000;
    private static final long MINUTE_MS = 60 * SECOND_MS;
    private static final long HOUR_MS = 60 * MINUTE_MS;

    private VirtualTime() {
    }

    /**
     * A moment on the virtual clock: {@code m:ss.SSS} under an hour ({@code 3_250} → {@code "0:03.250"},
     * {@code 62_003} → {@code "1:02.003"}), {@code h:mm:ss} from an hour on, milliseconds dropped
     * ({@code 3_723_999} → {@code "1:02:03"}; hours keep counting past 24, a TTL is at most 31 days).
     *
     * @param ms virtual ms since the start, at least 0
     * @throws IllegalArgumentException if {@code ms < 0}
     */
    public static String format(long ms) {
        if (ms < 0) {
            throw new IllegalArgumentException("virtual time must be >= 0 ms, was " + ms);
        }
        // by hand, not String.format: the event log and a seek on the timeline write thousands of these at once
        StringBuilder b = new StringBuilder(12);
        if (ms < HOUR_MS) {
            b.append(ms / MINUTE_MS).append(':');
            digits(b, ms / SECOND_MS % 60, 2).append('.');
            return digits(b, ms % SECOND_MS, 3).toString();
        }
        b.append(ms / HOUR_MS).append(':');
        digits(b, ms / MINUTE_MS % 60, 2).append(':');
        return digits(b, ms / SECOND_MS % 60, 2).toString();
    }

    /** Appends {@code value} (0 and up, fewer than {@code width} + 1 digits) with leading zeros to {@code width}. */
    private static StringBuilder digits(StringBuilder b, long value, int width) {
        for (long limit = width == 3 ? 100 : 10; limit > value && limit > 1; limit /= 10) {
            b.append('0');
        }
        return b.append(value);
    }

    /**
     * Time left before a TTL runs out, rounded up so that it reads {@code "0.0 s"} only once the key is gone:
     * tenths of a second under a minute ({@code 23_350} → {@code "23.4 s"}, {@code 1} → {@code "0.1 s"}), whole
     * seconds from a minute on, as {@code m:ss} ({@code 243_000} → {@code "4:03"}) or {@code h:mm:ss}
     * ({@code 86_398_000} → {@code "23:59:58"}).
     *
     * @param remainingMs virtual ms left; 0 or less reads {@code "0.0 s"}
     */
    public static String countdown(long remainingMs) {
        if (remainingMs <= 0) {
            return "0.0 s";
        }
        long tenths = ceilDiv(remainingMs, 100);
        if (tenths < 600) {
            return String.format(Locale.ROOT, "%d.%d s", tenths / 10, tenths % 10);
        }
        long s = ceilDiv(remainingMs, SECOND_MS);
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b; // a > 0, b > 0 and a far below Long.MAX_VALUE - b here
    }
}
