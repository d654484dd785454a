package org.idempotencylab.store;

/**
 * How many rows of a claim table ({@code processed_jobs}, second article) are in each state, counted over the
 * whole table (in a {@link JdbcClaimStore}: this run's rows), however many a live view shows.
 *
 * @param rows          every row
 * @param inProgress    rows {@code in_progress}: a claim held, or left behind by a crash until its lease runs out
 * @param completed     rows {@code completed}: the saved result, never reclaimed
 * @param expiredLeases rows {@code in_progress} whose {@code locked_until} is before the time asked about: the next
 *                      claim of each reclaims it
 * @param reclaimed     rows claimed more than once ({@code claims > 1}): reclaimed after an expired lease
 */
public record ClaimCounts(long rows, long inProgress, long completed, long expiredLeases, long reclaimed) {
    /** No rows. */
    public static final ClaimCounts NONE = new ClaimCounts(0, 0, 0, 0, 0);

    /**
     * @param rows  rows of one table, in any order
     * @param nowMs virtual ms: a lease to before it has expired
     * @return their counts
     */
    public static ClaimCounts of(Iterable<ClaimRow> rows, long nowMs) {
        long all = 0;
        long running = 0;
        long done = 0;
        long expired = 0;
        long again = 0;
        for (ClaimRow r : rows) {
            all++;
            if (r.status() == ClaimRow.Status.IN_PROGRESS) {
                running++;
                if (r.lockedUntilMs() < nowMs) {
                    expired++;
                }
            } else {
                done++;
            }
            if (r.claims() > 1) {
                again++;
            }
        }
        return new ClaimCounts(all, running, done, expired, again);
    }
}
