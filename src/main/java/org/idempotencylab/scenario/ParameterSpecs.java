package org.idempotencylab.scenario;

import java.util.List;
import org.idempotencylab.scenario.Parameter.Kind;
import org.idempotencylab.scenario.Parameter.Scale;
import org.idempotencylab.scenario.Parameter.Section;

/**
 * How a {@link Parameter} row is declared: the {@link Spec} each enum constant is built from, its factories
 * ({@link #whole}, {@link #decimal}, {@link #flag}, {@link #choice}) and the {@link Needs} a row may name.
 */
final class ParameterSpecs {
    private ParameterSpecs() {
    }

    static Needs above(String id) {
        return new Needs((s, st) -> ((Number) Parameter.byId(id).get(s)).doubleValue() > 0,
                () -> Parameter.byId(id).cliOption() + " above 0");
    }

    static Needs is(String id, Choice value) {
        return new Needs((s, st) -> Parameter.byId(id).get(s) == value, () -> Parameter.byId(id).cliOption() + " " + value.cliName());
    }

    static Needs store(StoreKind store) {
        return new Needs((s, st) -> st.store() == store, () -> "--store " + store.cliName());
    }

    static Needs sameProviderKey() { // a new key on every call never meets its own again
        return new Needs((s, st) -> st.keyMode() == KeyMode.SAME, () -> "--provider-key same");
    }

    static Needs payloadStore() { // only the stores that keep the first request's payload or result, or the provider
        return new Needs((s, st) -> s.pDuplicate() > 0 && (st.store().recordsCompletion()
                || st.keyMode() == KeyMode.SAME && s.flag(Parameter.PROVIDER_CHECKS_PAYLOAD)),
                () -> "--p-duplicate above 0 and --store " + StoreKind.recordingNames()
                        + " (or --provider-checks-payload true with --provider-key same)");
    }

    static Needs retries() {
        return new Needs((s, st) -> s.maxAttempts() > 1, () -> "--attempts above 1");
    }

    static Needs raceWindow() {
        return new Needs((s, st) -> st.store() == StoreKind.CLAIM_TABLE && (s.claim() == ClaimMode.CHECK_THEN_INSERT
                || s.rescuer() == RescuerKind.READ_THEN_UPDATE),
                () -> "--store claim-table with --claim check-then-insert or --rescuer read-then-update");
    }

    static Needs rescuer() {
        return new Needs((s, st) -> st.store() == StoreKind.CLAIM_TABLE && s.rescuer() != RescuerKind.NONE,
                () -> "--store claim-table with --rescuer atomic or read-then-update");
    }

    static Needs providerPayloadCheck() { // a changed payload under a key the provider has seen: the same key only
        return new Needs((s, st) -> st.keyMode() == KeyMode.SAME && s.pDuplicate() > 0 && s.pDifferentPayload() > 0,
                () -> "--provider-key same with --p-duplicate and --p-different-payload above 0");
    }

    static Needs severalWorkers() { // one worker never runs two jobs at once
        return new Needs((s, st) -> s.workers() > 1, () -> "--workers above 1");
    }

    static Needs enqueueLock() {
        return new Needs((s, st) -> st.store() == StoreKind.LOCK && s.lockAt() == LockAt.ENQUEUE,
                () -> "--store lock with --lock-at enqueue");
    }

    static Needs heartbeat() { // a heartbeat renews a claim, or a durable queue's message
        return new Needs((s, st) -> st.store() == StoreKind.CLAIM_TABLE
                || (s.queue() == QueueKind.DURABLE && s.get(Parameter.RENEW) != Renew.CLAIM),
                () -> "--store claim-table, or --queue durable with --renew message or both");
    }

    static Needs messageRenewal() {
        return new Needs((s, st) -> s.queue() == QueueKind.DURABLE && s.heartbeatMs() > 0,
                () -> "--queue durable and --heartbeat-ms above 0");
    }

    static Needs restarts() { // a crashed process restarts, and so does one shut down
        return new Needs((s, st) -> s.pCrash() > 0 || s.whole(Parameter.SHUTDOWN_EVERY_MS) > 0,
                () -> "--p-crash above 0 or --shutdown-every-ms above 0");
    }

    static Needs batches() {
        return new Needs((s, st) -> s.queue() == QueueKind.DURABLE && s.whole(Parameter.BATCH_SIZE) > 1,
                () -> "--queue durable and --batch-size above 1");
    }


    /** What one row declares; built by {@link #whole}, {@link #decimal}, {@link #flag} and {@link #choice}. */
    static final class Spec {
        String id;
        String cliOption;
        String label;
        Kind kind;
        long min;
        long max;
        Object defaultValue;
        Section section;
        String meaning;
        Scale scale = Scale.NONE;
        double sliderMin;
        double sliderMax;
        String rangeStartId;
        double[] explore;
        boolean groupsDigits = true;
        List<? extends Choice> choices = List.of();
        Needs needs = Needs.ALWAYS;

        Spec(String id, String cliOption, String label, Kind kind, long min, long max, Object defaultValue,
             Section section, String meaning) {
            this.id = id;
            this.cliOption = cliOption;
            this.label = label;
            this.kind = kind;
            this.min = min;
            this.max = max;
            this.defaultValue = defaultValue;
            this.section = section;
            this.meaning = meaning;
        }

        Spec slider(Scale scale, double from, double to) {
            this.scale = scale;
            this.sliderMin = from;
            this.sliderMax = to;
            return this;
        }

        /** A number read as a name, not a quantity (a seed): written without thousands separators. */
        Spec plainDigits() {
            this.groupsDigits = false;
            return this;
        }

        Spec explore(double from, double to) {
            this.explore = new double[] {from, to};
            return this;
        }

        /** The parameter changes a run only when {@code needs} is met (see {@link Parameter#unmetNeed}). */
        Spec needs(Needs needs) {
            this.needs = needs;
            return this;
        }

        Spec rangeEndOf(String startId) {
            this.rangeStartId = startId;
            return this;
        }
    }

    /** A whole-number parameter: a count or virtual ms. */
    static Spec whole(String id, String option, String label, Kind kind, long min, long max, long dflt,
                      Section section, String meaning) {
        return new Spec(id, option, label, kind, min, max, dflt, section, meaning).slider(Scale.WHOLE, min, max);
    }

    /** A decimal parameter: a probability (on a square-root slider 0..1) or a rate. */
    static Spec decimal(String id, String option, String label, Kind kind, long min, long max, double dflt,
                        Section section, String meaning) {
        return new Spec(id, option, label, kind, min, max, dflt, section, meaning).slider(Scale.SQRT, 0, 1);
    }

    static Spec flag(String id, String option, String label, boolean dflt, Section section, String meaning) {
        return new Spec(id, option, label, Kind.FLAG, 0, 0, dflt, section, meaning);
    }

    static <C extends Choice> Spec choice(String id, String option, String label, C dflt, C[] values,
                                          Section section, String meaning) {
        Spec s = new Spec(id, option, label, Kind.CHOICE, 0, 0, dflt, section, meaning);
        s.choices = List.of(values);
        return s;
    }
}
