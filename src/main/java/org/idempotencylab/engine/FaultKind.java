package org.idempotencylab.engine;

import org.idempotencylab.scenario.Choice;

/**
 * The kinds of fault the engine can be asked about at its choice points ({@link FaultChooser}): what the random
 * draws decide in a normal run, and what the explorer chooses instead. Each is a source of duplicates or losses
 * named in the two articles, or (for {@link #ORDER}) the race that two workers make. Named on the command line and
 * in JSON as every {@link Choice} is ({@code LOST_REPLY} is {@code lost-reply}).
 */
public enum FaultKind implements Choice {
    /** A call fails before doing anything (first article: the {@code pFail} draw). */
    FAIL,
    /** The welcome email went out but its reply is lost: the caller sees a timeout (first article: {@code lostReply}). */
    LOST_REPLY,
    /**
     * The worker process dies after a call's side effect, before its result is recorded (second article, "Handling
     * the stuck in_progress case"; the lab's {@code pCrash}).
     */
    CRASH,
    /** The sign-up is sent again: a repeated request with the same keys (first article; the lab's {@code pDuplicate}). */
    REPEAT,
    /**
     * Of events due at the same virtual ms, another one goes first (with two or more workers): the race of two
     * workers, which the simulator otherwise settles first-in, first-out.
     */
    ORDER;

    /** @return every kind's name, separated by commas: "fail, lost-reply, crash, repeat, order" */
    public static String names() {
        return Choice.names(values());
    }

    /**
     * @param text a name as {@link #cliName()} gives it, any case, surrounding spaces ignored
     * @return the kind it names
     * @throws IllegalArgumentException naming the text and the allowed names
     */
    public static FaultKind of(String text) {
        return Choice.find(values(), text).orElseThrow(
                () -> new IllegalArgumentException("'" + text + "' is not a fault kind; allowed: " + names()));
    }
}
