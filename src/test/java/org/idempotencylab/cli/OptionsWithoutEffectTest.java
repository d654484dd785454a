package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.assertRefused;
import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * An option that changes nothing with the chosen store, queue or retry is refused, naming the options that would
 * give it an effect; and every such refusal is true: in each setting where a parameter's need is unmet, the run
 * with another value of it gives the same numbers, metric for metric.
 */
class OptionsWithoutEffectTest {


    @Test
    void theIssuesExamplesAreRefusedNamingWhatWouldGiveThemAnEffect() {
        assertRefused("--lease-ms: has no effect here; it needs --store claim-table", "run", "--store", "memory",
                "--lease-ms", "1");
        assertRefused("--visibility-timeout-ms: has no effect here; it needs --queue durable", "run", "--queue", "memory",
                "--visibility-timeout-ms", "5");
        assertRefused("--slow-call-ms: has no effect here; it needs --p-slow above 0", "run", "--slow-call-ms", "5");
        assertRefused("--lease-ms: has no effect here; it needs --store claim-table (table runs the article's five "
                + "strategies; run and sweep take --store and --provider-key)", "table", "--lease-ms", "5");
        assertRefused("--vary --lease-ms: has no effect here; it needs --store claim-table (without --retry, "
                + "--provider-key or --store, sweep runs the article's five strategies)", "sweep", "--vary",
                "lease-ms", "--from", "1000", "--to", "5000");
        assertRefused("--p-rollback: has no effect here; it needs --store lock with --lock-at enqueue", "run", "--store",
                "lock", "--p-rollback", "0.1");
    }

    @Test
    void anOptionEveryStrategyOfTheFileSetsItselfIsRefusedAndASweepCountsItsEnds() {
        // the powertools preset's three strategies each set their own lease: --lease-ms would change no number
        assertRefused("--lease-ms: has no effect here; every strategy of the scenario sets leaseMs itself (its "
                + "settings)", "run", "--preset", "field-powertools-expiry", "--lease-ms", "1");
        // the sweep sets --p-duplicate to 0.5 at its far end, where the repeat's delay counts
        Outcome o = cli("sweep", "--vary", "--p-duplicate", "--from", "0", "--to", "0.5", "--points", "2",
                "--duplicate-delay-ms", "100", "--jobs", "50", "--retry", "each-step");
        assertEquals(0, o.code(), o.err());
        assertRefused("--p-different-payload: has no effect here; it needs --p-duplicate above 0 and --store memory "
                + "or claim-table (or --provider-checks-payload true with --provider-key same)", "run",
                "--p-duplicate", "0.5", "--p-different-payload", "0.5");
        assertRefused("--provider-checks-payload: has no effect here; it needs --provider-key same with --p-duplicate "
                + "and --p-different-payload above 0", "run", "--provider-key", "per-request", "--p-duplicate", "0.5",
                "--p-different-payload", "0.5", "--store", "memory", "--provider-checks-payload", "true");
        assertRefused("--provider-key-ttl-ms: has no effect here; it needs --provider-key same", "run",
                "--provider-key", "new-per-call", "--provider-key-ttl-ms", "5");
    }

    @Test
    void theSameOptionsWithWhatTheyNeedRun() {
        // the need met: the claim table's lease, a durable queue's timeout, slow calls' time; the table's fifth
        // strategy uses the memory store, so the key TTL counts there
        for (String[] args : List.of(
                new String[] {"run", "--store", "claim-table", "--retry", "whole-job-skip-finished", "--lease-ms",
                        "1000", "--jobs", "50"},
                new String[] {"run", "--queue", "durable", "--visibility-timeout-ms", "5000", "--jobs", "50"},
                new String[] {"run", "--p-slow", "0.1", "--slow-call-ms", "5", "--jobs", "50"},
                new String[] {"table", "--ttl-ms", "5000", "--jobs", "50", "--threads", "1"},
                new String[] {"run", "--store", "lock", "--lock-at", "enqueue", "--p-rollback", "0.1", "--jobs",
                        "50"})) {
            Outcome o = cli(args);
            assertEquals(0, o.code(), String.join(" ", args) + ": " + o.err());
            assertTrue(!o.out().isEmpty());
        }
    }

    /** Settings that leave many needs unmet: store, key, queue and retries, one at a time. */
    private static List<Object[]> settings() {
        Scenario busy = Scenario.article().toBuilder().jobs(300).pFail(0.05).lostReply(0.05).build();
        Scenario once = busy.toBuilder().maxAttempts(1).build();
        Scenario durable = busy.toBuilder().queue(QueueKind.DURABLE).pCrash(0.01).build();
        List<Object[]> out = new ArrayList<>();
        for (Scenario s : List.of(busy, once, durable)) {
            for (Strategy st : List.of(Strategy.EACH_STEP_NO_KEY, Strategy.WHOLE_JOB_SKIP_FINISHED,
                    Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE),
                    Strategy.of(RetryScope.WHOLE_JOB, KeyMode.SAME, StoreKind.LOCK))) {
                out.add(new Object[] {s, st});
            }
        }
        return out;
    }

    @Test
    void everyRefusalIsTrueAnotherValueChangesNoNumber() {
        int checked = 0;
        for (Object[] setting : settings()) {
            Scenario s = (Scenario) setting[0];
            Strategy st = (Strategy) setting[1];
            for (Parameter p : Parameter.values()) {
                Optional<String> need = p.unmetNeed(s, List.of(st));
                if (need.isEmpty()) {
                    continue;
                }
                StrategyResult a = new SignupSimulation(s, st, RunControl.NONE, true).run();
                for (Scenario other : otherValues(s, p)) {
                    StrategyResult b = new SignupSimulation(other, st, RunControl.NONE, true).run();
                    for (Metric m : Metric.values()) {
                        assertEquals(m.value(a), m.value(b), p.id() + " = " + p.format(p.get(other)) + " is refused "
                                + "(needs " + need.get() + ") but changes " + m.id() + " with " + st.name());
                    }
                    checked++;
                }
            }
        }
        // 25 parameters have a need, most unmet in most of these 12 settings, each tried at up to three values
        assertTrue(checked > 400, "checked " + checked);
    }

    /**
     * @return {@code s} with {@code p} at other values the scenario accepts: its smallest, the one above it and a
     *         larger one (every other choice, the other flag)
     */
    private static List<Scenario> otherValues(Scenario s, Parameter p) {
        Object now = p.get(s);
        List<Object> candidates = new ArrayList<>();
        switch (p.kind()) {
            case CHOICE -> candidates.addAll(p.choices().stream().filter(c -> !c.equals(now)).map(c -> (Choice) c)
                    .toList());
            case FLAG -> candidates.add(!(Boolean) now);
            default -> {
                double v = ((Number) now).doubleValue();
                candidates.add((double) p.min());
                candidates.add(Math.min(p.max(), p.min() + 1.0));
                candidates.add(Math.min(p.max(), v * 3 + 7));
            }
        }
        List<Scenario> out = new ArrayList<>();
        for (Object c : candidates) {
            try {
                Scenario t = p.set(s.toBuilder(), c).build();
                if (!t.equals(s) && !out.contains(t)) {
                    out.add(t);
                }
            } catch (IllegalArgumentException e) { // a ParameterException too
                // e.g. a delay's minimum above its maximum: try the next value
            }
        }
        return out;
    }
}
