package org.idempotencylab.scenario;

/**
 * How a worker claims a step's key in the claim table: the second article's one atomic statement, or the
 * check-then-insert that the article warns against (a read, then later a write), whose race window two deliveries
 * of one key can both pass.
 */
public enum ClaimMode implements Choice {
    /**
     * One statement, {@code INSERT ... ON CONFLICT ... DO UPDATE ... WHERE locked_until < now}: the database
     * decides which delivery gets the key, and every other one is told "in progress" or "completed".
     */
    ATOMIC("atomic (one statement)"),
    /**
     * A {@code SELECT} first; if no row is there, an {@code INSERT ... ON CONFLICT DO NOTHING} the race window
     * later, whose conflict the naive code ignores: it runs the step anyway. Two deliveries that both read
     * "absent" inside the window both run it.
     */
    CHECK_THEN_INSERT("check, then insert");

    private final String label;

    ClaimMode(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
