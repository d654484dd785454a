package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;

/**
 * Tries every schedule of at most {@code maxFaults} faults of a small scenario, as a model checker does (TLC for
 * TLA+, FizzBee's fault injection), on the one {@link SignupSimulation}: a {@link FaultChooser} answers the choice
 * points in place of the random draws (a call fails, a reply is lost, the process crashes after a side effect, a
 * sign-up is sent again, and with two or more workers which of two events due at once goes first). The small-scope
 * hypothesis (Jackson, "Software Abstractions") says most design bugs show with a handful of jobs and faults.
 *
 * <p>The search is stateless model checking by replay: each schedule runs from virtual time 0 with its faults
 * forced, which the engine's determinism makes exact. Between events it takes the state's {@link StateDigest}; a
 * state met before with the same faults left is not explored again: its counts are added once more from memory, so
 * the counts are those of every schedule while each state is explored once. Two races that commute (two workers'
 * calls that touch different keys) meet in one state.
 *
 * <p>A schedule is counted as a duplicate of a step when some user's side effect of that step happened twice or
 * more; as lost when a sign-up ended lost, dropped or dead-lettered; as failed when one ended failed. The shortest
 * counterexample is the duplicate schedule with the fewest faults, the earliest among equals.
 */
public final class Explorer {
    /** The most faults a schedule may hold: beyond it the schedules of three sign-ups run into the millions. */
    public static final int MAX_FAULTS = 6;
    /** Events one schedule may run before the explorer gives up on it as endless. */
    static final long MAX_EVENTS_PER_SCHEDULE = 1_000_000;

    private final Scenario scenario;
    private final Strategy strategy;
    private final Set<FaultKind> kinds;
    private final int maxFaults;
    private final boolean reduce;
    private final RunControl control;
    private final Consumer<Schedule> leaves;
    private final long maxEvents;
    private final Map<StateDigest.Key, Aggregate> memo = new HashMap<>();
    private final StateDigest digest = new StateDigest();
    private long runs;
    private long boundaries;

    /**
     * What the explorer found for one strategy.
     *
     * @param strategy                  the strategy explored
     * @param schedules                 schedules of at most {@code maxFaults} faults, every one counted
     * @param states                    distinct states met between events (with the faults left)
     * @param duplicateSchedules        per step, the schedules that end with that step's side effect done twice
     *                                  or more for some user
     * @param schedulesWithDuplicate    schedules that end with some step's side effect done twice or more (each
     *                                  counted once, whichever steps it duplicates)
     * @param lostSchedules             schedules in which a sign-up was lost, dropped or dead-lettered
     * @param failedSchedules           schedules in which a sign-up failed (out of attempts, or refused)
     * @param shortestCounterexample    the faults of the shortest schedule with a duplicate, in the order they
     *                                  happen; empty when there is none (or when none is needed: duplicates with no
     *                                  fault)
     * @param counterexampleDuplicates  the steps 0..9 done twice or more at the end of that schedule; empty if none
     * @param hasCounterexample         true if some schedule duplicates a side effect
     * @param runs                      schedules actually run (the rest came from states met before)
     * @param stepNames                 the workflow's step names, which the step numbers above index
     */
    public record Result(Strategy strategy, long schedules, long states, List<Long> duplicateSchedules,
                         long schedulesWithDuplicate, long lostSchedules, long failedSchedules, List<Fault> shortestCounterexample,
                         List<Integer> counterexampleDuplicates, boolean hasCounterexample, long runs,
                         List<String> stepNames) {
        public Result {
            stepNames = List.copyOf(stepNames);
            duplicateSchedules = List.copyOf(duplicateSchedules);
            shortestCounterexample = List.copyOf(shortestCounterexample);
            counterexampleDuplicates = List.copyOf(counterexampleDuplicates);
        }
    }

    /**
     * A schedule ran more than {@link #MAX_EVENTS_PER_SCHEDULE} events: something keeps a job coming back for a long
     * virtual time (a repeat refused every few seconds for a 31-day lock TTL or lease), which no exploration can
     * afford to walk through event by event.
     */
    public static final class EndlessScheduleException extends IllegalStateException {
        private final List<Fault> faults;

        EndlessScheduleException(List<Fault> faults, long maxEvents) {
            super(String.format(java.util.Locale.ROOT, "a schedule ran past %,d events without ending%s: something "
                    + "keeps a job coming back for a long time (a long lock TTL, lease, TTL or delay); shorten it to "
                    + "explore", maxEvents, faults.isEmpty() ? " with no fault"
                    : " with the faults " + inOrder(faults).stream().map(Fault::describe)
                    .collect(java.util.stream.Collectors.joining("; "))));
            this.faults = inOrder(faults);
        }

        /** @return the faults of that schedule, in the order they happen */
        public List<Fault> faults() {
            return faults;
        }
    }

    /** @return {@code faults} in the order they happen (a repeat at its arrival), ties in the order given */
    static List<Fault> inOrder(List<Fault> faults) {
        List<Fault> sorted = new ArrayList<>(faults);
        sorted.sort(java.util.Comparator.comparingLong(Fault::atMs));
        return List.copyOf(sorted);
    }

    /**
     * One schedule run to its end, for tests that look at every schedule ({@link #explore(Scenario, Strategy, Set,
     * int, boolean, Consumer)} without reduction).
     *
     * @param faults the faults it held, in the order they happened
     * @param result the run's metrics at its end
     */
    public record Schedule(List<Fault> faults, StrategyResult result) {
    }

    private Explorer(Scenario scenario, Strategy strategy, Set<FaultKind> kinds, int maxFaults, boolean reduce,
                     RunControl control, Consumer<Schedule> leaves, long maxEvents) {
        if (maxFaults < 0 || maxFaults > MAX_FAULTS) {
            throw new IllegalArgumentException("maxFaults: " + maxFaults + " is outside the allowed range 0 to "
                    + MAX_FAULTS);
        }
        this.scenario = scenario;
        this.strategy = strategy;
        this.kinds = kinds.isEmpty() ? EnumSet.noneOf(FaultKind.class) : EnumSet.copyOf(kinds);
        this.maxFaults = maxFaults;
        this.reduce = reduce;
        this.control = control;
        this.leaves = leaves;
        this.maxEvents = maxEvents;
    }

    /**
     * Explores every schedule of at most {@code maxFaults} faults of the kinds given.
     *
     * @param scenario  the scenario, small (a handful of sign-ups); its probabilities of failures, lost replies,
     *                  crashes and repeats are not used: the kinds say what may happen
     * @param kinds     the kinds of fault it may choose
     * @param maxFaults the fault budget, 0 to {@link #MAX_FAULTS}
     * @param control   cancellation, and one {@link RunControl#jobsFinished} per schedule run
     * @return what it found
     * @throws IllegalArgumentException if {@code maxFaults} is out of range
     * @throws CancellationException    if the control asked to stop
     * @throws EndlessScheduleException if a schedule runs more than a million events (a job that comes back for a
     *                                  long virtual time)
     */
    public static Result explore(Scenario scenario, Strategy strategy, Set<FaultKind> kinds, int maxFaults,
                                 RunControl control) {
        return explore(scenario, strategy, kinds, maxFaults, true, control, null);
    }

    /**
     * As {@link #explore(Scenario, Strategy, Set, int, RunControl)}, with the reduction by states switchable and a
     * look at every schedule run.
     *
     * @param reduce false to run every schedule in full (each state as often as it is met)
     * @param leaves told every schedule run to its end, or null
     */
    public static Result explore(Scenario scenario, Strategy strategy, Set<FaultKind> kinds, int maxFaults,
                                 boolean reduce, RunControl control, Consumer<Schedule> leaves) {
        return explore(scenario, strategy, kinds, maxFaults, reduce, control, leaves, MAX_EVENTS_PER_SCHEDULE);
    }

    /** As above, with the events a schedule may run before it counts as endless (tests use a small cap). */
    static Result explore(Scenario scenario, Strategy strategy, Set<FaultKind> kinds, int maxFaults, boolean reduce,
                          RunControl control, Consumer<Schedule> leaves, long maxEvents) {
        return new Explorer(scenario, strategy, kinds, maxFaults, reduce, control, leaves, maxEvents).run();
    }

    /**
     * Explores each strategy, on up to {@code threads} threads; the results do not depend on the thread count.
     *
     * @return one result per strategy, in their order
     * @throws CancellationException if the control asked to stop
     */
    public static List<Result> exploreAll(Scenario scenario, List<Strategy> strategies, Set<FaultKind> kinds,
                                          int maxFaults, int threads, RunControl control) {
        if (threads <= 1 || strategies.size() == 1) {
            List<Result> out = new ArrayList<>();
            for (Strategy s : strategies) {
                out.add(explore(scenario, s, kinds, maxFaults, control));
            }
            return out;
        }
        List<java.util.function.Supplier<Result>> work = new ArrayList<>();
        for (Strategy s : strategies) {
            work.add(() -> explore(scenario, s, kinds, maxFaults, control));
        }
        return Parallel.run(work, IntStream.range(0, work.size()).boxed().toList(), threads, "lab-explorer");
    }

    private Result run() {
        Aggregate all = explore(new int[0]);
        List<Fault> best = inOrder(all.best == null ? List.of() : all.best.toList()); // a repeat arrives late
        List<Integer> dupSteps = new ArrayList<>();
        for (int s = 0; s < scenario.workflow().size(); s++) {
            if (all.best != null && (all.bestSteps & (1 << s)) != 0) {
                dupSteps.add(s);
            }
        }
        List<Long> dup = new ArrayList<>();
        for (int s = 0; s < scenario.workflow().size(); s++) {
            dup.add(all.duplicates[s]);
        }
        return new Result(strategy, all.schedules, reduce ? memo.size() : boundaries, dup, all.anyDuplicate,
                all.lost, all.failed,
                best, dupSteps, all.best != null, runs, scenario.workflow().names());
    }

    /**
     * Runs the schedule that makes the decisions {@code prefix} at its first choice points and no fault after
     * them, then the schedules that add a fault at each later choice point, depth first.
     *
     * @return the counts of every schedule that starts with {@code prefix}, and the shortest counterexample among
     *         them as the faults after the prefix's last
     */
    private Aggregate explore(int[] prefix) {
        if (control.isCancelled()) {
            throw new CancellationException("cancelled after " + runs + " schedules");
        }
        runs++;
        Replay replay = new Replay(prefix);
        SignupSimulation sim = new SignupSimulation(scenario, strategy, RunControl.NONE, replay);
        sim.start();
        Aggregate end;
        long events = 0;
        while (true) {
            if (replay.pastPrefix()) {
                boundaries++;
                if (reduce) {
                    StateDigest.Key key = digest.of(sim, maxFaults - replay.used);
                    Aggregate known = memo.get(key);
                    if (known != null) {
                        end = known;
                        break;
                    }
                    replay.nodes.add(new Node(key, null, 0));
                }
            }
            if (!sim.runOneEvent()) {
                end = leaf(sim, replay);
                break;
            }
            if (++events > maxEvents) {
                throw new EndlessScheduleException(replay.faults, maxEvents);
            }
        }
        control.jobsFinished(1);
        Aggregate acc = end;
        List<Node> nodes = replay.nodes;
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Node n = nodes.get(i);
            if (n.point == null) {
                memo.put(n.key, acc);
                continue;
            }
            for (int alt = 1; alt <= n.point.alternatives(); alt++) {
                int[] child = Arrays.copyOf(prefix, n.decision + 1);
                child[n.decision] = alt;
                acc = acc.plus(explore(child).after(Fault.at(n.point, alt)));
            }
        }
        return acc;
    }

    /** The counts of one schedule that ran to its end. */
    private Aggregate leaf(SignupSimulation sim, Replay replay) {
        StrategyResult r = sim.result();
        long[] dup = new long[Workflow.MAX_STEPS];
        int steps = 0;
        List<Long> byStep = r.repeatedStepsByStep();
        for (int s = 0; s < byStep.size(); s++) {
            if (byStep.get(s) > 0) {
                dup[s] = 1;
                steps |= 1 << s;
            }
        }
        boolean lost = r.lostJobs() + r.droppedJobs() + r.deadLetteredJobs() > 0;
        boolean failed = r.failedJobs() > 0;
        if (leaves != null) {
            leaves.accept(new Schedule(List.copyOf(replay.faults), r));
        }
        return new Aggregate(1, dup, steps != 0 ? 1 : 0, lost ? 1 : 0, failed ? 1 : 0,
                steps != 0 ? Trail.EMPTY : null, steps);
    }

    /** A point in one run: a state between events ({@code point} null), or a choice point after the prefix. */
    private record Node(StateDigest.Key key, ChoicePoint point, int decision) {
    }

    /** Answers the choice points of one run: the prefix's decisions, then no fault, recording each point. */
    private final class Replay implements FaultChooser {
        private final int[] prefix;
        private int decisions;
        private int used;
        private final List<Node> nodes = new ArrayList<>();
        private final List<Fault> faults = new ArrayList<>();

        Replay(int[] prefix) {
            this.prefix = prefix;
        }

        boolean pastPrefix() {
            return decisions >= prefix.length;
        }

        @Override
        public boolean allows(FaultKind kind) {
            return kinds.contains(kind);
        }

        @Override
        public int choose(ChoicePoint point) {
            if (used >= maxFaults) {
                return 0; // the budget is spent: no choice here
            }
            int d = decisions++;
            if (d < prefix.length) {
                int alt = prefix[d];
                if (alt > 0) {
                    used++;
                    faults.add(Fault.at(point, alt));
                }
                return alt;
            }
            nodes.add(new Node(null, point, d));
            return 0;
        }
    }

    /** The faults of a counterexample as a list that shares its tail: memory holds many of them. */
    private record Trail(Fault head, Trail tail, int length) {
        static final Trail EMPTY = new Trail(null, null, 0);

        Trail prepend(Fault f) {
            return new Trail(f, this, length + 1);
        }

        List<Fault> toList() {
            List<Fault> out = new ArrayList<>(length);
            for (Trail t = this; t.length > 0; t = t.tail) {
                out.add(t.head);
            }
            return Collections.unmodifiableList(out);
        }

        /** Fewer faults first; among equals, the earlier faults first. */
        int compareTo(Trail o) {
            if (length != o.length) {
                return Integer.compare(length, o.length);
            }
            for (Trail a = this, b = o; a.length > 0; a = a.tail, b = b.tail) {
                int c = compare(a.head, b.head);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }

        private static int compare(Fault a, Fault b) {
            int c = Long.compare(a.atMs(), b.atMs());
            if (c == 0) {
                c = Integer.compare(a.kind().ordinal(), b.kind().ordinal());
            }
            if (c == 0) {
                c = Long.compare(a.user(), b.user());
            }
            if (c == 0) {
                c = Integer.compare(a.step(), b.step());
            }
            if (c == 0) {
                c = Integer.compare(a.attempt(), b.attempt());
            }
            if (c == 0) {
                c = Integer.compare(a.worker(), b.worker());
            }
            if (c == 0) {
                c = Integer.compare(a.alternative(), b.alternative());
            }
            return c;
        }
    }

    /** The counts of a set of schedules, and their shortest counterexample. */
    private record Aggregate(long schedules, long[] duplicates, long anyDuplicate, long lost, long failed, Trail best,
                             int bestSteps) {
        Aggregate plus(Aggregate o) {
            long[] d = new long[Workflow.MAX_STEPS];
            for (int s = 0; s < d.length; s++) {
                d[s] = duplicates[s] + o.duplicates[s];
            }
            boolean mine = best != null && (o.best == null || best.compareTo(o.best) <= 0);
            return new Aggregate(schedules + o.schedules, d, anyDuplicate + o.anyDuplicate, lost + o.lost,
                    failed + o.failed,
                    mine ? best : o.best, mine ? bestSteps : o.bestSteps);
        }

        /** @return these counts with {@code f} before every counterexample: the schedules after a fault */
        Aggregate after(Fault f) {
            return best == null ? this
                    : new Aggregate(schedules, duplicates, anyDuplicate, lost, failed, best.prepend(f), bestSteps);
        }
    }
}
