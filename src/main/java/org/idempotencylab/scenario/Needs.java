package org.idempotencylab.scenario;

import java.util.function.BiPredicate;
import java.util.function.Supplier;

/**
 * What a parameter needs of a run to change anything in it: the condition, on the scenario and one strategy
 * (with that strategy's own settings applied), and the options that would meet it, as the command line words
 * them ({@code --store claim-table}). A parameter with a need met by none of a run's strategies has no effect
 * there: a lease without a claim table, a visibility timeout on the in-memory queue, a slow-call time with no
 * slow calls. Where a need comes from: the parameter's own rule (its meaning says "claim table only", "durable
 * queue only", ...).
 *
 * @param met  true if the parameter changes a run of this strategy on this scenario
 * @param hint the options that would meet it, e.g. "--queue durable" (a supplier: a need may name a
 *             parameter declared after the one it belongs to)
 */
public record Needs(BiPredicate<Scenario, Strategy> met, Supplier<String> hint) {
    /** No condition: the parameter always counts. */
    public static final Needs ALWAYS = new Needs((s, st) -> true, () -> "");
}
