package org.idempotencylab.engine;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.idempotencylab.scenario.Parameter;

/**
 * The names and order of a result's columns, shared by the command line ({@code table}, {@code run},
 * {@code sweep}) and the window's CSV exports, so a file saved from the window has the command's columns.
 * No JavaFX and no picocli: both sides depend on it.
 */
public final class ResultColumns {
    private ResultColumns() {
    }

    /**
     * @return the article's table columns: {@code strategy, succeeded, failedJobs, callsPerJob, repeatedSteps,
     *         usersWithDuplicateEmails} (callsPerJob as a plain decimal, as the article prints it)
     */
    public static Map<String, Object> table(StrategyResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("strategy", r.strategy().name());
        m.put("succeeded", r.succeeded());
        m.put("failedJobs", r.failedJobs());
        m.put("callsPerJob", new BigDecimal(r.callsPerJobText()));
        m.put("repeatedSteps", r.repeatedSteps());
        m.put("usersWithDuplicateEmails", r.usersWithDuplicateEmails());
        return m;
    }

    /**
     * @return every metric {@code run} prints, under its JSON keys: the table's columns, then
     *         {@code duplicateSideEffects} (step name → side effects done again, in step order), the further counts
     *         and the durable path's metrics
     */
    public static Map<String, Object> all(StrategyResult r) {
        Map<String, Object> m = new LinkedHashMap<>(table(r));
        Map<String, Long> byStep = new LinkedHashMap<>();
        for (int i = 0; i < SignupSteps.COUNT; i++) {
            byStep.put(SignupSteps.NAMES.get(i), r.repeatedStepsByStep().get(i));
        }
        m.put("duplicateSideEffects", byStep);
        m.put("repeatedRequests", r.repeatedRequests());
        m.put("slowCalls", r.slowCalls());
        m.put("calls", r.calls());
        m.put("emailsSent", r.emailsSent());
        m.put("providerSuppressedSends", r.providerSuppressedSends());
        m.put("storeHits", r.storeHits());
        m.put("backoffWaits", r.backoffWaits());
        m.put("virtualTimeMs", r.virtualTimeMs());
        // the durable path (issue 4): the order, with crashes and redeliveries beside lost jobs
        m.put("lostJobs", r.lostJobs());
        m.put("crashes", r.crashes());
        m.put("redeliveries", r.redeliveries());
        m.put("jobInProgressRejections", r.jobInProgressRejections());
        m.put("leaseReclaims", r.leaseReclaims());
        m.put("keyMismatches", r.keyMismatches());
        m.put("stuckInProgressMs", r.stuckInProgressMs());
        return m;
    }

    /**
     * @return {@link #all} as one flat row for CSV: {@code duplicateSideEffects} becomes one column per step,
     *         named {@code duplicateSideEffects.<step name>}
     */
    public static Map<String, Object> flat(StrategyResult r) {
        Map<String, Object> flat = new LinkedHashMap<>();
        all(r).forEach((k, v) -> {
            if (v instanceof Map<?, ?> m) {
                m.forEach((step, n) -> flat.put(k + "." + step, n));
            } else {
                flat.put(k, v);
            }
        });
        return flat;
    }

    /**
     * @return the column of a sweep's varied value: the parameter's field name ({@code duplicateDelayMs} for
     *         either end of the repeated request's delay, which a sweep sets both of)
     */
    public static String sweepColumn(Parameter p) {
        return p == Parameter.DUPLICATE_DELAY_MIN_MS || p == Parameter.DUPLICATE_DELAY_MAX_MS
                ? "duplicateDelayMs" : p.id();
    }

    /** @return a swept value as its option takes it: a whole number, or the shortest decimal ("0.0025"). */
    public static String sweepValue(Parameter p, double v) {
        return p.kind().isDecimal() ? Parameter.plain(v) : Long.toString(Math.round(v));
    }
}
