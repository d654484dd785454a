package org.idempotencylab.ui.compare;

import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.StrategyResult;

/**
 * One row of the results table: a strategy's result, its cells as text exactly as the article prints them
 * ("99.999%", "10.11", "4939").
 *
 * @param result the engine's result behind the row
 */
public record ResultRow(StrategyResult result) {
    /** @return the strategy's name, e.g. "retry each step, no key". */
    public String strategy() {
        return result.strategy().name();
    }

    /** @return {@code metric}'s cell: its value as the command line prints it (no thousands separators). */
    public String cell(Metric metric) {
        return String.valueOf(metric.value(result));
    }
}
