package org.idempotencylab.scenario;

import java.util.Objects;

/**
 * Where a lesson frame pauses: the {@code times}-th time a {@link Tally} counts (the first duplicate welcome email,
 * the first lost reply, the first crash, the first lease reclaim, ...), the run's end (every sign-up ended), or a
 * virtual time.
 *
 * @param kind  which of the three
 * @param tally what is counted, for {@link Kind#EVENT}; null otherwise
 * @param times how many times it must happen, 1 or more, for {@link Kind#EVENT}; 1 otherwise
 * @param atMs  virtual ms, for {@link Kind#TIME}; 0 otherwise
 * @throws IllegalArgumentException if a field does not fit the kind
 */
public record StopCondition(Kind kind, Tally tally, long times, long atMs) {
    /** The three kinds. */
    public enum Kind {
        /** A counted event happened {@code times} times. */
        EVENT,
        /** Every sign-up ended (succeeded, failed or lost). */
        END,
        /** The virtual clock reached {@code atMs}. */
        TIME
    }

    public StopCondition {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.EVENT) != (tally != null)) {
            throw new IllegalArgumentException("tally: only an event condition counts one");
        }
        if (times < 1) {
            throw new IllegalArgumentException("times: " + times + " is below 1");
        }
        if (atMs < 0) {
            throw new IllegalArgumentException("ms: " + atMs + " is below 0");
        }
    }

    /** @return the {@code times}-th occurrence of {@code tally} */
    public static StopCondition event(Tally tally, long times) {
        return new StopCondition(Kind.EVENT, tally, times, 0);
    }

    /** @return the run's end */
    public static StopCondition end() {
        return new StopCondition(Kind.END, null, 1, 0);
    }

    /** @return the virtual time {@code atMs} */
    public static StopCondition time(long atMs) {
        return new StopCondition(Kind.TIME, null, 1, atMs);
    }

    /** @return the user the condition waits for, or -1 */
    public long user() {
        return tally == null ? -1 : tally.user();
    }

    /** @return the condition in a lesson file's words: {@code "end"}, {@code "time 12,000 ms"}, {@code "lease-reclaimed"}, {@code "duplicate-side-effect step 7 user 1, 2 times"} */
    public String fileText() {
        return switch (kind) {
            case END -> LessonFiles.END;
            case TIME -> LessonFiles.TIME + " " + Parameter.grouped(atMs) + " ms";
            case EVENT -> tally.count().fileName() + (tally.step() == 0 ? "" : " step " + tally.step())
                    + (tally.user() < 0 ? "" : " user " + tally.user()) + (times == 1 ? "" : ", " + times + " times");
        };
    }
}
