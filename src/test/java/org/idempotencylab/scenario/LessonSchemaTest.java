package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.idempotencylab.engine.SignupSteps;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/lesson.schema.json} is the schema the reader's names make, every shipped lesson passes it, and a
 * wrong name, type or range fails it as the reader refuses it.
 */
class LessonSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(LessonSchema.of(Presets.names(), SignupSteps.NAMES.size()));

    @Test
    void theFileInDocsIsTheSchemaTheReaderMakes() throws IOException {
        assertEquals(LessonSchema.text(Presets.names(), SignupSteps.NAMES.size()),
                Files.readString(Path.of("docs/lesson.schema.json")),
                "the build writes it (cli.SchemaFiles at process-classes): run mvn -o -q process-classes and "
                        + "commit docs/");
    }

    @Test
    void everyShippedLessonPassesItAndABadOneDoesNot() throws IOException {
        for (String name : Lessons.parseIndex(Files.readString(Path.of("assets/lessons/index.json")),
                new java.util.ArrayList<>())) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(Lessons.FOLDER + name)) {
                JsonNode file = JSON.readTree(in);
                assertEquals(Set.of(), SCHEMA.validate(file), name);
                ObjectNode bad = (ObjectNode) file.get("frames").get(0);
                bad.putObject("until").put("event", "sometime");
                assertFalse(SCHEMA.validate(file).isEmpty(), name + " with a bad event");
            }
        }
    }

    @Test
    void theDocumentedLessonReadsAndPassesIt() throws IOException {
        // "Writing one" in docs/lessons-and-presets.md shows a whole lesson file
        String readme = Files.readString(Path.of("docs/lessons-and-presets.md"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("```json\\n(.*?)```",
                java.util.regex.Pattern.DOTALL).matcher(readme);
        int found = 0;
        while (m.find()) {
            if (m.group(1).contains(Lesson.FORMAT)) {
                found++;
                assertEquals(Set.of(), SCHEMA.validate(JSON.readTree(m.group(1))), m.group(1));
                LessonFiles reader = Lessons.reader(new ScenarioFiles(org.idempotencylab.engine.Metric.watchNames()),
                        SignupSteps.NAMES);
                assertEquals(1, reader.read(m.group(1)).frames().size());
            }
        }
        assertEquals(1, found, "docs/lessons-and-presets.md shows one lesson file");
    }
}
