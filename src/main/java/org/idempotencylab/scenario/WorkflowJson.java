package org.idempotencylab.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A scenario file's {@code workflow} object read into a {@link Workflow} and written back:
 * {@code {"name": "checkout", "steps": [{"name": "charge the card", "effect": "external", "providerKey": true,
 * "callMs": 300, "pFail": 0.02, "lostReply": 0.01}, ...]}}. Every number is checked against the range of the
 * scenario parameter it overrides ({@code callMs}, {@code pFail}, {@code lostReply}); a problem is one
 * {@link ScenarioFileException} naming the field by its path ({@code workflow.steps[2].pFail}), the value and what
 * is allowed.
 */
final class WorkflowJson {
    private static final List<String> TOP = List.of("name", "steps");
    private static final List<String> STEP = List.of("name", "effect", "providerKey", "callMs", "pFail", "lostReply");

    private WorkflowJson() {
    }

    /**
     * @param v the {@code workflow} value of a file
     * @return the workflow it declares
     * @throws ScenarioFileException naming the first field that is wrong
     */
    static Workflow read(JsonNode v) {
        if (!v.isObject()) {
            throw new ScenarioFileException("workflow", ScenarioJson.shown(v) + " is not an object {\"name\": ..., "
                    + "\"steps\": [...]}");
        }
        unknown(v, "workflow", TOP);
        String name = name(v, "workflow");
        JsonNode list = v.get("steps");
        if (list == null || !list.isArray() || list.isEmpty() || list.size() > Workflow.MAX_STEPS) {
            throw new ScenarioFileException("workflow.steps", (list == null ? "missing" : ScenarioJson.shown(list)
                    + " is not allowed") + "; allowed: a list of 1 to " + Workflow.MAX_STEPS + " steps, e.g. "
                    + "[{\"name\": \"charge the card\", \"effect\": \"external\", \"providerKey\": true}]");
        }
        List<Workflow.Step> steps = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            steps.add(step(list.get(i), "workflow.steps[" + i + "]"));
        }
        try {
            return new Workflow(name, steps);
        } catch (IllegalArgumentException e) { // a name used twice: "steps[3].name: ..."
            int colon = e.getMessage().indexOf(": ");
            throw new ScenarioFileException("workflow." + e.getMessage().substring(0, colon),
                    e.getMessage().substring(colon + 2));
        }
    }

    private static Workflow.Step step(JsonNode s, String path) {
        if (!s.isObject()) {
            throw new ScenarioFileException(path, ScenarioJson.shown(s) + " is not a step {\"name\": ..., "
                    + "\"effect\": \"external\" or \"local\", ...}");
        }
        unknown(s, path, STEP);
        String name = name(s, path);
        Workflow.Effect effect = ScenarioJson.choose(s.get("effect"), path + ".effect", Workflow.Effect.values(),
                Workflow.Effect::cliName, null);
        JsonNode key = s.get("providerKey");
        if (key != null && !key.isBoolean()) {
            throw new ScenarioFileException(path + ".providerKey", ScenarioJson.shown(key) + " is not true or false");
        }
        Long callMs = s.has("callMs") ? ScenarioJson.whole(s.get("callMs"), path + ".callMs", Parameter.CALL_MS)
                : null;
        Double pFail = s.has("pFail") ? ScenarioJson.decimal(s.get("pFail"), path + ".pFail", Parameter.P_FAIL)
                : null;
        Double lostReply = s.has("lostReply") ? ScenarioJson.decimal(s.get("lostReply"), path + ".lostReply",
                Parameter.LOST_REPLY) : null;
        try {
            return new Workflow.Step(name, effect, key != null && key.booleanValue(), callMs, pFail, lostReply);
        } catch (IllegalArgumentException e) { // a key or a lost reply on a local step: "providerKey: ..."
            int colon = e.getMessage().indexOf(": ");
            throw new ScenarioFileException(path + "." + e.getMessage().substring(0, colon),
                    e.getMessage().substring(colon + 2));
        }
    }

    private static String name(JsonNode object, String path) {
        JsonNode v = object.get("name");
        if (v == null || !v.isTextual()) {
            throw new ScenarioFileException(path + ".name", v == null ? "missing; a text is required"
                    : ScenarioJson.shown(v) + " is not a text (\"...\")");
        }
        String n = v.textValue();
        if (!Workflow.allowedName(n)) {
            throw new ScenarioFileException(path + ".name", ScenarioJson.shown(object.get("name"))
                    + " is not allowed; allowed: " + Workflow.NAME_RULE);
        }
        return n;
    }

    private static void unknown(JsonNode object, String path, List<String> allowed) {
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw new ScenarioFileException(path + "." + f, "unknown field; allowed: "
                        + String.join(", ", allowed));
            }
        }
    }

    /**
     * @param o an empty object node
     * @return {@code o} as the JSON Schema of a {@code workflow} object: what {@link #read} takes (a file it takes
     *         passes; it also checks that step names are unique)
     */
    static ObjectNode schema(ObjectNode o) {
        o.put("description", "the job every sign-up runs, in place of the article's ten-step sign-up: 1 to "
                + Workflow.MAX_STEPS + " steps with unique names; a step's callMs, pFail and lostReply override the "
                + "scenario's");
        o.put("type", "object").put("additionalProperties", false);
        o.putArray("required").add("name").add("steps");
        ObjectNode props = o.putObject("properties");
        nameSchema(props, "the workflow's name");
        ObjectNode steps = props.putObject("steps").put("type", "array").put("minItems", 1)
                .put("maxItems", Workflow.MAX_STEPS);
        ObjectNode step = steps.putObject("items").put("type", "object").put("additionalProperties", false);
        step.putArray("required").add("name").add("effect");
        ObjectNode sp = step.putObject("properties");
        nameSchema(sp, "the step's name, unique in the workflow");
        var effect = sp.putObject("effect").put("description", "external: a call to another service (its reply "
                + "can be lost, it may send a provider key); local: a write to the job's own database (committed "
                + "with the claim's completion under the claim table)").putArray("enum");
        for (Workflow.Effect e : Workflow.Effect.values()) {
            effect.add(e.cliName());
        }
        sp.putObject("providerKey").put("type", "boolean").put("description", "the step sends the strategy's "
                + "provider key (external steps only; false if absent)");
        sp.set("callMs", ScenarioSchema.parameter(Parameter.CALL_MS));
        sp.set("pFail", ScenarioSchema.parameter(Parameter.P_FAIL));
        sp.set("lostReply", ScenarioSchema.parameter(Parameter.LOST_REPLY));
        ObjectNode ifLocal = step.putObject("if");
        ifLocal.putObject("properties").putObject("effect").put("const", Workflow.Effect.LOCAL.cliName());
        ObjectNode then = step.putObject("then");
        then.putObject("properties").putObject("providerKey").put("const", false);
        then.putObject("not").putArray("required").add("lostReply");
        return o;
    }

    private static void nameSchema(ObjectNode props, String description) {
        props.putObject("name").put("type", "string").put("description", description).put("minLength", 1)
                .put("maxLength", Workflow.MAX_NAME).put("pattern", "\\S");
    }

    /** Writes {@code w} under {@code root}'s {@code workflow}, every step with the fields it sets. */
    static void write(Workflow w, ObjectNode root) {
        ObjectNode o = root.putObject("workflow");
        o.put("name", w.name());
        var steps = o.putArray("steps");
        for (Workflow.Step s : w.steps()) {
            ObjectNode n = steps.addObject().put("name", s.name()).put("effect", s.effect().cliName());
            if (s.providerKey()) {
                n.put("providerKey", true);
            }
            if (s.callMs() != null) {
                n.put("callMs", s.callMs());
            }
            if (s.pFail() != null) {
                n.putPOJO("pFail", ScenarioFileWriter.fileValue(s.pFail()));
            }
            if (s.lostReply() != null) {
                n.putPOJO("lostReply", ScenarioFileWriter.fileValue(s.lostReply()));
            }
        }
    }
}
