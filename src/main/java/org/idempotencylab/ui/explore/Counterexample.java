package org.idempotencylab.ui.explore;

import java.util.List;
import java.util.Set;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;

/**
 * The shortest schedule the explorer found that duplicates a side effect, ready to play: what a
 * {@link CounterexampleStage} needs to run it again with its faults forced, and what the class reads meanwhile.
 *
 * @param scenario the scenario explored, its probabilities 0 (nothing fails but the faults)
 * @param strategy the strategy whose counterexample it is
 * @param kinds    the kinds of fault the exploration allowed (the replay keeps what they need)
 * @param faults   the faults, in the order they happen; empty when the run duplicates with none
 * @param title    the note's title, e.g. "Counterexample: retry each step, no key"
 * @param text     one line a fault in plain words, then what the run ends with, then how it was found
 * @param watched  the number that shows the duplicate: users with 2+ welcome emails when the email is sent twice,
 *                 else steps done again
 */
public record Counterexample(Scenario scenario, Strategy strategy, Set<FaultKind> kinds, List<Fault> faults,
                             String title, String text, Metric watched) {
    public Counterexample {
        kinds = Set.copyOf(kinds);
        faults = List.copyOf(faults);
    }
}
