package org.idempotencylab.engine;

import java.util.List;

/**
 * The first article's sign-up workflow: ten steps, run in this order for every user. Only the welcome email
 * ({@link #EMAIL}) talks to a provider that can take an idempotency key, and only its reply can be lost.
 */
public final class SignupSteps {
    /** The step names, in order, exactly as in the article's {@code simulate.ts}. */
    public static final List<String> NAMES = List.of(
            "save the user", "create the billing customer", "create the workspace", "upload the default avatar",
            "add to the CRM", "subscribe to the newsletter", "send the welcome email", "notify the sales channel",
            "record the analytics event", "schedule the day-3 email");

    /** Number of steps: 10. */
    public static final int COUNT = NAMES.size();

    /** Index of "send the welcome email" in {@link #NAMES}: 6. */
    public static final int EMAIL = NAMES.indexOf("send the welcome email");

    private SignupSteps() {
    }
}
