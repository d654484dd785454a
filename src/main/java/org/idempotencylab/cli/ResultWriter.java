package org.idempotencylab.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;

/** Writes strategy results as the article's table (text), CSV with a header, or one JSON object per line. */
public final class ResultWriter {
    /** Column keys, in order: the JSON keys and the CSV header. */
    public static final List<String> COLUMNS = Stream.concat(Stream.of("strategy"),
            Metric.articleTable().stream().map(Metric::id)).toList();

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private ResultWriter() {
    }

    /** Writes {@code results} to {@code out} in {@code format}. */
    public static void write(TableCommand.OutputFormat format, Scenario scenario, List<StrategyResult> results,
                             PrintWriter out) {
        switch (format) {
            case text -> writeText(scenario, results, out);
            case csv -> writeCsv(results, out);
            case json -> writeJson(results, out);
        }
        out.flush();
    }

    /** @return one result as an ordered map of {@link #COLUMNS} to values (callsPerJob as a plain decimal). */
    public static Map<String, Object> row(StrategyResult r) {
        return ResultColumns.table(r);
    }

    private static void writeJson(List<StrategyResult> results, PrintWriter out) {
        for (StrategyResult r : results) {
            out.println(json(row(r)));
        }
    }

    /** @return {@code value} as one line of JSON, decimals written plainly ("10.6", never "1.06E1"). */
    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeCsv(List<StrategyResult> results, PrintWriter out) {
        CSVFormat csv = CSVFormat.DEFAULT.builder().setHeader(COLUMNS.toArray(String[]::new))
                .setRecordSeparator('\n').build();
        try {
            CSVPrinter printer = new CSVPrinter(out, csv);
            for (StrategyResult r : results) {
                printer.printRecord(row(r).values());
            }
            printer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeText(Scenario s, List<StrategyResult> results, PrintWriter out) {
        // the article's own first line, then what it leaves implicit
        out.printf(Locale.ROOT, "%,d signups, 10 steps, each call fails %s%% of the time, the email reply is lost %s%% of"
                + " the time%n", s.jobs(), percent(s.pFail()), percent(s.lostReply()));
        out.printf(Locale.ROOT, "%d attempts, seed %d%n", s.maxAttempts(), s.seed());
        List<String> head = new ArrayList<>(List.of("strategy"));
        for (Metric m : Metric.articleTable()) {
            head.add(Character.toLowerCase(m.label().charAt(0)) + m.label().substring(1)); // "steps done again"
        }
        int nameWidth = head.get(0).length();
        for (StrategyResult r : results) {
            nameWidth = Math.max(nameWidth, r.strategy().name().length());
        }
        StringBuilder fmt = new StringBuilder("%-" + nameWidth + "s");
        for (String h : head.subList(1, head.size())) {
            fmt.append("  %").append(Math.max(9, h.length())).append('s'); // right-aligned under its header
        }
        fmt.append("%n");
        out.printf(Locale.ROOT, fmt.toString(), head.toArray());
        for (StrategyResult r : results) {
            List<Object> cells = new ArrayList<>(List.of(r.strategy().name()));
            for (Metric m : Metric.articleTable()) {
                cells.add(m.kind() == Metric.Kind.COUNT ? Long.toString(r.get(m)) : m.text(r));
            }
            out.printf(Locale.ROOT, fmt.toString(), cells.toArray());
        }
    }

    private static String percent(double p) {
        return new BigDecimal(Double.toString(p)).movePointRight(2).stripTrailingZeros().toPlainString();
    }
}
