package org.idempotencylab.cli;

import java.util.Arrays;
import java.util.Iterator;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import picocli.CommandLine.Option;

/**
 * The strategy options {@code run} and {@code sweep} share: what a retry repeats ({@code --retry}), the key the
 * welcome email sends ({@code --provider-key}) and the store every step goes through ({@code --store}). Nothing
 * is read until {@link #strategy()}; the scenario's options come from {@link ScenarioOptions}.
 */
final class StrategyOptions {
    @Option(names = "--retry", paramLabel = "SCOPE",
            description = "what a retry repeats. Allowed: each-step, whole-job or whole-job-skip-finished "
                    + "(default: each-step)")
    String retry;

    @Option(names = "--provider-key", paramLabel = "MODE",
            description = "the idempotency key the welcome email sends. Allowed: none, new-per-call or same "
                    + "(default: none)")
    String providerKey;

    @Option(names = "--store", paramLabel = "STORE",
            completionCandidates = StoreHelp.class,
            description = "the store every step goes through. Allowed: ${COMPLETION-CANDIDATES} (default: memory "
                    + "with whole-job-skip-finished, else none)")
    String store;

    /** @return true if any of {@code --retry}, {@code --provider-key}, {@code --store} was given. */
    boolean strategyGiven() {
        return retry != null || providerKey != null || store != null;
    }

    /** @return the store {@code --store} names, or the one {@code --retry} implies (memory to skip finished steps) */
    StoreKind storeKind() {
        RetryScope scope = scope();
        return store == null
                ? (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED ? StoreKind.MEMORY : StoreKind.NONE)
                : Choice.parse("--store", StoreKind.values(), store);
    }

    private RetryScope scope() {
        return retry == null ? RetryScope.EACH_STEP
                : Choice.parse("--retry", RetryScope.values(), retry);
    }

    /**
     * @return the strategy the options name (the article's row name when it is one of its five)
     * @throws IllegalArgumentException naming the option, the value and the allowed ones
     */
    Strategy strategy() {
        RetryScope scope = scope();
        KeyMode keyMode = providerKey == null ? KeyMode.NONE
                : Choice.parse("--provider-key", KeyMode.values(), providerKey);
        StoreKind storeKind = storeKind();
        if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !storeKind.recordsCompletion()) {
            throw new IllegalArgumentException("--store: " + storeKind.cliName() + " keeps no record of "
                    + "finished steps; --retry whole-job-skip-finished needs --store " + StoreKind.recordingNames());
        }
        return Strategy.of(scope, keyMode, storeKind);
    }

    /** The {@code --store} help's list: every store kind with its own help ({@link StoreKind#help()}). */
    static final class StoreHelp implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(StoreKind.values()).map(k -> k.cliName() + " (" + k.help() + ")").iterator();
        }
    }
}
