package org.idempotencylab.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A scenario file that cannot be read: too large, not UTF-8, bad JSON, a missing or unknown field, a value of the
 * wrong type or outside its allowed range. Each {@link Problem} names the field by its JSON path (for example
 * {@code scenario.pFail}), the value as the file has it (at most {@value ParameterException#QUOTE_AT_MOST}
 * characters of it), and what is allowed: {@code scenario.pFail: 1.5 is outside the allowed range 0 to 1}; or the
 * line, for a file that is not JSON: {@code line 7: the file ends early (truncated JSON)}.
 *
 * <p>A file that parses as JSON lists every problem it holds, in file order, up to {@link #LIMIT}; a file that
 * does not parse, or is too large or not UTF-8, has one. {@link #getMessage()} is the problems' lines joined with
 * {@code \n}, one problem a line, so a file with one problem gives one line.
 */
public final class ScenarioFileException extends IllegalArgumentException {
    /** Most problems one exception lists; a line at the end counts the rest. */
    public static final int LIMIT = 20;

    /**
     * One problem of a file.
     *
     * @param field   the JSON path of the field, e.g. {@code scenario.pFail}, {@code line 7} for a syntax error, or
     *                {@code file} for the file as a whole
     * @param message what is wrong and what is allowed, without the field; one line
     */
    public record Problem(String field, String message) {
        /** @return {@code field: message}, the line a person reads */
        public String line() {
            return field + ": " + message;
        }
    }

    private final transient List<Problem> problems;
    private final int count;

    /**
     * @param field   the JSON path of the field, e.g. {@code scenario.pFail}, or {@code line 7} for a syntax error
     * @param problem what is wrong and what is allowed, without the field
     */
    ScenarioFileException(String field, String problem) {
        this(List.of(new Problem(field, problem)), 1);
    }

    /**
     * @param problems the problems to list, in file order, 1 to {@link #LIMIT}
     * @param count    how many the file holds in all, at least {@code problems.size()}
     */
    ScenarioFileException(List<Problem> problems, int count) {
        super(text(problems, count));
        this.problems = List.copyOf(problems);
        this.count = count;
    }

    private static String text(List<Problem> problems, int count) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a scenario file exception lists at least one problem");
        }
        List<String> lines = new ArrayList<>();
        problems.forEach(p -> lines.add(p.line()));
        if (count > problems.size()) {
            lines.add(moreLine(count - problems.size(), problems.size()));
        }
        return String.join("\n", lines);
    }

    /** @return the last line of a message that does not list every problem */
    static String moreLine(int more, int listed) {
        return String.format(Locale.ROOT, "... and %,d more problem%s (the first %d are listed)", more,
                more == 1 ? "" : "s", listed);
    }

    /** @return the JSON path of the first problem's field ({@code strategies[1].store}), or {@code line N}. */
    public String field() {
        return problems.get(0).field();
    }

    /** @return the problems listed, in file order: 1 to {@link #LIMIT} */
    public List<Problem> problems() {
        return problems;
    }

    /** @return how many problems the file holds, listed or not (at least 1) */
    public int count() {
        return count;
    }

    /** @return the message's lines: one per problem listed, and one counting the rest if some are not */
    public List<String> lines() {
        return getMessage().lines().toList();
    }
}
