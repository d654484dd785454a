package org.idempotencylab.ui.live;

import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.SignupKeys;
import org.idempotencylab.engine.SignupSteps;
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
        return Template.of(words(strategy, e, "")).fill(record(strategy, flow, e));
    }

    /** @return the cause in a few words, for a narrow bar: "the reply was lost" */
    static String brief(Strategy strategy, SimulationEvent e) {
        return words(strategy, e, ".short");
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
        if (providerGuards(strategy, e)) { // a request's own key: the event does not say which request
            return strategy.keyMode() == KeyMode.PER_REQUEST ? "welcome-email:user_" + e.user() + ":request_…"
                    : SignupKeys.describe(SignupKeys.providerSame(e.user()));
        }
        if (e.cause() == DuplicateCause.LOCK_GONE) {
            return TEXTS.format("cause.lockKey", e.user());
        }
        return SignupKeys.stepKey(Caption.stepName(flow, e), e.user());
    }

    private static boolean providerGuards(Strategy strategy, SimulationEvent e) {
        return e.step() == SignupSteps.EMAIL && (strategy.keyMode() == KeyMode.SAME
                || strategy.keyMode() == KeyMode.PER_REQUEST && e.cause() == DuplicateCause.EXPIRED_KEY);
    }

    private static String words(Strategy strategy, SimulationEvent e, String suffix) {
        String base = "cause." + e.cause().name();
        String variant = providerGuards(strategy, e) ? PROVIDER : strategy.store().cliName();
        String own = base + "." + variant + suffix;
        return TEXTS.bundle().containsKey(own) ? TEXTS.get(own) : TEXTS.get(base + suffix);
    }
}
