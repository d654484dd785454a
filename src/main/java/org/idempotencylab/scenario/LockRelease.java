package org.idempotencylab.scenario;

/** When the lock-only store lets a job's lock go: sidekiq-unique-jobs' until_executing, until_executed,
 * until_expired, until_and_while_executing. */
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
    TTL("only when its TTL runs out"),
    /**
     * When the job starts, if it still holds the lock (sidekiq-unique-jobs' until_and_while_executing, whose
     * {@code execute} runs the job only {@code if locksmith.unlock} succeeds): a job whose enqueue lock expired while
     * it waited is dropped, counted in dropped jobs and {@code lockGoneDrops}; one that still holds it lets it go and
     * runs, so a repeat arriving during the run gets in, as with {@link #START}. The library's runtime lock, taken
     * while the job executes, is not modelled. With a lock taken at the start it is {@link #START}.
     */
    START_IF_HELD("when the job starts, if still held");

    private final String label;

    LockRelease(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
