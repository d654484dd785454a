package org.idempotencylab.engine;

import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Renew;
import org.idempotencylab.scenario.Scenario;

/**
 * A live worker's heartbeat renews its delivery's message ({@code renew = message} or {@code both}, durable queue,
 * {@code heartbeatMs > 0}): every {@code heartbeatMs} virtual ms while the worker holds the delivery, the message
 * stays invisible until a full {@code visibilityTimeoutMs} from then, as Amazon SQS's
 * {@code ChangeMessageVisibility}, BullMQ's lock renewal and Hangfire's sliding invisibility timeout keep a long
 * job from being delivered again. A crashed worker, or one that let go of the delivery, stops renewing: the
 * message is visible again a visibility timeout after the last heartbeat. Not thread-safe.
 */
final class MessageRenewal {
    private final Simulator sim;
    private final long heartbeatMs;
    private final long visibilityTimeoutMs;

    private MessageRenewal(Scenario s, Simulator sim) {
        this.sim = sim;
        this.heartbeatMs = s.heartbeatMs();
        this.visibilityTimeoutMs = s.visibilityTimeoutMs();
    }

    /** @return the renewal the scenario asks for, or null if a heartbeat renews no message */
    static MessageRenewal of(RunContext ctx) {
        Scenario s = ctx.scenario();
        boolean on = s.queue() == QueueKind.DURABLE && s.heartbeatMs() > 0
                && ((Renew) s.get(Parameter.RENEW)).renewsMessage();
        return on ? new MessageRenewal(s, ctx.sim()) : null;
    }

    /** {@code worker} took {@code job}'s delivery now: its first heartbeat is due a heartbeat from now. */
    void taken(Worker worker, Job job) {
        sim.schedule(heartbeatMs, new ScheduledEvent.MessageHeartbeat(this, worker, job.msg, job.delivery));
    }

    /** A heartbeat: while {@code worker} still holds the delivery, the message stays invisible a full timeout on. */
    void beat(Worker worker, Message msg, int delivery) {
        if (!worker.holds(msg, delivery)) {
            return; // the delivery ended, went back, or its worker died: the heartbeat stops
        }
        msg.invisibleUntilMs = sim.nowMs() + visibilityTimeoutMs;
        sim.schedule(heartbeatMs, new ScheduledEvent.MessageHeartbeat(this, worker, msg, delivery));
    }
}
