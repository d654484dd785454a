package org.idempotencylab.scenario;

import java.util.List;
import org.idempotencylab.scenario.Needs.Rule;
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
        return new Needs(Rule.ABOVE, id, null);
    }

    static Needs is(String id, Choice value) {
        return new Needs(Rule.IS, id, value);
    }

    static Needs store(StoreKind store) {
        return new Needs(Rule.STORE, null, store);
    }

    static Needs sameProviderKey() {
        return new Needs(Rule.SAME_PROVIDER_KEY, null, null);
    }

    static Needs payloadStore() {
        return new Needs(Rule.PAYLOAD_STORE, null, null);
    }

    static Needs retries() {
        return new Needs(Rule.RETRIES, null, null);
    }

    static Needs raceWindow() {
        return new Needs(Rule.RACE_WINDOW, null, null);
    }

    static Needs rescuer() {
        return new Needs(Rule.RESCUER, null, null);
    }

    static Needs providerPayloadCheck() {
        return new Needs(Rule.PROVIDER_PAYLOAD_CHECK, null, null);
    }

    static Needs severalWorkers() {
        return new Needs(Rule.SEVERAL_WORKERS, null, null);
    }

    static Needs enqueueLock() {
        return new Needs(Rule.ENQUEUE_LOCK, null, null);
    }

    static Needs heartbeat() {
        return new Needs(Rule.HEARTBEAT, null, null);
    }

    static Needs messageRenewal() {
        return new Needs(Rule.MESSAGE_RENEWAL, null, null);
    }

    static Needs restarts() {
        return new Needs(Rule.RESTARTS, null, null);
    }

    static Needs batches() {
        return new Needs(Rule.BATCHES, null, null);
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
