package org.idempotencylab.engine;

import java.util.List;
import org.idempotencylab.scenario.Scenario;

/**
 * Decides whether a sign-up's client sends it again, how many times and when (the first article's "Where the
 * duplicates come from"): from the scenario's random streams, or from the explorer's {@link FaultChooser}. The
 * {@link JobQueue} books each repeat it is told of. Not thread-safe.
 */
final class RepeatDraws {
    /** Where a decided repeat goes: the queue books it. */
    interface Sink {
        /**
         * @param atMs      virtual ms at which the repeat reaches the queue
         * @param different it carries another payload under the same key
         */
        void repeat(long atMs, boolean different);
    }

    private final Scenario scenario;
    private final Simulator sim;
    private final Mulberry32 repeats;
    private final Mulberry32 payloads;
    private final Mulberry32 moreRepeats;
    private final FaultChooser faults; // null: the random draws decide the repeats

    RepeatDraws(RunContext ctx) {
        this.scenario = ctx.scenario();
        this.sim = ctx.sim();
        this.faults = ctx.faults();
        this.repeats = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.DUPLICATES);
        this.payloads = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.PAYLOADS);
        this.moreRepeats = RandomStreams.derived(scenario.seed(), RandomStreams.Purpose.REPEATS);
    }

    /**
     * Does the client send this sign-up again? Drawn in user order from its own stream; the repeat arrives
     * {@code duplicateDelay} after the original did, and then waits its turn like any job. With {@code repeats}
     * above 1, the client sends it 1 to {@code repeats} times in all (drawn uniformly), each repeat
     * {@code duplicateDelay} after the one before; those further draws (the count, each later delay and payload)
     * come from a stream of their own, so the first repeat of every sign-up is the same at any {@code repeats}.
     *
     * @param arrivedAtMs virtual ms at which the original arrived
     */
    void decide(long user, long arrivedAtMs, Sink sink) {
        if (faults != null) {
            choose(user, arrivedAtMs, sink);
            return;
        }
        if (repeats.nextDouble() >= scenario.pDuplicate()) {
            return;
        }
        long at = arrivedAtMs + delay(repeats);
        sink.repeat(at, different(payloads));
        if (scenario.repeats() == 1) {
            return;
        }
        int times = 1 + (int) (moreRepeats.nextDouble() * scenario.repeats());
        for (int i = 2; i <= times; i++) {
            at += delay(moreRepeats);
            sink.repeat(at, different(moreRepeats));
        }
    }

    /** @return a repeat's delay after the request before it, virtual ms, uniform over the scenario's range */
    private long delay(Mulberry32 rng) {
        long span = scenario.duplicateDelayMaxMs() - scenario.duplicateDelayMinMs();
        return scenario.duplicateDelayMinMs() + (long) (rng.nextDouble() * (span + 1));
    }

    /**
     * @return true if a repeat carries another payload; drawn only when changed payloads are on, so "off" leaves
     *         every other draw alone
     */
    private boolean different(Mulberry32 rng) {
        return scenario.pDifferentPayload() > 0 && rng.nextDouble() < scenario.pDifferentPayload();
    }

    /**
     * The chooser decides whether this sign-up is sent again, once, and after which delay: the scenario's shortest
     * or, if different, its longest (the two ends of its range), with the first request's payload.
     */
    private void choose(long user, long arrivedAtMs, Sink sink) {
        long min = scenario.duplicateDelayMinMs();
        long max = scenario.duplicateDelayMaxMs();
        List<Long> delays = min == max ? List.of(min) : List.of(min, max);
        int chosen = faults.choose(new ChoicePoint(FaultKind.REPEAT, user, false, -1, 0, -1, sim.nowMs(),
                delays.size(), delays, List.of()));
        if (chosen > 0) {
            sink.repeat(arrivedAtMs + delays.get(chosen - 1), false);
        }
    }
}
