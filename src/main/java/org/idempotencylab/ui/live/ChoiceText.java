package org.idempotencylab.ui.live;

import java.util.List;
import java.util.function.Function;
import javafx.util.StringConverter;

/** The words a choice box of the live view shows for its items, and the item a word stands for. */
final class ChoiceText {
    private ChoiceText() {
    }

    /** @return a converter showing each of {@code items} as {@code text} says ("" for none) */
    static <T> StringConverter<T> of(List<T> items, Function<T, String> text) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : text.apply(t);
            }

            @Override
            public T fromString(String s) {
                return items.stream().filter(t -> text.apply(t).equals(s)).findFirst().orElse(null);
            }
        };
    }
}
