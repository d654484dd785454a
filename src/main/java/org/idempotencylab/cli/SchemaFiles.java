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
 * Writes {@code docs/scenario.schema.json} and {@code docs/lesson.schema.json} from the registries
 * ({@code Parameter}, {@link Metric}, the presets), the texts {@code schema} and {@code schema --lesson} print. The
 * build runs it after compiling (pom.xml, {@code process-classes}), so a new parameter, metric or preset needs no
 * hand-made schema; a file already up to date is left untouched.
 */
public final class SchemaFiles {
    static final String SCENARIO = "scenario.schema.json";
    static final String LESSON = "lesson.schema.json";

    private SchemaFiles() {
    }

    /**
     * @param args one argument: the folder to write into, {@code docs} of the project (it must exist)
     * @throws IOException              if a file cannot be read or written (the build then fails)
     * @throws IllegalArgumentException if not exactly one argument is given
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("SchemaFiles takes one argument, the folder to write into; got "
                    + args.length);
        }
        Path docs = Path.of(args[0]);
        write(docs.resolve(SCENARIO), scenario());
        write(docs.resolve(LESSON), lesson());
    }

    /** @return the JSON Schema of scenario files, as {@code docs/scenario.schema.json} holds it */
    static String scenario() {
        return ScenarioSchema.text(Metric.watchNames());
    }

    /** @return the JSON Schema of lesson files, as {@code docs/lesson.schema.json} holds it */
    static String lesson() {
        return LessonSchema.text(Presets.names(), SignupSteps.NAMES.size());
    }

    private static void write(Path file, String text) throws IOException {
        if (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(text)) {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
    }
}
