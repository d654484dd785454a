package org.idempotencylab.engine;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
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
     * @return the article's table columns: {@code strategy}, then {@link Metric#articleTable()}'s ids and values
     *         ({@code callsPerJob} as a plain decimal, as the article prints it)
     */
    public static Map<String, Object> table(StrategyResult r) {
        return columns(r, Metric.articleTable(), false);
    }

    /**
     * @return {@link #table} as a CSV row: the same columns, {@code succeeded} as a plain number of percent
     *         ({@code 99.999}), so a spreadsheet reads it as a number (the "%" belongs to text)
     */
    public static Map<String, Object> csvTable(StrategyResult r) {
        return columns(r, Metric.articleTable(), true);
    }

    /**
     * @return every metric {@code run} prints: {@code strategy}, then each {@link Metric} under its id, in the
     *         enum's order ({@code duplicateSideEffects} as a map of step name to count)
     */
    public static Map<String, Object> all(StrategyResult r) {
        return columns(r, List.of(Metric.values()), false);
    }

    private static Map<String, Object> columns(StrategyResult r, List<Metric> metrics, boolean csv) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("strategy", r.strategy().name());
        for (Metric metric : metrics) {
            m.put(metric.id(), csv ? metric.csvValue(r) : metric.value(r));
        }
        return m;
    }

    /**
     * @return {@link #all} as one flat row for CSV: {@code duplicateSideEffects} becomes one column per step,
     *         named {@code duplicateSideEffects.<step name>}, and {@code succeeded} is a plain number of percent
     *         ({@code 99.999}), as {@link #csvTable}
     */
    public static Map<String, Object> flat(StrategyResult r) {
        Map<String, Object> flat = new LinkedHashMap<>();
        columns(r, List.of(Metric.values()), true).forEach((k, v) -> {
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
        return (p.rangeStart() != null ? p.rangeStart() : p).sweepId();
    }

    /** @return a swept value as its option takes it: a whole number, or the shortest decimal ("0.0025"). */
    public static String sweepValue(Parameter p, double v) {
        return p.kind().isDecimal() ? Parameter.plain(v) : Long.toString(Math.round(v));
    }

    /** @return a swept value as a JSON number: a BigDecimal as {@link #sweepValue} writes it, or a whole long. */
    public static Number sweepNumber(Parameter p, double v) {
        return p.kind().isDecimal() ? new BigDecimal(Parameter.plain(v)) : Math.round(v);
    }
}
