package org.idempotencylab.engine;

import java.util.List;
import java.util.Objects;

/**
 * A retry strategy: what a retry repeats and which key the email step sends.
 *
 * @param name    the name a person reads; for the presets, the article's row name
 * @param scope   what a retry repeats
 * @param keyMode the key the welcome-email step sends to the provider
 */
public record Strategy(String name, RetryScope scope, KeyMode keyMode) {

    public Strategy {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(keyMode, "keyMode");
    }

    /** Row 1 of the article's table. */
    public static final Strategy EACH_STEP_NO_KEY =
            new Strategy("retry each step, no key", RetryScope.EACH_STEP, KeyMode.NONE);
    /** Row 2. */
    public static final Strategy EACH_STEP_NEW_KEY =
            new Strategy("retry each step, new key on every call", RetryScope.EACH_STEP, KeyMode.NEW_PER_CALL);
    /** Row 3. */
    public static final Strategy EACH_STEP_SAME_KEY =
            new Strategy("retry each step, same key every time", RetryScope.EACH_STEP, KeyMode.SAME);
    /** Row 4. */
    public static final Strategy WHOLE_JOB_SAME_KEY =
            new Strategy("retry the whole job, same key", RetryScope.WHOLE_JOB, KeyMode.SAME);
    /** Row 5. */
    public static final Strategy WHOLE_JOB_SKIP_FINISHED = new Strategy(
            "retry the whole job, same key, skip finished steps", RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME);

    /** The article's five strategies, in the order of its table. */
    public static final List<Strategy> ARTICLE = List.of(EACH_STEP_NO_KEY, EACH_STEP_NEW_KEY, EACH_STEP_SAME_KEY,
            WHOLE_JOB_SAME_KEY, WHOLE_JOB_SKIP_FINISHED);
}
