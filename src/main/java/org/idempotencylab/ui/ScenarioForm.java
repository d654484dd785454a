package org.idempotencylab.ui;

import java.util.List;
import javafx.beans.Observable;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;

/**
 * The parameters a view lets a person edit, as properties in model units (probabilities 0..1, virtual ms,
 * counts), and the {@link Scenario} they make. Fields a view does not show keep the base scenario's values.
 * Validation is the scenario's own: {@link #scenario()} throws the same {@link ParameterException} as the
 * command line and scenario files.
 */
public final class ScenarioForm {
    private Scenario base;
    private final DoubleProperty pFail = new SimpleDoubleProperty();
    private final DoubleProperty lostReply = new SimpleDoubleProperty();
    private final IntegerProperty maxAttempts = new SimpleIntegerProperty();
    private final LongProperty jobs = new SimpleLongProperty();
    private final LongProperty seed = new SimpleLongProperty();
    private final IntegerProperty workers = new SimpleIntegerProperty();
    private final DoubleProperty arrivalRate = new SimpleDoubleProperty();
    private final LongProperty callMs = new SimpleLongProperty();
    private final LongProperty ttlMs = new SimpleLongProperty();
    private final LongProperty providerKeyTtlMs = new SimpleLongProperty();
    private final DoubleProperty pDuplicate = new SimpleDoubleProperty();
    private final LongProperty duplicateDelayMs = new SimpleLongProperty();
    private final DoubleProperty pCrash = new SimpleDoubleProperty();
    private final LongProperty restartMs = new SimpleLongProperty();
    private final ObjectProperty<QueueKind> queue = new SimpleObjectProperty<>(QueueKind.MEMORY);
    private final LongProperty visibilityTimeoutMs = new SimpleLongProperty();
    private final LongProperty leaseMs = new SimpleLongProperty();
    private final LongProperty lockTtlMs = new SimpleLongProperty();
    private final DoubleProperty pDifferentPayload = new SimpleDoubleProperty();

    /** @param base the values the form starts from, and keeps for the fields it has no property for */
    public ScenarioForm(Scenario base) {
        this.base = base;
        load(base);
    }

    /**
     * Shows {@code s}'s values; the fields the form has no property for (backoff, jitter, slow calls, the
     * repeat's delay range) take {@code s}'s values too, so {@link #scenario()} gives {@code s} back.
     */
    public void load(Scenario s) {
        base = s;
        pFail.set(s.pFail());
        lostReply.set(s.lostReply());
        maxAttempts.set(s.maxAttempts());
        jobs.set(s.jobs());
        seed.set(s.seed());
        workers.set(s.workers());
        arrivalRate.set(s.arrivalRate());
        callMs.set(s.callMs());
        ttlMs.set(s.ttlMs());
        providerKeyTtlMs.set(s.providerKeyTtlMs());
        pDuplicate.set(s.pDuplicate());
        duplicateDelayMs.set(s.duplicateDelayMinMs());
        pCrash.set(s.pCrash());
        restartMs.set(s.restartMs());
        queue.set(s.queue());
        visibilityTimeoutMs.set(s.visibilityTimeoutMs());
        leaseMs.set(s.leaseMs());
        lockTtlMs.set(s.lockTtlMs());
        pDifferentPayload.set(s.pDifferentPayload());
    }

    /**
     * @return the scenario the properties describe now
     * @throws ParameterException if a value is out of range (the fields normally prevent this)
     */
    public Scenario scenario() {
        return duplicateDelay(base.toBuilder()).pFail(pFail.get()).lostReply(lostReply.get()).maxAttempts(maxAttempts.get())
                .jobs(jobs.get()).seed(seed.get()).workers(workers.get()).arrivalRate(arrivalRate.get())
                .callMs(callMs.get()).ttlMs(ttlMs.get()).providerKeyTtlMs(providerKeyTtlMs.get())
                .pDuplicate(pDuplicate.get())
                .pCrash(pCrash.get()).restartMs(restartMs.get()).queue(queue.get())
                .visibilityTimeoutMs(visibilityTimeoutMs.get()).leaseMs(leaseMs.get()).lockTtlMs(lockTtlMs.get())
                .pDifferentPayload(pDifferentPayload.get()).build();
    }

    /** The form shows one repeat delay: a range loaded from a scenario stays until that field changes. */
    private Scenario.Builder duplicateDelay(Scenario.Builder b) {
        long d = duplicateDelayMs.get();
        return d == base.duplicateDelayMinMs() ? b.duplicateDelayMs(d, base.duplicateDelayMaxMs())
                : b.duplicateDelayMs(d, d);
    }

    /** @return every property, to listen for any change. */
    public List<Observable> all() {
        return List.of(pFail, lostReply, maxAttempts, jobs, seed, workers, arrivalRate, callMs, ttlMs,
                providerKeyTtlMs, pDuplicate, duplicateDelayMs, pCrash, restartMs, queue, visibilityTimeoutMs, leaseMs,
                lockTtlMs, pDifferentPayload);
    }

    /** @return failure rate, probability 0..1. */
    public DoubleProperty pFailProperty() {
        return pFail;
    }

    /** @return lost-reply rate, probability 0..1. */
    public DoubleProperty lostReplyProperty() {
        return lostReply;
    }

    /** @return attempts in all, 1..100. */
    public IntegerProperty maxAttemptsProperty() {
        return maxAttempts;
    }

    /** @return sign-ups, 1..100,000,000. */
    public LongProperty jobsProperty() {
        return jobs;
    }

    /** @return the seed, a 32-bit whole number. */
    public LongProperty seedProperty() {
        return seed;
    }

    /** @return jobs in progress at once, 1..1024. */
    public IntegerProperty workersProperty() {
        return workers;
    }

    /** @return sign-ups per virtual second, 0 for all at once. */
    public DoubleProperty arrivalRateProperty() {
        return arrivalRate;
    }

    /** @return mean call time, virtual ms. */
    public LongProperty callMsProperty() {
        return callMs;
    }

    /** @return the in-memory store's key TTL, virtual ms. */
    public LongProperty ttlMsProperty() {
        return ttlMs;
    }

    /** @return how long the provider remembers a key, virtual ms. */
    public LongProperty providerKeyTtlMsProperty() {
        return providerKeyTtlMs;
    }

    /** @return probability 0..1 that a sign-up is requested again (a repeated request). */
    public DoubleProperty pDuplicateProperty() {
        return pDuplicate;
    }

    /** @return when a repeated request arrives after the first, virtual ms (the form uses one fixed delay). */
    public LongProperty duplicateDelayMsProperty() {
        return duplicateDelayMs;
    }

    /** @return probability 0..1 that the worker process dies after a call's side effect (charge-then-crash). */
    public DoubleProperty pCrashProperty() {
        return pCrash;
    }

    /** @return how long the crashed worker process takes to start again, virtual ms. */
    public LongProperty restartMsProperty() {
        return restartMs;
    }

    /** @return where the queue keeps its jobs: in the worker process (lost in a crash) or in a durable broker. */
    public ObjectProperty<QueueKind> queueProperty() {
        return queue;
    }

    /** @return durable queue: an unacknowledged job is delivered again this long after it was taken, virtual ms. */
    public LongProperty visibilityTimeoutMsProperty() {
        return visibilityTimeoutMs;
    }

    /** @return claim table: how long an in_progress claim holds before it may be reclaimed, virtual ms. */
    public LongProperty leaseMsProperty() {
        return leaseMs;
    }

    /** @return lock only: how long an unreleased lock lives, virtual ms. */
    public LongProperty lockTtlMsProperty() {
        return lockTtlMs;
    }

    /** @return probability 0..1 that a repeated request carries a changed payload under the same key. */
    public DoubleProperty pDifferentPayloadProperty() {
        return pDifferentPayload;
    }
}
