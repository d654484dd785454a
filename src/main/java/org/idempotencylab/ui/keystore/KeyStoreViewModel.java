package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.EmailProvider;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.WorkflowSteps;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ExpiringKeySet;
import org.idempotencylab.store.InMemoryIdempotencyStore.Entry;
import org.idempotencylab.store.InMemoryIdempotencyStore.State;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.idempotencylab.store.LockOnlyStore;
import org.idempotencylab.ui.LiveRunListener;

/**
 * The key store view: the in-memory idempotency store's entries (article 1's {@code IdempotencyStore}) and the
 * keys the email provider remembers, live, on the simulation clock; and, when the run uses one instead, the
 * second article's claim table ({@link #claimTable()}) or the lock-only store ({@link #lockTable()}).
 *
 * <p>How it is driven: {@link #attach} a {@link SignupSimulation}, then, once per animation frame, advance the
 * simulation and call {@link #flush} with its clock. The store and the provider report every change through
 * their listeners as it happens, possibly tens of thousands per frame; this view-model only buffers them in plain
 * collections (a map key → row, a list of rows to add, a flag on removed rows, buffered fields on each row) and
 * applies them to the observable lists and properties in {@code flush}: one change event for all the rows added
 * and one for all the rows removed, each row's properties set at most once, the counters set once. Countdown
 * cells observe {@link #nowMsProperty()}, so the table never needs a {@code refresh()}. The claim table and the
 * lock store have no listener (a database can only be polled): {@code flush} polls them
 * ({@link PolledTableModel#refresh}), so they are read exactly as often as the other tables are flushed.
 *
 * <p>It follows the live run as a {@link LiveRunListener}: a new run {@link #attached attaches} it, a frame
 * {@link #frame flushes} it. The lab registers it at {@value #FLUSHES_PER_SECOND} frames a second while playing,
 * since relaying out a table of thousands of rows every frame costs more than the rest of the frame together.
 *
 * <p>Plain Java and {@code javafx.beans}/{@code javafx.collections} only: testable without the FX toolkit. Every
 * method must be used on one thread (the FX thread in the lab), but for {@link #read} and the store's and
 * provider's listeners, which run where the simulation moves (a background thread when the live run's claim table
 * is on a database); the live view never lets the two overlap, and hands over between them through executors.
 */
public final class KeyStoreViewModel implements LiveRunListener {
    /** The most flushes a second the key tables take while the live run plays (at once when paused or stepping). */
    public static final int FLUSHES_PER_SECOND = 10;

    private final BatchList<KeyRow> storeRows = new BatchList<>();
    private final BatchList<ProviderKeyRow> providerRows = new BatchList<>();

    // buffers, written by the listeners between two flushes
    private final Map<Long, KeyRow> storeIndex = new HashMap<>();
    private final List<KeyRow> storeAdded = new ArrayList<>();
    private final List<KeyRow> storeDirty = new ArrayList<>();
    private int storeRemovedListed;
    private final Map<Long, ProviderKeyRow> providerIndex = new HashMap<>();
    private final List<ProviderKeyRow> providerAdded = new ArrayList<>();
    private final List<ProviderKeyRow> providerDirty = new ArrayList<>();
    private int providerRemovedListed;
    private long lostKeysBuffered;        // keys the store's wipes took, since attach
    private long providerExpiredBuffered; // keys whose provider TTL ran out, since attach

    private final ReadOnlyLongWrapper nowMs = new ReadOnlyLongWrapper(this, "nowMs");
    private final ReadOnlyBooleanWrapper storeInUse = new ReadOnlyBooleanWrapper(this, "storeInUse");
    private final ReadOnlyObjectWrapper<Strategy> strategy = new ReadOnlyObjectWrapper<>(this, "strategy");
    private final ReadOnlyIntegerWrapper liveKeys = new ReadOnlyIntegerWrapper(this, "liveKeys");
    private final ReadOnlyIntegerWrapper peakKeys = new ReadOnlyIntegerWrapper(this, "peakKeys");
    private final ReadOnlyLongWrapper hits = new ReadOnlyLongWrapper(this, "hits");
    private final ReadOnlyLongWrapper expirations = new ReadOnlyLongWrapper(this, "expirations");
    private final ReadOnlyLongWrapper shares = new ReadOnlyLongWrapper(this, "shares");
    private final ReadOnlyIntegerWrapper rememberedKeys = new ReadOnlyIntegerWrapper(this, "rememberedKeys");
    private final ReadOnlyLongWrapper suppressedSends = new ReadOnlyLongWrapper(this, "suppressedSends");
    private final ReadOnlyLongWrapper lostKeys = new ReadOnlyLongWrapper(this, "lostKeys");
    private final ReadOnlyLongWrapper providerExpired = new ReadOnlyLongWrapper(this, "providerExpired");
    // what the tables' headings and empty tables say
    private final ReadOnlyStringWrapper storeCounters = new ReadOnlyStringWrapper(this, "storeCounters");
    private final ReadOnlyStringWrapper providerCounters = new ReadOnlyStringWrapper(this, "providerCounters");
    private final ReadOnlyStringWrapper storePlaceholder = new ReadOnlyStringWrapper(this, "storePlaceholder");
    private final ReadOnlyStringWrapper providerPlaceholder = new ReadOnlyStringWrapper(this, "providerPlaceholder");

    private final ClaimTableViewModel claimTable = new ClaimTableViewModel();
    private final LockTableViewModel lockTable = new LockTableViewModel();
    private final Function<SignupSimulation, ClaimStore> claimStores;
    private final Function<SignupSimulation, LockOnlyStore> lockStores;

    private SignupSimulation sim;
    /** The attached run's steps (the sign-up's before any): its keys name them. */
    private final ReadOnlyObjectWrapper<WorkflowSteps> steps = new ReadOnlyObjectWrapper<>(this, "steps",
            WorkflowSteps.of(Workflow.SIGNUP));
    private InMemoryIdempotencyStore<String> store;
    private EmailProvider provider;
    private StoreListener storeListener;
    private ProviderListener providerListener;

    /**
     * @return the attached run's steps ({@link Workflow#SIGNUP}'s before the first): the keys' step names, the
     *         provider keys' name ({@link WorkflowSteps#providerKeyName(int)})
     */
    public ReadOnlyObjectProperty<WorkflowSteps> stepsProperty() {
        return steps.getReadOnlyProperty();
    }

    /** A key store view that finds a run's claim table and lock store through the engine's accessors. */
    public KeyStoreViewModel() {
        this(KeyStoreViewModel::claimStoreOf, KeyStoreViewModel::lockStoreOf);
    }

    /**
     * A key store view that finds a run's claim table and lock store through the functions given (tests; the lab
     * uses the engine's accessors).
     *
     * @param claimStores the run's claim table, or null if it uses none
     * @param lockStores  the run's lock store, or null if it uses none
     */
    KeyStoreViewModel(Function<SignupSimulation, ClaimStore> claimStores,
                      Function<SignupSimulation, LockOnlyStore> lockStores) {
        this.claimStores = Objects.requireNonNull(claimStores, "claimStores");
        this.lockStores = Objects.requireNonNull(lockStores, "lockStores");
        storeCounters.bind(Bindings.createStringBinding(() -> TEXTS.format("store.counters", liveKeys.get(),
                peakKeys.get(), hits.get(), expirations.get(), shares.get()), liveKeys, peakKeys, hits, expirations,
                shares));
        providerCounters.bind(Bindings.createStringBinding(() -> TEXTS.format("provider.counters",
                rememberedKeys.get(), suppressedSends.get()), rememberedKeys, suppressedSends));
        storePlaceholder.bind(Bindings.createStringBinding(() -> storePlaceholder(strategy.get(), expirations.get(),
                lostKeys.get()), strategy, expirations, lostKeys));
        providerPlaceholder.bind(Bindings.createStringBinding(() -> providerPlaceholder(strategy.get(),
                providerExpired.get()), strategy, providerExpired));
    }

    /**
     * @param strategy the strategy attached (null: nothing attached)
     * @param expired  finished keys the store forgot because their TTL ran out
     * @param lost     keys lost when a crash wiped the store
     * @return what the store's table says when it has no rows: why it is empty, and what left it if keys did
     */
    static String storePlaceholder(Strategy strategy, long expired, long lost) {
        if (strategy == null) {
            return TEXTS.get("store.none");
        }
        if (strategy.store() != StoreKind.MEMORY) { // (the claim table and the lock store have sections of their own)
            return TEXTS.format("store.noStore", Strategy.WHOLE_JOB_SKIP_FINISHED.name());
        }
        if (expired > 0 || lost > 0) {
            return TEXTS.format("store.emptied", expired, lost);
        }
        return TEXTS.get("store.empty");
    }

    /**
     * @param strategy the strategy attached (null: nothing attached)
     * @param expired  keys the provider forgot because their TTL ran out, since the run was attached
     * @return what the provider's table says when it has no rows: why it is empty, and how many keys expired
     */
    static String providerPlaceholder(Strategy strategy, long expired) {
        if (strategy == null) {
            return TEXTS.get("provider.none");
        }
        if (strategy.keyMode() == KeyMode.NONE) {
            return TEXTS.get("provider.noKey");
        }
        if (expired > 0) {
            return TEXTS.format("provider.emptied", expired);
        }
        return TEXTS.get("provider.empty");
    }

    /**
     * @return the claim table {@code simulation} uses (its strategy's store is {@code CLAIM_TABLE}), or null
     */
    static ClaimStore claimStoreOf(SignupSimulation simulation) {
        return simulation.claimStore();
    }

    /** @return the lock store {@code simulation} uses (its strategy's store is {@code LOCK}), or null. */
    static LockOnlyStore lockStoreOf(SignupSimulation simulation) {
        return simulation.lockStore();
    }

    /**
     * Shows {@code simulation} from now on: clears every row and counter, takes the store's current entries (so
     * attaching mid-run shows them all), and becomes the listener of its store (if it has one) and of its email
     * provider, replacing any listener set there before. The provider cannot list the keys it holds, so its
     * table shows the keys added after this call: attach before the first step to see them all. Publishes at
     * once (calls {@link #flush} with the simulation's clock). The simulation previously attached, if any, is
     * detached. If the run uses a claim table or a lock store, their views attach to it (and read it in that
     * flush); otherwise they are hidden.
     *
     * @throws NullPointerException if {@code simulation} is null
     */
    public void attach(SignupSimulation simulation) {
        show(simulation);
        flush(simulation.nowMs());
    }

    /** {@link #attach} but for the claim table's and the lock store's read, which comes with the next frame. */
    private void show(SignupSimulation simulation) {
        Objects.requireNonNull(simulation, "simulation");
        detach();
        sim = simulation;
        steps.set(WorkflowSteps.of(simulation.scenario()));
        store = simulation.store();
        provider = simulation.provider();
        strategy.set(simulation.strategy());
        storeInUse.set(store != null);
        if (store != null) {
            for (Entry<String> e : store.entries()) { // before listening: entries() may expire keys first
                KeyRow row = new KeyRow(steps.get(), e.key(), e.state(), e.value(), e.createdAtMs(), e.expiresAtMs(),
                        store.ttlMs(), e.hits(), e.shares());
                storeIndex.put(e.key(), row);
                storeAdded.add(row);
            }
            storeListener = new StoreListener(store.ttlMs());
            store.setListener(storeListener);
        }
        providerListener = new ProviderListener();
        provider.setKeyListener(providerListener);
        claimTable.attach(claimStores.apply(simulation));
        lockTable.attach(lockStores.apply(simulation));
        publish(simulation.nowMs());
    }

    /**
     * Stops listening to the simulation attached (its store and provider get a listener that does nothing) and
     * clears every row and counter. Does nothing to the rows if nothing is attached.
     */
    public void detach() {
        if (store != null) {
            store.setListener(new InMemoryIdempotencyStore.Listener<>() {
            });
        }
        if (provider != null) {
            provider.setKeyListener(new ExpiringKeySet.Listener() {
            });
        }
        if (storeListener != null) {
            storeListener.active = false;
        }
        if (providerListener != null) {
            providerListener.active = false;
        }
        sim = null;
        store = null;
        provider = null;
        storeListener = null;
        providerListener = null;
        storeIndex.clear();
        storeAdded.clear();
        storeDirty.clear();
        storeRemovedListed = 0;
        providerIndex.clear();
        providerAdded.clear();
        providerDirty.clear();
        providerRemovedListed = 0;
        lostKeysBuffered = 0;
        providerExpiredBuffered = 0;
        storeRows.clearAll();
        providerRows.clearAll();
        claimTable.attach(null);
        lockTable.attach(null);
        strategy.set(null);
        storeInUse.set(false);
        liveKeys.set(0);
        peakKeys.set(0);
        hits.set(0);
        expirations.set(0);
        shares.set(0);
        rememberedKeys.set(0);
        suppressedSends.set(0);
        lostKeys.set(0);
        providerExpired.set(0);
        nowMs.set(0);
    }

    /**
     * Applies what the store and the provider reported since the last flush: rows whose key left (TTL ran out,
     * run failed, forgotten, or every key at once when a crash wiped the store) are removed in one change, new rows are appended in one change, changed rows get
     * their new state, saved value, expiry, hits and flash count, and the counters and {@link #nowMsProperty()}
     * are set. Call once per frame, after advancing the simulation. Cost: O(rows changed), plus one pass over the
     * rows if any was removed; plus, if the run uses a claim table or a lock store, one read of it (up to
     * {@link PolledTableModel#DEFAULT_LIMIT} rows): the live view calls this at most ten times a second while
     * playing.
     *
     * @param nowMs the simulation's virtual clock, ms (normally {@code sim.nowMs()})
     */
    public void flush(long nowMs) {
        read(nowMs);
        publish(nowMs);
    }

    /**
     * Reads the claim table and the lock store (if the run uses one) for the next {@link #frame}: the only part of
     * a flush that may touch a database, so the live view calls it on the thread that moves the simulation.
     */
    @Override
    public void read(long nowMs) {
        claimTable.read(nowMs);
        lockTable.read(nowMs);
    }

    /** {@link #flush} but for the read of the claim table and the lock store: shows what {@link #read} got. */
    private void publish(long nowMs) {
        if (storeRemovedListed > 0) {
            storeRows.removeMatching(r -> r.removed);
            storeRemovedListed = 0;
        }
        for (KeyRow r : storeDirty) {
            r.dirty = false;
            if (!r.removed) {
                r.publish();
            }
        }
        storeDirty.clear();
        if (!storeAdded.isEmpty()) {
            storeAdded.removeIf(r -> r.removed); // came and went within one frame: never shown
            for (KeyRow r : storeAdded) {
                r.listed = true;
            }
            storeRows.appendAll(storeAdded);
            storeAdded.clear();
        }

        if (providerRemovedListed > 0) {
            providerRows.removeMatching(r -> r.removed);
            providerRemovedListed = 0;
        }
        for (ProviderKeyRow r : providerDirty) {
            r.dirty = false;
            if (!r.removed) {
                r.publish();
            }
        }
        providerDirty.clear();
        if (!providerAdded.isEmpty()) {
            providerAdded.removeIf(r -> r.removed);
            for (ProviderKeyRow r : providerAdded) {
                r.listed = true;
            }
            providerRows.appendAll(providerAdded);
            providerAdded.clear();
        }

        liveKeys.set(storeIndex.size());
        if (store != null) {
            peakKeys.set(store.peakKeys());
            hits.set(store.hits());
            expirations.set(store.expirations());
            shares.set(store.shares());
        }
        if (provider != null) {
            rememberedKeys.set(provider.rememberedKeys());
            suppressedSends.set(provider.sendsSuppressed());
        }
        lostKeys.set(lostKeysBuffered);
        providerExpired.set(providerExpiredBuffered);
        claimTable.show(nowMs);
        lockTable.show(nowMs);
        this.nowMs.set(nowMs);
    }

    /**
     * The live run started over on {@code simulation}: shows it as {@link #attach} does, except that its claim
     * table or lock store is read with the frame that follows ({@link #read}, off the FX thread on a database).
     */
    @Override
    public void attached(SignupSimulation simulation) {
        show(simulation);
    }

    /**
     * A frame of the live run ended at virtual {@code nowMs}: publishes what changed, and what {@link #read} got
     * from the claim table or lock store just before ({@link #flush} without reading).
     */
    @Override
    public void frame(long nowMs) {
        publish(nowMs);
    }

    /** @return the simulation attached, or null. */
    public SignupSimulation simulation() {
        return sim;
    }

    /**
     * @return the store's entries as of the last flush, running or finished, in the order their runs started
     *         (running keys at the end); read-only, changed only by {@link #flush}
     */
    public ObservableList<KeyRow> storeRows() {
        return storeRows;
    }

    /** @return the claim table's view: in use while the attached run's store is the claim table. */
    public ClaimTableViewModel claimTable() {
        return claimTable;
    }

    /** @return the lock store's view: in use while the attached run's store is the lock-only store. */
    public LockTableViewModel lockTable() {
        return lockTable;
    }

    /** @return the keys the provider remembered at the last flush, oldest first; read-only. */
    public ObservableList<ProviderKeyRow> providerRows() {
        return providerRows;
    }

    /** @return the virtual clock at the last flush, ms: what countdowns count from. */
    public ReadOnlyLongProperty nowMsProperty() {
        return nowMs.getReadOnlyProperty();
    }

    /** @return true if the attached simulation's strategy keeps an idempotency store (skip finished steps). */
    public ReadOnlyBooleanProperty storeInUse() {
        return storeInUse.getReadOnlyProperty();
    }

    /** @return the attached simulation's strategy, or null when nothing is attached. */
    public ReadOnlyObjectProperty<Strategy> strategyProperty() {
        return strategy.getReadOnlyProperty();
    }

    /** @return keys the store holds, running or finished (equals {@code store.liveKeys()} after a flush). */
    public ReadOnlyIntegerProperty liveKeysProperty() {
        return liveKeys.getReadOnlyProperty();
    }

    /** @return the most keys the store held at once ({@code store.peakKeys()}). */
    public ReadOnlyIntegerProperty peakKeysProperty() {
        return peakKeys.getReadOnlyProperty();
    }

    /** @return calls answered from a saved value: work skipped ({@code store.hits()}). */
    public ReadOnlyLongProperty hitsProperty() {
        return hits.getReadOnlyProperty();
    }

    /** @return finished keys forgotten because their TTL ran out ({@code store.expirations()}). */
    public ReadOnlyLongProperty expirationsProperty() {
        return expirations.getReadOnlyProperty();
    }

    /** @return calls that shared a run in flight ({@code store.shares()}). */
    public ReadOnlyLongProperty sharesProperty() {
        return shares.getReadOnlyProperty();
    }

    /** @return keys the provider remembers ({@code provider.rememberedKeys()}). */
    public ReadOnlyIntegerProperty rememberedKeysProperty() {
        return rememberedKeys.getReadOnlyProperty();
    }

    /** @return sends the provider suppressed because it knew the key ({@code provider.sendsSuppressed()}). */
    public ReadOnlyLongProperty suppressedSendsProperty() {
        return suppressedSends.getReadOnlyProperty();
    }

    /** @return the store's counters as one line: "Live keys 4 · Peak 4 · Hits 0 · Expired 0 · Shared 0". */
    public ReadOnlyStringProperty storeCountersProperty() {
        return storeCounters.getReadOnlyProperty();
    }

    /** @return the provider's counters as one line: "Remembered 1 · Suppressed sends 1". */
    public ReadOnlyStringProperty providerCountersProperty() {
        return providerCounters.getReadOnlyProperty();
    }

    /** @return what the store's table says when it has no rows: why, for the strategy attached. */
    public ReadOnlyStringProperty storePlaceholderProperty() {
        return storePlaceholder.getReadOnlyProperty();
    }

    /** @return what the provider's table says when it has no rows: why, for the strategy attached. */
    public ReadOnlyStringProperty providerPlaceholderProperty() {
        return providerPlaceholder.getReadOnlyProperty();
    }

    private void removeStoreRow(long key) {
        KeyRow row = storeIndex.remove(key);
        if (row != null && !row.removed) {
            row.removed = true;
            if (row.listed) {
                storeRemovedListed++;
            }
        }
    }

    private void markDirty(KeyRow row) {
        if (!row.dirty) {
            row.dirty = true;
            storeDirty.add(row);
        }
    }

    private void removeProviderRow(long key) {
        ProviderKeyRow row = providerIndex.remove(key);
        if (row != null && !row.removed) {
            row.removed = true;
            if (row.listed) {
                providerRemovedListed++;
            }
        }
    }

    private void markDirty(ProviderKeyRow row) {
        if (!row.dirty) {
            row.dirty = true;
            providerDirty.add(row);
        }
    }

    /** Buffers the store's changes. Inactive once detached, in case the old store still calls it. */
    private final class StoreListener implements InMemoryIdempotencyStore.Listener<String> {
        private final long ttlMs;
        boolean active = true;

        StoreListener(long ttlMs) {
            this.ttlMs = ttlMs;
        }

        @Override
        public void started(long key, long nowMs) {
            if (!active) {
                return;
            }
            removeStoreRow(key); // cannot be held (the store only starts unknown keys); keeps the index honest
            KeyRow row = new KeyRow(steps.get(), key, State.RUNNING, null, nowMs, Long.MAX_VALUE, ttlMs, 0, 0);
            storeIndex.put(key, row);
            storeAdded.add(row);
        }

        @Override
        public void finished(long key, String value, long createdAtMs, long expiresAtMs) {
            if (!active) {
                return;
            }
            KeyRow row = storeIndex.get(key);
            if (row == null) { // not heard starting (cannot happen after attach's snapshot): show it anyway
                row = new KeyRow(steps.get(), key, State.FINISHED, value, createdAtMs, expiresAtMs, ttlMs, 0, 0);
                storeIndex.put(key, row);
                storeAdded.add(row);
                return;
            }
            row.nextState = State.FINISHED;
            row.nextSavedValue = value;
            row.nextExpiresAtMs = expiresAtMs;
            markDirty(row);
        }

        @Override
        public void failed(long key) {
            if (active) {
                removeStoreRow(key); // a run that fails is not remembered
            }
        }

        @Override
        public void hit(long key) {
            KeyRow row = active ? storeIndex.get(key) : null;
            if (row != null) {
                row.nextHits++;
                row.nextFlashCount++;
                markDirty(row);
            }
        }

        @Override
        public void shared(long key) {
            KeyRow row = active ? storeIndex.get(key) : null;
            if (row != null) {
                row.nextShares++;
                row.nextFlashCount++;
                markDirty(row);
            }
        }

        @Override
        public void expired(long key) {
            if (active) {
                removeStoreRow(key);
            }
        }

        @Override
        public void forgotten(long key) {
            if (active) {
                removeStoreRow(key);
            }
        }

        /** The process holding the store died: every key it held is gone, running or finished. */
        @Override
        public void wiped() {
            if (!active) {
                return;
            }
            for (KeyRow row : storeIndex.values()) {
                if (!row.removed) {
                    row.removed = true;
                    if (row.listed) {
                        storeRemovedListed++;
                    }
                }
            }
            lostKeysBuffered += storeIndex.size();
            storeIndex.clear();
        }
    }

    /** Buffers the provider's key changes. */
    private final class ProviderListener implements ExpiringKeySet.Listener {
        boolean active = true;

        @Override
        public void added(long key, long nowMs, long expiresAtMs) {
            if (!active) {
                return;
            }
            removeProviderRow(key);
            ProviderKeyRow row = new ProviderKeyRow(steps.get(), key, nowMs, expiresAtMs);
            providerIndex.put(key, row);
            providerAdded.add(row);
        }

        @Override
        public void hit(long key) {
            ProviderKeyRow row = active ? providerIndex.get(key) : null;
            if (row != null) {
                row.nextSuppressed++;
                row.nextFlashCount++;
                markDirty(row);
            }
        }

        @Override
        public void expired(long key) {
            if (active) {
                providerExpiredBuffered++;
                removeProviderRow(key);
            }
        }

        @Override
        public void forgotten(long key) {
            if (active) {
                removeProviderRow(key);
            }
        }
    }
}
