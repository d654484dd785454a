package org.idempotencylab.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.ClaimMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Renew;
import org.idempotencylab.scenario.RescuerKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.ClaimRow;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.InMemoryClaimTable;

/**
 * {@link StoreKind#CLAIM_TABLE}: every step claims {@code <step name>:user_<n>} in the second article's claim
 * table ({@code processed_jobs}, {@code INSERT ... ON CONFLICT}) with a lease of {@code leaseMs}.
 *
 * <ul>
 *   <li>claimed (or an expired lease reclaimed): the call runs; a success completes the key with its saved
 *       result, a failure releases it (first article: a failure is not remembered);</li>
 *   <li>completed: the step is skipped with the saved result;</li>
 *   <li>in progress under another delivery: the job goes back to the queue ("job in progress");</li>
 *   <li>the same key with another payload: a key mismatch (Stripe's HTTP 400 {@code idempotency_error}), the
 *       job fails, not retried.</li>
 * </ul>
 * The table lives outside the worker process: a crash leaves the claims it held {@code in_progress} until their
 * lease runs out and another delivery reclaims them; the time in between is counted as stuck.
 *
 * <p>With {@code heartbeatMs > 0}, a live worker renews the claim of its running call every {@code heartbeatMs}
 * ({@code locked_until = now + leaseMs}), as BullMQ's worker extends its job lock every {@code lockRenewTime}:
 * a call slower than the lease keeps its claim, while a crashed worker's claim still runs out. With a heartbeat
 * shorter than the lease, the claim never runs out while its worker lives, and only the last heartbeat before it
 * would is one anyone else can tell from the others: the lab writes that one ({@code (leaseMs - 1) / heartbeatMs}
 * heartbeats apart) and counts the ones in between as renewals too. A run's cost then grows with the call time over
 * the lease, not over the heartbeat: a 1 ms heartbeat on hour-long calls takes no longer than a 5 s one (a
 * heartbeat due in the very ms its call crashes may count one renewal more or less than one event per beat did).
 *
 * <p>With {@code claimRetentionMs > 0}, a completed row is deleted that long after it completed, as River's job
 * cleaner deletes completed jobs after their retention (24 h by default) and BullMQ's {@code removeOnComplete}
 * removes them: the key is deduplicated only within that window, and a request repeated after it runs again.
 *
 * <p>With {@link ClaimMode#CHECK_THEN_INSERT}, a claim is two statements, as naive code writes it: a
 * {@code SELECT}; if no row is there, the insert {@code raceWindowMs} later, whose conflict is ignored. Two
 * deliveries that both read "absent" inside the window both run the step (the race the second article's atomic
 * claim closes). It needs no more of a store than {@link ClaimStore#get} and {@link ClaimStore#claim}, so a real
 * database ({@code run --db}) races the same way.
 *
 * <p>With a {@link RescuerKind rescuer}, a maintenance process apart from the workers passes over the table every
 * {@code rescueEveryMs} and deletes the {@code in_progress} claims whose lease has run out, so the next delivery
 * claims the key afresh (River's JobRescuer, Oban's Lifeline, pg-boss's maintenance). It cannot tell a crashed
 * holder from a slow one: a live worker whose claim it freed completes nothing, since its row is gone. What runs
 * the step again is the next delivery of the job: on a durable queue the message's visibility timeout redelivers
 * it, and that delivery finds the key free; an in-memory queue keeps no copy of a message a worker took (and a
 * crash that left a claim stuck took the queue's jobs with it), so there only a repeated request finds it. The
 * rescuer re-enqueues nothing itself. {@link RescuerKind#ATOMIC} deletes in one statement guarded by status and
 * lease; {@link RescuerKind#READ_THEN_UPDATE} reads the expired keys, and deletes them by key alone
 * {@code raceWindowMs} later (its own round trip, the same gap as a check-then-insert's): a claim that completed
 * in between is wiped ({@link Metric#COMPLETED_CLAIMS_OVERWRITTEN}) and its step runs again on the next delivery,
 * as in River before its rescue update required the job to be still running.
 */
final class ClaimTableGate implements StepGate {
    private final Simulator sim;
    private final RunMetrics metrics;
    private final Emitter emitter;
    private final long leaseMs;
    private final long heartbeatMs;
    /**
     * How many heartbeats apart a renewal is written: the last one before the lease would run out
     * ({@code j * heartbeatMs < leaseMs}), or each one when the heartbeat is not shorter than the lease (then the
     * claim runs out between two of them, and each matters); 1 with no heartbeat.
     */
    private final long heartbeatsPerWrite;
    private final long retentionMs;
    private final boolean checkThenInsert;
    private final long raceWindowMs;
    private final ClaimStore claims;
    private final WorkflowSteps steps;
    private final boolean forgetRows;
    private final RescuerKind rescuer;
    private final long rescueEveryMs;
    private BooleanSupplier workLeft = () -> false;
    // Claims whose holder crashed and that nobody has reclaimed yet: key -> {crash ms, locked_until ms}.
    private final Map<String, long[]> crashedClaims = new HashMap<>();
    // Keys the rescuer freed that nobody has claimed since: why their next run is a duplicate (see CauseTrail)
    private final java.util.Set<String> freedKeys = new java.util.HashSet<>();

    /**
     * @param given the claim table to use (for example a {@code JdbcClaimStore}; the caller empties and closes it,
     *              and its rows are never deleted), or null for a new {@link InMemoryClaimTable}
     */
    ClaimTableGate(RunContext ctx, ClaimStore given) {
        Scenario s = ctx.scenario();
        this.sim = ctx.sim();
        this.metrics = ctx.metrics();
        this.emitter = ctx.emitter();
        this.leaseMs = s.leaseMs();
        // with renew = message the heartbeat extends the queue's message only, not the claim
        this.heartbeatMs = ((Renew) s.get(Parameter.RENEW)).renewsClaim() ? s.heartbeatMs() : 0;
        this.heartbeatsPerWrite = heartbeatMs <= 0 || heartbeatMs >= leaseMs ? 1 : (leaseMs - 1) / heartbeatMs;
        this.retentionMs = s.claimRetentionMs();
        this.checkThenInsert = s.claim() == ClaimMode.CHECK_THEN_INSERT;
        this.raceWindowMs = s.raceWindowMs();
        this.claims = given != null ? given : new InMemoryClaimTable();
        this.steps = ctx.steps();
        this.forgetRows = given == null && ctx.forgetKeysOfFinishedJobs();
        this.rescuer = s.rescuer();
        this.rescueEveryMs = s.rescueEveryMs();
    }

    /**
     * @return the claim table's key for a step of {@code steps}: {@code <step name>:user_<n>}, as the second
     *         article's {@code charge:order_12345}
     */
    static String claimKey(WorkflowSteps steps, int step, long user) {
        return steps.claimKey(step, user);
    }

    /** The request fingerprint a claim carries: the payload's version (its hash, in a real system). */
    private static String fingerprint(Job job) {
        return job.differentPayload() ? "payload-v2" : "payload-v1";
    }

    @Override
    public Lane lane(Caller caller) {
        return new ClaimLane(caller);
    }

    /** One worker's passage: the claim its call holds, if any, and the heartbeat that renews it. */
    final class ClaimLane implements Lane {
        private final Caller caller;
        private String heldKey;       // the claim this worker's call holds, if any
        private boolean committed = true; // the last successful call's claim completed (or it held none)
        private String heldOwner;     // ... the delivery that holds it
        private long heldUntilMs;     // ... and the end of its lease
        private long renewedAtMs;     // ... when it was taken or last written renewed
        private boolean renewedSinceHold;
        private long call;            // counts claims and calls: a heartbeat or an insert names the one it is for
        private Job checkedJob;       // check-then-insert: the job whose key was read absent, until the insert
        private int checkedStep;
        private String refusal = "";

        ClaimLane(Caller caller) {
            this.caller = caller;
        }

        @Override
        public Before beforeCall(Job job, int step) {
            String key = claimKey(steps, step, job.user);
            job.gatePass = null;
            // SELECT: absent, so insert it a moment later; with no window the two statements act as one (atomic),
            // and the call starts now rather than from an event, so nothing else interleaves in the same ms
            if (checkThenInsert && raceWindowMs > 0 && claims.get(key).isEmpty()) {
                checkedJob = job;
                checkedStep = step;
                call++;
                sim.schedule(raceWindowMs, new ScheduledEvent.ClaimInsert(this, call));
                return Before.WAIT;
            }
            // atomic, or a check that found a row: the one statement's answer (a naive read of the row would give
            // the same: completed, in progress, expired, another payload)
            ClaimResult r = claims.claim(key, fingerprint(job), job.owner, sim.nowMs(), leaseMs);
            switch (r.kind()) {
                case CLAIMED, RECLAIMED -> {
                    take(r, job, step);
                    return Before.CALL;
                }
                case COMPLETED -> {
                    metrics.count(Metric.STORE_HITS);
                    emitter.emit(Kind.STEP_SKIPPED, job, step, caller.attempt(), caller.workerId(), sim.nowMs(),
                            "completed: saved result");
                    return Before.SKIP;
                }
                case IN_PROGRESS -> {
                    refusal = "job in progress: " + r.holder() + " holds " + key;
                    return Before.SEND_BACK;
                }
                default -> { // KEY_MISMATCH: a client error, not retried
                    metrics.count(Metric.KEY_MISMATCHES);
                    emitter.emit(Kind.KEY_MISMATCH, job, step, caller.attempt(), caller.workerId(), sim.nowMs(),
                            r.errorMessage());
                    return Before.FAIL;
                }
            }
        }

        @Override
        public boolean committed() {
            return committed;
        }

        @Override
        public boolean afterCall(Job job, int step, String failure) {
            committed = true; // a call that held no claim (a race lost) writes in a transaction of its own
            if (heldKey != null) { // record the result, or forget the failed run (first article)
                if (failure == null) {
                    committed = claims.complete(heldKey, job.owner, steps.savedResult(step, false), sim.nowMs());
                    if (committed && retentionMs > 0) {
                        sim.schedule(retentionMs, new ScheduledEvent.RetentionEnds(ClaimTableGate.this, heldKey));
                    }
                } else {
                    claims.release(heldKey, job.owner);
                }
                countUnwrittenRenewals();
                heldKey = null;
                call++; // its heartbeat stops
            }
            return false;
        }

        /**
         * The race window of a check-then-insert ended ({@link ScheduledEvent.ClaimInsert}): inserts the key read
         * as absent ({@code INSERT ... ON CONFLICT DO NOTHING}) and calls whatever the insert met, as naive code
         * that ignores the conflict does. A delivery that inserted first holds the claim; one that met its row
         * runs beside it, holding nothing.
         */
        void insertAfterCheck(long forCall) {
            if (forCall != call || caller.stopped()) {
                return; // its process crashed during the window
            }
            Job job = checkedJob;
            checkedJob = null;
            ClaimResult r = claims.claim(claimKey(steps, checkedStep, job.user), fingerprint(job), job.owner, sim.nowMs(),
                    leaseMs);
            if (r.owned()) {
                take(r, job, checkedStep);
            } else {
                metrics.count(Metric.CLAIM_RACES_LOST);
                job.gatePass = DuplicateCause.CLAIM_RACE;
                job.claimedAtMs = sim.nowMs();
            }
            caller.callNow();
        }

        /** {@code r} gave this delivery the claim: a lease taken over is counted, then the call holds it. */
        private void take(ClaimResult r, Job job, int step) {
            String key = r.key();
            if (r.kind() == ClaimResult.Kind.RECLAIMED) {
                metrics.count(Metric.LEASE_RECLAIMS);
                long[] crashed = crashedClaims.remove(key);
                if (crashed != null) {
                    metrics.add(Metric.STUCK_IN_PROGRESS_MS, sim.nowMs() - crashed[0]);
                }
                emitter.emit(Kind.LEASE_RECLAIMED, job, step, caller.attempt(), caller.workerId(),
                        r.lockedUntilMs(), "lease ran out: this job takes the key over");
            }
            // how the claim was got, when that alone explains a duplicate
            job.gatePass = r.kind() == ClaimResult.Kind.RECLAIMED ? DuplicateCause.LEASE_EXPIRED
                    : !freedKeys.isEmpty() && freedKeys.remove(key) ? DuplicateCause.RESCUER : null;
            job.claimedAtMs = sim.nowMs();
            hold(key, job.owner, r.lockedUntilMs());
        }

        /** The call about to start holds {@code key}'s claim; with a heartbeat on, its first renewal is due. */
        private void hold(String key, String owner, long lockedUntilMs) {
            heldKey = key;
            heldOwner = owner;
            heldUntilMs = lockedUntilMs;
            renewedAtMs = sim.nowMs();
            renewedSinceHold = false;
            call++;
            if (heartbeatMs > 0) {
                sim.schedule(heartbeatsPerWrite * heartbeatMs, new ScheduledEvent.Heartbeat(this, call));
            }
        }

        /**
         * The call ends or its process crashes: the heartbeats that beat since the last written renewal, before
         * now, each renewed a claim that was still its own (no one can take a claim over before its lease runs
         * out), so they count as renewals, as they would had each been written.
         */
        private long countUnwrittenRenewals() {
            long elapsed = sim.nowMs() - renewedAtMs;
            long beats = heartbeatMs <= 0 || elapsed <= 0 ? 0
                    : Math.min(heartbeatsPerWrite - 1, (elapsed - 1) / heartbeatMs);
            if (heartbeatMs > 0 && beats == 0 && elapsed == heartbeatMs && !renewedSinceHold
                    && heartbeatsPerWrite > 1) {
                beats = 1; // the first heartbeat is due before the call's end in the same ms, as a written one is
            }
            if (beats > 0) {
                metrics.add(Metric.LEASE_RENEWALS, beats);
            }
            return beats;
        }

        /**
         * A heartbeat ({@link ScheduledEvent.Heartbeat}): while call {@code forCall} still runs on a live worker,
         * renews its claim to now + lease and schedules the next one. A claim another delivery reclaimed in the
         * meantime is lost: the renewal is refused and the heartbeat stops (BullMQ's extendLock checks the
         * lock's token the same way).
         */
        void heartbeat(long forCall) {
            if (forCall != call || heldKey == null || caller.stopped()) {
                return; // the call ended, or its process crashed: a dead worker renews nothing
            }
            if (claims.renew(heldKey, heldOwner, sim.nowMs(), leaseMs)) {
                long beats = heartbeatsPerWrite; // this one, and the ones since the last written (see the class)
                metrics.add(Metric.LEASE_RENEWALS, beats);
                heldUntilMs = sim.nowMs() + leaseMs;
                renewedAtMs = sim.nowMs();
                renewedSinceHold = true;
                sim.schedule(beats * heartbeatMs, new ScheduledEvent.Heartbeat(this, call));
            }
        }

        @Override
        public void interrupted() {
            if (heldKey != null) { // stuck until someone reclaims it (see stuckOfUnreclaimedMs)
                long beats = countUnwrittenRenewals();
                if (beats > 0) { // the claim a crash leaves runs out a lease after the last heartbeat: write it
                    long lastBeatMs = renewedAtMs + beats * heartbeatMs;
                    if (claims.renew(heldKey, heldOwner, lastBeatMs, leaseMs)) {
                        heldUntilMs = lastBeatMs + leaseMs;
                    }
                }
                crashedClaims.put(heldKey, new long[] {sim.nowMs(), heldUntilMs});
            }
            checkedJob = null;
            call++; // a crashed worker's heartbeat, or its insert after a check, stops with it
        }

        @Override
        public String refusal() {
            return refusal;
        }
    }

    /**
     * A completed row's retention ran out ({@link ScheduledEvent.RetentionEnds}): it is deleted, so the key is
     * free and a later request with it runs again. Only a row still completed at least {@code retentionMs} ago
     * goes; one already forgotten is left alone.
     */
    void retentionEnds(String key) {
        claims.get(key).ifPresent(row -> {
            if (row.status() == ClaimRow.Status.COMPLETED && row.completedAtMs() + retentionMs <= sim.nowMs()) {
                claims.delete(key);
            }
        });
    }

    @Override
    public void startMaintenance(BooleanSupplier workLeft) {
        if (rescuer != RescuerKind.NONE) {
            this.workLeft = workLeft;
            sim.schedule(rescueEveryMs, new ScheduledEvent.RescuerPass(this));
        }
    }

    /**
     * The rescuer's pass ({@link ScheduledEvent.RescuerPass}): the atomic one deletes every expired
     * {@code in_progress} claim now; the read-then-update one reads their keys and sends the update, which lands
     * the race window later. The next pass is due {@code rescueEveryMs} later, while some job can still run.
     */
    void rescuerPass() {
        if (!workLeft.getAsBoolean()) {
            return; // every job has ended: the rescuer stops with the run
        }
        long now = sim.nowMs();
        if (rescuer == RescuerKind.ATOMIC) {
            for (String key : claims.rescueExpired(now)) {
                rescued(key);
            }
        } else {
            List<String> read = claims.expiredClaims(now);
            if (!read.isEmpty()) {
                sim.schedule(raceWindowMs, new ScheduledEvent.RescuerUpdate(this, read));
            }
        }
        sim.schedule(rescueEveryMs, new ScheduledEvent.RescuerPass(this));
    }

    /**
     * A read-then-update rescuer's update ({@link ScheduledEvent.RescuerUpdate}): {@code DELETE ... WHERE
     * idempotency_key = ?} for each key it read, with no status guard, so a claim completed since the read is
     * wiped too (and counted). A row already gone is nothing to delete.
     */
    void rescuerUpdate(List<String> keys) {
        for (String key : keys) {
            Optional<ClaimRow> row = claims.get(key);
            if (row.isPresent() && claims.delete(key)) {
                if (row.get().status() == ClaimRow.Status.COMPLETED) {
                    metrics.count(Metric.COMPLETED_CLAIMS_OVERWRITTEN);
                }
                rescued(key);
            }
        }
    }

    /** The rescuer freed {@code key}: counted, and a crashed holder's claim stops being stuck now. */
    private void rescued(String key) {
        metrics.count(Metric.RESCUED_CLAIMS);
        freedKeys.add(key);
        long[] crashed = crashedClaims.remove(key);
        if (crashed != null) {
            metrics.add(Metric.STUCK_IN_PROGRESS_MS, sim.nowMs() - crashed[0]);
        }
    }

    /**
     * @return virtual ms that claims nobody has reclaimed (yet) stay {@code in_progress} after their holder
     *         crashed, until their lease runs out, summed over claims (reclaimed ones are counted when reclaimed)
     */
    private long stuckOfUnreclaimedMs() {
        long stuck = 0;
        for (long[] c : crashedClaims.values()) {
            stuck += c[1] - c[0];
        }
        return stuck;
    }

    @Override
    public boolean commitsLocalWrites() {
        return true;
    }

    @Override
    public boolean needsOwners() {
        return true;
    }

    @Override
    public void forgetUser(long user) {
        if (!forgetRows) {
            return; // a table given by the caller keeps its rows
        }
        for (int step = 0; step < steps.count(); step++) {
            String key = claimKey(steps, step, user);
            long[] crashed = crashedClaims.isEmpty() ? null : crashedClaims.remove(key);
            if (crashed != null) { // never reclaimed: stuck until its lease ran out
                metrics.add(Metric.STUCK_IN_PROGRESS_MS, crashed[1] - crashed[0]);
            }
            claims.delete(key);
        }
    }

    @Override
    public void countInto(RunMetrics outside) {
        outside.add(Metric.STUCK_IN_PROGRESS_MS, stuckOfUnreclaimedMs());
    }

    @Override
    public ClaimStore claimStore() {
        return claims;
    }
}
