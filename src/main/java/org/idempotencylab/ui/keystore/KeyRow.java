package org.idempotencylab.ui.keystore;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.idempotencylab.engine.WorkflowSteps;
import org.idempotencylab.store.InMemoryIdempotencyStore.State;

/**
 * One entry of the in-memory idempotency store (article 1, {@code IdempotencyStore}) as the key store view shows
 * it: from the moment its run starts until its TTL runs out (or the run fails, which is not remembered).
 *
 * <p>The {@link KeyStoreViewModel} buffers the store's changes in plain fields and publishes them to this row
 * once per frame ({@code flush}), so a property changes at most once a frame however many calls hit the key.
 * Properties are created on first use: with 100,000 keys only the few rows on screen have any. Read on the FX
 * thread.
 */
public final class KeyRow implements ExpiringRow {
    private final long key;
    private final long createdAtMs;
    private final long ttlMs;
    private final WorkflowSteps steps; // the run's: a key's step by its name
    private String keyText;

    // published values, or their properties once a cell asked for them
    private State state;
    private ReadOnlyObjectWrapper<State> stateProperty;
    private String savedValue;
    private ReadOnlyStringWrapper savedValueProperty;
    private long expiresAtMs;
    private ReadOnlyLongWrapper expiresAtMsProperty;
    private long hits;
    private ReadOnlyLongWrapper hitsProperty;
    private long shares;
    private ReadOnlyLongWrapper sharesProperty;
    private int flashCount;
    private ReadOnlyIntegerWrapper flashCountProperty;

    // written by the store's callbacks, published by publish()
    State nextState;
    String nextSavedValue;
    long nextExpiresAtMs;
    long nextHits;
    long nextShares;
    int nextFlashCount;
    /** In the view-model's list of rows to publish. */
    boolean dirty;
    /** The key left the store; the row leaves the table at the next flush. */
    boolean removed;
    /** In the table's list (else waiting to be added). */
    boolean listed;

    KeyRow(WorkflowSteps steps, long key, State state, String savedValue, long createdAtMs, long expiresAtMs,
           long ttlMs, long hits, long shares) {
        this.steps = steps;
        this.key = key;
        this.createdAtMs = createdAtMs;
        this.ttlMs = ttlMs;
        this.nextState = state;
        this.nextSavedValue = savedValue;
        this.nextExpiresAtMs = expiresAtMs;
        this.nextHits = hits;
        this.nextShares = shares;
        publish();
    }

    /** Copies the buffered values to the published ones (and their properties, if any). */
    void publish() {
        if (stateProperty == null) {
            state = nextState;
        } else {
            stateProperty.set(nextState);
        }
        if (savedValueProperty == null) {
            savedValue = nextSavedValue;
        } else {
            savedValueProperty.set(nextSavedValue);
        }
        if (expiresAtMsProperty == null) {
            expiresAtMs = nextExpiresAtMs;
        } else {
            expiresAtMsProperty.set(nextExpiresAtMs);
        }
        if (hitsProperty == null) {
            hits = nextHits;
        } else {
            hitsProperty.set(nextHits);
        }
        if (sharesProperty == null) {
            shares = nextShares;
        } else {
            sharesProperty.set(nextShares);
        }
        if (flashCountProperty == null) {
            flashCount = nextFlashCount;
        } else {
            flashCountProperty.set(nextFlashCount);
        }
    }

    /** @return the store key (see {@code SignupKeys}). */
    public long key() {
        return key;
    }

    /** @return the key as the article writes it, e.g. {@code send the welcome email:user_42}, the run's step named. */
    @Override
    public String keyText() {
        if (keyText == null) {
            keyText = steps.describeKey(key, -1);
        }
        return keyText;
    }

    /** @return virtual ms at which the run for this key started. */
    public long createdAtMs() {
        return createdAtMs;
    }

    /** @return the store's TTL, virtual ms. */
    @Override
    public long ttlMs() {
        return ttlMs;
    }

    /** @return running (the work is in flight) or finished (the value is saved). */
    public State state() {
        return stateProperty == null ? state : stateProperty.get();
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        if (stateProperty == null) {
            stateProperty = new ReadOnlyObjectWrapper<>(this, "state", state);
        }
        return stateProperty.getReadOnlyProperty();
    }

    /** @return the saved value once finished (e.g. {@code save the user: done}); null while running. */
    public String savedValue() {
        return savedValueProperty == null ? savedValue : savedValueProperty.get();
    }

    public ReadOnlyStringProperty savedValueProperty() {
        if (savedValueProperty == null) {
            savedValueProperty = new ReadOnlyStringWrapper(this, "savedValue", savedValue);
        }
        return savedValueProperty.getReadOnlyProperty();
    }

    /** @return virtual ms at which the finished key is forgotten; {@link Long#MAX_VALUE} while running. */
    @Override
    public long expiresAtMs() {
        return expiresAtMsProperty == null ? expiresAtMs : expiresAtMsProperty.get();
    }

    @Override
    public ReadOnlyLongProperty expiresAtMsProperty() {
        if (expiresAtMsProperty == null) {
            expiresAtMsProperty = new ReadOnlyLongWrapper(this, "expiresAtMs", expiresAtMs);
        }
        return expiresAtMsProperty.getReadOnlyProperty();
    }

    /** @return calls answered from the saved value (work skipped). */
    public long hits() {
        return hitsProperty == null ? hits : hitsProperty.get();
    }

    public ReadOnlyLongProperty hitsProperty() {
        if (hitsProperty == null) {
            hitsProperty = new ReadOnlyLongWrapper(this, "hits", hits);
        }
        return hitsProperty.getReadOnlyProperty();
    }

    /** @return calls that shared the run while it was in flight. */
    public long shares() {
        return sharesProperty == null ? shares : sharesProperty.get();
    }

    public ReadOnlyLongProperty sharesProperty() {
        if (sharesProperty == null) {
            sharesProperty = new ReadOnlyLongWrapper(this, "shares", shares);
        }
        return sharesProperty.getReadOnlyProperty();
    }

    /**
     * @return hits plus shared runs heard since the row appeared: goes up (once per frame, by the number of
     *         them) whenever the key saves work, so the row can flash
     */
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
        return keyText() + " " + state() + (removed ? " (removed)" : "");
    }
}
