package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.Formatter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A text of {@code texts.properties} with {@code %s} or {@code %d} placeholders, read once and filled in without
 * {@link String#format}: the event log writes up to two thousand lines a frame at high speed, and a
 * {@link Formatter} per line would take a good part of the frame. Takes {@code %s} and {@code %d} in
 * order, {@code %2$s} or {@code %2$d} indices, and {@code %%}; the same text through {@code String.format} gives the same
 * result for strings and whole numbers.
 */
final class Template {
    private static final Pattern PLACEHOLDER = Pattern.compile("%(?:(\\d+)\\$)?([sd%])");
    private final String[] literals; // literals[i] comes before argument slots[i]; the last one ends the text
    private final int[] slots;

    private Template(String[] literals, int[] slots) {
        this.literals = literals;
        this.slots = slots;
    }

    /**
     * @param text a text with placeholders
     * @throws IllegalArgumentException if it has a placeholder other than {@code %s}, {@code %d}, {@code %n$s},
     *                                  {@code %n$d} and {@code %%} (use {@code String.format} for those)
     */
    static Template of(String text) {
        List<String> literals = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        Matcher m = PLACEHOLDER.matcher(text);
        int at = 0;
        int next = 0;
        while (m.find()) {
            literal.append(plain(text, at, m.start()));
            at = m.end();
            if (m.group(2).equals("%")) {
                literal.append('%');
                continue;
            }
            literals.add(literal.toString());
            literal.setLength(0);
            slots.add(m.group(1) == null ? next++ : Integer.parseInt(m.group(1)) - 1);
        }
        literal.append(plain(text, at, text.length()));
        literals.add(literal.toString());
        return new Template(literals.toArray(String[]::new), slots.stream().mapToInt(Integer::intValue).toArray());
    }

    /** @return {@code text} from {@code from} to {@code to}, which must hold no other placeholder. */
    private static String plain(String text, int from, int to) {
        String part = text.substring(from, to);
        if (part.indexOf('%') >= 0) {
            throw new IllegalArgumentException("only %s, %d, %n$s, %n$d and %% are filled in: " + text);
        }
        return part;
    }

    /** @return true if the text puts in argument {@code index} (0-based). */
    boolean uses(int index) {
        for (int slot : slots) {
            if (slot == index) {
                return true;
            }
        }
        return false;
    }

    /** @return the text with {@code args} in its placeholders (unused arguments are ignored). */
    String fill(Object... args) {
        StringBuilder b = new StringBuilder(64);
        for (int i = 0; i < slots.length; i++) {
            b.append(literals[i]).append(args[slots[i]]);
        }
        return b.append(literals[slots.length]).toString();
    }
}
