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
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;

/** Writes strategy results as the article's table (text), CSV with a header, or one JSON object per line. */
public final class ResultWriter {
    /** Column keys, in order: the JSON keys and the CSV header. */
    public static final List<String> COLUMNS = Stream.concat(Stream.of("strategy"),
            Metric.articleTable().stream().map(Metric::id)).toList();

    /** Jackson's mapper, made on first use: it loads some 300 classes, which text and CSV output never need. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    }

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
            return Json.MAPPER.writeValueAsString(value);
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
                printer.printRecord(ResultColumns.csvTable(r).values()); // succeeded as a number
            }
            printer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // Written with padding by hand rather than printf: java.util.Formatter's first use costs some 35 ms of start-up
    // (its locale data), a tenth of the whole "table" command before the simulation; the text is the same.
    private static void writeText(Scenario s, List<StrategyResult> results, PrintWriter out) {
        String nl = System.lineSeparator();
        // the article's own first line, then what it leaves implicit
        out.print(Parameter.grouped(s.jobs()) + " signups, 10 steps, each call fails " + percent(s.pFail())
                + "% of the time, the email reply is lost " + percent(s.lostReply()) + "% of the time" + nl);
        out.print(s.maxAttempts() + " attempts, seed " + s.seed() + nl);
        List<String> head = new ArrayList<>(List.of("strategy"));
        for (Metric m : Metric.articleTable()) {
            head.add(Character.toLowerCase(m.label().charAt(0)) + m.label().substring(1)); // "steps done again"
        }
        int nameWidth = head.get(0).length();
        for (StrategyResult r : results) {
            nameWidth = Math.max(nameWidth, r.strategy().name().length());
        }
        int[] widths = new int[head.size()];
        widths[0] = -nameWidth; // the name left-aligned, each number right-aligned under its header
        for (int i = 1; i < head.size(); i++) {
            widths[i] = Math.max(9, head.get(i).length());
        }
        out.print(line(head, widths) + nl);
        for (StrategyResult r : results) {
            List<String> cells = new ArrayList<>(List.of(r.strategy().name()));
            for (Metric m : Metric.articleTable()) {
                cells.add(m.kind() == Metric.Kind.COUNT ? Long.toString(r.get(m)) : m.text(r));
            }
            out.print(line(cells, widths) + nl);
        }
    }

    /**
     * @param widths per cell, as printf's {@code %-Ns} (negative: padded on the right) or {@code %Ns} (on the left)
     * @return the cells padded to their widths, two spaces apart
     */
    private static String line(List<String> cells, int[] widths) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            int pad = Math.max(0, Math.abs(widths[i]) - c.length());
            if (i > 0) {
                b.append("  ");
            }
            if (widths[i] < 0) {
                b.append(c).append(" ".repeat(pad));
            } else {
                b.append(" ".repeat(pad)).append(c);
            }
        }
        return b.toString();
    }

    private static String percent(double p) {
        return new BigDecimal(Double.toString(p)).movePointRight(2).stripTrailingZeros().toPlainString();
    }
}
