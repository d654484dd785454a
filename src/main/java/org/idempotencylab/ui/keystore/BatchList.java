package org.idempotencylab.ui.keystore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import javafx.collections.ObservableListBase;

/**
 * An observable list that changes only in batches, one change event per batch: {@link #appendAll} and
 * {@link #removeMatching}. Read-only to everyone else ({@code add}, {@code set}, {@code remove} throw
 * {@link UnsupportedOperationException}), so a TableView showing it cannot be sorted (its columns are not
 * sortable).
 *
 * <p>Why not {@code FXCollections.observableArrayList()}: in JavaFX 21 its {@code removeIf} is the
 * {@code Collection} default, which removes row by row, one change event and one array shift each (75,000 rows
 * out of 100,000: 75,000 events); its {@code removeAll} and {@code subList(..).clear()} send one event but still
 * shift the array once per row (seconds for the same 75,000). Here a removal is one compaction pass, O(size), and
 * one event whose sub-changes are the removed runs; expired keys sit at the front, so usually one run.
 *
 * @param <T> the row type
 */
final class BatchList<T> extends ObservableListBase<T> {
    private Object[] items = new Object[16];
    private int size;

    @Override
    @SuppressWarnings("unchecked")
    public T get(int index) {
        Objects.checkIndex(index, size);
        return (T) items[index];
    }

    @Override
    public int size() {
        return size;
    }

    /** Appends {@code rows} at the end, in their order, as one change (none if {@code rows} is empty). */
    void appendAll(Collection<? extends T> rows) {
        if (rows.isEmpty()) {
            return;
        }
        if (size + rows.size() > items.length) {
            items = Arrays.copyOf(items, Math.max(items.length * 2, size + rows.size()));
        }
        int from = size;
        for (T row : rows) {
            items[size++] = row;
        }
        beginChange();
        nextAdd(from, size);
        endChange();
    }

    /**
     * Removes every row that matches, keeping the others in order, as one change (none if nothing matched).
     *
     * @return how many rows were removed
     */
    @SuppressWarnings("unchecked")
    int removeMatching(Predicate<? super T> removed) {
        int kept = 0;
        int gone = 0;
        int i = 0;
        boolean changing = false;
        while (i < size) {
            T row = (T) items[i];
            if (!removed.test(row)) {
                items[kept++] = row;
                i++;
                continue;
            }
            int runStart = i;
            while (i < size && removed.test((T) items[i])) {
                i++;
            }
            List<T> run = new ArrayList<>(i - runStart);
            for (int k = runStart; k < i; k++) {
                run.add((T) items[k]);
            }
            if (!changing) {
                beginChange();
                changing = true;
            }
            nextRemove(kept, run); // index in the list as it is after the earlier runs went
            gone += run.size();
        }
        if (!changing) {
            return 0;
        }
        Arrays.fill(items, kept, size, null);
        size = kept;
        endChange();
        return gone;
    }

    /** Removes every row as one change (none if empty). */
    void clearAll() {
        removeMatching(row -> true);
    }
}
