package org.idempotencylab.scenario;

import java.util.Locale;
import java.util.Optional;

/**
 * One of a few named values a parameter or a strategy part takes (a queue kind, a retry scope, a store): named
 * the same way on the command line, in scenario files and in the window's lists.
 *
 * <p>The shape every choice shares: an enum that implements this interface, whose constants are its values. Its
 * name on the command line and in files is the constant's name in lower case with hyphens
 * ({@code CHECK_THEN_INSERT} is {@code check-then-insert}) unless it overrides {@link #cliName()}; its words in
 * the window are that name unless it overrides {@link #label()}. {@link #parse} reads one from text with the
 * standard bad-input message, so a new choice is one enum with its constants.
 */
public interface Choice {
    /** @return the constant's name, e.g. {@code CLAIM_TABLE} (every enum has it). */
    String name();

    /** @return the name on the command line and in files, lower case with hyphens, e.g. {@code claim-table}. */
    default String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @return the words a person reads in the window's lists, e.g. "durable (redelivered)"; the name by default. */
    default String label() {
        return cliName();
    }

    /**
     * @param values the allowed values, e.g. {@code QueueKind.values()}
     * @param text   a {@link #cliName()} in any case; surrounding spaces are ignored; null finds nothing
     * @return the value whose name it is, if any
     */
    static <C extends Choice> Optional<C> find(C[] values, String text) {
        String t = text == null ? "" : text.strip();
        for (C c : values) { // a loop, as names: streams' first use is slow, and every command's start reads some
            if (c.cliName().equalsIgnoreCase(t)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * Reads a choice as typed on the command line or in a plain configuration.
     *
     * @param field  the name the message gives the value, e.g. {@code --store}
     * @param values the allowed values
     * @param text   as {@link #find} takes it
     * @return the value it names
     * @throws IllegalArgumentException "{@code --store: 'disk' is not one of none, memory, claim-table, lock}": the
     *                                  field, the value (shortened, control characters escaped) and the names
     */
    static <C extends Choice> C parse(String field, C[] values, String text) {
        return find(values, text).orElseThrow(() -> new IllegalArgumentException(field + ": "
                + ParameterException.quoted(String.valueOf(text)) + " is not one of " + names(values)));
    }

    /** @return the values' names in order, separated by commas: "memory, durable" */
    static String names(Choice[] values) {
        StringBuilder b = new StringBuilder();
        for (Choice c : values) {
            b.append(b.length() == 0 ? "" : ", ").append(c.cliName());
        }
        return b.toString();
    }
}
