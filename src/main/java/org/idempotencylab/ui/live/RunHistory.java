package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.idempotencylab.engine.SignupSimulation;

/**
 * The history of one live run, which is what makes its timeline possible: the run is deterministic (same scenario,
 * same strategy, same seed, same events), so the only things a replay must be told are the faults a person
 * injected by clicking, and when. This class keeps them, with the moments at which the run fired events (for a
 * step back), and drives a fresh simulation of the same run to any point of it.
 *
 * <p>A point of a run is a {@link Position}: how many of the simulator's events have run and where the virtual
 * clock stands (the clock can stand between two events, and several events can share one millisecond). A fault is
 * recorded at the position the run was in when it was clicked, and replays at exactly that position: after the
 * same events, at the same clock, before the next event. So a seek to any time and playing on from there gives
 * the same run, to the last metric, as playing straight through.
 *
 * <p>Faults after the current position are the history's future: playing forward past their position applies them
 * again ({@link #runTo}, {@link #step}). A new click made after seeking back discards that future (like an
 * editor's undo followed by a new edit: the redo is gone) and the timeline's reach shrinks to the present
 * ({@link #record}).
 *
 * <p>Plain Java, no toolkit. Used on the thread that moves the simulation; not thread-safe.
 */
final class RunHistory {
    /**
     * A point of the run: {@code events} simulator events have run and the clock stands at {@code timeMs} (virtual
     * ms, 0 and up). Ordered by time, then by events: for two points of one run both grow together, so this is the
     * order in which the run passes them. {@link #atTime} stands for "every event due at or before {@code timeMs}
     * has run, the clock at {@code timeMs}".
     */
    record Position(long events, long timeMs) implements Comparable<Position> {
        /** The start of a run: no event yet, time 0. */
        static final Position START = new Position(0, 0);

        /** @return the position after every event due at or before {@code timeMs} (virtual ms, 0 and up) */
        static Position atTime(long timeMs) {
            return new Position(Long.MAX_VALUE, timeMs);
        }

        /** @return the position {@code sim} stands at */
        static Position of(SignupSimulation sim) {
            return new Position(sim.eventsFired(), sim.nowMs());
        }

        @Override
        public int compareTo(Position o) {
            int byTime = Long.compare(timeMs, o.timeMs);
            return byTime != 0 ? byTime : Long.compare(events, o.events);
        }

        boolean after(Position o) {
            return compareTo(o) > 0;
        }
    }

    /** What a click does to the run; each one is a method of {@link SignupSimulation}. */
    enum FaultKind {
        /** A click on a job token with the fault mode on: its next call fails ({@link SignupSimulation#failNextCall}). */
        CALL_FAILS,
        /** A click on the email provider: its next reply is lost ({@link SignupSimulation#loseNextReply}). */
        REPLY_LOST,
        /** A click on the workers or the crash button: the worker process crashes ({@link SignupSimulation#crashNow}). */
        WORKERS_CRASH
    }

    /**
     * One clicked fault: what ({@code kind}), on whom ({@code user}, the sign-up's number for
     * {@link FaultKind#CALL_FAILS}, else -1) and where in the run ({@code at}).
     */
    record Fault(Position at, FaultKind kind, long user) {
        /** Does to {@code sim} what the click did. */
        void applyTo(SignupSimulation sim) {
            switch (kind) {
                case CALL_FAILS -> sim.failNextCall(user);
                case REPLY_LOST -> sim.loseNextReply();
                case WORKERS_CRASH -> sim.crashNow();
                default -> throw new IllegalStateException(kind.name());
            }
        }
    }

    private final List<Fault> faults = new ArrayList<>();
    private int applied;             // faults applied to the simulation now moving: the rest are its future
    // the positions at which the run now moving emitted events, in order, each once (for a step back)
    private long[] momentEvents = new long[256];
    private long[] momentTimes = new long[256];
    private int moments;
    private long furthestMs;

    /** Forgets everything: a new run (Reset). */
    void clear() {
        faults.clear();
        applied = 0;
        moments = 0;
        furthestMs = 0;
    }

    /**
     * A fault was clicked at {@code fault.at()}, the current position of the run: it joins the history, and the
     * faults after it (clicked before a seek back) are discarded, with the reach beyond the present.
     */
    void record(Fault fault) {
        if (applied < faults.size()) { // a new click after a seek back: the old future is gone
            faults.subList(applied, faults.size()).clear();
            furthestMs = fault.at().timeMs();
        }
        faults.add(fault);
        applied = faults.size();
    }

    /** @return every fault recorded, in the order clicked (the applied ones first, then the future) */
    List<Fault> faults() {
        return List.copyOf(faults);
    }

    /** @return faults recorded after the current position (they replay when the run passes them) */
    int futureFaults() {
        return faults.size() - applied;
    }

    /** The run reached {@code nowMs} (virtual ms): the timeline reaches at least that far. */
    void reached(long nowMs) {
        furthestMs = Math.max(furthestMs, nowMs);
    }

    /** @return the furthest virtual time (ms, 0 and up) the run has reached since its start or the last new click */
    long furthestMs() {
        return furthestMs;
    }

    /**
     * The simulation emitted an event at position {@code (events, timeMs)}: a moment a step back can land on.
     * Called for every event the run emits (the same position is kept once).
     */
    void moment(long events, long timeMs) {
        if (moments > 0 && momentEvents[moments - 1] == events && momentTimes[moments - 1] == timeMs) {
            return;
        }
        if (moments == momentEvents.length) {
            momentEvents = Arrays.copyOf(momentEvents, moments * 2);
            momentTimes = Arrays.copyOf(momentTimes, moments * 2);
        }
        momentEvents[moments] = events;
        momentTimes[moments] = timeMs;
        moments++;
    }

    /**
     * @return the last position before {@code now} at which the run emitted an event (one step back), or
     *         {@link Position#START} if there is none but {@code now} is past the start; null at the start
     */
    Position momentBefore(Position now) {
        int lo = 0;
        int hi = moments - 1;
        int found = -1;
        while (lo <= hi) { // the last moment before now
            int mid = (lo + hi) >>> 1;
            if (now.after(new Position(momentEvents[mid], momentTimes[mid]))) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (found >= 0) {
            return new Position(momentEvents[found], momentTimes[found]);
        }
        return now.after(Position.START) ? Position.START : null;
    }

    /**
     * Brings {@code fresh} (a new, unstarted simulation of the same run) to {@code target}: starts it, and runs it
     * there without a limit on events, applying every recorded fault at or before {@code target} at its position.
     * The faults after {@code target} stay in the history, to replay when the run passes them. The moments are
     * recorded anew as {@code fresh} emits its events (its listener calls {@link #moment}).
     *
     * @param target a position of this run, or {@link Position#atTime}
     */
    void replay(SignupSimulation fresh, Position target) {
        applied = 0;
        moments = 0;
        fresh.start();
        runTo(fresh, target, Integer.MAX_VALUE);
    }

    /**
     * Runs {@code sim} toward virtual time {@code timeMs} as {@link SignupSimulation#advanceTo} does (at most
     * {@code maxEvents} events; the clock moves to {@code timeMs} if they all ran), applying the recorded faults
     * due on the way at their positions.
     *
     * @param timeMs    virtual ms, not before the simulation's clock
     * @param maxEvents 0 and up: a cap that keeps an animation frame short
     * @return the events run
     */
    int runTo(SignupSimulation sim, long timeMs, int maxEvents) {
        return runTo(sim, Position.atTime(timeMs), maxEvents);
    }

    private int runTo(SignupSimulation sim, Position target, int maxEvents) {
        int ran = 0;
        while (applied < faults.size() && !faults.get(applied).at().after(target)) {
            Fault f = faults.get(applied);
            ran += reach(sim, f.at(), maxEvents - ran);
            if (sim.eventsFired() < f.at().events()) {
                return ran; // the cap came first: the fault waits for the next frame
            }
            f.applyTo(sim);
            applied++;
        }
        return ran + reach(sim, target, maxEvents - ran);
    }

    /**
     * Runs {@code sim} to {@code to} (at most {@code maxEvents} events): the events up to {@code to.events()} that
     * are due by {@code to.timeMs()}, then, if none is left due by then, the clock to {@code to.timeMs()}.
     */
    private static int reach(SignupSimulation sim, Position to, int maxEvents) {
        int ran = 0;
        while (ran < maxEvents && sim.eventsFired() < to.events()) {
            int room = (int) Math.min(maxEvents - ran, to.events() - sim.eventsFired());
            int n = sim.advanceTo(to.timeMs(), room);
            ran += n;
            if (n < room) {
                break; // nothing more is due by then
            }
        }
        if (sim.nowMs() < to.timeMs()) {
            sim.advanceTo(to.timeMs(), 0); // the clock only (no event is due by then, or the cap stops here)
        }
        return ran;
    }

    /**
     * Runs exactly one event of {@code sim} as {@link SignupSimulation#step} does, after the recorded faults that
     * were clicked at the current event count (they came before the next event).
     *
     * @return false if nothing was left to run
     */
    boolean step(SignupSimulation sim) {
        while (applied < faults.size() && faults.get(applied).at().events() == sim.eventsFired()) {
            Fault f = faults.get(applied);
            reach(sim, f.at(), 0);
            f.applyTo(sim);
            applied++;
        }
        return sim.step();
    }
}
