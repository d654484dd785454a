package org.idempotencylab.ui.compare;

import org.idempotencylab.engine.StrategyResult;

/**
 * One row of the results table, as text exactly as the article prints it.
 *
 * @param result the engine's result behind the row
 */
public record ResultRow(StrategyResult result) {
    public String strategy() {
        return result.strategy().name();
    }

    public String succeeded() {
        return result.succeeded();
    }

    public String failedJobs() {
        return Long.toString(result.failedJobs());
    }

    public String callsPerJob() {
        return result.callsPerJobText();
    }

    public String repeatedSteps() {
        return Long.toString(result.repeatedSteps());
    }

    public String usersWithDuplicateEmails() {
        return Long.toString(result.usersWithDuplicateEmails());
    }
}
