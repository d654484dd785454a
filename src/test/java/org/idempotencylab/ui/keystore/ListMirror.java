package org.idempotencylab.ui.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * Rebuilds a list from its change events alone, and counts the events: what a TableView sees. Only adds and
 * removes are expected (the key tables never permute or "update" rows; rows change through their properties).
 */
final class ListMirror<T> implements ListChangeListener<T> {
    final List<T> copy = new ArrayList<>();
    int events;

    ListMirror(ObservableList<T> list) {
        copy.addAll(list);
        list.addListener(this);
    }

    @Override
    public void onChanged(Change<? extends T> c) {
        events++;
        while (c.next()) {
            assertFalse(c.wasPermutated() || c.wasUpdated(), "only adds and removes");
            if (c.wasRemoved()) {
                assertEquals(c.getRemoved(), copy.subList(c.getFrom(), c.getFrom() + c.getRemovedSize()));
                copy.subList(c.getFrom(), c.getFrom() + c.getRemovedSize()).clear();
            }
            if (c.wasAdded()) {
                copy.addAll(c.getFrom(), c.getAddedSubList());
            }
        }
    }
}
