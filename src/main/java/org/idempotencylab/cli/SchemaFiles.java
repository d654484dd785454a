package org.idempotencylab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.LessonSchema;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioSchema;

/**
 * Writes {@code scenario.schema.json} and {@code lesson.schema.json} (the texts {@code schema} and
 * {@code schema --lesson} print) into a folder. The build runs it after compiling (pom.xml, exec-maven-plugin at
 * {@code process-classes}) with {@code docs/}, so a new parameter, metric or preset reaches the committed schema
 * files without a hand edit; {@code ScenarioSchemaTest} and {@code LessonSchemaTest} compare them.
 */
public final class SchemaFiles {
    static final String SCENARIO = "scenario.schema.json";
    static final String LESSON = "lesson.schema.json";

    private SchemaFiles() {
    }

    /**
     * @param args one argument: the folder to write into (it must exist)
     * @throws IOException              if a file cannot be written: the build stops
     * @throws IllegalArgumentException if not exactly one argument is given
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("SchemaFiles takes one argument, the folder to write into; got "
                    + args.length);
        }
        Path dir = Path.of(args[0]);
        write(dir.resolve(SCENARIO), ScenarioSchema.text(Metric.watchNames()));
        write(dir.resolve(LESSON), LessonSchema.text(Presets.names(), SignupSteps.NAMES.size()));
    }

    /** Writes {@code text} unless the file holds it already (an unchanged file keeps its modification time). */
    private static void write(Path file, String text) throws IOException {
        if (Files.isRegularFile(file) && Files.readString(file, StandardCharsets.UTF_8).equals(text)) {
            return;
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
