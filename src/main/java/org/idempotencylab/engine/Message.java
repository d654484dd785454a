package org.idempotencylab.engine;

import java.util.Comparator;

/**
 * One request in the {@link JobQueue} (tracked mode): a sign-up or its repeated request, with its delivery
 * bookkeeping (receives, refusals, redelivery, a queued retry), and the queue's first-come order. It is settled
 * once: acknowledged by the first delivery to end, dead-lettered, or lost with an in-memory queue.
 */
final class Message {
    /** When it becomes visible, then sequence: the order of the queue's messages waiting or on their way. */
    static final Comparator<Message> VISIBLE_ORDER = (a, b) -> a.visibleAtMs != b.visibleAtMs
            ? Long.compare(a.visibleAtMs, b.visibleAtMs) : Long.compare(a.seq, b.seq);

    /** First come, first served; at one instant an original before a repeat; then user, then sequence. */
    static final Comparator<Message> ARRIVAL_ORDER = (a, b) -> {
        if (a.arrivalMs != b.arrivalMs) {
            return Long.compare(a.arrivalMs, b.arrivalMs);
        }
        if (a.repeat != b.repeat) {
            return a.repeat ? 1 : -1;
        }
        return a.user != b.user ? Long.compare(a.user, b.user) : Long.compare(a.seq, b.seq);
    };

    final long user;
    final boolean repeat;
    /** A repeated request whose payload differs under the same key. */
    final boolean differentPayload;
    /**
     * The request's number, unique in the run: the user number for a sign-up, {@code jobs + n} for the n-th
     * repeated request (the name of a lock taken at enqueue, which every delivery of the request shares).
     */
    long request;
    long visibleAtMs;
    /** When it first entered the queue (virtual ms): its place in line. */
    long arrivalMs;
    long seq;
    /** Deliveries so far, refused ones included: SQS's receive count. */
    int deliveries;
    /** "Job in progress" answers so far. */
    int rejections;
    /** In the queue now (a repeat on its way is not yet). */
    boolean inQueue;
    boolean settled;
    /** Back in the queue because a visibility timeout ran out: its next delivery is a redelivery. */
    boolean redelivered;
    /** Deliveries that have begun running (made a call) and have not ended. */
    int running;
    /** A store has answered it with another payload's result (counted once per request). */
    boolean answeredWrongly;
    /**
     * A retry published through the queue ({@code retryVia = queue}): where its next delivery starts, the
     * step 0..9 and the step's and the job's attempt, 1-based; a job attempt of 0 means from the start.
     */
    int resumeStep;
    int resumeStepAttempt;
    int resumeJobAttempt;
    /**
     * Durable queue, a retry's ETA message held by more than one worker: the copies not yet taken, the first
     * holder's included (one more holder per visibility timeout that ran out before the ETA), each of which
     * runs once it is visible.
     */
    int etaCopies;
    /** The first of those copies has been taken: the rest are redeliveries. */
    boolean etaTaken;
    /**
     * Durable queue: virtual ms until which the last delivery stays invisible, a visibility timeout after it was taken
     * or, with message renewal, after its last heartbeat ({@link MessageRenewal}).
     */
    long invisibleUntilMs;
    /**
     * Why the delivery numbered {@link #returnedDelivery} gave the message back before it ended (a graceful
     * shutdown pushed it back, or it went back with its batch), or null: {@link CauseTrail} books a step the next
     * delivery does again to it.
     */
    DuplicateCause returnedCause;
    /** The delivery {@link #returnedCause} is about, 1-based. */
    int returnedDelivery;

    Message(long user, boolean repeat, boolean differentPayload) {
        this.user = user;
        this.repeat = repeat;
        this.differentPayload = differentPayload;
        this.request = user;
    }

    /** @return true the first time a store answers this request with another payload's result. */
    boolean firstWrongAnswer() {
        if (answeredWrongly) {
            return false;
        }
        answeredWrongly = true;
        return true;
    }
}
