package org.idempotencylab.ui;

import java.util.function.Function;
import javafx.util.StringConverter;

/** The words a choice list shows for its items, read-only: a list is chosen from, never typed into. */
public final class ListLabels {
    private ListLabels() {
    }

    /** @return a converter that shows each item as {@code label} says it, and nothing for none */
    public static <T> StringConverter<T> of(Function<T, String> label) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : label.apply(t);
            }

            @Override
            public T fromString(String s) {
                throw new UnsupportedOperationException("a list's labels are read-only");
            }
        };
    }
}
