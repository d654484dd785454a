package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.idempotencylab.engine.Metric;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/scenario.schema.json} is the schema the registry makes, and it describes the files the reader
 * takes: every preset, the examples of docs/scenario-files.md and a file written with every field pass it; files the reader
 * refuses for a wrong name, type, choice or range fail it too.
 */
class ScenarioSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(ScenarioSchema.of(Metric.watchNames()));

    private static Set<ValidationMessage> problems(String json) throws IOException {
        return SCHEMA.validate(JSON.readTree(json));
    }

    @Test
    void theFileInDocsIsTheSchemaTheRegistryMakes() throws IOException {
        assertEquals(ScenarioSchema.text(Metric.watchNames()), Files.readString(Path.of("docs/scenario.schema.json")),
                "the build writes it (cli.SchemaFiles at process-classes): run mvn -o -q process-classes and "
                        + "commit docs/");
    }

    @Test
    void everyPresetPassesIt() throws IOException {
        for (String name : Presets.names()) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(Presets.FOLDER + name)) {
                JsonNode file = JSON.readTree(in);
                assertEquals(Set.of(), SCHEMA.validate(file), name);
            }
        }
    }

    @Test
    void theWorkedDesignsPassIt() throws IOException {
        // docs/designs/*.json, the files docs/worked-designs.md tells an engineer to copy (WorkedDesignsTest checks them)
        try (var files = Files.list(Path.of("docs/designs"))) {
            List<Path> designs = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertFalse(designs.isEmpty());
            for (Path p : designs) {
                assertEquals(Set.of(), SCHEMA.validate(JSON.readTree(p.toFile())), p.toString());
            }
        }
    }

    @Test
    void theDocumentedScenarioFilesPassIt() throws IOException {
        // every ```json block of docs/scenario-files.md that is a scenario file (it has the format tag)
        String readme = Files.readString(Path.of("docs/scenario-files.md"));
        Matcher m = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        List<String> files = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).contains(ScenarioFile.FORMAT)) {
                files.add(m.group(1));
            }
        }
        assertFalse(files.isEmpty(), "docs/scenario-files.md shows a scenario file");
        for (String f : files) {
            String json = f.replace("...", ""); // the note's text is abridged with "..."
            assertEquals(Set.of(), problems(json), f);
            FILES.read(new StringReader(json)); // and the reader takes it
        }
    }

    @Test
    void aFileWithEveryFieldWrittenByTheLabPassesIt() throws IOException {
        ScenarioFile f = FILES.read(new StringReader("{\"format\": \"idempotency-lab/scenario@1\", \"name\": \"all\","
                + "\"view\": \"sweep\", \"sweep\": {\"vary\": \"leaseMs\", \"from\": 1000, \"to\": 60000, \"points\": 3,"
                + "\"spacing\": \"log\", \"metrics\": [\"overlappingRuns\", \"deadLetteredJobs\"], \"logScale\": true},"
                + "\"strategies\": [{\"retry\": \"whole-job-skip-finished\", \"providerKey\": \"same\", \"store\": "
                + "\"claim-table\", \"settings\": {\"heartbeatMs\": 500}}],"
                + "\"expect\": [{\"strategy\": 0, \"metric\": \"overlappingRuns\", \"max\": 0}]}"));
        StringWriter out = new StringWriter();
        FILES.write(f, out);
        assertEquals(Set.of(), problems(out.toString()));
    }

    @Test
    void whatTheReaderRefusesForItsShapeTheSchemaRefusesToo() throws IOException {
        String head = "{\"format\": \"idempotency-lab/scenario@1\", \"name\": \"t\"";
        for (String bad : List.of(
                head + ", \"colour\": 1}",
                head + ", \"scenario\": {\"pFail\": 1.5}}",
                head + ", \"scenario\": {\"jobs\": 2.5}}",
                head + ", \"scenario\": {\"queue\": \"disk\"}}",
                head + ", \"scenario\": {\"foo\": 1}}",
                head + ", \"strategies\": [{\"retry\": \"sometimes\", \"providerKey\": \"none\"}]}",
                head + ", \"strategies\": [{\"retry\": \"each-step\", \"providerKey\": \"none\", \"settings\": "
                        + "{\"jobs\": 5}}]}",
                head + ", \"view\": \"sweep\"}",
                head + ", \"sweep\": {\"vary\": \"leaseMs\", \"from\": 1, \"to\": 2}}",
                head + ", \"expect\": [{\"strategy\": 0, \"metric\": \"failedJobs\"}]}",
                head + ", \"watch\": \"emails\"}",
                "{\"name\": \"t\"}")) {
            assertTrue(!problems(bad).isEmpty(), "the schema takes " + bad);
            assertTrue(refused(bad), "the reader takes " + bad);
        }
    }

    private static boolean refused(String json) throws IOException {
        try {
            FILES.read(new StringReader(json));
            return false;
        } catch (ScenarioFileException e) {
            return true;
        }
    }
}
