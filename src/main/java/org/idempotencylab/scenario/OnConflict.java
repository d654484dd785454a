package org.idempotencylab.scenario;

/**
 * What happens to a request the lock-only store refuses because another request holds the lock: sidekiq-unique-jobs'
 * conflict strategies ({@code on_conflict}), of which the lab models two.
 */
public enum OnConflict implements Choice {
    /**
     * It goes back and tries again after the retry policy's backoff for its n-th refusal (the second article's
     * "job in progress"; sidekiq-unique-jobs' reschedule, which schedules the duplicate to run later).
     */
    REQUEUE("requeue (try again later)"),
    /**
     * It is dropped (sidekiq-unique-jobs' reject, which moves it to Sidekiq's dead set; BullMQ ignores a
     * deduplicated job and emits a "deduplicated" event): counted in dropped jobs, never silently gone.
     */
    REJECT("reject (drop the duplicate)");

    private final String label;

    OnConflict(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
