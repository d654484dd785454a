package org.idempotencylab.scenario;

/**
 * A scenario file that cannot be read: bad JSON, a missing or unknown field, a value of the wrong type or outside
 * its allowed range. The message names the field by its JSON path (for example {@code scenario.pFail}), the value
 * as the file has it, and what is allowed:
 * {@code scenario.pFail: 1.5 is outside the allowed range 0 to 1}, or the line for JSON that does not parse:
 * {@code line 7: the file ends early (truncated JSON)}.
 */
public final class ScenarioFileException extends IllegalArgumentException {
    private final String field;

    /**
     * @param field   the JSON path of the field, e.g. {@code scenario.pFail}, or {@code line 7} for a syntax error
     * @param problem what is wrong and what is allowed, without the field
     */
    ScenarioFileException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    /** @return the JSON path of the field at fault ({@code strategies[1].store}), or {@code line N}. */
    public String field() {
        return field;
    }
}
