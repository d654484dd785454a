package org.idempotencylab.ui.live;

import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.Texts;

/**
 * The strategy a Reset runs, as one of the first article's five or part by part: what a retry repeats, the key
 * the email step sends and the store the steps use. Choosing a strategy shows its parts; choosing a part makes
 * the strategy of the three ({@link Strategy#of}), or, for parts that do not go together (skipping finished
 * steps with a store that records none), a problem in words and no strategy change. Uses {@code javafx.beans}
 * only.
 */
final class StrategyParts {
    private static final Texts TEXTS = Texts.of(StrategyParts.class);
    private final ObjectProperty<Strategy> strategy = new SimpleObjectProperty<>(this, "strategy",
            Strategy.EACH_STEP_NO_KEY);
    private final ObjectProperty<RetryScope> scope = new SimpleObjectProperty<>(this, "scope", RetryScope.EACH_STEP);
    private final ObjectProperty<KeyMode> keyMode = new SimpleObjectProperty<>(this, "keyMode", KeyMode.NONE);
    private final ObjectProperty<StoreKind> store = new SimpleObjectProperty<>(this, "store", StoreKind.NONE);
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private boolean syncing;

    StrategyParts() {
        strategy.addListener((o, was, now) -> {
            if (now != null && !syncing) { // a whole strategy: show its parts
                syncing = true;
                scope.set(now.scope());
                keyMode.set(now.keyMode());
                store.set(now.store());
                syncing = false;
                problem.set("");
            }
        });
        for (ObjectProperty<?> part : List.of(scope, keyMode, store)) {
            part.addListener(o -> compose());
        }
    }

    /** The parts were chosen one by one: the strategy they make, or the problem if they do not go together. */
    private void compose() {
        if (syncing) {
            return;
        }
        if (scope.get() == RetryScope.WHOLE_JOB_SKIP_FINISHED && !store.get().recordsCompletion()) {
            problem.set(TEXTS.format("message.skipNeedsStore", label(store.get()), StoreKind.recordingLabels()));
            return;
        }
        problem.set("");
        syncing = true;
        strategy.set(Strategy.of(scope.get(), keyMode.get(), store.get()));
        syncing = false;
    }

    /** Shows {@code s}: its parts first, so that a strategy equal to the current one still sets them. */
    void show(Strategy s) {
        store.set(s.store());
        scope.set(s.scope());
        keyMode.set(s.keyMode());
        strategy.set(s);
    }

    /**
     * @return the words a list shows for a strategy part ("each step", "same key every time", "claim table") or
     *         another choice (its {@link Choice#label()})
     */
    static String label(Choice c) {
        String part = c instanceof RetryScope ? "retry" : c instanceof KeyMode ? "key" : null; // a store: its own
        return part == null ? c.label() : TEXTS.get(part + "." + c.cliName());
    }

    /**
     * @return the strategy's name as the toolbar shows it: "custom: " and its name when it is not one of the
     *         article's five; "" for null
     */
    static String name(Strategy s) {
        if (s == null) {
            return "";
        }
        return Strategy.ARTICLE.contains(s) ? s.name() : TEXTS.format("strategy.custom", s.name());
    }

    ObjectProperty<Strategy> strategyProperty() {
        return strategy;
    }

    ObjectProperty<RetryScope> scopeProperty() {
        return scope;
    }

    ObjectProperty<KeyMode> keyModeProperty() {
        return keyMode;
    }

    ObjectProperty<StoreKind> storeProperty() {
        return store;
    }

    /** @return why the chosen parts make no strategy, or "". */
    ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** @return true if the parts chosen make a strategy. */
    boolean isRunnable() {
        return problem.get().isEmpty();
    }
}
