package org.idempotencylab.engine;

import java.util.List;

/**
 * One place in a run where a fault may happen: what a {@link FaultChooser} is asked. In a normal run a random draw
 * answers it; the explorer answers it with each alternative in turn.
 *
 * @param kind         what may happen here
 * @param user         the user number of the job concerned, or -1 (an {@link FaultKind#ORDER} point of no job)
 * @param repeat       true if the job is a repeated request
 * @param step         the step 0..9 whose call this is, or -1 (a repeat is decided before any step)
 * @param attempt      the retry scope's attempt of that call, 1-based, or 0
 * @param worker       the worker making the call, 0-based, or -1
 * @param atMs         virtual ms at which it is decided
 * @param alternatives how many faults may be chosen here, at least 1: one for a failure, a lost reply or a crash;
 *                     for a repeat, one per delay the scenario allows (its shortest, and its longest if different);
 *                     for an order, one per other event due at the same instant
 * @param delaysMs     for a repeat, the delay after the first request of each alternative, in virtual ms; else empty
 * @param events       for an order, what each event due now is, in the order they would run without a fault (the
 *                     first is the one that runs without a fault; alternative n runs event n first); else empty
 */
public record ChoicePoint(FaultKind kind, long user, boolean repeat, int step, int attempt, int worker, long atMs,
                          int alternatives, List<Long> delaysMs, List<String> events) {
    public ChoicePoint {
        if (alternatives < 1) {
            throw new IllegalArgumentException("alternatives: " + alternatives + " is below 1");
        }
        delaysMs = List.copyOf(delaysMs);
        events = List.copyOf(events);
    }

    /** A point for a fault of one alternative in a call: a failure, a lost reply or a crash. */
    static ChoicePoint ofCall(FaultKind kind, Job job, int step, int attempt, int worker, long atMs) {
        return new ChoicePoint(kind, job.user, job.repeat, step, attempt, worker, atMs, 1, List.of(), List.of());
    }
}
