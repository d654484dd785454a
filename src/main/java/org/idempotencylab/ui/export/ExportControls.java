package org.idempotencylab.ui.export;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.util.StringConverter;
import org.idempotencylab.ui.Texts;

/** The export controls every results view shares: the PNG scale choice, and copying a table to the clipboard. */
public final class ExportControls {
    private static final Texts TEXTS = Texts.of(ExportControls.class);

    /** The PNG scales offered: screen pixels, and two sharper ones for slides and print. */
    public static final List<Integer> SCALES = List.of(1, 2, 4);

    /** Ctrl+C (Cmd+C on a Mac). */
    public static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private ExportControls() {
    }

    /** Offers 1×, 2× and 4×, starting at 2×. */
    public static void scaleChoice(ChoiceBox<Integer> box) {
        box.getItems().setAll(SCALES);
        box.setValue(2);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer n) {
                return n == null ? "" : TEXTS.format("scale.label", n);
            }

            @Override
            public Integer fromString(String s) {
                return Integer.valueOf(s.replaceAll("[^0-9]", ""));
            }
        });
        box.setTooltip(new Tooltip(TEXTS.get("scale.tooltip")));
    }

    /**
     * Shows {@code t} in {@code view}: its header as the columns, its rows as text. Each column is as wide as its
     * header in the headers' own type (larger in presentation mode), so a column name is never broken inside
     * ("succeede / d"); the column {@code wide} (e.g. the strategy's name) gets room for a long value.
     */
    public static void show(TableView<List<String>> view, ResultTable t, int wide) {
        Font plain = view.getPlaceholder() instanceof Label p ? p.getFont() : Font.getDefault(); // the view's type
        Font font = view.lookup(".column-header .label") instanceof Label header ? header.getFont()
                : Font.font(plain.getFamily(), FontWeight.BOLD, plain.getSize()); // before the first header
        List<TableColumn<List<String>, String>> columns = new ArrayList<>();
        for (int c = 0; c < t.header().size(); c++) {
            int index = c;
            TableColumn<List<String>, String> col = new TableColumn<>(t.header().get(c));
            col.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().get(index)));
            col.setSortable(false);
            Text name = new Text(t.header().get(c));
            name.setFont(font);
            col.setPrefWidth(c == wide ? 330 : Math.max(80, Math.ceil(name.getLayoutBounds().getWidth()) + 24));
            columns.add(col);
        }
        view.getColumns().setAll(columns);
        view.getItems().setAll(t.rows());
    }

    /** @return the table as it shows: its visible columns' headers and every row's cells as text. */
    public static <S> ResultTable shown(TableView<S> table) {
        List<TableColumn<S, ?>> columns = table.getVisibleLeafColumns();
        List<String> header = columns.stream().map(TableColumn::getText).toList();
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < table.getItems().size(); i++) {
            List<String> row = new ArrayList<>();
            for (TableColumn<S, ?> c : columns) {
                Object v = c.getCellData(i);
                row.add(v == null ? "" : v.toString());
            }
            rows.add(row);
        }
        return new ResultTable(header, rows);
    }

    /** Puts {@code text} on the system clipboard. Must be called on the FX thread. */
    public static void copy(String text) {
        ClipboardContent c = new ClipboardContent();
        c.putString(text);
        Clipboard.getSystemClipboard().setContent(c);
    }

    /**
     * Copies {@code table} as it shows (header included, tab-separated) to the clipboard and tells {@code status}
     * ("Copied the table (5 rows) to the clipboard"). Must be called on the FX thread.
     */
    public static void copyShown(TableView<?> table, Consumer<String> status) {
        ResultTable t = shown(table);
        copy(t.tsv());
        status.accept(TEXTS.format("copied", t.rows().size()));
    }

    /** Makes Ctrl+C on {@code table} do {@link #copyShown}. */
    public static void copyOnShortcut(TableView<?> table, Consumer<String> status) {
        table.setOnKeyPressed(e -> {
            if (COPY.match(e)) {
                copyShown(table, status);
                e.consume();
            }
        });
    }
}
