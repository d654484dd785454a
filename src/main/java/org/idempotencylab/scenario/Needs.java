package org.idempotencylab.scenario;

/**
 * What a parameter needs of a run to change anything in it: the condition, on the scenario and one strategy
 * (with that strategy's own settings applied), and the options that would meet it, as the command line words
 * them ({@code --store claim-table}). A parameter with a need met by none of a run's strategies has no effect
 * there: a lease without a claim table, a visibility timeout on the in-memory queue, a slow-call time with no
 * slow calls. Where a need comes from: the parameter's own rule (its meaning says "claim table only", "durable
 * queue only", ...).
 *
 * <p>A need is a {@link Rule} and its arguments, read by one switch, not a pair of lambdas: every command's start
 * builds every parameter's need, and spinning some thirty lambdas was about half of building the rows.
 *
 * @param rule  the condition
 * @param id    the parameter whose value {@link Rule#ABOVE} and {@link Rule#IS} read (an id, not the
 *              {@link Parameter}: a need may name a parameter declared after the one it belongs to); else null
 * @param value the value {@link Rule#IS} compares with, or the store {@link Rule#STORE} names; else null
 */
record Needs(Rule rule, String id, Choice value) {
    /** No condition: the parameter always counts. */
    static final Needs ALWAYS = new Needs(Rule.ALWAYS, null, null);

    /** The conditions; {@link ParameterSpecs} names them where a row declares its need. */
    enum Rule {
        /** No condition. */
        ALWAYS,
        /** The parameter {@code id} above 0. */
        ABOVE,
        /** The parameter {@code id} at {@code value}. */
        IS,
        /** The strategy's store is {@code value}. */
        STORE,
        /** The same provider key every time: a new key on every call never meets its own again. */
        SAME_PROVIDER_KEY,
        /** Repeated requests and a store that keeps the first request's payload or result, or the provider. */
        PAYLOAD_STORE,
        /** More than one attempt. */
        RETRIES,
        /** A claim table whose claim or rescuer reads before it writes. */
        RACE_WINDOW,
        /** A claim table with a rescuer. */
        RESCUER,
        /** A changed payload under a key the provider has seen: the same key only. */
        PROVIDER_PAYLOAD_CHECK,
        /** Several workers: one worker never runs two jobs at once. */
        SEVERAL_WORKERS,
        /** A lock taken at enqueue. */
        ENQUEUE_LOCK,
        /** A heartbeat renews a claim, or a durable queue's message. */
        HEARTBEAT,
        /** A durable queue and a heartbeat. */
        MESSAGE_RENEWAL,
        /** A crashed process restarts, and so does one shut down. */
        RESTARTS,
        /** A durable queue taking more than one message at a time. */
        BATCHES
    }

    /** @return true if the parameter changes a run of {@code st} on {@code s} (its settings applied) */
    boolean met(Scenario s, Strategy st) {
        return switch (rule) {
            case ALWAYS -> true;
            case ABOVE -> ((Number) Parameter.byId(id).get(s)).doubleValue() > 0;
            case IS -> Parameter.byId(id).get(s) == value;
            case STORE -> st.store() == value;
            case SAME_PROVIDER_KEY -> st.keyMode() == KeyMode.SAME;
            case PAYLOAD_STORE -> s.pDuplicate() > 0 && (st.store().recordsCompletion()
                    || st.keyMode() == KeyMode.SAME && s.flag(Parameter.PROVIDER_CHECKS_PAYLOAD));
            case RETRIES -> s.maxAttempts() > 1;
            case RACE_WINDOW -> st.store() == StoreKind.CLAIM_TABLE && (s.claim() == ClaimMode.CHECK_THEN_INSERT
                    || s.rescuer() == RescuerKind.READ_THEN_UPDATE);
            case RESCUER -> st.store() == StoreKind.CLAIM_TABLE && s.rescuer() != RescuerKind.NONE;
            case PROVIDER_PAYLOAD_CHECK -> st.keyMode() == KeyMode.SAME && s.pDuplicate() > 0
                    && s.pDifferentPayload() > 0;
            case SEVERAL_WORKERS -> s.workers() > 1;
            case ENQUEUE_LOCK -> st.store() == StoreKind.LOCK && s.lockAt() == LockAt.ENQUEUE;
            case HEARTBEAT -> st.store() == StoreKind.CLAIM_TABLE
                    || (s.queue() == QueueKind.DURABLE && s.get(Parameter.RENEW) != Renew.CLAIM);
            case MESSAGE_RENEWAL -> s.queue() == QueueKind.DURABLE && s.heartbeatMs() > 0;
            case RESTARTS -> s.pCrash() > 0 || s.whole(Parameter.SHUTDOWN_EVERY_MS) > 0;
            case BATCHES -> s.queue() == QueueKind.DURABLE && s.whole(Parameter.BATCH_SIZE) > 1;
        };
    }

    /** @return the options that would meet it, e.g. "--queue durable"; "" for {@link Rule#ALWAYS} */
    String hint() {
        return switch (rule) {
            case ALWAYS -> "";
            case ABOVE -> Parameter.byId(id).cliOption() + " above 0";
            case IS -> Parameter.byId(id).cliOption() + " " + value.cliName();
            case STORE -> "--store " + value.cliName();
            case SAME_PROVIDER_KEY -> "--provider-key same";
            case PAYLOAD_STORE -> "--p-duplicate above 0 and --store " + StoreKind.recordingNames()
                    + " (or --provider-checks-payload true with --provider-key same)";
            case RETRIES -> "--attempts above 1";
            case RACE_WINDOW -> "--store claim-table with --claim check-then-insert or --rescuer read-then-update";
            case RESCUER -> "--store claim-table with --rescuer atomic or read-then-update";
            case PROVIDER_PAYLOAD_CHECK -> "--provider-key same with --p-duplicate and --p-different-payload above 0";
            case SEVERAL_WORKERS -> "--workers above 1";
            case ENQUEUE_LOCK -> "--store lock with --lock-at enqueue";
            case HEARTBEAT -> "--store claim-table, or --queue durable with --renew message or both";
            case MESSAGE_RENEWAL -> "--queue durable and --heartbeat-ms above 0";
            case RESTARTS -> "--p-crash above 0 or --shutdown-every-ms above 0";
            case BATCHES -> "--queue durable and --batch-size above 1";
        };
    }
}
