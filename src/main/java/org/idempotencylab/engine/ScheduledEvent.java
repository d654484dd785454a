package org.idempotencylab.engine;

import java.util.List;

/**
 * Everything a sign-up simulation schedules on its {@link Simulator}, one named type per kind of event, as in the
 * examples of the SSJ simulation library (L'Ecuyer et al.): reading this file is reading the list of what can
 * happen in time. Each event only hands over to the part it belongs to. The events of one worker are made once
 * per worker and scheduled again and again, so the first article's runs allocate none per job.
 */
sealed interface ScheduledEvent extends Event {

    /** @return what this event is, in a few words: how a race between two events due at once is reported */
    String describe();

    /** The next sign-up arrives, when sign-ups arrive over time ({@code arrivalRate > 0}). */
    record Arrival(JobQueue queue) implements ScheduledEvent {
        @Override
        public String describe() {
            return "the next sign-up arrives";
        }

        @Override
        public void fire() {
            queue.arrive();
        }
    }

    /** A repeated request reaches the queue, {@code duplicateDelay} after its original did. */
    record RepeatArrives(JobQueue queue, Message msg) implements ScheduledEvent {
        @Override
        public String describe() {
            return "user_" + msg.user + "'s repeated request arrives";
        }

        @Override
        public void fire() {
            queue.repeatArrives(msg);
        }
    }

    /** A message sent back to the queue becomes visible: a waiting worker may take it. */
    record MessageVisible(JobQueue queue) implements ScheduledEvent {
        @Override
        public String describe() {
            return "a message becomes visible to the workers";
        }

        @Override
        public void fire() {
            queue.messageVisible();
        }
    }

    /** The visibility timeout of one delivery runs out (durable queue): unless acknowledged, deliver it again. */
    record VisibilityTimeout(JobQueue queue, Message msg, int delivery) implements ScheduledEvent {
        @Override
        public String describe() {
            return "the visibility timeout of user_" + msg.user + "'s delivery " + delivery + " runs out";
        }

        @Override
        public void fire() {
            queue.visibilityTimeout(msg, delivery);
        }
    }

    /** A worker's call ends: its outcome is drawn and the step goes on. */
    record CallEnds(Worker worker) implements ScheduledEvent {
        @Override
        public String describe() {
            return worker.describeCall("ends");
        }

        @Override
        public void fire() {
            worker.callEnds();
        }
    }

    /** A worker's attempt timeout runs out before its call ended: the worker gives up on the call and retries. */
    record AttemptTimesOut(Worker worker) implements ScheduledEvent {
        @Override
        public String describe() {
            return worker.describeCall("times out");
        }

        @Override
        public void fire() {
            worker.attemptTimesOut();
        }
    }

    /**
     * A call whose caller gave up on it after the attempt timeout ends: its side effect happens now, beside the
     * retry. {@code job} is a copy of the delivery that made the call, since its worker has moved on.
     */
    record AbandonedCallEnds(WorkerProcess process, Job job, int step, int attempt, int worker, boolean doomed)
            implements ScheduledEvent {
        @Override
        public String describe() {
            return "the call of " + process.stepName(step) + " that user_" + job.user + "'s caller gave up on ends";
        }

        @Override
        public void fire() {
            process.abandonedCallEnds(job, step, attempt, worker, doomed);
        }
    }

    /** A worker's backoff ends: it retries the step, or the whole job from step 1. */
    record BackoffEnds(Worker worker) implements ScheduledEvent {
        @Override
        public String describe() {
            return worker.describeCall("retries after its backoff");
        }

        @Override
        public void fire() {
            worker.backoffEnds();
        }
    }

    /**
     * A live worker's heartbeat: it renews the claim its call holds. {@code call} names the call it was scheduled
     * for, so a heartbeat left over from a call that has ended does nothing.
     */
    record Heartbeat(ClaimTableGate.ClaimLane lane, long call) implements ScheduledEvent {
        @Override
        public String describe() {
            return "a heartbeat renews a claim";
        }

        @Override
        public void fire() {
            lane.heartbeat(call);
        }
    }

    /**
     * A check-then-insert claim's race window ends: the worker inserts the key it read as absent, and calls.
     * {@code call} names the claim it was scheduled for, so one left over from a crashed worker does nothing.
     */
    record ClaimInsert(ClaimTableGate.ClaimLane lane, long call) implements ScheduledEvent {
        @Override
        public String describe() {
            return "a check-then-insert claim inserts its key";
        }

        @Override
        public void fire() {
            lane.insertAfterCheck(call);
        }
    }

    /** A completed claim-table row reaches the end of its retention: it is deleted. */
    record RetentionEnds(ClaimTableGate gate, String key) implements ScheduledEvent {
        @Override
        public String describe() {
            return "the retention of " + key + " ends";
        }

        @Override
        public void fire() {
            gate.retentionEnds(key);
        }
    }

    /** The claim table's rescuer makes its pass: it frees expired claims, or reads them to update later. */
    record RescuerPass(ClaimTableGate gate) implements ScheduledEvent {
        @Override
        public String describe() {
            return "the rescuer makes its pass";
        }

        @Override
        public void fire() {
            gate.rescuerPass();
        }
    }

    /** A read-then-update rescuer's update lands, the race window after its read: it deletes the keys it read. */
    record RescuerUpdate(ClaimTableGate gate, List<String> keys) implements ScheduledEvent {
        @Override
        public String describe() {
            return "the rescuer's update lands";
        }

        @Override
        public void fire() {
            gate.rescuerUpdate(keys);
        }
    }

    /** A sign-up's enqueue transaction rolls back: the unique record (its enqueue lock) it held goes. */
    record EnqueueRollsBack(LockGate gate, String key, String owner) implements ScheduledEvent {
        @Override
        public String describe() {
            return "the enqueue of " + key + " rolls back";
        }

        @Override
        public void fire() {
            gate.enqueueRollsBack(key, owner);
        }
    }

    /** The worker process starts again after a crash, with empty memory. */
    record Restart(WorkerProcess process) implements ScheduledEvent {
        @Override
        public String describe() {
            return "the worker process restarts";
        }

        @Override
        public void fire() {
            process.restart();
        }
    }

    /** A worker that crashed alone ({@code crashScope = worker}) starts again, unless its process went down since. */
    record WorkerRestart(WorkerProcess process, int worker, long generation) implements ScheduledEvent {
        @Override
        public String describe() {
            return "worker " + (worker + 1) + " restarts";
        }

        @Override
        public void fire() {
            process.restartWorker(worker, generation);
        }
    }

    /** A live worker's heartbeat renews its delivery's visibility timeout ({@code renew = message} or both). */
    record MessageHeartbeat(MessageRenewal renewal, Worker worker, Message msg, int delivery)
            implements ScheduledEvent {
        @Override
        public String describe() {
            return "a heartbeat renews user_" + msg.user + "'s message";
        }

        @Override
        public void fire() {
            renewal.beat(worker, msg, delivery);
        }
    }

    /** A graceful shutdown begins (every {@code shutdownEveryMs}): the workers stop taking jobs. */
    record ShutdownBegins(GracefulShutdown shutdown) implements ScheduledEvent {
        @Override
        public String describe() {
            return "a graceful shutdown begins";
        }

        @Override
        public void fire() {
            shutdown.begin();
        }
    }

    /** A graceful shutdown's wait ends (or every worker is idle): jobs still running are pushed back. */
    record ShutdownEnds(GracefulShutdown shutdown, long generation) implements ScheduledEvent {
        @Override
        public String describe() {
            return "a graceful shutdown pushes back the jobs still running";
        }

        @Override
        public void fire() {
            shutdown.end(generation);
        }
    }
}
