package org.idempotencylab.scenario;

import java.util.List;
import java.util.Objects;

/**
 * A retry strategy: what a retry repeats, which key the email step sends, and which store the steps go through.
 *
 * @param name    the name a person reads; for the presets, the article's row name
 * @param scope   what a retry repeats
 * @param keyMode the key the welcome-email step sends to the provider
 * @param store   the idempotency store every step goes through; skipping finished steps needs one
 * @throws IllegalArgumentException if {@code scope} skips finished steps with a store that records no completion
 *                                  (none, lock)
 */
public record Strategy(String name, RetryScope scope, KeyMode keyMode, StoreKind store) {

    public Strategy {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(keyMode, "keyMode");
        Objects.requireNonNull(store, "store");
        if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !store.recordsCompletion()) {
            throw new IllegalArgumentException("store: " + store.cliName() + " keeps no record of finished steps; "
                    + "skipping finished steps needs memory or claim-table");
        }
    }

    /** A strategy with the store its scope implies: memory for skipping finished steps, none otherwise. */
    public Strategy(String name, RetryScope scope, KeyMode keyMode) {
        this(name, scope, keyMode, scope == RetryScope.WHOLE_JOB_SKIP_FINISHED ? StoreKind.MEMORY : StoreKind.NONE);
    }

    /**
     * @return the article's preset with these settings (its row name), or a new strategy named after them,
     *         e.g. "retry each step, same key every time, memory store"
     */
    public static Strategy of(RetryScope scope, KeyMode keyMode, StoreKind store) {
        for (Strategy s : ARTICLE) {
            if (s.scope == scope && s.keyMode == keyMode && s.store == store) {
                return s;
            }
        }
        String retry = switch (scope) {
            case EACH_STEP -> "retry each step";
            case WHOLE_JOB -> "retry the whole job";
            case WHOLE_JOB_SKIP_FINISHED -> "retry the whole job, skip finished steps";
        };
        String key = switch (keyMode) {
            case NONE -> "no key";
            case NEW_PER_CALL -> "new key on every call";
            case SAME -> "same key every time";
        };
        String storeName = switch (store) {
            case NONE -> "";
            case MEMORY -> ", memory store";
            case CLAIM_TABLE -> ", claim table";
            case LOCK -> ", lock only";
        };
        return new Strategy(retry + ", " + key + storeName, scope, keyMode, store);
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
