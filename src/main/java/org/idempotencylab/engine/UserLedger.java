package org.idempotencylab.engine;

import java.util.Arrays;

/**
 * A user's side effects over all of the user's jobs and deliveries (tracked mode, {@link JobQueue}), the last of each
 * step for {@link CauseTrail}, and how much is still open: messages not settled plus deliveries running. At 0
 * nothing can ask for the user's keys again: the queue drops the ledger and hands it, {@link #clear cleared}, to a
 * later user, so a million sign-ups reuse the few ledgers open at once instead of allocating one each.
 */
final class UserLedger {
    /** Side effects per step of the run's workflow, counted over every job and delivery of the user. */
    final int[] sideEffects;
    /** The last side effect of each step, beside {@link #sideEffects}: why the next one is done again. */
    final CauseTrail.Last[] trail;
    /** Messages not settled plus deliveries running. */
    int open;
    /** Runs of the user's jobs going: deliveries that made their first call and have not stopped. */
    int running;

    /** @param steps the steps of the run's workflow, 1 to 12 */
    UserLedger(int steps) {
        sideEffects = new int[steps];
        trail = new CauseTrail.Last[steps];
    }

    /**
     * Makes this a new user's empty ledger: no side effect counted, no step's last side effect kept (its entry stays,
     * marked absent, to be written again without an allocation), nothing open.
     */
    void clear() {
        Arrays.fill(sideEffects, 0);
        for (CauseTrail.Last last : trail) {
            if (last != null) {
                last.forget();
            }
        }
        open = 0;
        running = 0;
    }
}
