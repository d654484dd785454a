package org.idempotencylab.cli;

import java.util.concurrent.Callable;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.ScenarioSchema;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/**
 * {@code schema}: prints the JSON Schema of scenario files ({@link ScenarioSchema}), the text of
 * {@code docs/scenario.schema.json}, for an editor to complete and check files with.
 */
@Command(name = "schema", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Prints the JSON Schema of scenario files (docs/scenario.schema.json), for editors.")
public final class SchemaCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(ScenarioSchema.text(Metric.watchNames()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
