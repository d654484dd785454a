package org.idempotencylab.engine;

import java.util.List;

/**
 * What one strategy did with one scenario: the article's columns and a few more counts.
 *
 * @param strategy                 the strategy simulated
 * @param jobs                     sign-ups simulated
 * @param failedJobs               jobs that exhausted their attempts, were refused with a key mismatch, or went
 *                                 to the dead-letter queue after {@link SignupSimulation#MAX_RECEIVES} deliveries
 * @param calls                    calls made to any step (skipped steps make none)
 * @param repeatedSteps            side effects beyond the first, summed over users and steps ("steps done again")
 * @param usersWithDuplicateEmails users who got two or more welcome emails
 * @param emailsSent               welcome emails that went out
 * @param providerSuppressedSends  email calls the provider answered without sending, because it knew the key
 * @param storeHits                steps skipped because the in-memory store had a saved result
 * @param backoffWaits             backoff waits taken
 * @param virtualTimeMs            virtual time at which the last job finished
 * @param repeatedRequests         sign-ups requested again (repeated requests) that arrived as second jobs
 * @param slowCalls                calls that took the slow-call time
 * @param repeatedStepsByStep      {@code repeatedSteps} per step, in the order of {@link SignupSteps#NAMES}
 *                                 (e.g. duplicate charges or emails), 10 entries
 * @param lostJobs                 jobs lost when an in-memory queue died with its worker process (never
 *                                 finished, neither succeeded nor failed)
 * @param crashes                  times the worker process crashed
 * @param redeliveries             times a durable queue delivered a job again (visibility timeout ran out)
 * @param jobInProgressRejections  claims or locks refused because another delivery held the key ("job in
 *                                 progress"): the job went back to the queue to be retried later
 * @param leaseReclaims            {@code in_progress} claims taken over after their lease ran out
 * @param keyMismatches            requests refused because their key was used with a different payload (HTTP 400)
 * @param stuckInProgressMs        virtual ms that claims of crashed workers stayed {@code in_progress}: from the
 *                                 crash until another delivery reclaimed them, or, for a claim nobody reclaimed,
 *                                 until its lease ran out; summed over claims
 */
public record StrategyResult(Strategy strategy, long jobs, long failedJobs, long calls, long repeatedSteps,
                             long usersWithDuplicateEmails, long emailsSent, long providerSuppressedSends,
                             long storeHits, long backoffWaits, long virtualTimeMs, long repeatedRequests,
                             long slowCalls, List<Long> repeatedStepsByStep, long lostJobs, long crashes,
                             long redeliveries, long jobInProgressRejections, long leaseReclaims,
                             long keyMismatches, long stuckInProgressMs) {

    /** @return percent of jobs that succeeded (neither failed nor lost), as the article prints it: {@code toFixed(3)} and a "%", e.g. "99.999%". */
    public String succeeded() {
        return JsFormat.toFixed((100.0 * (jobs - failedJobs - lostJobs)) / jobs, 3) + "%";
    }

    /** @return calls per job, rounded to 2 decimals as the article does ({@code Math.round(x * 100) / 100}). */
    public double callsPerJob() {
        return callsPerJobHundredths() / 100.0;
    }

    /** @return calls per job as the article prints it, e.g. "10.6" or "10.11". */
    public String callsPerJobText() {
        return JsFormat.hundredthsToString(callsPerJobHundredths());
    }

    private long callsPerJobHundredths() {
        return JsFormat.roundHundredths((double) calls / jobs);
    }
}
