package org.idempotencylab.scenario;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A retry strategy: what a retry repeats, which key the email step sends, and which store the steps go through.
 *
 * @param name    the name a person reads; for the presets, the article's row name
 * @param scope   what a retry repeats
 * @param keyMode the key the welcome-email step sends to the provider
 * @param store    the idempotency store every step goes through; skipping finished steps needs one
 * @param settings parameter values this strategy runs with in place of the scenario's (empty for none): the fix of
 *                 a field case is often a setting, not a strategy (a heartbeat, a longer lease, the rescuer's
 *                 status guard), and these let the bug and its fix run side by side on one scenario. Kept in
 *                 {@link Parameter} order; each value is range-checked here, the combination with a scenario in
 *                 {@link #on}.
 * @throws IllegalArgumentException if {@code scope} skips finished steps with a store that records no completion
 *                                  (none, lock), a setting is not of its parameter's kind, or {@code settings}
 *                                  holds {@code jobs} (every strategy runs the scenario's sign-ups)
 * @throws ParameterException       if a setting lies outside its parameter's range
 */
public record Strategy(String name, RetryScope scope, KeyMode keyMode, StoreKind store,
                       Map<Parameter, Object> settings) {

    public Strategy {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(keyMode, "keyMode");
        Objects.requireNonNull(store, "store");
        if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !store.recordsCompletion()) {
            throw new IllegalArgumentException("store: " + store.cliName() + " keeps no record of finished steps; "
                    + "skipping finished steps needs " + StoreKind.recordingNames());
        }
        for (Parameter p : settings.keySet()) {
            if (!p.isStrategySetting()) {
                throw new IllegalArgumentException("settings: " + p.id() + " is the scenario's, the same for every "
                        + "strategy");
            }
        }
        EnumMap<Parameter, Object> checked = new EnumMap<>(Parameter.class);
        for (Map.Entry<Parameter, Object> e : settings.entrySet()) {
            checked.put(e.getKey(), e.getKey().checkValue(e.getValue()));
        }
        settings = Collections.unmodifiableMap(checked);
    }

    /** A strategy that runs with the scenario's values. */
    public Strategy(String name, RetryScope scope, KeyMode keyMode, StoreKind store) {
        this(name, scope, keyMode, store, Map.of());
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
            case PER_REQUEST -> "key per request";
        };
        String storeName = store.inStrategyName().isEmpty() ? "" : ", " + store.inStrategyName();
        return new Strategy(retry + ", " + key + storeName, scope, keyMode, store);
    }

    /**
     * @param settings parameter values that replace the scenario's when this strategy runs (see the class comment)
     * @return {@link #of} these settings, with the settings added and named: "retry the whole job, same key, skip
     *         finished steps, claim table · heartbeat 5,000 ms"
     * @throws ParameterException if a setting lies outside its parameter's range
     */
    public static Strategy of(RetryScope scope, KeyMode keyMode, StoreKind store, Map<Parameter, Object> settings) {
        Strategy base = of(scope, keyMode, store);
        if (settings.isEmpty()) {
            return base;
        }
        Strategy s = new Strategy(base.name, scope, keyMode, store, settings); // checked and in Parameter order
        return new Strategy(base.name + s.settingsText(), scope, keyMode, store, s.settings);
    }

    /** @return this strategy with {@code settings} in place of its own, renamed as {@link #of} names it. */
    public Strategy withSettings(Map<Parameter, Object> settings) {
        return of(scope, keyMode, store, settings);
    }

    /**
     * @return the settings as a person reads them, each after " · ": " · heartbeat 5,000 ms · lease 60,000 ms";
     *         empty when there are none
     */
    public String settingsText() {
        return settings.entrySet().stream().map(e -> " · " + lowerFirst(e.getKey().label()) + " "
                + e.getKey().displayText(e.getValue())).collect(Collectors.joining());
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * @return {@code scenario} with this strategy's settings in place of its values; {@code scenario} itself when
     *         there are none
     * @throws ParameterException if the combination is invalid (a repeat delay's minimum above its maximum)
     */
    public Scenario on(Scenario scenario) {
        if (settings.isEmpty()) {
            return scenario;
        }
        Scenario.Builder b = scenario.toBuilder();
        settings.forEach((p, v) -> p.set(b, v));
        return b.build();
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
