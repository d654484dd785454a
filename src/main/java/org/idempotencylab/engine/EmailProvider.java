package org.idempotencylab.engine;

import org.idempotencylab.store.ExpiringKeySet;

/**
 * The welcome-email provider. It honours idempotency keys the way Stripe's API does: it sends one email per key
 * it remembers, and remembers a key for {@code keyTtlMs} (article 1: "the provider sends one email per key it
 * has seen"; Stripe may remove keys once they are at least 24 hours old). A call without a key always sends.
 */
public final class EmailProvider {
    /** Pass as the key when the caller sends none. */
    public static final long NO_KEY = 0;

    private final ExpiringKeySet seen;
    private long emailsSent;
    private long sendsSuppressed;

    /** @param keyTtlMs how long a key is remembered, virtual ms, at least 1 */
    public EmailProvider(long keyTtlMs) {
        this.seen = new ExpiringKeySet(keyTtlMs);
    }

    /**
     * A call that reached the provider.
     *
     * @param key   the idempotency key, or {@link #NO_KEY}
     * @param nowMs virtual time of the call
     * @return true if an email went out (the side effect happened), false if the key was already seen
     */
    public boolean send(long key, long nowMs) {
        if (key != NO_KEY && !seen.add(key, nowMs)) {
            sendsSuppressed++;
            return false;
        }
        emailsSent++;
        return true;
    }

    /**
     * Forgets {@code key} before its TTL: for callers that know the key can never be sent again.
     *
     * @return true if the key was remembered
     */
    public boolean forget(long key) {
        return seen.forget(key);
    }

    /** Sets who hears the provider's keys come and go (for the live view). */
    public void setKeyListener(ExpiringKeySet.Listener listener) {
        seen.setListener(listener);
    }

    /** Forgets the keys whose TTL has run out at {@code nowMs} (otherwise done lazily at the next send). */
    public void expire(long nowMs) {
        seen.expire(nowMs);
    }

    /** @return virtual ms at which the next remembered key expires, or {@link Long#MAX_VALUE}. */
    public long nextExpiryMs() {
        return seen.nextExpiryMs();
    }

    /** @return virtual ms at which the last remembered key expires, or {@link Long#MIN_VALUE}. */
    public long lastExpiryMs() {
        return seen.lastExpiryMs();
    }

    /** @return true if the provider remembers {@code key} at {@code nowMs} (virtual ms); false for {@link #NO_KEY} */
    public boolean knows(long key, long nowMs) {
        return key != NO_KEY && seen.contains(key, nowMs);
    }

    /** @return emails that went out. */
    public long emailsSent() {
        return emailsSent;
    }

    /** @return calls whose key had been seen, so no email went out. */
    public long sendsSuppressed() {
        return sendsSuppressed;
    }

    /** @return keys remembered now. */
    public int rememberedKeys() {
        return seen.size();
    }
}
