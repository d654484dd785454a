package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sign-up ends in exactly one outcome (succeeded, failed, lost, dropped, dead-lettered), and so does every
 * repeated request (succeeded, failed, refused, lost, dropped, dead-lettered): the sign-ups' outcomes add up to
 * the sign-ups, the repeats' to the repeated requests, and together to the jobs that ended. Checked on every
 * preset and on random parameter sets drawn over every {@link Parameter}'s range, for every strategy and store.
 */
class OutcomeIdentityTest {
    private static final Presets PRESETS = new Presets(new ScenarioFiles(Metric.watchNames()));

    /** Every valid strategy: each retry scope, provider key and store (skipping finished steps needs a record). */
    static List<Strategy> everyStrategy() {
        List<Strategy> all = new ArrayList<>();
        for (RetryScope scope : RetryScope.values()) {
            for (KeyMode key : KeyMode.values()) {
                for (StoreKind store : StoreKind.values()) {
                    if (scope != RetryScope.WHOLE_JOB_SKIP_FINISHED || store.recordsCompletion()) {
                        all.add(Strategy.of(scope, key, store));
                    }
                }
            }
        }
        return all;
    }

    /** Runs {@code s} with {@code strategy} and checks both identities; the message names the case. */
    static StrategyResult checkIdentity(Scenario s, Strategy strategy, String what) {
        SignupSimulation sim = new SignupSimulation(s, strategy, RunControl.NONE, true);
        StrategyResult r = sim.run();
        String at = what + ", " + strategy.name() + ": " + r;
        long signUps = r.succeededJobs() + r.failedJobs() + r.lostJobs() + r.droppedJobs() + r.deadLetteredJobs();
        assertEquals(s.jobs(), signUps, "sign-ups' outcomes add up to the sign-ups; " + at);
        assertEquals(s.jobs(), r.jobs(), at);
        assertTrue(r.get(Metric.PARTLY_DONE_JOBS) <= s.jobs() - r.succeededJobs(),
                "partly done jobs are sign-ups that did not succeed; " + at);
        long repeats = 0;
        for (Outcome o : Outcome.values()) {
            repeats += r.ended(true, o);
        }
        assertEquals(r.repeatedRequests(), repeats, "repeats' outcomes add up to the repeated requests; " + at);
        assertEquals(r.jobsRun(), sim.finishedJobs(), "every job ended once; " + at);
        assertEquals(100.0 * r.succeededJobs() / r.jobs(), r.succeededPercent(), 1e-9, at);
        return r;
    }

    static List<String> presets() {
        return Presets.names();
    }

    @ParameterizedTest
    @MethodSource("presets")
    void everyPresetsOutcomesAddUp(String fileName) {
        ScenarioFile f = PRESETS.load(fileName);
        // at most 20,000 sign-ups: the article's million are untracked (nothing can end twice) and add only time
        Scenario s = f.scenario().toBuilder().jobs(Math.min(f.scenario().jobs(), 20_000)).build();
        for (Strategy strategy : f.strategies()) {
            checkIdentity(s, strategy, fileName);
        }
    }

    @Test
    void randomParameterSetsOutcomesAddUp() {
        Mulberry32 rnd = new Mulberry32(2024);
        List<Strategy> strategies = everyStrategy();
        long[] seen = new long[Metric.values().length];
        for (int i = 0; i < 240; i++) {
            Scenario s = randomScenario(rnd);
            Strategy strategy = strategies.get(i % strategies.size());
            StrategyResult r = checkIdentity(s, strategy, "set " + i + " " + s);
            seen[Metric.PARTLY_DONE_JOBS.ordinal()] += r.get(Metric.PARTLY_DONE_JOBS);
            for (Outcome o : Outcome.values()) {
                seen[o.signUpMetric().ordinal()] += r.ended(false, o);
                seen[o.repeatMetric().ordinal()] += r.ended(true, o);
            }
        }
        // the sets reach every outcome the engine has (dropped: a lock store that rejects, or a lock taken at
        // enqueue that expired); 240 sets, since each parameter drawn widens the space
        for (Metric m : List.of(Metric.SUCCEEDED_JOBS, Metric.FAILED_JOBS, Metric.LOST_JOBS, Metric.DROPPED_JOBS,
                Metric.REPEATS_DROPPED, Metric.DEAD_LETTERED_JOBS, Metric.REPEATS_SUCCEEDED, Metric.REPEATS_FAILED, Metric.REPEATS_REFUSED,
                Metric.REPEATS_LOST, Metric.REPEATS_DEAD_LETTERED, Metric.PARTLY_DONE_JOBS)) {
            assertTrue(seen[m.ordinal()] > 0, m.id() + " never happened in the random sets");
        }
    }

    /**
     * A scenario with every parameter drawn over its range (numbers over the range worth exploring, on a log scale
     * for log sliders; a third of the probabilities 0, the others up to 0.6), 1 to 150 sign-ups and 1 to 6
     * workers, so that every mechanism is on in some sets and runs stay short. Each parameter draws from a stream
     * of its own (the set's seed and its id), so a parameter added later leaves the others' values in every set as
     * they were: {@code rnd} gives three draws per set, however many parameters there are.
     */
    static Scenario randomScenario(Mulberry32 rnd) {
        Scenario.Builder b = Scenario.article().toBuilder();
        long setSeed = (long) (rnd.nextDouble() * 4294967296.0);
        for (Parameter p : Parameter.values()) {
            if (p.rangeStart() != null || p == Parameter.JOBS || p == Parameter.WORKERS) {
                continue;
            }
            Mulberry32 own = new Mulberry32(RandomStreams.splitMix64(setSeed * 31 + p.id().hashCode()));
            switch (p.kind()) {
                case FLAG -> b.set(p, own.nextDouble() < 0.5);
                case CHOICE -> {
                    List<? extends Choice> choices = p.choices();
                    b.set(p, choices.get((int) (own.nextDouble() * choices.size())));
                }
                case PROBABILITY -> b.set(p, own.nextDouble() < 1 / 3.0 ? 0.0 : own.nextDouble() * 0.6);
                case COUNT, MILLIS, RATE, FACTOR -> {
                    double[] range = p.exploreRange();
                    double from = Math.max(range[0], p.min());
                    double to = Math.min(range[1], p.max());
                    double v;
                    if (p.scale() == Parameter.Scale.LOG && from > 0) {
                        v = Math.exp(Math.log(from) + own.nextDouble() * (Math.log(to) - Math.log(from)));
                    } else {
                        v = from + own.nextDouble() * (to - from);
                    }
                    b.set(p, p.kind().isDecimal() ? v : (Object) Math.round(v));
                    Parameter end = p.rangeEnd();
                    if (end != null) { // the end of a range is at least its start
                        b.set(end, Math.round(v) + Math.round(own.nextDouble() * 5_000));
                    }
                }
            }
        }
        b.jobs(1 + (long) (rnd.nextDouble() * 150)).workers(1 + (long) (rnd.nextDouble() * 6));
        return b.build();
    }
}
