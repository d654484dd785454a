package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The built-in scenario files: {@code assets/scenarios/*.json} on the classpath, inside the
 * jar too, in the teaching order that {@code assets/scenarios/index.json} lists.
 *
 * <p>The index is either a JSON list of file names (every one a lesson preset, the first form), or an object
 * {@code {"presets": [...], "fieldCases": [...]}}: the lessons, then the field cases, each of which replays one
 * public bug report with its fix beside it. Both lists hold file names ending in {@code .json}; a file is named
 * once in the whole index.
 */
public final class Presets {
    /** Where the presets lie on the classpath. */
    public static final String FOLDER = "assets/scenarios/";
    /** The index of the preset file names, in teaching order. */
    public static final String INDEX = FOLDER + "index.json";

    /** The group of the Presets menu a preset is shown in. */
    public enum Group {
        /** The lessons: the articles' cases, in teaching order. */
        LESSONS("presets"),
        /** Public bug reports of jobs run twice, each with its fix beside the bug. */
        FIELD_CASES("fieldCases");

        private final String indexKey;

        Group(String indexKey) {
            this.indexKey = indexKey;
        }

        /** @return the key of this group's list in the object form of the index */
        public String indexKey() {
            return indexKey;
        }
    }

    private final ScenarioFiles files;

    /** @param files the reader every preset goes through, so a preset is checked as any scenario file is */
    public Presets(ScenarioFiles files) {
        this.files = files;
    }

    /** One preset: its file name (e.g. {@code lost-reply.json}), its content and its menu group. */
    public record Preset(String fileName, ScenarioFile file, Group group) {
        /** A lesson preset. */
        public Preset(String fileName, ScenarioFile file) {
            this(fileName, file, Group.LESSONS);
        }
    }

    /** One line of the index: a file name and its group. */
    public record Entry(String fileName, Group group) {
    }

    /**
     * What the index and the files it names hold: every preset that reads, and a message for each that does not.
     *
     * @param presets  the presets that read, in the index's order
     * @param problems one sentence for each bad index entry or bad file, naming it and what is wrong; empty when
     *                 all is well
     */
    public record Catalog(List<Preset> presets, List<String> problems) {
        public Catalog {
            presets = List.copyOf(presets);
            problems = List.copyOf(problems);
        }
    }

    /**
     * Reads every preset the index lists, each validated as any scenario file is.
     *
     * @return the presets in teaching order, the lessons first
     * @throws IllegalStateException if the index or a preset is missing or invalid (a build mistake; PresetTest
     *                               reads every one)
     */
    public List<Preset> list() {
        Catalog c = read();
        if (!c.problems().isEmpty()) {
            throw new IllegalStateException(String.join("; ", c.problems()));
        }
        return c.presets();
    }

    /**
     * Reads the index and every preset it names, never throwing: a bad entry or a file that does not read is
     * left out and told in {@link Catalog#problems()}, for the window to show instead of failing to open.
     *
     * @return the presets that read and the problems
     */
    public Catalog read() {
        List<Preset> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String text;
        try (InputStream in = open(INDEX)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return new Catalog(List.of(), List.of(INDEX + ": " + e.getMessage()));
        }
        for (Entry e : parseIndex(text, problems)) {
            try {
                out.add(new Preset(e.fileName(), load(e.fileName()), e.group()));
            } catch (UncheckedIOException | IllegalStateException x) {
                problems.add(x.getMessage());
            }
        }
        return new Catalog(out, problems);
    }

    /**
     * @return the file names the index lists, in its order (the lessons, then the field cases)
     * @throws UncheckedIOException  if the index is missing
     * @throws IllegalStateException if an entry of the index is not valid
     */
    public static List<String> names() {
        return entries().stream().map(Entry::fileName).toList();
    }

    /**
     * @return the index's entries, in its order
     * @throws UncheckedIOException  if the index is missing
     * @throws IllegalStateException if an entry of the index is not valid
     */
    public static List<Entry> entries() {
        try (InputStream in = open(INDEX)) {
            List<String> problems = new ArrayList<>();
            List<Entry> entries = parseIndex(new String(in.readAllBytes(), StandardCharsets.UTF_8), problems);
            if (!problems.isEmpty()) {
                throw new IllegalStateException(String.join("; ", problems));
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException(INDEX + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses an index, in either form. Each bad entry is left out and described in {@code problems}, in the
     * words scenario files use: the JSON path, the value, what is allowed.
     *
     * @param json     the index's text
     * @param problems where the problems are added
     * @return the good entries, in order
     */
    static List<Entry> parseIndex(String json, List<String> problems) {
        JsonNode index;
        try {
            index = new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            problems.add(INDEX + ": not valid JSON: " + e.getOriginalMessage());
            return List.of();
        }
        List<Entry> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        if (index != null && index.isArray()) {
            readList(index, "", Group.LESSONS, out, seen, problems);
        } else if (index != null && index.isObject()) {
            for (Iterator<String> it = index.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!key.equals(Group.LESSONS.indexKey()) && !key.equals(Group.FIELD_CASES.indexKey())) {
                    problems.add(INDEX + ": " + key + ": unknown field; allowed: " + Group.LESSONS.indexKey()
                            + ", " + Group.FIELD_CASES.indexKey());
                }
            }
            for (Group g : Group.values()) {
                JsonNode list = index.get(g.indexKey());
                if (list == null) {
                    continue;
                }
                if (!list.isArray()) {
                    problems.add(INDEX + ": " + g.indexKey() + ": " + list + " is not a list of file names");
                    continue;
                }
                readList(list, g.indexKey(), g, out, seen, problems);
            }
        } else {
            problems.add(INDEX + ": must be a list of file names, or an object with the lists "
                    + Group.LESSONS.indexKey() + " and " + Group.FIELD_CASES.indexKey());
        }
        return List.copyOf(out);
    }

    private static void readList(JsonNode list, String path, Group group, List<Entry> out, Set<String> seen,
                                 List<String> problems) {
        for (int i = 0; i < list.size(); i++) {
            JsonNode n = list.get(i);
            String at = INDEX + ": " + path + "[" + i + "]: ";
            if (!n.isTextual()) {
                problems.add(at + n + " is not a file name");
            } else if (!n.asText().endsWith(".json") || n.asText().contains("/") || n.asText().contains("\\")
                    || n.asText().equals("index.json")) {
                problems.add(at + "\"" + n.asText() + "\" is not a scenario file name (a name ending in .json, "
                        + "in the same folder, not the index)");
            } else if (!seen.add(n.asText())) {
                problems.add(at + "\"" + n.asText() + "\" is listed twice");
            } else {
                out.add(new Entry(n.asText(), group));
            }
        }
    }

    /**
     * @param fileName a preset's file name, e.g. {@code lost-reply.json}
     * @return that preset
     * @throws UncheckedIOException if it is missing from the classpath
     * @throws IllegalStateException        if it is not a valid scenario file: one line per problem, each with
     *                                      the preset's path in front
     */
    public ScenarioFile load(String fileName) {
        try (InputStream in = open(FOLDER + fileName)) {
            return files.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(FOLDER + fileName + ": " + e.getMessage(), e);
        } catch (ScenarioFileException e) {
            throw new IllegalStateException(String.join("\n", e.lines().stream()
                    .map(line -> FOLDER + fileName + ": " + line).toList()), e);
        }
    }

    /** @return a resource of the lab's class path (a preset, a lesson, an index) @throws IOException if absent */
    static InputStream open(String resource) throws IOException {
        InputStream in = Presets.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("not found on the classpath");
        }
        return in;
    }
}
