package org.idempotencylab.scenario;

import java.util.List;
import java.util.Objects;

/**
 * What a lesson frame asks the class before the reveal ("How many welcome emails will user_1 get?"), its choices,
 * which one is right, and the number that proves it, read off the run when the frame pauses and shown next to the
 * class's prediction.
 *
 * @param question the question, not blank
 * @param options  2 to {@value LessonFiles#MAX_OPTIONS} choices, whose ranges do not overlap
 * @param answer   the right choice's place in {@code options}, from 0
 * @param measure  the number read when the frame pauses; the right choice's range holds it (a test runs every
 *                 shipped lesson and checks)
 * @throws IllegalArgumentException if a field is out of range or two choices' ranges overlap
 */
public record Prediction(String question, List<Option> options, int answer, Tally measure) {
    /**
     * One choice.
     *
     * @param text what the button says, e.g. "Two"
     * @param min  the least measured value this choice stands for
     * @param max  the largest, {@link Long#MAX_VALUE} for "or more"
     */
    public record Option(String text, long min, long max) {
        public Option {
            Objects.requireNonNull(text, "text");
            if (min > max) {
                throw new IllegalArgumentException("min: " + min + " is above max " + max);
            }
        }

        /** @return true if {@code value} is in this choice's range */
        public boolean holds(long value) {
            return value >= min && value <= max;
        }
    }

    public Prediction {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(measure, "measure");
        options = List.copyOf(options);
        if (question.isBlank()) {
            throw new IllegalArgumentException("question: must not be blank");
        }
        if (options.size() < 2) {
            throw new IllegalArgumentException("choices: at least two");
        }
        if (answer < 0 || answer >= options.size()) {
            throw new IllegalArgumentException("answer: " + answer + " is not 0 to " + (options.size() - 1));
        }
        for (int i = 0; i < options.size(); i++) {
            for (int j = i + 1; j < options.size(); j++) {
                Option a = options.get(i);
                Option b = options.get(j);
                if (a.min() <= b.max() && b.min() <= a.max()) {
                    throw new IllegalArgumentException("choices[" + j + "]: overlaps choices[" + i + "]");
                }
            }
        }
    }

    /** @return the choice whose range holds {@code value}, or -1 if none does */
    public int optionFor(long value) {
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).holds(value)) {
                return i;
            }
        }
        return -1;
    }
}
