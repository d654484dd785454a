package org.idempotencylab.ui.keystore;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyLongProperty;

/**
 * What the key tables' shared cells need of a row: when it expires, its TTL, and a counter that goes up when
 * the row should flash. Implemented by {@link KeyRow} and {@link ProviderKeyRow}.
 */
public interface ExpiringRow {
    /** @return virtual ms at which the key is forgotten; {@link Long#MAX_VALUE} while it has no expiry yet. */
    long expiresAtMs();

    /** @return {@link #expiresAtMs()} as a property (created on first call: only visible cells ask for it). */
    ReadOnlyLongProperty expiresAtMsProperty();

    /** @return the TTL the key was stored with, virtual ms, at least 1. */
    long ttlMs();

    /** @return a counter that goes up each time the key saves work (a hit, a shared run, a suppressed send). */
    ReadOnlyIntegerProperty flashCountProperty();

    /** @return the key as text, as the article writes it ({@code SignupKeys.describe}). */
    String keyText();

    /**
     * @param nowMs virtual ms now
     * @return virtual ms left before the key expires, at least 0; {@link Long#MAX_VALUE} while it has no expiry
     */
    default long remainingMs(long nowMs) {
        long at = expiresAtMs();
        return at == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, at - nowMs);
    }

    /**
     * @param nowMs virtual ms now
     * @return the part of the TTL still left, 0..1 (1 while the key has no expiry yet)
     */
    default double remainingFraction(long nowMs) {
        long left = remainingMs(nowMs);
        return left == Long.MAX_VALUE ? 1 : Math.min(1, (double) left / ttlMs());
    }
}
