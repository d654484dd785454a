package org.idempotencylab.scenario;

/** What a retry repeats (article 1, "What changes in the numbers"). */
public enum RetryScope implements Choice {
    /** Each step has its own attempts; a step that exhausts them fails the job and later steps never run. */
    EACH_STEP,
    /** The first failing step ends the attempt; the next attempt starts again from step 1. */
    WHOLE_JOB,
    /** As {@link #WHOLE_JOB}, but every step goes through the in-memory store under {@code <step name>:<userId>},
     *  so steps that finished are skipped. */
    WHOLE_JOB_SKIP_FINISHED;
}
