package org.idempotencylab.ui.keystore;

import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * What a row of a polled store (a claim, a lock) has besides its own columns: a key that never changes (the row
 * is kept by it), the owner who holds it, the virtual ms its countdown runs to, and the span the bar is drawn
 * against. Updated in place by its view-model; a property fires only when its value changes. Read on the FX
 * thread.
 */
abstract class PolledRow implements CountdownRow {
    private final String key;
    private final ReadOnlyStringWrapper owner = new ReadOnlyStringWrapper(this, "owner");
    private final ReadOnlyLongWrapper expiresAtMs = new ReadOnlyLongWrapper(this, "expiresAtMs");
    private long spanMs = 1;

    PolledRow(String key) {
        this.key = key;
    }

    /**
     * @param owner       who holds the key now
     * @param expiresAtMs virtual ms the countdown runs to; {@link Long#MAX_VALUE} for none
     */
    void set(String owner, long expiresAtMs) {
        this.owner.set(owner);
        this.expiresAtMs.set(expiresAtMs);
    }

    /** @param spanMs the lease or TTL the bar is drawn against, virtual ms (at least 1 is used). */
    void span(long spanMs) {
        this.spanMs = Math.max(1, spanMs);
    }

    /** @return the key, as the store writes it. */
    public String key() {
        return key;
    }

    /** @return who holds the key (or, for a completed claim, who completed it). */
    public String owner() {
        return owner.get();
    }

    public ReadOnlyStringProperty ownerProperty() {
        return owner.getReadOnlyProperty();
    }

    /** @return virtual ms the countdown runs to (see the row type); {@link Long#MAX_VALUE} while there is none. */
    @Override
    public long expiresAtMs() {
        return expiresAtMs.get();
    }

    @Override
    public ReadOnlyLongProperty expiresAtMsProperty() {
        return expiresAtMs.getReadOnlyProperty();
    }

    /**
     * @return the lease or TTL the run uses, as the view-model measured it from the rows, virtual ms, at least 1:
     *         the bar's full length
     */
    @Override
    public long ttlMs() {
        return spanMs;
    }
}
