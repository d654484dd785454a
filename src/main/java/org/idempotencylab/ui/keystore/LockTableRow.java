package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import org.idempotencylab.store.LockOnlyStore.LockRow;
import org.idempotencylab.ui.VirtualTime;

/**
 * One lock of the lock-only store (Redis {@code SET key owner NX PX ttl}, the second article's counter-example)
 * as the key store view shows it: the same object for the same key from poll to poll, updated in place by
 * {@link LockTableViewModel#refresh}. A lock lives while {@code now < expiresAtMs}; past that it is expired, and
 * stays listed while the store still holds it. Read on the FX thread.
 */
public final class LockTableRow extends PolledRow {

    LockTableRow(LockRow lock) {
        super(lock.key());
        update(lock);
    }

    /**
     * Takes {@code lock}'s values (same key; a new owner after the old lock expired): the countdown runs to the
     * virtual ms the lock is gone (acquire time + TTL). A property fires only if its value changed.
     */
    void update(LockRow lock) {
        set(lock.owner(), lock.expiresAtMs());
    }

    /** @return true if the lock is past its TTL at {@code nowMs} ({@code nowMs >= expiresAtMs}). */
    @Override
    public boolean expired(long nowMs) {
        return nowMs >= expiresAtMs();
    }

    /**
     * @param nowMs virtual ms now
     * @return the time left while held, as the other key tables write it ({@code 3.2 s}, rounded up as
     *         {@link VirtualTime#countdown}); once past the TTL, {@code expired 1.5 s ago}, or
     *         {@code expired just now} at the very ms
     */
    @Override
    public String countdownText(long nowMs) {
        if (!expired(nowMs)) {
            return VirtualTime.countdown(remainingMs(nowMs));
        }
        long ago = nowMs - expiresAtMs();
        return ago == 0 ? TEXTS.get("lock.expiredNow") : TEXTS.format("lock.expired", VirtualTime.countdown(ago));
    }

    @Override
    public String toString() {
        return key() + " " + owner();
    }
}
