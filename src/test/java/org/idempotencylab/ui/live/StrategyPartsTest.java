package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** The strategy and its three parts, as the toolbar and the part lists show them, without the toolkit. */
class StrategyPartsTest {
    @Test
    void everyPartHasTheWordsItsListShows() {
        assertEquals(List.of("each step", "whole job", "whole job, skip finished"),
                Stream.of(RetryScope.values()).map(StrategyParts::label).toList());
        assertEquals(List.of("no key", "new key every call", "same key every time", "key per request"),
                Stream.of(KeyMode.values()).map(StrategyParts::label).toList());
        // a store's words are its own (StoreKind): the article's four, then any added later
        List<String> stores = Stream.of(StoreKind.values()).map(StrategyParts::label).toList();
        assertEquals(Stream.of(StoreKind.values()).map(StoreKind::label).toList(), stores);
        assertEquals(List.of("none", "in-memory store", "claim table", "lock only"), stores.subList(0, 4));
        assertEquals("durable", StrategyParts.label(QueueKind.DURABLE), "another choice keeps its own label");
    }

    @Test
    void partsMakeAStrategyOrSayWhyNot() {
        StrategyParts parts = new StrategyParts();
        parts.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
        assertFalse(parts.isRunnable(), "skip finished with no store");
        assertEquals("Store: none keeps no record of finished steps, so \"skip finished steps\" needs the "
                + "in-memory store or the claim table. Pick one of those, or another retry scope.",
                parts.problemProperty().get());
        assertEquals(Strategy.EACH_STEP_NO_KEY, parts.strategyProperty().get(), "the strategy stays");
        parts.storeProperty().set(StoreKind.CLAIM_TABLE);
        assertTrue(parts.isRunnable());
        Strategy composed = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.NONE, StoreKind.CLAIM_TABLE);
        assertEquals(composed, parts.strategyProperty().get());
        assertEquals("custom: " + composed.name(), StrategyParts.name(composed));
        parts.show(Strategy.EACH_STEP_SAME_KEY); // one of the article's five: its parts, and its own name
        assertEquals(List.of(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.NONE), List.of(parts.scopeProperty().get(),
                parts.keyModeProperty().get(), parts.storeProperty().get()));
        assertEquals("retry each step, same key every time", StrategyParts.name(parts.strategyProperty().get()));
    }
}
