package org.idempotencylab.work;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.idempotencylab.engine.Mulberry32;
import org.idempotencylab.engine.RandomStreams;
import org.idempotencylab.engine.RetryPolicy;
import org.idempotencylab.engine.SignupKeys;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.JdbcClaimStore;

/**
 * One worker thread of a worker process: takes a job from the queue table, runs the first article's ten sign-up
 * steps through the chosen store, with real sleeps for calls and backoffs, and acknowledges it. Loops until the
 * run has no job left a worker could take.
 *
 * <h2>Taking a job</h2>
 * One statement, as pg-boss, River, graphile-worker and Oban take jobs: a {@code SELECT ... FOR UPDATE SKIP
 * LOCKED} picks the oldest visible job no other transaction is taking, and the {@code UPDATE} around it marks it
 * {@code running} and invisible for the visibility timeout ({@code visible_after = now() + timeout}, Amazon SQS's
 * term; pg-boss's {@code expireInSeconds}, River's rescue after {@code RescueStuckJobsAfter}). A job whose worker
 * died becomes visible again when the timeout passes and another worker takes it: at-least-once delivery. A job
 * received {@code maxReceives} times without an acknowledgement is dead-lettered instead (SQS's redrive policy).
 * A job's acknowledgement goes in the same statement as the worker's next take (one round trip and one commit).
 *
 * <h2>A step</h2>
 * A call sleeps its time, then draws "does it fail before doing anything?" ({@code < pFail}); for the welcome
 * email the provider table is asked to send (it honours a key), then "is the reply lost?" ({@code < lostReply}),
 * the first article's order, from the worker's own seeded stream. Per store:
 * <ul>
 *   <li>none: every call does its work; the side effect is recorded as it happens;</li>
 *   <li>memory: {@link ProcessMemoryStore}, this process's in-memory store, under {@code <step name>:user_<n>};</li>
 *   <li>claim table: the second article's {@code processed_jobs} through {@link JdbcClaimStore}: a completed key
 *       is skipped, one in progress elsewhere sends the job back to the queue until its lease ends ("job in
 *       progress"), a claimed key runs, and the step's side effect row commits in the same transaction as the
 *       claim's completion, so a kill before the commit leaves neither; the same statement claims the job's next
 *       step (one round trip and one commit a step), committed before that step's side effect as a claim must;</li>
 *   <li>lock: {@code signup:user_<n>} in a table of the claim table's layout, taken with a TTL as the job starts
 *       and released as it ends, no record of completion (the second article's counter-example).</li>
 * </ul>
 * A failed step retries after the backoff per the retry scope ({@link RetryPolicy}); a step out of attempts fails
 * the job.
 */
final class SignupWorker implements Runnable {
    /** Wall-clock ms an idle worker waits before it looks at the queue again. */
    static final long POLL_MS = 20;

    private static final String FINGERPRINT = "payload-v1";

    private static final String NEXT = "SELECT job FROM " + WorkTables.JOBS
            + " WHERE run_id = ? AND status IN ('queued', 'running') AND visible_after <= clock_timestamp() ";
    private static final String TAKE_REST = "ORDER BY visible_after LIMIT 1 FOR UPDATE SKIP LOCKED) "
            + "UPDATE " + WorkTables.JOBS + " j SET "
            + "status = CASE WHEN j.receives >= ? THEN 'dead' ELSE 'running' END, "
            + "receives = CASE WHEN j.receives >= ? THEN j.receives ELSE j.receives + 1 END, "
            + "redeliveries = j.redeliveries + CASE WHEN j.status = 'running' AND j.receives < ? THEN 1 ELSE 0 END, "
            + "visible_after = clock_timestamp() + make_interval(secs => ?::double precision / 1000), worker = ?, "
            + "ended_at = CASE WHEN j.receives >= ? THEN clock_timestamp() END "
            + "FROM next WHERE j.run_id = ? AND j.job = next.job RETURNING j.job, j.status, j.receives";
    private static final String TAKE = "WITH next AS (" + NEXT + TAKE_REST;
    private static final String ACK = "UPDATE " + WorkTables.JOBS + " SET status = ?, ended_at = clock_timestamp(), "
            + "worker = ? WHERE run_id = ? AND job = ? AND status IN ('queued', 'running')";
    /**
     * The acknowledgement of the job just run and the take of the next in one statement (one round trip, one
     * commit); the next is never the acknowledged one, which this statement has just locked itself.
     */
    private static final String ACK_THEN_TAKE = "WITH acked AS (" + ACK + "), next AS (" + NEXT + "AND job <> ? "
            + TAKE_REST;
    private static final String SEND_BACK = "UPDATE " + WorkTables.JOBS + " SET status = 'queued', "
            + "visible_after = clock_timestamp() + make_interval(secs => ?::double precision / 1000), "
            + "refusals = refusals + 1 WHERE run_id = ? AND job = ? AND worker = ? AND status = 'running'";
    /**
     * A call's row, and in the same statement (so a SIGKILL leaves both or neither) one more on its job's
     * {@code lab_jobs.calls}: the parent compares the counters with the rows left ({@link WorkMetrics#rowsMissing}).
     */
    private static final String RECORD_CALL = counted("INSERT INTO " + WorkTables.CALLS + " " + CallRow.COLUMNS
            + " VALUES (" + CallRow.PARAMETERS + ")", "calls");
    /**
     * The rest of a claim's completion ({@link JdbcClaimStore#complete(String, String, String, long, String,
     * JdbcClaimStore.RowsBinder)}): the call's row and its counter only if the completion updated its row, all in
     * the completion's one statement.
     */
    private static final String COMPLETED_CALL_ROWS = ", " + countedRow("INSERT INTO " + WorkTables.CALLS + " "
            + CallRow.COLUMNS + " SELECT " + CallRow.PARAMETERS + " FROM done", "calls");
    private static final String COMPLETED_CALL = COMPLETED_CALL_ROWS + " SELECT COUNT(*) FROM done";
    /** The provider's send, counted on {@code lab_jobs.sends} as a call is; the row's count: 0 if it knew the key. */
    private static final String SEND = counted("INSERT INTO " + WorkTables.PROVIDER + " (run_id, job, provider_key, "
            + "sent, worker) VALUES (?, ?, ?, true, ?) ON CONFLICT (run_id, provider_key) WHERE sent AND provider_key "
            + "IS NOT NULL DO NOTHING", "sends");
    private static final String SUPPRESSED = counted("INSERT INTO " + WorkTables.PROVIDER + " (run_id, job, "
            + "provider_key, sent, worker) VALUES (?, ?, ?, false, ?)", "sends");

    /**
     * @param insert  an INSERT of one row of this run's job, its run id and job its first two parameters
     * @param counter the {@code lab_jobs} column that counts the rows it wrote
     * @return one statement: the insert, and the counter of the job's row raised by the rows it inserted (0 or 1),
     *         as a query of that number (a data-modifying WITH: one round trip, one atomic statement)
     */
    private static String counted(String insert, String counter) {
        return "WITH " + countedRow(insert, counter) + " SELECT COUNT(*) FROM ins";
    }

    /** @return the parts {@code ins} (the insert) and {@code counted} of a {@link #counted} statement */
    private static String countedRow(String insert, String counter) {
        return "ins AS (" + insert + " RETURNING 1), counted AS (UPDATE " + WorkTables.JOBS + " SET " + counter
                + " = " + counter + " + (SELECT COUNT(*) FROM ins) WHERE run_id = ? AND job = ?)";
    }

    /** A row of {@link WorkTables#CALLS}: its columns and their parameters, as {@link #bindCall} binds them. */
    private static final class CallRow {
        static final String COLUMNS = "(run_id, job, step, attempt, delivery, worker, outcome, side_effect)";
        static final String PARAMETERS = "?, ?, ?, ?, ?, ?, ?, ?";
    }

    private final WorkConfig cfg;
    private final Connection db;
    private final JdbcClaimStore claims; // claim table or lock table; null for none and memory
    private final ProcessMemoryStore memory; // null unless memory
    private final String owner;
    private final Mulberry32 outcomes;
    private final Mulberry32 durations;
    private final Mulberry32 jitter;
    private final RetryPolicy retry;
    private final boolean eachStep;
    private long freshKeys;
    // the job in hand
    private long job;
    private int delivery;
    private String ackStatus; // the job in hand ended so (done or failed), not yet acknowledged; else null

    /**
     * @param db     this worker's own connection (auto-commit)
     * @param claims the claim table ({@code store claim-table}) or the lock table ({@code store lock}), else null
     * @param memory this process's in-memory store ({@code store memory}), else null
     * @param owner  who this worker is, e.g. {@code p1.3-w0} (process slot 1, its third start, worker 0)
     * @param streamSeed the seed of this worker's random streams, derived from the run's seed
     */
    SignupWorker(WorkConfig cfg, Connection db, JdbcClaimStore claims, ProcessMemoryStore memory, String owner,
                 long streamSeed) {
        this.cfg = cfg;
        this.db = db;
        this.claims = claims;
        this.memory = memory;
        this.owner = owner;
        this.outcomes = RandomStreams.outcomes(streamSeed);
        this.durations = RandomStreams.derived(streamSeed, RandomStreams.Purpose.CALL_DURATION);
        this.jitter = RandomStreams.derived(streamSeed, RandomStreams.Purpose.JITTER);
        this.retry = RetryPolicy.of(cfg.scenario());
        this.eachStep = cfg.scope() == RetryScope.EACH_STEP;
    }

    /** A database failure: the process reports it in one line and ends. */
    static final class Failure extends RuntimeException {
        Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    @Override
    public void run() {
        try {
            while (true) {
                if (take()) {
                    runDelivery();
                } else if (WorkTables.openJobs(db, cfg.runId()) == 0) {
                    return; // every job is done, failed or dead-lettered
                } else {
                    Thread.sleep(POLL_MS);
                }
            }
        } catch (SQLException e) {
            throw new Failure(JdbcClaimStore.explain(cfg.url(), e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Acknowledges the job run last, if it is not yet ({@link #ackStatus}), and takes the next.
     *
     * @return true if a job was taken for running; false if none is visible now (or one was dead-lettered)
     */
    private boolean take() throws SQLException {
        boolean ack = ackStatus != null;
        try (PreparedStatement ps = db.prepareStatement(ack ? ACK_THEN_TAKE : TAKE)) {
            int i = 1;
            if (ack) {
                i = bindAck(ps);
            }
            ps.setString(i++, cfg.runId());
            if (ack) {
                ps.setLong(i++, job);
                ackStatus = null;
            }
            ps.setInt(i++, cfg.scenario().maxReceives());
            ps.setInt(i++, cfg.scenario().maxReceives());
            ps.setInt(i++, cfg.scenario().maxReceives());
            ps.setLong(i++, cfg.scenario().visibilityTimeoutMs());
            ps.setString(i++, owner);
            ps.setInt(i++, cfg.scenario().maxReceives());
            ps.setString(i, cfg.runId());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                job = rs.getLong(1);
                delivery = rs.getInt(3);
                return "running".equals(rs.getString(2));
            }
        }
    }

    /**
     * Runs one delivery of the job in hand, to its return to the queue or its end, which the next {@link #take}
     * acknowledges.
     */
    private void runDelivery() throws SQLException, InterruptedException {
        String lockKey = "signup:user_" + job;
        if (cfg.store() == StoreKind.LOCK) {
            ClaimResult lock = claims.claim(lockKey, FINGERPRINT, owner, nowMs(), cfg.scenario().lockTtlMs());
            if (!lock.owned()) {
                sendBack(lock.lockedUntilMs());
                return;
            }
        }
        boolean ok;
        try {
            ok = runSteps();
        } catch (InProgress p) {
            sendBack(p.lockedUntilMs);
            return;
        } finally {
            if (cfg.store() == StoreKind.LOCK) {
                claims.release(lockKey, owner);
            }
        }
        ackStatus = ok ? "done" : "failed"; // written with the next take, the worker's next statement
    }

    /** Binds {@link #ACK} of the job in hand with {@link #ackStatus}: parameters 1 to 4; returns 5. */
    private int bindAck(PreparedStatement ps) throws SQLException {
        ps.setString(1, ackStatus);
        ps.setString(2, owner);
        ps.setString(3, cfg.runId());
        ps.setLong(4, job);
        return 5;
    }

    /** Another delivery holds a key this one needs, until {@code lockedUntilMs} (ms after the run's epoch). */
    private static final class InProgress extends Exception {
        final long lockedUntilMs;

        InProgress(long lockedUntilMs) {
            super(null, null, false, false);
            this.lockedUntilMs = lockedUntilMs;
        }
    }

    /** "Job in progress": the job goes back to the queue, visible again just after the holder's lease ends. */
    private void sendBack(long lockedUntilMs) throws SQLException {
        long waitMs = Math.max(1, lockedUntilMs - nowMs() + 1);
        try (PreparedStatement ps = db.prepareStatement(SEND_BACK)) {
            ps.setLong(1, waitMs);
            ps.setString(2, cfg.runId());
            ps.setLong(3, job);
            ps.setString(4, owner);
            ps.executeUpdate();
        }
    }

    /** @return true if every step succeeded, false if one ran out of attempts */
    private boolean runSteps() throws SQLException, InterruptedException, InProgress {
        nextClaim = null;
        int step = 0;
        int stepAttempt = 1;
        int jobAttempt = 1;
        while (step < SignupSteps.COUNT) {
            int attempt = eachStep ? stepAttempt : jobAttempt;
            StepOutcome outcome = step(step, attempt);
            if (outcome.succeeded()) {
                step++;
                stepAttempt = 1;
                continue;
            }
            if (attempt >= cfg.scenario().maxAttempts()) {
                return false;
            }
            Thread.sleep(retry.backoffMs(attempt, jitter));
            if (eachStep) {
                stepAttempt++;
            } else {
                jobAttempt++;
                step = 0;
            }
        }
        return true;
    }

    private StepOutcome step(int step, int attempt) throws SQLException, InterruptedException, InProgress {
        // a switch expression: a new store kind does not compile until it says how its steps run here
        return switch (cfg.store()) {
            case CLAIM_TABLE -> claimedStep(step, attempt);
            case MEMORY -> {
                ProcessMemoryStore.Answer a = memory.once(SignupKeys.step(step, job), () -> {
                    try {
                        StepOutcome o = call(step);
                        record(step, attempt, o);
                        return o;
                    } catch (SQLException e) {
                        throw new Failure(JdbcClaimStore.explain(cfg.url(), e), e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new Failure("interrupted", e);
                    }
                });
                if (a.source() == ProcessMemoryStore.Source.SAVED) {
                    recordSaved(step, attempt);
                }
                yield a.outcome();
            }
            case NONE, LOCK -> { // no record of steps (the lock is the job's): every step calls
                StepOutcome o = call(step);
                record(step, attempt, o);
                yield o;
            }
        };
    }

    /** A step through the claim table: claim, call, then complete with its side effect or release. */
    private StepOutcome claimedStep(int step, int attempt) throws SQLException, InterruptedException, InProgress {
        String key = stepKey(step);
        ClaimResult r = nextClaim != null ? nextClaim : claims.claim(key, FINGERPRINT, owner, nowMs(),
                cfg.scenario().leaseMs());
        nextClaim = null;
        switch (r.kind()) {
            case COMPLETED -> {
                recordSaved(step, attempt);
                return StepOutcome.OK;
            }
            case IN_PROGRESS -> throw new InProgress(r.lockedUntilMs());
            case KEY_MISMATCH -> throw new IllegalStateException("key mismatch on " + key + ": every delivery of a "
                    + "job carries the same payload here");
            case CLAIMED, RECLAIMED -> {
                // this worker does the work
            }
        }
        StepOutcome o = call(step);
        if (!o.succeeded()) {
            record(step, attempt, o);
            claims.release(key, owner); // a failure is not remembered (first article)
            return o;
        }
        boolean sent = step != SignupSteps.EMAIL || lastSent;
        String result = SignupSteps.NAMES.get(step) + ": done";
        JdbcClaimStore.RowsBinder rows = (ps, first) -> bindCall(ps, first, step, attempt, o.sql(), sent);
        boolean completed;
        if (step + 1 < SignupSteps.COUNT) {
            // the next step's claim in the completion's transaction: one round trip and one commit a step
            nextClaim = claims.completeAndClaim(key, owner, result, nowMs(), COMPLETED_CALL_ROWS, rows,
                    stepKey(step + 1), FINGERPRINT, cfg.scenario().leaseMs());
            completed = nextClaim != null;
        } else {
            completed = claims.complete(key, owner, result, nowMs(), COMPLETED_CALL, rows);
        }
        if (!completed) {
            // the lease ran out during the call and another delivery reclaimed the key: its side effect is its own
            throw new InProgress(nowMs());
        }
        return o;
    }

    private boolean lastSent; // whether the last welcome-email call's provider sent an email
    /** The claim of the job's next step, made as the step before it completed; null when none is in hand. */
    private ClaimResult nextClaim;

    /** @return the claim table's key of {@code step} of the job in hand, e.g. {@code welcome-email:user_7} */
    private String stepKey(int step) {
        return SignupKeys.stepKey(SignupSteps.NAMES.get(step), job);
    }

    /**
     * Makes one call of {@code step}: its time, then the first article's draws in its order; the welcome email
     * asks the provider table to send. Records nothing of the call itself (the caller does, per store).
     */
    private StepOutcome call(int step) throws SQLException, InterruptedException {
        long c = cfg.scenario().callMs();
        if (c > 0) {
            Thread.sleep(Math.round(c * (0.5 + durations.nextDouble())));
        }
        if (outcomes.nextDouble() < cfg.scenario().pFail()) {
            return StepOutcome.FAILED; // failed before doing anything
        }
        if (step != SignupSteps.EMAIL) {
            return StepOutcome.OK;
        }
        lastSent = send();
        return outcomes.nextDouble() < cfg.scenario().lostReply() ? StepOutcome.LOST : StepOutcome.OK;
    }

    /** The provider: sends unless it has already sent under this key; records the request either way. */
    private boolean send() throws SQLException {
        String key = switch (cfg.keyMode()) {
            case NONE -> null;
            case NEW_PER_CALL -> "welcome-email:user_" + job + ":" + owner + ":" + (++freshKeys);
            case SAME -> "welcome-email:user_" + job;
            case PER_REQUEST -> "welcome-email:user_" + job + ":request_" + job; // work sends no repeats
        };
        if (askProvider(SEND, key) == 1) {
            return true;
        }
        askProvider(SUPPRESSED, key);
        return false;
    }

    /** @return the rows {@code sql} (a provider statement) wrote: 1, or 0 if the provider knew the key */
    private long askProvider(String sql, String key) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement(sql)) {
            ps.setString(1, cfg.runId());
            ps.setLong(2, job);
            ps.setString(3, key);
            ps.setString(4, owner);
            bindJob(ps, 5);
            return rowsWritten(ps);
        }
    }

    /** Binds this run's id and the job in hand from parameter {@code first} on: a counter's row. */
    private void bindJob(PreparedStatement ps, int first) throws SQLException {
        ps.setString(first, cfg.runId());
        ps.setLong(first + 1, job);
    }

    /** @return the count a {@link #counted} statement returns */
    private static long rowsWritten(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Records a call on {@code c}: its outcome, and whether its side effect happened. */
    private void record(int step, int attempt, StepOutcome o) throws SQLException {
        boolean sideEffect = step == SignupSteps.EMAIL ? o != StepOutcome.FAILED && lastSent : o == StepOutcome.OK;
        insertCall(step, attempt, o.sql(), sideEffect);
    }

    private void recordSaved(int step, int attempt) throws SQLException {
        insertCall(step, attempt, "saved", false);
    }

    private void insertCall(int step, int attempt, String outcome, boolean sideEffect) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement(RECORD_CALL)) {
            bindCall(ps, 1, step, attempt, outcome, sideEffect);
            rowsWritten(ps);
        }
    }

    /** Binds a {@link CallRow} and then its job's counter row, from parameter {@code first} on. */
    private void bindCall(PreparedStatement ps, int first, int step, int attempt, String outcome, boolean sideEffect)
            throws SQLException {
        ps.setString(first, cfg.runId());
        ps.setLong(first + 1, job);
        ps.setShort(first + 2, (short) step);
        ps.setInt(first + 3, attempt);
        ps.setInt(first + 4, delivery);
        ps.setString(first + 5, owner);
        ps.setString(first + 6, outcome);
        ps.setBoolean(first + 7, sideEffect);
        bindJob(ps, first + 8);
    }

    /** @return wall-clock ms since the run's epoch: the claim table's clock, the same in every process */
    private long nowMs() {
        return Math.max(0, System.currentTimeMillis() - cfg.epochMs());
    }
}
