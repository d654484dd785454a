package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.BatchFailure;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@code --batch-size} and {@code --batch-failure}: a worker receives several messages together and acknowledges
 * them when the batch ends; a failed job gives the whole batch back, or only itself.
 */
class BatchTest {
    /**
     * Three sign-ups, one worker, a durable queue (30 s visibility timeout), every call exactly 100 ms (1 s a job),
     * one attempt, nothing failing but what the chooser forces: the first call of user_1, once.
     */
    private static final Scenario THREE = Scenario.article().toBuilder().jobs(3).workers(1).maxAttempts(1)
            .callTime(CallTimeShape.FIXED).callMs(100).queue(QueueKind.DURABLE).visibilityTimeoutMs(30_000).build();

    /** Fails user_1's first call, once; nothing else fails. */
    private static final class FailUserOneOnce implements FaultChooser {
        private boolean done;

        @Override
        public boolean allows(FaultKind kind) {
            return kind == FaultKind.FAIL;
        }

        @Override
        public int choose(ChoicePoint point) {
            if (!done && point.user() == 1 && point.step() == 0) {
                done = true;
                return 1;
            }
            return 0;
        }
    }

    private static List<Long> numbers(Scenario s, List<SimulationEvent> causes) {
        SignupSimulation sim = new SignupSimulation(s, Strategy.EACH_STEP_NO_KEY, RunControl.NONE,
                new FailUserOneOnce());
        sim.setListener(e -> {
            if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                causes.add(e);
            }
        });
        StrategyResult r = sim.run();
        return List.of(r.succeededJobs(), r.failedJobs(), r.repeatedSteps(), r.redeliveries(),
                r.get(Metric.BATCH_RETURNED_MESSAGES), r.get(Metric.VIRTUAL_TIME_MS));
    }

    @Test
    void oneAtATimeAFailedJobFailsAlone() {
        // No batches: user_0 runs 0 to 1 s and is acknowledged; user_1's first call fails, and with one attempt
        // the job fails at 1.1 s; user_2 runs 1.1 to 2.1 s. Nothing runs twice.
        assertEquals(List.of(2L, 1L, 0L, 0L, 0L, 2_100L), numbers(THREE, new ArrayList<>()));
    }

    @Test
    void aFailedJobGivesTheWholeBatchBack() {
        // Batches of 3: at 0 the worker receives all three (their visibility timeouts start: 30 s). user_0 runs
        // 0 to 1 s, user_1 fails at 1.1 s, user_2 runs 1.1 to 2.1 s. The batch had a failed job: all three go back
        // unacknowledged (3 returned) and are visible again at 30 s. The first timeout hands user_0 to the idle
        // worker alone (30 to 31 s); user_1 and user_2 come as the next batch: user_1 now succeeds (31 to 32 s),
        // user_2 runs 32 to 33 s. user_0's and user_2's ten steps were done again: 20, each booked to the batch
        // returned. 3 redeliveries, all succeeded, the run ends at 33 s.
        List<SimulationEvent> dups = new ArrayList<>();
        Scenario whole = THREE.toBuilder().set(Parameter.BATCH_SIZE, 3L).build();
        assertEquals(List.of(3L, 0L, 20L, 3L, 3L, 33_000L), numbers(whole, dups));
        assertEquals(List.of(DuplicateCause.BATCH_RETURNED), dups.stream().map(SimulationEvent::cause).distinct()
                .toList());
    }

    @Test
    void aPartialFailureGivesBackOnlyTheFailedJob() {
        // The same batch with partial: at 2.1 s user_0 and user_2 are acknowledged, only user_1 goes back (1
        // returned); redelivered at 30 s it succeeds, 30 to 31 s. Nothing runs twice.
        Scenario partial = THREE.toBuilder().set(Parameter.BATCH_SIZE, 3L)
                .set(Parameter.BATCH_FAILURE, BatchFailure.PARTIAL).build();
        assertEquals(List.of(3L, 0L, 0L, 1L, 1L, 31_000L), numbers(partial, new ArrayList<>()));
    }
}
