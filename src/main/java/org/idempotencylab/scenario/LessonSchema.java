package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A JSON Schema (draft 2020-12) of lesson files, made from the same names the reader ({@link LessonFiles}) takes: the
 * fields, the condition and count names, the presets a frame may name and the scenario's parameters (as
 * {@link ScenarioSchema} has them). The reader checks more (a user among the frame's sign-ups, choices that do not
 * overlap, an answer among the choices); a file the reader takes always passes the schema.
 * {@code docs/lesson.schema.json} is this schema, written by {@code idempotency-lab schema --lesson}; a test keeps the
 * two equal.
 */
public final class LessonSchema {
    /** The schema's identifier (a name, not an address: the file is docs/lesson.schema.json). */
    public static final String ID = "urn:idempotency-lab:lesson-schema@1";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LessonSchema() {
    }

    /**
     * @param presets the presets' file names a frame may name
     * @param steps   how many steps a job has (the engine's ten)
     * @return the schema as a JSON tree
     */
    public static ObjectNode of(List<String> presets, int steps) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("$id", ID);
        root.put("title", "Idempotency Lab lesson file");
        root.put("description", "A guided lesson: frames that each load a scenario into Watch it happen, say what to "
                + "watch, may ask for a prediction, play until a condition and pause there.");
        root.put("type", "object").put("additionalProperties", false);
        root.putArray("required").add("format").add("title").add("frames");
        ObjectNode props = root.putObject("properties");
        props.putObject("format").put("const", Lesson.FORMAT);
        text(props, "title", "the name in the Lessons menu", LessonFiles.MAX_TITLE, true);
        text(props, "summary", "what the lesson shows, a sentence or two", LessonFiles.MAX_TEXT, false);
        ObjectNode frames = props.putObject("frames").put("type", "array").put("minItems", 1)
                .put("maxItems", LessonFiles.MAX_FRAMES);
        frames.set("items", frame(presets, steps));
        return root;
    }

    /** @return the schema as the file {@code docs/lesson.schema.json} holds it, indented, ending in a newline */
    public static String text(List<String> presets, int steps) {
        try {
            return MAPPER.writeValueAsString(of(presets, steps)).replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain nodes always writes
        }
    }

    private static ObjectNode frame(List<String> presets, int steps) {
        ObjectNode o = MAPPER.createObjectNode().put("type", "object").put("additionalProperties", false);
        o.putArray("required").add("title").add("watch").add("until");
        ObjectNode props = o.putObject("properties");
        text(props, "title", "the frame's heading", LessonFiles.MAX_TITLE, true);
        text(props, "watch", "what to watch, in about two sentences", LessonFiles.MAX_TEXT, true);
        text(props, "explain", "what the pause shows, said after the reveal", LessonFiles.MAX_TEXT, false);
        ObjectNode preset = props.putObject("preset").put("description", "the preset the scenario comes from");
        ArrayNode e = preset.putArray("enum");
        presets.forEach(e::add);
        ObjectNode strategy = props.putObject("strategy").put("description", "the preset's strategy by its place "
                + "from 0 (the first if absent), or a strategy");
        ArrayNode oneOf = strategy.putArray("oneOf");
        oneOf.addObject().put("type", "integer").put("minimum", 0);
        oneOf.add(ScenarioSchema.strategy());
        props.set("scenario", ScenarioSchema.parameters(true, "the scenario's fields over the preset's (or the "
                + "article's)"));
        ((ObjectNode) props.get("scenario").get("properties").get("jobs")).put("maximum", LessonFiles.MAX_JOBS);
        props.set("until", until(steps));
        props.set("predict", prediction(steps));
        return o;
    }

    private static ObjectNode until(int steps) {
        ObjectNode o = MAPPER.createObjectNode().put("description", "where the frame pauses").put("type", "object")
                .put("additionalProperties", false);
        o.putArray("required").add("event");
        ObjectNode props = o.putObject("properties");
        ArrayNode e = props.putObject("event").putArray("enum");
        LessonFiles.eventNames().forEach(e::add);
        narrowing(props, steps);
        props.putObject("times").put("type", "integer").put("minimum", 1).put("maximum", LessonFiles.MAX_TIMES);
        props.putObject("ms").put("type", "integer").put("minimum", 0).put("maximum", LessonFiles.MAX_MS)
                .put("description", "virtual ms, for \"time\"");
        return o;
    }

    private static ObjectNode prediction(int steps) {
        ObjectNode o = MAPPER.createObjectNode().put("type", "object").put("additionalProperties", false);
        o.putArray("required").add("question").add("choices").add("answer").add("measure");
        ObjectNode props = o.putObject("properties");
        text(props, "question", "asked before the reveal", LessonFiles.MAX_TITLE, true);
        ObjectNode choice = MAPPER.createObjectNode().put("type", "object").put("additionalProperties", false);
        choice.putArray("required").add("text");
        ObjectNode cp = choice.putObject("properties");
        text(cp, "text", "what the choice says", LessonFiles.MAX_TITLE, true);
        for (String f : List.of("value", "min", "max")) {
            cp.putObject(f).put("type", "integer").put("minimum", 0);
        }
        ArrayNode anyOf = choice.putArray("anyOf");
        anyOf.addObject().putArray("required").add("value");
        anyOf.addObject().putArray("required").add("min");
        props.putObject("choices").put("type", "array").put("minItems", 2).put("maxItems", LessonFiles.MAX_OPTIONS)
                .set("items", choice);
        props.putObject("answer").put("type", "integer").put("minimum", 0).put("maximum", LessonFiles.MAX_OPTIONS - 1)
                .put("description", "the right choice's place in choices, from 0");
        ObjectNode measure = props.putObject("measure").put("type", "object").put("additionalProperties", false);
        measure.putArray("required").add("count");
        ObjectNode mp = measure.putObject("properties");
        ArrayNode c = mp.putObject("count").putArray("enum");
        LessonFiles.countNames().forEach(c::add);
        narrowing(mp, steps);
        return o;
    }

    private static void narrowing(ObjectNode props, int steps) {
        props.putObject("step").put("type", "integer").put("minimum", 1).put("maximum", steps)
                .put("description", "only this step, 1 to " + steps);
        props.putObject("user").put("type", "integer").put("minimum", 0).put("maximum", LessonFiles.MAX_JOBS - 1)
                .put("description", "only this user's number (user_<n>)");
    }

    private static ObjectNode text(ObjectNode props, String name, String description, int max, boolean required) {
        ObjectNode n = props.putObject(name).put("type", "string").put("description", description)
                .put("maxLength", max);
        if (required) {
            n.put("minLength", 1).put("pattern", "\\S");
        }
        return n;
    }
}
