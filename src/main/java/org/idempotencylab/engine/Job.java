package org.idempotencylab.engine;

import java.util.Arrays;

/**
 * One delivery of a sign-up to a worker: whose it is, which message it belongs to, who owns its keys, and how many
 * times each step's side effect really happened. A worker reuses one Job for every sign-up it takes, so the
 * first article's million sign-ups allocate nothing per job.
 */
final class Job {
    /** The user number: the sign-up of {@code user_<n>}. */
    long user;
    /** True for a repeated request: the user's second (or later) job. */
    boolean repeat;
    /** The queue message this delivery belongs to; null for an untracked job (the article's runs). */
    Message msg;
    /** 1 for the message's first delivery, 2 for the next, ... */
    int delivery;
    /** The claim or lock owner, unique per delivery; null unless the store needs one. */
    String owner;
    /** This delivery has made a call (it runs, as opposed to being refused or answered from a store). */
    boolean running;
    private final int[] own;
    /** The user's ledger when tracked (its counts, trail and runs going), else null. */
    UserLedger ledger;
    /** Side effects per step (0..steps-1): the user's ledger when tracked, else this job's own counts. */
    int[] sideEffects;
    private final CauseTrail.Last[] ownTrail;
    /**
     * The last side effect of each step, beside {@link #sideEffects} (the user's ledger's when tracked, else this
     * job's own): what {@link CauseTrail} books a side effect done again by.
     */
    CauseTrail.Last[] trail;
    /** A fate was written to {@link #trail} since the last reset: the next reset clears this job's own trail's. */
    boolean trailFated;
    /** Provider keys made for this job, kept only to forget them at its end. */
    long[] freshKeys;
    /** How many of {@link #freshKeys} are in use. */
    int freshKeyCount;
    /**
     * How the gate let this delivery's current call through when that alone can make a duplicate (a reclaimed
     * lease, a key the rescuer freed, a lost claim race), else null ({@link CauseTrail}).
     */
    DuplicateCause gatePass;
    /** Virtual ms at which the current call's claim was got (for {@link CauseTrail}, as {@link #gatePass}). */
    long claimedAtMs;

    /** A job of the article's ten-step sign-up. */
    Job() {
        this(SignupSteps.COUNT);
    }

    /** @param steps the steps of the run's workflow, 1 to 12 */
    Job(int steps) {
        own = new int[steps];
        sideEffects = own;
        ownTrail = new CauseTrail.Last[steps];
        trail = ownTrail;
    }

    /**
     * Makes this the first delivery of {@code user}'s job.
     *
     * @param ledger the user's ledger (side effects over all of the user's deliveries, and their trail), or null to
     *               count this job's own
     */
    void reset(long user, boolean repeat, UserLedger ledger) {
        this.user = user;
        this.repeat = repeat;
        Arrays.fill(own, 0);
        this.ledger = ledger;
        sideEffects = ledger == null ? own : ledger.sideEffects;
        trail = ledger == null ? ownTrail : ledger.trail;
        if (trailFated) { // an untracked job keeps its earlier users' entries: only a fate can tell them apart
            for (CauseTrail.Last last : ownTrail) {
                if (last != null) {
                    last.fate = null;
                }
            }
            trailFated = false;
        }
        freshKeyCount = 0;
        msg = null;
        delivery = 1;
        owner = null;
        running = false;
        gatePass = null;
        claimedAtMs = 0;
    }

    /**
     * @return a new Job for the same delivery (user, message, delivery number, owner) counting into the same side
     *         effects, for a call that outlives its worker's hold on this one (an attempt its caller gave up on);
     *         only in tracked mode, where the side effects are the user's ledger and not this reused Job's own
     */
    Job copyOfDelivery() {
        Job copy = new Job(own.length);
        copy.user = user;
        copy.repeat = repeat;
        copy.msg = msg;
        copy.delivery = delivery;
        copy.owner = owner;
        copy.ledger = ledger;
        copy.sideEffects = sideEffects;
        copy.trail = trail;
        copy.gatePass = gatePass;
        copy.claimedAtMs = claimedAtMs;
        return copy;
    }

    /** @return true if this is a repeated request whose payload differs from the first under the same key. */
    boolean differentPayload() {
        return msg != null && msg.differentPayload;
    }
}
