package org.idempotencylab.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The built-in lessons: {@code assets/lessons/*.json} on the classpath (inside the jar too), in the order of
 * {@code assets/lessons/index.json}, a JSON list of file names in that folder. Each is read by {@link LessonFiles}
 * against the built-in presets, so a lesson naming a preset that is gone does not read.
 */
public final class Lessons {
    /** Where the lessons lie on the classpath. */
    public static final String FOLDER = "assets/lessons/";
    /** The index of the lesson file names, in menu order. */
    public static final String INDEX = FOLDER + "index.json";

    /** One lesson: its file name (e.g. {@code lost-reply.json}) and its content. */
    public record Entry(String fileName, Lesson lesson) {
    }

    /**
     * @param lessons  the lessons that read, in the index's order
     * @param problems one line for each bad index entry or file, naming it, the field and what is wrong
     */
    public record Catalog(List<Entry> lessons, List<String> problems) {
        public Catalog {
            lessons = List.copyOf(lessons);
            problems = List.copyOf(problems);
        }
    }

    private final LessonFiles files;

    /** @param files the reader every lesson goes through */
    public Lessons(LessonFiles files) {
        this.files = files;
    }

    /**
     * @param scenarios the scenario reader
     * @param steps     the steps' names in order (the engine's)
     * @return the lessons' reader over every built-in preset that reads
     */
    public static LessonFiles reader(ScenarioFiles scenarios, List<String> steps) {
        Map<String, ScenarioFile> presets = new LinkedHashMap<>();
        for (Presets.Preset p : new Presets(scenarios).read().presets()) {
            presets.put(p.fileName(), p.file());
        }
        return new LessonFiles(scenarios, presets, steps);
    }

    /**
     * Reads the index and every lesson it names, never throwing: a bad entry or file is left out and told in
     * {@link Catalog#problems()} ({@code assets/lessons/x.json: frames[1].until.event: ...}).
     */
    public Catalog read() {
        List<Entry> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String text;
        try (InputStream in = open(INDEX)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return new Catalog(List.of(), List.of(INDEX + ": " + e.getMessage()));
        }
        for (String name : parseIndex(text, problems)) {
            try (InputStream in = open(FOLDER + name)) {
                out.add(new Entry(name, files.read(in)));
            } catch (ScenarioFileException e) {
                e.lines().forEach(line -> problems.add(FOLDER + name + ": " + line));
            } catch (IOException e) {
                problems.add(FOLDER + name + ": " + e.getMessage());
            }
        }
        return new Catalog(out, problems);
    }

    /** @return the good file names of an index, in order; each bad one described in {@code problems} */
    static List<String> parseIndex(String json, List<String> problems) {
        JsonNode index;
        try {
            index = ScenarioFiles.parse(json);
        } catch (ScenarioFileException e) {
            e.lines().forEach(line -> problems.add(INDEX + ": " + line));
            return List.of();
        }
        if (!index.isArray()) {
            problems.add(INDEX + ": must be a list of lesson file names [\"a.json\", ...]");
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < index.size(); i++) {
            JsonNode n = index.get(i);
            String at = INDEX + ": [" + i + "]: ";
            if (!n.isTextual() || !n.textValue().endsWith(".json") || n.textValue().contains("/")
                    || n.textValue().contains("\\") || n.textValue().equals("index.json")) {
                problems.add(at + ScenarioJson.shown(n) + " is not a lesson file name (a name ending in .json, in "
                        + "the same folder, not the index)");
            } else if (!seen.add(n.textValue())) {
                problems.add(at + ScenarioJson.shown(n) + " is listed twice");
            } else {
                out.add(n.textValue());
            }
        }
        return out;
    }

    private static InputStream open(String resource) throws IOException {
        return Presets.open(resource);
    }
}
