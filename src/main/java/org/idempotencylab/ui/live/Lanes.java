package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.LiveRunListener;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.charts.StrategyNames;

/**
 * Bug and fix side by side: the live view's run (lane A, the {@link LiveViewModel} the view always had) and, when
 * turned on, a second run (lane B) of the same scenario and seed with another strategy, on one virtual clock.
 * Same seed, same arrivals and the same outcome draws for the calls that happen in both (docs/simulation.md: every
 * random quantity but the call outcomes has its own stream), so what differs is what the strategy does.
 *
 * <p>Lane B is a second {@link LiveViewModel}, restarted whenever lane A starts a run (Reset, a preset): its
 * scenario is lane A's running one with lane B's strategy's own {@link Strategy#settings() settings} in place (a
 * fix that is a parameter, such as a longer key TTL or lease, is a strategy setting). While two lanes play, this
 * class moves one clock by the real time elapsed times the speed and advances both runs to it
 * ({@link LiveViewModel#advanceTo}); Step runs lane A's next event and brings lane B to the same virtual time (lane
 * B alone once A has ended); a click on the provider, the workers or a job acts on both lanes at the same virtual
 * time. The run plays until both lanes have ended.
 *
 * <p>Lane B runs the claim table's in-memory model only: while lane A's claim table is on a database (whose run
 * moves off the FX thread, one request at a time) the second lane is off ({@link #availableProperty()}), and lane
 * A keeps its database path unchanged.
 *
 * <p>Uses {@code javafx.beans} only: runs without the toolkit. Call it on one thread (the FX thread in the lab).
 */
public final class Lanes {
    private static final Texts TEXTS = Texts.of(Lanes.class);

    private final LiveViewModel a;
    private final LiveViewModel b;
    private final BooleanProperty secondOn = new SimpleBooleanProperty(this, "secondOn");
    private final ObjectProperty<Strategy> secondStrategy =
            new SimpleObjectProperty<>(this, "secondStrategy", Strategy.EACH_STEP_SAME_KEY);
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper(this, "available", true);
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper(this, "active");
    private final ReadOnlyStringWrapper summaryA = new ReadOnlyStringWrapper(this, "summaryA", "");
    private final ReadOnlyStringWrapper summaryB = new ReadOnlyStringWrapper(this, "summaryB", "");
    private final ReadOnlyStringWrapper difference = new ReadOnlyStringWrapper(this, "difference", "");
    private final ReadOnlyStringWrapper nameA = new ReadOnlyStringWrapper(this, "nameA", "");
    private final ReadOnlyStringWrapper nameB = new ReadOnlyStringWrapper(this, "nameB", "");
    // each line also in shorter forms, longest first, for a narrow window (FittedText)
    private final ReadOnlyObjectWrapper<List<String>> summaryAForms = forms("summaryAForms");
    private final ReadOnlyObjectWrapper<List<String>> summaryBForms = forms("summaryBForms");
    private final ReadOnlyObjectWrapper<List<String>> differenceForms = forms("differenceForms");
    private final ReadOnlyObjectWrapper<List<String>> nameBForms = forms("nameBForms");
    private Strategy runningB;
    private long clockMs;
    private double carryMs;
    private long version;
    private long differingUsers;
    private Metric watched; // a preset's watched number: a difference in it is a difference between the lanes
    private boolean quiet; // prepare(): no start over from the switch's listeners
    private boolean seeking; // lane A replays its run for the timeline: lane B is not started over

    /** @param main the live view's run: lane A */
    public Lanes(LiveViewModel main) {
        this.a = main;
        this.b = new LiveViewModel(LiveViewModel.classroomDefaults());
        a.storeProperty().addListener(o -> updateAvailable());
        a.databaseUrlProperty().addListener(o -> updateAvailable());
        updateAvailable();
        // every new run of lane A starts lane B over on the same scenario
        a.addFrameListener(new LiveRunListener() {
            @Override
            public void attached(SignupSimulation simulation) {
                if (!seeking) { // a seek replays lane A's run: lane B seeks with it (seek, stepBack)
                    startB(simulation);
                }
            }

            @Override
            public void frame(long nowMs) {
                if (!active.get()) {
                    publish();
                }
            }
        });
        // turning the lane on or choosing its strategy starts both lanes over: two lanes always share t = 0
        secondOn.addListener(o -> {
            if (!quiet) {
                a.reset();
            }
        });
        secondStrategy.addListener(o -> {
            if (secondOn.get() && !quiet) {
                a.reset();
            }
        });
    }

    private ReadOnlyObjectWrapper<List<String>> forms(String name) {
        return new ReadOnlyObjectWrapper<>(this, name, List.of(""));
    }

    private void updateAvailable() {
        String url = a.databaseUrlProperty().get();
        available.set(a.storeProperty().get() != StoreKind.CLAIM_TABLE || url == null || url.isBlank());
    }

    private void startB(SignupSimulation simulation) {
        clockMs = 0;
        carryMs = 0;
        Strategy s = secondStrategy.get();
        boolean on = secondOn.get() && available.get() && s != null && a.database() == null;
        active.set(false);
        runningB = null;
        if (on) {
            Scenario scenario = s.on(simulation.scenario());
            b.apply(scenario, s.withSettings(Map.of()));
            if (b.simulation() != null && b.simulation().scenario().equals(scenario)) {
                runningB = s;
                active.set(true);
            }
        }
        nameA.set(TEXTS.format("lane.a", StrategyNames.settingsFirst(simulation.strategy())));
        nameBForms.set(runningB == null ? List.of("") : nameForms(runningB, simulation.strategy()));
        nameB.set(nameBForms.get().get(0));
        publish();
    }

    /**
     * One animation frame: with one lane, lane A's own {@link LiveViewModel#frame}; with two, while playing, the
     * shared clock moves by {@code realElapsedNanos} times the speed and both lanes advance to it; once both have
     * ended (jobs done, keys expired) the play stops.
     */
    public void frame(long realElapsedNanos, long nowNanos) {
        if (!active.get()) {
            a.frame(realElapsedNanos, nowNanos);
            return;
        }
        a.measure(nowNanos);
        if (!a.playingProperty().get()) {
            return;
        }
        if (bothOver()) {
            a.playingProperty().set(false);
            return;
        }
        carryMs += realElapsedNanos / 1e6 * a.speedProperty().get();
        long step = (long) carryMs;
        carryMs -= step;
        clockMs = Math.max(clockMs, Math.max(a.nowMs(), b.nowMs())) + step;
        a.advanceTo(clockMs, nowNanos);
        if (!a.playingProperty().get()) { // lane A paused at a duplicate: lane B stops at the same moment
            clockMs = a.nowMs();
        }
        b.advanceTo(clockMs, nowNanos);
        publish();
        if (bothOver()) {
            a.playingProperty().set(false);
        }
    }

    private boolean bothOver() {
        return a.finishedProperty().get() && b.finishedProperty().get();
    }

    /** Play or pause; with two lanes a run over in both starts over first, one over in lane A only plays on. */
    public void togglePlay() {
        if (!active.get() || a.playingProperty().get()) {
            a.togglePlay();
            return;
        }
        if (a.simulation() == null || bothOver()) {
            a.reset();
        }
        a.playingProperty().set(true);
    }

    /**
     * Step: lane A's next event (see {@link LiveViewModel#stepOnce}), then lane B up to the same virtual time; once
     * lane A has ended, lane B's next event and lane A up to its time.
     */
    public void step() {
        if (!active.get()) {
            a.stepOnce();
            return;
        }
        a.playingProperty().set(false);
        if (!a.finishedProperty().get()) {
            a.stepOnce();
            b.advanceTo(a.nowMs(), 0);
        } else {
            b.stepOnce();
            a.advanceTo(b.nowMs(), 0);
        }
        clockMs = Math.max(a.nowMs(), b.nowMs());
        publish();
    }

    /**
     * The timeline: both lanes to virtual time {@code targetMs}, each replaying its own run with the faults clicked
     * before it ({@link LiveViewModel#seek}); with one lane, lane A's seek.
     *
     * @param targetMs virtual ms, 0 and up
     */
    public void seek(long targetMs) {
        if (!active.get()) {
            a.seek(targetMs);
            return;
        }
        seeking = true;
        try {
            a.seek(targetMs);
        } finally {
            seeking = false;
        }
        b.seek(a.nowMs());
        clockMs = a.nowMs();
        carryMs = 0;
        publish();
    }

    /**
     * ← : lane A one event back ({@link LiveViewModel#stepBack}), lane B to the same virtual time; with one lane,
     * lane A's step back.
     */
    public void stepBack() {
        if (!active.get()) {
            a.stepBack();
            return;
        }
        seeking = true;
        try {
            a.stepBack();
        } finally {
            seeking = false;
        }
        b.seek(a.nowMs());
        clockMs = a.nowMs();
        carryMs = 0;
        publish();
    }

    /** Starts both lanes over from virtual time 0 with the same seed (lane B follows lane A's new run). */
    public void reset() {
        a.reset();
    }

    /** Both lanes at the later of their clocks, so a click hits them at the same virtual time. */
    private void sync() {
        if (active.get()) {
            long t = Math.max(a.nowMs(), b.nowMs());
            a.advanceTo(t, 0);
            b.advanceTo(t, 0);
        }
    }

    /** A click on the provider: the next welcome-email reply is lost, in both lanes. */
    public void clickProvider() {
        sync();
        a.clickProvider();
        if (active.get()) {
            b.clickProvider();
            publish();
        }
    }

    /**
     * A click on the workers (or C): the worker process crashes now, in both lanes.
     *
     * @return true if it crashed in every lane that plays (see {@link LiveViewModel#crashWorkers})
     */
    public boolean crashWorkers() {
        sync();
        boolean crashed = a.crashWorkers();
        if (active.get()) {
            crashed &= b.crashWorkers();
            publish();
        }
        return crashed;
    }

    /**
     * A click on a job (in either lane): both lanes follow {@code user}'s job and, with {@code injectFault}, arm
     * its next call to fail.
     *
     * @param repeat true for the user's repeated request, false for the first job
     */
    public void clickUser(long user, boolean repeat, boolean injectFault) {
        sync();
        click(a, user, repeat, injectFault);
        if (active.get()) {
            click(b, user, repeat, injectFault);
            publish();
        }
    }

    private static void click(LiveViewModel lane, long user, boolean repeat, boolean injectFault) {
        JobToken t = lane.token(user, repeat);
        if (t != null) {
            lane.clickJob(t, injectFault);
        } else if (!repeat) {
            lane.clickWaiting(user, injectFault);
        }
    }

    /** Works out the summary lines and the difference, and bumps {@link #version()}. */
    private void publish() {
        version++;
        if (!active.get() || a.simulation() == null || b.simulation() == null) {
            summaryAForms.set(List.of(""));
            summaryBForms.set(List.of(""));
            differenceForms.set(List.of(""));
            summaryA.set("");
            summaryB.set("");
            difference.set("");
            differingUsers = 0;
            return;
        }
        summaryAForms.set(summary(a));
        summaryBForms.set(summary(b));
        summaryA.set(summaryAForms.get().get(0));
        summaryB.set(summaryBForms.get().get(0));
        // a user differs when one lane sent two or more welcome emails and the other another number: over the
        // whole run (not only the jobs still drawn), from the users with two or more in either lane
        Map<Long, int[]> emails = new LinkedHashMap<>(); // user → {lane A's emails, lane B's}
        for (LiveViewModel lane : List.of(a, b)) {
            for (long user : lane.usersWithSeveralEmails()) {
                emails.computeIfAbsent(user, u -> new int[] {a.emailsOf(u), b.emailsOf(u)});
            }
        }
        List<Long> differ = new ArrayList<>();
        for (Map.Entry<Long, int[]> e : emails.entrySet()) {
            if (e.getValue()[0] != e.getValue()[1]) {
                differ.add(e.getKey());
            }
        }
        differingUsers = differ.size();
        String la = StrategyNames.shortName(a.simulation().strategy());
        String lb = StrategyNames.settingsFirst(runningB);
        if (!differ.isEmpty()) {
            long user = namedUser(differ);
            int[] n = emails.get(user);
            // the short form leaves out the lanes' names: the lanes' own headings say them
            differenceForms.set(List.of(
                    differing(differ.size(), TEXTS.format("difference.emails", user, n[0], la, n[1], lb)),
                    differing(differ.size(), TEXTS.format("difference.emails.short", user, n[0], n[1]))));
        } else {
            StrategyResult ra = a.simulation().result();
            StrategyResult rb = b.simulation().result();
            long againA = ra.repeatedSteps();
            long againB = rb.repeatedSteps();
            if (againA != againB) {
                differenceForms.set(List.of(TEXTS.format("difference.steps", againA, la, againB, lb),
                        TEXTS.format("difference.steps.short", againA, againB)));
            } else if (watched != null && watched.number(ra) != watched.number(rb)) {
                // what the preset teaches (a silently wrong result, a lease reclaimed) parts the lanes
                differenceForms.set(List.of(
                        TEXTS.format("difference.watched", watched.label(), watched.text(ra), la, watched.text(rb),
                                lb),
                        TEXTS.format("difference.watched.short", watched.label(), watched.text(ra),
                                watched.text(rb))));
            } else {
                differenceForms.set(List.of(TEXTS.get("difference.none")));
            }
        }
        difference.set(differenceForms.get().get(0));
    }

    /**
     * @return the user the difference line names: the one whose newest outlined ("≠") envelope is the latest in
     *         either lane, so the line and the marks on screen are about the same user; else the last to differ
     */
    private long namedUser(List<Long> differ) {
        Envelope newest = null;
        for (LiveViewModel lane : List.of(a, b)) {
            for (Envelope e : lane.envelopes()) {
                if (differs(lane, e) && (newest == null || e.atMs() >= newest.atMs())) {
                    newest = e;
                }
            }
        }
        return newest != null ? newest.user() : differ.get(differ.size() - 1);
    }

    private static String differing(int users, String first) {
        return users == 1 ? TEXTS.format("difference.one", first) : TEXTS.format("difference.more", users, first);
    }

    /**
     * @param s     lane B's strategy
     * @param laneA lane A's
     * @return lane B's heading for {@code s}, then shorter ones for a narrow window: its settings alone (what tells a
     *         fix from its bug), else the parts of its name that lane A's does not have ("same key, claim table"
     *         beside "whole job, skip finished"), then the lane's letter alone
     */
    static List<String> nameForms(Strategy s, Strategy laneA) {
        List<String> forms = new ArrayList<>();
        forms.add(TEXTS.format("lane.b", StrategyNames.settingsFirst(s)));
        if (!s.settings().isEmpty()) {
            forms.add(TEXTS.format("lane.b", s.settingsText().substring(" · ".length())));
        } else {
            List<String> own = new ArrayList<>(List.of(StrategyNames.shortName(s).split(", ")));
            int all = own.size();
            own.removeAll(List.of(StrategyNames.shortName(laneA.withSettings(Map.of())).split(", ")));
            if (!own.isEmpty() && own.size() < all) {
                forms.add(TEXTS.format("lane.b", String.join(", ", own)));
            }
        }
        forms.add(TEXTS.get("lane.bAlone"));
        return List.copyOf(forms);
    }

    /** Steps whose duplicates a summary line names, the first ones (the stations show every step's). */
    static final int SUMMARY_STEPS = 3;

    /**
     * @return e.g. "1 users with 2+ welcome emails · 2 steps done again (step 7: 2)", then shorter forms, numbers
     *         first: without where (the stations show it), then in fewer words
     */
    private static List<String> summary(LiveViewModel lane) {
        StrategyResult r = lane.simulation().result();
        List<String> steps = new ArrayList<>();
        int shown = 0;
        for (int s = 0; s < lane.workflow().size(); s++) {
            if (lane.duplicates(s) > 0 && shown++ < SUMMARY_STEPS) {
                steps.add(TEXTS.format("summary.step", s + 1, lane.duplicates(s)));
            }
        }
        if (shown > SUMMARY_STEPS) {
            steps.add("…");
        }
        String again = steps.isEmpty() ? "" : TEXTS.format("summary.steps", String.join(", ", steps));
        List<String> forms = new ArrayList<>();
        forms.add(TEXTS.format("summary", r.usersWithDuplicateEmails(), r.repeatedSteps(), again));
        if (!again.isEmpty()) {
            forms.add(TEXTS.format("summary", r.usersWithDuplicateEmails(), r.repeatedSteps(), ""));
        }
        forms.add(TEXTS.format("summary.short", r.usersWithDuplicateEmails(), r.repeatedSteps()));
        // the stations' own word for a step done again: one line beside lane B's box at 1024 px in presentation mode
        forms.add(TEXTS.format("summary.shortest", r.usersWithDuplicateEmails(), r.repeatedSteps()));
        return List.copyOf(forms);
    }

    /**
     * @return true if {@code e}, an envelope of {@code lane} (lane A or B), stands for a difference between the lanes:
     *         a second (or later) email that the other lane did not send, or a send the provider suppressed for a
     *         user who got two or more emails in the other lane
     */
    public boolean differs(LiveViewModel lane, Envelope e) {
        if (!active.get()) {
            return false;
        }
        LiveViewModel other = lane == a ? b : a;
        int mine = emails(lane, e.user());
        int theirs = emails(other, e.user());
        if (e.duplicate()) {
            return theirs < e.nth();
        }
        return e.suppressed() && theirs >= 2 && mine < 2;
    }

    private static int emails(LiveViewModel lane, long user) {
        return lane.emailsOf(user);
    }

    /** @return lane A: the live view's own run */
    public LiveViewModel laneA() {
        return a;
    }

    /** @return lane B: the second run (its strategy is {@link #secondStrategyProperty()}'s) */
    public LiveViewModel laneB() {
        return b;
    }

    /** @return true to play a second lane beside lane A (applies at once: both lanes start over) */
    public BooleanProperty secondOnProperty() {
        return secondOn;
    }

    /** @return the second lane's strategy, its own settings included (changing it starts both lanes over) */
    public ObjectProperty<Strategy> secondStrategyProperty() {
        return secondStrategy;
    }

    /**
     * @param metric the number a loaded preset watches (its lanes also differ when only it differs: a silently
     *               wrong result, a lease reclaimed), or null for the emails and steps done again alone
     */
    public void watch(Metric metric) {
        watched = metric;
        publish();
    }

    /**
     * Sets the second lane for lane A's next run, without starting over now: {@code strategy} beside it, or one
     * lane with null. A preset that names two lanes calls it just before it is applied (its Reset then starts both).
     */
    public void prepare(Strategy strategy) {
        quiet = true;
        try {
            if (strategy != null) {
                secondStrategy.set(strategy);
            }
            secondOn.set(strategy != null);
        } finally {
            quiet = false;
        }
    }

    /** @return false while lane A's claim table is on a database: the second lane runs the in-memory model only */
    public ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }

    /** @return true while two lanes run */
    public ReadOnlyBooleanProperty activeProperty() {
        return active.getReadOnlyProperty();
    }

    /** @return lane A's heading: "A · each step, no key" */
    public ReadOnlyStringProperty nameAProperty() {
        return nameA.getReadOnlyProperty();
    }

    /** @return lane B's heading, or "" with one lane */
    public ReadOnlyStringProperty nameBProperty() {
        return nameB.getReadOnlyProperty();
    }

    /** @return lane B's heading and its shorter forms, longest first (see {@link #nameForms}); "" with one lane */
    public ReadOnlyObjectProperty<List<String>> nameBFormsProperty() {
        return nameBForms.getReadOnlyProperty();
    }

    /** @return lane A's summary line and its shorter forms, longest first, numbers first in each; "" with one lane */
    public ReadOnlyObjectProperty<List<String>> summaryAFormsProperty() {
        return summaryAForms.getReadOnlyProperty();
    }

    /** @return lane B's summary line and its shorter forms, as {@link #summaryAFormsProperty()} */
    public ReadOnlyObjectProperty<List<String>> summaryBFormsProperty() {
        return summaryBForms.getReadOnlyProperty();
    }

    /** @return the difference line and a shorter form without the lanes' names; "" with one lane */
    public ReadOnlyObjectProperty<List<String>> differenceFormsProperty() {
        return differenceForms.getReadOnlyProperty();
    }

    /** @return lane A's summary line (users with 2+ welcome emails, steps done again and where), or "" */
    public ReadOnlyStringProperty summaryAProperty() {
        return summaryA.getReadOnlyProperty();
    }

    /** @return lane B's summary line, or "" with one lane */
    public ReadOnlyStringProperty summaryBProperty() {
        return summaryB.getReadOnlyProperty();
    }

    /**
     * @return the difference in one line, numbers first: "≠  user_1 got 2 welcome emails in A (each step, no key) ·
     *         1 in B (each step, same key)", or the steps done again in each lane, or "No difference between the
     *         lanes yet"; "" with one lane
     */
    public ReadOnlyStringProperty differenceProperty() {
        return difference.getReadOnlyProperty();
    }

    /** @return users whose welcome emails differ between the lanes with two or more in one of them */
    public long differingUsers() {
        return differingUsers;
    }

    /** @return the shared clock, virtual ms (meaningful with two lanes) */
    public long clockMs() {
        return clockMs;
    }

    /** @return a number that changes whenever the lanes' lines or marks may have changed */
    public long version() {
        return version;
    }

    /** @return the strategy lane B runs now, or null with one lane */
    public Strategy runningB() {
        return runningB;
    }
}
