package org.idempotencylab.engine;

/**
 * Why a side effect was done again: the one cause each {@link SimulationEvent.Kind#DUPLICATE_SIDE_EFFECT} is
 * booked to, in the field's terms. A duplicate has a trigger (something ran the step again: a retry, a redelivery,
 * a repeated request) and a gate that let it through (no record, or a record that was missing, expired, wiped or
 * taken over); the cause names the gate's failure where a store or a key should have stopped it, else the trigger.
 * {@link CauseTrail} decides it, by these rules in this order:
 *
 * <ol>
 *   <li>the call's caller had given up on it after the attempt timeout: {@link #ATTEMPT_TIMEOUT};</li>
 *   <li>this call's claim, or the previous one's, was a reclaimed lease ({@link #LEASE_EXPIRED}), a key the
 *       rescuer freed ({@link #RESCUER}) or a check-then-insert that raced ({@link #CLAIM_RACE});</li>
 *   <li>the welcome email with the same provider key every time, or with a key per request sent again by the same
 *       request: the provider had forgotten the key, {@link #EXPIRED_KEY} (a key per request sent by another
 *       request is a new key: the rules below decide);</li>
 *   <li>a store that records finished steps (the in-memory store, the claim table) found no record: never written
 *       because the previous side effect's reply was lost ({@link #LOST_REPLY}), its caller gave up
 *       ({@link #ATTEMPT_TIMEOUT}) or the process crashed before it was recorded ({@link #CRASH}); written and
 *       wiped with the in-memory store by a crash ({@link #CRASH}) or, failing that, by a graceful shutdown's restart
 *       ({@link #SHUTDOWN}); else written and expired (TTL, retention), {@link #EXPIRED_KEY};</li>
 *   <li>nothing records the step (no store, a lock): another request of the user ran it,
 *       {@link #REPEATED_REQUEST}, or {@link #LOCK_GONE} when the lock should still have kept it out (the first
 *       request was still open); another delivery of the same request, after the previous delivery (or one after
 *       it) was given back unfinished, pushed back at a graceful shutdown ({@link #SHUTDOWN}) or returned with its
 *       batch ({@link #BATCH_RETURNED}), or after a crash ({@link #CRASH}), beside one
 *       still running while a lock should have kept it out ({@link #LOCK_GONE}), or redelivered after a visibility
 *       timeout ({@link #VISIBILITY_TIMEOUT}); else the same job's retry, after the previous side effect's lost
 *       reply ({@link #LOST_REPLY}) or timed-out attempt ({@link #ATTEMPT_TIMEOUT}), or a retry of the whole job
 *       that ran a finished step again ({@link #WHOLE_JOB_RETRY}).</li>
 * </ol>
 */
public enum DuplicateCause {
    /** The email went out but its reply was lost: the caller retried, and nothing recorded the send. */
    LOST_REPLY,
    /** The worker process crashed: the step was never recorded, or the in-memory store that recorded it died. */
    CRASH,
    /** No acknowledgement within the visibility timeout: the queue delivered the job again. */
    VISIBILITY_TIMEOUT,
    /** The claim's lease ran out (its holder crashed, or was slower than the lease): another delivery took it over. */
    LEASE_EXPIRED,
    /** The lock that should have kept the user's other job out was gone (expired, or released at the start). */
    LOCK_GONE,
    /** The client sent the sign-up again, and nothing recorded that the step was done. */
    REPEATED_REQUEST,
    /** The record was written and expired (the store's TTL, the claim table's retention, the provider key's TTL). */
    EXPIRED_KEY,
    /** The caller gave up on a slow call after the attempt timeout and retried, while the call went on. */
    ATTEMPT_TIMEOUT,
    /** Two deliveries read the key as absent before either inserted it (check, then insert). */
    CLAIM_RACE,
    /** The rescuer deleted the claim's row, so the next delivery found the key free. */
    RESCUER,
    /** A later step failed and the whole job was retried from step 1, running a finished step again. */
    WHOLE_JOB_RETRY,
    /** A graceful shutdown pushed the job back unfinished; its next delivery ran a step its last one had done. */
    SHUTDOWN,
    /** The job's batch had a failed job and went back to the queue; the next delivery ran the step again. */
    BATCH_RETURNED;

    /**
     * @return its key in {@link Metric#DUPLICATES_BY_CAUSE}'s JSON object and its CSV column's suffix: the name in
     *         lower camel case, e.g. {@code lostReply}, {@code wholeJobRetry}
     */
    public String id() {
        StringBuilder b = new StringBuilder();
        for (String word : name().toLowerCase(java.util.Locale.ROOT).split("_")) {
            b.append(b.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return b.toString();
    }

    /** @return the cause as a person reads it, in a table: the name in lower case with spaces, e.g. "lost reply". */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
