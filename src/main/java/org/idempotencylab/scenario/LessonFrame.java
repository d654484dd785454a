package org.idempotencylab.scenario;

import java.util.Objects;

/**
 * One frame of a {@link Lesson}: a scenario played in "Watch it happen" until a condition, then paused.
 *
 * @param title    the frame's heading, not blank
 * @param watch    what to watch, in about two sentences, shown before the frame plays
 * @param preset   the preset the scenario comes from (e.g. {@code lost-reply.json}), or "" for inline fields
 * @param scenario the scenario played (a preset's with the frame's own fields over it), at most
 *                 {@value LessonFiles#MAX_JOBS} sign-ups (the live view's limit)
 * @param strategy the one strategy played
 * @param until    where the frame pauses
 * @param predict  the question asked before the reveal, or null for none
 * @param explain  what the pause shows, said after the reveal (may be empty)
 * @throws IllegalArgumentException if the title is blank, or a user named by the condition or the prediction is
 *                                  not a sign-up of the scenario
 */
public record LessonFrame(String title, String watch, String preset, Scenario scenario, Strategy strategy,
                          StopCondition until, Prediction predict, String explain) {
    public LessonFrame {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(preset, "preset");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(explain, "explain");
        if (title.isBlank()) {
            throw new IllegalArgumentException("title: must not be blank");
        }
        if (until.user() >= scenario.jobs()) {
            throw new IllegalArgumentException("until.user: user_" + until.user() + " is not one of the "
                    + scenario.jobs() + " sign-ups");
        }
        if (predict != null && predict.measure().user() >= scenario.jobs()) {
            throw new IllegalArgumentException("predict.measure.user: user_" + predict.measure().user()
                    + " is not one of the " + scenario.jobs() + " sign-ups");
        }
    }
}
