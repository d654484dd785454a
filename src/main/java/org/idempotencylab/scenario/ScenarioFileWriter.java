package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writing scenario files: a {@link ScenarioFile} as the JSON tree and text {@link ScenarioFiles} writes. */
final class ScenarioFileWriter {

    private ScenarioFileWriter() {
    }

    /** Writes {@code file} to {@code out} as {@link ScenarioFiles#write(ScenarioFile, Writer)} does; flushed, not closed. */
    static void write(ScenarioFile file, Writer out) throws IOException {
        ScenarioFiles.MAPPER.writeValue(out, tree(file));
        out.write(System.lineSeparator());
        out.flush();
    }

    static ObjectNode tree(ScenarioFile file) {
        ObjectNode root = ScenarioFiles.MAPPER.createObjectNode();
        root.put("format", ScenarioFile.FORMAT);
        root.put("name", file.name());
        root.put("note", file.note());
        root.put("watch", file.watch());
        root.put("view", file.view().fileName());
        if (file.sweep() != null) { // compare and live files are written as before sweeps existed
            SweepSpec w = file.sweep();
            ObjectNode sweep = root.putObject("sweep");
            sweep.put("vary", w.vary().id());
            sweep.putPOJO("from", fileValue(number(w.vary(), w.from())));
            sweep.putPOJO("to", fileValue(number(w.vary(), w.to())));
            sweep.put("points", w.points());
            sweep.put("spacing", w.spacing().cliName());
            ArrayNode metrics = sweep.putArray("metrics");
            w.metrics().forEach(metrics::add);
            sweep.put("logScale", w.logScale());
        }
        ArrayNode strategies = root.putArray("strategies");
        for (Strategy s : file.strategies()) {
            ObjectNode o = strategies.addObject().put("retry", s.scope().cliName())
                    .put("providerKey", s.keyMode().cliName()).put("store", s.store().cliName());
            if (!s.settings().isEmpty()) {
                ObjectNode settings = o.putObject("settings");
                s.settings().forEach((p, v) -> settings.putPOJO(p.id(), fileValue(v)));
            }
        }
        ObjectNode scenario = root.putObject("scenario");
        Map<String, Object> values = values(file.scenario());
        for (String f : ScenarioFiles.SCENARIO) {
            scenario.putPOJO(f, values.get(f));
        }
        if (file.scenario().declaredWorkflow() != null) { // a file of the article's sign-up has no workflow
            WorkflowJson.write(file.scenario().declaredWorkflow(), root);
        }
        if (!file.lanes().isEmpty()) { // a file without lanes is written as before they existed
            ArrayNode lanes = root.putArray("lanes");
            file.lanes().forEach(lanes::add);
        }
        if (!file.expect().isEmpty()) { // a file without expectations is written as before they existed
            ArrayNode expect = root.putArray("expect");
            for (Expectation e : file.expect()) {
                ObjectNode o = expect.addObject().put("strategy", e.strategy()).put("metric", e.metric());
                if (e.min() != null) {
                    o.putPOJO("min", new BigDecimal(Parameter.plain(e.min())));
                }
                if (e.max() != null) {
                    o.putPOJO("max", new BigDecimal(Parameter.plain(e.max())));
                }
            }
        }
        return root;
    }

    /** @return {@code tree} as JSON text, written as files are (numbers plain), for reading back with {@link ScenarioFiles#read(String)} */
    static String text(JsonNode tree) {
        try {
            return ScenarioFiles.MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain nodes always writes
        }
    }

    /** @return {@code value} as {@code p}'s kind holds it: a long for whole numbers, else the double */
    static Object number(Parameter p, double value) {
        return p.kind().isDecimal() ? (Object) value : (Object) Math.round(value);
    }

    /** @return every {@code scenario} field's value: a long, a BigDecimal (decimals), a boolean or a text */
    static Map<String, Object> values(Scenario s) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Parameter p : Parameter.values()) {
            m.put(p.id(), fileValue(p.get(s)));
        }
        return m;
    }

    /** @return a parameter's value as a file holds it: a long, a BigDecimal (decimals), a boolean or a text */
    static Object fileValue(Object v) {
        return v instanceof Double d ? new BigDecimal(Parameter.plain(d)) : v instanceof Choice c ? c.cliName() : v;
    }
}
