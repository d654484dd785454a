package org.idempotencylab.ui.sweep;

import java.util.function.ToDoubleFunction;
import org.idempotencylab.engine.StrategyResult;

/** What a sweep's line chart plots per strategy: one number of each (point, strategy) result. */
public enum SweepMetric {
    REPEATED_STEPS("Steps done again", "steps", StrategyResult::repeatedSteps),
    DUPLICATE_EMAILS("Users with 2+ welcome emails", "users", StrategyResult::usersWithDuplicateEmails),
    FAILED_JOBS("Failed jobs", "jobs", StrategyResult::failedJobs),
    LOST_JOBS("Lost jobs", "jobs", StrategyResult::lostJobs),
    CALLS_PER_JOB("Calls per job", "calls", StrategyResult::callsPerJob),
    IN_PROGRESS_REFUSALS("\"Job in progress\" refusals", "refusals", StrategyResult::jobInProgressRejections),
    LEASE_RECLAIMS("Lease reclaims", "claims", StrategyResult::leaseReclaims),
    REDELIVERIES("Redeliveries", "deliveries", StrategyResult::redeliveries),
    CRASHES("Worker crashes", "crashes", StrategyResult::crashes),
    KEY_MISMATCHES("Key mismatches", "requests", StrategyResult::keyMismatches),
    EMAILS_SENT("Welcome emails sent", "emails", StrategyResult::emailsSent);

    private final String label;
    private final String unit;
    private final ToDoubleFunction<StrategyResult> value;

    SweepMetric(String label, String unit, ToDoubleFunction<StrategyResult> value) {
        this.label = label;
        this.unit = unit;
        this.value = value;
    }

    /** @return the name shown in the choice and as the chart's heading, e.g. "Steps done again". */
    public String label() {
        return label;
    }

    /** @return the value axis label with its unit, e.g. "Steps done again (steps)". */
    public String axisLabel() {
        return label + " (" + unit + ")";
    }

    /** @return this metric of one result. */
    public double of(StrategyResult r) {
        return value.applyAsDouble(r);
    }

    @Override
    public String toString() {
        return label;
    }
}
