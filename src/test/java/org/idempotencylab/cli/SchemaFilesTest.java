package org.idempotencylab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.LessonSchema;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build's writer of the two schema files: what {@code schema} and {@code schema --lesson} print. */
class SchemaFilesTest {

    @Test
    void writesBothSchemasAndReplacesAStaleOne(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(SchemaFiles.SCENARIO), "{} stale");
        SchemaFiles.main(new String[] {dir.toString()});
        assertEquals(ScenarioSchema.text(Metric.watchNames()), Files.readString(dir.resolve(SchemaFiles.SCENARIO)));
        assertEquals(LessonSchema.text(Presets.names(), SignupSteps.NAMES.size()),
                Files.readString(dir.resolve(SchemaFiles.LESSON)));
    }

    @Test
    void aMissingFolderStopsTheBuild(@TempDir Path dir) {
        assertThrows(IOException.class, () -> SchemaFiles.main(new String[] {dir.resolve("gone").toString()}));
        assertThrows(IllegalArgumentException.class, () -> SchemaFiles.main(new String[0]));
    }
}
