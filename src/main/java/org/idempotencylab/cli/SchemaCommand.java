package org.idempotencylab.cli;

import java.util.concurrent.Callable;
import org.idempotencylab.scenario.LessonSchema;
import org.idempotencylab.scenario.ScenarioSchema;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schema}: prints the JSON Schema of scenario files ({@link ScenarioSchema}), the text of
 * {@code docs/scenario.schema.json}, for an editor to complete and check files with; {@code schema --lesson} that of
 * lesson files ({@link LessonSchema}, {@code docs/lesson.schema.json}).
 */
@Command(name = "schema", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Prints the JSON Schema of scenario files (docs/scenario.schema.json), or with --lesson of "
                + "lesson files (docs/lesson.schema.json), for editors.")
public final class SchemaCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--lesson", description = "the schema of lesson files instead")
    boolean lesson;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(lesson ? SchemaFiles.lesson() : SchemaFiles.scenario());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
