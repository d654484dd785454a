package org.idempotencylab.ui.compare;

import java.util.Optional;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.StrategyResult;

/**
 * One row of the results table: a strategy's result, its cells as text a person reads, with the chart's thousands
 * separators ("99.999%", "10.11", "4,939"); the command line and CSV keep the article's plain numbers.
 *
 * @param result the engine's result behind the row
 */
public record ResultRow(StrategyResult result) {
    /** @return the strategy's name, e.g. "retry each step, no key". */
    public String strategy() {
        return result.strategy().name();
    }

    /** @return {@code metric}'s cell: {@link Metric#text}, e.g. "4,939" (the chart's bar labels read the same). */
    public String cell(Metric metric) {
        return metric.text(result);
    }

    /**
     * @return the cause most of the row's steps done again were booked to, as a person reads it ("lost reply"), or
     *         empty when nothing was done again ({@link StrategyResult#mainCause()})
     */
    public Optional<String> mainCause() {
        return result.mainCause().map(DuplicateCause::label);
    }

    /**
     * @return true when {@code metric} counts duplicate side effects ("steps done again", "users with 2+ welcome
     *         emails") and this row has some: the cell takes the duplicate's look
     */
    public boolean duplicates(Metric metric) {
        return (metric == Metric.REPEATED_STEPS || metric == Metric.USERS_WITH_DUPLICATE_EMAILS)
                && metric.number(result) > 0;
    }
}
