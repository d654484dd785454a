package org.idempotencylab.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code presets}: the built-in presets in the Presets menu's order, the lessons then the field cases, each with
 * the name {@code run --preset} and {@code check --preset} take, its view, its number of strategies, whether it
 * states expectations, and its title.
 */
@Command(name = "presets", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Lists the built-in presets: the names run --preset and check --preset take.")
public final class PresetsCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default: ${DEFAULT-VALUE})")
    String format = "text";

    @Override
    public Integer call() {
        boolean json;
        try {
            json = TableCommand.OutputFormat.read(format, TableCommand.OutputFormat.text,
                    TableCommand.OutputFormat.json) == TableCommand.OutputFormat.json;
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        PrintWriter out = spec.commandLine().getOut();
        Presets presets = new Presets(ScenarioSource.FILES);
        if (!json) {
            out.println(String.format(Locale.ROOT, "%-40s %-11s %-7s %10s %6s  %s", "name", "group", "view",
                    "strategies", "expect", "title"));
        }
        for (Presets.Preset p : presets.list()) {
            ScenarioFile f = p.file();
            String name = ScenarioSource.presetName(p.fileName());
            String group = p.group() == Presets.Group.LESSONS ? "lesson" : "field case";
            if (json) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("name", name);
                row.put("group", group);
                row.put("view", f.view().fileName());
                row.put("strategies", f.strategies().size());
                row.put("expectations", f.expect().size());
                row.put("title", f.name());
                out.println(ResultWriter.json(row));
            } else {
                out.println(String.format(Locale.ROOT, "%-40s %-11s %-7s %10d %6d  %s", name, group,
                        f.view().fileName(), f.strategies().size(), f.expect().size(), f.name()));
            }
        }
        out.flush();
        return 0;
    }
}
