package org.idempotencylab.scenario;

/**
 * The claim table's rescuer: a maintenance process, apart from the workers, that frees {@code in_progress} claims
 * whose lease ({@code locked_until}) has run out, so that a later delivery can run the step (River's
 * {@code JobRescuer}, Oban's Lifeline plugin, pg-boss's maintenance). How it writes decides whether it can wipe
 * a claim that completed while it was looking.
 */
public enum RescuerKind implements Choice {
    /** No rescuer: an expired claim waits until a delivery reclaims it. */
    NONE("none"),
    /**
     * One statement, {@code DELETE FROM processed_jobs WHERE status = 'in_progress' AND locked_until < now}: the
     * database checks the row's state as it deletes, so a claim that completed is never touched (River's rescue
     * update after the fix, which requires the job to be still running).
     */
    ATOMIC("atomic (one guarded statement)"),
    /**
     * A {@code SELECT} of the expired {@code in_progress} keys, then, the race window later, a {@code DELETE} by
     * key with no status guard: a claim that completed, or was reclaimed, in between is wiped all the same, and
     * its step runs again (River's JobRescuer before the fix: it rescued from a stale snapshot by id only).
     */
    READ_THEN_UPDATE("read, then update");

    private final String label;

    RescuerKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
