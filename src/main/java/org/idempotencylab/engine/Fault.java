package org.idempotencylab.engine;

import java.util.List;

/**
 * One fault of a schedule the explorer tried: an alternative chosen at one {@link ChoicePoint}. A list of them is
 * a counterexample, which {@link ForcedFaults} plays back through the engine.
 *
 * @param kind        what happened
 * @param user        the user number of the job concerned, or -1 (an order of events of no job)
 * @param repeat      true if the job was a repeated request
 * @param step        the step 0..9 whose call it concerned, or -1 (a repeat, an order)
 * @param attempt     the retry scope's attempt of that call, 1-based, or 0
 * @param worker      the worker making the call, 0-based, or -1
 * @param atMs        virtual ms at which it happened; for a repeat, when the repeated request arrives
 * @param alternative which alternative of its choice point, 1-based
 * @param delayMs     a repeat's delay after the first request, virtual ms; else -1
 * @param first       an order's event that went first; else ""
 * @param overtaken   an order's event that would have gone first without the fault; else ""
 */
public record Fault(FaultKind kind, long user, boolean repeat, int step, int attempt, int worker, long atMs,
                    int alternative, long delayMs, String first, String overtaken) {

    /** @return the fault of alternative {@code alternative} (1-based) at {@code point} */
    static Fault at(ChoicePoint point, int alternative) {
        List<Long> delays = point.delaysMs();
        List<String> events = point.events();
        long delayMs = delays.isEmpty() ? -1 : delays.get(alternative - 1);
        return new Fault(point.kind(), point.user(), point.repeat(), point.step(), point.attempt(), point.worker(),
                point.atMs() + Math.max(0, delayMs), alternative, delayMs, events.isEmpty() ? "" : events.get(alternative),
                events.isEmpty() ? "" : events.get(0));
    }

    /** @return true if this fault is alternative {@link #alternative} of {@code point}: same kind, job, call, time */
    boolean isAt(ChoicePoint point) {
        if (point.kind() != kind || point.user() != user || point.repeat() != repeat || point.step() != step
                || point.attempt() != attempt || point.worker() != worker || alternative > point.alternatives()) {
            return false;
        }
        return switch (kind) {
            case REPEAT -> point.delaysMs().get(alternative - 1) == delayMs && point.atMs() + delayMs == atMs;
            case ORDER -> point.atMs() == atMs && point.events().get(alternative).equals(first);
            default -> point.atMs() == atMs;
        };
    }

    /**
     * @return the step's name, e.g. "send the welcome email", or null for a fault of no step (a repeat, an order)
     */
    public String stepName() {
        return stepName(SignupSteps.NAMES);
    }

    /** @return the step's name among {@code names} (the run's workflow's), or null for a fault of no step */
    public String stepName(List<String> names) {
        return step < 0 ? null : names.get(step);
    }

    /** @return a short account, e.g. "at 1,400 ms: user_0's send the welcome email, attempt 1: reply lost" */
    public String describe() {
        return describe(SignupSteps.NAMES);
    }

    /** @return {@link #describe()} with the step named among {@code names} (the run's workflow's) */
    public String describe(List<String> names) {
        String at = String.format(java.util.Locale.ROOT, "at %,d ms: ", atMs);
        String who = "user_" + user + (repeat ? "'s repeated request" : "");
        return at + switch (kind) {
            case REPEAT -> who + " is sent again (" + String.format(java.util.Locale.ROOT, "%,d", delayMs)
                    + " ms after the first request)";
            case ORDER -> first + ", before " + overtaken;
            case FAIL -> who + "'s " + stepName(names) + ", attempt " + attempt + ": fails before doing anything";
            case LOST_REPLY -> who + "'s " + stepName(names) + ", attempt " + attempt + ": went out, reply lost";
            case CRASH -> who + "'s " + stepName(names) + ", attempt " + attempt + ": done, then the process crashes";
        };
    }
}
