package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import javafx.beans.property.ReadOnlyLongProperty;
import org.idempotencylab.ui.VirtualTime;

/**
 * What a {@link CountdownCell} needs of a row: the virtual ms at which something runs out (a key's TTL, a claim's
 * lease, a lock's TTL), how long that span is, and the text to show. Implemented by the key rows
 * ({@link ExpiringRow}) and by the claim and lock rows ({@link ClaimTableRow}, {@link LockTableRow}).
 */
public interface CountdownRow {
    /** @return virtual ms at which the countdown reaches 0; {@link Long#MAX_VALUE} while there is none. */
    long expiresAtMs();

    /**
     * @return {@link #expiresAtMs()} as a property: the cell listens to it, so a row whose end moves (a key that
     *         finishes, a lease that is reclaimed) redraws its countdown
     */
    ReadOnlyLongProperty expiresAtMsProperty();

    /** @return the whole span being counted down (a TTL, a lease), virtual ms, at least 1: the bar's full length. */
    long ttlMs();

    /**
     * @param nowMs virtual ms now
     * @return virtual ms left before {@link #expiresAtMs()}, at least 0; {@link Long#MAX_VALUE} while there is none
     */
    default long remainingMs(long nowMs) {
        long at = expiresAtMs();
        return at == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, at - nowMs);
    }

    /**
     * @param nowMs virtual ms now
     * @return the part of {@link #ttlMs()} still left, 0..1 (1 while there is no countdown)
     */
    default double remainingFraction(long nowMs) {
        long left = remainingMs(nowMs);
        return left == Long.MAX_VALUE ? 1 : Math.min(1, (double) left / ttlMs());
    }

    /**
     * @param nowMs virtual ms now
     * @return true once the countdown is over (by default when nothing is left): the cell drops its bar and
     *         shows the text in the {@code :expired} style
     */
    default boolean expired(long nowMs) {
        return remainingMs(nowMs) == 0;
    }

    /**
     * @param nowMs virtual ms now
     * @return the cell's text: {@code running} while there is no countdown, else the time left as
     *         {@link VirtualTime#countdown} writes it ({@code 23.4 s})
     */
    default String countdownText(long nowMs) {
        long left = remainingMs(nowMs);
        return left == Long.MAX_VALUE ? TEXTS.get("state.running") : VirtualTime.countdown(left);
    }
}
