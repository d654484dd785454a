package org.idempotencylab.scenario;

/** When the lock-only store lets a job's lock go: sidekiq-unique-jobs' until_executing, until_executed, until_expired. */
public enum LockRelease implements Choice {
    /**
     * When the job starts (sidekiq-unique-jobs' until_executing: "unlocked before the server starts processing the
     * job"): a repeated request arriving while the job runs is let in and runs it again.
     */
    START("when the job starts"),
    /**
     * When the job ends (sidekiq-unique-jobs' until_executed, and the second article's lock): a repeat arriving
     * while the job runs is refused; one arriving after it ended runs it again, since a lock is no record.
     */
    END("when the job ends"),
    /**
     * Never: the lock expires after its TTL only (sidekiq-unique-jobs' until_expired), so every repeat within the
     * TTL of the lock's start is refused, even after the job ended.
     */
    TTL("only when its TTL runs out");

    private final String label;

    LockRelease(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
