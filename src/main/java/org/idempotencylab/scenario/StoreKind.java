package org.idempotencylab.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Which idempotency store the steps go through: one gate per kind in the engine, the store chosen per run. Each
 * kind carries its own words (its list label, its part of a strategy's name, its help), and the lists of kinds
 * that messages name are derived from the kinds, so a new kind updates them.
 */
public enum StoreKind implements Choice {
    /** No store: every call does its work. */
    NONE("none", "none", "", "every call does its work", false),
    /**
     * The first article's in-memory store: each step runs under {@code <step name>:<userId>}; a finished key
     * returns its saved result until its TTL, a running key shares the run, a failure is not remembered. It lives
     * in the worker process, so a crash wipes it.
     */
    MEMORY("memory", "in-memory store", "memory store", "the first article's; a saved result skips the step, "
            + "but it lives in the worker process and a crash wipes it", true),
    /**
     * The second article's claim table ({@code processed_jobs}): each step claims {@code <step name>:user_<n>}
     * with an insert-if-absent; {@code completed} returns the saved result, {@code in_progress} held by another
     * worker answers "job in progress" and the queue retries later, and an expired lease ({@code locked_until})
     * is reclaimed. Durable: it survives a crash.
     */
    CLAIM_TABLE("claim-table", "claim table", "claim table", "the second article's processed_jobs row, in_progress "
            + "with a lease or completed with its result; durable, it survives a crash", true),
    /**
     * Lock only, the second article's counter-example: the job takes {@code signup:user_<n>} with SETNX and a
     * TTL, and releases it at the end. No completion record, so it cannot skip finished steps, and a later
     * delivery runs the job again.
     */
    LOCK("lock", "lock only", "lock only", "SETNX with a TTL, released at the end; no record of "
            + "finished steps",
            false);

    private final String cliName;
    private final String label;
    private final String inStrategyName;
    private final String help;
    private final boolean recordsCompletion;

    StoreKind(String cliName, String label, String inStrategyName, String help, boolean recordsCompletion) {
        this.cliName = cliName;
        this.label = label;
        this.inStrategyName = inStrategyName;
        this.help = help;
        this.recordsCompletion = recordsCompletion;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    /** @return the words the window's store list shows, e.g. "in-memory store" */
    @Override
    public String label() {
        return label;
    }

    /**
     * @return the words a strategy's name ends with after a comma, e.g. "memory store" in "retry each step, no
     *         key, memory store"; "" for no store (the article's rows name no store)
     */
    public String inStrategyName() {
        return inStrategyName;
    }

    /** @return what the store does, in a few words without a capital or a full stop (the help and the tooltip) */
    public String help() {
        return help;
    }

    /** @return true if the store remembers finished steps, so a retry can skip them (see {@link #recording()}). */
    public boolean recordsCompletion() {
        return recordsCompletion;
    }

    /** @return the kinds that remember finished steps, in declaration order (memory, claim table) */
    public static List<StoreKind> recording() {
        return Arrays.stream(values()).filter(StoreKind::recordsCompletion).toList();
    }

    /**
     * @return the command-line names of the kinds that remember finished steps, as a message names them:
     *         "memory or claim-table"
     */
    public static String recordingNames() {
        return either(recording().stream().map(StoreKind::cliName).toList());
    }

    /**
     * @return the window's labels of the kinds that remember finished steps, as a sentence names them: "the
     *         in-memory store or the claim table"
     */
    public static String recordingLabels() {
        return either(recording().stream().map(k -> "the " + k.label()).toList());
    }

    /** @return "a", "a or b", "a, b or c" */
    static String either(List<String> names) {
        int n = names.size();
        return n <= 1 ? String.join("", names)
                : names.subList(0, n - 1).stream().collect(Collectors.joining(", ")) + " or " + names.get(n - 1);
    }
}
