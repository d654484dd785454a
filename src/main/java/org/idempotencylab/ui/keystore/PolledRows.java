package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.collections.ObservableList;

/**
 * The rows of a table that can only be polled (the claim table, which may live in a database; the lock store):
 * each poll hands over a whole snapshot in the store's order, and {@link #show} turns it into the observable
 * list with the row objects kept by key. A key seen before keeps its row object, updated in place, so a table's
 * selection and scroll position survive; new keys get a new row; keys gone lose theirs.
 *
 * <p>At most one removal and one addition change event per {@link #show}: rows whose key is gone, and any rows
 * that changed place (rare: a key released and claimed again, which moves it to the end) with every row after
 * them, are removed in one change; the rest of the snapshot is appended in one change. A row that changed place
 * is the same object when it comes back. Cost: O(snapshot) per call. One thread (the FX thread in the lab).
 *
 * @param <S> the snapshot type the store returns, one per key
 * @param <R> the row type the table shows (identity matters: do not override {@code equals})
 */
final class PolledRows<S, R> {
    private final BatchList<R> rows = new BatchList<>();
    private final Function<S, String> keyOf;
    private final Function<S, R> create;
    private final BiConsumer<R, S> update;
    private Map<String, R> byKey = new HashMap<>();

    /**
     * @param keyOf  the snapshot's key (unique within one snapshot)
     * @param create a new row for a key not shown before
     * @param update copies a snapshot's values into the row already shown for its key
     */
    PolledRows(Function<S, String> keyOf, Function<S, R> create, BiConsumer<R, S> update) {
        this.keyOf = keyOf;
        this.create = create;
        this.update = update;
    }

    /**
     * Shows exactly {@code snapshot}, in its order (a key twice keeps its first place).
     *
     * @param snapshot what the store holds now, in the order to show
     */
    void show(List<S> snapshot) {
        Map<String, R> nextByKey = new HashMap<>(Math.max(16, snapshot.size() * 2));
        List<R> next = new ArrayList<>(snapshot.size());
        for (S s : snapshot) {
            String key = keyOf.apply(s);
            if (nextByKey.containsKey(key)) {
                continue;
            }
            R row = byKey.get(key);
            if (row == null) {
                row = create.apply(s);
            } else {
                update.accept(row, s);
            }
            nextByKey.put(key, row);
            next.add(row);
        }
        Set<R> inNext = Collections.newSetFromMap(new IdentityHashMap<>());
        inNext.addAll(next);
        // keep the rows shown that already stand in the snapshot's order; drop the rest and append what follows
        Set<R> drop = Collections.newSetFromMap(new IdentityHashMap<>());
        int kept = 0;
        boolean inOrder = true;
        for (R r : rows) {
            if (inOrder && kept < next.size() && next.get(kept) == r) {
                kept++;
                continue;
            }
            drop.add(r);
            if (inNext.contains(r)) {
                inOrder = false; // r moved: it and every row after it come back in the snapshot's order
            }
        }
        if (!drop.isEmpty()) {
            rows.removeMatching(drop::contains);
        }
        rows.appendAll(next.subList(kept, next.size()));
        byKey = nextByKey;
    }

    /** Removes every row (one change, none if empty). */
    void clear() {
        rows.clearAll();
        byKey = new HashMap<>();
    }

    /** @return the rows shown, in the last snapshot's order; read-only, changed only by {@link #show}. */
    ObservableList<R> list() {
        return rows;
    }

    /**
     * @param shown how many rows a table shows (its limit was reached if fewer than {@code total})
     * @param total how many rows the store holds
     * @param noun  what a row is, plural ({@code rows}, {@code locks})
     * @param order which rows come first, e.g. {@code in_progress first, then the oldest}
     * @return {@code Showing 500 of 1,234 rows (in_progress first, then the oldest).} when some are not shown,
     *         else the empty text
     */
    static String shownNote(int shown, long total, String noun, String order) {
        return total > shown ? TEXTS.format("status.limited", shown, total, noun, order) : "";
    }
}
