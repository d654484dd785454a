package org.idempotencylab.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The claim table's {@code result} column as JSON on both databases ({@code JSONB} on PostgreSQL, {@code TEXT}
 * holding JSON on SQLite, see {@link SqlDialect}): a saved result is stored as a JSON string value.
 */
final class ResultJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultJson() {
    }

    /** @return {@code result} as a JSON string value, so the column holds JSON on both databases. */
    static String encode(String result) {
        if (result == null) {
            return null;
        }
        try {
            return JSON.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a text cannot fail to encode as JSON", e);
        }
    }

    /**
     * @return the text of a JSON string value (what {@link #encode} wrote), or any other JSON as the database
     *         gives it (an object written by the article's own statements, say)
     */
    static String decode(String json) {
        if (json == null) {
            return null;
        }
        try {
            JsonNode node = JSON.readTree(json);
            return node != null && node.isTextual() ? node.textValue() : json;
        } catch (JsonProcessingException e) {
            return json; // not JSON (a SQLite text written by hand): as it is
        }
    }
}
