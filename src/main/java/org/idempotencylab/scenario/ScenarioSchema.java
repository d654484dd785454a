package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * A JSON Schema (draft 2020-12) of scenario files, made from the same registry as the reader ({@link Parameter},
 * the strategy parts, the sweep's and the expectations' fields), so an editor can complete and check a file as it
 * is typed: every field's name, type, allowed values and range. The reader checks more than the schema says (the
 * ends of a repeat's delay in order, an expectation's strategy among the file's, log spacing above 0); a file the
 * reader takes always passes the schema. {@code docs/scenario.schema.json} is this schema, written by
 * {@code idempotency-lab schema}; a test keeps the two equal.
 */
public final class ScenarioSchema {
    /** The schema's identifier (a name, not an address: the file is docs/scenario.schema.json). */
    public static final String ID = "urn:idempotency-lab:scenario-schema@1";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ScenarioSchema() {
    }

    /**
     * @param watchable the metric ids {@code watch}, a sweep's {@code metrics} and an expectation's {@code metric}
     *                  may name (the engine's, e.g. {@code Metric.watchNames()})
     * @return the schema as a JSON tree
     */
    public static ObjectNode of(List<String> watchable) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("$id", ID);
        root.put("title", "Idempotency Lab scenario file");
        root.put("description", "One scenario: its parameters, the strategies to run on it, the view that opens it, "
                + "a note for students and the results it expects.");
        root.put("type", "object");
        root.putArray("required").add("format").add("name");
        root.put("additionalProperties", false);
        ObjectNode props = root.putObject("properties");
        props.putObject("format").put("const", ScenarioFile.FORMAT);
        text(props, "name", "the title shown in the presets menu").put("minLength", 1).put("maxLength",
                ScenarioFiles.MAX_NAME).put("pattern", "\\S");
        text(props, "note", "what to watch, in two or three sentences").put("maxLength", ScenarioFiles.MAX_NOTE);
        choice(props, "watch", "the metric the note talks about", watchable);
        choice(props, "view", "the tab that opens the scenario", Arrays.stream(ScenarioFile.View.values())
                .map(ScenarioFile.View::fileName).toList());
        props.set("sweep", sweep(watchable));
        ObjectNode strategies = props.putObject("strategies");
        strategies.put("description", "the strategies to run; the article's five if absent");
        strategies.put("type", "array").put("minItems", 1).put("maxItems", ScenarioFiles.MAX_STRATEGIES);
        strategies.set("items", strategy());
        props.set("scenario", parameters(true, "every parameter; a missing one takes the article's value"));
        ObjectNode expect = props.putObject("expect");
        expect.put("description", "results the file claims; `check FILE` tests them");
        expect.put("type", "array").put("maxItems", ScenarioFiles.MAX_EXPECTATIONS);
        expect.set("items", expectation(watchable));
        ObjectNode lanes = props.putObject("lanes");
        lanes.put("description", "the bug and its fix played side by side in the live view: two different places "
                + "in strategies, from 0 (lane A, lane B); not for a sweep file");
        lanes.put("type", "array").put("minItems", 2).put("maxItems", 2).put("uniqueItems", true);
        lanes.putObject("items").put("type", "integer").put("minimum", 0)
                .put("maximum", ScenarioFiles.MAX_STRATEGIES - 1);
        props.set("workflow", WorkflowJson.schema(MAPPER.createObjectNode()));
        // a sweep object belongs to a sweep file, and a sweep file has one
        ObjectNode ifSweep = root.putObject("if");
        ifSweep.putArray("required").add("view");
        ifSweep.putObject("properties").putObject("view").put("const", ScenarioFile.View.SWEEP.fileName());
        root.putObject("then").putArray("required").add("sweep");
        root.putObject("else").putObject("not").putArray("required").add("sweep");
        return root;
    }

    /** @return the schema as the file {@code docs/scenario.schema.json} holds it, indented, ending in a newline */
    public static String text(List<String> watchable) {
        try {
            return MAPPER.writeValueAsString(of(watchable)).replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain nodes always writes
        }
    }

    private static ObjectNode text(ObjectNode props, String name, String description) {
        return props.putObject(name).put("type", "string").put("description", description);
    }

    private static ObjectNode choice(ObjectNode props, String name, String description, List<String> values) {
        ObjectNode n = props.putObject(name).put("description", description);
        ArrayNode e = n.putArray("enum");
        values.forEach(e::add);
        return n;
    }

    /** @return the scenario's fields (or a strategy's settings: all but those every strategy shares) */
    static ObjectNode parameters(boolean all, String description) {
        ObjectNode o = MAPPER.createObjectNode().put("description", description).put("type", "object")
                .put("additionalProperties", false);
        ObjectNode props = o.putObject("properties");
        for (Parameter p : Parameter.values()) {
            if (all || p.isStrategySetting()) {
                props.set(p.id(), parameter(p));
            }
        }
        return o;
    }

    static ObjectNode parameter(Parameter p) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("description", p.label() + ": " + p.meaning() + " (" + p.unit() + "; default "
                + p.format(p.defaultValue()) + ")");
        return switch (p.kind()) { // an expression: a new kind does not compile until it has its schema
            case COUNT, MILLIS -> n.put("type", "integer").put("minimum", p.min()).put("maximum", p.max());
            case PROBABILITY, RATE, FACTOR -> n.put("type", "number").put("minimum", p.min()).put("maximum",
                    p.max());
            case FLAG -> n.put("type", "boolean");
            case CHOICE -> {
                ArrayNode e = n.putArray("enum");
                p.choices().forEach(c -> e.add(c.cliName()));
                yield n;
            }
        };
    }

    static ObjectNode strategy() {
        ObjectNode o = MAPPER.createObjectNode().put("type", "object").put("additionalProperties", false);
        o.putArray("required").add("retry").add("providerKey");
        ObjectNode props = o.putObject("properties");
        choice(props, "retry", "what a retry repeats", names(RetryScope.values(), RetryScope::cliName));
        choice(props, "providerKey", "the key the welcome email sends", names(KeyMode.values(), KeyMode::cliName));
        choice(props, "store", "the store every step goes through (memory for whole-job-skip-finished, else none, "
                + "if absent)", names(StoreKind.values(), StoreKind::cliName));
        props.set("settings", parameters(false, "values this strategy runs with in place of the scenario's"));
        return o;
    }

    private static ObjectNode sweep(List<String> watchable) {
        ObjectNode o = MAPPER.createObjectNode().put("description", "what a sweep file varies and plots")
                .put("type", "object").put("additionalProperties", false);
        o.putArray("required").add("vary").add("from").add("to");
        ObjectNode props = o.putObject("properties");
        choice(props, "vary", "the parameter varied", Arrays.stream(Parameter.values())
                .filter(Parameter::isSweepable).map(Parameter::id).toList());
        props.putObject("from").put("type", "number").put("description", "the first value, in the parameter's unit");
        props.putObject("to").put("type", "number").put("description", "the last value, in the parameter's unit");
        props.putObject("points").put("type", "integer").put("minimum", SweepSpec.MIN_POINTS)
                .put("maximum", SweepSpec.MAX_POINTS);
        choice(props, "spacing", "linear or log (both ends above 0)", names(Spacing.values(), Spacing::cliName));
        ObjectNode metrics = props.putObject("metrics").put("type", "array").put("minItems", 1)
                .put("maxItems", 2).put("uniqueItems", true);
        ArrayNode e = metrics.putObject("items").putArray("enum");
        watchable.forEach(e::add);
        props.putObject("logScale").put("type", "boolean");
        return o;
    }

    private static ObjectNode expectation(List<String> watchable) {
        ObjectNode o = MAPPER.createObjectNode().put("type", "object").put("additionalProperties", false);
        o.putArray("required").add("strategy").add("metric");
        ObjectNode props = o.putObject("properties");
        props.putObject("strategy").put("type", "integer").put("minimum", 0)
                .put("description", "the strategy's place in strategies, from 0");
        choice(props, "metric", "the metric bounded", watchable);
        props.putObject("min").put("type", "number").put("description", "the least value allowed");
        props.putObject("max").put("type", "number").put("description", "the largest value allowed");
        ArrayNode anyOf = o.putArray("anyOf");
        anyOf.addObject().putArray("required").add("min");
        anyOf.addObject().putArray("required").add("max");
        return o;
    }

    private static <T> List<String> names(T[] values, Function<T, String> name) {
        return Arrays.stream(values).map(name).toList();
    }
}
