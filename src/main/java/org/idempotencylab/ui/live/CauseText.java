package org.idempotencylab.ui.live;

import java.util.List;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.SignupKeys;
import org.idempotencylab.engine.WorkflowSteps;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;

/**
 * Why a side effect was done again, in words ({@link DuplicateCause}), naming the record that was missing, expired or
 * taken over: the store's key of the step ({@code save the user:user_3}), the provider's key of the email
 * ({@code welcome-email:user_3}) where the provider was the guard that forgot it, or the lock
 * ({@code signup:user_3}). The words are {@code cause.<CAUSE>} in this package's {@code texts.properties}, or
 * {@code cause.<CAUSE>.<variant>} where the store (its command-line name) or the provider says it otherwise; each
 * with {@code .short} for a narrow bar and the event log. Plain Java, no toolkit.
 */
final class CauseText {
    private static final Texts TEXTS = Texts.of(CauseText.class);
    /** The variant of the email's duplicate when the provider, holding the same key every time, let it through. */
    private static final String PROVIDER = "provider";

    private CauseText() {
    }

    /** @return the cause in a sentence that names the record, e.g. "the crash wiped the in-memory store: …" */
    static String sentence(Strategy strategy, SimulationEvent e) {
        return sentence(strategy, Workflow.SIGNUP, e);
    }

    /** As {@link #sentence(Strategy, SimulationEvent)} in a run of {@code flow}: a step's key by its name. */
    static String sentence(Strategy strategy, Workflow flow, SimulationEvent e) {
        return Template.of(words(strategy, flow, e, "")).fill(record(strategy, flow, e));
    }

    /** @return the cause in a few words, for a narrow bar: "the reply was lost" */
    static String brief(Strategy strategy, SimulationEvent e) {
        return brief(strategy, Workflow.SIGNUP, e);
    }

    /** As {@link #brief(Strategy, SimulationEvent)} in a run of {@code flow}. */
    static String brief(Strategy strategy, Workflow flow, SimulationEvent e) {
        return words(strategy, flow, e, ".short");
    }

    /** @return the cause in a few words, whatever the strategy: the event log's "lost reply" */
    static String name(DuplicateCause cause) {
        return TEXTS.get("cause." + cause.name() + ".short");
    }

    /**
     * @return the record whose absence let the duplicate through: the provider's key of the email where the provider
     *         had it (the {@code same} key, or a request's own key that expired), the lock for a lock that was gone,
     *         else the store's key of the step
     */
    static String record(Strategy strategy, SimulationEvent e) {
        return record(strategy, Workflow.SIGNUP, e);
    }

    /** As {@link #record(Strategy, SimulationEvent)} in a run of {@code flow}. */
    static String record(Strategy strategy, Workflow flow, SimulationEvent e) {
        if (providerGuards(strategy, flow, e)) {
            return providerKey(WorkflowSteps.of(flow).providerKeyName(e.step()), strategy.keyMode(), e.user());
        }
        if (e.cause() == DuplicateCause.LOCK_GONE) {
            return TEXTS.format("cause.lockKey", e.user());
        }
        return SignupKeys.stepKey(Caption.stepName(flow, e), e.user());
    }

    /**
     * @param provider the name the step's provider keys carry ({@link WorkflowSteps#providerKeyName(int)})
     * @return the provider key {@code user}'s call sends under {@code mode}, as text: {@code welcome-email:user_3},
     *         or for a request's own key {@code welcome-email:user_3:request_…} (an event does not say which request)
     */
    static String providerKey(String provider, KeyMode mode, long user) {
        return mode == KeyMode.PER_REQUEST ? provider + ":user_" + user + ":request_…"
                : SignupKeys.describe(SignupKeys.providerSame(user), List.of(), provider);
    }

    /**
     * @return true if the provider was the guard that let the duplicate through: a step that sends the provider a
     *         key (the sign-up's welcome email, a workflow's keyed external steps: {@link CodeMap#sendsKey}), with
     *         the same key every time, or a request's own key that expired
     */
    private static boolean providerGuards(Strategy strategy, Workflow flow, SimulationEvent e) {
        return CodeMap.sendsKey(flow, e.step()) && (strategy.keyMode() == KeyMode.SAME
                || strategy.keyMode() == KeyMode.PER_REQUEST && e.cause() == DuplicateCause.EXPIRED_KEY);
    }

    private static String words(Strategy strategy, Workflow flow, SimulationEvent e, String suffix) {
        String base = "cause." + e.cause().name();
        String variant = providerGuards(strategy, flow, e) ? PROVIDER : strategy.store().cliName();
        String own = base + "." + variant + suffix;
        return TEXTS.bundle().containsKey(own) ? TEXTS.get(own) : TEXTS.get(base + suffix);
    }
}
