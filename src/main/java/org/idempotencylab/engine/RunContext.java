package org.idempotencylab.engine;

import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;

/**
 * What every part of one sign-up simulation shares: the settings, the clock, the counters, where events go and
 * the count of jobs ended.
 *
 * @param scenario                 the parameters simulated
 * @param strategy                 the retry strategy simulated
 * @param sim                      the virtual clock and event list (virtual ms)
 * @param metrics                  the run's counters; every part counts into them
 * @param emitter                  where the parts tell what happened
 * @param progress                 jobs ended, for progress and cancellation
 * @param forgetKeysOfFinishedJobs forget a user's keys once nothing can ask for them again (batch runs)
 * @param faults                   what answers the choice points in place of the random draws (the explorer, a
 *                                 counterexample played back), or null for the draws
 * @param steps                    the scenario's workflow as the engine reads it, made once per run
 */
record RunContext(Scenario scenario, Strategy strategy, Simulator sim, RunMetrics metrics, Emitter emitter,
                  Progress progress, boolean forgetKeysOfFinishedJobs, FaultChooser faults, WorkflowSteps steps) {

    /** A context whose steps are {@code scenario}'s workflow's. */
    RunContext(Scenario scenario, Strategy strategy, Simulator sim, RunMetrics metrics, Emitter emitter,
               Progress progress, boolean forgetKeysOfFinishedJobs, FaultChooser faults) {
        this(scenario, strategy, sim, metrics, emitter, progress, forgetKeysOfFinishedJobs, faults,
                WorkflowSteps.of(scenario));
    }

    /** A context whose faults come from the random draws. */
    RunContext(Scenario scenario, Strategy strategy, Simulator sim, RunMetrics metrics, Emitter emitter,
               Progress progress, boolean forgetKeysOfFinishedJobs) {
        this(scenario, strategy, sim, metrics, emitter, progress, forgetKeysOfFinishedJobs, null);
    }

    /** @return true if faults of {@code kind} can happen: a probability above 0, or a chooser that allows them */
    boolean mayHappen(FaultKind kind, double probability) {
        return faults == null ? probability > 0 : faults.allows(kind);
    }

    /** @return the virtual time in ms. */
    long nowMs() {
        return sim.nowMs();
    }
}
