package org.idempotencylab.scenario;

import java.util.Objects;

/**
 * A number a lesson reads off a run: how many times {@link #count()} happened, optionally for one step and one
 * user, e.g. "welcome emails of user_7" ({@code {"count": "welcome-email", "user": 7}}).
 *
 * @param count what is counted
 * @param step  the step, 1 to 10 as the live view numbers them, or 0 for any step
 * @param user  the user number ({@code user_<n>}), or -1 for any user
 * @throws IllegalArgumentException if {@code step} is below 0, or given for a count that has no step, or
 *                                  {@code user} is below -1
 */
public record Tally(LessonCount count, int step, long user) {
    public Tally {
        Objects.requireNonNull(count, "count");
        if (step < 0 || step > 0 && !count.hasStep()) {
            throw new IllegalArgumentException("step: " + step + " is not allowed for " + count.fileName());
        }
        if (user < -1) {
            throw new IllegalArgumentException("user: " + user + " is not a user number");
        }
    }

    /** @return true if an event of {@code step} (0-based, -1 for none) and {@code user} (-1 for none) counts */
    public boolean matches(int stepIndex, long eventUser) {
        return (step == 0 || stepIndex == step - 1) && (user < 0 || eventUser == user);
    }
}
