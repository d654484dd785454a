package org.idempotencylab.store;

/** Argument checks shared by the claim stores, with the project's message form: field, value, allowed range. */
final class ClaimArgs {
    private ClaimArgs() {
    }

    static void text(String field, String value, int maxLength) {
        if (value == null || value.isEmpty() || value.length() > maxLength) {
            String shown = value == null ? "null" : value.isEmpty() ? "''"
                    : "a text of " + value.length() + " characters";
            throw new IllegalArgumentException(field + ": " + shown + " is outside the allowed range 1 to "
                    + maxLength + " characters");
        }
    }

    static void claim(String key, String fingerprint, String owner, long nowMs, long leaseMs) {
        text("key", key, ClaimStore.MAX_KEY_LENGTH);
        text("fingerprint", fingerprint, ClaimStore.MAX_FINGERPRINT_LENGTH);
        text("owner", owner, ClaimStore.MAX_OWNER_LENGTH);
        now(nowMs);
        lease(nowMs, leaseMs);
    }

    static void renew(String key, String owner, long nowMs, long leaseMs) {
        keyOwner(key, owner);
        now(nowMs);
        lease(nowMs, leaseMs);
    }

    private static void lease(long nowMs, long leaseMs) {
        if (leaseMs < 1 || leaseMs > Long.MAX_VALUE - nowMs) {
            throw new IllegalArgumentException("leaseMs: " + leaseMs + " is outside the allowed range 1 to "
                    + (Long.MAX_VALUE - nowMs) + " ms (Long.MAX_VALUE - nowMs)");
        }
    }

    static void now(long nowMs) {
        if (nowMs < 0) {
            throw new IllegalArgumentException("nowMs: " + nowMs + " is outside the allowed range 0 to "
                    + Long.MAX_VALUE + " ms");
        }
    }

    static void keyOwner(String key, String owner) {
        text("key", key, ClaimStore.MAX_KEY_LENGTH);
        text("owner", owner, ClaimStore.MAX_OWNER_LENGTH);
    }

    static void limit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit: " + limit + " is outside the allowed range 0 to "
                    + Integer.MAX_VALUE);
        }
    }
}
