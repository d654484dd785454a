package org.idempotencylab.scenario;

/**
 * What a batch with a failed job gives back to the durable queue (AWS Lambda's SQS event source: a failed
 * invocation returns the whole batch, unless the function reports {@code batchItemFailures}).
 */
public enum BatchFailure implements Choice {
    /** Every message of the batch goes back, its succeeded jobs included: they run again (the default). */
    WHOLE,
    /** Only the failed jobs' messages go back ({@code ReportBatchItemFailures}); the others are acknowledged. */
    PARTIAL
}
