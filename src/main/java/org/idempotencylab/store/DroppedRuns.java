package org.idempotencylab.store;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@code --drop-old-runs} did to one table or more ({@link JdbcClaimStore#dropOtherRuns()}, and {@code work}'s
 * tables): the rows it deleted, of runs that are no longer going, and the rows it kept, of runs still going
 * ({@link RunRegistry}).
 *
 * @param runs the ids of the runs whose rows were deleted
 * @param rows how many rows were deleted
 * @param kept the rows kept of every other run still going, by run id: 1 or more each
 */
public record DroppedRuns(Set<String> runs, long rows, Map<String, Long> kept) {
    /** Nothing deleted, nothing kept. */
    public static final DroppedRuns NONE = new DroppedRuns(Set.of(), 0, Map.of());

    public DroppedRuns {
        runs = Set.copyOf(runs);
        kept = Map.copyOf(kept);
    }

    /** @return this and {@code other} together: a run's rows in two tables count as one run */
    public DroppedRuns plus(DroppedRuns other) {
        Set<String> allRuns = new TreeSet<>(runs);
        allRuns.addAll(other.runs);
        Map<String, Long> allKept = new TreeMap<>(kept);
        other.kept.forEach((run, n) -> allKept.merge(run, n, Long::sum));
        return new DroppedRuns(allRuns, rows + other.rows, allKept);
    }

    /** @return how many rows of runs still going were kept */
    public long keptRows() {
        return kept.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * @param where where the rows were, e.g. {@code processed_jobs}
     * @return what was done, in one line without a full stop, e.g. {@code deleted 2,200 rows of 2 other runs from
     *         processed_jobs; kept 150 rows of 1 run still going (its heartbeat in lab_runs is younger than 30 s)}
     */
    public String describe(String where) {
        String line = String.format(Locale.ROOT, "deleted %,d %s of %,d other %s from %s", rows,
                rows == 1 ? "row" : "rows", runs.size(), runs.size() == 1 ? "run" : "runs", where);
        if (kept.isEmpty()) {
            return line;
        }
        return line + String.format(Locale.ROOT, "; kept %,d %s of %,d %s still going (%s heartbeat in "
                + "%s is younger than %d s)", keptRows(), keptRows() == 1 ? "row" : "rows", kept.size(),
                kept.size() == 1 ? "run" : "runs", kept.size() == 1 ? "its" : "their", RunRegistry.TABLE,
                RunRegistry.ALIVE_S);
    }
}
