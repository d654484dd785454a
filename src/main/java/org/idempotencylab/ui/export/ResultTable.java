package org.idempotencylab.ui.export;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A table of results as text: a header row and rows of cells. It is what a view exports to CSV (commons-csv,
 * the command line's dialect: comma, quotes where needed, {@code \n} between records) and copies to the clipboard
 * (tab-separated with a header row, so it pastes into a spreadsheet). No JavaFX: view-models build it.
 *
 * @param header column names
 * @param rows   rows of cells, each as long as the header
 */
public record ResultTable(List<String> header, List<List<String>> rows) {
    /** @throws IllegalArgumentException if a row's length differs from the header's */
    public ResultTable {
        header = List.copyOf(header);
        List<List<String>> copy = new ArrayList<>();
        for (List<String> r : rows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException("row of " + r.size() + " cells under " + header.size()
                        + " columns");
            }
            copy.add(List.copyOf(r));
        }
        rows = List.copyOf(copy);
    }

    /** @return a table whose header is the first map's keys and whose rows are the maps' values as text */
    public static ResultTable of(List<Map<String, Object>> maps) {
        if (maps.isEmpty()) {
            return new ResultTable(List.of(), List.of());
        }
        List<String> header = List.copyOf(maps.get(0).keySet());
        List<List<String>> rows = new ArrayList<>();
        for (Map<String, Object> m : maps) {
            rows.add(m.values().stream().map(String::valueOf).toList());
        }
        return new ResultTable(header, rows);
    }

    /** @return the header and one line per row, cells separated by tabs (tabs and line breaks in a cell become spaces) */
    public String tsv() {
        StringBuilder b = new StringBuilder();
        line(b, header);
        rows.forEach(r -> line(b, r));
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append('\t');
            }
            b.append(cells.get(i).replaceAll("[\t\r\n]", " "));
        }
        b.append('\n');
    }

    /** Writes the table as CSV with a header. */
    public void writeCsv(Writer out) throws IOException {
        CSVPrinter p = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new))
                .setRecordSeparator('\n').build());
        for (List<String> r : rows) {
            p.printRecord(r);
        }
        p.flush();
    }

    /**
     * Saves the table as a UTF-8 CSV file: written to a temporary file beside the target and moved into place, so
     * a failed save never leaves half a file.
     *
     * @throws IOException if the file cannot be written (see {@link ExportFlow#reason})
     */
    public void writeCsv(Path file) throws IOException {
        ExportFlow.atomically(file, ".csv", tmp -> {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                writeCsv(w);
            }
        });
    }

    /** @return this table as an export's content: a CSV file, reported by its row count ("25 rows"). */
    public ExportFlow.Content csv() {
        return file -> {
            writeCsv(file);
            return ExportFlow.rows(rows.size());
        };
    }
}
