package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;

/**
 * One simulation's shared pieces for testing a part alone: a clock, counters, and an emitter that keeps every
 * event, so a test can drive a queue or a gate by hand without a {@link SignupSimulation} around it.
 */
final class PartsFixture {
    final Simulator sim = new Simulator();
    final RunMetrics metrics = new RunMetrics();
    final Progress progress = new Progress(RunControl.NONE);
    final List<SimulationEvent> events = new ArrayList<>();
    final RunContext ctx;

    PartsFixture(Scenario scenario, Strategy strategy) {
        Emitter recording = new Emitter() {
            @Override
            public boolean listening() {
                return true;
            }

            @Override
            public void emit(Kind kind, long user, boolean repeat, int step, int attempt, int worker, long untilMs,
                             String note, int delivery, DuplicateCause cause) {
                events.add(new SimulationEvent(sim.nowMs(), kind, user, repeat, step, attempt, worker, untilMs,
                        note, delivery, cause));
            }
        };
        ctx = new RunContext(scenario, strategy, sim, metrics, recording, progress, false);
    }

    /** @return the events of {@code kind} so far, in order. */
    List<SimulationEvent> events(Kind kind) {
        return events.stream().filter(e -> e.kind() == kind).toList();
    }

    /** A worker as a gate sees it, that records the answers it gets. */
    static final class FakeCaller implements StepGate.Caller {
        final int id;
        final List<String> answers = new ArrayList<>();
        boolean stopped;

        FakeCaller(int id) {
            this.id = id;
        }

        @Override
        public int workerId() {
            return id;
        }

        @Override
        public int attempt() {
            return 1;
        }

        @Override
        public boolean stopped() {
            return stopped;
        }

        @Override
        public void stepSucceeded() {
            answers.add("ok");
        }

        @Override
        public void stepFailed(String reason) {
            answers.add(reason);
        }

        @Override
        public void callNow() {
            answers.add("call");
        }
    }

    /** @return the first delivery of {@code user}'s job, tracked, owned by {@code owner}. */
    static Job delivery(long user, String owner, boolean differentPayload) {
        Job job = new Job();
        job.reset(user, differentPayload, null);
        job.msg = new Message(user, differentPayload, differentPayload);
        job.owner = owner;
        return job;
    }
}
