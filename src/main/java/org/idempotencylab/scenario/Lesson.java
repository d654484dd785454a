package org.idempotencylab.scenario;

import java.util.List;
import java.util.Objects;

/**
 * A guided lesson: a short story told in frames (The Secret Lives of Data's form, with predict-observe-explain). Each
 * {@link LessonFrame} loads a scenario into "Watch it happen", says what to watch, may ask the class to predict,
 * plays until a {@link StopCondition} and pauses there to reveal the answer. Read by {@link LessonFiles} from
 * {@code assets/lessons/*.json} ({@link Lessons}) or a teacher's own file.
 *
 * @param title   the name in the Lessons menu, 1 to {@value LessonFiles#MAX_TITLE} characters, not blank
 * @param summary what the lesson shows, a sentence or two (may be empty)
 * @param frames  1 to {@value LessonFiles#MAX_FRAMES} frames, in order
 * @throws IllegalArgumentException if the title is blank or there is no frame
 */
public record Lesson(String title, String summary, List<LessonFrame> frames) {
    /** The {@code format} tag of lesson files this version reads. */
    public static final String FORMAT = "idempotency-lab/lesson@1";

    public Lesson {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(summary, "summary");
        frames = List.copyOf(frames);
        if (title.isBlank()) {
            throw new IllegalArgumentException("title: must not be blank");
        }
        if (frames.isEmpty()) {
            throw new IllegalArgumentException("frames: a lesson has at least one frame");
        }
    }
}
