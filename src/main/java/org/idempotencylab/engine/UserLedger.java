package org.idempotencylab.engine;

/**
 * A user's side effects over all of the user's jobs and deliveries ({@link JobQueue}), and how much is still open:
 * messages not settled plus deliveries running. At 0 nothing can ask for the user's keys again.
 */
final class UserLedger {
    /** Side effects per step of the run's workflow. */
    final int[] sideEffects;
    /** Messages not settled plus deliveries running. */
    int open;

    /** @param steps the steps of the run's workflow, 1 to 12 */
    UserLedger(int steps) {
        sideEffects = new int[steps];
    }
}
