package org.idempotencylab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.idempotencylab.scenario.Parameter;
import org.junit.jupiter.api.Test;

/**
 * One place per parameter: the machinery that every parameter goes through (the command line's options, scenario
 * files, the window's forms, exports and charts, the shared UI pieces) names no parameter at all, so a new
 * parameter needs its {@link Parameter} row, its {@code Scenario} component and the engine or store code that
 * uses it, and nothing else. Views may still name a parameter as a design choice (the live tab's open section,
 * a caption's wording, the classroom defaults); a new parameter never has to be added there.
 *
 * <p>"Names" is counted on the code with its comments removed: the parameter's constant ({@code P_FAIL}), its
 * option ({@code --p-fail}), or, for ids that are not plain English words, its field name ({@code pFail}).
 * A failure's message lists every parameter's files.
 */
class FanOutTest {
    /** Packages whose code serves every parameter alike. */
    private static final List<String> GENERIC = List.of("cli", "scenario", "ui", "ui/form", "ui/export",
            "ui/charts");
    /**
     * The declaration itself (with the rules of its needs, read by one switch so that no command's start spins
     * a lambda per parameter); a workflow's steps, which override three parameters each (callMs, pFail, lostReply)
     * by name; --renew's choice named like a parameter ("claim"); and the table command's first line, which is the
     * first article's own sentence.
     */
    private static final Set<String> DECLARES_OR_QUOTES = Set.of("scenario/Parameter.java",
            "scenario/ParameterSpecs.java", "scenario/Needs.java", "scenario/Scenario.java", "scenario/Workflow.java",
            "scenario/WorkflowJson.java", "scenario/Renew.java", "cli/ResultWriter.java");
    private static final Path MAIN = Path.of("src/main/java/org/idempotencylab");
    /** Where the views' FXML files are, each beside its controller's package. */
    private static final Path RESOURCES = Path.of("src/main/resources/org/idempotencylab");

    @Test
    void theSharedMachineryNamesNoParameter() throws IOException {
        Map<String, List<String>> named = named();
        List<String> generic = new ArrayList<>();
        named.forEach((id, files) -> files.stream()
                .filter(f -> GENERIC.contains(f.contains("/") ? f.substring(0, f.lastIndexOf('/')) : ""))
                .filter(f -> !DECLARES_OR_QUOTES.contains(f))
                .forEach(f -> generic.add(id + " in " + f)));
        StringBuilder table = new StringBuilder();
        named.forEach((id, files) -> table.append(String.format("%-20s %2d  %s%n", id, files.size(),
                String.join(" ", files))));
        assertEquals(List.of(), generic, "the shared machinery names these parameters:\n" + table);
    }

    /** @return for each parameter id, the main files (relative to the lab's package) that name it */
    static Map<String, List<String>> named() throws IOException {
        List<Path> files;
        try (Stream<Path> java = Files.walk(MAIN); Stream<Path> fxml = Files.walk(RESOURCES)) {
            files = Stream.concat(java, fxml).filter(f -> f.toString().endsWith(".java")
                    || f.toString().endsWith(".fxml")).sorted().toList();
        }
        Map<Path, String> code = new TreeMap<>();
        for (Path f : files) {
            code.put(f, withoutComments(read(f)));
        }
        Map<String, List<String>> named = new TreeMap<>();
        for (Parameter p : Parameter.values()) {
            Pattern names = Pattern.compile("\\b" + p.name() + "\\b|" + Pattern.quote(p.cliOption()) + "\\b"
                    + (p.id().equals(p.id().toLowerCase()) ? "" : "|\\b" + p.id() + "\\b"));
            named.put(p.id(), code.entrySet().stream().filter(e -> names.matcher(e.getValue()).find())
                    .map(e -> relative(e.getKey())).toList());
        }
        return named;
    }

    private static String relative(Path f) {
        return f.startsWith(MAIN) ? MAIN.relativize(f).toString().replace('\\', '/') : f.toString();
    }

    /** @return {@code s} without its Java and XML comments */
    static String withoutComments(String s) {
        return s.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "").replaceAll("(?s)<!--.*?-->", "");
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
