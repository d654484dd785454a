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

    /** The result a finished step saves, {@code <step name>: done}: constant text, so saving allocates nothing. */
    private static final String[] SAVED_RESULTS = NAMES.stream().map(n -> n + ": done").toArray(String[]::new);

    /** What a finished step of a changed payload saves: its own result, told apart from the first payload's. */
    private static final String[] CHANGED_RESULTS = NAMES.stream().map(n -> n + ": done (changed payload)")
            .toArray(String[]::new);

    private SignupSteps() {
    }

    /**
     * @param changedPayload true for a request whose payload differs from the first under the same key
     * @return the result a finished step (0..9) of that payload saves, e.g. {@code save the user: done}
     */
    static String savedResult(int step, boolean changedPayload) {
        return changedPayload ? CHANGED_RESULTS[step] : SAVED_RESULTS[step];
    }

    /** @return true if {@code result} (of step 0..9) was saved by a request with a changed payload. */
    static boolean savedForChangedPayload(int step, String result) {
        return CHANGED_RESULTS[step].equals(result);
    }

    /** @return the result a finished step (0..9) saves in a store, e.g. {@code save the user: done}. */
    static String savedResult(int step) {
        return SAVED_RESULTS[step];
    }
}
