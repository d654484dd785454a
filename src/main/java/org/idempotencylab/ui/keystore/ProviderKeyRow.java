package org.idempotencylab.ui.keystore;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import org.idempotencylab.engine.WorkflowSteps;

/**
 * One idempotency key the email provider remembers (article 1: "the provider sends one email per key it has
 * seen"; Stripe keeps keys at least 24 hours), from the call that first sent it until {@code addedAtMs + ttlMs}.
 * Sending it again does not extend that. Changes are published once per frame by the {@link KeyStoreViewModel};
 * properties are created on first use. Read on the FX thread.
 */
public final class ProviderKeyRow implements ExpiringRow {
    private final long key;
    private final long addedAtMs;
    private final long expiresAtMs;
    private final long ttlMs;
    private final WorkflowSteps steps; // the run's: the provider's keys carry its key step's name
    private String keyText;
    private ReadOnlyLongWrapper expiresAtMsProperty;
    private long suppressed;
    private ReadOnlyLongWrapper suppressedProperty;
    private int flashCount;
    private ReadOnlyIntegerWrapper flashCountProperty;

    // written by the provider's callbacks, published by publish()
    long nextSuppressed;
    int nextFlashCount;
    boolean dirty;
    boolean removed;
    boolean listed;

    ProviderKeyRow(WorkflowSteps steps, long key, long addedAtMs, long expiresAtMs) {
        this.steps = steps;
        this.key = key;
        this.addedAtMs = addedAtMs;
        this.expiresAtMs = expiresAtMs;
        this.ttlMs = Math.max(1, expiresAtMs - addedAtMs);
    }

    void publish() {
        if (suppressedProperty == null) {
            suppressed = nextSuppressed;
        } else {
            suppressedProperty.set(nextSuppressed);
        }
        if (flashCountProperty == null) {
            flashCount = nextFlashCount;
        } else {
            flashCountProperty.set(nextFlashCount);
        }
    }

    /** @return the provider key (see {@code SignupKeys}). */
    public long key() {
        return key;
    }

    /** @return the key as text, e.g. {@code welcome-email:user_42}, or {@code welcome-email:user_42:7} if fresh. */
    @Override
    public String keyText() {
        if (keyText == null) {
            keyText = steps.describeKey(key, steps.keyStep());
        }
        return keyText;
    }

    /** @return virtual ms of the call that first sent the key. */
    public long addedAtMs() {
        return addedAtMs;
    }

    /** @return virtual ms at which the provider forgets the key. */
    @Override
    public long expiresAtMs() {
        return expiresAtMs;
    }

    /** @return {@link #expiresAtMs()}, which never changes, as a property. */
    @Override
    public ReadOnlyLongProperty expiresAtMsProperty() {
        if (expiresAtMsProperty == null) {
            expiresAtMsProperty = new ReadOnlyLongWrapper(this, "expiresAtMs", expiresAtMs);
        }
        return expiresAtMsProperty.getReadOnlyProperty();
    }

    /** @return the provider's key TTL, virtual ms. */
    @Override
    public long ttlMs() {
        return ttlMs;
    }

    /** @return calls with this key that sent no email because the provider knew it (duplicates stopped). */
    public long suppressed() {
        return suppressedProperty == null ? suppressed : suppressedProperty.get();
    }

    public ReadOnlyLongProperty suppressedProperty() {
        if (suppressedProperty == null) {
            suppressedProperty = new ReadOnlyLongWrapper(this, "suppressed", suppressed);
        }
        return suppressedProperty.getReadOnlyProperty();
    }

    /** @return suppressed sends heard since the row appeared; goes up at most once per frame, for the flash. */
    public int flashCount() {
        return flashCountProperty == null ? flashCount : flashCountProperty.get();
    }

    @Override
    public ReadOnlyIntegerProperty flashCountProperty() {
        if (flashCountProperty == null) {
            flashCountProperty = new ReadOnlyIntegerWrapper(this, "flashCount", flashCount);
        }
        return flashCountProperty.getReadOnlyProperty();
    }

    @Override
    public String toString() {
        return keyText() + (removed ? " (removed)" : "");
    }
}
