package org.idempotencylab.ui.export;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.util.StringConverter;

/** The export controls every results view shares: the PNG scale choice, and copying a table to the clipboard. */
public final class ExportControls {
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
                return n == null ? "" : n + "×";
            }

            @Override
            public Integer fromString(String s) {
                return Integer.valueOf(s.replace("×", "").strip());
            }
        });
        box.setTooltip(new Tooltip("PNG size: 1× is the size on screen, 2× and 4× are sharper for slides and print"));
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

    /** Makes Ctrl+C on {@code table} copy it, header included, tab-separated; calls {@code after} with the row count. */
    public static void copyOnShortcut(TableView<?> table, java.util.function.IntConsumer after) {
        table.setOnKeyPressed(e -> {
            if (COPY.match(e)) {
                ResultTable t = shown(table);
                copy(t.tsv());
                after.accept(t.rows().size());
                e.consume();
            }
        });
    }
}
