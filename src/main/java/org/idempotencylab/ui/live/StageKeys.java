package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.idempotencylab.engine.SignupKeys;
import org.idempotencylab.engine.WorkflowSteps;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.InMemoryClaimTable;
import org.idempotencylab.store.InMemoryIdempotencyStore;
import org.idempotencylab.store.LockOnlyStore;
import org.idempotencylab.ui.LiveRunListener;

/**
 * The records a class watches on the stage: at each station, the keys of the users who came there (the in-memory
 * store's key, the claim table's row with its status and lease, the lock of the job there), and at the provider the
 * welcome-email keys it remembers; each with its state now, and the outline of one that is gone (its TTL ran out, a
 * crash wiped it, its run failed and was not kept) until newer calls at its station push it out of the band, so a
 * wipe stays in sight while the workers are down, at any speed.
 *
 * <p>Where the data comes from: the run's events tell who came to which station (a listener added to the
 * simulation, as a lesson's is); what each record holds is read from the store itself where the simulation moves
 * ({@link #read}: the in-memory store by key, the claim table's rows of the users followed, the lock store's
 * locks), as the Key store's tables read it, and handed to the FX thread with the frame ({@link #frame}). The
 * provider's keys follow from its rule (it remembers a key from the first email sent with it for
 * {@code providerKeyTtlMs}; article 1, {@code EmailProvider}) and the email events. A replay from time 0 (the
 * timeline) hears every event again, so the stage shows the same records after a seek as after playing there.
 *
 * <p>Plain Java, no toolkit. {@link #attached} and {@link #frame} on the FX thread; the simulation's events and
 * {@link #read} where the simulation moves (a database's thread for a claim table on a database); the live view
 * never lets the two overlap. On a database only the users a band shows are read, one row each.
 */
final class StageKeys implements LiveRunListener {
    /** Reads a second while playing (at once on a step, a click, a Reset or a pause): the Key store's pace. */
    static final int READS_PER_SECOND = 10;
    /** Virtual ms the outline of a gone record stays beside the record made again after it (the cause of the redo). */
    static final long GHOST_MS = 4_000;
    /** Virtual ms a record that a retry just met is drawn outlined in bold. */
    static final long MET_MS = 1_500;
    /** Users followed at a station, the latest; an older one is dropped (and no longer counted in "+N"). */
    static final int FOLLOWED = 256;
    /** Users a band may show, the latest first: the painter draws as many as fit. */
    static final int BAND_MOST = 6;
    /** On a database, the rows read per station a frame: the ones a band can show. */
    private static final int DATABASE_READS = 4;
    /** The provider's band: the index after the most stations a workflow has. */
    static final int PROVIDER = Workflow.MAX_STEPS;

    /** How a record looks: the concept whose look it takes, and whether it is the outline of one gone. */
    enum Look {
        /** An in-memory key whose run goes on now (a second caller shares it). */
        RUNNING(false),
        /** A claim {@code in_progress} with its lease running. */
        IN_PROGRESS(false),
        /** A claim {@code in_progress} whose lease ran out: the next delivery reclaims it. */
        LEASE_RAN_OUT(false),
        /** A key remembered with its saved result: a finished key, a completed claim, a provider's key. */
        SAVED(false),
        /** A lock held until its TTL. */
        LOCKED(false),
        /** Gone: its TTL ran out (a key, a lock). */
        EXPIRED(true),
        /** Gone: a crash wiped the in-memory store. */
        WIPED(true),
        /** Gone: its run failed and was not kept, its claim was released or deleted, its lock released. */
        NOT_KEPT(true);

        private final boolean gone;

        Look(boolean gone) {
            this.gone = gone;
        }

        /** @return true for the outline of a record that is not there */
        boolean gone() {
            return gone;
        }
    }

    /**
     * One record as a band shows it.
     *
     * @param user    the user whose key it is
     * @param label   the key shortened to its user, e.g. {@code user_1}
     * @param key     the whole key, e.g. {@code send the welcome email:user_1}
     * @param look    its state
     * @param sinceMs virtual ms its state began (a gone record's: when it went)
     * @param untilMs virtual ms its TTL or lease runs out, {@link Long#MAX_VALUE} for never (or gone)
     * @param spanMs  the whole TTL or lease, virtual ms, 0 for none: what the bar of the time left is a share of
     * @param hits       how many times a later call met it and was answered by it (skipped, shared, not sent, sent
     *                   back)
     * @param answeredMs virtual ms it last answered a call so, or -1
     */
    record Chip(long user, String label, String key, Look look, long sinceMs, long untilMs, long spanMs, int hits,
               long answeredMs) {
        /** @return true if it answered a call within {@link #MET_MS} before {@code nowMs}: the retry just met it */
        boolean justMet(long nowMs) {
            return answeredMs >= 0 && nowMs - answeredMs < MET_MS;
        }
    }

    /**
     * A station's (or the provider's) records: the latest first, at most {@link #BAND_MOST}.
     *
     * @param chips the records shown, the latest first
     * @param held  how many records are held there now (gone ones not counted): the painter's "+N" is the rest
     */
    record Band(List<Chip> chips, int held) {
        static final Band EMPTY = new Band(List.of(), 0);
    }

    /**
     * What the stage shows in one frame.
     *
     * @param stations    each station's band, by step index
     * @param provider    the provider's keys
     * @param bands       which bands the stage has room for
     */
    record Shown(List<Band> stations, Band provider, Bands bands) {
        static final Shown NONE = new Shown(java.util.Collections.nCopies(Workflow.MAX_STEPS, Band.EMPTY), Band.EMPTY,
                Bands.NONE);

        Band station(int step) {
            return stations.get(step);
        }
    }

    /**
     * Which bands the stage draws: each takes a row of height, so only a run that keeps such records has it.
     *
     * @param stations true if the run's steps keep a record (a store, a claim table or a lock)
     * @param provider true if the run sends the provider a key (the same one, or a new one per call)
     */
    record Bands(boolean stations, boolean provider) {
        static final Bands NONE = new Bands(false, false);
    }

    /** What is known of one record followed at a band. */
    private static final class Followed {
        final long user;
        final String key;
        Look look;
        long sinceMs;
        long untilMs = Long.MAX_VALUE;
        long spanMs;
        int hits;
        long answeredMs = -1;
        long metMs = -1;
        /** The outline kept beside a record made again after it went (the cause of the work done again). */
        Look ghost;
        long ghostMs;

        Followed(long user, String key) {
            this.user = user;
            this.key = key;
        }

        boolean present() {
            return look != null && !look.gone();
        }

        /** Becomes {@code now}; a record made again after it went keeps the outline of the gone one beside it. */
        void become(Look now, long atMs, long until, long span) {
            if (look != null && look.gone() && now != null && !now.gone()) {
                ghost = look;
                ghostMs = Math.max(sinceMs, metMs);
            }
            if (now != look) {
                sinceMs = atMs;
            }
            look = now;
            untilMs = until;
            spanMs = span;
        }

        void gone(Look why, long atMs) {
            if (present()) {
                look = why;
                sinceMs = atMs;
                untilMs = Long.MAX_VALUE;
                spanMs = 0;
            }
        }
    }

    private final List<LinkedHashMap<Long, Followed>> bands = new ArrayList<>();
    private SignupSimulation sim;
    private StoreLook store = StoreLook.NONE;
    private KeyMode keyMode = KeyMode.NONE;
    private long providerTtlMs;
    /** The step each user's job was at last: where its lock is drawn, where "job in progress" met its claim. */
    private final Map<Long, Integer> lastStep = new HashMap<>();
    private long providerKeys; // provider records made with new keys, to tell them apart
    private long readAtMs;
    /** The step whose provider keeps keys: the welcome email in the sign-up. */
    private int keyStep = SignupSteps.EMAIL;
    /** The run's step names: a record's key says its step's. */
    private List<String> stepNames = SignupSteps.NAMES;
    /** The name the key step's provider keys carry: the sign-up's {@code welcome-email}. */
    private String providerName = "welcome-email";
    private volatile Shown pending = Shown.NONE;
    private Shown shown = Shown.NONE;

    StageKeys() {
        for (int i = 0; i <= PROVIDER; i++) {
            bands.add(new LinkedHashMap<>());
        }
    }

    /** A new run: forgets the last one's records and follows this one's from its first event. FX thread. */
    @Override
    public void attached(SignupSimulation simulation) {
        sim = simulation;
        keyStep = simulation.scenario().workflow().keyStep();
        stepNames = simulation.scenario().workflow().names();
        providerName = WorkflowSteps.of(simulation.scenario()).providerKeyName(keyStep);
        store = StoreLook.of(simulation.strategy().store());
        keyMode = simulation.strategy().keyMode();
        providerTtlMs = simulation.scenario().providerKeyTtlMs();
        bands.forEach(Map::clear);
        lastStep.clear();
        providerKeys = 0;
        readAtMs = 0;
        SignupSimulation mine = simulation;
        simulation.addListener(e -> {
            if (sim == mine) { // a replaced run's events are not this run's
                heard(e);
            }
        });
        pending = Shown.NONE;
        shown = new Shown(Shown.NONE.stations(), Band.EMPTY, bands());
    }

    /** Reads what each followed record holds now, for the next frame. Where the simulation moves. */
    @Override
    public void read(long nowMs) {
        if (sim == null) {
            return;
        }
        readAtMs = nowMs;
        // a switch expression: a new look does not compile until it says what the stage reads of it
        Runnable readStore = switch (store) {
            case MEMORY -> () -> readMemory(nowMs);
            case CLAIM_TABLE -> () -> readClaims(nowMs);
            case LOCK -> () -> readLocks(nowMs);
            case NONE -> () -> { }; // no store: nothing to read
        };
        readStore.run();
        expireProviderKeys(nowMs);
        List<Band> stations = new ArrayList<>(Workflow.MAX_STEPS);
        for (int s = 0; s < Workflow.MAX_STEPS; s++) {
            stations.add(band(bands.get(s), nowMs));
        }
        pending = new Shown(List.copyOf(stations), band(bands.get(PROVIDER), nowMs), bands());
    }

    private Bands bands() {
        return new Bands(store != StoreLook.NONE, keyMode != KeyMode.NONE);
    }

    /** Shows what {@link #read} got. FX thread. */
    @Override
    public void frame(long nowMs) {
        shown = pending;
    }

    /** @return what the stage shows now: as of the last frame */
    Shown shown() {
        return shown;
    }

    /** One event of the run, as it happens: who came to which station, a crash, an email. */
    private void heard(SimulationEvent e) {
        if (e.kind() == Kind.WORKER_CRASHED) {
            if (store == StoreLook.MEMORY) { // the process held the store: every key it held is gone at once
                for (int s = 0; s < Workflow.MAX_STEPS; s++) {
                    bands.get(s).values().forEach(f -> f.gone(Look.WIPED, e.timeMs()));
                }
            }
            return;
        }
        if (e.user() < 0) {
            return;
        }
        int step = e.step();
        if (e.kind() == Kind.JOB_IN_PROGRESS) { // sent back by the claim its last step holds
            Integer at = lastStep.get(e.user());
            if (at != null && store != StoreLook.LOCK) {
                met(at, e.user(), e.timeMs(), true);
            }
            return;
        }
        if (step < 0 || e.kind() == Kind.JOB_INTERRUPTED) {
            return; // a job cut short by a crash: the crash's own event says what became of its records
        }
        lastStep.put(e.user(), step);
        if (store.recordsSteps()) {
            boolean answered = e.kind() == Kind.STEP_SKIPPED || e.kind() == Kind.RUN_SHARED;
            Followed f = met(step, e.user(), e.timeMs(), answered);
            if (store == StoreLook.MEMORY) {
                update(f, sim.store().get(SignupKeys.step(step, e.user())), e.timeMs());
            }
        } else if (store == StoreLook.LOCK) {
            moveLock(e.user(), step, e.timeMs());
        }
        if (step == keyStep) {
            email(e);
        }
    }

    /**
     * A call of {@code user}'s came to {@code step}'s record: it is followed (the latest first).
     *
     * @param answered true if the record answered it (skipped, shared, sent back, not sent)
     */
    private Followed met(int step, long user, long atMs, boolean answered) {
        LinkedHashMap<Long, Followed> band = bands.get(step);
        Followed f = band.remove(user);
        if (f == null) {
            f = new Followed(user, step != PROVIDER ? SignupKeys.stepKey(stepNames.get(step), user)
                    : CauseText.providerKey(providerName, keyMode, user)); // a request's own: the latest's
        }
        band.put(user, f); // the latest last
        f.metMs = atMs;
        if (answered) {
            f.hits++;
            f.answeredMs = atMs;
        }
        trim(band);
        return f;
    }

    /** The welcome email's events: the keys the provider remembers, and the users it had no key for. */
    private void email(SimulationEvent e) {
        boolean sent = e.kind() == Kind.SIDE_EFFECT || e.kind() == Kind.DUPLICATE_SIDE_EFFECT;
        long t = e.timeMs();
        switch (keyMode) {
            case SAME, PER_REQUEST -> { // a key per request: the user's row shows its latest request's
                if (sent) { // sent with a key it did not know: remembered from now for its TTL
                    met(PROVIDER, e.user(), t, false).become(Look.SAVED, t, t + providerTtlMs, providerTtlMs);
                } else if (e.kind() == Kind.EMAIL_SUPPRESSED) { // the retry met the key: nothing sent
                    met(PROVIDER, e.user(), t, true);
                }
            }
            case NEW_PER_CALL -> {
                if (sent) { // every call a key it never saw: each one remembered, none ever met again
                    long id = ((++providerKeys) << 28) | e.user();
                    LinkedHashMap<Long, Followed> band = bands.get(PROVIDER);
                    Followed f = new Followed(e.user(), "welcome-email:user_" + e.user() + ":…");
                    f.metMs = t;
                    f.become(Look.SAVED, t, t + providerTtlMs, providerTtlMs);
                    band.put(id, f);
                    trim(band);
                }
            }
            default -> { // no key: the provider remembers nothing
            }
        }
    }

    private static void trim(LinkedHashMap<Long, Followed> band) {
        while (band.size() > FOLLOWED) {
            Iterator<Long> oldest = band.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
    }

    /** The provider forgets a key {@code providerKeyTtlMs} after it first saw it (adding it again does not extend it). */
    private void expireProviderKeys(long nowMs) {
        for (Followed f : bands.get(PROVIDER).values()) {
            if (f.look == Look.SAVED && nowMs >= f.untilMs) {
                long at = f.untilMs;
                f.gone(Look.EXPIRED, at);
            }
        }
    }

    private void readMemory(long nowMs) {
        InMemoryIdempotencyStore<String> keys = sim.store();
        for (int s = 0; s < Workflow.MAX_STEPS; s++) {
            for (Followed f : bands.get(s).values()) {
                if (f.present()) {
                    update(f, keys.get(SignupKeys.step(s, f.user)), nowMs);
                }
            }
        }
    }

    /** The in-memory store's entry for a followed key (null: not held), at {@code atMs}. */
    private void update(Followed f, InMemoryIdempotencyStore.Entry<String> entry, long atMs) {
        if (entry == null) {
            if (f.look == Look.SAVED) { // a finished key leaves only when its TTL ran out (a crash is heard as one)
                f.gone(Look.EXPIRED, Math.min(atMs, f.untilMs));
            } else {
                f.gone(Look.NOT_KEPT, atMs); // its run failed: a failure is not remembered
            }
        } else if (entry.state() == InMemoryIdempotencyStore.State.RUNNING) {
            f.become(Look.RUNNING, entry.createdAtMs(), Long.MAX_VALUE, 0);
        } else {
            f.become(Look.SAVED, atMs, entry.expiresAtMs(), sim.store().ttlMs());
        }
    }

    private void readClaims(long nowMs) {
        ClaimStore claims = sim.claimStore();
        boolean everyRow = claims instanceof InMemoryClaimTable; // a database: only the rows a band can show
        try {
            for (int s = 0; s < Workflow.MAX_STEPS; s++) {
                List<Followed> latest = new ArrayList<>(bands.get(s).values());
                int reads = 0;
                for (int i = latest.size() - 1; i >= 0; i--) {
                    Followed f = latest.get(i);
                    if (!everyRow && reads++ >= DATABASE_READS) {
                        break;
                    }
                    claim(f, claims.get(f.key), nowMs);
                }
            }
        } catch (ClaimStoreException | IllegalStateException e) {
            // the database failed or was closed under the view: the Key store's table says so; the stage keeps
            // what it read last
        }
    }

    private void claim(Followed f, Optional<ClaimRow> row, long nowMs) {
        if (row.isEmpty()) {
            f.gone(Look.NOT_KEPT, nowMs); // released after a failure, or deleted (retention, a rescuer)
        } else if (row.get().status() == ClaimRow.Status.COMPLETED) {
            f.become(Look.SAVED, row.get().completedAtMs() == null ? nowMs : row.get().completedAtMs(),
                    Long.MAX_VALUE, 0);
        } else {
            long until = row.get().lockedUntilMs();
            f.become(until < nowMs ? Look.LEASE_RAN_OUT : Look.IN_PROGRESS, nowMs, until, sim.scenario().leaseMs());
        }
    }

    /** A lock covers the whole job: it is drawn at the station the job is at. */
    private void moveLock(long user, int step, long atMs) {
        Followed was = null;
        for (int s = 0; s < Workflow.MAX_STEPS && was == null; s++) {
            if (s != step) {
                was = bands.get(s).remove(user);
            }
        }
        Followed f = met(step, user, atMs, false);
        if (was != null && f.look == null) {
            f.look = was.look;
            f.sinceMs = was.sinceMs;
            f.untilMs = was.untilMs;
            f.spanMs = was.spanMs;
            f.hits = was.hits;
            f.answeredMs = was.answeredMs;
        }
    }

    private void readLocks(long nowMs) {
        Map<String, LockOnlyStore.LockRow> held = new HashMap<>();
        for (LockOnlyStore.LockRow row : sim.lockStore().locks(nowMs)) {
            held.put(row.key(), row);
        }
        for (int s = 0; s < Workflow.MAX_STEPS; s++) {
            for (Followed f : bands.get(s).values()) {
                LockOnlyStore.LockRow row = held.get(lockKey(f.user));
                if (row == null) {
                    f.gone(Look.NOT_KEPT, nowMs); // released: a lock remembers nothing of the work
                } else if (row.expired()) {
                    f.gone(Look.EXPIRED, row.expiresAtMs());
                } else {
                    f.become(Look.LOCKED, nowMs, row.expiresAtMs(), sim.scenario().lockTtlMs());
                }
            }
        }
    }

    /** @return the lock-only store's key for {@code user}'s job (sidekiq-unique-jobs' digest of the job) */
    static String lockKey(long user) {
        return "signup:user_" + user;
    }

    /**
     * @return the band of one station: the records held and the outlines of those gone, the latest first, at most
     *         {@link #BAND_MOST}
     */
    private static Band band(LinkedHashMap<Long, Followed> followed, long nowMs) {
        List<Chip> chips = new ArrayList<>();
        int held = 0;
        List<Followed> latest = new ArrayList<>(followed.values());
        for (int i = latest.size() - 1; i >= 0; i--) {
            Followed f = latest.get(i);
            if (f.look == null) {
                continue; // came, but made no record yet (a lock not taken, a claim not read yet)
            }
            if (f.present()) {
                held++;
            }
            if (chips.size() < BAND_MOST) {
                String label = "user_" + f.user;
                chips.add(new Chip(f.user, label, f.key, f.look, f.sinceMs, f.untilMs, f.spanMs, f.hits,
                        f.answeredMs));
                if (f.present() && f.ghost != null && nowMs - f.ghostMs < GHOST_MS && chips.size() < BAND_MOST) {
                    chips.add(new Chip(f.user, label, f.key, f.ghost, f.ghostMs, Long.MAX_VALUE, 0, 0, -1));
                }
            }
        }
        return new Band(List.copyOf(chips), held);
    }

    /** @return the virtual time of the last read, ms (for tests) */
    long readAtMs() {
        return readAtMs;
    }

    @Override
    public String toString() {
        return "StageKeys" + Arrays.asList(shown.stations(), shown.provider());
    }
}
