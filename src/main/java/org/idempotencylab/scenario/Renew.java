package org.idempotencylab.scenario;

/**
 * What a live worker's heartbeat renews while its job runs: the claim table's lease, the durable queue's message
 * (its visibility timeout), or both.
 */
public enum Renew implements Choice {
    /** The claim's {@code locked_until} only (BullMQ's lock renewal); the message times out as before (the default). */
    CLAIM,
    /**
     * The message only: each heartbeat pushes the delivery's visibility timeout to a full timeout from then (Amazon
     * SQS's {@code ChangeMessageVisibility}, Hangfire's sliding invisibility timeout), so a long job that heartbeats
     * is not delivered again while its worker lives.
     */
    MESSAGE,
    /** The claim and the message. */
    BOTH;

    /** @return true if the heartbeat renews the claim table's lease. */
    public boolean renewsClaim() {
        return this != MESSAGE;
    }

    /** @return true if the heartbeat extends the durable queue's visibility timeout. */
    public boolean renewsMessage() {
        return this != CLAIM;
    }
}
