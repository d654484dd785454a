package org.idempotencylab.ui.form;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Workflow;

/**
 * Every {@link Parameter} of a scenario as a property in model units (a Long for counts and virtual ms, a Double
 * for probabilities 0..1 and rates, a Boolean, a {@link Choice}), and the
 * {@link Scenario} they make. Built from the registry: no per-parameter code. Validation is the scenario's own:
 * {@link #scenario()} throws the same {@link ParameterException} as the command line and scenario files.
 *
 * <p>The two ends of a range (a repeated request's delay) stay in order: raising the start above the end raises
 * the end with it, lowering the end below the start lowers the start; and a range whose ends are equal (a fixed
 * delay) stays fixed when its start moves.
 */
public final class ScenarioForm {
    private final Map<Parameter, ObjectProperty<Object>> properties = new EnumMap<>(Parameter.class);
    private boolean loading;
    private Workflow workflow; // the loaded scenario's own job, or null for the article's sign-up: not a parameter

    /** @param base the values the form starts from */
    public ScenarioForm(Scenario base) {
        workflow = base.declaredWorkflow();
        for (Parameter p : Parameter.values()) {
            ObjectProperty<Object> prop = new SimpleObjectProperty<>(this, p.id(), p.get(base));
            properties.put(p, prop);
        }
        for (Parameter p : Parameter.values()) {
            Parameter end = p.rangeEnd();
            if (end != null) {
                keepInOrder(p, end);
            }
        }
    }

    private void keepInOrder(Parameter start, Parameter end) {
        properties.get(start).addListener((o, was, now) -> {
            long endValue = ((Number) value(end)).longValue();
            boolean fixed = ((Number) was).longValue() == endValue; // a fixed delay stays a fixed delay
            if (!loading && (fixed || ((Number) now).longValue() > endValue)) {
                set(end, now);
            }
        });
        properties.get(end).addListener((o, was, now) -> {
            if (!loading && ((Number) now).longValue() < ((Number) value(start)).longValue()) {
                set(start, now);
            }
        });
    }

    /** Shows {@code s}'s values, every parameter's, and keeps its workflow for {@link #scenario()}. */
    public void load(Scenario s) {
        workflow = s.declaredWorkflow(); // first: a listener of the properties below reads the whole scenario
        loading = true; // a loaded range is in order already; its ends must not push each other on the way
        try {
            for (Parameter p : Parameter.values()) {
                properties.get(p).set(p.get(s));
            }
        } finally {
            loading = false;
        }
    }

    /**
     * @return the scenario the properties describe now, running the workflow the last scenario loaded declared
     * @throws ParameterException if a value is out of range (the fields normally prevent this)
     */
    public Scenario scenario() {
        Scenario.Builder b = Scenario.article().toBuilder();
        properties.forEach((p, prop) -> p.set(b, prop.get()));
        return b.workflow(workflow).build();
    }

    /** @return the property of {@code p}, holding its value in model units (see the class comment). */
    public ObjectProperty<Object> property(Parameter p) {
        return properties.get(p);
    }

    /** @return {@code p}'s value now, in model units. */
    public Object value(Parameter p) {
        return properties.get(p).get();
    }

    /**
     * Sets {@code p} to {@code value}, normalised to its kind (whole-number kinds take a whole number).
     *
     * @throws IllegalArgumentException if the value is not of {@code p}'s kind
     */
    public void set(Parameter p, Object value) {
        properties.get(p).set(p.normalise(value));
    }

    /** @return {@code p}'s numeric value as a double. */
    public double number(Parameter p) {
        return ((Number) value(p)).doubleValue();
    }

    /** @return every property, to listen for any change. */
    public List<Observable> all() {
        return List.copyOf(properties.values());
    }
}
